"""TVM Relax contractions and reductions: ``matmul``, ``einsum``, ``sum``, ``mean``, ``max``,
``min``, and the scans ``cumsum``, ``cumprod``
(https://tvm.apache.org/docs/reference/api/python/relax/op.html).

Float sums go through ``relax.reduce_add``: an uninterpreted sum of the summands under the
abstract model (equal when the summands are equal element for element), an exact real
polynomial under ``--fp=real`` when the extent is static, and an in-order IEEE sum under
``--fp=ieee``."""

from __future__ import annotations

from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import FloatType, IntType, Op
from irverify.semantics.registry import semantics
from irverify.semantics.relax import (
    broadcast_dims,
    broadcast_index,
    cast,
    checked_dims,
    fbin,
    fconst,
    fminmax,
    int_arith,
    load,
    make,
    norm_axis,
    reduce_add,
    reduce_fold,
    result_type,
    taken_if,
    unravel,
    want_tensor,
)
from irverify.smt import terms as t


def multiply(ctx, a, b, ty):
    if isinstance(ty, FloatType):
        return fbin(ctx, "mul", a, b, ty)
    return int_arith("mul", a, b)


@semantics("relax.matmul", attrs=("out_dtype",))
def matmul(ctx, op: Op, a, b):
    """``R.matmul(x1, x2, out_dtype)``: numpy ``matmul``. Batch dims broadcast; a 1-D ``x1`` is
    ``[1, K]`` and a 1-D ``x2`` is ``[K, 1]`` with the added dim removed from the result;
    ``out[.., i, j] = sum_k x1[.., i, k] * x2[.., k, j]`` with both operands converted to
    ``out_dtype`` first (None: the input dtype). The reduction lengths must agree (UB). With a
    symbolic reduction length of 0, TVM returns uninitialised memory (a static length of 0
    gives zeros): those elements are unknown values that any value refines."""
    a, b = want_tensor(op, a), want_tensor(op, b)
    if a.rank == 0 or b.rank == 0:
        raise Unsupported("matmul of a 0-d tensor", op.loc)
    ty = result_type(op).elem
    out_dtype = op.attrs["out_dtype"]
    if out_dtype is None and a.type.elem != ty:
        raise Unsupported(f"matmul of {a.type.elem} giving {ty}", op.loc)
    k_a = a.dims[-1]
    k_b = b.dims[0] if b.rank == 1 else b.dims[-2]
    ctx.add_ub(k_a != k_b, "matmul: reduction lengths differ")
    batch_a, batch_b = a.dims[:-2], b.dims[:-2]
    batch = broadcast_dims(ctx, op, [batch_a, batch_b])
    rows = [a.dims[-2]] if a.rank >= 2 else []
    cols = [b.dims[-1]] if b.rank >= 2 else []
    dims = checked_dims(ctx, op, batch + rows + cols)
    nb = len(batch)
    symbolic_k = t.static_int(k_a) is None

    def garbage(idx, value):
        """TVM's llvm lowering returns uninitialised memory (not 0) when a symbolic reduction
        length is 0: an unknown value, treated like poison (any value refines it)."""
        if not symbolic_k:
            return value
        ctx.add_unknown(k_a == 0, "matmul: empty reduction of symbolic length (TVM returns uninitialised memory)")
        unknown = t.uf("unknown.relax.matmul_empty", *[t.int_sort()] * len(idx), t.sort_of(value))
        return t.ite(k_a == 0, unknown(*idx), value)

    def elem(idx):
        bidx = idx[:nb]
        i = idx[nb] if rows else None
        j = idx[nb + len(rows)] if cols else None

        def summand(k):
            xa = load(ctx, a, broadcast_index(_Dims(batch_a), bidx) + ([i] if rows else []) + [k])
            xb = load(ctx, b, broadcast_index(_Dims(batch_b), bidx) + [k] + ([j] if cols else []))
            return multiply(ctx, cast(ctx, xa, a.type.elem, ty), cast(ctx, xb, b.type.elem, ty), ty)

        return garbage(idx, reduce_add(ctx, ty, k_a, summand, "matmul"))

    out = make(ctx, op, dims, elem)
    if symbolic_k:  # returned as is, uninitialised elements may be refined by anything
        out.defined = _defined_unless(out.defined, k_a == 0)
    return out


def _defined_unless(given, empty):
    """``given`` (an element-wise mask or None), and nothing defined where ``empty`` holds."""
    if given is None:
        return lambda idx: t.not_(empty)
    return lambda idx: t.and_(t.not_(empty), given(idx))


class _Dims:
    """Just the dims of a tensor, for ``broadcast_index``."""

    def __init__(self, dims):
        self.dims = list(dims)
        self.rank = len(self.dims)


@semantics("relax.einsum", attrs=("subscripts",))
def einsum(ctx, op: Op, *xs):
    """``R.einsum(operands, subscripts)``: numpy ``einsum`` without ellipsis. A letter repeated
    within an operand reads its diagonal; a letter's extents must agree across its occurrences
    or be 1 (broadcast, as TVM's lowering does); letters missing from the output are summed."""
    xs = [want_tensor(op, x) for x in xs]
    subs = op.attrs["subscripts"].replace(" ", "")
    if "." in subs or "->" not in subs:
        raise Unsupported(f"einsum subscripts {subs!r}", op.loc)
    lhs, out_letters = subs.split("->")
    ins = lhs.split(",")
    if len(ins) != len(xs) or any(len(s) != x.rank for s, x in zip(ins, xs)):
        raise Unsupported(f"einsum subscripts {subs!r} for the operand ranks", op.loc)
    ty = result_type(op).elem
    if any(x.type.elem != ty for x in xs):
        raise Unsupported("einsum with mixed dtypes", op.loc)
    extent: dict[str, Any] = {}
    for s, x in zip(ins, xs):
        for c, d in zip(s, x.dims):
            extent[c] = d if c not in extent else broadcast_dims(ctx, op, [[extent[c]], [d]])[0]
    if any(c not in extent for c in out_letters) or len(set(out_letters)) != len(out_letters):
        raise Unsupported(f"einsum output subscripts {out_letters!r}", op.loc)
    summed = sorted({c for c in lhs if c.isalpha()} - set(out_letters))
    dims = checked_dims(ctx, op, [extent[c] for c in out_letters])

    def product(env):
        term = None
        for s, x in zip(ins, xs):
            v = load(ctx, x, [t.int_val(0) if t.static_int(d) == 1 else
                      (env[c] if t.static_int(d) is not None else t.ite(d == 1, t.int_val(0), env[c]))
                      for c, d in zip(s, x.dims)])
            term = v if term is None else multiply(ctx, term, v, ty)
        return term

    def elem(idx):
        env = dict(zip(out_letters, idx))
        if not summed:
            return product(env)
        sdims = [extent[c] for c in summed]
        total = t.product(sdims)

        def summand(k):
            return product({**env, **dict(zip(summed, unravel(k, sdims)))})

        return reduce_add(ctx, ty, total, summand, "einsum")

    return make(ctx, op, dims, elem)


def _reduction(name: str):
    @semantics(f"relax.{name}", attrs=("axis", "keepdims"))
    def sem(ctx, op: Op, x):
        x = want_tensor(op, x)
        axis = op.attrs["axis"]
        axes = list(range(x.rank)) if axis is None else sorted({norm_axis(op, a, x.rank) for a in axis})
        keep = op.attrs["keepdims"]
        kept = [k for k in range(x.rank) if k not in axes]
        out_dims = [t.int_val(1) if k in axes else x.dims[k] for k in range(x.rank) if keep or k not in axes]
        dims = checked_dims(ctx, op, out_dims)
        ty = result_type(op).elem
        if ty != x.type.elem:
            raise Unsupported(f"'{op.name}' changing dtype", op.loc)
        if x.rank == 0:  # TVM's lowering copies a 0-d tensor (no fold from the identity)
            return make(ctx, op, dims, lambda idx: load(ctx, x, []))
        rdims = [x.dims[k] for k in axes]
        total = t.product(rdims)

        def elem(idx):
            outer = [idx[k] for k in kept] if keep else list(idx)

            def at(k):
                inner = unravel(k, rdims)
                full, oi, ii = [], iter(outer), iter(inner)
                for j in range(x.rank):
                    full.append(next(ii) if j in axes else next(oi))
                return load(ctx, x, full)

            return _reduce(ctx, op, name, ty, total, at)

        out = make(ctx, op, dims, elem)
        if rdims and t.static_int(total) is None:
            # TVM's lowering initialises the accumulator inside the reduction loop (T.init()),
            # so an empty reduction of symbolic extent returns uninitialised memory, as matmul
            ctx.add_unknown(total == 0, f"{name}: empty reduction of symbolic extent (TVM returns "
                                        "uninitialised memory)")
            out.defined = _defined_unless(out.defined, total == 0)
        return out

    sem.__doc__ = (f"``R.{name}(x, axis, keepdims)``: reduction over ``axis`` (None: all axes) as "
                   "one fold over the row-major positions of the reduced axes (``mean``: the sum "
                   "divided by the element count, a constant, or for symbolic extents the int64 "
                   "product converted to the dtype, as TVM's legalization computes it).")
    return sem


def _reduce(ctx, op: Op, name: str, ty, total, at):
    if name == "sum":
        return reduce_add(ctx, ty, total, at, "sum")
    if name == "mean":
        if not isinstance(ty, FloatType):
            raise Unsupported("mean of an integer tensor", op.loc)
        s = reduce_add(ctx, ty, total, at, "mean")
        n = t.static_int(total)
        if n is not None:
            return fbin(ctx, "div", s, fconst(ctx, float(n), ty), ty)
        # TVM's legalization divides by ``Cast(dtype, extent product)``, the product an int64
        fits = t.simplify(t.in_signed_range(total, 64))
        ctx.add_ub(t.not_(fits), f"{op.name}: the reduced element count does not fit int64")
        return fbin(ctx, "div", s, cast(ctx, t.int_to_bv(total, 64), IntType(64), ty), ty)
    if name == "prod":
        return _prod(ctx, op, ty, total, at)
    is_max = name == "max"
    if isinstance(ty, FloatType):
        init = fconst(ctx, float_limit(ty, lowest=is_max), ty)
        return reduce_fold(ctx, ty, total, at, name, init, lambda a, b: fminmax(ctx, a, b, ty, is_max), name)
    if not isinstance(ty, IntType) or ty.width == 1:
        raise Unsupported(f"'{op.name}' on {ty}", op.loc)
    w = ty.width
    init = t.bv_val((1 << (w - 1)) if is_max else (1 << (w - 1)) - 1, w)
    pick = (lambda a, b: t.ite(t.sge(a, b), a, b)) if is_max else (lambda a, b: t.ite(t.sle(a, b), a, b))
    return reduce_fold(ctx, ty, total, at, name, init, pick, name)


def _prod(ctx, op: Op, ty, total, at):
    """``R.prod``: the fold ``acc * x`` from ``1`` in row-major order of the reduced positions, as
    TVM's legalization (``topi.prod``: a ``T.init()`` of 1 and ``acc = acc * x``) computes it;
    float products are ``relax.fbin`` multiplications, integer ones wrap."""
    if isinstance(ty, FloatType):
        return reduce_fold(ctx, ty, total, at, "mul", fconst(ctx, 1.0, ty),
                           lambda a, b: fbin(ctx, "mul", a, b, ty), "prod")
    if not isinstance(ty, IntType) or ty.width == 1:
        raise Unsupported(f"'{op.name}' on {ty}", op.loc)
    return reduce_fold(ctx, ty, total, at, "mul", t.bv_val(1, ty.width), lambda a, b: int_arith("mul", a, b), "prod")


@semantics("relax.cumsum", attrs=("axis", "dtype", "exclusive"))
def cumsum(ctx, op: Op, x):
    """``R.cumsum(x, axis, dtype, exclusive)``: running sums along ``axis`` (``None``: of ``x``
    flattened in row-major order), each element converted to ``dtype`` first, in index order as
    TVM's scan computes them (checked against TVM llvm): inclusive ``out[.., i, ..] =
    x[.., 0, ..] + x[.., 1, ..] + ... + x[.., i, ..]``, starting from the first element itself (a
    ``-0.0`` stays ``-0.0``), exclusive ``out[.., i, ..] = +0 + x[.., 0, ..] + ... +
    x[.., i - 1, ..]``. Integers wrap."""
    return _scan(ctx, op, x, "add", 0)


@semantics("relax.cumprod", attrs=("axis", "dtype", "exclusive"))
def cumprod(ctx, op: Op, x):
    """``R.cumprod``: running products, as ``cumsum`` (inclusive from the first element,
    exclusive from ``1``)."""
    return _scan(ctx, op, x, "mul", 1)


# Scanned extents up to which every prefix is built (in index order, exact) and selected by
# the position; past it, or for a symbolic extent, a prefix is an uninterpreted function of its
# init and elements.
SCAN_UNROLL_LIMIT = 64


def _scan(ctx, op: Op, x, name: str, identity: int):
    """A fold of ``name`` over the prefix of each position."""
    x = want_tensor(op, x)
    ty = result_type(op).elem
    if not isinstance(ty, (FloatType, IntType)) or (isinstance(ty, IntType) and ty.width == 1):
        raise Unsupported(f"'{op.name}' of {ty}", op.loc)
    axis, exclusive = op.attrs.get("axis"), op.attrs.get("exclusive")
    if exclusive not in (None, False, True, 0, 1):
        raise Unsupported(f"'{op.name}' with exclusive = {exclusive!r}", op.loc)
    if axis is None:  # the flattened tensor
        dims = checked_dims(ctx, op, [t.product(x.dims)])
        ax, rank = 0, 1

        def read(idx, k):
            return load(ctx, x, unravel(k, x.dims))
    else:
        ax, rank = norm_axis(op, axis, x.rank), x.rank
        dims = checked_dims(ctx, op, list(x.dims))

        def read(idx, k):
            return load(ctx, x, [k if j == ax else i for j, i in enumerate(idx)])
    if len(result_type(op).shape) != rank:
        raise Unsupported(f"'{op.name}' result of rank {len(result_type(op).shape)}", op.loc)

    def combine(a, b):
        return fbin(ctx, name, a, b, ty) if isinstance(ty, FloatType) else int_arith(name, a, b)

    init = fconst(ctx, float(identity), ty) if isinstance(ty, FloatType) else t.bv_val(identity, ty.width)
    length = t.static_int(dims[ax])

    def elem(idx):
        def term(k):
            return cast(ctx, read(idx, k), x.type.elem, ty)

        i = idx[ax]
        if length is not None and length <= SCAN_UNROLL_LIMIT:  # the prefixes, chosen by i
            prefixes, acc = [], init
            for k in range(length):
                # element k is read for positions i >= k (inclusive) or i > k (exclusive): its
                # poison counts only there
                x_k = taken_if(ctx, i > k if exclusive else i >= k, lambda k=k: term(t.int_val(k)))
                if exclusive:
                    prefixes.append(acc)
                acc = x_k if k == 0 and not exclusive else combine(acc, x_k)
                if not exclusive:
                    prefixes.append(acc)
            out = prefixes[-1] if prefixes else init
            for k in range(length - 2, -1, -1):
                out = t.ite(i == k, prefixes[k], out)
            return out
        # past the limit: an uninterpreted prefix fold of its own (never a reduction's fold of the
        # same values: TVM's sum may associate them otherwise)
        own = f"relax.scan_{name}{'_exclusive' if exclusive else ''}"
        if exclusive:
            return reduce_fold(ctx, ty, i, term, name, init, combine, op.name, own)
        return reduce_fold(ctx, ty, i, lambda k: term(k + 1), name, term(t.int_val(0)), combine, op.name, own)

    return make(ctx, op, dims, elem)


def float_limit(ty: FloatType, lowest: bool) -> float:
    """TVM's reduction identity for max/min: the lowest/highest finite value of the dtype."""
    import numpy as np

    if ty.name == "bf16":
        big = 3.3895313892515355e38
    else:
        big = float(np.finfo({"f16": np.float16, "f32": np.float32, "f64": np.float64}[ty.name]).max)
    return -big if lowest else big


for _name in ("sum", "mean", "max", "min", "prod"):
    _reduction(_name)

