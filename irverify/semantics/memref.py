"""``memref`` dialect and IREE's buffer/tensor bridge ops (``iree_codegen.load_from_buffer``,
``iree_codegen.store_to_buffer``), on the binding memory model of ``irverify.semantics.iree``.

Upstream docs: https://mlir.llvm.org/docs/Dialects/MemRef/ and IREE's
``compiler/src/iree/compiler/Codegen/Dialect/Codegen/IR/IREECodegenOps.td``.

Memory model
------------
* A memref argument of a function is one buffer of its elements, dense row-major (only
  contiguous layouts are accepted for arguments: the identity layout, or strides that are the
  row-major strides of the shape; the offset of the first element is not observable). Its
  initial contents are free values shared by source and target (``memref.<arg>``), as a
  binding's are; its final contents are an observable output (``memref %arg``), compared at a
  symbolic element position.
* A memref argument is assumed dereferenceable and its initial contents defined (as a binding
  is): introducing a load from it is never UB. Models where an argument may be dangling or
  uninitialised (mlir-tv's) differ here; every report on such a function says so in its notes.
* Distinct memref arguments may overlap, as MLIR allows, unless the IR says otherwise
  (``llvm.noalias``) or ``--memref-args noalias`` is given: the rule and its encoding are in
  ``irverify.semantics.memref_alias``. Each argument keeps its own buffer (an output); a store
  through one argument is replayed into the buffers of the arguments that may overlap it.
* A memref value is a *strided slice of a dense row-major view* of its buffer: per view dim an
  offset, a size and a stride, and the view dims a rank-reducing subview dropped. Element ``i``
  of the memref is element ``offsets + i * strides`` (dropped dims at their offset) of the view.
  ``memref.subview`` composes slices; ``memref.collapse_shape``/``expand_shape`` re-view a
  memref that covers its whole view (otherwise unsupported).
* ``memref.alloc``/``alloca`` create a buffer of this side only, whose elements are undefined
  (poison) until written; it is not observable.
* Stores update the buffer functionally (``iree.Store``); loads read the current contents.
  ``vector.load``/``vector.store`` of a 1-D vector read and write the innermost dim from the
  given indices on (out of bounds: UB).

Undefined behaviour: a load or store outside the memref's extents, a subview outside its
source, a negative size, a non-positive subview stride, shapes that differ where an op requires
them equal (``memref.copy``, ``store_to_buffer``, ``load_from_buffer``, ``memref.cast``), an
expand_shape whose output sizes do not multiply to the source extent, a ``memref.copy`` whose
source and target overlap other than element for element (``memref_alias.copy_overlap``).

Attributes: ``nontemporal`` (a cache hint) and an allocation's ``alignment`` do not change
values; an access ``alignment`` (a promise about the address) is not modelled and makes the op
unsupported. Memory spaces outside ``MEMORY_SPACES`` are unsupported (a space such as AMDGPU's
``fat_raw_buffer`` gives out-of-bounds reads a value).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import DispatchTensorType, IndexType, MemRefType, Op, TensorType
from irverify.semantics import memref_alias
from irverify.semantics.common import DYNAMIC, static_or_dynamic
from irverify.model.memory import Buffer, InitialMemory, Store, View, memory
from irverify.semantics.registry import semantics
from irverify.model.values import Scalar, Tensor
from irverify.smt import terms as t

# Memory spaces whose loads and stores mean plain memory accesses.
MEMORY_SPACES = frozenset({
    None,
    "#hal.descriptor_type<storage_buffer>",
    "#hal.descriptor_type<uniform_buffer>",
    "#gpu.address_space<global>",
    "#gpu.address_space<workgroup>",
    "#gpu.address_space<private>",
    "3 : i64",  # LLVM address space 3: workgroup memory on NVPTX and AMDGPU (LDS), plain memory
})

ARGUMENT_NOTE = ("memref arguments are assumed to be whole, dereferenceable buffers with defined "
                 "contents (as IREE bindings are), so loading from one is never undefined")


@dataclass
class MemRef:
    """A memref value: a strided slice of ``base`` (a dense row-major view of buffer ``key``)."""

    type: MemRefType
    key: Any
    base: View
    offsets: list[Any]
    sizes: list[Any]
    strides: list[Any]
    dropped: list[bool]
    argument: bool = False  # the whole buffer of a function argument

    @property
    def dims(self) -> list[Any]:
        return [s for s, d in zip(self.sizes, self.dropped) if not d]

    @property
    def rank(self) -> int:
        return len(self.dims)

    def whole(self) -> bool:
        """Does the memref cover its whole view, in order (no slice)?"""
        return not any(self.dropped) and all(
            t.static_int(o) == 0 and t.static_int(s) == 1 and (sz is d or t.static_int(sz - d) == 0)
            for o, s, sz, d in zip(self.offsets, self.strides, self.sizes, self.base.dims))

    def view_index(self, idx) -> list[Any]:
        it = iter(idx)
        return [o if d else o + next(it) * s for o, s, d in zip(self.offsets, self.strides, self.dropped)]

    def linear(self, idx) -> Any:
        from irverify.model.memory import strides_of

        full = self.view_index(idx)
        return sum((i * s for i, s in zip(full, strides_of(self.base.dims))), t.int_val(0))

    def in_bounds(self, idx) -> Any:
        return t.and_(*(t.in_range(i, d) for i, d in zip(idx, self.dims)))


def _view_type(mt: MemRefType, shape) -> DispatchTensorType:
    return DispatchTensorType("readwrite", TensorType(tuple(shape), mt.elem))


def _check_space(mt: MemRefType, where) -> None:
    if mt.space not in MEMORY_SPACES:
        raise Unsupported(f"memref memory space {mt.space}", where)


# ----------------------------------------------------------------------------- arguments


def argument(mt: MemRefType, name: str, inputs, loc) -> MemRef:
    """The value of a memref argument ``name``: the whole of a fresh buffer shared by both sides."""
    from irverify.model.inputs import assume_size_fits
    from irverify.model.sorts import scalar_sort

    if not mt.contiguous:
        raise Unsupported(f"argument of type {mt} (a non-contiguous layout)", loc)
    _check_space(mt, loc)
    if isinstance(mt.elem, IndexType):
        raise Unsupported(f"argument of type {mt} (index elements)", loc)
    dims = []
    for k, d in enumerate(mt.shape):
        if d is None:
            v = t.int_var(f"dim({name},{k})")
            inputs.dims.append((f"dim({name}, {k})", v))
            inputs.assumptions.append(t.and_(v >= 0, v < (1 << 63)))
            dims.append(v)
        else:
            dims.append(t.int_val(d))
    assume_size_fits(inputs, dims, mt.elem)
    key = f"memref {name}"
    length = t.product(dims)
    initial = t.array_var(f"memref.{name}", 1, scalar_sort(mt.elem, inputs.fp))
    inputs.extras[f"{name} (initial)"] = InitialMemory(length, initial, mt.elem)
    inputs.pretty.append((initial, [length], mt.elem, -1))
    inputs.symbols[f"memref.{name}"] = (mt.elem, length, initial)
    inputs.symbols[memref_alias.SOURCE] = loc  # the function whose arguments these are
    base = View(_view_type(mt, mt.shape), key, t.int_val(0), dims)
    rank = len(dims)
    return MemRef(mt, key, base, [t.int_val(0)] * rank, list(dims), [t.int_val(1)] * rank,
                  [False] * rank, argument=True)


def buffer_of(ctx, m: MemRef) -> Buffer:
    """This side's current buffer behind ``m`` (created from the shared symbols on first use)."""
    buf = memory(ctx).buffers.get(m.key)
    if buf is not None:
        return buf
    if not m.key.startswith("memref "):
        raise Unsupported(f"memref buffer {m.key} of unknown origin")
    return argument_buffer(ctx, memref_alias.key_name(m.key))


def argument_buffer(ctx, name: str) -> Buffer:
    """This side's current buffer of memref argument ``name`` (its initial contents, placed by
    ``memref_alias.layout``, on first use)."""
    key = f"memref {name}"
    mem = memory(ctx)
    memref_alias.layout(ctx)
    buf = mem.buffers.get(key)
    if buf is None:
        sym = ctx.inputs.symbols.get(f"memref.{name}")
        if sym is None:
            raise Unsupported(f"memref buffer {key} of unknown origin")
        elem, length, initial = sym
        buf = Buffer(key, elem, length, initial, (), ctx.fp, {elem}, name=key)
        mem.buffers[key] = buf
    ctx.state.notes.add(ARGUMENT_NOTE)
    return buf


def read(ctx, m: MemRef, idx) -> tuple[Any, Any]:
    """(value, defined) of element ``idx`` of ``m`` in this side's current memory."""
    return buffer_of(ctx, m).read_view(m.base, m.linear(idx))


def write(ctx, m: MemRef, value: Tensor) -> None:
    """Store ``value`` (of ``m``'s extents) into every element of ``m``."""
    buf = buffer_of(ctx, m)
    store = Store(m.base, list(m.offsets), list(m.sizes), list(m.strides), list(m.dropped), value)
    if not m.key.startswith("memref "):
        memory(ctx).buffers[m.key] = buf.with_store(store)
        return
    memref_alias.check_write(ctx, m.key)
    memref_alias.argument_store(ctx, m.key, buf.with_store(store))
    memref_alias.mirror(ctx, m.key, store)


def snapshot(ctx, m: MemRef, ttype: TensorType) -> Tensor:
    """The current contents of ``m`` as a tensor value."""
    buf = buffer_of(ctx, m)

    def elem(idx):
        return buf.read_view(m.base, m.linear(idx))[0]

    defined = (lambda idx: buf.read_view(m.base, m.linear(idx))[1]) if buf.any_undefined() else None
    return Tensor(ttype, list(m.dims), elem, defined)


def _memref(op: Op, v, what: str = "operand") -> MemRef:
    if not isinstance(v, MemRef):
        raise Unsupported(f"'{op.name}' {what} that is not a modelled memref", op.loc)
    return v


def _indices(ctx, op: Op, m: MemRef, idx: list[Scalar], what: str) -> list[Any]:
    terms = [i.term for i in idx]
    if len(terms) != m.rank:
        raise Unsupported(f"'{op.name}' with {len(terms)} indices into rank {m.rank}", op.loc)
    ctx.add_ub(t.not_(m.in_bounds(terms)), f"{what}: index out of bounds")
    return terms


def _no_access_alignment(op: Op) -> None:
    if op.attrs.get("alignment") is not None:
        raise Unsupported(f"attribute 'alignment' of '{op.name}'", op.loc)


# ----------------------------------------------------------------------------- memref ops


@semantics("memref.load", attrs=("nontemporal", "alignment"),
           poison_ub={"1:": "an index"},
           memory="read")
def load(ctx, op: Op, src, *idx: Scalar):
    """The element at ``idx`` (UB out of bounds); an element never written is poison."""
    _no_access_alignment(op)
    m = _memref(op, src)
    terms = _indices(ctx, op, m, list(idx), "memref.load")
    value, defined = read(ctx, m, terms)
    return Scalar(value, m.type.elem, None if t.static_bool(defined) is True else t.not_(defined))


@semantics("memref.store", attrs=("nontemporal", "alignment"),
           poison_ub={"2:": "an index"},
           memory="write")
def store(ctx, op: Op, value: Scalar, dst, *idx: Scalar):
    """Write ``value`` at ``idx`` (UB out of bounds); a poison value makes the element poison."""
    _no_access_alignment(op)
    m = _memref(op, dst)
    terms = _indices(ctx, op, m, list(idx), "memref.store")
    rank = len(m.base.dims)
    point = MemRef(m.type, m.key, m.base, m.view_index(terms), [t.int_val(1)] * rank,
                   [t.int_val(1)] * rank, [True] * rank)
    defined = None if value.poison is None else (lambda _i, p=value.poison: t.not_(p))
    write(ctx, point, Tensor(TensorType((), m.type.elem), [], lambda _i, v=value.term: v, defined))


def _vector_window(ctx, op: Op, m: MemRef, idx: list[Scalar], shape: tuple[int, ...], what: str) -> MemRef:
    """The part of ``m`` a ``vector.load``/``vector.store`` of a vector of ``shape`` at ``idx``
    covers: the innermost ``len(shape)`` dims from ``idx`` on, the others at ``idx``. Any part
    outside ``m`` is UB (MLIR's ``vector`` docs: out-of-bounds accesses are target-specific, "no
    assumptions should be made", "not all targets may support" them)."""
    terms = [i.term for i in idx]
    k = len(shape)
    if k != 1:  # the conformance test covers 1-D vectors (IREE llvm-cpu does not lower n-D ones here)
        raise Unsupported(f"'{op.name}' of a rank-{k} vector", op.loc)
    if len(terms) != m.rank:
        raise Unsupported(f"'{op.name}' of a rank-{k} vector with {len(terms)} indices into rank {m.rank}", op.loc)
    for i in idx:
        ctx.require_not_poison(i, f"{what} index")
    lead = m.rank - k
    ok = [t.in_range(terms[j], m.dims[j]) for j in range(lead)]
    ok += [t.and_(t.le(t.int_val(0), terms[lead + j]), t.le(terms[lead + j] + n, m.dims[lead + j]))
           for j, n in enumerate(shape)]
    ctx.add_ub(t.not_(t.and_(*ok)), f"{what}: vector out of bounds")
    start = iter(m.view_index(terms))
    offsets, sizes, strides, dropped = [], [], [], []
    j = 0  # position among m's kept dims
    for o, st, d in zip(m.offsets, m.strides, m.dropped):
        off = next(start)
        if d:
            offsets.append(o), sizes.append(t.int_val(1)), strides.append(t.int_val(1)), dropped.append(True)
            continue
        offsets.append(off)
        if j >= lead:
            sizes.append(t.int_val(shape[j - lead])), strides.append(st), dropped.append(False)
        else:
            sizes.append(t.int_val(1)), strides.append(t.int_val(1)), dropped.append(True)
        j += 1
    return MemRef(m.type, m.key, m.base, offsets, sizes, strides, dropped)


@semantics("vector.load", attrs=("nontemporal", "alignment"),
           poison_ub={"1:": "an index"},
           memory="read")
def vector_load(ctx, op: Op, src, *idx: Scalar):
    """``vector.load %m[%i...] : memref, vector<S>``: the elements of ``%m`` from ``%i`` on in its
    innermost ``rank(S)`` dims (MLIR ``VectorOps.td``); out of bounds is UB (see above)."""
    from irverify.ir.core import VectorType

    _no_access_alignment(op)
    m = _memref(op, src)
    vt = op.results[0].type
    if not isinstance(vt, VectorType) or vt.elem != m.type.elem:
        raise Unsupported(f"'vector.load' of {vt}", op.loc)
    w = _vector_window(ctx, op, m, list(idx), tuple(vt.shape), "vector.load")
    snap = snapshot(ctx, w, TensorType(tuple(vt.shape), vt.elem))
    return Tensor(vt, [t.int_val(n) for n in vt.shape], snap.at, snap.defined)


@semantics("vector.store", attrs=("nontemporal", "alignment"),
           poison_ub={"2:": "an index"},
           memory="write")
def vector_store(ctx, op: Op, value, dst, *idx: Scalar):
    """``vector.store %v, %m[%i...]``: writes ``%v`` where ``vector.load`` reads (MLIR
    ``VectorOps.td``); out of bounds is UB (see above)."""
    from irverify.ir.core import VectorType

    _no_access_alignment(op)
    m = _memref(op, dst)
    vt = op.operands[0].type
    if not isinstance(vt, VectorType) or vt.elem != m.type.elem or not isinstance(value, Tensor):
        raise Unsupported(f"'vector.store' of {vt}", op.loc)
    w = _vector_window(ctx, op, m, list(idx), tuple(vt.shape), "vector.store")
    write(ctx, w, Tensor(TensorType(tuple(vt.shape), vt.elem), value.dims, value.at, value.defined))


@semantics("vector.maskedstore", attrs=("alignment",), poison_ub={"1:": "an index"}, memory="write")
def vector_maskedstore(ctx, op: Op, base, *rest):
    """``vector.maskedstore %m[%i...], %mask, %v`` (MLIR ``VectorOps.td``): lane ``j`` of the 1-D
    ``%v`` is stored at ``%m[%i..., %i_last + j]`` when mask bit ``j`` is set; masked-off lanes
    store nothing (and may lie outside ``%m``). A set lane outside ``%m`` is UB."""
    from irverify.ir.core import VectorType
    from irverify.semantics.common import fresh_index
    from irverify.model.sorts import exists_in

    _no_access_alignment(op)
    m = _memref(op, base)
    vt = op.operands[-1].type
    if not isinstance(vt, VectorType) or len(vt.shape) != 1 or vt.elem != m.type.elem or len(rest) != m.rank + 2:
        raise Unsupported(f"'vector.maskedstore' of {vt}", op.loc)
    *idx, mask, value = rest
    if m.rank == 0 or not isinstance(mask, Tensor) or not isinstance(value, Tensor):
        raise Unsupported("'vector.maskedstore' of an unexpected form", op.loc)
    for i in idx:
        ctx.require_not_poison(i, "vector.maskedstore index")
    n = t.int_val(vt.shape[0])
    start = [i.term for i in idx]
    (lane,) = fresh_index(1, "lane")
    on = lambda j: t.and_(mask.at([j]) == t.bv_val(1, 1), t.not_(mask.poison_at([j]) if mask.poison_at([j]) is not None else t.false()))  # noqa: E731
    if mask.defined is not None:
        ctx.add_ub(exists_in([lane], [n], mask.poison_at([lane])), "vector.maskedstore: a poison mask bit")
    where = start[:-1] + [start[-1] + lane]
    ctx.add_ub(exists_in([lane], [n], t.and_(on(lane), t.not_(m.in_bounds(where)))),
               "vector.maskedstore: a set lane stores out of bounds")
    ttype = TensorType(tuple(m.type.shape), m.type.elem)
    old = snapshot(ctx, m, ttype)

    def hit(p):
        j = p[-1] - start[-1]
        same_row = t.and_(*(a == b for a, b in zip(p[:-1], start[:-1])))
        return t.and_(same_row, t.in_range(j, n), on(j)), j

    def elem(p):
        h, j = hit(p)
        return t.ite(h, value.at([j]), old.at(p))

    defined = None
    if value.defined is not None or old.defined is not None:
        def defined(p):
            h, j = hit(p)
            return t.ite(h, value.is_defined([j]), old.is_defined(p))
    write(ctx, m, Tensor(ttype, list(m.dims), elem, defined))
    return []


SCATTER_LANES = 4096  # lanes of a vector.scatter whose positions are read one by one


@semantics("vector.scatter", attrs=("alignment",), poison_ub={"1:": "an offset"}, memory="write")
def vector_scatter(ctx, op: Op, base, *rest):
    """``vector.scatter %m[%o] [%idx], %mask, %v : memref<?xT>, vector<NxIdx>, vector<Nxi1>,
    vector<NxT>`` (MLIR ``VectorOps.td``): for every lane ``i`` whose mask bit is set,
    ``%m[%o + %idx[i]] = %v[i]``; masked-off lanes store nothing. A set lane whose position is
    outside the memref is UB, and so are two set lanes with the same position ("the behavior
    is undefined" for duplicate indices). Encoded for a 1-D memref and lanes whose positions
    and mask bits are constants (at most ``SCATTER_LANES``); other forms are unsupported."""
    from irverify.ir.core import VectorType

    _no_access_alignment(op)
    m = _memref(op, base)
    if m.rank != 1 or len(rest) != 4:
        raise Unsupported(f"'vector.scatter' into a rank-{m.rank} memref", op.loc)
    offset, idx, mask, value = rest
    vt = op.operands[-1].type
    if (not isinstance(vt, VectorType) or len(vt.shape) != 1 or vt.elem != m.type.elem
            or not all(isinstance(x, Tensor) for x in (idx, mask, value))):
        raise Unsupported(f"'vector.scatter' of {vt}", op.loc)
    n = vt.shape[0]
    if n > SCATTER_LANES:
        raise Unsupported(f"'vector.scatter' of {n} lanes (at most {SCATTER_LANES} are encoded)", op.loc)
    ctx.require_not_poison(offset, "vector.scatter offset")
    lanes: dict[int, int] = {}
    for i in range(n):
        at = [t.int_val(i)]
        bit = t.static_int(t.simplify(mask.at(at)))
        rel = t.static_int(t.simplify(idx.at(at)))
        if bit is None or rel is None or mask.poison_at(at) is not None and t.static_bool(t.simplify(mask.poison_at(at))) is not False \
                or idx.poison_at(at) is not None and t.static_bool(t.simplify(idx.poison_at(at))) is not False:
            raise Unsupported("'vector.scatter' whose lane positions or mask bits are not constants", op.loc)
        if not bit:
            continue
        if rel in lanes:
            ctx.add_ub(t.true(), f"vector.scatter: lanes {lanes[rel]} and {i} store to one position")
        lanes[rel] = i
    if not lanes:
        return []
    lo, hi = min(lanes), max(lanes)
    ctx.add_ub(t.or_(offset.term + lo < 0, t.le(m.dims[0], offset.term + hi)), "vector.scatter: a lane stores out of bounds")
    ttype = TensorType(tuple(m.type.shape), m.type.elem)
    old = snapshot(ctx, m, ttype)

    def pick(p, new, keep):
        out = keep
        for rel, i in lanes.items():
            out = t.ite(p[0] == offset.term + rel, new(i), out)
        return out

    def elem(p):
        return pick(p, lambda i: value.at([t.int_val(i)]), old.at(p))

    defined = None
    if value.defined is not None or old.defined is not None:
        def defined(p):
            return pick(p, lambda i: value.is_defined([t.int_val(i)]), old.is_defined(p))
    write(ctx, m, Tensor(ttype, list(m.dims), elem, defined))
    return []


@semantics("memref.dim", poison_ub={"1": "the dim index"})
def dim(ctx, op: Op, src, index: Scalar):
    """The extent of dimension ``index``; an index outside ``[0, rank)`` is UB."""
    m = _memref(op, src)
    k = index.term
    ctx.add_ub(t.not_(t.in_range(k, t.int_val(m.rank))), "memref.dim: dimension index out of range")
    if m.rank == 0:
        return Scalar(t.const(t.fresh_name("dim"), t.int_sort()), IndexType())
    out = m.dims[-1]
    for j in range(m.rank - 2, -1, -1):
        out = t.ite(k == j, m.dims[j], out)
    return Scalar(out, IndexType())


def _check_result_dims(ctx, op: Op, mt: MemRefType, dims, what: str) -> None:
    for k, (s, d) in enumerate(zip(mt.shape, dims)):
        if s is not None:
            ctx.add_ub(d != s, f"{what}: dim {k} is not {s}")


def _dropped(op: Op, sizes, reduced_rank: int) -> list[bool]:
    """Which sizes a rank-reducing subview drops: unambiguous only (as many static unit sizes
    as dims dropped, or none dropped)."""
    k = len(sizes) - reduced_rank
    if k == 0:
        return [False] * len(sizes)
    units = [t.static_int(s) == 1 for s in sizes]
    if k < 0 or sum(units) != k:
        raise Unsupported(f"'{op.name}' rank reduction with several candidate unit dims", op.loc)
    return units


@semantics("memref.subview", attrs=("static_offsets", "static_sizes", "static_strides"),
           poison_ub={"1:": "an offset, size or stride"})
def subview(ctx, op: Op, src, *args: Scalar):
    """The strided slice ``src[offsets + i * strides]`` of extents ``sizes`` (unit dims dropped
    when the result's rank is lower); UB unless it lies inside ``src`` with positive strides."""
    from irverify.semantics.iree import split_operands

    m = _memref(op, src)
    rt = op.results[0].type
    if not isinstance(rt, MemRefType):
        raise Unsupported(f"subview of type {rt}", op.loc)
    offs, szs, strs = split_operands(op, [src, *args], 4)[1:]
    offsets = static_or_dynamic(op.attrs["static_offsets"], offs)
    sizes = static_or_dynamic(op.attrs["static_sizes"], szs)
    strides = static_or_dynamic(op.attrs["static_strides"], strs)
    if not (len(offsets) == len(sizes) == len(strides) == m.rank):
        raise Unsupported("memref.subview operand counts", op.loc)
    for k, (o, s, st, d) in enumerate(zip(offsets, sizes, strides, m.dims)):
        ctx.add_ub(t.lt(s, t.int_val(0)), f"memref.subview: negative size in dim {k}")
        ctx.add_ub(t.lt(st, t.int_val(1)), f"memref.subview: non-positive stride in dim {k}")
        out = t.or_(t.lt(o, t.int_val(0)), t.le(d, o + (s - 1) * st))
        ctx.add_ub(t.and_(t.lt(t.int_val(0), s), out), f"memref.subview: slice out of bounds in dim {k}")
    drop = _dropped(op, sizes, rt.rank)
    new_off, new_size, new_stride, new_drop = list(m.offsets), list(m.sizes), list(m.strides), list(m.dropped)
    live = [k for k, d in enumerate(m.dropped) if not d]
    for j, k in enumerate(live):
        new_off[k] = t.simplify(m.offsets[k] + offsets[j] * m.strides[k])
        new_size[k] = sizes[j]
        new_stride[k] = t.simplify(m.strides[k] * strides[j])
        new_drop[k] = drop[j]
    out = MemRef(rt, m.key, m.base, new_off, new_size, new_stride, new_drop)
    _check_result_dims(ctx, op, rt, out.dims, "memref.subview")
    return out


@semantics("memref.cast")
def cast(ctx, op: Op, src):
    """The same memory with another static/dynamic type: UB if a static extent differs."""
    m = _memref(op, src)
    rt = op.results[0].type
    if not isinstance(rt, MemRefType) or rt.rank != m.rank:
        raise Unsupported(f"memref.cast to {rt}", op.loc)
    if rt.strides is not None and not (m.type.strides == rt.strides and m.type.offset == rt.offset):
        raise Unsupported(f"memref.cast to the layout of {rt}", op.loc)
    _check_result_dims(ctx, op, rt, m.dims, "memref.cast")
    return MemRef(rt, m.key, m.base, m.offsets, m.sizes, m.strides, m.dropped, m.argument)


def _reshape(ctx, op: Op, m: MemRef, dims) -> MemRef:
    if not m.whole():
        raise Unsupported(f"'{op.name}' of a strided slice", op.loc)
    rt = op.results[0].type
    base = View(_view_type(rt, rt.shape), m.key, m.base.offset, list(dims))
    rank = len(dims)
    return MemRef(rt, m.key, base, [t.int_val(0)] * rank, list(dims), [t.int_val(1)] * rank, [False] * rank)


@semantics("memref.collapse_shape", attrs=("reassociation",))
def collapse_shape(ctx, op: Op, src):
    """The same dense memory viewed with each group of dims merged (row-major)."""
    from irverify.semantics.tensor import reassociation

    m = _memref(op, src)
    rt = op.results[0].type
    groups = reassociation(op, m.rank, rt.rank)
    dims = [t.product([m.dims[d] for d in g]) for g in groups]
    _check_result_dims(ctx, op, rt, dims, "memref.collapse_shape")
    if m.whole():
        return _reshape(ctx, op, m, dims)
    return _collapse_slice(op, m, groups)


def _collapse_slice(op: Op, m: MemRef, groups) -> MemRef:
    """A strided slice collapsed: each merged group must be contiguous in its view (unit stride
    on its first dim, the whole view extent at offset 0 on the others), so that it is one run
    of the view with those dims merged; other slices are unsupported."""
    if any(m.dropped):
        raise Unsupported(f"'{op.name}' of a rank-reduced slice", op.loc)
    base_dims, offsets, sizes, strides = [], [], [], []
    for g in groups:
        first, rest = g[0], g[1:]
        full = all(t.static_int(m.offsets[d]) == 0 and t.static_int(m.strides[d]) == 1
                   and (m.sizes[d] is m.base.dims[d] or t.static_int(t.simplify(m.sizes[d] - m.base.dims[d])) == 0)
                   for d in rest)
        if rest and (not full or t.static_int(m.strides[first]) != 1):
            raise Unsupported(f"'{op.name}' of a strided slice whose merged dims are not contiguous", op.loc)
        inner = t.product([m.base.dims[d] for d in rest])
        base_dims.append(t.product([m.base.dims[d] for d in g]))
        offsets.append(m.offsets[first] * inner if rest else m.offsets[first])
        sizes.append(t.product([m.sizes[d] for d in g]))
        strides.append(m.strides[first])
    rt = op.results[0].type
    base = View(_view_type(rt, [None] * len(base_dims)), m.key, m.base.offset, base_dims)
    return MemRef(rt, m.key, base, offsets, sizes, strides, [False] * len(groups))


@semantics("memref.expand_shape", attrs=("reassociation", "static_output_shape"),
           poison_ub={"1:": "an output size"})
def expand_shape(ctx, op: Op, src, *dynamic: Scalar):
    """The same dense memory viewed with dims split (row-major); UB unless each group's output
    sizes multiply to the source extent."""
    from irverify.semantics.tensor import reassociation

    m = _memref(op, src)
    rt = op.results[0].type
    groups = reassociation(op, rt.rank, m.rank)
    dims = static_or_dynamic(op.attrs["static_output_shape"], dynamic)
    for k, d in enumerate(dims):
        ctx.add_ub(t.lt(d, t.int_val(0)), f"memref.expand_shape: negative output size in dim {k}")
    for k, g in enumerate(groups):
        ctx.add_ub(m.dims[k] != t.product([dims[d] for d in g]),
                   f"memref.expand_shape: source dim {k} differs from the product of its output sizes")
    return _reshape(ctx, op, m, dims)


def _alloc(ctx, op: Op, dynamic) -> MemRef:
    from irverify.semantics.iree import split_operands
    from irverify.model.sorts import scalar_sort

    rt = op.results[0].type
    if not isinstance(rt, MemRefType) or rt.strides is not None:
        raise Unsupported(f"'{op.name}' of type {rt}", op.loc)
    _check_space(rt, op.loc)
    dyn, syms = split_operands(op, dynamic, 2)
    if syms:
        raise Unsupported(f"'{op.name}' with symbol operands", op.loc)
    it = iter(dyn)
    dims = [t.int_val(d) if d is not None else next(it).term for d in rt.shape]
    for k, d in enumerate(dims):
        ctx.add_ub(t.lt(d, t.int_val(0)), f"{op.name}: negative size in dim {k}")
    mem = memory(ctx)
    key = f"alloc {len([k for k in mem.buffers if str(k).startswith('alloc ')])}"
    initial = t.array_var(t.fresh_name("alloc"), 1, scalar_sort(rt.elem, ctx.fp))
    mem.buffers[key] = Buffer(key, rt.elem, t.product(dims), initial, (), ctx.fp, {rt.elem},
                              name=key, uninitialised=True)
    rank = len(dims)
    base = View(_view_type(rt, rt.shape), key, t.int_val(0), dims)
    return MemRef(rt, key, base, [t.int_val(0)] * rank, list(dims), [t.int_val(1)] * rank, [False] * rank)


@semantics("memref.alloc", attrs=("alignment",),
           poison_ub={"all": "a dynamic size"},
           memory="alloc")
def alloc(ctx, op: Op, *dynamic: Scalar):
    """A fresh buffer of this side, its elements undefined (poison) until written."""
    return _alloc(ctx, op, dynamic)


@semantics("memref.alloca", attrs=("alignment",),
           poison_ub={"all": "a dynamic size"},
           memory="alloc")
def alloca(ctx, op: Op, *dynamic: Scalar):
    """As ``memref.alloc`` (a stack allocation: the same values)."""
    return _alloc(ctx, op, dynamic)


@semantics("memref.copy", memory="read-write")
def copy(ctx, op: Op, src, dst):
    """``dst[i] := src[i]`` for every ``i``; UB unless both have the same extents, and UB when
    an element is read where another is written (MLIR lowers the op to ``memcpy``)."""
    s, d = _memref(op, src), _memref(op, dst)
    if s.rank != d.rank:
        raise Unsupported("memref.copy between ranks", op.loc)
    for k, (a, b) in enumerate(zip(s.dims, d.dims)):
        ctx.add_ub(a != b, f"memref.copy: extents differ in dim {k}")
    ctx.add_ub(memref_alias.copy_overlap(ctx, s, d),
               "memref.copy: source and target overlap (other than element for element)")
    write(ctx, d, snapshot(ctx, s, TensorType(s.type.shape, s.type.elem)))


# ----------------------------------------------------------------------------- iree_codegen


@semantics("iree_codegen.load_from_buffer", memory="read")
def load_from_buffer(ctx, op: Op, src):
    """The memref's current contents as a tensor; UB if a static extent of the result differs."""
    m = _memref(op, src)
    rt = op.results[0].type
    if not isinstance(rt, TensorType) or rt.encoding is not None or rt.rank != m.rank:
        raise Unsupported(f"load_from_buffer result of type {rt}", op.loc)
    for k, (s, d) in enumerate(zip(rt.shape, m.dims)):
        if s is not None:
            ctx.add_ub(d != s, f"load_from_buffer: result dim {k} is not {s}")
    value = snapshot(ctx, m, rt)
    value.dims = [t.int_val(s) if s is not None else d for s, d in zip(rt.shape, m.dims)]
    return value


@semantics("iree_codegen.store_to_buffer", memory="write")
def store_to_buffer(ctx, op: Op, value: Tensor, dst):
    """Write the tensor into every element of the memref; UB unless the extents agree."""
    m = _memref(op, dst)
    if not isinstance(value, Tensor) or value.rank != m.rank or value.type.elem != m.type.elem:
        raise Unsupported("store_to_buffer of another rank or element type", op.loc)
    for k, (a, b) in enumerate(zip(value.dims, m.dims)):
        ctx.add_ub(a != b, f"store_to_buffer: extents differ in dim {k}")
    write(ctx, m, value)
