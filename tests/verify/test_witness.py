"""Which counterexamples ``irverify.verify.witness`` retries for an observable one: a zero-sized
dim, target UB, or a dim too large to write the inputs out and run them."""

from __future__ import annotations

from irverify.verify import witness
from irverify.verify.refinement import CHECK_UB, Failure, Outcome


def _outcome(check="value mismatch"):
    return Outcome(Failure(check, None), [])


def test_degenerate_counterexamples_and_why():
    assert witness.degenerate(_outcome(), {"dim(%x, 0)": 3}) is None
    assert witness.degenerate(Outcome(None, []), {"dim(%x, 0)": 0}) is None
    assert witness.degenerate(_outcome(), {"dim(%x, 0)": 0}) == "had a zero-sized dim"
    assert "undefined behaviour" in witness.degenerate(_outcome(CHECK_UB), {"dim(%x, 0)": 3})
    big = witness.degenerate(_outcome(), {"dim(%x, 0)": 2, "dim(%y, 0)": witness.LARGE_DIM + 1})
    assert big == f"had a dim of {witness.LARGE_DIM + 1}, too large to run"
    assert witness.degenerate(_outcome(), {"dim(%x, 0)": witness.LARGE_DIM}) is None


def test_an_input_too_large_to_extract_is_not_run_but_said_so():
    import pytest

    from irverify.cex.confirm import call_args
    from irverify.frontends.mlir.parse import parse_mlir
    from irverify.verify.verdict import Counterexample

    mod = parse_mlir("func.func @f(%x: tensor<?xi8>) -> tensor<?xi8> {\n  return %x : tensor<?xi8>\n}\n", "a.mlir")
    cex = Counterexample("value mismatch", tensors={"%x": "<tensor of shape [99999999], not shown>"})
    with pytest.raises(ValueError, match=r"input %x is tensor of shape \[99999999\], not shown: too large to run"):
        call_args(mod.functions["f"], cex)


def test_subnormal_inputs_are_recognised():
    from irverify.ir.core import FloatType, TensorType
    from irverify.verify.verdict import Counterexample

    f32, f64 = FloatType("f32"), FloatType("f64")
    cex = Counterexample("value mismatch", scalars={"%a": 1e-40, "%b": 1.0},
                         types={"%a": f32, "%b": f64})
    assert witness.has_subnormal_input(cex)  # 1e-40 is subnormal in f32
    cex.types["%a"] = f64
    assert not witness.has_subnormal_input(cex)  # but normal in f64
    t = Counterexample("value mismatch", tensors={"%t": [[0.0, -1e-310]]}, types={"%t": TensorType((1, 2), f64)})
    assert witness.has_subnormal_input(t)


FTZ_PAIR = """
func.func @src(%a: f64, %b: f64) -> i1 {
  %x = arith.truncf %a : f64 to f32
  %y = arith.truncf %b : f64 to f32
  %e = arith.cmpf oeq, %x, %y : f32
  return %e : i1
}
func.func @tgt(%a: f64, %b: f64) -> i1 {
  %e = arith.cmpf oeq, %a, %b : f64
  return %e : i1
}
"""


def test_a_counterexample_is_retried_without_subnormal_inputs(monkeypatch):
    """IREE's llvm-cpu code flushes subnormal inputs to zero: a counterexample resting on one is
    replaced, when confirming, by one whose float inputs are normal or zero (here the retry is
    forced, whichever counterexample the solver gives first)."""
    import irverify.frontends.mlir as mlir_frontend
    from irverify.frontends.mlir.parse import parse_mlir
    from irverify.verify.check import Options, check_modules
    from irverify.verify.verdict import Confirmation, Verdict

    monkeypatch.setattr(mlir_frontend, "confirm", lambda *a, **k: Confirmation(None, "stub", "not run"))
    monkeypatch.setattr(witness, "has_subnormal_input", lambda cex: True)
    fn = check_modules(parse_mlir(FTZ_PAIR, "ftz.mlir"), None, Options()).functions[0]
    assert fn.verdict is Verdict.INCORRECT
    assert witness.FLUSHED_NOTE in fn.notes
    for v in fn.counterexample.scalars.values():
        assert v == 0 or abs(v) >= 2.0 ** -1022, fn.counterexample.scalars


def test_a_large_index_input_or_position_is_too_large_to_run():
    from irverify.ir.core import IndexType
    from irverify.verify.verdict import Counterexample

    big = witness.LARGE_DIM + 1
    cex = Counterexample("value mismatch", scalars={"%n": big}, types={"%n": IndexType()})
    assert witness.degenerate(_outcome(), {}, cex) == f"had an index of {big}, too large to run"
    at = Counterexample("value mismatch", index=[0, -big])
    assert witness.degenerate(_outcome(), {}, at) == f"had an index of {-big}, too large to run"
    assert witness.degenerate(_outcome(), {}, Counterexample("value mismatch", scalars={"%n": 3},
                                                             types={"%n": IndexType()}, index=[2])) is None


GENERATE_PAIR = """
func.func @src(%n: index) -> tensor<16x?xindex> {
  %r = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    tensor.yield %s : index
  } : tensor<16x?xindex>
  return %r : tensor<16x?xindex>
}
func.func @tgt(%n: index) -> tensor<16x?xindex> {
  %r = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %s = arith.subi %i, %j : index
    tensor.yield %s : index
  } : tensor<16x?xindex>
  return %r : tensor<16x?xindex>
}
"""


def test_a_result_sized_by_a_large_index_is_retried_small(monkeypatch):
    """A result tensor sized by an ``index`` argument: a counterexample at a huge size cannot be
    run, so when confirming irverify looks for one with the argument within +-SMALL_DIM (the
    retry is forced here: the fake first counterexample is said to have a huge index)."""
    import irverify.frontends.mlir as mlir_frontend
    from irverify.frontends.mlir.parse import parse_mlir
    from irverify.verify.check import Options, check_modules
    from irverify.verify.verdict import Confirmation, Verdict

    monkeypatch.setattr(mlir_frontend, "confirm", lambda *a, **k: Confirmation(None, "stub", "not run"))
    real = witness._large_index
    monkeypatch.setattr(witness, "_large_index", lambda cex: real(cex) or 1 << 62)
    fn = check_modules(parse_mlir(GENERATE_PAIR, "gen.mlir"), None, Options()).functions[0]
    assert fn.verdict is Verdict.INCORRECT
    assert any("too large to run" in n for n in fn.notes), fn.notes
    n = fn.counterexample.scalars["%n"]
    assert 1 <= n <= witness.SMALL_DIM and max(fn.counterexample.index) < n
