"""IREE dispatch-level semantics: HAL bindings as flat buffers, push constants, dispatch tensor
loads and stores (``hal.*`` and ``iree_tensor_ext.*``).

Upstream docs: ``compiler/src/iree/compiler/Dialect/HAL/IR/HALOps.td`` and
``compiler/src/iree/compiler/Dialect/TensorExt/IR/TensorExtOps.td`` (iree-org/iree).

Memory model
------------
* Each HAL binding ``b`` is one flat buffer of *units*: the element type of the first view of
  ``b`` that is encoded (on either side). Its length (in units; assumed to be under 2^48 bytes
  and a whole number of bytes) and its initial contents are free symbols shared by source and
  target (``binding.{b}``).
* ``hal.interface.binding.subspan`` is a dense row-major *view* of the buffer starting at
  ``offset`` bytes; subspans of one binding alias. Element ``i`` (row-major linear index) of a
  view of element width ``w`` covers the bits ``[8·offset + w·i, 8·offset + w·(i+1))`` of the
  binding, little-endian: a wider element is the concatenation of the units it covers (the
  lowest unit in the low bits), a narrower one is a bit field of its unit (sub-byte element 0
  in the low bits of its byte). Views of the unit type index the units directly.
* Views of another element type (e.g. ``i8`` and ``f4E2M1FN``, or ``f32`` and ``i32``) are
  supported when both types are bit patterns (not ``index``; floats only in the bit-level
  ``abstract``/``ieee`` theories) whose widths divide each other, and no undefined
  (``tensor.empty``) element is stored or read through them.
* ``dispatch.tensor.store`` updates the buffer functionally:
  ``new(p) = ite(p is written, value at the slice index of p, old(p))`` (per bit field of unit
  ``p`` for narrower elements); units it does not write keep their previous contents.
* What is observable is the final contents of every binding written on either side, compared at
  a symbolic unit position (``Buffer.mismatch``), plus the function's results. A binding seen
  with one float element type is compared with float refinement (same bits or both NaN), one
  seen with several element types bit for bit.

Undefined behaviour (runtime preconditions IREE assumes and never checks): a load or store
whose view does not lie inside the buffer, a slice out of the view's bounds, a non-positive
stride, a stored value whose dims differ from the slice sizes, ``{dims}`` of a load/store that
differ from the view's, a byte offset violating the subspan's ``alignment``.

Loading from a ``writeonly`` view or storing to a ``readonly`` one is *unsupported*: the access
qualifier is a contract with the host about what the buffer holds, which irverify does not
model, so neither reading an initial value nor declaring UB would be justified.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import (
    DispatchTensorType,
    FloatType,
    IndexType,
    IntType,
    Op,
    ScalarType,
    TensorType,
)
from irverify.model.memory import (  # noqa: F401  (the memory model, used through this module)
    Buffer,
    InitialMemory,
    Memory,
    Store,
    View,
    from_bits,
    memory,
    refines,
    strides_of,
    to_bits,
)
from irverify.semantics.common import DYNAMIC, result_dims, static_or_dynamic
from irverify.semantics.registry import semantics
from irverify.model.values import Scalar, Tensor
from irverify.smt import terms as t

PUSH_CONSTANT_BITS = 32
# A binding is a real buffer: it holds fewer than 2^48 bytes (the x86-64/AArch64 address space),
# so index arithmetic over the extents of views that fit in it cannot overflow 64 bits.
ADDRESS_SPACE_BYTES = 1 << 48


# ----------------------------------------------------------------------------- helpers


def elem_bits(ty: ScalarType, op: Op) -> int | None:
    """Storage size in bits of one element in a binding: a whole number of bytes, or 4 bits
    (packed two per byte); ``None`` for ``index`` (target-dependent: such a view must start at
    byte offset 0)."""
    if isinstance(ty, IndexType):
        return None
    if isinstance(ty, (IntType, FloatType)) and (ty.width % 8 == 0 or ty.width == 4):
        return ty.width
    raise Unsupported(f"binding element type {ty}", op.loc)


def segments(op: Op, n: int) -> list[int]:
    sizes = op.attrs.get("operandSegmentSizes")
    if not isinstance(sizes, list) or len(sizes) != n:
        raise Unsupported(f"operand segments of '{op.name}'", op.loc)
    return [int(s) for s in sizes]


def split_operands(op: Op, args: Sequence[Any], n: int) -> list[list[Any]]:
    out, k = [], 0
    for s in segments(op, n):
        out.append(list(args[k:k + s]))
        k += s
    return out


def binding_buffer(ctx, b: int, elem: ScalarType, op: Op) -> Buffer:
    """The current buffer of binding ``b`` on this side (created from the shared symbols)."""
    mem = memory(ctx)
    if b in mem.buffers:
        buf = mem.buffers[b]
        if elem not in buf.types:
            _require_compatible(ctx, b, buf.elem, elem, op)
            buf.types.add(elem)
        return buf
    from irverify.model.sorts import scalar_sort

    sort = scalar_sort(elem, ctx.fp)

    def make():
        length = t.int_var(f"binding{b}.length")
        ctx.inputs.dims.append((f"binding {b} length", length))
        bits = elem_bits(elem, op) or 64
        if bits % 8 == 0:
            ctx.inputs.assumptions.append(t.and_(length >= 0, length * (bits // 8) < ADDRESS_SPACE_BYTES))
        else:  # sub-byte units: a whole number of bytes
            ctx.inputs.assumptions.append(t.and_(length >= 0, length * bits < 8 * ADDRESS_SPACE_BYTES,
                                                 t.floormod(length, t.int_val(8 // bits)) == 0))
        initial = t.array_var(f"binding{b}", 1, sort)
        ctx.inputs.extras[f"binding {b} (initial)"] = InitialMemory(length, initial, elem)
        ctx.inputs.pretty.append((initial, [length], elem, -1))
        return elem, length, initial

    shared_elem, length, initial = ctx.inputs.symbol(f"binding.{b}", make)
    if shared_elem != elem:
        _require_compatible(ctx, b, shared_elem, elem, op)
    buf = Buffer(b, shared_elem, length, initial, (), ctx.fp, {elem})
    mem.buffers[b] = buf
    return buf


def _require_compatible(ctx, b: int, unit: ScalarType, elem: ScalarType, op: Op) -> None:
    """Views of a binding with another element type than its unit: both must be bit patterns
    whose widths divide each other."""
    from irverify.model.sorts import scalar_sort

    what = f"binding {b} viewed with element types {unit} and {elem}"
    for ty in (unit, elem):
        if isinstance(ty, IndexType) or scalar_sort(ty, ctx.fp) != t.bv_sort(ty.width):
            raise Unsupported(f"{what} ({ty} is not a bit pattern under the '{ctx.fp.name}' float theory)"
                              if not isinstance(ty, IndexType) else what, op.loc)
    if max(unit.width, elem.width) % min(unit.width, elem.width):
        raise Unsupported(what, op.loc)


# ----------------------------------------------------------------------------- hal


@semantics("hal.interface.constant.load", attrs=("layout", "ordinal"))
def constant_load(ctx, op: Op):
    """The ``ordinal``-th 32-bit push constant: a free value shared by source and target.
    An ``index`` result reads the slot zero-extended, so it lies in [0, 2^32)."""
    k = int(op.attrs["ordinal"])
    ty = op.results[0].type
    name = op.results[0].name or f"%pc{k}"

    def make():
        v = t.int_var(f"push_constant{k}")
        ctx.inputs.dims.append((f"push constant {k} ({name})", v))
        ctx.inputs.assumptions.append(t.in_range(v, t.int_val(1 << PUSH_CONSTANT_BITS)))
        return v

    v = ctx.inputs.symbol(f"push_constant.{k}", make)
    if isinstance(ty, IndexType):
        return Scalar(v, ty)
    if isinstance(ty, IntType) and ty.width == PUSH_CONSTANT_BITS:
        return Scalar(t.int_to_bv(v, 32), ty)
    if isinstance(ty, FloatType) and ty.width == PUSH_CONSTANT_BITS:
        return Scalar(ctx.fp.from_bits(t.int_to_bv(v, 32), ty), ty)
    raise Unsupported(f"push constant of type {ty}", op.loc)


@semantics("hal.interface.binding.subspan",
           attrs=("layout", "binding", "alignment", "descriptor_flags"), poison_ub={"all": "an offset or extent"})
def binding_subspan(ctx, op: Op, *args):
    """A dense row-major view of binding ``binding`` at byte ``offset`` (0 when absent).
    ``descriptor_flags`` (ReadOnly/Indirect) do not change the contents; ``alignment`` promises
    that the byte offset is a multiple of it (UB otherwise)."""
    ty = op.results[0].type
    if not isinstance(ty, DispatchTensorType) or ty.tensor.encoding is not None:
        raise Unsupported(f"subspan of type {ty}", op.loc)
    offset_ops, dyn = split_operands(op, args, 2)
    bits = elem_bits(ty.tensor.elem, op)
    size = None if bits is None else max(bits // 8, 1)
    byte_off = offset_ops[0].term if offset_ops else t.int_val(0)
    align = op.attrs.get("alignment")
    if align is not None:
        ctx.add_ub(t.floormod(byte_off, t.int_val(int(align))) != 0,
                   f"subspan offset is not a multiple of its alignment {align}")
    if size is None:
        if t.static_int(byte_off) != 0:
            raise Unsupported("non-zero byte offset of a binding of index elements", op.loc)
        size = 1
    _require_divisible(ctx, byte_off, size, op)
    b = int(op.attrs["binding"])
    binding_buffer(ctx, b, ty.tensor.elem, op)
    dims = static_or_dynamic([DYNAMIC if d is None else d for d in ty.tensor.shape], dyn)
    if bits is not None and bits < 8:  # sub-byte elements: 8 / bits per byte
        elem_off = byte_off * (8 // bits)
    else:
        elem_off = t.floordiv(byte_off, t.int_val(size)) if size != 1 else byte_off
    return View(ty, b, t.simplify(elem_off), dims)


def _require_divisible(ctx, byte_off, size: int, op: Op) -> None:
    """A byte offset that is not a whole number of elements is not modelled."""
    if size == 1:
        return
    off = t.static_int(byte_off)
    if off is not None:
        if off % size:
            raise Unsupported(f"byte offset {off} not a multiple of the element size {size}", op.loc)
        return
    from irverify.smt import solver

    pre = list(ctx.inputs.assumptions) + ctx.state.assumptions
    res = solver.check("subspan offset divisibility", pre + [t.floormod(byte_off, t.int_val(size)) != 0], 5.0)
    if res.status != "unsat":
        raise Unsupported(f"byte offset not provably a multiple of the element size {size}", op.loc)


# ----------------------------------------------------------------------------- slices


def dropped_dims(sizes: Sequence[Any], full_rank: int, reduced: TensorType, op: Op) -> list[bool]:
    """IREE's rank-reduction rule (``getDroppedDimsImpl``): scanning the sizes, a static 1 is
    dropped unless the next reduced dim is also a static 1; dynamic sizes are never dropped;
    at most ``full_rank - reduced.rank`` dims are dropped."""
    k = full_rank - reduced.rank
    if k < 0:
        raise Unsupported(f"'{op.name}' value of rank {reduced.rank} into rank {full_rank}", op.loc)
    dropped, p, n = [], 0, 0
    for s in sizes:
        unit = t.static_int(s) == 1
        if n < k and unit and not (p < reduced.rank and reduced.shape[p] == 1):
            dropped.append(True)
            n += 1
        else:
            dropped.append(False)
            p += 1
    if n != k or p != reduced.rank:
        raise Unsupported(f"'{op.name}' rank reduction {sizes} -> {reduced}", op.loc)
    return dropped


def slice_operands(op: Op, offs, sizes, strides):
    static = (op.attrs["static_offsets"], op.attrs["static_sizes"], op.attrs["static_strides"])
    return [static_or_dynamic(s, d) for s, d in zip(static, (offs, sizes, strides))]


def check_slice(ctx, view: View, dims_ops, offsets, sizes, strides, what: str) -> None:
    """UB unless the ``{dims}`` match the view, the view lies in the buffer and the slice lies
    in the view with positive strides."""
    for k, (d, v) in enumerate(zip(dims_ops, [d for d, s in zip(view.dims, view.type.tensor.shape) if s is None])):
        ctx.add_ub(d.term != v, f"{what}: dynamic dim {k} differs from the subspan's")
    buf = memory(ctx).buffers[view.binding]
    numel = t.product(view.dims)
    w, u = view.elem, buf.elem
    if w == u or w.width == u.width:
        beyond = t.lt(buf.length, view.offset + numel)
    else:  # compare the view's end and the binding's length in bits
        beyond = t.lt(buf.length * u.width, (view.offset + numel) * w.width)
    ctx.add_ub(t.or_(t.lt(view.offset, t.int_val(0)), beyond),
               f"{what}: the view does not lie inside binding {view.binding}")
    for k, (off, size, st, dim) in enumerate(zip(offsets, sizes, strides, view.dims)):
        s = t.static_int(st)
        if s is not None and s < 1:
            raise Unsupported(f"{what}: stride {s}", ctx.op.loc if ctx.op else None)
        ctx.add_ub(t.lt(st, t.int_val(1)), f"{what}: non-positive stride in dim {k}")
        ctx.add_ub(t.lt(size, t.int_val(0)), f"{what}: negative size in dim {k}")
        out = t.or_(t.lt(off, t.int_val(0)), t.le(dim, off + (size - 1) * st))
        ctx.add_ub(t.and_(t.lt(t.int_val(0), size), out), f"{what}: slice out of bounds in dim {k}")


@semantics("iree_tensor_ext.dispatch.tensor.load",
           attrs=("static_offsets", "static_sizes", "static_strides"), poison_ub={"1:": "an offset, size, stride or extent"}, memory="read")
def dispatch_load(ctx, op: Op, src: View, *args):
    """``tensor.extract_slice`` of the view (``r[i] = view[off + i*stride]``), with unit dims
    dropped per the rank-reduction rule; reads the binding's current contents."""
    if src.type.access == "writeonly":
        raise Unsupported("load from a writeonly dispatch tensor", op.loc)
    dims_ops, offs, szs, strs = split_operands(op, [src, *args], 5)[1:]
    offsets, sizes, strides = slice_operands(op, offs, szs, strs)
    rtype = op.results[0].type
    if not isinstance(rtype, TensorType) or rtype.elem != src.type.tensor.elem:
        raise Unsupported(f"load result of type {rtype}", op.loc)
    dropped = dropped_dims(sizes, len(sizes), rtype, op)
    check_slice(ctx, src, dims_ops, offsets, sizes, strides, "dispatch.tensor.load")
    kept_sizes = [s for s, d in zip(sizes, dropped) if not d]
    dims = result_dims(ctx, rtype, kept_sizes, op)
    buf = memory(ctx).buffers[src.binding]
    vstrides = strides_of(src.dims)

    if src.elem != buf.elem and buf.any_undefined():
        raise Unsupported(f"load of {src.elem} elements from binding {src.binding} of {buf.elem} "
                          "units holding undefined elements", op.loc)

    def linear(idx):
        it = iter(idx)
        full = [t.int_val(0) if d else next(it) for d in dropped]
        return sum(((o + i * s) * vs for o, i, s, vs in zip(offsets, full, strides, vstrides)), t.int_val(0))

    def elem(idx):
        return buf.read_view(src, linear(idx))[0]

    defined = (lambda idx: buf.read_view(src, linear(idx))[1]) if buf.any_undefined() else None
    return Tensor(rtype, dims, elem, defined)


@semantics("iree_tensor_ext.dispatch.tensor.store",
           attrs=("static_offsets", "static_sizes", "static_strides"), poison_ub={"2:": "an offset, size, stride or extent"}, memory="write")
def dispatch_store(ctx, op: Op, value: Tensor, dst: View, *args):
    """``dst := tensor.insert_slice(value, dst, offsets, sizes, strides)`` on the binding's
    buffer; the value's dims must equal the (non-dropped) sizes, else UB."""
    if dst.type.access == "readonly":
        raise Unsupported("store to a readonly dispatch tensor", op.loc)
    if not isinstance(value, Tensor) or value.type.elem != dst.type.tensor.elem:
        raise Unsupported("store of a non-tensor or of another element type", op.loc)
    dims_ops, offs, szs, strs = split_operands(op, [value, dst, *args], 6)[2:]
    offsets, sizes, strides = slice_operands(op, offs, szs, strs)
    dropped = dropped_dims(sizes, len(sizes), value.type, op)
    check_slice(ctx, dst, dims_ops, offsets, sizes, strides, "dispatch.tensor.store")
    kept = [s for s, d in zip(sizes, dropped) if not d]
    for k, (vd, s) in enumerate(zip(value.dims, kept)):
        ctx.add_ub(vd != s, f"dispatch.tensor.store: value dim {k} differs from the slice size")
    for k, (s, d) in enumerate(zip(sizes, dropped)):
        if d:
            ctx.add_ub(s != 1, f"dispatch.tensor.store: dropped dim {k} is not a unit dim")
    mem = memory(ctx)
    buf = mem.buffers[dst.binding].with_store(Store(dst, offsets, sizes, strides, dropped, value))
    mem.buffers[dst.binding] = buf
    ctx.state.extra_outputs[f"binding {dst.binding}"] = buf


# ----------------------------------------------------------------------------- tensor_ext


@semantics("iree_tensor_ext.dispatch.workload.ordinal", attrs=("ordinal",))
def workload_ordinal(ctx, op: Op, value: Scalar):
    """Identity: the value, tagged as the ``ordinal``-th workload for workgroup counting."""
    return value


def _bits(ctx, x, ty):
    return to_bits(ctx.fp, x, ty)


def _from_bits(ctx, x, ty):
    return from_bits(ctx.fp, x, ty)


@semantics("iree_tensor_ext.bitcast", poison_ub={"1:": "an extent"})
def bitcast(ctx, op: Op, src: Tensor, *args):
    """Reinterpret the bytes of each innermost row (little-endian); only the innermost dim and
    the element type may change, the outer dims are the same. An element made of several
    source elements is poison if any of them is; bitcasting it back to elements of their width
    gives each its own poison again (memory is poison unit by unit)."""
    src_dims_ops, res_dims_ops = split_operands(op, [src, *args], 3)[1:]
    rtype = op.results[0].type
    if not isinstance(src, Tensor) or not isinstance(rtype, TensorType) or rtype.rank != src.rank \
            or rtype.rank == 0 or rtype.encoding is not None:
        raise Unsupported(f"bitcast {op.operands[0].type} -> {rtype}", op.loc)
    a, b = src.type.elem, rtype.elem
    if isinstance(a, IndexType) or isinstance(b, IndexType):
        raise Unsupported("bitcast of index elements", op.loc)
    wa, wb = a.width, b.width
    if max(wa, wb) % min(wa, wb):
        raise Unsupported(f"bitcast {a} -> {b}", op.loc)
    dyn = iter(res_dims_ops)
    dims = [next(dyn).term if s is None else t.int_val(s) for s in rtype.shape]
    src_dyn = [d for d, s in zip(src.dims, src.type.shape) if s is None]
    for k, (d, v) in enumerate(zip(src_dims_ops, src_dyn)):
        ctx.add_ub(d.term != v, f"bitcast: source dynamic dim {k} differs from the operand's")
    for k in range(rtype.rank - 1):
        ctx.add_ub(dims[k] != src.dims[k], f"bitcast: outer dim {k} differs")
    ctx.add_ub(dims[-1] * wb != src.dims[-1] * wa, "bitcast: innermost row sizes differ in bits")
    if wa == wb:
        def elem(idx):
            return _from_bits(ctx, _bits(ctx, src.at(idx), a), b)
        defined = src.defined
    elif wb > wa:
        r = wb // wa

        def parts(idx):
            return [list(idx[:-1]) + [idx[-1] * r + c] for c in range(r)]

        def elem(idx):
            words = [_bits(ctx, src.at(j), a) for j in reversed(parts(idx))]
            return _from_bits(ctx, t.concat(*words), b)
        defined = None if src.defined is None else (
            lambda idx: t.and_(*(src.defined(j) for j in parts(idx))))
        if src.defined is not None:  # an element is poison if any unit is; remember the units
            out = Tensor(rtype, dims, elem, defined)
            out.units = (src, wa)
            return out
    else:
        r = wa // wb

        def word(idx):
            return list(idx[:-1]) + [t.floordiv(idx[-1], t.int_val(r))]

        def elem(idx):
            w = _bits(ctx, src.at(word(idx)), a)
            shift = t.int_to_bv(t.floormod(idx[-1], t.int_val(r)) * wb, wa)
            return _from_bits(ctx, t.trunc(t.lshr(w, shift), wb), b)
        defined = None if src.defined is None else (lambda idx: src.defined(word(idx)))
        units = getattr(src, "units", None)
        if units is not None and units[1] == wb:  # back to the units it was made of: their poison
            defined = units[0].defined
    return Tensor(rtype, dims, elem, defined)


@semantics("iree_tensor_ext.compute_barrier.start", poison_ub={"1:": "an extent"})
def compute_barrier_start(ctx, op: Op, value: Tensor, *dims):
    """``iree_tensor_ext.compute_barrier.start %x : T{dims} -> T``: an identity on the tensor
    (poison included); it only stops IREE's reshape propagation and fusion from moving ops
    down across it. Its dynamic extents, given as operands, must be the tensor's."""
    return _compute_barrier(ctx, op, value, dims)


@semantics("iree_tensor_ext.compute_barrier.end", poison_ub={"1:": "an extent"})
def compute_barrier_end(ctx, op: Op, value: Tensor, *dims):
    """``iree_tensor_ext.compute_barrier.end``: the matching identity for the other direction
    (ops are not moved up across it)."""
    return _compute_barrier(ctx, op, value, dims)


def _compute_barrier(ctx, op: Op, value, dims) -> Tensor:
    rtype = op.results[0].type
    if not isinstance(value, Tensor) or rtype != op.operands[0].type:
        raise Unsupported(f"'{op.name}' from {op.operands[0].type} to {rtype}", op.loc)
    dynamic = [d for d, s in zip(value.dims, value.type.shape) if s is None]
    if len(dims) != len(dynamic):
        raise Unsupported(f"'{op.name}' with {len(dims)} extents for {len(dynamic)} dynamic dims", op.loc)
    for k, (given, actual) in enumerate(zip(dims, dynamic)):
        ctx.add_ub(given.term != actual, f"{op.name}: declared dynamic extent {k} differs from the tensor's")
    return value
