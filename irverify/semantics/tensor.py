"""``tensor`` dialect semantics (https://mlir.llvm.org/docs/Dialects/TensorOps/).

Tensors are lazy index functions: every data-movement op composes index arithmetic over its
operands, so the size of a query never depends on the size of a tensor. Whether an element is
poison (``defined`` is false) moves with the element: the elements of ``tensor.empty`` are
poison (nobody wrote them), so are a slice of them and the elements an ``insert_slice`` does not
overwrite; ``tensor.extract`` of a poison element is a poison scalar (not UB), and an inserted,
splat or padding scalar that is poison makes its elements poison.

UB (runtime preconditions of the ops): out-of-range ``tensor.dim`` index, out-of-bounds
``extract``/``insert`` index and slices, a poison index, size or offset,
a static result dim of ``tensor.cast``/``expand_shape``/``reshape``/... that differs from the
runtime extent, ``expand_shape`` output sizes whose product differs from the source extent,
``tensor.reshape`` changing the element count, negative dynamic sizes.

Slice ops (``extract_slice``, ``insert_slice``) live in ``tensor_slices``.
Tensors with an encoding attribute are not modelled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import IndexType, IntType, Op, TensorType
from irverify.semantics.common import (
    DYNAMIC,
    fresh_index,
    result_dims,
    static_or_dynamic,
    tensor_from_template,
)
from irverify.semantics.registry import semantics
from irverify.model.values import Scalar, Tensor
from irverify.smt import terms as t


# ----------------------------------------------------------------------------- helpers


def reject_encodings(op: Op) -> None:
    """Tensors with an encoding attribute (layouts, sparsity, ...) are not modelled."""
    for v in [*op.operands, *op.results]:
        if isinstance(v.type, TensorType) and v.type.encoding is not None:
            raise Unsupported(f"tensor with encoding {v.type.encoding} in '{op.name}'", op.loc)


def index_term(s: Scalar) -> Any:
    """An ``index`` or integer scalar as an Int term (integers read as signed)."""
    if isinstance(s.type, IndexType):
        return s.term
    if isinstance(s.type, IntType):
        return t.bv_to_sint(s.term)
    raise TypeError(f"not an index: {s.type}")


def non_negative_sizes(ctx, op: Op, sizes: Sequence[Any], what: str = "size") -> None:
    for k, s in enumerate(sizes):
        if t.static_int(s) is None:
            ctx.add_ub(s < 0, f"{op.name}: negative {what} in dim {k}")


def dims_from_type(ctx, op: Op, ttype: TensorType, dynamic: Sequence[Scalar]) -> list[Any]:
    """The extents of ``ttype`` with one dynamic operand per ``?`` (negative ones are UB)."""
    dyn = iter(dynamic)
    dims = [t.int_val(d) if d is not None else index_term(next(dyn)) for d in ttype.shape]
    non_negative_sizes(ctx, op, dims)
    return dims


def map_tensor(ttype: TensorType, dims: list[Any], src: Tensor, to_src) -> Tensor:
    """A tensor whose element at ``idx`` is ``src``'s element at ``to_src(idx)`` (defined-ness
    moves with the element)."""
    defined = None if src.defined is None else (lambda idx: src.is_defined(to_src(idx)))
    return Tensor(ttype, dims, lambda idx: src.at(to_src(idx)), defined)


def linearize(idx: Sequence[Any], dims: Sequence[Any]) -> Any:
    """Row-major position of ``idx`` in a tensor of extents ``dims``."""
    pos = t.int_val(0)
    for i, d in zip(idx, dims):
        pos = pos * d + i
    return pos


def delinearize(pos: Any, dims: Sequence[Any]) -> list[Any]:
    """The row-major index of position ``pos`` in extents ``dims`` (``floordiv``/``floormod``)."""
    out = []
    for k in range(len(dims) - 1, 0, -1):
        out.append(t.floormod(pos, dims[k]))
        pos = t.floordiv(pos, dims[k])
    out.append(pos)
    return out[::-1]


def reassociation(op: Op, src_rank: int, dst_rank: int) -> list[list[int]]:
    """The ``reassociation`` groups (lists of dims of the higher-rank side)."""
    groups = op.attrs.get("reassociation")
    if not isinstance(groups, list) or not all(isinstance(g, list) for g in groups):
        raise Unsupported(f"reassociation {groups}", op.loc)
    if len(groups) != dst_rank or sorted(d for g in groups for d in g) != list(range(src_rank)):
        if not (len(groups) == 0 and dst_rank == 0):
            raise Unsupported(f"reassociation {groups}", op.loc)
    return [[int(d) for d in g] for g in groups]


# ----------------------------------------------------------------------------- creation


@semantics("tensor.empty", poison_ub={"all": "a dynamic size"})
def empty(ctx, op: Op, *dynamic: Scalar):
    """A tensor of the result type whose elements are all poison (never written)."""
    reject_encodings(op)
    ttype = op.results[0].type
    dims = dims_from_type(ctx, op, ttype, dynamic)
    from irverify.model.sorts import element, scalar_sort

    junk = element(t.const(t.fresh_name("empty"), scalar_sort(ttype.elem, ctx.fp)), ttype.elem)
    return Tensor(ttype, dims, lambda idx: junk, lambda idx: t.false())


@semantics("tensor.splat", poison_ub={"1:": "a size"})
def splat(ctx, op: Op, value: Scalar, *dynamic: Scalar):
    """Every element is ``value`` (poison if it is); dynamic extents come from the operands."""
    reject_encodings(op)
    ttype = op.results[0].type
    defined = None if value.poison is None else (lambda idx: t.not_(value.poison))
    return Tensor(ttype, dims_from_type(ctx, op, ttype, dynamic), lambda idx: value.term, defined)


@semantics("tensor.from_elements")
def from_elements(ctx, op: Op, *elements: Scalar):
    """A static-shaped tensor holding the operands in row-major order (poison where they are)."""
    reject_encodings(op)
    ttype = op.results[0].type
    dims = [t.int_val(d) for d in ttype.shape]

    def chain(idx, terms):
        pos = linearize(idx, dims)
        out = terms[-1]
        for k in range(len(terms) - 2, -1, -1):
            out = t.ite(pos == k, terms[k], out)
        return out

    defined = None
    if any(e.poison is not None for e in elements):
        def defined(idx):
            return chain(idx, [t.not_(e.is_poison()) for e in elements])

    return Tensor(ttype, dims, lambda idx: chain(idx, [e.term for e in elements]), defined)


@semantics("tensor.generate", poison_ub={"all": "a dynamic size"})
def generate(ctx, op: Op, *dynamic: Scalar):
    """The element at ``idx`` is what the body yields for index arguments ``idx``; UB in the
    body at any in-bounds index is UB of the op."""
    reject_encodings(op)
    ttype = op.results[0].type
    dims = dims_from_type(ctx, op, ttype, dynamic)
    body = op.regions[0][0]

    def make(idx):
        (out,) = ctx.run_block(body, [Scalar(i, IndexType()) for i in idx])
        return out

    return tensor_from_template(ctx, ttype, dims, make)


# ----------------------------------------------------------------------------- queries and casts


@semantics("tensor.dim", poison_ub={"1": "the dim index"})
def dim(ctx, op: Op, src: Tensor, index: Scalar):
    """The extent of dimension ``index``; an index outside ``[0, rank)`` is UB."""
    reject_encodings(op)
    k = index.term
    ctx.add_ub(t.not_(t.in_range(k, t.int_val(src.rank))), "tensor.dim: dimension index out of range")
    if src.rank == 0:
        return Scalar(t.const(t.fresh_name("dim"), t.int_sort()), IndexType())
    out = src.dims[-1]
    for j in range(src.rank - 2, -1, -1):
        out = t.ite(k == j, src.dims[j], out)
    return Scalar(out, IndexType())


@semantics("tensor.rank")
def rank(ctx, op: Op, src: Tensor):
    """The rank of the operand (static)."""
    reject_encodings(op)
    return Scalar(t.int_val(src.rank), IndexType())


@semantics("tensor.cast")
def cast(ctx, op: Op, src: Tensor):
    """The same elements under another type; a static result dim that differs from the runtime
    extent is UB."""
    reject_encodings(op)
    ttype = op.results[0].type
    if not isinstance(ttype, TensorType) or ttype.rank != src.rank:
        raise Unsupported(f"tensor.cast to {ttype}", op.loc)
    dims = result_dims(ctx, ttype, src.dims, op)
    return Tensor(ttype, dims, src.elem, src.defined)


# ----------------------------------------------------------------------------- reshapes


@semantics("tensor.collapse_shape", attrs=("reassociation",))
def collapse_shape(ctx, op: Op, src: Tensor):
    """Result dim ``g`` is the row-major product of source dims in group ``g``; an element's
    source index is the row-major decomposition of its coordinate in the group."""
    reject_encodings(op)
    ttype = op.results[0].type
    groups = reassociation(op, src.rank, ttype.rank)
    dims = result_dims(ctx, ttype, [t.product([src.dims[d] for d in g]) for g in groups], op)

    def to_src(idx):
        out = [t.int_val(0)] * src.rank  # dims outside every group are unit dims
        for g, i in zip(groups, idx):
            for d, v in zip(g, delinearize_in_bounds(i, [src.dims[d] for d in g])):
                out[d] = v
        return out

    return map_tensor(ttype, dims, src, to_src)


def delinearize_in_bounds(pos: Any, dims: Sequence[Any]) -> list[Any]:
    """``delinearize`` for a position inside the group (``0 <= pos < product(dims)``, as every
    element of the collapsed tensor is): when all dims but one are static 1 (a unit dim folded
    into its neighbour) the index is ``pos`` in that dim and 0 in the unit dims, which is what
    the division and remainder give there, without them."""
    units = [t.static_int(d) == 1 for d in dims]
    if sum(not u for u in units) <= 1:
        return [t.int_val(0) if u else pos for u in units]
    return delinearize(pos, dims)


@semantics("tensor.expand_shape", attrs=("reassociation", "static_output_shape"),
           poison_ub={"1:": "an output size"})
def expand_shape(ctx, op: Op, src: Tensor, *dynamic: Scalar):
    """Result dims are ``output_shape``; the product of the result dims in group ``g`` must
    equal source dim ``g`` (UB otherwise); an element's source coordinate is the row-major
    linearisation of its coordinates in the group."""
    reject_encodings(op)
    ttype = op.results[0].type
    groups = reassociation(op, ttype.rank, src.rank)
    dims = static_or_dynamic(op.attrs["static_output_shape"], dynamic)
    non_negative_sizes(ctx, op, dims, "output size")
    dims = result_dims(ctx, ttype, dims, op)
    for k, g in enumerate(groups):
        ctx.add_ub(src.dims[k] != t.product([dims[d] for d in g]),
                   f"tensor.expand_shape: source dim {k} differs from the product of its output sizes")
    if not groups:
        for d in dims:
            ctx.add_ub(d != 1, "tensor.expand_shape: expanding a 0-d tensor into non-unit dims")

    def to_src(idx):
        return [linearize([idx[d] for d in g], [dims[d] for d in g]) for g in groups]

    return map_tensor(ttype, dims, src, to_src)


@semantics("tensor.reshape")
def reshape(ctx, op: Op, src: Tensor, shape: Tensor):
    """Row-major reinterpretation with the extents held in the 1-D ``shape`` operand; an element
    count that differs from the source's, or a negative extent, is UB."""
    reject_encodings(op)
    ttype = op.results[0].type
    n = t.static_int(shape.dims[0])
    if n is None or n != ttype.rank:
        raise Unsupported("tensor.reshape with a dynamic-length shape", op.loc)
    sty = shape.type.elem
    extents = []
    for k in range(n):
        v = shape.scalar_at([t.int_val(k)])
        ctx.require_not_poison(v, f"tensor.reshape: extent {k}")
        extents.append(index_term(Scalar(v.term, sty)))
    for k, e in enumerate(extents):
        ctx.add_ub(e < 0, f"tensor.reshape: negative extent in dim {k}")
    dims = result_dims(ctx, ttype, extents, op)
    ctx.add_ub(t.product(src.dims) != t.product(dims), "tensor.reshape: element count changes")
    return map_tensor(ttype, dims, src, lambda idx: delinearize(linearize(idx, dims), src.dims))


# ----------------------------------------------------------------------------- element access


def check_index(ctx, op: Op, tensor: Tensor, idx: Sequence[Any]) -> None:
    ctx.add_ub(t.not_(tensor.in_bounds(idx)), f"{op.name}: index out of bounds")


@semantics("tensor.extract", poison_ub={"1:": "an index"})
def extract(ctx, op: Op, src: Tensor, *indices: Scalar):
    """The element at the indices (poison if it is, e.g. never written); an out-of-bounds or a
    poison index is UB."""
    reject_encodings(op)
    idx = [i.term for i in indices]
    check_index(ctx, op, src, idx)
    x = src.scalar_at(idx)
    return Scalar(x.term, op.results[0].type, x.poison)


@semantics("tensor.insert", poison_ub={"2:": "an index"})
def insert(ctx, op: Op, value: Scalar, dest: Tensor, *indices: Scalar):
    """``dest`` with the element at the indices replaced (by a poison element if ``value`` is
    poison); an out-of-bounds or a poison index is UB."""
    reject_encodings(op)
    pos = [i.term for i in indices]
    check_index(ctx, op, dest, pos)

    def hit(idx):
        return t.and_(*(a == b for a, b in zip(idx, pos)))

    defined = None if dest.defined is None and value.poison is None else (
        lambda idx: t.ite(hit(idx), t.not_(value.is_poison()), dest.is_defined(idx)))
    return Tensor(op.results[0].type, list(dest.dims),
                  lambda idx: t.ite(hit(idx), value.term, dest.at(idx)), defined)


# ----------------------------------------------------------------------------- pad and concat


def yielded_value_depends_on_args(block) -> bool:
    """Whether the block's terminator operands are computed (transitively) from its arguments."""
    tainted = {a.id for a in block.args}
    for op in block.ops:
        uses = {v.id for v in op.operands}
        for region in op.regions:
            for inner in region:
                uses |= {v.id for o in inner.ops for v in o.operands}
        if uses & tainted:
            if op is block.ops[-1]:
                return True
            tainted |= {r.id for r in op.results}
    return False


@semantics("tensor.pad", attrs=("static_low", "static_high", "nofold"),
           poison_ub={"1:": "a padding amount"})
def pad(ctx, op: Op, src: Tensor, *dynamic: Scalar):
    """Constant padding: result dim ``k`` is ``low[k] + src[k] + high[k]``; elements inside
    ``[low, low + src)`` come from the source, the others are the value the body yields (which
    must not depend on the body's index arguments). Negative padding amounts and a result dim
    that overflows index are UB; UB in the body is UB when at least one padding element exists.
    ``nofold`` does not change the value."""
    reject_encodings(op)
    (block,) = op.regions[0]
    if yielded_value_depends_on_args(block):
        raise Unsupported("tensor.pad whose padding value depends on the index", op.loc)
    low_static, high_static = op.attrs["static_low"], op.attrs["static_high"]
    n_low = sum(1 for s in low_static if s == DYNAMIC)
    low = static_or_dynamic(low_static, dynamic[:n_low])
    high = static_or_dynamic(high_static, dynamic[n_low:])
    for k, (lo, hi) in enumerate(zip(low, high)):
        ctx.add_ub(t.or_(lo < 0, hi < 0), f"tensor.pad: negative padding in dim {k}")
    ttype = op.results[0].type
    computed = [t.simplify(lo + d + hi) for lo, d, hi in zip(low, src.dims, high)]
    for k, c in enumerate(computed):  # the extent is index arithmetic: past 2^63 it overflows
        ctx.add_ub(t.not_(t.in_signed_range(c, 64)), f"tensor.pad: result dim {k} overflows index")
    dims = result_dims(ctx, ttype, computed, op)
    has_padding = t.and_(*(d > 0 for d in dims), t.or_(*(t.or_(lo > 0, hi > 0) for lo, hi in zip(low, high))))
    marker = fresh_index(1, "pad")
    with ctx.elementwise(marker, [t.ite(has_padding, t.int_val(1), t.int_val(0))]):
        (value,) = ctx.run_block(block, [Scalar(v, IndexType()) for v in fresh_index(len(dims), "padarg")])

    def inside(idx):
        return t.and_(*(t.and_(lo <= i, i < lo + d) for i, lo, d in zip(idx, low, src.dims)))

    def to_src(idx):
        return [i - lo for i, lo in zip(idx, low)]

    defined = None if src.defined is None and value.poison is None else (
        lambda idx: t.ite(inside(idx), src.is_defined(to_src(idx)), t.not_(value.is_poison())))
    return Tensor(ttype, dims, lambda idx: t.ite(inside(idx), src.at(to_src(idx)), value.term), defined)


@semantics("tensor.concat", attrs=("dim",))
def concat(ctx, op: Op, *inputs: Tensor):
    """Inputs joined along dimension ``dim``; the other extents must agree (UB otherwise)."""
    reject_encodings(op)
    axis = int(op.attrs["dim"])
    first = inputs[0]
    for k, other in enumerate(inputs[1:], 1):
        for d in range(first.rank):
            if d != axis:
                ctx.add_ub(first.dims[d] != other.dims[d],
                           f"tensor.concat: operand {k} differs from operand 0 in dim {d}")
    starts = [t.int_val(0)]
    for x in inputs:
        starts.append(t.simplify(starts[-1] + x.dims[axis]))
    computed = list(first.dims)
    computed[axis] = starts[-1]
    ttype = op.results[0].type
    dims = result_dims(ctx, ttype, computed, op)

    def shifted(idx, k):
        return [i - starts[k] if d == axis else i for d, i in enumerate(idx)]

    def pick(idx, read):
        out = read(inputs[-1], shifted(idx, len(inputs) - 1))
        for k in range(len(inputs) - 2, -1, -1):
            out = t.ite(idx[axis] < starts[k + 1], read(inputs[k], shifted(idx, k)), out)
        return out

    defined = None
    if any(x.defined is not None for x in inputs):
        defined = lambda idx: pick(idx, lambda x, i: x.is_defined(i))  # noqa: E731
    return Tensor(ttype, dims, lambda idx: pick(idx, lambda x, i: x.at(i)), defined)


from irverify.semantics import tensor_slices as _slices  # noqa: E402,F401  (registers slice ops)
