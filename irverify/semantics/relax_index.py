"""TVM Relax layout and indexing ops: ``take``, ``permute_dims``, ``reshape``, ``flatten``,
``expand_dims``, ``repeat``, ``squeeze``, ``strided_slice``, ``concat``, ``split``, ``broadcast_to``,
``tril``, ``triu`` and the creation ops ``zeros``, ``ones``, ``full``, ``arange``
(https://tvm.apache.org/docs/reference/api/python/relax/op.html). All of them are index
arithmetic on lazy tensors; see ``relax.py`` for the conventions."""

from __future__ import annotations

from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import FloatType, IntType, Op
from irverify.semantics.common import fresh_index
from irverify.semantics.registry import semantics
from irverify.semantics.relax import (
    broadcast_index,
    cast,
    checked_dims,
    dim_term,
    fconst,
    load,
    make,
    norm_axis,
    ravel,
    result_type,
    strict_load,
    taken_if,
    unravel,
    want_tensor,
)
from irverify.model.values import Tensor
from irverify.smt import terms as t
from irverify.model.sorts import exists_in

TAKE_MODES = ("fast", "clip", "wrap", "nan")


@semantics("relax.take", attrs=("axis", "mode"))
def take(ctx, op: Op, x, indices):
    """``R.take(x, indices, axis, mode)``: ``out[a.., j.., b..] = x[a.., m(indices[j..]), b..]``
    (topi ``take``). ``m`` per mode for an axis of extent ``d``: ``fast`` the index itself,
    UB unless ``0 <= i < d`` (negative indices are not wrapped); ``clip`` ``min(max(i, 0), d-1)``;
    ``wrap`` ``i mod d`` (floor); ``nan`` the index when in range, otherwise the element is NaN
    (float tensors only: TVM 0.27 fails to compile ``nan`` mode on integer tensors).
    ``axis=None`` needs a 1-D ``x``. An unwritten index element is UB where an output element
    reads it (it is the address of a load)."""
    x, indices = want_tensor(op, x), want_tensor(op, indices, "indices")
    mode, axis = op.attrs["mode"], op.attrs["axis"]
    if mode not in TAKE_MODES:
        raise Unsupported(f"take mode {mode!r}", op.loc)
    if not isinstance(indices.type.elem, IntType) or indices.type.elem.width == 1:
        raise Unsupported(f"take with {indices.type.elem} indices", op.loc)
    if axis is None:
        if x.rank != 1:
            raise Unsupported("take with axis=None on a tensor of rank != 1", op.loc)
        axis = 0
    axis = norm_axis(op, axis, x.rank)
    d = x.dims[axis]
    ft = x.type.elem
    x_name, i_name = (op.operands[0].name or "x"), (op.operands[1].name or "indices")
    where = f"take({x_name}, {i_name}, axis={op.attrs['axis']}, mode={mode})"
    if mode == "nan" and not isinstance(x.type.elem, FloatType):
        raise Unsupported(f"take mode 'nan' on {x.type.elem} (TVM does not compile it)", op.loc)
    dims = x.dims[:axis] + indices.dims + x.dims[axis + 1:]
    dims = checked_dims(ctx, op, dims)
    r = indices.rank
    # Only elements of a non-empty output read x: an empty output reads nothing.
    others_nonempty = t.and_(*(e > 0 for e in x.dims[:axis] + x.dims[axis + 1:]))
    if mode in ("clip", "wrap"):
        ctx.add_ub(t.and_(d == 0, others_nonempty, *(e > 0 for e in indices.dims)),
                   f"{where} on an empty axis")
    if mode == "fast":
        # The precondition depends only on the indices: quantify over their domain.
        j = fresh_index(r, "j")
        ctx.add_ub(t.and_(others_nonempty,
                          exists_in(j, indices.dims, t.not_(_index_inside(indices.at(j), d)))),
                   f"{where} requires 0 <= {i_name}[j] < {t.simplify(d)}")

    def elem(idx):
        index = strict_load(ctx, indices, idx[axis:axis + r], f"{where}: an index")
        raw = t.bv_to_sint(index)
        inside = _index_inside(index, d)
        if mode == "fast":
            pos = raw
        elif mode == "clip":
            pos = t.int_min(t.int_max(raw, t.int_val(0)), d - 1)
        elif mode == "wrap":
            pos = t.floormod(raw, d)
        else:
            pos = raw
        src = idx[:axis] + [pos] + idx[axis + r:]
        if mode != "nan":
            return load(ctx, x, src)
        return t.ite(inside, taken_if(ctx, inside, lambda: load(ctx, x, src)), fconst(ctx, float("nan"), ft))

    return make(ctx, op, dims, elem)


def _index_inside(index_bv, d):
    """``0 <= index < d`` for a signed bit-vector index (compared as bit-vectors when ``d`` is
    static, which keeps integer/bit-vector conversions out of the query)."""
    n, w = t.static_int(d), t.width(index_bv)
    if n is not None and n < (1 << (w - 1)):
        return t.and_(t.sge(index_bv, t.bv_val(0, w)), t.slt(index_bv, t.bv_val(n, w)))
    raw = t.bv_to_sint(index_bv)
    return t.and_(t.le(t.int_val(0), raw), t.lt(raw, d))


@semantics("relax.permute_dims", attrs=("axes",))
def permute_dims(ctx, op: Op, x):
    """``R.permute_dims(x, axes)``: ``out[i_0..i_n]`` reads ``x`` with ``x``'s axis ``axes[k]``
    at ``i_k``; ``axes=None`` reverses the axes."""
    x = want_tensor(op, x)
    axes = op.attrs["axes"]
    axes = list(range(x.rank))[::-1] if axes is None else [norm_axis(op, a, x.rank) for a in axes]
    if sorted(axes) != list(range(x.rank)):
        raise Unsupported(f"permute_dims axes {op.attrs['axes']}", op.loc)
    dims = checked_dims(ctx, op, [x.dims[a] for a in axes])

    def elem(idx):
        src: list[Any] = [None] * x.rank
        for k, a in enumerate(axes):
            src[a] = idx[k]
        return load(ctx, x, src)

    return make(ctx, op, dims, elem)


def _reshaped(ctx, op: Op, x: Tensor, new_dims: list[Any]) -> Tensor:
    """Row-major reinterpretation; the element counts must agree (UB otherwise)."""
    ctx.add_ub(t.product(x.dims) != t.product(new_dims), f"{op.name}: element count changes")
    dims = checked_dims(ctx, op, new_dims)
    return make(ctx, op, dims, lambda idx: load(ctx, x, unravel(ravel(idx, dims), x.dims)))


@semantics("relax.reshape", attrs=("shape",))
def reshape(ctx, op: Op, x):
    """``R.reshape(x, shape)``: row-major; a ``-1`` entry is the remaining extent."""
    x = want_tensor(op, x)
    shape = op.attrs["shape"]
    if sum(1 for s in shape if s == -1) > 1 or any(isinstance(s, int) and s < -1 for s in shape):
        raise Unsupported(f"reshape to {shape}", op.loc)
    dims = [dim_term(ctx, s) for s in shape]
    if -1 in shape:
        k = shape.index(-1)
        rest = t.product([d for j, d in enumerate(dims) if j != k])
        ctx.add_ub(rest == 0, "reshape: -1 next to a zero extent")
        dims[k] = t.simplify(t.floordiv(t.product(x.dims), rest))
    return _reshaped(ctx, op, x, dims)


@semantics("relax.flatten")
def flatten(ctx, op: Op, x):
    """``R.flatten(x)``: the elements of ``x`` in row-major order, as a 1-D tensor."""
    x = want_tensor(op, x)
    return _reshaped(ctx, op, x, [t.product(x.dims)])


@semantics("relax.repeat", attrs=("repeats", "axis"))
def repeat(ctx, op: Op, x):
    """``R.repeat(x, repeats, axis)``: each element repeated ``repeats`` times along ``axis``,
    ``out[..., i, ...] = x[..., i // repeats, ...]`` (``topi.repeat``); without ``axis`` the
    row-major flattening of ``x`` is repeated (TVM's legalization reshapes to 1-D first)."""
    x = want_tensor(op, x)
    reps = op.attrs["repeats"]
    if type(reps) is not int or reps < 1:
        raise Unsupported(f"repeat with repeats={reps!r}", op.loc)
    r = t.int_val(reps)
    if op.attrs["axis"] is None:
        dims = checked_dims(ctx, op, [t.product(x.dims) * r])
        return make(ctx, op, dims, lambda idx: load(ctx, x, unravel(t.floordiv(idx[0], r), x.dims)))
    a = norm_axis(op, op.attrs["axis"], x.rank)
    dims = checked_dims(ctx, op, [d * r if k == a else d for k, d in enumerate(x.dims)])
    return make(ctx, op, dims, lambda idx: load(ctx, x, [t.floordiv(i, r) if k == a else i for k, i in enumerate(idx)]))


@semantics("relax.expand_dims", attrs=("axis",))
def expand_dims(ctx, op: Op, x):
    """``R.expand_dims(x, axis)``: unit dims inserted at ``axis`` (positions in the result)."""
    x = want_tensor(op, x)
    rank = x.rank + len(op.attrs["axis"])
    new = sorted({norm_axis(op, a, rank) for a in op.attrs["axis"]})
    if len(new) != len(op.attrs["axis"]):
        raise Unsupported(f"expand_dims axis {op.attrs['axis']}", op.loc)
    kept = [k for k in range(rank) if k not in new]
    dims: list[Any] = [t.int_val(1)] * rank
    for k, d in zip(kept, x.dims):
        dims[k] = d
    dims = checked_dims(ctx, op, dims)
    return make(ctx, op, dims, lambda idx: load(ctx, x, [idx[k] for k in kept]))


@semantics("relax.squeeze", attrs=("axis",))
def squeeze(ctx, op: Op, x):
    """``R.squeeze(x, axis)``: removes the listed unit dims (UB if one is not 1); ``axis=None``
    removes every dim that is statically 1."""
    x = want_tensor(op, x)
    axis = op.attrs["axis"]
    if axis is None:
        gone = [k for k, d in enumerate(x.dims) if t.static_int(d) == 1]
        if any(t.static_int(d) is None for d in x.dims):
            raise Unsupported("squeeze(axis=None) of a tensor with symbolic dims", op.loc)
    else:
        gone = sorted({norm_axis(op, a, x.rank) for a in axis})
    for k in gone:
        ctx.add_ub(x.dims[k] != 1, f"squeeze: dim {k} is not 1")
    kept = [k for k in range(x.rank) if k not in gone]
    dims = checked_dims(ctx, op, [x.dims[k] for k in kept])

    def elem(idx):
        src = [t.int_val(0)] * x.rank
        for k, i in zip(kept, idx):
            src[k] = i
        return load(ctx, x, src)

    return make(ctx, op, dims, elem)


@semantics("relax.strided_slice", attrs=("axes", "begin", "end", "strides", "assume_inbound"))
def strided_slice(ctx, op: Op, x):
    """``R.strided_slice(x, axes, begin, end, strides, assume_inbound)`` with TVM's shape rule
    (``src/relax/op/tensor/index.cc`` and ``topi/detail/strided_slice.h``): a negative begin/end
    counts from the end, then both are clamped to ``[0, d]`` (``[-1, d-1]`` for a negative
    stride); the extent is ``floordiv(end - begin + stride - 1, stride)`` for a positive stride
    and ``floordiv(begin - end - stride - 1, -stride)`` for a negative one, with no clamping at
    0. A reversed range (negative extent) makes TVM's allocation fail at run time (UB here);
    when the dim is static TVM refuses to compile any reversed range, so that is unsupported.
    With ``assume_inbound=True`` an out-of-range begin/end is UB."""
    x = want_tensor(op, x)
    axes = [norm_axis(op, a, x.rank) for a in op.attrs["axes"]]
    begin, end = op.attrs["begin"], op.attrs["end"]
    strides = op.attrs.get("strides") or [1] * len(axes)
    if not (len(axes) == len(begin) == len(end) == len(strides)) or len(set(axes)) != len(axes):
        raise Unsupported("strided_slice with inconsistent axes/begin/end/strides", op.loc)
    starts, steps = [t.int_val(0)] * x.rank, [t.int_val(1)] * x.rank
    dims = list(x.dims)
    for a, b, e, s in zip(axes, begin, end, strides):
        if not isinstance(s, int) or s == 0:
            raise Unsupported(f"strided_slice stride {s}", op.loc)
        d = x.dims[a]
        b_t, e_t = _slice_bound(ctx, op, dim_term(ctx, b), d, s), _slice_bound(ctx, op, dim_term(ctx, e), d, s)
        span = e_t - b_t if s > 0 else b_t - e_t
        length = t.simplify(t.floordiv(span + abs(s) - 1, t.int_val(abs(s))))
        if t.static_bool(span < 0) is True and t.static_int(d) is not None:
            raise Unsupported(f"strided_slice of axis {a} from {b} to {e} by {s} on extent {t.static_int(d)}: "
                              "the range is reversed and TVM does not compile it", op.loc)
        ctx.add_ub(length < 0, f"strided_slice: axis {a} from {b} to {e} by {s} has a negative extent "
                               "(TVM's allocation fails at run time)")
        starts[a], steps[a], dims[a] = b_t, t.int_val(s), length
    dims = checked_dims(ctx, op, dims)
    return make(ctx, op, dims, lambda idx: load(ctx, x, [st + i * sp for st, i, sp in zip(starts, idx, steps)]))


def _slice_bound(ctx, op: Op, v, d, stride: int):
    v = t.simplify(t.ite(v < 0, v + d, v))
    lo, hi = (t.int_val(0), d) if stride > 0 else (t.int_val(-1), d - 1)
    if op.attrs["assume_inbound"]:
        ctx.add_ub(t.or_(v < lo, v > hi), "strided_slice(assume_inbound=True): begin/end out of range")
        return v
    return t.simplify(t.int_min(t.int_max(v, lo), hi))


@semantics("relax.concat", attrs=("axis",))
def concat(ctx, op: Op, *xs):
    """``R.concat(tensors, axis)``: the other dims must agree (UB otherwise)."""
    xs = [want_tensor(op, x) for x in xs]
    rank = xs[0].rank
    axis = norm_axis(op, op.attrs["axis"], rank)
    for x in xs[1:]:
        for k in range(rank):
            if k != axis:
                ctx.add_ub(x.dims[k] != xs[0].dims[k], f"concat: dim {k} differs between operands")
    offsets, acc = [], t.int_val(0)
    for x in xs:
        offsets.append(acc)
        acc = t.simplify(acc + x.dims[axis])
    dims = checked_dims(ctx, op, xs[0].dims[:axis] + [acc] + xs[0].dims[axis + 1:])

    def elem(idx):
        i = idx[axis]

        def piece(x, off):
            return load(ctx, x, idx[:axis] + [i - off] + idx[axis + 1:])

        out = taken_if(ctx, i >= offsets[-1], lambda: piece(xs[-1], offsets[-1]))
        for k in range(len(xs) - 2, -1, -1):
            x, off = xs[k], offsets[k]
            here = t.and_(i >= off, i < off + x.dims[axis])
            out = t.ite(i < off + x.dims[axis], taken_if(ctx, here, lambda x=x, off=off: piece(x, off)), out)
        return out

    return make(ctx, op, dims, elem)


@semantics("relax.split", attrs=("indices_or_sections", "axis"))
def split(ctx, op: Op, x):
    """``R.split(x, indices_or_sections, axis)``: ``n`` sections of ``ceil(d/n)`` (the last ones
    shorter), or the pieces between the split indices (clamped to ``d``); a tuple."""
    x = want_tensor(op, x)
    axis = norm_axis(op, op.attrs["axis"], x.rank)
    spec = op.attrs["indices_or_sections"]
    d = x.dims[axis]
    if isinstance(spec, int):
        if spec <= 0:
            raise Unsupported(f"split into {spec} sections", op.loc)
        size = t.ceildiv(d, t.int_val(spec))
        bounds = [t.int_min(size * k, d) for k in range(spec)] + [d]
    else:
        bounds = [t.int_val(0)] + [t.int_min(dim_term(ctx, i), d) for i in spec] + [d]
    out = []
    for k in range(len(bounds) - 1):
        lo = t.simplify(bounds[k])
        hi = t.simplify(t.int_max(bounds[k + 1], lo))
        dims = checked_dims(ctx, _result_k(op, k), x.dims[:axis] + [t.simplify(hi - lo)] + x.dims[axis + 1:])
        out.append(make(ctx, _result_k(op, k), dims,
                        lambda idx, lo=lo: load(ctx, x, idx[:axis] + [idx[axis] + lo] + idx[axis + 1:])))
    from irverify.model.values import TupleValue

    return TupleValue(out)


def _result_k(op: Op, k: int) -> Op:
    """A view of ``op`` whose single result is field ``k`` of its tuple result."""
    from irverify.ir.core import TupleType, Value

    ty = op.results[0].type
    if not isinstance(ty, TupleType):
        raise Unsupported("split result that is not a tuple", op.loc)
    return Op(op.name, op.operands, [Value(ty.fields[k])], op.attrs, [], op.loc)


@semantics("relax.broadcast_to", attrs=("shape",))
def broadcast_to(ctx, op: Op, x):
    """``R.broadcast_to(x, shape)``: numpy broadcasting of ``x`` to ``shape``."""
    x = want_tensor(op, x)
    target = [dim_term(ctx, s) for s in op.attrs["shape"]]
    if len(target) < x.rank:
        raise Unsupported("broadcast_to a lower rank", op.loc)
    off = len(target) - x.rank
    for k, d in enumerate(x.dims):
        ctx.add_ub(t.and_(d != 1, d != target[off + k]), f"broadcast_to: dim {k} is not broadcastable")
    dims = checked_dims(ctx, op, target)
    return make(ctx, op, dims, lambda idx: load(ctx, x, broadcast_index(x, idx, dims)))


@semantics("relax.tril", attrs=("k",))
def tril(ctx, op: Op, x):
    """``R.tril(x, k)``: ``x`` with the elements above diagonal ``k`` of its last two axes set to
    zero, ``out[.., i, j] = x[.., i, j]`` where ``j <= i + k``, else 0 (TVM's legalization,
    ``topi.trilu``: ``Select(j <= i + k, x, 0)``; ``k < 0`` is below the main diagonal)."""
    return _trilu(ctx, op, x, lambda i, j, k: j <= i + k)


@semantics("relax.triu", attrs=("k",))
def triu(ctx, op: Op, x):
    """``R.triu(x, k)``: the elements below diagonal ``k`` set to zero, ``out[.., i, j] =
    x[.., i, j]`` where ``j >= i + k``, else 0 (``topi.trilu``)."""
    return _trilu(ctx, op, x, lambda i, j, k: j >= i + k)


def _trilu(ctx, op: Op, x, keep) -> Tensor:
    """The zeroed elements read nothing: an unwritten element there does not reach the result."""
    x = want_tensor(op, x)
    k = op.attrs.get("k")
    if x.rank < 2 or not isinstance(k, int) or isinstance(k, bool):
        raise Unsupported(f"'{op.name}' of a rank-{x.rank} tensor with k = {k!r} (a constant k, rank >= 2)", op.loc)
    zero = _scalar_const(ctx, 0, x.type.elem)

    def elem(idx):
        kept = keep(idx[-2], idx[-1], k)
        return t.ite(kept, taken_if(ctx, kept, lambda: load(ctx, x, idx)), zero)

    return make(ctx, op, checked_dims(ctx, op, list(x.dims)), elem)


def _filled(ctx, op: Op, value_of):
    ty = result_type(op)
    if op.attrs["dtype"] != _dtype(ty.elem):
        raise Unsupported(f"'{op.name}' dtype {op.attrs['dtype']}", op.loc)
    dims = checked_dims(ctx, op, [dim_term(ctx, s) for s in op.attrs["shape"]])
    for k, d in enumerate(dims):
        ctx.add_ub(d < 0, f"{op.name}: negative extent in dim {k}")
    return make(ctx, op, dims, lambda idx: value_of(ty.elem))


def _dtype(elem) -> str:
    from irverify.semantics.relax import dtype_name

    return dtype_name(elem)


def _scalar_const(ctx, value, elem):
    return fconst(ctx, float(value), elem) if isinstance(elem, FloatType) else t.bv_val(int(value), elem.width)


@semantics("relax.zeros", attrs=("shape", "dtype"))
def zeros(ctx, op: Op):
    """``R.zeros(shape, dtype)``."""
    return _filled(ctx, op, lambda elem: _scalar_const(ctx, 0, elem))


@semantics("relax.ones", attrs=("shape", "dtype"))
def ones(ctx, op: Op):
    """``R.ones(shape, dtype)``."""
    return _filled(ctx, op, lambda elem: _scalar_const(ctx, 1, elem))


@semantics("relax.full", attrs=("shape", "dtype"))
def full(ctx, op: Op, fill):
    """``R.full(shape, fill_value, dtype)``: ``fill_value`` (0-d) converted to ``dtype``."""
    fill = want_tensor(op, fill, "fill value")
    if fill.rank != 0:
        raise Unsupported("full with a fill value that is not 0-d", op.loc)
    return _filled(ctx, op, lambda elem: cast(ctx, load(ctx, fill, []), fill.type.elem, elem))


def _filled_like(ctx, op: Op, x, value_of):
    """A tensor of ``x``'s extents whose elements are ``value_of(elem)``; ``dtype`` None keeps
    ``x``'s dtype (``src/relax/op/tensor/create.cc``, ``InferStructInfoOnesLikeZerosLike``)."""
    x = want_tensor(op, x)
    ty = result_type(op)
    want = op.attrs["dtype"] if op.attrs["dtype"] is not None else _dtype(x.type.elem)
    if want != _dtype(ty.elem) or len(ty.shape) != x.rank:
        raise Unsupported(f"'{op.name}' dtype {op.attrs['dtype']} for {ty}", op.loc)
    return make(ctx, op, list(x.dims), lambda idx: value_of(ty.elem))


@semantics("relax.zeros_like", attrs=("dtype",))
def zeros_like(ctx, op: Op, x):
    """``R.zeros_like(x, dtype)``: zeros of ``x``'s shape."""
    return _filled_like(ctx, op, x, lambda elem: _scalar_const(ctx, 0, elem))


@semantics("relax.ones_like", attrs=("dtype",))
def ones_like(ctx, op: Op, x):
    """``R.ones_like(x, dtype)``: ones of ``x``'s shape."""
    return _filled_like(ctx, op, x, lambda elem: _scalar_const(ctx, 1, elem))


@semantics("relax.full_like", attrs=("dtype",))
def full_like(ctx, op: Op, x, fill):
    """``R.full_like(x, fill_value, dtype)``: ``fill_value`` (0-d) converted to the dtype, in
    ``x``'s shape."""
    fill = want_tensor(op, fill, "fill value")
    if fill.rank != 0:
        raise Unsupported("full_like with a fill value that is not 0-d", op.loc)
    return _filled_like(ctx, op, x, lambda elem: cast(ctx, load(ctx, fill, []), fill.type.elem, elem))


@semantics("relax.arange", attrs=("start", "end", "step", "dtype"))
def arange(ctx, op: Op):
    """``R.arange(start, end, step, dtype)`` for integer dtypes: elements ``start + i*step``.
    TVM's type inference (``src/relax/op/tensor/create.cc``) gives the extent
    ``floordiv(end - start + step - 1, step)``, which is wrong for a negative step
    (``arange(5, 0, -2)`` is typed with 4 elements); with constant bounds the legalization
    returns ``numpy.arange``'s ``max(0, ceil((end - start) / step))`` elements (3), and that is
    the value modelled, whatever the type says. With symbolic bounds the step must be a positive
    constant (both rules agree there); a negative extent is UB (the allocation fails)."""
    ty = result_type(op)
    vals = [op.attrs[k] for k in ("start", "end", "step")]
    if not isinstance(ty.elem, IntType) or ty.elem.width == 1 or any(isinstance(v, float) for v in vals):
        raise Unsupported("arange with float bounds or dtype", op.loc)
    if op.attrs["dtype"] != _dtype(ty.elem):
        raise Unsupported(f"arange dtype {op.attrs['dtype']}", op.loc)
    start, end, step = (dim_term(ctx, v) for v in vals)
    if all(isinstance(v, int) for v in vals):
        if vals[2] == 0:
            raise Unsupported("arange with step 0", op.loc)
        n = len(range(*vals))
        declared = ty.shape[0] if ty.rank == 1 else None
        typed = (vals[1] - vals[0] + vals[2] - 1) // vals[2]
        if declared == typed and typed != n:  # TVM's mistyped extent; the value has n elements
            return make(ctx, op, [t.int_val(n)], lambda idx: t.int_to_bv(start + idx[0] * step, ty.elem.width))
        dims = checked_dims(ctx, op, [t.int_val(n)])
    else:
        if not isinstance(vals[2], int) or vals[2] <= 0:
            raise Unsupported(f"arange with symbolic bounds and step {vals[2]}", op.loc)
        n = t.simplify(t.floordiv(end - start + step - 1, step))
        ctx.add_ub(n < 0, "arange: negative extent (TVM's allocation fails)")
        dims = checked_dims(ctx, op, [n])
    return make(ctx, op, dims, lambda idx: t.int_to_bv(start + idx[0] * step, ty.elem.width))
