"""``affine`` dialect semantics (https://mlir.llvm.org/docs/Dialects/Affine/): ``affine.apply``,
``affine.min`` and ``affine.max``.

An affine map is evaluated over index terms: the operands are the map's dimensions followed by
its symbols. The meaning is that of MLIR's ``lower-affine`` expansion into ``arith`` (index is
64 bits): ``+`` is a wrapping ``arith.addi`` (the default reading of the contested point
``affine-overflow``, ``irverify.model.assumptions``; with ``--affine-overflow=poison`` an
addition that overflows is poison, as if affine arithmetic never overflowed), ``*`` is ``arith.muli overflow<nsw>`` (a product
that overflows is poison, not UB), ``floordiv`` rounds toward negative infinity and ``mod`` is
the non-negative remainder (``arith.divsi``/``remsi`` with sign fix-ups, exact on 64-bit
values), ``ceildiv`` rounds toward positive infinity except that its expansion negates the
dividend, which wraps for ``INT64_MIN``. MLIR defines division and ``mod`` only for a positive
right-hand side (a constant in a pure affine map, a symbol in a semi-affine one); a right-hand
side that is zero or negative is recorded as UB. A poison operand makes the result poison.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from irverify.errors import Unsupported
from irverify.ir.affine import AffineExpr, AffineMap, BinExpr, Const, Dim, Sym
from irverify.ir.core import IndexType, Op
from irverify.semantics.registry import semantics
from irverify.model.values import Scalar, any_poison
from irverify.smt import terms as t



INDEX_MIN = -(1 << 63)


def eval_affine(expr: AffineExpr, dims: Sequence[Any], syms: Sequence[Any], ctx=None,
                what: str = "affine map", poison: list[Any] | None = None) -> Any:
    """The index term of ``expr`` with ``d_i := dims[i]`` and ``s_i := syms[i]``, computed as
    ``lower-affine`` computes it in 64 bits.

    When ``ctx`` is given, a ``mod``/``floordiv``/``ceildiv`` by a value that is not positive is
    recorded there as UB (reason names ``what``); without ``ctx`` the caller guarantees it.
    Conditions under which the result is poison (a product that overflows) are appended to
    ``poison`` when given."""
    if isinstance(expr, Dim):
        return dims[expr.pos]
    if isinstance(expr, Sym):
        return syms[expr.pos]
    if isinstance(expr, Const):
        return t.int_val(expr.value)
    if not isinstance(expr, BinExpr):
        raise Unsupported(f"affine expression {expr}")
    lhs = eval_affine(expr.lhs, dims, syms, ctx, what, poison)
    rhs = eval_affine(expr.rhs, dims, syms, ctx, what, poison)
    if expr.kind == "add":  # arith.addi: wraps (or, in the other reading, overflow is poison)
        exact = lhs + rhs
        overflow = t.not_(t.in_signed_range(exact, 64))
        if ctx is not None and t.static_bool(overflow) is not False and ctx.reading("affine-overflow") == "poison":
            if poison is None:
                raise Unsupported(f"{what}: an addition that may overflow where its poison is not tracked")
            poison.append(overflow)
        return t.wrap_signed(exact, 64)
    if expr.kind == "mul":  # arith.muli overflow<nsw>: an overflow is poison
        exact = lhs * rhs
        if poison is not None:
            overflow = t.not_(t.in_signed_range(exact, 64))
            if t.static_bool(overflow) is not False:
                poison.append(overflow)
        return t.wrap_signed(exact, 64)
    fns = {"mod": t.floormod, "floordiv": t.floordiv, "ceildiv": t.ceildiv}
    if expr.kind not in fns:
        raise Unsupported(f"affine expression kind '{expr.kind}'")
    if ctx is not None:
        ctx.add_ub(rhs <= 0, f"{what}: '{expr.kind}' by a value that is not positive")
    out = fns[expr.kind](lhs, rhs)
    if expr.kind == "ceildiv" and t.static_int(lhs) is None:
        # the expansion computes -((0 - lhs) divsi rhs) for lhs <= 0; 0 - INT64_MIN wraps
        out = t.ite(lhs == INDEX_MIN, t.wrap_signed(-t.truncdiv(t.int_val(INDEX_MIN), rhs), 64), out)
    return out


def eval_map(ctx, op: Op, amap: AffineMap, operands: Sequence[Scalar],
             poison: list[Any] | None = None) -> list[Any]:
    """Every result of ``amap`` applied to ``operands`` (dims first, then symbols); poison
    conditions of the results are appended to ``poison``."""
    if not isinstance(amap, AffineMap):
        raise Unsupported(f"'{op.name}' map {amap}", op.loc)
    if len(operands) != amap.num_dims + amap.num_syms:
        raise Unsupported(f"'{op.name}' with {len(operands)} operands for {amap}", op.loc)
    for v in operands:
        if not isinstance(v, Scalar) or not isinstance(v.type, IndexType):
            raise Unsupported(f"'{op.name}' operand that is not an index", op.loc)
    terms = [v.term for v in operands]
    dims, syms = terms[:amap.num_dims], terms[amap.num_dims:]
    if poison is not None:
        poison.extend(v.poison for v in operands if v.poison is not None)
    return [eval_affine(r, dims, syms, ctx, op.name, poison) for r in amap.results]


@semantics("affine.apply", attrs=("map",))
def apply(ctx, op: Op, *operands):
    """The single result of ``map`` applied to the operands."""
    poison: list[Any] = []
    results = eval_map(ctx, op, op.attrs["map"], operands, poison)
    if len(results) != 1:
        raise Unsupported(f"affine.apply with {len(results)} map results", op.loc)
    return Scalar(results[0], op.results[0].type, any_poison(*poison))


def _fold(fn, values: list[Any]) -> Any:
    out = values[0]
    for v in values[1:]:
        out = fn(out, v)
    return out


@semantics("affine.min", attrs=("map",))
def affine_min(ctx, op: Op, *operands):
    """The minimum of the map's results."""
    poison: list[Any] = []
    results = eval_map(ctx, op, op.attrs["map"], operands, poison)
    if not results:
        raise Unsupported("affine.min with an empty map", op.loc)
    return Scalar(_fold(t.int_min, results), op.results[0].type, any_poison(*poison))


@semantics("affine.max", attrs=("map",))
def affine_max(ctx, op: Op, *operands):
    """The maximum of the map's results."""
    poison: list[Any] = []
    results = eval_map(ctx, op, op.attrs["map"], operands, poison)
    if not results:
        raise Unsupported("affine.max with an empty map", op.loc)
    return Scalar(_fold(t.int_max, results), op.results[0].type, any_poison(*poison))


def _basis(ctx, op: Op, dynamic: Sequence[Scalar]) -> list[Any]:
    from irverify.semantics.common import static_or_dynamic

    static = op.attrs.get("static_basis")
    if not isinstance(static, list):
        raise Unsupported(f"'{op.name}' basis", op.loc)
    for v in dynamic:
        if not isinstance(v, Scalar) or not isinstance(v.type, IndexType):
            raise Unsupported(f"'{op.name}' basis operand that is not an index", op.loc)
    return static_or_dynamic(static, dynamic)


def _index_operands(op: Op, values: Sequence[Any]) -> None:
    for v in values:
        if not isinstance(v, Scalar) or not isinstance(v.type, IndexType):
            raise Unsupported(f"'{op.name}' operand that is not an index (vectors of indices are not modelled)", op.loc)


@semantics("affine.delinearize_index", attrs=("static_basis",), poison_ub={"1:": "a basis element"})
def delinearize_index(ctx, op: Op, x, *dynamic):
    """``%r:N = affine.delinearize_index %x into (B_0, ..., B_{N-1})`` (or without ``B_0``):
    ``r_0 = x floordiv (B_1 * ... * B_{N-1})``, ``r_k = (x mod (B_k * ... * B_{N-1})) floordiv
    (B_{k+1} * ... * B_{N-1})``, ``r_{N-1} = x mod B_{N-1}`` (floor division; the outer bound
    ``B_0`` takes no part). A basis element that is not positive, or a product of the basis that
    overflows index, is UB (upstream: AffineOps.td, ``AffineDelinearizeIndexOp``). A poison
    ``x`` makes every result poison."""
    _index_operands(op, [x])
    basis = _basis(ctx, op, dynamic)
    n = len(op.results)
    if len(basis) == n:
        for b in basis[:1]:
            ctx.add_ub(b <= 0, "affine.delinearize_index: a basis element is not positive")
        basis = basis[1:]
    if len(basis) != n - 1:
        raise Unsupported(f"affine.delinearize_index with {len(basis)} basis elements for {n} results", op.loc)
    for b in basis:
        ctx.add_ub(b <= 0, "affine.delinearize_index: a basis element is not positive")
    suffix = [t.int_val(1)] * n  # suffix[k] = B_{k+1} * ... * B_{N-1}
    for k in range(n - 2, -1, -1):
        suffix[k] = t.simplify(suffix[k + 1] * basis[k])
    if suffix:
        ctx.add_ub(t.not_(t.in_signed_range(suffix[0], 64)), "affine.delinearize_index: the basis product overflows index")
    out = []
    for k in range(n):
        v = x.term if k == 0 else t.floormod(x.term, suffix[k - 1])
        out.append(Scalar(t.simplify(t.floordiv(v, suffix[k])) if n > 1 else x.term, IndexType(), x.poison))
    return out


@semantics("affine.linearize_index", attrs=("static_basis", "disjoint"),
           poison_ub={"segment 1": "a basis element"})
def linearize_index(ctx, op: Op, *operands):
    """``affine.linearize_index [i_0, ..., i_{N-1}] by (B_0, ..., B_{N-1})`` (or without
    ``B_0``) is ``sum_k i_k * (B_{k+1} * ... * B_{N-1})``; an overflow of index in that
    computation is UB. ``disjoint`` promises ``0 <= i_k < B_k`` for every ``k`` (``i_0`` may be
    negative, and is bounded only by an outer bound) and non-negative basis elements: where the
    promise is broken the result is poison, as for ``arith.ori disjoint`` (upstream: AffineOps.td,
    ``AffineLinearizeIndexOp``). A poison operand makes the result poison."""
    sizes = op.attrs.get("operandSegmentSizes")
    if not isinstance(sizes, list) or len(sizes) != 2:
        raise Unsupported("operand segments of 'affine.linearize_index'", op.loc)
    idx, dynamic = list(operands[:int(sizes[0])]), list(operands[int(sizes[0]):])
    _index_operands(op, idx)
    basis = _basis(ctx, op, dynamic)
    n = len(idx)
    outer = len(basis) == n
    if not outer and len(basis) != n - 1:
        raise Unsupported(f"affine.linearize_index with {len(basis)} basis elements for {n} indices", op.loc)
    padded = basis if outer else [None, *basis]
    poison = [v.poison for v in idx if v.poison is not None]
    total = t.int_val(0)
    scale = t.int_val(1)
    for k in range(n - 1, -1, -1):
        term = idx[k].term * scale
        ctx.add_ub(t.not_(t.in_signed_range(term, 64)), "affine.linearize_index: overflow of index")
        total = total + term
        ctx.add_ub(t.not_(t.in_signed_range(total, 64)), "affine.linearize_index: overflow of index")
        if k > 0:
            scale = t.simplify(scale * padded[k])
            ctx.add_ub(t.not_(t.in_signed_range(scale, 64)), "affine.linearize_index: overflow of index")
    if op.attrs.get("disjoint"):
        broken = []
        for k, (i, b) in enumerate(zip(idx, padded)):
            if b is not None:
                broken.append(t.le(b, i.term) if k == 0 else t.not_(t.in_range(i.term, b)))
                broken.append(t.lt(b, t.int_val(0)))
        poison += [c for c in broken if t.static_bool(c) is not False]
    return Scalar(t.simplify(total), IndexType(), any_poison(*poison))
