"""``vector`` dialect ops on fixed-size vectors (a vector value is a ``Tensor`` of a static
``VectorType``; scalable vectors are rejected by the frontend).

Upstream doc: https://mlir.llvm.org/docs/Dialects/Vector/ (``vector.broadcast``,
``vector.extract``; ``step``, ``transpose``, ``create_mask``, ``constant_mask``,
``shape_cast`` and ``contract`` are documented at their functions; ``transfer_read``/``transfer_write`` live in
``vector_transfer``).

* ``vector.broadcast %s : S to vector<t_1 x ... x t_n x T>``: ``S`` is the element type ``T`` or a
  vector ``<s_1 x ... x s_k x T>`` with ``k <= n`` whose sizes match the trailing result sizes
  (``s_j = t_{n-k+j}`` or ``s_j = 1``, a stretched dim). Result element ``(i_1, ..., i_n)`` is the
  scalar ``s``, or source element ``(a_1, ..., a_k)`` with ``a_j = 0`` for a stretched dim and
  ``a_j = i_{n-k+j}`` otherwise. Poison elements are copied with their values.
* ``vector.extract %v[p_1, ..., p_m]`` with static positions (``static_position``): the element
  (``m = rank``) or the sub-vector (``m < rank``) at ``(p_1, ..., p_m)``. A position of ``-1``
  (``kPoisonIndex``) gives a poison result, as the op's definition says; the verifier rejects
  any other out-of-range static position. Dynamic positions are unsupported (an out-of-range
  dynamic position has an undefined result, which is neither poison nor UB).
"""

from __future__ import annotations

from irverify.errors import Unsupported
from irverify.ir.core import IndexType, IntType, Op, VectorType
from irverify.semantics.registry import semantics
from irverify.model.values import Scalar, Tensor, any_poison
from irverify.smt import terms as t

POISON_INDEX = -1  # mlir::vector::ExtractOp::kPoisonIndex


def _vector(op: Op, v, what: str) -> Tensor:
    if not isinstance(v, Tensor) or not isinstance(v.type, VectorType):
        raise Unsupported(f"'{op.name}' {what} that is not a fixed-size vector", op.loc)
    return v


@semantics("vector.broadcast")
def broadcast(ctx, op: Op, src):
    """Duplicate a scalar or a vector along the leading and the unit dims (see above)."""
    rt = op.results[0].type
    if not isinstance(rt, VectorType):
        raise Unsupported(f"'vector.broadcast' result of type {rt}", op.loc)
    dims = [t.int_val(d) for d in rt.shape]
    if isinstance(src, Scalar):
        if src.type != rt.elem:
            raise Unsupported("'vector.broadcast' of another element type", op.loc)
        defined = None if src.poison is None else (lambda idx: t.not_(src.poison))
        return Tensor(rt, dims, lambda idx: src.term, defined)
    v = _vector(op, src, "source")
    n, k = len(rt.shape), v.rank
    shape = v.type.shape
    if k > n or v.type.elem != rt.elem:
        raise Unsupported(f"'vector.broadcast' from {v.type} to {rt}", op.loc)
    for j in range(k):
        if shape[j] not in (1, rt.shape[n - k + j]):
            raise Unsupported(f"'vector.broadcast' from {v.type} to {rt}", op.loc)

    def src_index(idx):
        return [t.int_val(0) if shape[j] == 1 and rt.shape[n - k + j] != 1 else idx[n - k + j]
                for j in range(k)]

    defined = None if v.defined is None else (lambda idx: v.is_defined(src_index(idx)))
    return Tensor(rt, dims, lambda idx: v.at(src_index(idx)), defined)


@semantics("vector.extract", attrs=("static_position",), poison_ub={"1:": "a position"})
def extract(ctx, op: Op, src, *dynamic):
    """The element or sub-vector at static positions (see above)."""
    v = _vector(op, src, "source")
    pos = op.attrs.get("static_position")
    if dynamic or not isinstance(pos, list) or any(not isinstance(p, int) for p in pos):
        raise Unsupported("'vector.extract' with dynamic positions", op.loc)
    if len(pos) > v.rank:
        raise Unsupported("'vector.extract' positions", op.loc)
    rt = op.results[0].type
    poison = POISON_INDEX in pos
    if not poison and any(not 0 <= p < d for p, d in zip(pos, v.type.shape)):
        raise Unsupported(f"'vector.extract' position {pos} outside {v.type}", op.loc)
    prefix = [t.int_val(max(p, 0)) for p in pos]
    if len(pos) == v.rank:
        if isinstance(rt, VectorType) or rt != v.type.elem:
            raise Unsupported(f"'vector.extract' result of type {rt}", op.loc)
        s = v.scalar_at(prefix)
        return Scalar(s.term, s.type, t.true()) if poison else s
    if not isinstance(rt, VectorType) or tuple(rt.shape) != tuple(v.type.shape[len(pos):]):
        raise Unsupported(f"'vector.extract' result of type {rt}", op.loc)
    if poison:
        return Tensor(rt, [t.int_val(d) for d in rt.shape], lambda idx: v.at(prefix + list(idx)),
                      lambda idx: t.false())
    defined = None if v.defined is None else (lambda idx: v.is_defined(prefix + list(idx)))
    return Tensor(rt, [t.int_val(d) for d in rt.shape], lambda idx: v.at(prefix + list(idx)), defined)


@semantics("vector.step")
def step(ctx, op: Op):
    """``vector.step : vector<N x index>``: the vector ``[0, 1, ..., N-1]``."""
    rt = op.results[0].type
    if not isinstance(rt, VectorType) or len(rt.shape) != 1 or not isinstance(rt.elem, IndexType):
        raise Unsupported(f"'vector.step' result of type {rt}", op.loc)
    return Tensor(rt, [t.int_val(rt.shape[0])], lambda idx: idx[0])


@semantics("vector.transpose", attrs=("permutation",))
def transpose(ctx, op: Op, src):
    """``vector.transpose %v, [p_0, ..., p_{n-1}]``: result dim ``k`` is source dim ``p_k``, so
    result element ``i`` is source element ``j`` with ``j_{p_k} = i_k``. Poison moves with it."""
    v = _vector(op, src, "source")
    perm = op.attrs.get("permutation")
    rt = op.results[0].type
    if (not isinstance(perm, list) or sorted(perm) != list(range(v.rank)) or not isinstance(rt, VectorType)
            or tuple(rt.shape) != tuple(v.type.shape[p] for p in perm) or rt.elem != v.type.elem):
        raise Unsupported(f"'vector.transpose' permutation {perm} from {v.type} to {rt}", op.loc)

    def src_index(idx):
        j = [None] * len(perm)
        for k, p in enumerate(perm):
            j[p] = idx[k]
        return j

    defined = None if v.defined is None else (lambda idx: v.is_defined(src_index(idx)))
    return Tensor(rt, [t.int_val(d) for d in rt.shape], lambda idx: v.at(src_index(idx)), defined)


def _mask_type(op: Op) -> VectorType:
    rt = op.results[0].type
    if not isinstance(rt, VectorType) or rt.elem != IntType(1):
        raise Unsupported(f"'{op.name}' result of type {rt}", op.loc)
    return rt


@semantics("vector.create_mask")
def create_mask(ctx, op: Op, *bounds: Scalar):
    """``vector.create_mask %b_1, ..., %b_n : vector<s_1 x ... x s_n x i1>``: element ``i`` is 1
    iff ``i_k < b_k`` for every ``k`` (a negative bound selects nothing, a bound past the size
    everything). A 0-d mask (one bound, ``vector<i1>``) is 1 iff ``b > 0``. A poison bound makes
    every element poison (each element compares against every bound)."""
    from irverify.semantics.tensor import index_term

    rt = _mask_type(op)
    n = len(rt.shape)
    if len(bounds) != max(n, 1) or any(not isinstance(b, Scalar) for b in bounds):
        raise Unsupported("'vector.create_mask' operands", op.loc)
    terms = [index_term(b) for b in bounds]
    poison = any_poison(*(b.poison for b in bounds))
    if n == 0:
        elem = lambda idx: t.bool_to_bv1(t.lt(t.int_val(0), terms[0]))  # noqa: E731
    else:
        elem = lambda idx: t.bool_to_bv1(t.and_(*(t.lt(i, b) for i, b in zip(idx, terms))))  # noqa: E731
    defined = None if poison is None else (lambda idx: t.not_(poison))
    return Tensor(rt, [t.int_val(d) for d in rt.shape], elem, defined)


@semantics("vector.constant_mask", attrs=("mask_dim_sizes",))
def constant_mask(ctx, op: Op):
    """``vector.constant_mask [c_1, ..., c_n]``: element ``i`` is 1 iff ``i_k < c_k`` for every
    ``k`` (``0 <= c_k <= s_k``, checked by the verifier)."""
    rt = _mask_type(op)
    sizes = op.attrs.get("mask_dim_sizes")
    if not isinstance(sizes, list) or len(sizes) != max(len(rt.shape), 1) or any(type(c) is not int for c in sizes):
        raise Unsupported(f"'vector.constant_mask' sizes {sizes}", op.loc)
    if not rt.shape:
        return Tensor(rt, [], lambda idx: t.bv_val(int(sizes[0] > 0), 1))
    return Tensor(rt, [t.int_val(d) for d in rt.shape],
                  lambda idx: t.bool_to_bv1(t.and_(*(t.lt(i, t.int_val(c)) for i, c in zip(idx, sizes)))))


@semantics("vector.shape_cast")
def shape_cast(ctx, op: Op, src):
    """``vector.shape_cast %v : vector<S> to vector<R>`` (same element count and type): the
    elements in row-major order, regrouped into shape ``R``. Poison moves with the element."""
    from irverify.semantics.tensor import delinearize, linearize

    v = _vector(op, src, "source")
    rt = op.results[0].type
    src_dims = [t.int_val(d) for d in v.type.shape]
    dims = [t.int_val(d) for d in rt.shape] if isinstance(rt, VectorType) else None
    if dims is None or rt.elem != v.type.elem or _count(v.type.shape) != _count(rt.shape):
        raise Unsupported(f"'vector.shape_cast' from {v.type} to {rt}", op.loc)

    def src_index(idx):
        return delinearize(linearize(idx, dims), src_dims) if src_dims else []

    defined = None if v.defined is None else (lambda idx: v.is_defined(src_index(idx)))
    return Tensor(rt, dims, lambda idx: v.at(src_index(idx)), defined)


def _count(shape) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


from irverify.semantics import vector_transfer as _transfer  # noqa: E402,F401  (registers transfer ops)


@semantics("vector.contract", attrs=("indexing_maps", "iterator_types", "kind", "fastmath"))
def contract(ctx, op: Op, lhs, rhs, acc):
    """``vector.contract {indexing_maps = [L, R, A], iterator_types, kind = add} %lhs, %rhs, %acc``
    (MLIR ``VectorOps.td``, ``ContractionOp``): for every point of the iteration space the
    product ``lhs[L(d)] * rhs[R(d)]`` is added into ``acc[A(d)]`` over the reduction dims. "If
    operands and the result have types of different bitwidths, operands are promoted to have the
    same bitwidth as the result before performing the contraction" (sign extension for
    integers). Encoded as the ``linalg.generic`` with those maps and the body ``acc +
    ext(l) * ext(r)`` (``semantics/linalg.py``: a float sum is a fold in an unspecified order).
    Other kinds, fastmath flags, masks and a scalar accumulator are unsupported."""
    from irverify.ir.core import EnumAttr, FloatType
    from irverify.semantics.linalg import Structured, run_structured
    from irverify.semantics.linalg_named import BodyBuilder

    kind = op.attrs.get("kind")
    if not (isinstance(kind, EnumAttr) and kind.value == "add"):
        raise Unsupported(f"kind {kind} of 'vector.contract'", op.loc)
    fm = op.attrs.get("fastmath")
    if fm is not None and not (isinstance(fm, EnumAttr) and fm.value == "none"):
        raise Unsupported(f"fastmath {fm} of 'vector.contract'", op.loc)
    for v, what in ((lhs, "lhs"), (rhs, "rhs"), (acc, "accumulator")):
        _vector(op, v, what)
    its = []
    for it in op.attrs.get("iterator_types", []):
        if not (isinstance(it, EnumAttr) and it.kind == "vector.iterator_type" and it.value in ("parallel", "reduction")):
            raise Unsupported(f"iterator type {it} of 'vector.contract'", op.loc)
        its.append(it.value)
    maps = op.attrs.get("indexing_maps")
    if not isinstance(maps, list) or len(maps) != 3:
        raise Unsupported(f"indexing_maps {maps} of 'vector.contract'", op.loc)
    out = op.results[0].type.elem
    b = BodyBuilder(op, [lhs.type.elem, rhs.type.elem, out])
    is_float = isinstance(out, FloatType)
    if is_float != isinstance(lhs.type.elem, FloatType) or is_float != isinstance(rhs.type.elem, FloatType):
        raise Unsupported("'vector.contract' mixing integer and float element types", op.loc)
    x, y = (b.cast(a, out, False) for a in b.args[:2])
    prod = b.emit("arith.mulf" if is_float else "arith.muli", [x, y], out)
    body = b.finish(b.emit("arith.addf" if is_float else "arith.addi", [b.args[2], prod], out))
    return run_structured(ctx, op, Structured(list(maps), its, body, 2), [lhs, rhs], [acc])
