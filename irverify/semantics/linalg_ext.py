"""``iree_linalg_ext`` ops with index-mapping regions: ``map_load`` and ``map_store`` on tensors.

Upstream doc: IREE ``compiler/src/iree/compiler/Dialect/LinalgExt/IR/LinalgExtOps.td``
(``MapLoadOp``, ``MapStoreOp``) and their ``generateScalarImplementation`` in
``TilingInterfaceImpl.cpp``.

* ``map_load %source into %output { ^bb0(%o...): yield %s..., %pad }``: for every index ``o``
  of ``output``, the region computes source indices ``s`` and a padding value; the result at
  ``o`` is ``source[s]`` when ``s`` lies inside ``source``, else ``pad``. The ``output``'s
  values are not read (every element is written).
* ``map_store %input into %output { ^bb0(%i...): yield %o..., %mask }``: every element ``i`` of
  ``input`` whose mask is true is written to ``output[o(i)]``; elements of ``output`` that no
  masked input element maps to keep their value. The op stores every element "to a unique
  location": two masked input elements mapped to one output element are UB, and so is a masked
  element mapped outside ``output`` (the scalar implementation stores there).

Encoding of ``map_store``: the element at output position ``p`` is the input element whose image
is ``p``. When the input domain is static (at most ``TABLE_LIMIT`` points) and every image and
mask simplifies to a constant, the images form a table (output index -> input index) built
here, and the two UB conditions are decided on it. Otherwise, with a static input domain of at
most ``EXPAND_LIMIT`` points, the element is chosen by an if-then-else over the points; otherwise a fresh uninterpreted "picker" ``pick(p)`` names it,
defined by ``forall p, i: i in domain and mask(i) and o(i) = p -> pick(p) in domain and
mask(pick(p)) and o(pick(p)) = p`` (a Skolem function: it restricts no input; with unique
images the picked element is the only one). The two UB conditions are each first checked
by the solver and recorded only when they can hold.

A poison index or mask is UB (it is an address or a branch); a poison padding value or input
element gives a poison result element. UB raised inside a region at some index is UB of the op.
Memref or vector operands are unsupported.
"""

from __future__ import annotations

import itertools
from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import IndexType, IntType, Op, TensorType
from irverify.semantics.common import fresh_index, tensor_from_template
from irverify.semantics.registry import semantics
from irverify.semantics.values import Scalar, Tensor, any_poison
from irverify.smt import terms as t

EXPAND_LIMIT = 64
TABLE_LIMIT = 4096
UNIQUE_TIMEOUT_S = 5.0


def _tensors(op: Op, *values) -> None:
    for v in values:
        if not isinstance(v, Tensor) or type(v.type) is not TensorType or v.type.encoding is not None:
            raise Unsupported(f"'{op.name}' on a value that is not a plain tensor", op.loc)
    for r in op.results:
        if type(r.type) is not TensorType:
            raise Unsupported(f"'{op.name}' result of type {r.type}", op.loc)


def _region(op: Op):
    if len(op.regions) != 1 or len(op.regions[0]) != 1:
        raise Unsupported(f"'{op.name}' region", op.loc)
    return op.regions[0][0]


def _run(ctx, op: Op, block, idx) -> list[Scalar]:
    outs = ctx.run_block(block, [Scalar(i, IndexType()) for i in idx])
    if any(not isinstance(v, Scalar) for v in outs):
        raise Unsupported(f"'{op.name}' region yielding a non-scalar", op.loc)
    return outs


@semantics("iree_linalg_ext.map_load")
def map_load(ctx, op: Op, source: Tensor, output: Tensor):
    """``result[o] = source[s(o)]`` where ``s(o)`` lies in ``source``, else ``pad(o)``."""
    _tensors(op, source, output)
    block = _region(op)
    rtype = op.results[0].type
    if len(block.args) != output.rank:
        raise Unsupported("map_load region arity", op.loc)

    def make(o):
        outs = _run(ctx, op, block, o)
        if len(outs) != source.rank + 1:
            raise Unsupported("map_load region yields", op.loc)
        *s, pad = outs
        for k, v in enumerate(s):
            ctx.require_not_poison(v, f"map_load: source index {k}")
        s_terms = [v.term for v in s]
        inside = source.in_bounds(s_terms)
        value = t.ite(inside, source.at(s_terms), pad.term)
        src_poison = source.poison_at(s_terms)
        poison = any_poison(None if src_poison is None else t.and_(inside, src_poison),
                            None if pad.poison is None else t.and_(t.not_(inside), pad.poison))
        return Scalar(value, rtype.elem, poison)

    return tensor_from_template(ctx, rtype, list(output.dims), make)


@semantics("iree_linalg_ext.map_store")
def map_store(ctx, op: Op, inp: Tensor, output: Tensor):
    """``result[p] = input[i]`` for the masked ``i`` with ``o(i) = p``, else ``output[p]``."""
    _tensors(op, inp, output)
    block = _region(op)
    rtype = op.results[0].type
    if len(block.args) != inp.rank:
        raise Unsupported("map_store region arity", op.loc)
    ks = fresh_index(inp.rank, "ms")
    with ctx.elementwise(ks, inp.dims), ctx.poison_scope():
        outs = _run(ctx, op, block, ks)
        if len(outs) != output.rank + 1 or not isinstance(outs[-1].type, IntType) or outs[-1].type.width != 1:
            raise Unsupported("map_store region yields", op.loc)
        *o, mask = outs
        for k, v in enumerate(o):
            ctx.require_not_poison(v, f"map_store: output index {k}")
        ctx.require_not_poison(mask, "map_store: mask")
    o_terms = [v.term for v in o]
    on = mask.term == t.bv_val(1, 1)
    in_domain = inp.in_bounds(ks)

    def writes(kk, p):
        pairs = list(zip(ks, kk))
        cond = t.and_(on, *(a == b for a, b in zip(o_terms, p)))
        return t.substitute(cond, pairs)

    def image(kk):
        return [t.substitute(x, list(zip(ks, kk))) for x in o_terms]

    table = _table(ks, inp.dims, o_terms, on, output)
    if table is not None:  # every image is a constant: the UB conditions are decided here
        images, clash, outside = table
        if outside:
            ctx.add_ub(t.true(), f"map_store: input element {outside} is stored outside the output")
        if clash:
            ctx.add_ub(t.true(), f"map_store: input elements {clash} are stored to one position")
    else:
        # UB: a masked element stored outside the output
        outside = t.and_(in_domain, on, t.not_(output.in_bounds(o_terms)))
        if not _never(ctx, outside, "map_store stores in bounds"):
            ctx.add_ub(t.exists(ks, outside), "map_store: a masked element is stored outside the output")
        # UB: two masked elements stored to one position
        k2 = fresh_index(inp.rank, "ms2")
        pairs = list(zip(ks, k2))
        clash = t.and_(in_domain, on, t.substitute(t.and_(in_domain, on), pairs),
                       t.or_(*(a != b for a, b in zip(ks, k2))),
                       *(a == t.substitute(a, pairs) for a in o_terms))
        if not _never(ctx, clash, "map_store unique images"):
            ctx.add_ub(t.exists(ks + k2, clash), "map_store: two masked elements are stored to one position")

    static = [t.static_int(d) for d in inp.dims]
    points = None
    if table is None and all(s is not None for s in static):
        count = 1
        for s in static:
            count *= max(s, 0)
        if count <= EXPAND_LIMIT:
            points = [[t.int_val(i) for i in pt] for pt in itertools.product(*(range(max(s, 0)) for s in static))]
    picks = None
    if points is None and table is None:
        picks = [t.uf(t.fresh_name(f"map_store.pick{d}"), *([t.int_sort()] * output.rank), t.int_sort())
                 for d in range(inp.rank)]
        p = fresh_index(output.rank, "msp")
        pk = [f(*p) for f in picks] if output.rank else [f() for f in picks]
        ctx.assume(t.forall(p + ks, t.implies(t.and_(in_domain, writes(ks, p)),
                                              t.and_(inp.in_bounds(pk), writes(pk, p)))))

    def locate(p):
        """(is p written, the input index written there)"""
        if table is not None:
            written, chosen = t.false(), [t.int_val(0)] * inp.rank
            for img, pt in table[0].items():
                w = t.and_(*(a == t.int_val(b) for a, b in zip(p, img)))
                chosen = [t.ite(w, t.int_val(a), b) for a, b in zip(pt, chosen)]
                written = t.or_(w, written)
            return written, chosen
        if picks is not None:
            pk = [f(*p) for f in picks] if output.rank else [f() for f in picks]
            return t.and_(inp.in_bounds(pk), writes(pk, p)), pk
        written, chosen = t.false(), None
        for pt in reversed(points):
            w = writes(pt, p)
            chosen = list(pt) if chosen is None else [t.ite(w, a, b) for a, b in zip(pt, chosen)]
            written = t.or_(w, written)
        return written, chosen or [t.int_val(0)] * inp.rank

    def elem(p):
        w, src = locate(p)
        return t.ite(w, inp.at(src), output.at(p))

    defined = None
    if inp.defined is not None or output.defined is not None:
        def defined(p):
            w, src = locate(p)
            return t.ite(w, inp.is_defined(src), output.is_defined(p))

    return Tensor(rtype, list(output.dims), elem, defined)


def _table(ks, dims, o_terms, on, output):
    """With a static input domain of at most ``TABLE_LIMIT`` points whose images and masks are
    all constants: ({output index: input index} of the masked elements, a clashing pair or
    None, an element stored outside the output or None); else None."""
    static = [t.static_int(d) for d in dims]
    out_static = [t.static_int(d) for d in output.dims]
    if any(s is None for s in static + out_static):
        return None
    count = 1
    for s in static:
        count *= max(s, 0)
    if count > TABLE_LIMIT:
        return None
    images: dict[tuple, tuple] = {}
    clash = outside = None
    for pt in itertools.product(*(range(max(s, 0)) for s in static)):
        pairs = [(k, t.int_val(i)) for k, i in zip(ks, pt)]
        m = t.static_bool(t.simplify(t.substitute(on, pairs)))
        img = tuple(t.static_int(t.simplify(t.substitute(o, pairs))) for o in o_terms)
        if m is None or any(i is None for i in img):
            return None
        if not m:
            continue
        if not all(0 <= i < n for i, n in zip(img, out_static)):
            outside = outside or pt
            continue
        if img in images:
            clash = clash or (images[img], pt)
            continue
        images[img] = pt
    return images, clash, outside


def _never(ctx, cond, name: str) -> bool:
    """Can ``cond`` never hold (under the inputs' assumptions)? Decided by a short query."""
    from irverify.smt import solver

    if t.static_bool(cond) is False:
        return True
    pre = list(ctx.inputs.assumptions) + list(ctx.state.assumptions)
    return solver.check(name, pre + [cond], UNIQUE_TIMEOUT_S).status == "unsat"
