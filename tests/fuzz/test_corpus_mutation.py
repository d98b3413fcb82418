"""Mutation fuzzing of the lit corpora (``tools/mutate_corpus.py``, ``irverify.fuzz.corpus_*``).

The mutation operators make the structured edit they name and nothing else; the verifier's
refusals are reported, not printed as mutants; a short run over a few corpus cases finds no
unsound verdict; with irverify's verdict forced to ``correct`` the executed mutants show up as
unsound and are written as reproducers. The full run over every corpus is ``slow`` and takes
hours (``IRVERIFY_FUZZ_LONG=1``).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest

from irverify.fuzz import corpus_mlir as cm
from irverify.fuzz import corpus_mutate as cmu

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

GENERIC = """
func.func @f(%a: tensor<4x8xf32>, %b: tensor<?x?xf32>, %i: index) -> (tensor<4x8xf32>, tensor<2x3xf32>, tensor<?x?xf32>) {
  %c = arith.constant 1.5 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.subf %x, %c : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %s = tensor.extract_slice %r[0, 1] [2, 3] [1, 1] : tensor<4x8xf32> to tensor<2x3xf32>
  %t = linalg.transpose ins(%b : tensor<?x?xf32>) outs(%b : tensor<?x?xf32>) permutation = [1, 0]
  %j = affine.apply affine_map<(d0)[s0] -> (d0 + s0 * 2)>(%i)[%i]
  %u = tensor.cast %b : tensor<?x?xf32> to tensor<4x8xf32>
  return %r, %s, %t : tensor<4x8xf32>, tensor<2x3xf32>, tensor<?x?xf32>
}
"""


def _mutants(text: str, arm=cm) -> dict[str, list[str]]:
    """The accepted mutants of ``text`` by operator (``arm``: ``corpus_mlir`` or ``corpus_relax``)."""
    out: dict[str, list[str]] = {}
    for site in arm.sites(text):
        try:
            m = arm.apply(text, site)
        except arm.Rejected:
            continue
        if m is not None:
            out.setdefault(site.operator, []).append(m)
    return out


def test_every_operator_makes_its_edit():
    muts = _mutants(GENERIC)
    assert set(muts) == set(cm.OPERATORS)
    assert any("arith.constant 2.500000e+00 : f32" in m for m in muts["constant"])
    assert any("arith.subf %cst, %in" in m for m in muts["operand order"])
    assert any("#linalg.iterator_type<reduction>" in m or '"reduction"' in m for m in muts["attribute"])
    assert any("tensor.extract_slice %1[1, 1] [2, 3] [1, 1]" in m for m in muts["extent"])
    assert any("permutation = [0, 1]" in m for m in muts["index map"])
    assert any("tensor<?x?xf32> to tensor<8x4xf32>" in m for m in muts["type"])
    assert any("(d0 + s0 * 3)" in m or "(s0 + s0 * 2)" in m or "(d0 * 2 + s0)" in m for m in muts["index map"])


def test_a_mutant_differs_from_the_target_in_one_place():
    base = cm.parse(GENERIC).operation.get_asm(use_local_scope=True).splitlines()
    for op, texts in _mutants(GENERIC).items():
        for m in texts:
            lines = m.splitlines()
            changed = [a for a, b in zip(base, lines) if a != b]
            assert len(lines) == len(base) and 1 <= len(changed) <= 2, (op, changed)


def test_the_verifier_rejects_ill_typed_mutants():
    rejected = Counter()
    for site in cm.sites(GENERIC):
        try:
            cm.apply(GENERIC, site)
        except cm.Rejected as e:
            rejected[site.operator] += 1
            assert str(e)
    assert rejected["type"] > 0 and rejected["extent"] > 0


def test_scope_limits_the_sites_to_the_target():
    text = (ROOT + "/testdata/litmus/arith/addi-tensor-dynamic.srctgt.mlir")
    with open(text, encoding="utf-8") as f:
        body = f.read()
    ops = cm.scoped_ops(cm.parse(body), ("tgt",))
    assert [o.name for o in ops] == ["arith.addi", "func.return"]
    muts = [cm.apply(body, s, ("tgt",)) for s in cm.sites(body, ("tgt",)) if s.operator == "operand order"]
    assert muts and all("arith.addi %arg0, %arg1" in m for m in muts if m)


def test_sites_are_taken_operator_by_operator():
    sites = cm.sites(GENERIC)
    order = cmu.pick_sites(sites, random.Random(0))
    first = [s.operator for s in order[:6]]
    assert sorted(first) == sorted(cm.OPERATORS)
    assert order == cmu.pick_sites(sites, random.Random(0))


def _litmus_cases(names):
    from irverify.fuzz.corpora import cases

    return [c for c in cases("litmus", ROOT) if any(c.label.endswith(n) for n in names)]


@pytest.mark.iree
def test_a_short_run_finds_no_unsound_verdict(tmp_path):
    cases = _litmus_cases(["arith/addi-tensor-dynamic.srctgt.mlir", "tensor/extract-of-extract.srctgt.mlir",
                           "linalg/generic-transposed-map.srctgt.mlir"])
    assert cases
    recs = cmu.run_corpus(cases, mutants=3, seed=1, findings=str(tmp_path), case_timeout=300)
    s = cmu.summarize(recs)["litmus"]
    assert s.correct >= 1 and s.mutants >= 3
    assert s.executed >= 1
    assert s.unsound == 0, [r for r in recs if r.get("finding") == "unsound"]
    assert "| litmus |" in cmu.table(cmu.summarize(recs))


@pytest.mark.iree
def test_the_oracle_reports_a_wrong_correct_verdict(tmp_path, monkeypatch):
    """With every mutant's verdict forced to ``correct``, a mutant that changes the result is
    reported unsound, with the before, the mutant, the inputs and a note written."""
    monkeypatch.setattr(cmu, "check_texts", lambda *a, **k: {"verdict": "correct", "functions": []})
    path = tmp_path / "add.srctgt.mlir"
    path.write_text("func.func @src(%x: tensor<4xi32>) -> tensor<4xi32> {\n"
                    "  %c = arith.constant dense<1> : tensor<4xi32>\n"
                    "  %0 = arith.addi %x, %c : tensor<4xi32>\n  return %0 : tensor<4xi32>\n}\n"
                    "func.func @tgt(%x: tensor<4xi32>) -> tensor<4xi32> {\n"
                    "  %c = arith.constant dense<1> : tensor<4xi32>\n"
                    "  %0 = arith.addi %c, %x : tensor<4xi32>\n  return %0 : tensor<4xi32>\n}\n")
    case = cmu.CorpusCase("test", "add", ".mlir", lambda: (path.read_text(), None))
    records = []
    cmu.run_case(case, 4, 1, records.append, str(tmp_path / "findings"))
    unsound = [r for r in records if r.get("finding") == "unsound"]
    assert unsound, records
    r = unsound[0]
    assert r["operator"] == "constant" and "output #0" in r["witness"]
    names = sorted(os.path.basename(p) for p in r["files"])
    assert any(n.endswith(".srctgt.mlir") for n in names) and any(n.endswith(".inputs.npz") for n in names)
    note = json.loads((tmp_path / "findings" / next(n for n in names if n.endswith(".txt"))).read_text())
    assert note["finding"] == "unsound"


def test_check_texts_returns_the_case_record_with_its_function_reports():
    # (the oracles read per-function reports: the source's UB conditions of a dispatch-level
    # function, confirmation, the counterexample's kind; the summary record has none of them)
    text = """func.func @f(%x: tensor<?xi32>, %i: index) -> i32 {
  %e = tensor.extract %x[%i] : tensor<?xi32>
  return %e : i32
}
"""
    rep = cmu.check_texts(text, text, ".mlir", whole=True)
    assert rep.get("record") == "case" and rep["verdict"] == "correct"
    (fn,) = rep["functions"]
    assert fn["name"] == "f" and fn["source_ub"]["conditions"]


def test_a_difference_counts_only_where_the_source_runs_agree():
    import numpy as np

    from irverify.fuzz.corpus_exec import difference

    a, b = [np.array([1, 2, 3])], [np.array([1, 9, 3])]
    assert "output #0[1]" in difference([a, a], b)
    assert difference([a, [np.array([1, 7, 3])]], b) == ""  # the source itself is unstable there
    assert difference([a, a], b, undefined=[np.array([False, True, False])]) == ""
    from irverify.execute.iree import ExecutionError

    assert difference([RuntimeError("trap"), a], b) == ""
    assert "fails to run" in difference([a, a], ExecutionError("crash", "SIGSEGV"))
    assert difference([a, a], ExecutionError("compile", "cannot lower")) == ""  # not a semantic difference
    assert difference([a, a], RuntimeError("the fuzzer could not wrap it")) == ""


@pytest.mark.tvm
def test_relax_operators_make_their_edits():
    pytest.importorskip("tvm")
    from irverify.fuzz import corpus_relax as cr

    text = '''from tvm.script import ir as I
from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((4, 8), "float32"), y: R.Tensor((4, 8), "float32")) -> R.Tensor((8, 4), "float32"):
        with R.dataflow():
            a = R.add(x, R.const(1.5, "float32"))
            b = R.subtract(a, y)
            d = R.permute_dims(b, axes=[1, 0])
            R.output(d)
        return d
'''
    got = _mutants(text, cr)
    assert any('R.const(2.5, "float32")' in m for m in got["constant"])
    assert any("R.subtract(y, a)" in m for m in got["operand order"])
    assert "index map" not in got  # axes=[0, 1] changes the declared result type: rejected
    assert any('R.const(1.5, "float16")' in m for m in got.get("type", [])) or "type" not in got


LONG = pytest.mark.skipif(not os.environ.get("IRVERIFY_FUZZ_LONG"),
                          reason="mutation fuzzing of every corpus takes hours: set IRVERIFY_FUZZ_LONG=1")


@pytest.mark.slow
@LONG
def test_every_corpus_has_no_unsound_mutant(tmp_path):
    from irverify.fuzz import corpora

    records = []
    for name in corpora.CORPORA:
        records += cmu.run_corpus(corpora.cases(name, ROOT), mutants=cmu.DEFAULT_MUTANTS, seed=1,
                                  findings=str(tmp_path))
    unsound = [r for r in records if r.get("finding") == "unsound"]
    assert unsound == []
