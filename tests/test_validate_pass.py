"""``irverify validate-pass --iree-pipeline``: the reshape/bitcast-into-interface fold pass on
IREE's own lit inputs (peer suite), split-input-file handling, JSON lines and exit codes."""

import subprocess
import sys
from pathlib import Path

import pytest

from irverify.records import read_records
from irverify.validate import split_cases
from tests.paths import IREE_FOLD_RESHAPE as SUITE  # noqa: E402

PIPELINE = "builtin.module(func.func(iree-codegen-fold-reshape-into-interface-tensor))"
# Ops of the pass's patterns: none of them may be the reason for an `unsupported` verdict.
PATTERN_OPS = ("hal.interface", "iree_tensor_ext.dispatch", "tensor.collapse_shape", "tensor.expand_shape",
               "affine.apply", "arith.divsi")
EXIT = {"correct": 0, "incorrect": 1, "error": 2, "unsupported": 3, "unknown": 4}

def validate(path: Path, *extra: str):
    out = subprocess.run([sys.executable, "-m", "irverify", "validate-pass", "--iree-pipeline", PIPELINE,
                          "--split-input-file", "--json", *extra, str(path)], capture_output=True, text=True)
    cases, summary = read_records(out.stdout)
    return out.returncode, cases, summary


def assert_case_ok(case: dict):
    assert case["verdict"] in EXIT
    if case["verdict"] == "unsupported":
        assert not any(op in case["message"] for op in PATTERN_OPS), case["message"]
    for fn in case["functions"]:
        if fn["verdict"] == "incorrect":
            assert fn["confirmed"] is True, fn["execution"]
    if case["changed"] is False:
        assert case["verdict"] == "correct"  # an unchanged module is trivially correct


SAMPLE = ["fold_reshape__04_fold_collapse_into_stores_dynamic", "fold_reshape__06_fold_collapse_into_stores_dynamic_rank_reduced_inner",
          "fold_reshape__15_unsupported_offset_in_dynamic_dim"]


@pytest.mark.parametrize("name", SAMPLE)
def test_sample_case(name):
    code, cases, summary = validate(SUITE / f"{name}.before.mlir", "--no-confirm")
    assert len(cases) == 1 and summary["cases"] == 1
    assert cases[0]["verdict"] == "correct", cases[0]
    assert code == 0 and summary["verdict"] == "correct"


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(SUITE.glob("*.mlir")), ids=lambda p: p.name[:16])
def test_full_sweep(path):
    code, cases, summary = validate(path)
    assert len(cases) == 1
    assert_case_ok(cases[0])
    assert code == EXIT[summary["verdict"]] == EXIT[cases[0]["verdict"]]


def test_split_keeps_line_numbers(tmp_path):
    text = "func.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  return\n}\n"
    cases = split_cases(text, True)
    assert [c.line for c in cases] == [1, 5]
    assert cases[1].text.splitlines()[4] == "func.func @b() {"


def test_split_file_verdicts_and_invalid_case(tmp_path):
    f = tmp_path / "cases.mlir"
    f.write_text("func.func @a(%x: tensor<4xi32>) -> tensor<4xi32> {\n  return %x : tensor<4xi32>\n}\n"
                 "// -----\n"
                 "func.func @b(%x: tensor<4xi32>) -> tensor<4xi32> {\n  %y = arith.addi %x, %undefined : tensor<4xi32>\n"
                 "  return %y : tensor<4xi32>\n}\n")
    code, cases, summary = validate(f)
    assert [c["verdict"] for c in cases] == ["correct", "error"]
    assert cases[1]["case"]["line"] == 5 and ":6:" in cases[1]["message"]
    assert summary["verdict"] == "error" and code == 2


def test_bad_pipeline_is_an_error(tmp_path):
    f = tmp_path / "a.mlir"
    f.write_text("func.func @a() {\n  return\n}\n")
    out = subprocess.run([sys.executable, "-m", "irverify", "validate-pass", "--iree-pipeline", "builtin.module(no-such-pass)",
                          str(f)], capture_output=True, text=True)
    assert out.returncode == 2 and "pass pipeline" in out.stderr


def test_invalid_tvm_pass_expression_is_an_error(tmp_path):
    """A pass expression naming no relax.transform pass: exit 2 with a one-line message."""
    f = tmp_path / "m.py"
    f.write_text("")
    out = subprocess.run([sys.executable, "-m", "irverify", "validate-pass", "--tvm-pass", "relax.transform.X()",
                          "--json", str(f)], capture_output=True, text=True)
    assert out.returncode == 2
    [], summary = read_records(out.stdout)
    assert summary["verdict"] == "error" and "invalid TVM pass expression" in summary["message"]


MIN_MAX = "builtin.module(func.func(iree-codegen-replace-slow-min-max-ops))"


def test_report_quotes_the_changed_lines_and_emit_after_writes_the_output(tmp_path):
    f = tmp_path / "minmax.mlir"
    f.write_text("func.func @same(%x: tensor<4xi32>) -> tensor<4xi32> {\n  return %x : tensor<4xi32>\n}\n"
                 "// -----\n"
                 "func.func @g(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {\n"
                 "  %0 = arith.minimumf %x, %y : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n")
    after = tmp_path / "after.mlir"
    run = [sys.executable, "-m", "irverify", "validate-pass", "--iree-pipeline", MIN_MAX, "--split-input-file",
           "--no-confirm", "--emit-after", str(after), str(f)]
    out = subprocess.run(run, capture_output=True, text=True)
    assert out.returncode == 1, out.stderr
    quoted = out.stdout.split("the pass changed:\n", 1)[1].splitlines()
    assert quoted[0].strip().startswith("@@")
    assert any(ln.strip().startswith("-") and "arith.minimumf" in ln for ln in quoted[:4])
    assert any(ln.strip().startswith("+") and "arith.minnumf" in ln for ln in quoted[:4])
    chunks = after.read_text().split("\n// -----\n")
    assert len(chunks) == 2 and "@same" in chunks[0] and "arith.minnumf" in chunks[1]
    assert "minimumf" not in after.read_text()
    lines, _ = read_records(subprocess.run(run[:-3] + ["--json", str(f)], capture_output=True, text=True).stdout)
    assert "diff" not in lines[0] and lines[0]["verdict"] == "correct"
    assert lines[1]["verdict"] == "incorrect" and "+    %0 = arith.minnumf %arg0, %arg1 : tensor<4xf32>" in lines[1]["diff"]


def test_changed_lines_are_cut_with_a_note():
    from irverify.validate import changed_lines

    before = "\n".join(f"op {i}" for i in range(100))
    after = "\n".join(f"op {i}'" for i in range(100))
    diff = changed_lines(before, after, limit=10)
    assert len(diff) == 11 and diff[-1].startswith("... 191 more lines")


UNMODELLED = """func.func @f(%a: f32) -> f32 {
  %v = vector.broadcast %a : f32 to vector<4xf32>
  %m = vector.reduction <add>, %v : vector<4xf32> into f32
  %dead = arith.addf %a, %a : f32
  return %m : f32
}
"""


def test_unchanged_module_is_correct_without_encoding(tmp_path):
    """A module the pass leaves unchanged is `correct` (model `identical`) even with an op
    irverify does not model (``vector.reduction``); once a pass changes it, the op makes it
    `unsupported`."""
    src = tmp_path / "u.mlir"
    src.write_text(UNMODELLED)

    def run(pipeline):
        out = subprocess.run([sys.executable, "-m", "irverify", "validate-pass", "--iree-pipeline", pipeline,
                              "--json", "--no-confirm", str(src)], capture_output=True, text=True)
        return read_records(out.stdout)[0][0]

    case = run("builtin.module(symbol-dce)")
    assert case["changed"] is False and case["verdict"] == "correct", case
    assert [f["model"] for f in case["functions"]] == ["identical"]
    case = run("builtin.module(canonicalize)")  # drops the dead addf
    assert case["changed"] is True and case["verdict"] == "unsupported", case
    assert "vector.reduction" in case["message"]
