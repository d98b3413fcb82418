"""The mlir-tv peer-suite runner (``tools/run_mlir_tv.py``): manifest selection, the
classification of verdicts against the suite's expectations, a deterministic sample run (no
``correct`` verdict on a pair the suite calls not-equivalent) and, marked slow, the full run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from irverify.verify.check import Options
from tools import run_mlir_tv as runner

SUITE = Path(runner.DEFAULT_SUITE)

SAMPLE_SIZE = 30


@pytest.fixture(scope="module")
def selected():
    cases = runner.read_manifest(SUITE)
    chosen, skipped = runner.select(cases)
    return cases, chosen, skipped


def case(expected: str, ops=("arith.addi",), args="", semantic=False, identity=False) -> runner.Case:
    return runner.Case("x/y/z", "/a.src.mlir", "/a.tgt.mlir", expected, ("arith", "func"), tuple(ops),
                       args=args, semantic_args=semantic, identity=identity)


def record(verdict: str, message: str = "", **fn) -> dict:
    f = {"name": "f", "verdict": verdict, "counterexample": None, "confirmed": None, "notes": [],
         "source_ub": None, "message": ""}
    f.update(fn)
    return {"pair": "x/y/z", "verdict": verdict, "message": message, "functions": [f], "time_s": 0.0}


# ----------------------------------------------------------------------------- manifest


def test_selection_partitions_the_manifest(selected):
    cases, chosen, skipped = selected
    assert len(cases) == len(chosen) + len(skipped)
    assert chosen and skipped
    for c in chosen:
        assert not set(c.dialects) & set(runner.EXCLUDED_DIALECTS), c.name
    for c in skipped:
        assert set(c.dialects) & set(runner.EXCLUDED_DIALECTS), c.name
    for c in chosen:
        assert Path(c.src).is_file() and Path(c.tgt).is_file(), c.name
    assert {c.expected for c in cases} <= {"equivalent", "not-equivalent", "src-ub/other", "unsupported/unknown"}


def test_sample_is_deterministic_and_mixed(selected):
    _, chosen, _ = selected
    a, b = runner.sample(chosen, SAMPLE_SIZE), runner.sample(list(reversed(chosen)), SAMPLE_SIZE)
    assert [c.name for c in a] == [c.name for c in b]
    assert len(a) == SAMPLE_SIZE
    assert sum(c.expected == "not-equivalent" for c in a) == SAMPLE_SIZE // 2
    assert not any(c.name.startswith("long-opts/") for c in a)


def test_identity_cases_honour_skip_idcheck(selected):
    _, chosen, _ = selected
    ids = runner.identity_cases(chosen)
    skipping = {c.name for c in chosen if c.skip_idcheck}
    assert len(ids) == 2 * (len(chosen) - len(skipping))
    assert all(c.identity and c.src == c.tgt and c.expected == "equivalent" for c in ids)


# ----------------------------------------------------------------------------- classification


def test_correct_on_not_equivalent_is_a_soundness_failure():
    out = runner.classify(case("not-equivalent"), record("correct"))
    assert out.status == runner.DISAGREE and out.soundness


DOT_INTO_EMPTY = """\
func.func @f(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<i32> {
  %i = tensor.empty () : tensor<i32>
  %r = linalg.dot ins(%a, %b : tensor<?xi32>, tensor<?xi32>) outs(%i : tensor<i32>) -> tensor<i32>
  return %r : tensor<i32>
}
"""

DOT_INTO_FILLED = DOT_INTO_EMPTY.replace(
    "  %r = linalg.dot ins(%a, %b : tensor<?xi32>, tensor<?xi32>) outs(%i",
    "  %z = arith.constant 0 : i32\n"
    "  %f = linalg.fill ins(%z : i32) outs(%i : tensor<i32>) -> tensor<i32>\n"
    "  %r = linalg.dot ins(%a, %b : tensor<?xi32>, tensor<?xi32>) outs(%f")


def test_correct_on_not_equivalent_via_tensor_empty_is_by_design(tmp_path):
    ub = {"conditions": ["a.src.mlir:3:8: linalg.dot: operands disagree on the extent of loop dim 0"],
          "input": {}}
    ops = ("linalg.dot", "tensor.empty", "linalg.fill", "arith.constant")
    for text, by_design in ((DOT_INTO_EMPTY, True), (DOT_INTO_FILLED, False)):
        src = tmp_path / "a.src.mlir"
        src.write_text(text)
        c = runner.Case("x/y/z", str(src), str(src), "not-equivalent", ("linalg", "tensor"), ops)
        out = runner.classify(c, record("correct", source_ub=ub))
        assert out.soundness is not by_design, out
        if by_design:
            assert out.category == runner.CAT_BY_DESIGN and "reads tensor.empty" in out.reason
            assert "a.src.mlir:2:" in out.reason  # the tensor.empty whose contents are read


def test_agreements_and_other_statuses():
    assert runner.classify(case("equivalent"), record("correct")).status == runner.AGREE
    assert runner.classify(case("src-ub/other"), record("correct")).status == runner.AGREE
    cex = {"check": "value mismatch", "output": "result #0", "index": [], "source_value": 1,
           "target_value": 2, "ub_reasons": []}
    assert runner.classify(case("not-equivalent"), record("incorrect", counterexample=cex)).status == runner.AGREE
    out = runner.classify(case("equivalent"), record("unsupported", "f.mlir:3:8: unsupported: op 'tensor.pad'"))
    assert (out.status, out.reason) == (runner.UNSUPPORTED, "unsupported: op 'tensor.pad'")
    out = runner.classify(case("unsupported/unknown"), record("correct"))
    assert out.status == runner.NO_EXPECTATION
    out = runner.classify(case("equivalent", identity=True), record("incorrect", counterexample=cex))
    assert out.category == runner.CAT_IDENTITY


def test_float_reasons():
    hint = "counterexample only under the abstract float model; retry with --fp=real or --fp=ieee"
    out = runner.classify(case("equivalent"), record("unknown", message=hint))
    assert out.category == runner.CAT_ABSTRACT_FLOAT and out.reason.startswith("abstract float model")
    c = case("equivalent", ops=("arith.addf",), args="--associative", semantic=True)
    out = runner.classify(c, record("unknown", message=hint))
    assert out.category == runner.CAT_BY_DESIGN and "--associative" in out.reason
    escalated = record("correct", model="ieee")
    assert runner.model_of(escalated, "abstract") == "ieee"
    assert runner.model_of(record("correct", model="abstract"), "abstract") == "abstract"


# ----------------------------------------------------------------------------- running


def test_sample_has_no_soundness_failures(selected):
    _, chosen, _ = selected
    cases = runner.sample(chosen, SAMPLE_SIZE)
    opts = Options(timeout_s=5.0, confirm=False)
    summary = runner.run(SUITE, opts, jobs=2, cases=cases)
    assert [r.case.name for r in summary.results] == [c.name for c in cases]
    failures = [(r.case.name, r.outcome.reason) for r in summary.soundness_failures]
    assert failures == []
    # The check above must have had something to check: not-equivalent pairs with a decisive verdict.
    decided = [r for r in summary.results
               if r.case.expected == "not-equivalent" and r.record["verdict"] in ("correct", "incorrect")]
    assert len(decided) >= 3
    for r in summary.results:  # every disagreement carries a reason
        if r.outcome.status in (runner.DISAGREE, runner.UNSUPPORTED):
            assert r.outcome.reason, r.case.name


def test_identity_checks_on_a_sample(selected):
    _, chosen, _ = selected
    cases = [c for c in runner.sample(chosen, SAMPLE_SIZE) if c.parses and not c.skip_idcheck][:8]
    summary = runner.run_cases(runner.identity_cases(cases), Options(timeout_s=5.0, confirm=False), jobs=2)
    assert len(summary) == 2 * len(cases)
    for r in summary:
        assert r.record["verdict"] in ("correct", "unsupported"), (r.case.name, r.record["message"])
    assert any(r.record["verdict"] == "correct" for r in summary)


def test_main_json_output(capsys):
    code = runner.main([str(SUITE), "--filter", "litmus/fp-ops/comm_", "--no-confirm", "--json", "-j", "1",
                        "--timeout", "5"])
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    pairs, summary = lines[:-1], lines[-1]["summary"]
    assert pairs and all(p["name"].startswith("litmus/fp-ops/comm_") for p in pairs)
    for p in pairs:
        assert {"name", "expected", "verdict", "status", "reason", "soundness_failure", "time_s"} <= set(p)
    assert summary["checked"] == len(pairs) and summary["skipped"] == 0
    assert code == (1 if summary["soundness_failures"] else 0)


@pytest.mark.slow
def test_full_suite():
    opts = Options(timeout_s=10.0, confirm=True)
    summary = runner.run(SUITE, opts, jobs=2)
    failures = [(r.case.name, r.outcome.reason) for r in summary.soundness_failures]
    assert failures == []
    assert len(summary.supported) >= 100
    assert summary.agreement >= 85.0, runner.summary_json(summary, "")


def test_expectation_overrides_are_read_and_reported(selected):
    by_name = {c.name: c for c in selected[0]}
    for name, (expected, why) in runner.EXPECTATION_OVERRIDES.items():
        c = by_name[name]
        assert c.expected == expected and c.override == why and c.suite_expected != expected
    c = by_name["litmus/linalg-loops/sum-assoc"]
    cex = {"check": "value mismatch", "source_value": "1.0", "target_value": "2.0"}
    rec = record("incorrect", counterexample=cex, confirmed=True)
    out = runner.classify(c, rec)
    assert out.status == runner.AGREE and "expectation overridden" in out.reason
    assert runner.suite_label_outcome(c, rec).status == runner.DISAGREE


def test_invalid_ir_has_no_expectation():
    c = runner.Case("x/y/z", "/a.src.mlir", "/a.tgt.mlir", "src-ub/other", parses=False)
    out = runner.classify(c, record("error", "a.mlir:5:8: slice along dimension 0 runs out-of-bounds"))
    assert out.status == runner.NO_EXPECTATION and "parse_modernized" in out.reason
