"""``vector.transfer_read`` / ``vector.transfer_write`` on tensors.

Upstream doc: https://mlir.llvm.org/docs/Dialects/Vector/#vectortransfer_read-vectortransferreadop
(and ``#vectortransfer_write-...``). Encoded:

* ``%v = vector.transfer_read %src[%b_0, ..., %b_{m-1}], %pad [, %mask] {permutation_map = M,
  in_bounds = [...]} : tensor<...>, vector<s_0 x ... x s_{n-1} x T>``. ``M`` maps the source dims
  ``d_0..d_{m-1}`` to the vector dims (a map that permutes dims is encoded only with every
  dim ``in_bounds``: IREE llvm-cpu disagrees with the documented padding there): result ``r`` is a source dim ``d_j`` (vector dim ``r``
  walks source dim ``j``) or the constant ``0`` (a broadcast dim: every position ``r`` reads the
  same source element). Lane ``v`` reads source position ``p`` with ``p_j = b_j + v_r`` when
  ``M_r = d_j`` and ``p_j = b_j`` for a source dim no vector dim walks (a "non-vector" dim).
  The lane is *masked off* when the mask (if any) is 0 at it (a mask is encoded only when
  ``M`` neither permutes nor broadcasts, so it has the vector's shape; other masked transfers
  are unsupported). The lane is
  *out of bounds* when ``p_j`` is outside ``[0, dim_j)`` along a vector dim whose ``in_bounds`` is
  false. A masked-off or out-of-bounds lane is ``%pad`` (poison where ``%pad`` is); any other lane
  is the source element (poison where it is).
  UB: a lane that is read (not masked off, not out of bounds) at a position outside the source
  along a dim the op promises in bounds (``in_bounds = true``, or a non-vector dim, which "must
  always be in-bounds"); a poison index; a poison mask element (the mask decides which memory
  is accessed, as a branch does).
* ``%r = vector.transfer_write %v, %dest[%b...] [, %mask] {permutation_map = M, in_bounds}``:
  ``M`` is a projected permutation (no broadcast); lane ``v`` targets position ``p`` as above.
  ``%r`` is ``%dest`` with every lane that is not masked off and not out of bounds written
  (lanes target distinct positions); out-of-bounds and masked-off lanes write nothing. UB as for
  the read.

Vectors whose element type is itself a vector (``memref<...xvector<...>>``) and memref operands
are unsupported (memref transfers go through the memory model, which does not encode them).
"""

from __future__ import annotations

from irverify.errors import Unsupported
from irverify.ir.affine import AffineMap, Const, Dim
from irverify.ir.core import IntType, Op, TensorType, VectorType
from irverify.semantics.common import fresh_index
from irverify.semantics.registry import semantics
from irverify.model.values import Scalar, Tensor
from irverify.smt import terms as t

_ATTRS = ("permutation_map", "in_bounds", "operandSegmentSizes")


class _Transfer:
    """The lane-to-position map of one transfer op."""

    def __init__(self, ctx, op: Op, vtype, src: Tensor, indices, mask, write: bool):
        if not isinstance(vtype, VectorType) or not vtype.shape or any(d <= 0 for d in vtype.shape):
            raise Unsupported(f"'{op.name}' with vector type {vtype}", op.loc)
        if not isinstance(src, Tensor) or isinstance(src.type, VectorType) or not isinstance(src.type, TensorType):
            raise Unsupported(f"'{op.name}' on a source that is not a tensor", op.loc)
        if src.type.elem != vtype.elem:
            raise Unsupported(f"'{op.name}' between {src.type} and {vtype}", op.loc)
        m = src.rank
        n = len(vtype.shape)
        pmap = op.attrs.get("permutation_map")
        if pmap is None:  # the minor identity
            if n > m:
                raise Unsupported(f"'{op.name}' without a permutation map from rank {m} to {n}", op.loc)
            pmap = AffineMap(m, 0, tuple(Dim(m - n + r) for r in range(n)))
        if not isinstance(pmap, AffineMap) or pmap.num_dims != m or pmap.num_syms or len(pmap.results) != n:
            raise Unsupported(f"'{op.name}' permutation map {pmap}", op.loc)
        self.walks: list[int | None] = []  # vector dim -> source dim (None: broadcast)
        for e in pmap.results:
            if isinstance(e, Dim) and e.pos not in self.walks:
                self.walks.append(e.pos)
            elif isinstance(e, Const) and e.value == 0 and not write:
                self.walks.append(None)
            else:
                raise Unsupported(f"'{op.name}' permutation map {pmap}", op.loc)
        in_bounds = op.attrs.get("in_bounds", [False] * n)
        if not isinstance(in_bounds, list) or len(in_bounds) != n or any(type(b) is not bool for b in in_bounds):
            raise Unsupported(f"'{op.name}' in_bounds {in_bounds}", op.loc)
        if any(w is None and not b for w, b in zip(self.walks, in_bounds)):
            raise Unsupported(f"'{op.name}' broadcast dim not in bounds", op.loc)
        if self.walks != sorted(self.walks, key=lambda w: -1 if w is None else w) and not all(in_bounds):
            raise Unsupported(f"'{op.name}' with a permuting map {pmap} and a dim that may run out of bounds", op.loc)
        if len(indices) != m:
            raise Unsupported(f"'{op.name}' index count", op.loc)
        from irverify.semantics.tensor import index_term

        self.base = [index_term(i) for i in indices]
        self.src = src
        self.shape = list(vtype.shape)
        self.in_bounds = in_bounds
        # the mask's dims: the non-broadcast vector dims, ordered by the source dim they walk
        self.mask_dims = sorted((r for r, w in enumerate(self.walks) if w is not None), key=lambda r: self.walks[r])
        self.mask = None
        if mask is not None:
            if self.walks != sorted(self.walks, key=lambda w: -1 if w is None else w) or None in self.walks:
                raise Unsupported(f"'{op.name}' with a mask and a permuting or broadcasting map {pmap}", op.loc)
            mt = mask.type if isinstance(mask, Tensor) else None
            if (not isinstance(mt, VectorType) or mt.elem != IntType(1)
                    or tuple(mt.shape) != tuple(self.shape[r] for r in self.mask_dims)):
                raise Unsupported(f"'{op.name}' mask of type {mt}", op.loc)
            self.mask = mask

    def position(self, lane) -> list:
        p = list(self.base)
        for r, j in enumerate(self.walks):
            if j is not None:
                p[j] = self.base[j] + lane[r]
        return p

    def active(self, lane):
        """Not masked off (True without a mask)."""
        if self.mask is None:
            return t.true()
        return t.bv1_to_bool(self.mask.at([lane[r] for r in self.mask_dims]))

    def mask_poison(self, lane):
        if self.mask is None or self.mask.defined is None:
            return t.false()
        return t.not_(self.mask.is_defined([lane[r] for r in self.mask_dims]))

    def out_of_bounds(self, lane, p):
        """Outside the source along a dim whose ``in_bounds`` is false (a padding lane)."""
        return t.or_(*(t.not_(t.in_range(p[j], self.src.dims[j]))
                       for r, j in enumerate(self.walks) if j is not None and not self.in_bounds[r]))

    def promised(self, p):
        """Inside the source along every in-bounds vector dim and every non-vector dim."""
        walked = {j: r for r, j in enumerate(self.walks) if j is not None}
        return t.and_(*(t.in_range(p[j], self.src.dims[j]) for j in range(self.src.rank)
                        if j not in walked or self.in_bounds[walked[j]]))

    def raise_ub(self, ctx, op: Op) -> None:
        from irverify.model.sorts import exists_in

        lane = fresh_index(len(self.shape), "lane")
        p = self.position(lane)
        dims = [t.int_val(s) for s in self.shape]
        if self.mask is not None:
            ctx.add_ub(exists_in(lane, dims, self.mask_poison(lane)), f"{op.name}: a poison mask element")
        reads = t.and_(self.active(lane), t.not_(self.out_of_bounds(lane, p)))
        ctx.add_ub(exists_in(lane, dims, t.and_(reads, t.not_(self.promised(p)))),
                   f"{op.name}: an access outside the tensor along a dim promised in bounds")


@semantics("vector.transfer_read", attrs=_ATTRS,
           poison_ub={"segment 1": "an index"},
           memory="buffers")
def transfer_read(ctx, op: Op, src, *rest):
    """Read a vector from a tensor with padding, masking and a permutation map (see above)."""
    sizes = op.attrs.get("operandSegmentSizes")
    n_idx = len(op.operands) - 2 - (1 if sizes and sizes[-1] else 0)
    indices, pad = list(rest[:n_idx]), rest[n_idx]
    mask = rest[n_idx + 1] if len(rest) > n_idx + 1 else None
    if not isinstance(pad, Scalar):
        raise Unsupported("'vector.transfer_read' with a vector padding", op.loc)
    vtype = op.results[0].type
    tr = _Transfer(ctx, op, vtype, src, indices, mask, write=False)
    tr.raise_ub(ctx, op)

    def padded(lane):
        return t.or_(t.not_(tr.active(lane)), tr.out_of_bounds(lane, tr.position(lane)))

    def elem(lane):
        return t.ite(padded(lane), pad.term, src.at(tr.position(lane)))

    defined = None
    if pad.poison is not None or src.defined is not None:
        def defined(lane):
            return t.ite(padded(lane), t.not_(pad.is_poison()), src.is_defined(tr.position(lane)))
    return Tensor(vtype, [t.int_val(s) for s in tr.shape], elem, defined)


@semantics("vector.transfer_write", attrs=_ATTRS, poison_ub={"2:": "an index"}, memory="buffers")
def transfer_write(ctx, op: Op, vec, dest, *rest):
    """Write a vector into a tensor, dropping masked-off and out-of-bounds lanes (see above)."""
    sizes = op.attrs.get("operandSegmentSizes")
    has_mask = bool(sizes and sizes[-1])
    indices = list(rest[:-1] if has_mask else rest)
    mask = rest[-1] if has_mask else None
    if not isinstance(vec, Tensor) or not isinstance(vec.type, VectorType):
        raise Unsupported("'vector.transfer_write' of a value that is not a fixed-size vector", op.loc)
    if not op.results:
        raise Unsupported("'vector.transfer_write' into a memref", op.loc)
    tr = _Transfer(ctx, op, vec.type, dest, indices, mask, write=True)
    tr.raise_ub(ctx, op)
    walked = {j: r for r, j in enumerate(tr.walks)}

    def lane_of(p):
        return [p[tr.walks[r]] - tr.base[tr.walks[r]] for r in range(len(tr.shape))]

    def written(p):
        lane = lane_of(p)
        hit = t.and_(*(t.in_range(lane[r], t.int_val(s)) for r, s in enumerate(tr.shape)),
                     *(p[j] == tr.base[j] for j in range(dest.rank) if j not in walked))
        return t.and_(hit, tr.active(lane), t.not_(tr.out_of_bounds(lane, p)))

    def elem(p):
        return t.ite(written(p), vec.at(lane_of(p)), dest.at(p))

    defined = None
    if vec.defined is not None or dest.defined is not None:
        def defined(p):
            return t.ite(written(p), vec.is_defined(lane_of(p)), dest.is_defined(p))
    return Tensor(op.results[0].type, list(dest.dims), elem, defined)
