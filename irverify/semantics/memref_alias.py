"""Memref arguments that may overlap: MLIR lets two memref arguments of a function share memory
unless the IR says otherwise, so a rewrite that reorders accesses through two of them is correct
only if it is correct when they overlap.

The rule
--------
* Two memref arguments of a function may overlap in any way their extents allow (the same
  memory, one inside the other, partly, or not at all), unless

  - either carries the argument attribute ``llvm.noalias`` in the source function (as in LLVM,
    which MLIR lowers it to: memory accessed through it is accessed through no other argument;
    irverify keeps such an argument apart from the others, which covers every input on which the
    source is defined). A target that adds ``llvm.noalias`` to an argument the source lets
    overlap is unsupported (it would be undefined where the source is not);
  - ``--memref-args noalias`` is given: distinct arguments are then assumed apart. This is a
    contested reading (``irverify.model.assumptions``): a verdict that the other reading decides
    otherwise names the one it rests on.

  Memory of ``memref.alloc``/``alloca`` is fresh: it overlaps no argument and no other
  allocation.
* An argument starts at a whole element (memref accesses are naturally aligned), and arguments
  whose elements have one bit width (``f32`` and ``i32``; ``f16``, ``bf16`` and ``i16``; ...)
  that may overlap form a *group* sharing one memory of such elements: argument ``x`` is
  elements ``[o_x, o_x + n_x)`` of it, ``o_x = P_x + s_x``, where ``n_x`` is its element count,
  ``P_x`` the element count of the group's arguments before it and ``s_x`` a free shift (``0 <=
  o_x <= L - n_x``, ``L`` the group's total element count: any relative placement fits). Every
  relative placement is an input; all shifts zero is the placement where the arguments lie one
  after the other.
* Arguments of different bit widths that may overlap (``f32`` and ``i8``): their overlap is not
  modelled, so a function that stores through either is unsupported (naming the flag).

Encoding. Each argument keeps its own buffer, whose final contents are an output compared
position by position (``memref %x``). Its initial contents are its window of the group's
memory (a free array shared by source and target), and every store through an argument is
replayed, at the same point of the program, into the buffer of every other argument of its
group, at the shift ``o_x - o_y`` (a position outside ``y``'s window is not written there;
between element types of one width the stored bits are reinterpreted). Each argument's buffer
is then at every point its window of the shared memory. ``memref.copy`` whose source and target
overlap other than element for element is undefined (MLIR lowers it to ``memcpy``).

A counterexample shows each argument's initial contents and where each argument of a group
starts relative to the first one (``offset of %b from %a``); one whose arguments overlap is not
run on IREE (execution gives every argument its own buffer), so it is reported unconfirmed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from irverify.errors import Unsupported
from irverify.smt import terms as t

NOALIAS_ATTR = "llvm.noalias"
OVERLAP_NOT_RUN = ("not run: the counterexample places memref arguments {pair} in overlapping memory, "
                   "and execution gives every argument its own buffer")
LAYOUT = "memref.layout"
SOURCE = "memref.source function"
OFFSET_NAME = "offset of {x} from {first} (elements)"
_OFFSET = re.compile(r"offset of (\S+) from (\S+) \(elements\)")


@dataclass
class Group:
    """Arguments sharing one memory of elements of ``elem``'s width."""

    names: list[str]
    elem: Any
    memory: Any  # the free array of the group's memory, shared by source and target
    offsets: dict[str, Any]  # argument -> position of its first element
    lengths: dict[str, Any]


@dataclass
class Layout:
    """Where each memref argument lies: its group (None: apart from every other argument), and
    the pairs whose overlap is not modelled."""

    group_of: dict[str, Group] = field(default_factory=dict)
    unmodelled: list[tuple[str, str]] = field(default_factory=list)
    noalias_args: set[str] = field(default_factory=set)
    assumed_apart: bool = False  # --memref-args noalias, with several memref arguments


def function_noalias(fn) -> set[int]:
    """The positions of ``fn``'s arguments marked ``llvm.noalias``."""
    rows = fn.attrs.get("arg_attrs") if fn is not None else None
    if not isinstance(rows, list):
        return set()
    return {k for k, row in enumerate(rows) if isinstance(row, dict) and row.get(NOALIAS_ATTR) is True}


def encoded_function(ctx):
    """The function ``ctx`` encodes (None inside a called function)."""
    if ctx.body_ops is None:
        return None
    return next((f for f in ctx.module.functions.values() if f.body is not None and f.body.ops is ctx.body_ops),
                None)


def layout(ctx) -> Layout:
    """The placement of the memref arguments, made on the first access to one of them (by the
    source, unless it accesses none) and shared by both sides."""
    inputs = ctx.inputs
    found = inputs.symbols.get(LAYOUT)
    if found is None:
        found = _make_layout(ctx)
        inputs.symbols[LAYOUT] = found
    _check_noalias_claims(ctx, found)
    return found


def _arguments(inputs) -> list[tuple[int, str, Any]]:
    from irverify.semantics.memref import MemRef

    return [(k, name, v) for k, (name, v) in enumerate(zip(inputs.arg_names, inputs.args))
            if isinstance(v, MemRef) and v.argument]


def _make_layout(ctx) -> Layout:
    inputs = ctx.inputs
    args = _arguments(inputs)
    out = Layout()
    if len(args) < 2:
        return out
    if ctx.reading("memref-args") == "noalias":
        out.assumed_apart = True
        return out
    fn = encoded_function(ctx)
    source = fn is not None and fn.loc == inputs.symbols.get(SOURCE)
    marked = function_noalias(fn) if source else set()
    out.noalias_args = {name for k, name, _ in args if k in marked}
    free = [(name, v) for k, name, v in args if k not in marked]
    by_width: dict[int, list] = {}
    for name, v in free:
        by_width.setdefault(v.type.elem.width, []).append((name, v))
    widths = sorted(by_width)
    for i, w in enumerate(widths):
        for u in widths[i + 1:]:
            out.unmodelled += [(a, b) for a, _ in by_width[w] for b, _ in by_width[u]]
        if len(by_width[w]) > 1:
            group = _group(inputs, by_width[w])
            for name, _ in by_width[w]:
                out.group_of[name] = group
    return out


def _group(inputs, members: list) -> Group:
    """A group's shared memory and its members' placement (see the module docstring)."""
    from irverify.model.memory import InitialMemory, from_bits, to_bits
    from irverify.model.sorts import scalar_sort

    elem = members[0][1].type.elem
    names = [name for name, _ in members]
    lengths = {name: inputs.symbols[f"memref.{name}"][1] for name in names}
    total = t.simplify(sum((lengths[n] for n in names), t.int_val(0)))
    memory = t.array_var("memref.memory(" + ", ".join(names) + ")", 1, scalar_sort(elem, inputs.fp))
    offsets, before = {}, t.int_val(0)
    for name in names:
        offsets[name] = t.simplify(before + t.int_var(f"memref.shift({name})"))
        inputs.assumptions.append(t.and_(t.le(t.int_val(0), offsets[name]), t.le(offsets[name] + lengths[name], total)))
        before = t.simplify(before + lengths[name])
    inputs.pretty[:] = [p for p in inputs.pretty if not any(p[0] is inputs.symbols[f"memref.{n}"][2] for n in names)]
    inputs.pretty.append((memory, [total], elem, -1))
    for name, v in members:
        ty = v.type.elem
        j = t.fresh_int("memref.j")
        unit = t.select(memory, [offsets[name] + j])
        initial = t.lambda_([j], unit if ty == elem else from_bits(inputs.fp, to_bits(inputs.fp, unit, elem), ty))
        inputs.symbols[f"memref.{name}"] = (ty, lengths[name], initial)
        inputs.extras[f"{name} (initial)"] = InitialMemory(lengths[name], initial, ty)
        if name != names[0]:
            inputs.extras[OFFSET_NAME.format(x=name, first=names[0])] = _offset_value(offsets[name] - offsets[names[0]])
    return Group(names, elem, memory, offsets, lengths)


def _offset_value(term):
    def value(model, fp):
        from irverify.smt import solver

        return "scalar", solver.int_value(model, term)

    return value


def _check_noalias_claims(ctx, lay: Layout) -> None:
    """A function that marks ``llvm.noalias`` an argument the placement lets overlap another
    would be undefined where the source is not: unsupported (checked once per function)."""
    if getattr(ctx.state, "memref_noalias_checked", False):
        return
    fn = encoded_function(ctx)
    if fn is None:
        return
    ctx.state.memref_noalias_checked = True
    for k in sorted(function_noalias(fn)):
        name = ctx.inputs.arg_names[k] if k < len(ctx.inputs.arg_names) else None
        if name in lay.group_of or any(name in pair for pair in lay.unmodelled):
            raise Unsupported(f"@{fn.name} marks memref argument {fn.args[k].name or name} {NOALIAS_ATTR}, "
                              "which the source does not: it would be undefined where the source is not", fn.loc)


def key_name(key: str) -> str:
    """The argument name of a memref argument's buffer key (``memref %a`` -> ``%a``)."""
    return key[len("memref "):]


def check_write(ctx, key: str) -> None:
    """A store through an argument whose overlap with another is not modelled is unsupported."""
    lay = layout(ctx)
    name = key_name(key)
    for a, b in lay.unmodelled:
        if name in (a, b):
            raise Unsupported(f"a store through memref argument {name}, which may overlap memref argument "
                              f"{b if name == a else a} of another element width (irverify models overlap only "
                              "between elements of one width; --memref-args noalias assumes arguments do not "
                              "overlap)", ctx.op.loc if ctx.op is not None else None)


def mirror(ctx, key: str, store) -> None:
    """Replay ``store`` (just made through argument ``key``) into the buffers of the other
    arguments of its group."""
    import dataclasses

    from irverify.semantics.memref import argument_buffer

    group = layout(ctx).group_of.get(key_name(key))
    if group is None:
        return
    name = key_name(key)
    for other in group.names:
        if other == name:
            continue
        buf = argument_buffer(ctx, other)
        shift = t.simplify(group.offsets[name] - group.offsets[other])
        view = dataclasses.replace(store.view, binding=f"memref {other}", offset=t.simplify(store.view.offset + shift))
        buf.types.add(store.view.elem)
        argument_store(ctx, f"memref {other}", buf.with_store(dataclasses.replace(store, view=view)))


def argument_store(ctx, key: str, buf) -> None:
    """Make ``buf`` the current contents of argument ``key``'s buffer (an output)."""
    from irverify.model.memory import memory

    memory(ctx).buffers[key] = buf
    ctx.state.extra_outputs[key] = buf


def _place(ctx, m) -> tuple[Any, Any]:
    """(the memory ``m`` lies in, the position of the first element of its view there)."""
    group = layout(ctx).group_of.get(key_name(m.key)) if str(m.key).startswith("memref ") else None
    if group is None:
        return m.key, m.base.offset
    return id(group), group.offsets[key_name(m.key)] + m.base.offset


def copy_overlap(ctx, s, d) -> Any:
    """Whether ``memref.copy`` from ``s`` to ``d`` reads an element at the position where it
    writes another (its result then depends on the order of the copy: ``memcpy``'s undefined
    case)."""
    from irverify.model.sorts import exists_in
    from irverify.semantics.common import fresh_index

    (space_s, start_s), (space_d, start_d) = _place(ctx, s), _place(ctx, d)
    if space_s != space_d or s.rank == 0:
        return t.false()
    i = fresh_index(s.rank, "cs")
    j = fresh_index(d.rank, "cd")
    same_place = start_s + s.linear(i) == start_d + d.linear(j)
    return exists_in([*i, *j], [*s.dims, *d.dims], t.and_(same_place, t.or_(*(a != b for a, b in zip(i, j)))))


def concrete_pairs(inputs, named_arrays: list[tuple[str, Any]], element_term) -> list[tuple[Any, Any]]:
    """Substitutions giving memref arguments the concrete contents ``named_arrays`` (name,
    numpy array), each in its own memory (every shift zero); ``element_term(x, elem)`` is the
    term of one concrete element."""
    from irverify.model.memory import from_bits, to_bits

    lay: Layout | None = inputs.symbols.get(LAYOUT)
    arrays = dict(named_arrays)
    pairs, done = [], []
    for name, arr in arrays.items():
        group = lay.group_of.get(name) if lay is not None else None
        if group is None:
            elem, _, initial = inputs.symbols[f"memref.{name}"]
            pairs.append((initial, _flat_array([(x, elem) for x in arr.reshape(-1)], elem, element_term)))
        elif not any(g is group for g in done):
            done.append(group)
            values = [(x, inputs.symbols[f"memref.{n}"][0]) for n in group.names for x in arrays[n].reshape(-1)]

            def as_group_elem(x, elem, g=group):  # another element type of the width: its bits
                term = element_term(x, elem)
                return term if elem == g.elem else from_bits(inputs.fp, to_bits(inputs.fp, term, elem), g.elem)

            pairs.append((group.memory, _flat_array(values, group.elem, as_group_elem)))
            pairs += [(t.int_var(f"memref.shift({n})"), t.int_val(0)) for n in group.names]
    return pairs


def _flat_array(values: list, elem, element_term) -> Any:
    """The 1-D array term holding ``values`` ((value, its element type) pairs) from 0 on."""
    out = t.const_array(1, element_term(0, elem))
    for i, (x, ty) in enumerate(values):
        out = t.store(out, [t.int_val(i)], element_term(x, ty))
    return out


def overlap_in(cex) -> str | None:
    """Two memref arguments a counterexample places so that they overlap (``"%a and %b"``), else
    None: read from its ``offset of ...`` inputs and the arguments' initial contents."""
    import numpy as np

    starts: dict[str, dict[str, int]] = {}  # first argument of a group -> argument -> offset
    for name, offset in cex.scalars.items():
        m = _OFFSET.fullmatch(name)
        if m:
            starts.setdefault(m.group(2), {m.group(2): 0})[m.group(1)] = int(offset)
    for group in starts.values():
        spans = [(n, o, np.asarray(cex.tensors.get(f"{n} (initial)", [])).size) for n, o in group.items()]
        for k, (a, oa, na) in enumerate(spans):
            for b, ob, nb in spans[k + 1:]:
                if na > 0 and nb > 0 and oa < ob + nb and ob < oa + na:
                    return f"{a} and {b}"
    return None
