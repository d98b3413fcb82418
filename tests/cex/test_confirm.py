"""The backend-neutral part of confirmation (``irverify.cex.confirm``): candidates, output
comparison and the decision, on hand-made runs (no compiler involved)."""

import numpy as np

from irverify.cex.confirm import RandomInputs, candidates, compare, decide, equal, show_difference
from irverify.execute.iree import ExecutionError
from irverify.ir.core import FloatType, Function, IntType, TensorType, Value
from irverify.verify.verdict import Counterexample

F32 = FloatType("f32")
SPEC = RandomInputs(floats=(-2, 2), ints=(0, 4), keep_ints_first=True, model_only_if_ordinary=True)


def _fn() -> Function:
    return Function("f", [Value(TensorType((3,), F32), "x"), Value(TensorType((3,), IntType(32)), "i")], [], None)


def _cex(x) -> Counterexample:
    return Counterexample("value mismatch", tensors={"x": np.asarray(x, np.float32), "i": np.arange(3, dtype=np.int32)},
                          output="result #0", index=[1])


def test_equal_bitwise_and_with_tolerance():
    a = np.array([0.0, np.nan, 1.0, np.inf], np.float32)
    b = np.array([-0.0, np.nan, 1.0 + 1e-7, np.inf], np.float32)
    assert equal(a, b, None).tolist() == [False, True, False, True]
    assert equal(a, b, 1e-5).tolist() == [True, True, True, True]
    assert equal(np.array([1, 2]), np.array([1, 3]), 1e-5).tolist() == [True, False]


def test_compare_reports_the_counterexample_index_first():
    cex = _cex([0, 0, 0])
    differs, detail, _, _ = compare(cex, [np.array([1.0, 2.0, 3.0])], [np.array([9.0, 8.0, 3.0])], True, None)
    assert differs and detail.startswith("result #0[1]: source ") and "8.0" in detail
    differs, detail, _, _ = compare(cex, [np.array([1.0, 2.0, 3.0])], [np.array([9.0, 2.0, 3.0])], True, None)
    assert differs and detail.startswith("result #0[0]:") and "1 of 3 elements differ" in detail
    differs, detail, _, _ = compare(cex, [np.array([1.0])], [np.array([1.0])], False, None)
    assert not differs and detail == "result #0 equal on both sides"


def test_candidates_replace_extreme_model_inputs_and_keep_indices_first():
    fn = _fn()
    exact = candidates(fn, _cex([1e30, 0, 0]), approximate=False, spec=SPEC)
    assert [c.from_model for c in exact] == [True]
    approx = candidates(fn, _cex([1e30, 0, 0]), approximate=True, spec=SPEC)
    assert [c.from_model for c in approx] == [False, False, False]  # 1e30 is not an ordinary float
    assert np.array_equal(approx[0].args[1], np.arange(3))  # the first random candidate keeps the indices
    assert all(np.all(np.abs(c.args[0]) <= 2) for c in approx)


def test_decide_confirms_on_a_random_candidate_and_records_its_inputs():
    fn, cex = _fn(), _cex([1.0, 1.0, 1.0])
    cands = candidates(fn, cex, approximate=True, spec=SPEC)
    same, other = [np.zeros(3)], [np.ones(3)]
    runs_src = [same] * len(cands)
    runs_tgt = [same, other, same, same]
    conf = decide("B", fn, cex, cands, runs_src, runs_tgt, rtol=None)
    assert conf.confirmed is True and "random inputs" in conf.detail
    assert np.array_equal(cex.tensors["x"], cands[1].args[0])
    # the values shown are the executed ones at the first differing element
    assert (cex.index, cex.source_value, cex.target_value) == ([0], 0.0, 1.0)


def test_show_difference_of_a_rank0_output():
    cex = _cex([0, 0, 0])
    show_difference(cex, np.float32(2.5), np.float32(-1.0), None)
    assert (cex.index, cex.source_value, cex.target_value) == ([], 2.5, -1.0)


def test_only_summation_order_keeps_the_model_inputs_exact():
    from irverify.verify.settle import _inexact_inputs
    from irverify.model.assumptions import SUMMATION_ORDER

    assert _inexact_inputs([SUMMATION_ORDER + "einsum", SUMMATION_ORDER + "sum"]) == []
    assert _inexact_inputs([SUMMATION_ORDER + "sum", "float exp (ieee)"]) == ["float exp (ieee)"]


def test_decide_not_run_agrees_and_target_failure():
    fn, cex = _fn(), _cex([1.0, 1.0, 1.0])
    cands = candidates(fn, cex, approximate=False, spec=SPEC)
    crash = ExecutionError("crash", "boom")
    out = [np.zeros(3)]
    assert decide("B", fn, cex, cands, [crash], [out], rtol=None).confirmed is None
    agrees = decide("B", fn, cex, cands, [out], [out], rtol=None)
    assert agrees.confirmed is False and agrees.detail.startswith("execution agrees: result #0 equal")
    assert decide("B", fn, cex, cands, [out], [crash], rtol=None).confirmed is None
    failed = decide("B", fn, cex, cands, [out], [crash], rtol=None, target_failure=lambda e: f"died: {e}")
    assert failed.confirmed is True and failed.detail == "died: crash: boom"


def test_target_poison_is_not_refuted_by_agreeing_execution():
    """Execution shows a poison target value as some value: outputs that agree neither confirm
    nor refute the counterexample; outputs that differ confirm it."""
    fn, cex = _fn(), _cex([1.0, 1.0, 1.0])
    cex.target_value = "poison"
    cands = candidates(fn, cex, approximate=False, spec=SPEC)
    out = [np.zeros(3)]
    agrees = decide("B", fn, cex, cands, [out], [out], rtol=None)
    assert agrees.confirmed is None and "poison" in agrees.detail
    differs = decide("B", fn, cex, cands, [out], [[np.ones(3)]], rtol=None)
    assert differs.confirmed is True


def test_poison_arguments_are_not_run():
    from irverify.cex.confirm import unobservable

    cex = _cex([1.0, 1.0, 1.0])
    assert unobservable(cex, "B") is None
    cex.poison_inputs = {"x": [[1]]}
    conf = unobservable(cex, "B")
    assert conf.confirmed is None and "poison" in conf.detail and "x" in conf.detail


def test_large_candidate_counts_only_nonfinite_differences():
    from irverify.cex.confirm import NONFINITE

    spec = RandomInputs(floats=(-2, 2), ints=(0, 4), keep_ints_first=True, model_only_if_ordinary=True,
                        large=(-150, 150))
    fn, cex = _fn(), _cex([1.0, 1.0, 1.0])
    cands = candidates(fn, cex, approximate=True, spec=spec)
    big = cands[-1]
    assert big.nonfinite_only and [c.nonfinite_only for c in cands[:-1]] == [False] * (len(cands) - 1)
    assert np.abs(big.args[0]).max() > 2 and np.array_equal(big.args[1], np.arange(3))
    a, b = np.array([1.0, np.nan, np.inf, 2.0]), np.array([1.5, np.nan, np.inf, np.nan])
    assert equal(a, b, NONFINITE).tolist() == [True, True, True, False]
    finite_only = [np.array([1.0, 2.0, 3.0])], [np.array([1.5, 2.5, 3.5])]
    runs_src = [finite_only[0]] * len(cands)
    conf = decide("B", fn, cex, cands, runs_src, [finite_only[0]] * (len(cands) - 1) + [finite_only[1]], rtol=1e-5)
    assert conf.confirmed is False  # rounding-size differences on large inputs do not count
    conf = decide("B", fn, cex, cands, runs_src, [finite_only[0]] * (len(cands) - 1) + [[np.array([1.0, np.nan, 3.0])]],
                  rtol=1e-5)
    assert conf.confirmed is True and "large-magnitude" in conf.detail


def test_a_tensor_too_large_to_materialise_is_not_run():
    # extraction gives a large tensor by its shape only: no candidate can be built from it
    cex = Counterexample("value mismatch", tensors={"x": "<tensor of shape [3], not shown>",
                                                    "i": np.arange(3, dtype=np.int32)}, output="result #0")
    import pytest

    with pytest.raises(ValueError, match="too large to run"):
        candidates(_fn(), cex, True, SPEC)


NARROW_I16 = """
func.func @src(%t: tensor<?x4xi8>) -> i64 {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?x4xi8>
  %r = arith.index_cast %d : index to i64
  return %r : i64
}
func.func @tgt(%t: tensor<?x4xi8>) -> i64 {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?x4xi8>
  %n = arith.index_cast %d : index to i16
  %r = arith.extui %n : i16 to i64
  return %r : i64
}
"""


def test_an_input_too_large_to_show_is_still_run(tmp_path, capsys):
    """A bug that needs a dim of at least 2^16 (a 2^16 x 4 input is too large to print), but its contents
    are a constant in the model, so it is built for running and execution confirms it."""

    from irverify import cli
    from irverify.cex.extract import MAX_ELEMENTS

    path = tmp_path / "narrow.srctgt.mlir"
    path.write_text(NARROW_I16)
    assert cli.main(["check", str(path), "--json"]) == 1
    from irverify.records import read_records

    fn = read_records(capsys.readouterr().out)[0][0]["functions"][0]
    (rows,) = fn["counterexample"]["dims"].values()
    assert rows * 4 > MAX_ELEMENTS and "not shown" in fn["counterexample"]["tensors"]["%t"]
    assert fn["confirmed"] is True and fn["oracles"], fn


GATHER = """
func.func @src(%i: tensor<4xi64>, %t: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]} ins(%i : tensor<4xi64>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %k = arith.index_cast %in : i64 to index
    %x = tensor.extract %t[%k] : tensor<4xf32>
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""


def test_random_integer_inputs_are_run_only_where_the_source_is_defined():
    """Random integer tensors may be out-of-bounds indices: a difference on such inputs shows
    nothing (both programs read out of bounds), so a random candidate on which irverify's
    exact semantics find the source undefined is not run."""
    from irverify.cex.confirm import Candidate
    from irverify.frontends.mlir.confirm import _source_defined
    from irverify.frontends.mlir.parse import parse_mlir

    mod = parse_mlir(GATHER, "gather.mlir")
    fn = mod.functions["src"]
    model = [np.array([0, 1, 2, 3], np.int64), np.ones(4, np.float32)]
    cex = Counterexample("value mismatch", tensors={"%i": model[0], "%t": model[1]}, output="result #0", index=[0])
    inside = Candidate([np.array([3, 2, 1, 0], np.int64), np.zeros(4, np.float32)], False)
    outside = Candidate([np.array([3, 7, 1, 0], np.int64), np.zeros(4, np.float32)], False)
    kept = _source_defined(mod, fn, cex, [Candidate(model, True), inside, outside])
    assert kept[0].from_model and any(c is inside for c in kept) and not any(c is outside for c in kept)
