"""``affine`` dialect semantics (https://mlir.llvm.org/docs/Dialects/Affine/): ``affine.apply``,
``affine.min`` and ``affine.max``.

An affine map is evaluated over index terms (unbounded integers): the operands are the map's
dimensions followed by its symbols. ``floordiv`` rounds toward negative infinity, ``ceildiv``
toward positive infinity, and ``mod`` is the non-negative remainder of ``floordiv``. MLIR
defines these only for a positive right-hand side (a constant in a pure affine map, a symbol in
a semi-affine one); a right-hand side that is zero or negative is recorded as UB.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from irverify.errors import Unsupported
from irverify.ir.affine import AffineExpr, AffineMap, BinExpr, Const, Dim, Sym
from irverify.ir.core import IndexType, Op
from irverify.semantics.registry import semantics
from irverify.semantics.values import Scalar
from irverify.smt import terms as t


def eval_affine(expr: AffineExpr, dims: Sequence[Any], syms: Sequence[Any], ctx=None,
                what: str = "affine map") -> Any:
    """The index term of ``expr`` with ``d_i := dims[i]`` and ``s_i := syms[i]``.

    When ``ctx`` is given, a ``mod``/``floordiv``/``ceildiv`` by a value that is not positive is
    recorded there as UB (reason names ``what``); without ``ctx`` the caller guarantees it."""
    if isinstance(expr, Dim):
        return dims[expr.pos]
    if isinstance(expr, Sym):
        return syms[expr.pos]
    if isinstance(expr, Const):
        return t.int_val(expr.value)
    if not isinstance(expr, BinExpr):
        raise Unsupported(f"affine expression {expr}")
    lhs = eval_affine(expr.lhs, dims, syms, ctx, what)
    rhs = eval_affine(expr.rhs, dims, syms, ctx, what)
    if expr.kind in ("add", "mul"):
        exact = lhs + rhs if expr.kind == "add" else lhs * rhs
        if ctx is None:
            return t.wrap_signed(exact, 64)
        # MLIR lowers affine additions and multiplications with nsw (llvm-project #121535:
        # affine arithmetic does not wrap index), and a poisoned index used by a store, a load
        # or a slice is UB: an overflowing affine expression is UB here.
        ctx.add_ub(t.not_(t.in_signed_range(exact, 64)), f"{what}: index overflow in '{expr.kind}'")
        return exact
    fns = {"mod": t.floormod, "floordiv": t.floordiv, "ceildiv": t.ceildiv}
    if expr.kind not in fns:
        raise Unsupported(f"affine expression kind '{expr.kind}'")
    if ctx is not None:
        ctx.add_ub(rhs <= 0, f"{what}: '{expr.kind}' by a value that is not positive")
    return fns[expr.kind](lhs, rhs)


def eval_map(ctx, op: Op, amap: AffineMap, operands: Sequence[Scalar]) -> list[Any]:
    """Every result of ``amap`` applied to ``operands`` (dims first, then symbols)."""
    if not isinstance(amap, AffineMap):
        raise Unsupported(f"'{op.name}' map {amap}", op.loc)
    if len(operands) != amap.num_dims + amap.num_syms:
        raise Unsupported(f"'{op.name}' with {len(operands)} operands for {amap}", op.loc)
    for v in operands:
        if not isinstance(v, Scalar) or not isinstance(v.type, IndexType):
            raise Unsupported(f"'{op.name}' operand that is not an index", op.loc)
    terms = [v.term for v in operands]
    dims, syms = terms[:amap.num_dims], terms[amap.num_dims:]
    return [eval_affine(r, dims, syms, ctx, op.name) for r in amap.results]


@semantics("affine.apply", attrs=("map",))
def apply(ctx, op: Op, *operands):
    """The single result of ``map`` applied to the operands."""
    results = eval_map(ctx, op, op.attrs["map"], operands)
    if len(results) != 1:
        raise Unsupported(f"affine.apply with {len(results)} map results", op.loc)
    return Scalar(results[0], op.results[0].type)


def _fold(fn, values: list[Any]) -> Any:
    out = values[0]
    for v in values[1:]:
        out = fn(out, v)
    return out


@semantics("affine.min", attrs=("map",))
def affine_min(ctx, op: Op, *operands):
    """The minimum of the map's results."""
    results = eval_map(ctx, op, op.attrs["map"], operands)
    if not results:
        raise Unsupported("affine.min with an empty map", op.loc)
    return Scalar(_fold(t.int_min, results), op.results[0].type)


@semantics("affine.max", attrs=("map",))
def affine_max(ctx, op: Op, *operands):
    """The maximum of the map's results."""
    results = eval_map(ctx, op, op.attrs["map"], operands)
    if not results:
        raise Unsupported("affine.max with an empty map", op.loc)
    return Scalar(_fold(t.int_max, results), op.results[0].type)
