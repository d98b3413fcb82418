"""Every subcommand's ``--json`` output is JSON Lines of one schema (``docs/irverify.schema.json``,
documented in ``docs/json.md``): case records, then one summary record."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from irverify import cli
from irverify.records import (
    ARRAY_CAP,
    COMMANDS,
    KINDS,
    ORACLES,
    SCHEMA,
    VERDICTS,
    cap_arrays,
    read_records,
)

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parents[1]
SCHEMA_FILE = ROOT / "docs" / "irverify.schema.json"
CLI_INPUTS = ROOT / "testdata" / "cli" / "Inputs"
SAMPLE = ROOT / "testdata" / "validate-lit" / "sample.mlir"

RUNS = {
    "check correct": ["check", str(CLI_INPUTS / "correct.mlir"), "--no-confirm"],
    "check incorrect": ["check", str(CLI_INPUTS / "incorrect.mlir"), "--no-confirm"],
    "check unsupported": ["check", str(CLI_INPUTS / "unsupported-op.mlir"), "--no-confirm"],
    "check split": ["check", str(CLI_INPUTS / "split.mlir"), "--no-confirm"],
    "check signature": ["check", str(CLI_INPUTS / "signature.mlir"), "--no-confirm"],
    "check float-abstract": ["check", str(CLI_INPUTS / "float-abstract.mlir"), "--no-confirm"],
    "check unreadable": ["check", str(CLI_INPUTS / "no-such-file.mlir")],
    "check usage error": ["check", "-", "-"],
    "check-suite": ["check-suite", str(CLI_INPUTS / "suite"), "--no-confirm"],
    "validate-pass": ["validate-pass", "--iree-pipeline", "builtin.module(canonicalize)", "--split-input-file",
                      str(SAMPLE), "--no-confirm"],
    "validate-lit": ["validate-lit", str(SAMPLE), "--no-confirm"],
    "validate-lit nothing checked": ["validate-lit", str(SAMPLE.parent / "not-replayed.mlir")],
    "validate-pipeline": ["validate-pipeline", str(ROOT / "examples" / "mlp.mlir"), "--no-confirm"],
    "patterns": ["patterns", "FoldUnPaddingCollapseIntoExtract", "--no-confirm"],
}


@pytest.fixture(scope="module")
def validator():
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def errors_of(validator, record: dict) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(record)]


@pytest.mark.iree
@pytest.mark.parametrize("name", list(RUNS))
def test_every_subcommand_output_matches_the_schema(name, validator, capsys):
    argv = RUNS[name]
    code = cli.main(argv + ["--json"])
    out = capsys.readouterr().out
    lines = out.splitlines()
    objs = [json.loads(line) for line in lines]  # every line is one JSON object
    assert objs and all(o["schema"] == SCHEMA and o["command"] == argv[0] for o in objs), out
    if argv[0] == "check" and "split" not in name and "usage" not in name:
        assert len(lines) == 1 and objs[0]["record"] == "case" and objs[0]["exit_code"] == code, out
        assert json.loads(out) == objs[0]  # the whole output is one JSON document
    else:
        assert [o["record"] for o in objs] == ["case"] * (len(objs) - 1) + ["summary"]
    for o in objs:
        assert errors_of(validator, o) == [], o
    cases, summary = read_records(out)
    assert summary["exit_code"] == code and summary["cases"] == len(cases)
    assert summary["verdicts"] == {v: sum(c["verdict"] == v for c in cases) for v in VERDICTS}


@pytest.mark.tvm
def test_tvm_validate_pass_output_matches_the_schema(validator, capsys):
    pytest.importorskip("tvm")
    path = ROOT / "testdata" / "relax" / "reorder" / "simple_static_clip.py"
    code = cli.main(["validate-pass", "--tvm-pass", "relax.transform.ReorderTakeAfterMatmul()", str(path),
                     "--no-confirm", "--json"])
    out = capsys.readouterr().out
    objs = [json.loads(line) for line in out.splitlines()]
    assert [errors_of(validator, o) for o in objs] == [[], []] and code == objs[-1]["exit_code"] == 0
    assert objs[0]["input"]["pass"] == "relax.transform.ReorderTakeAfterMatmul()"


def test_schema_enums_are_the_code_s(validator):
    defs = validator.schema["$defs"]
    assert defs["verdict"]["enum"] == list(VERDICTS)
    assert defs["command"]["enum"] == list(COMMANDS)
    assert defs["oracle"]["enum"] == list(ORACLES) + [None]
    assert set(defs["kind"]["enum"]) == {k for ks in KINDS.values() for k in ks} | {None}
    rules = {r["if"]["properties"]["verdict"].get("const"): r["then"]["properties"]["kind"]
             for r in defs["case"]["allOf"] if "kind" in r["then"]["properties"]}
    assert rules == {"correct": {"const": None}, **{v: {"enum": list(ks)} for v, ks in KINDS.items()}}


def test_schema_rejects_what_it_must(validator):
    """The schema has teeth: a kind that does not go with the verdict, an unknown key, a missing
    input key are each an error."""
    out = read_records_of(["check", str(CLI_INPUTS / "correct.mlir"), "--no-confirm"])
    case = out[0][0]
    assert errors_of(validator, case) == []
    assert errors_of(validator, {**case, "kind": "value-mismatch"})
    assert errors_of(validator, {**case, "pair": "x"})
    assert errors_of(validator, {**case, "input": {k: v for k, v in case["input"].items() if k != "run"}})


def read_records_of(argv: list[str]):
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        cli.main(argv + ["--json"])
    return read_records(buf.getvalue())


def test_cap_arrays():
    small = [[1, 2], [3, 4]]
    assert cap_arrays(small) == small
    big = np.arange(64 * 40).reshape(64, 40).tolist()
    capped = cap_arrays({"x": big, "keep": "text"})
    assert capped["keep"] == "text"
    assert capped["x"] == {"capped": True, "shape": [64, 40], "size": 2560, "head": list(range(64))}
    ragged = cap_arrays([[0] * 600, [0] * 500])
    assert ragged["shape"] is None and ragged["size"] == 1100
    assert cap_arrays(list(range(ARRAY_CAP))) == list(range(ARRAY_CAP))


BIG = """func.func @src(%x: tensor<100x40xi32>) -> tensor<100x40xi32> {
  return %x : tensor<100x40xi32>
}
func.func @tgt(%x: tensor<100x40xi32>) -> tensor<100x40xi32> {
  %0 = arith.addi %x, %x : tensor<100x40xi32>
  return %0 : tensor<100x40xi32>
}
"""


def test_large_counterexample_is_capped_and_saved_in_full(tmp_path, validator, capsys):
    path = tmp_path / "big.srctgt.mlir"
    path.write_text(BIG, encoding="utf-8")
    npz = tmp_path / "big.npz"
    assert cli.main(["check", str(path), "--no-confirm", "--json", "--save-inputs", str(npz)]) == 1
    out = capsys.readouterr().out
    assert len(out) < 20_000
    [case], _ = read_records(out)
    assert errors_of(validator, case) == []
    x = case["functions"][0]["counterexample"]["tensors"]["%x"]
    assert x["capped"] is True and x["shape"] == [100, 40] and x["size"] == 4000 and len(x["head"]) == 64
    assert case["saved_inputs"] == str(npz)
    saved = np.load(npz)["%x"]
    assert saved.shape == (100, 40) and saved.ravel()[:64].tolist() == x["head"]


MEMREF_COPY = """func.func @{name}(%a: memref<4xf32>, %b: memref<4xf32>) {{
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<4xf32>
  memref.store %v, %b[%c0] : memref<4xf32>
  return
}}
"""


def test_assumptions_name_the_readings_a_verdict_rests_on(tmp_path, capsys):
    """A proof over memref arguments rests on reading them as whole, non-aliasing buffers: the
    case and its function list that reading under ``assumptions``; a proof over tensors none; a
    proof that holds only under the default reading of a contested point names that reading."""
    from irverify.semantics.memref import ARGUMENT_NOTE

    path = tmp_path / "copy.srctgt.mlir"
    path.write_text(MEMREF_COPY.format(name="src") + MEMREF_COPY.format(name="tgt"), encoding="utf-8")
    assert cli.main(["check", str(path), "--no-confirm", "--json"]) == 0
    [case], _ = read_records(capsys.readouterr().out)
    assert case["verdict"] == "correct" and case["assumptions"] == [ARGUMENT_NOTE]
    assert case["functions"][0]["assumptions"] == case["assumptions"]
    assert cli.main(["check", str(CLI_INPUTS / "correct.mlir"), "--no-confirm", "--json"]) == 0
    assert read_records(capsys.readouterr().out)[0][0]["assumptions"] == []
    contested = ROOT / "testdata" / "litmus" / "affine" / "addi-to-affine-apply-contested.srctgt.mlir"
    assert cli.main(["check", str(contested), "--no-confirm", "--json"]) == 0  # a named reading, by its flag
    assert read_records(capsys.readouterr().out)[0][0]["assumptions"] == ["affine-overflow=wrap"]
