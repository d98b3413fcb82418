"""Flat memory: HAL bindings and memref buffers as arrays of units, views of them, and the
stores a program makes (the memory model is stated in ``irverify.semantics.iree``).

A buffer's contents are its initial contents (a free array shared by both sides, or undefined
for a fresh allocation) overwritten by its stores in order; reading a unit gives its value and
whether it is defined (not poison, written or initialised).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from irverify.ir.core import DispatchTensorType, FloatType, ScalarType
from irverify.model.sorts import element
from irverify.model.values import Tensor
from irverify.smt import terms as t

# How a flat position is split into a view index when reading the final buffers for the value
# check: "fresh" introduces fresh index variables with a defining linear constraint (only for
# the free comparison position), "div" uses floordiv/floormod terms everywhere.
DECOMPOSITION = "fresh"


def to_bits(fp, x, ty):
    return fp.to_bits(x, ty) if isinstance(ty, FloatType) else x


def from_bits(fp, x, ty):
    return fp.from_bits(x, ty) if isinstance(ty, FloatType) else x


def strides_of(dims: Sequence[Any]) -> list[Any]:
    """Row-major element strides of a dense array with extents ``dims``."""
    out, acc = [], t.int_val(1)
    for d in reversed(dims):
        out.append(acc)
        acc = t.simplify(acc * d)
    return list(reversed(out))


def refines(src, tgt, ty, fp):
    if isinstance(ty, FloatType):
        return fp.refines(src, tgt, ty)
    return src == tgt


@dataclass
class View:
    """The value of a subspan: a dense row-major view of ``binding`` at element ``offset``."""

    type: DispatchTensorType
    binding: int
    offset: Any  # in elements of the view's type
    dims: list[Any]

    @property
    def elem(self) -> ScalarType:
        return self.type.tensor.elem


@dataclass
class Store:
    """One store: the slice of ``view`` it writes and the value (``dropped`` marks unit dims
    of the slice that the value's rank leaves out)."""

    view: View
    offsets: list[Any]
    sizes: list[Any]
    strides: list[Any]
    dropped: list[bool]
    value: Tensor

    def locate(self, p, side: list | None):
        """(is flat position ``p`` (in view elements) written by this store, the value index it
        takes)."""
        return self.locate_linear(p - self.view.offset, side)

    def locate_linear(self, q, side: list | None):
        """(is row-major linear index ``q`` of the view written by this store, the value index
        it takes)."""
        dims = self.view.dims
        numel = t.product(dims)
        in_view = t.and_(t.le(t.int_val(0), q), t.lt(q, numel))
        strides = strides_of(dims)
        if side is not None:
            # One set of coordinates per (q, dims) in a check: two sides that store the same
            # view see the same position through the same constants (the constraints below
            # determine them, so sharing them is exact), which spares the solver proving that
            # two row-major decompositions of one index agree.
            dim_terms = [t.int_val(d) if isinstance(d, int) else d for d in dims]
            v = t.shared(("row-major coordinates", q.get_id(), *(d.get_id() for d in dim_terms)),
                         lambda: [t.fresh_int("v") for _ in dims], q, *dim_terms)
            defs = [q == sum((vk * sk for vk, sk in zip(v, strides)), t.int_val(0))]
            defs += [t.in_range(vk, dk) for vk, dk in zip(v, dims)]
            side.append(t.implies(in_view, t.and_(*defs)))
        else:
            v = []
            for k, (sk, dk) in enumerate(zip(strides, dims)):
                quot = t.floordiv(q, sk)
                v.append(quot if k == 0 else t.floormod(quot, dk))
        conds, idx = [in_view], []
        for vk, off, size, st in zip(v, self.offsets, self.sizes, self.strides):
            rel = vk - off
            stride = t.static_int(st)
            if stride == 1:
                ik = rel
            else:
                ik = t.floordiv(rel, st)
                conds.append(t.floormod(rel, st) == 0)
            conds.append(t.in_range(ik, size))
            idx.append(ik)
        kept = [ik for ik, drop in zip(idx, self.dropped) if not drop]
        return t.and_(*conds), kept


@dataclass
class Buffer:
    """The contents of one binding: initial contents overwritten by ``stores`` in order."""

    binding: Any  # the binding index (or the key of a memref buffer, see ``semantics.memref``)
    elem: ScalarType  # the unit type
    length: Any
    initial: Any
    stores: tuple[Store, ...] = ()
    fp: Any = None
    # The element types of this side's views of the binding (shared by all its versions).
    types: set = field(default_factory=set)
    name: str = ""  # how reports name it ("binding N" when empty)
    uninitialised: bool = False  # initial contents undefined (a fresh allocation)
    initial_defined: Any = None  # an array: which initial units are not poison (None: all)

    @property
    def label(self) -> str:
        return self.name or f"binding {self.binding}"

    def with_store(self, store: Store) -> Buffer:
        return dataclasses.replace(self, stores=self.stores + (store,))

    def unwritten(self) -> Buffer:
        return dataclasses.replace(self, stores=())

    def read(self, p, side: list | None = None):
        """(value, defined) at flat unit position ``p``."""
        value = element(t.select(self.initial, [p]), self.elem)
        if self.uninitialised:
            defined = t.false()
        else:
            defined = t.true() if self.initial_defined is None else t.select(self.initial_defined, [p])
        for st in self.stores:
            if st.view.elem != self.elem:
                value, defined = self._overwrite(st, p, value, defined, side)
                continue
            written, idx = st.locate(p, side)
            value = t.ite(written, st.value.at(idx), value)
            if st.value.defined is not None or self.uninitialised or self.initial_defined is not None:
                defined = t.ite(written, st.value.is_defined(idx), defined)
        return value, defined

    def _overwrite(self, st: Store, p, old, old_defined, side: list | None):
        """(value, not poison) of unit ``p`` after ``st``, a store through a view of another
        element type: a unit is poison if a stored element it holds bits of is (a unit made of
        several elements: if any of them is)."""
        fp, vt, ut = self.fp, st.view.elem, self.elem
        w, u = vt.width, ut.width
        if w == u:
            written, idx = st.locate(p, side)
            return (t.ite(written, from_bits(fp, to_bits(fp, st.value.at(idx), vt), ut), old),
                    t.ite(written, st.value.is_defined(idx), old_defined))
        if w > u:  # unit p is part (rel mod k) of view element (rel div k)
            k = t.int_val(w // u)
            rel = p - st.view.offset * k
            written, idx = st.locate_linear(t.floordiv(rel, k), side)
            shift = t.int_to_bv(t.floormod(rel, k) * u, w)
            part = t.trunc(t.lshr(to_bits(fp, st.value.at(idx), vt), shift), u)
            return (t.ite(written, from_bits(fp, part, ut), old),
                    t.ite(written, st.value.is_defined(idx), old_defined))
        k = u // w  # bit field c of unit p is view element p*k + c - offset
        bits, parts, defined = to_bits(fp, old, ut), [], []
        for c in range(k):
            written, idx = st.locate_linear(p * k + c - st.view.offset, side)
            field_c = t.extract(c * w + w - 1, c * w, bits)
            parts.append(t.ite(written, to_bits(fp, st.value.at(idx), vt), field_c))
            defined.append(t.ite(written, st.value.is_defined(idx), old_defined))
        return from_bits(fp, t.concat(*reversed(parts)), ut), t.and_(*defined)

    def read_view(self, view: View, q):
        """(value, defined) of element ``q`` (row-major linear index) of ``view``."""
        vt, ut = view.elem, self.elem
        if vt == ut:
            return self.read(view.offset + q)
        fp, w, u = self.fp, vt.width, ut.width
        if w == u:
            bits = to_bits(fp, self.read(view.offset + q)[0], ut)
        elif w > u:
            k = w // u
            base = (view.offset + q) * k
            units = [to_bits(fp, self.read(base + c)[0], ut) for c in range(k)]
            bits = t.concat(*reversed(units))
        else:
            k = t.int_val(u // w)
            j = view.offset + q
            shift = t.int_to_bv(t.floormod(j, k) * w, u)
            bits = t.trunc(t.lshr(to_bits(fp, self.read(t.floordiv(j, k))[0], ut), shift), w)
        return from_bits(fp, bits, vt), t.true()

    def mixed(self, other: Buffer | None = None) -> bool:
        """Whether the binding is viewed with more than one element type (on either side)."""
        return len(self.types | (other.types if other is not None else set()) | {self.elem}) > 1

    def refines(self, sv, gv, other: Buffer, fp):
        if self.mixed(other):
            return sv == gv
        return refines(sv, gv, self.elem, fp)

    def any_undefined(self) -> bool:
        return (self.uninitialised or self.initial_defined is not None
                or any(st.value.defined is not None for st in self.stores))

    # -- hooks of the refinement check and of counterexample extraction --------------------

    def mismatch(self, other: Buffer | None, fp):
        """A formula true when ``other`` (the target's final buffer) differs from this defined
        source element at a symbolic flat position; returns (formula, [position])."""
        other = other if other is not None else self.unwritten()
        p = t.fresh_int("flat")
        side: list | None = [] if DECOMPOSITION == "fresh" else None
        sv, sd = self.read(p, side)
        gv, gd = other.read(p, side)
        ok = t.and_(gd, self.refines(sv, gv, other, fp))
        return t.and_(t.in_range(p, self.length), sd, t.not_(ok), *(side or [])), [p]

@dataclass
class Memory:
    """The buffers of one side, by binding index (kept on the encoding state)."""

    buffers: dict[int, Buffer] = field(default_factory=dict)


def memory(ctx) -> Memory:
    mem = getattr(ctx.state, "iree_memory", None)
    if mem is None:
        mem = Memory()
        ctx.state.iree_memory = mem
    return mem


@dataclass(frozen=True)
class InitialMemory:
    """The initial contents of a buffer as a counterexample shows them: ``length`` units of
    ``elem`` read from the free array ``initial``."""

    length: Any
    initial: Any
    elem: ScalarType
