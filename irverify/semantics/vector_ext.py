"""``iree_vector_ext.transfer_gather`` on tensors.

Upstream doc: IREE ``compiler/src/iree/compiler/Codegen/Dialect/VectorExt/IR/VectorExtOps.td``
(``TransferGatherOp``): for each position ``d`` of the result vector,
``result[d] = base[offsets[0] + f0(d, s), offsets[1] + f1(d, s), ...]`` where ``f`` is the
source map (map 0 of ``indexing_maps``, ``(vector dims)[symbols] -> (source dims)``) and ``s_k``
is the gathered index value of index vector ``k`` at ``d``: element ``g_k(d)`` of it, ``g_k``
being map ``k + 1`` (dims only), or the value itself for a scalar ``index`` operand.

Encoded for reads inside ``base``. The doc says nothing of positions outside ``base`` nor of the
padding value's use, so a lane that reads outside is an unknown value (``Ctx.add_unknown``, a
fresh function of the lane on each side): a counterexample that rests on the source's is
``unknown``, and since the target's is unconstrained, a target reading outside where the source
reads inside is never proved; every counterexample through such a read needs confirmation
(``ctx.approximate``). A poison offset or gathered index is UB (an address): IREE lowers a
``transfer_gather`` without a mask to ``vector.gather`` with an all-true mask
(``VectorExt/Transforms/LowerTransferGatherScatterToVector.cpp``), whose definition makes an
enabled lane with an out-of-bounds index undefined, and a poison index may be any value. Masks
(whose padding semantics the doc does not state) and memref sources are unsupported.
"""

from __future__ import annotations

from irverify.errors import Unsupported
from irverify.ir.affine import AffineMap, Dim
from irverify.ir.core import IndexType, Op, TensorType, VectorType
from irverify.semantics.common import fresh_index
from irverify.semantics.registry import semantics
from irverify.model.values import Scalar, Tensor
from irverify.smt import terms as t


@semantics("iree_vector_ext.transfer_gather", attrs=("indexing_maps", "operandSegmentSizes"),
           poison_ub={"segment 1": "an offset"})
def transfer_gather(ctx, op: Op, base, *rest):
    """Gather a vector from a tensor through index vectors (see above)."""
    from irverify.semantics.affine import eval_affine
    from irverify.semantics.tensor import index_term
    from irverify.model.sorts import exists_in, scalar_sort

    sizes = op.attrs.get("operandSegmentSizes")
    if not isinstance(sizes, list) or len(sizes) != 5:
        raise Unsupported("iree_vector_ext.transfer_gather of an unexpected form", op.loc)
    if sizes[4]:
        raise Unsupported("iree_vector_ext.transfer_gather with a mask", op.loc)
    offsets = list(rest[:sizes[1]])
    vecs = list(rest[sizes[1]:sizes[1] + sizes[2]])
    pad = rest[sizes[1] + sizes[2]]
    vt = op.results[0].type
    if not isinstance(base, Tensor) or isinstance(base.type, VectorType) or not isinstance(base.type, TensorType):
        raise Unsupported("iree_vector_ext.transfer_gather from a value that is not a tensor", op.loc)
    if not isinstance(vt, VectorType) or vt.elem != base.type.elem or not isinstance(pad, Scalar):
        raise Unsupported(f"iree_vector_ext.transfer_gather to {vt}", op.loc)
    maps = op.attrs.get("indexing_maps")
    n = len(vt.shape)
    if (not isinstance(maps, list) or len(maps) != 1 + len(vecs) or len(offsets) != base.rank
            or any(not isinstance(m, AffineMap) or m.num_dims != n or m.num_syms != len(vecs) for m in maps)
            or len(maps[0].results) != base.rank):
        raise Unsupported(f"iree_vector_ext.transfer_gather indexing maps {maps}", op.loc)
    base_idx = [index_term(o) for o in offsets]
    lane = fresh_index(n, "gather")
    dims = [t.int_val(s) for s in vt.shape]

    def gathered(d):
        out = []
        for k, (v, m) in enumerate(zip(vecs, maps[1:])):
            if isinstance(v, Scalar):
                if not isinstance(v.type, IndexType):
                    raise Unsupported("iree_vector_ext.transfer_gather index of another type", op.loc)
                out.append((v.term, v.poison))
                continue
            if (not isinstance(v, Tensor) or not isinstance(v.type, VectorType) or not isinstance(v.type.elem, IndexType)
                    or any(not isinstance(e, Dim) for e in m.results) or len(m.results) != v.rank):
                raise Unsupported(f"iree_vector_ext.transfer_gather index vector {k}", op.loc)
            at = [d[e.pos] for e in m.results]
            out.append((v.at(at), v.poison_at(at)))
        return out

    def position(d):
        s = [x for x, _ in gathered(d)]
        return [b + eval_affine(e, d, s, ctx, "transfer_gather source map") for b, e in zip(base_idx, maps[0].results)]

    poison = [p for _, p in gathered(lane) if p is not None]
    if poison:
        ctx.add_ub(exists_in(lane, dims, t.or_(*poison)), "iree_vector_ext.transfer_gather: a poison gathered index")
    outside = exists_in(lane, dims, t.not_(base.in_bounds(position(lane))))
    if t.static_bool(outside) is not False:
        ctx.add_unknown(outside, "iree_vector_ext.transfer_gather reads outside its source (undocumented)")
        ctx.approximate("iree_vector_ext.transfer_gather outside its source")
    unknown = t.uf(f"unknown.transfer_gather.{t.fresh_name('oob')}", *[t.int_sort()] * n,
                   scalar_sort(vt.elem, ctx.fp))

    def elem(d):
        p = position(d)
        return t.ite(base.in_bounds(p), base.at(p), unknown(*d))

    defined = None
    if base.defined is not None:
        def defined(d):
            p = position(d)
            return t.or_(t.not_(base.in_bounds(p)), base.is_defined(p))
    return Tensor(vt, dims, elem, defined)
