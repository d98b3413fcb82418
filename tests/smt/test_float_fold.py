"""The facts ``irverify.smt.float_fold`` states about float reductions hold for every order and
association of the fold (checked by enumerating them all with numpy's IEEE arithmetic)."""

from __future__ import annotations

import itertools

import numpy as np
import z3

from irverify.ir.core import FloatType
from irverify.smt.float_fold import fold, fold_constants
from irverify.smt.floats import AbstractTheory, IEEETheory, float_bits

F32 = FloatType("f32")
SIGN = 1 << 31


def bits(x: float) -> int:
    return float_bits(x, F32)


def all_results(op: str, values: list[np.float32]) -> set[int]:
    """The bits of every fold of ``op`` over ``values`` (any order, any association); NaNs
    collapse to one marker."""
    fn = {"add": lambda a, b: np.float32(a + b),
          "maximum": lambda a, b: a if np.isnan(a) else b if np.isnan(b) else
          (a if (a > b or (a == b and not np.signbit(a))) else b),
          "minimum": lambda a, b: a if np.isnan(a) else b if np.isnan(b) else
          (a if (a < b or (a == b and np.signbit(a))) else b)}[op]

    def trees(xs):
        if len(xs) == 1:
            yield xs[0]
            return
        for k in range(1, len(xs)):
            for left in trees(xs[:k]):
                for right in trees(xs[k:]):
                    yield fn(left, right)

    out = set()
    with np.errstate(all="ignore"):
        for perm in itertools.permutations(values):
            for r in trees(list(perm)):
                out.add(-1 if np.isnan(r) else int(np.array(r, np.float32).view(np.uint32)))
    return out


def test_exact_sums_and_signed_zeros():
    assert fold_constants("add", [bits(-0.0), bits(2.0), bits(-0.0), bits(3.0), bits(-12.0)], F32) == bits(-7.0)
    assert fold_constants("add", [bits(-0.0), bits(-0.0), bits(-0.0)], F32) == SIGN  # -0 only from -0s
    assert fold_constants("add", [bits(-0.0), bits(0.0)], F32) == 0
    assert fold_constants("add", [bits(1.0), bits(-1.0), bits(-0.0)], F32) == 0  # x + (-x) = +0
    assert fold_constants("add", [bits(float("inf")), bits(1.0)], F32) == bits(float("inf"))
    assert fold_constants("add", [bits(float("inf")), bits(float("-inf"))], F32) == "nan"
    assert fold_constants("add", [0x7FC00001, bits(1.0)], F32) == "nan"
    assert fold_constants("maximum", [bits(-0.0), bits(0.0), bits(-3.0)], F32) == 0


def test_order_dependent_sums_are_not_folded():
    assert fold_constants("add", [bits(2.0 ** 24), bits(1.0), bits(-(2.0 ** 24))], F32) is None
    big = float(np.finfo(np.float32).max)
    assert fold_constants("add", [bits(big), bits(big), bits(-big)], F32) is None  # may overflow
    assert fold_constants("add", [bits(float("inf")), bits(-big), bits(-big)], F32) is None
    assert fold_constants("mul", [bits(2.0), bits(3.0)], F32) is None  # not handled
    assert fold_constants("maxnum", [bits(2.0), bits(3.0)], F32) is None


def test_folded_constants_hold_in_every_order():
    rng = np.random.default_rng(7)
    pool = [0.0, -0.0, 1.0, -1.0, 0.5, 3.0, -12.0, 2.0 ** 23, 2.0 ** 24, -(2.0 ** 24), 1e-45, 3e38, -3e38,
            float("inf"), float("-inf"), float("nan"), 0.1, -0.375]
    folded = 0
    for _ in range(300):
        n = int(rng.integers(2, 5))
        values = [np.float32(pool[int(rng.integers(len(pool)))]) for _ in range(n)]
        b = [int(np.array(v, np.float32).view(np.uint32)) for v in values]
        for op in ("add", "maximum", "minimum"):
            got = fold_constants(op, b, F32)
            if got is None:
                continue
            folded += 1
            assert all_results(op, values) == {-1 if got == "nan" else got}, (op, values, got)
    assert folded > 300


def test_fold_of_one_element_and_nan_propagation():
    for theory in (AbstractTheory(), IEEETheory()):
        x, init = z3.BitVec("x", 32), z3.BitVec("init", 32)
        q = z3.Int("q")
        one = z3.Lambda([q], z3.If(q == 0, x, z3.BitVecVal(0, 32)))
        uf = z3.Function("R", init.sort(), one.sort(), z3.IntSort(), init.sort())
        r = fold(theory, "add", init, one, z3.IntVal(1), F32, uf(init, one, z3.IntVal(1)))
        s = z3.Solver()
        s.add(r != theory.binary("add", init, x, F32))
        assert s.check() == z3.unsat
        ys = z3.Array("ys", z3.IntSort(), z3.BitVecSort(32))
        arr = z3.Lambda([q], z3.If(z3.And(q >= 0, q < 3), ys[q], z3.BitVecVal(0, 32)))
        r = fold(theory, "add", init, arr, z3.IntVal(3), F32, uf(init, arr, z3.IntVal(3)))
        s = z3.Solver()
        s.add(theory.is_nan(ys[1], F32), z3.Not(theory.is_nan(r, F32)))
        assert s.check() == z3.unsat


def test_concrete_fold_resolves_a_fold_over_constants_only_where_every_order_agrees():
    from irverify.smt import terms as t
    from irverify.smt.float_fold import concrete_fold

    theory = IEEETheory()
    elems = z3.Array("elems", z3.IntSort(), z3.BitVecSort(32))

    def folded(values: list[float], init: float):
        arr = z3.K(z3.IntSort(), z3.BitVecVal(bits(values[0]), 32))
        for i, v in enumerate(values):
            arr = z3.Store(arr, i, z3.BitVecVal(bits(v), 32))
        term = theory.reduce("add", z3.BitVecVal(bits(init), 32), elems, z3.IntVal(len(values)), F32)
        term = z3.simplify(z3.substitute(term, (elems, arr)))
        return t.resolve_apps(term, concrete_fold)

    # 20 elements: past the expansion limit, the fold stays an uninterpreted function of the array
    assert not z3.is_bv_value(z3.simplify(theory.reduce("add", z3.BitVecVal(0, 32), elems, z3.IntVal(20), F32)))
    assert folded([-0.0] * 20, -0.0).as_long() == SIGN  # every term -0.0: -0.0 in any order
    assert folded([-0.0] * 19 + [0.0], -0.0).as_long() == 0
    assert folded([1.0] * 20, 2.0).as_long() == bits(22.0)  # exact in every order
    order_dependent = folded([2.0 ** 24] + [1.0] * 18 + [-(2.0 ** 24)], 0.0)
    assert not z3.is_bv_value(order_dependent)  # evaluation does not choose an order
    assert t.uninterpreted_names(order_dependent) == ["fp.reduce_add.f32"]
