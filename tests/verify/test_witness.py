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
