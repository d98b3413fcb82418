"""``iree_linalg_ext`` ops with index-mapping regions: ``map_load`` and ``map_store`` on tensors;
``gather`` and ``scatter`` (see the section before ``gather``); ``custom_op`` (the last section);
``im2col`` is in ``linalg_ext_im2col``.

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
Memref operands are unsupported; ``map_store``'s input may be a fixed-size vector (the form
``iree-codegen-generic-vectorization`` produces), whose elements are stored alike.
"""

from __future__ import annotations

import itertools
from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import IndexType, IntType, Op, TensorType, VectorType
from irverify.semantics.common import fresh_index, tensor_from_template
from irverify.semantics.registry import semantics
from irverify.model.values import Scalar, Tensor, any_poison
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


@semantics("iree_linalg_ext.map_load", memory="buffers")
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


@semantics("iree_linalg_ext.map_store", memory="buffers")
def map_store(ctx, op: Op, inp: Tensor, output):
    """``result[p] = input[i]`` for the masked ``i`` with ``o(i) = p``, else ``output[p]``; the
    input may be a fixed-size vector (the vectorized form, which stores the same elements). Into
    a memref (no result), the memref's contents become that value: the masked elements are
    stored, the others keep what the memref held (``semantics/memref.py``)."""
    from irverify.semantics.memref import MemRef, snapshot, write

    if isinstance(output, MemRef):
        if op.results or not isinstance(inp, Tensor) or (type(inp.type) is not TensorType and not isinstance(inp.type, VectorType)):
            raise Unsupported(f"'{op.name}' into a memref of an unexpected form", op.loc)
        ttype = TensorType(tuple(output.type.shape), output.type.elem)
        write(ctx, output, _map_store(ctx, op, inp, snapshot(ctx, output, ttype), ttype))
        return []
    if isinstance(inp, Tensor) and isinstance(inp.type, VectorType):
        _tensors(op, output)
    else:
        _tensors(op, inp, output)
    return _map_store(ctx, op, inp, output, op.results[0].type)


def _map_store(ctx, op: Op, inp: Tensor, output: Tensor, rtype) -> Tensor:
    block = _region(op)
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


# ----------------------------------------------------------------------------- gather / scatter
#
# ``iree_linalg_ext.gather`` and ``iree_linalg_ext.scatter`` (IREE ``LinalgExtOps.td``; the
# shapes and the element each one reads or writes are those of their scalar implementation,
# ``iree-linalg-ext-to-loops``, in IREE 3.13):
#
# * ``depth = len(dimension_map)`` index values select, for every batch point ``b``, the
#   coordinates ``dimension_map[k] = indices[b, k]`` (``index_cast``: signed) of the big tensor
#   (``source`` of gather, ``original`` of scatter). Its other dimensions, in order, are the
#   slice dimensions: the slice has rank ``rank(big) - depth``; the small tensor (gather's
#   output, scatter's updates) is ``batch x slice``. ``indices`` is ``batch x depth`` or, with
#   ``depth = 1``, just ``batch``.
# * gather: ``out[b, s] = source[coords(b, s)]``.
# * scatter: for every batch point in order, ``original[coords(b, s)]`` becomes
#   ``region(updates[b, s], original[coords(b, s)])``. ``unique_indices(true)`` promises that no
#   two batch points have the same index vector: when they do, the loop is parallel and the
#   value at a position two of them write is not determined: an unknown value, an uninterpreted
#   function (named by the region's structure) of the original element, which batch points write
#   it and their update elements, so a counterexample resting on repeated indices is never
#   reported as incorrect, and only the same scatter of the same values is its equal.
# * A coordinate out of bounds is a load or store out of bounds in the scalar implementation:
#   UB; so is a poison index. Poison elements move with the values read.
#
# Scatter is encoded for a static batch of at most ``EXPAND_LIMIT`` points (each position is
# matched against every batch point); a dynamic or larger batch is unsupported.


def _index_layout(op: Op, big: Tensor, small: Tensor, indices: Tensor):
    """(depth, dimension_map, slice dims of ``big``, batch rank, implicit depth)."""
    dmap = op.attrs.get("dimension_map")
    if not isinstance(dmap, list) or not dmap:
        raise Unsupported(f"dimension_map {dmap} of '{op.name}'", op.loc)
    dmap = [int(d) for d in dmap]
    depth = len(dmap)
    if len(set(dmap)) != depth or any(not 0 <= d < big.rank for d in dmap):
        raise Unsupported(f"dimension_map {dmap} of '{op.name}'", op.loc)
    slice_dims = [d for d in range(big.rank) if d not in dmap]
    batch = small.rank - len(slice_dims)
    if batch < 0:
        raise Unsupported(f"'{op.name}' shapes", op.loc)
    if indices.rank == batch + 1:
        implicit = False
    elif indices.rank == batch and depth == 1:
        implicit = True
    else:
        raise Unsupported(f"'{op.name}' indices of rank {indices.rank} for a batch of rank {batch}", op.loc)
    if not isinstance(indices.type.elem, (IntType, IndexType)):
        raise Unsupported(f"'{op.name}' indices of type {indices.type.elem}", op.loc)
    return depth, dmap, slice_dims, batch, implicit


def _check_shapes(ctx, op: Op, big: Tensor, small: Tensor, indices: Tensor, layout) -> None:
    depth, dmap, slice_dims, batch, implicit = layout
    pairs = [(small.dims[j], indices.dims[j], f"batch dim {j}") for j in range(batch)]
    pairs += [(small.dims[batch + j], big.dims[d], f"slice dim {j}") for j, d in enumerate(slice_dims)]
    if not implicit and t.static_int(indices.dims[-1]) != depth:
        raise Unsupported(f"'{op.name}' index depth differs from dimension_map", op.loc)
    for a, b, what in pairs:
        ctx.add_ub(a != b, f"{op.name}: {what} differs")


def _index_value(ctx, op: Op, indices: Tensor, b, k: int, implicit: bool):
    """The ``k``-th index of batch point ``b`` as an index term (a poison index is UB)."""
    from irverify.semantics.tensor import index_term

    pos = list(b) if implicit else [*b, t.int_val(k)]
    s = indices.scalar_at(pos)
    ctx.require_not_poison(s, f"{op.name}: index {k}")
    return index_term(s)


@semantics("iree_linalg_ext.gather", attrs=("dimension_map",))
def gather(ctx, op: Op, source: Tensor, indices: Tensor, output: Tensor):
    """``out[b, s] = source[coords(b, s)]`` (see above); out-of-bounds coordinates are UB."""
    _tensors(op, source, indices, output)
    if any(blocks for blocks in op.regions):
        raise Unsupported("'iree_linalg_ext.gather' with a region", op.loc)
    layout = _index_layout(op, source, output, indices)
    depth, dmap, slice_dims, batch, implicit = layout
    _check_shapes(ctx, op, source, output, indices, layout)
    rtype = op.results[0].type

    def make(o):
        b, s = o[:batch], o[batch:]
        coords = [None] * source.rank
        for k, d in enumerate(dmap):
            coords[d] = _index_value(ctx, op, indices, b, k, implicit)
        for j, d in enumerate(slice_dims):
            coords[d] = s[j]
        for k, d in enumerate(dmap):
            ctx.add_ub(t.not_(t.in_range(coords[d], source.dims[d])),
                       f"iree_linalg_ext.gather: index {k} out of bounds of source dim {d}")
        return source.scalar_at(coords)

    return tensor_from_template(ctx, rtype, list(output.dims), make)


@semantics("iree_linalg_ext.scatter", attrs=("dimension_map", "unique_indices"))
def scatter(ctx, op: Op, updates: Tensor, indices: Tensor, original: Tensor):
    """``original`` with every batch point's slice combined in by the region (see above)."""
    _tensors(op, updates, indices, original)
    block = _region(op)
    if len(block.args) != 2:
        raise Unsupported("scatter region arity", op.loc)
    unique = op.attrs.get("unique_indices", True)
    if unique not in (True, False):
        raise Unsupported(f"unique_indices {unique} of 'iree_linalg_ext.scatter'", op.loc)
    layout = _index_layout(op, original, updates, indices)
    depth, dmap, slice_dims, batch, implicit = layout
    _check_shapes(ctx, op, original, updates, indices, layout)
    static = [t.static_int(d) for d in updates.dims[:batch]]
    if any(n is None for n in static):
        raise Unsupported("iree_linalg_ext.scatter with a dynamic batch", op.loc)
    points = [[t.int_val(i) for i in pt] for pt in itertools.product(*(range(n) for n in static))]
    if len(points) > EXPAND_LIMIT:
        raise Unsupported(f"iree_linalg_ext.scatter with {len(points)} batch points", op.loc)
    index_vectors = []
    for b in points:
        vec = [_index_value(ctx, op, indices, b, k, implicit) for k in range(depth)]
        for k, d in enumerate(dmap):
            ctx.add_ub(t.not_(t.in_range(vec[k], original.dims[d])),
                       f"iree_linalg_ext.scatter: index {k} out of bounds of original dim {d}")
        index_vectors.append(vec)
    if unique and len(points) > 1:
        same = [t.and_(*(x == y for x, y in zip(u, v)))
                for u, v in itertools.combinations(index_vectors, 2)]
        ctx.add_unknown(t.or_(*same), "iree_linalg_ext.scatter: unique_indices(true) with repeated indices")
    rtype = op.results[0].type
    elem = rtype.elem
    region_key = _region_key(block)

    def make(p):
        acc = original.scalar_at(p)
        s = [p[d] for d in slice_dims]
        matches, written = [], []
        for b, vec in zip(points, index_vectors):
            match = t.and_(*(vec[k] == p[d] for k, d in enumerate(dmap)))
            if t.static_bool(match) is False:
                continue
            matches.append(match)
            written += _plain_arg(ctx, updates, [*b, *s])
            sink: list = []
            ctx._ub_sinks.append(sink)
            facts = len(ctx.state.assumptions)
            try:
                (value,) = _combine(ctx, op, block, updates.scalar_at([*b, *s]), acc)
            finally:
                ctx._ub_sinks.pop()
            if len(ctx.state.assumptions) != facts:
                raise Unsupported("facts established inside a scatter region", op.loc)
            for ub in sink:
                ctx.add_ub(t.and_(match, ub.cond), ub.reason, ub.loc, ub.kind)
            poison = None
            if value.poison is not None or acc.poison is not None:
                poison = t.ite(match, value.is_poison(), acc.is_poison())
            acc = Scalar(t.ite(match, value.term, acc.term), elem, poison)
        if unique and len(matches) > 1:  # repeated indices: an unknown value (see above)
            repeated = t.or_(*(t.and_(x, y) for x, y in itertools.combinations(matches, 2)))
            args = [*_plain_arg(ctx, original, p), *matches, *written]
            unknown = t.apply_uf(f"unknown.scatter.repeated_indices.{region_key}", args, t.sort_of(acc.term))
            acc = Scalar(t.ite(repeated, unknown, acc.term), elem, acc.poison)
        return acc

    return tensor_from_template(ctx, rtype, list(original.dims), make)


def _combine(ctx, op: Op, block, update: Scalar, current: Scalar) -> list[Scalar]:
    op_, env_ = ctx.op, ctx.env
    try:
        outs = ctx.run_block(block, [update, current])
    finally:
        ctx.op, ctx.env = op_, env_
    if len(outs) != 1 or not isinstance(outs[0], Scalar):
        raise Unsupported("scatter region yields", op.loc)
    return outs


def _region_key(block) -> str:
    """A name for the combiner's structure: its arguments' types, its ops, their exact printed
    attributes and operand wiring (the full digest)."""
    import hashlib

    pos = {a.id: f"arg{k}" for k, a in enumerate(block.args)}
    parts = [",".join(str(a.type) for a in block.args)]
    for n, inner in enumerate(block.ops):
        wires = ",".join(pos.get(v.id, f"outer{v.id}") for v in inner.operands)
        parts.append(f"{inner.name}|{inner.printed_attrs}|{wires}|{','.join(str(r.type) for r in inner.results)}")
        for k, r in enumerate(inner.results):
            pos[r.id] = f"op{n}.{k}"
    return hashlib.sha256(";".join(parts).encode()).hexdigest()


def _plain_arg(ctx, tensor: Tensor, idx) -> list:
    """An element as an argument of an unknown: its value (zero where poison, whose term is an
    arbitrary constant of one side) and whether it is defined (as opaque ops take them)."""
    from irverify.model.sorts import scalar_sort

    ok = tensor.is_defined(idx)
    return [t.ite(ok, tensor.at(idx), t.zero_of(scalar_sort(tensor.type.elem, ctx.fp))), ok]


# ----------------------------------------------------------------------------- custom_op
#
# ``iree_linalg_ext.custom_op {indexing_maps = [...], iterator_types = [...]} ins(...) outs(...)
# { ^bb0(%args: tensors...): ...; iree_linalg_ext.yield %r... } -> types`` (IREE
# ``LinalgExtOps.td``, ``CustomOp``): the region is the computation, applied to the operands:
# its block arguments are the operands (``ins`` then ``outs``) in order, whose types may be
# more dynamic than the operands' (the same element type and rank), and the values it yields are
# the results. ``indexing_maps``/``iterator_types`` describe how a tile of the iteration space
# reads each operand, for tiling and fusion; they do not change the value of the whole op (a
# pass that tiles the op by them is checked against this meaning). A result type with a static
# dim where the yielded value has another extent is UB (as ``tensor.cast``).


@semantics("iree_linalg_ext.custom_op", attrs=("indexing_maps", "iterator_types"), memory="regions")
def custom_op(ctx, op: Op, *operands):
    """The region applied to the operands (see above)."""
    from irverify.semantics.common import result_dims

    block = _region(op)
    maps, iterators = op.attrs.get("indexing_maps"), op.attrs.get("iterator_types")
    if not isinstance(maps, list) or not isinstance(iterators, list) or len(maps) != len(operands):
        raise Unsupported("'iree_linalg_ext.custom_op' indexing_maps/iterator_types", op.loc)
    if len(block.args) != len(operands):
        raise Unsupported("'iree_linalg_ext.custom_op' region arity", op.loc)
    args = []
    for v, a in zip(operands, block.args):
        at = a.type
        if isinstance(v, Scalar):
            if at != v.type:
                raise Unsupported(f"'iree_linalg_ext.custom_op' block argument of type {at}", op.loc)
            args.append(v)
            continue
        _tensors(op, v)
        if type(at) is not TensorType or at.rank != v.rank or at.elem != v.type.elem or at.encoding is not None:
            raise Unsupported(f"'iree_linalg_ext.custom_op' block argument of type {at} for {v.type}", op.loc)
        for k, (s, d) in enumerate(zip(at.shape, v.dims)):
            if s is not None and t.static_int(d) != s:
                raise Unsupported(f"'iree_linalg_ext.custom_op' block argument of type {at} for {v.type}", op.loc)
        args.append(Tensor(at, list(v.dims), v.elem, v.defined))
    op_, env_ = ctx.op, ctx.env
    try:
        outs = ctx.run_block(block, args)
    finally:
        ctx.op, ctx.env = op_, env_
    if len(outs) != len(op.results):
        raise Unsupported("'iree_linalg_ext.custom_op' yields", op.loc)
    results = []
    for r, v in zip(op.results, outs):
        rt = r.type
        if not isinstance(v, Tensor) or type(rt) is not TensorType or rt.rank != v.rank \
                or rt.elem != v.type.elem or rt.encoding is not None:
            raise Unsupported(f"'iree_linalg_ext.custom_op' result of type {rt}", op.loc)
        results.append(Tensor(rt, result_dims(ctx, rt, v.dims, op), v.elem, v.defined))
    return results[0] if len(results) == 1 else results


from irverify.semantics import linalg_ext_im2col  # noqa: E402,F401  (registers im2col)
