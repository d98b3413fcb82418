"""``tensor.extract_slice`` and ``tensor.insert_slice``
(https://mlir.llvm.org/docs/Dialects/TensorOps/#tensorextract_slice-tensorextractsliceop).

Offsets, sizes and strides are mixed static (``static_offsets/sizes/strides``) and dynamic
(operands, in order, one per ``DYNAMIC`` entry). A slice is out of bounds, and UB, unless for
every dimension with a positive size both the first (``off``) and the last
(``off + (size - 1) * stride``) accessed coordinates lie in ``[0, dim)``; a negative size is UB.

Rank-reducing forms drop unit dimensions. Which ones is decided as MLIR's
``ExtractSliceOp::getDroppedDims`` does: walking the static sizes, a size of 1 is dropped unless
the next dimension of the reduced type (the result of ``extract_slice``, the source of
``insert_slice``) is a static 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import Op
from irverify.semantics.common import DYNAMIC, result_dims, static_or_dynamic
from irverify.semantics.registry import semantics
from irverify.model.values import Scalar, Tensor
from irverify.smt import terms as t

SLICE_ATTRS = ("static_offsets", "static_sizes", "static_strides")


def mixed_operands(op: Op, dynamic: Sequence[Scalar]) -> tuple[list[Any], list[Any], list[Any]]:
    """Offsets, sizes and strides as index terms (static entries merged with the operands)."""
    out, rest = [], list(dynamic)
    for name in SLICE_ATTRS:
        static = op.attrs[name]
        n = sum(1 for s in static if s == DYNAMIC)
        out.append(static_or_dynamic(static, rest[:n]))
        rest = rest[n:]
    if rest:
        raise Unsupported(f"'{op.name}' with unexpected operands", op.loc)
    return out[0], out[1], out[2]


def dropped_dims(op: Op, reduced_shape: Sequence[int | None]) -> set[int]:
    """The unit dimensions a rank-reducing slice drops (MLIR's ``getDroppedDims``)."""
    sizes = op.attrs["static_sizes"]
    dropped, pos = set(), 0
    for k, size in enumerate(sizes):
        if size != 1 or (pos < len(reduced_shape) and reduced_shape[pos] == 1):
            pos += 1
            continue
        dropped.add(k)
    if len(sizes) - len(dropped) != len(reduced_shape):
        raise Unsupported(f"rank-reducing '{op.name}' whose dropped dims are ambiguous", op.loc)
    return dropped


def check_bounds(ctx, op: Op, dims, offsets, sizes, strides) -> None:
    for k, (d, off, size, stride) in enumerate(zip(dims, offsets, sizes, strides)):
        ctx.add_ub(size < 0, f"{op.name}: negative size in dim {k}")
        last = off + (size - 1) * stride
        inside = t.and_(t.in_range(off, d), t.in_range(last, d))
        ctx.add_ub(t.and_(size > 0, t.not_(inside)), f"{op.name}: slice out of bounds in dim {k}")


@semantics("tensor.extract_slice", attrs=SLICE_ATTRS, poison_ub={"1:": "an offset, size or stride"})
def extract_slice(ctx, op: Op, src: Tensor, *dynamic: Scalar):
    """Result element ``i`` (over the kept dims) is source element ``off + i * stride``
    (dropped dims read at ``off``)."""
    from irverify.semantics.tensor import reject_encodings

    reject_encodings(op)
    offsets, sizes, strides = mixed_operands(op, dynamic)
    check_bounds(ctx, op, src.dims, offsets, sizes, strides)
    ttype = op.results[0].type
    dropped = dropped_dims(op, ttype.shape)
    kept = [k for k in range(src.rank) if k not in dropped]
    dims = result_dims(ctx, ttype, [sizes[k] for k in kept], op)

    def to_src(idx):
        coords = list(offsets)
        for j, k in enumerate(kept):
            coords[k] = offsets[k] + idx[j] * strides[k]
        return coords

    defined = None if src.defined is None else (lambda idx: src.is_defined(to_src(idx)))
    return Tensor(ttype, dims, lambda idx: src.at(to_src(idx)), defined)


def slice_position(op: Op, i, off, size, stride) -> tuple[Any, Any]:
    """(whether destination coordinate ``i`` is written, the slice coordinate written there)."""
    s = t.static_int(stride)
    if s is None:
        raise Unsupported("tensor.insert_slice with a dynamic stride", op.loc)
    if s == 1:
        k = i - off
        return t.in_range(k, size), k
    if s == 0:
        if t.static_int(size) != 1:
            raise Unsupported("tensor.insert_slice with stride 0 (overlapping writes)", op.loc)
        return i == off, t.int_val(0)
    k = t.floordiv(i - off, stride)
    return t.and_(t.floormod(i - off, stride) == 0, t.in_range(k, size)), k


@semantics("tensor.insert_slice", attrs=SLICE_ATTRS, poison_ub={"2:": "an offset, size or stride"})
def insert_slice(ctx, op: Op, src: Tensor, dest: Tensor, *dynamic: Scalar):
    """``dest`` with the slice ``off + k * stride`` (``k < size``) replaced by ``src``; the
    source extents must equal the sizes of the kept dims (UB otherwise)."""
    from irverify.semantics.tensor import reject_encodings

    reject_encodings(op)
    offsets, sizes, strides = mixed_operands(op, dynamic)
    check_bounds(ctx, op, dest.dims, offsets, sizes, strides)
    dropped = dropped_dims(op, src.type.shape)
    kept = [k for k in range(dest.rank) if k not in dropped]
    for j, k in enumerate(kept):
        ctx.add_ub(src.dims[j] != sizes[k], f"tensor.insert_slice: source dim {j} differs from size {k}")
    for k in range(dest.rank):  # fail early on unsupported strides
        slice_position(op, t.int_val(0), offsets[k], sizes[k], strides[k])

    def locate(idx):
        conds, src_idx = [], []
        for k in range(dest.rank):
            c, pos = slice_position(op, idx[k], offsets[k], sizes[k], strides[k])
            conds.append(c)
            if k not in dropped:
                src_idx.append(pos)
        return t.and_(*conds), src_idx

    def elem(idx):
        inside, sidx = locate(idx)
        return t.ite(inside, src.at(sidx), dest.at(idx))

    def defined(idx):
        inside, sidx = locate(idx)
        return t.ite(inside, src.is_defined(sidx), dest.is_defined(idx))

    has_undef = src.defined is not None or dest.defined is not None
    return Tensor(op.results[0].type, list(dest.dims), elem, defined if has_undef else None)
