"""The reference oracle (``irverify.cex.concrete.exact_witness``): an exact counterexample that
execution cannot show (a poison target value, target UB), or that execution did not decide, is
confirmed by evaluating both functions at its inputs with the op definitions, and the report
names that oracle."""

from __future__ import annotations

from irverify import cli
from irverify.cex.concrete import REFERENCE
from irverify.records import read_records

NSW = """
func.func @src(%x: i32, %y: i32) -> i32 {
  %0 = arith.addi %x, %y : i32
  return %0 : i32
}
func.func @tgt(%x: i32, %y: i32) -> i32 {
  %0 = arith.addi %x, %y overflow<nsw> : i32
  return %0 : i32
}
"""

DIV = """
func.func @src(%x: i32, %y: i32) -> i32 {
  return %x : i32
}
func.func @tgt(%x: i32, %y: i32) -> i32 {
  %0 = arith.divui %x, %y : i32
  %1 = arith.muli %0, %y : i32
  %2 = arith.subi %x, %1 : i32
  %3 = arith.addi %1, %2 : i32
  return %3 : i32
}
"""

SAME = """
func.func @src(%x: i32) -> i32 {
  %c = arith.constant 1 : i32
  %0 = arith.addi %x, %c : i32
  return %0 : i32
}
func.func @tgt(%x: i32) -> i32 {
  %c = arith.constant 2 : i32
  %0 = arith.addi %x, %c : i32
  return %0 : i32
}
"""


def _check(tmp_path, capsys, text):
    path = tmp_path / "pair.srctgt.mlir"
    path.write_text(text)
    code = cli.main(["check", str(path), "--no-confirm", "--json"])
    return code, read_records(capsys.readouterr().out)[0][0]["functions"][0]


def test_a_poison_target_value_is_confirmed_by_the_reference_evaluation(tmp_path, capsys):
    code, fn = _check(tmp_path, capsys, NSW)
    assert code == 1 and fn["verdict"] == "incorrect"
    assert fn["counterexample"]["target_value"] == "poison"
    assert fn["oracles"] == [REFERENCE]
    assert any(n.startswith(f"confirmed by {REFERENCE}: result #0: the target is poison") for n in fn["notes"])


def test_target_ub_is_confirmed_by_the_reference_evaluation(tmp_path, capsys):
    code, fn = _check(tmp_path, capsys, DIV)
    assert code == 1 and fn["counterexample"]["check"].startswith("target has undefined")
    assert fn["counterexample"]["scalars"]["%y"] == 0
    assert fn["oracles"] == [REFERENCE]
    assert any("the target is undefined on these inputs" in n for n in fn["notes"])


def test_without_execution_a_value_mismatch_needs_no_other_oracle(tmp_path, capsys):
    code, fn = _check(tmp_path, capsys, SAME)
    assert code == 1 and fn["counterexample"]["check"] == "value mismatch"
    assert fn["oracles"] == [] and not any(REFERENCE in n for n in fn["notes"])


def test_no_evidence_where_the_evaluation_shows_no_failure():
    from irverify.cex.concrete import exact_witness
    from irverify.frontends.mlir.parse import parse_mlir
    from irverify.verify.verdict import Counterexample

    mod = parse_mlir(SAME, "same.mlir")
    s, g = mod.functions["src"], mod.functions["tgt"]
    wrong = Counterexample("value mismatch", scalars={"%x": 5}, output="result #0")
    assert exact_witness(mod, s, mod, g, wrong) is not None  # 6 against 7
    mod2 = parse_mlir(NSW, "nsw.mlir")
    no_overflow = Counterexample("value mismatch", scalars={"%x": 1, "%y": 2}, output="result #0")
    assert exact_witness(mod2, mod2.functions["src"], mod2, mod2.functions["tgt"], no_overflow) is None
    ub = Counterexample("target has undefined behaviour where the source is defined", scalars={"%x": 1, "%y": 2})
    div = parse_mlir(DIV, "div.mlir")
    assert exact_witness(div, div.functions["src"], div, div.functions["tgt"], ub) is None


SELECT = """
func.func @src(%c: i1, %x: i1) -> i1 {
  %f = arith.constant false
  %0 = arith.select %c, %x, %f : i1
  return %0 : i1
}
func.func @tgt(%c: i1, %x: i1) -> i1 {
  %0 = arith.andi %c, %x : i1
  return %0 : i1
}
"""

TENSOR_SELECT = """
func.func @src(%c: tensor<3xi1>, %x: tensor<3xi8>) -> tensor<3xi8> {
  %z = arith.constant dense<0> : tensor<3xi8>
  %0 = arith.select %c, %x, %z : tensor<3xi1>, tensor<3xi8>
  return %0 : tensor<3xi8>
}
func.func @tgt(%c: tensor<3xi1>, %x: tensor<3xi8>) -> tensor<3xi8> {
  %e = arith.extui %c : tensor<3xi1> to tensor<3xi8>
  %0 = arith.muli %e, %x : tensor<3xi8>
  return %0 : tensor<3xi8>
}
"""


def test_a_poison_input_is_evaluated_as_poison(tmp_path, capsys):
    code, fn = _check(tmp_path, capsys, SELECT)
    assert code == 1 and fn["counterexample"]["target_value"] == "poison"
    assert fn["counterexample"]["poison_inputs"] == {"%x": True}
    assert fn["oracles"] == [REFERENCE]


def test_poison_tensor_elements_are_evaluated_as_poison():
    from irverify.cex.concrete import exact_witness
    from irverify.frontends.mlir.parse import parse_mlir
    from irverify.verify.verdict import Counterexample

    mod = parse_mlir(TENSOR_SELECT, "sel.mlir")
    s, g = mod.functions["src"], mod.functions["tgt"]
    args = {"%c": [False, True, False], "%x": [7, 8, 9]}

    def at(k, poison):
        return Counterexample("value mismatch", tensors=args, output="result #0", index=[k],
                              poison_inputs={"%x": poison})

    # element 0: c is false, so the source selects 0 while the target multiplies 0 by poison
    assert "the target is poison" in exact_witness(mod, s, mod, g, at(0, [[0]]))
    assert exact_witness(mod, s, mod, g, at(0, [[1]])) is None  # x[0] not poison: both 0
    assert exact_witness(mod, s, mod, g, at(1, [[1]])) is None  # poison on both sides


HUGE_EMPTY = """
func.func @src() -> tensor<?xf32> {
  %n = arith.constant 2147483647 : index
  %v = tensor.empty(%n) : tensor<?xf32>
  return %v : tensor<?xf32>
}
func.func @tgt() -> tensor<?xf32> {
  %n = arith.constant 20 : index
  %v = tensor.empty(%n) : tensor<?xf32>
  return %v : tensor<?xf32>
}
"""


def test_an_output_too_large_to_evaluate_is_refused_not_allocated():
    """The reference evaluation goes element by element: an output of 2^31 - 1 elements is
    refused (it once allocated and filled tens of GiB), and the check still answers."""
    import pytest

    from irverify.frontends.mlir.parse import parse_mlir
    from irverify.verify.check import Options, check_modules
    from irverify.verify.evaluate import TooLargeToEvaluate, evaluate_function
    from irverify.verify.verdict import Verdict

    mod = parse_mlir(HUGE_EMPTY, "huge.mlir")
    with pytest.raises(TooLargeToEvaluate):
        evaluate_function(mod, "src", [])
    report = check_modules(mod, None, Options(confirm=False))
    assert report.verdict is Verdict.INCORRECT
    assert report.functions[0].counterexample.check == "result shapes differ"
