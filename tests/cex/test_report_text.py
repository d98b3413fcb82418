"""The text report's rules: an ``unknown`` never prints a candidate under ``ERROR`` and suggests
another float model only for float approximations; one ``confirmed:`` line; the differing
element is the first one; values both sides compute alike are left out without --verbose."""

from __future__ import annotations

import numpy as np

from irverify.cex.report import confirmation_line, parting_values, render_function
from irverify.verify.check import Options
from irverify.verify.settle import settle
from irverify.verify.verdict import Confirmation, Counterexample, FunctionReport, Verdict


def _report(verdict=Verdict.INCORRECT) -> FunctionReport:
    cex = Counterexample("value mismatch", scalars={"%x": 1}, output="result #0", source_value=2, target_value=3)
    return FunctionReport("f", verdict, cex)


def test_unknown_through_an_integer_approximation_names_it_and_suggests_no_float_model():
    r = settle(_report(), ["integer reduction as an uninterpreted fold"], Options())
    assert r.verdict is Verdict.UNKNOWN
    assert "integer reduction as an uninterpreted fold" in r.message and "--fp" not in r.message
    lines = render_function(r)
    assert lines[:2] == ["@f: unknown", f"  {r.message}"]
    assert not any(line.startswith("ERROR") for line in lines)
    assert "Candidate counterexample (value mismatch), not a confirmed one:" in lines


def test_unknown_through_float_approximations_suggests_the_float_models():
    r = settle(_report(), ["abstract float arithmetic"], Options())
    assert r.verdict is Verdict.UNKNOWN and "--fp=real or --fp=ieee" in r.message


def test_one_confirmation_line_when_the_reference_evaluation_confirms():
    r = _report()
    r.confirmation = Confirmation(None, "IREE llvm-cpu", "not run: the target is undefined")
    r.notes.append("confirmed by irverify's concrete evaluation of the op definitions (no compiler involved): "
                   "the target is undefined on these inputs")
    text = "\n".join(render_function(r))
    assert sum(line.startswith("confirmed") for line in text.splitlines()) == 1
    assert confirmation_line(r) == (
        "confirmed: true (irverify's concrete evaluation of the op definitions (no compiler involved)) the "
        "target is undefined on these inputs; IREE llvm-cpu: not run (the target is undefined)")
    assert "note: confirmed by" not in text and "confirmed: not run" not in text


def test_parting_values_leave_out_what_both_sides_compute_alike():
    same = {"name": "%a", "type": "i32", "value": 1, "poison": None}
    src = {"name": "%b", "type": "i32", "value": 2, "poison": None}
    tgt = {"name": "%b", "type": "i32", "value": 3, "poison": None}
    shown = parting_values({"source": [same, src], "target": [same, tgt]})
    assert shown == {"source": [src], "target": [tgt]}
    many = [{"name": f"%{k}", "type": "i32", "value": k, "poison": None} for k in range(12)]
    shown = parting_values({"source": many, "target": []})["source"]
    assert shown[0] is None and shown[1:] == many[-8:]


def test_the_differing_element_is_the_first(tmp_path):
    """The solver may name any differing element; the report names the first one."""
    from irverify.cex.concrete import first_differing_element
    from irverify.frontends.mlir import parse

    text = """
func.func @src(%x: tensor<6xi32>) -> tensor<6xi32> {
  return %x : tensor<6xi32>
}
func.func @tgt(%x: tensor<6xi32>) -> tensor<6xi32> {
  %0 = arith.muli %x, %x : tensor<6xi32>
  return %0 : tensor<6xi32>
}
"""
    mod = parse(text, "first.mlir")
    x = np.array([1, 0, 5, 1, 7, 2], dtype=np.int32)  # x*x differs from x at [2], [4], [5]
    cex = Counterexample("value mismatch", tensors={"%x": x}, output="result #0", index=[4],
                         source_value=7, target_value=49, arg_order=["%x"])
    assert first_differing_element(mod, mod.functions["src"], mod, mod.functions["tgt"], cex)
    assert (cex.index, cex.source_value, cex.target_value) == ([2], 5, 25)
