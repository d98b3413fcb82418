"""The ops a rewrite left unchanged: align a target function's top-level ops with the source's.

A target op is *aligned* with a source op when both are the same op applied to the same values:
the same name, the same attributes (exactly: a dense constant by its bytes), the same result
types (extents included), the same regions (``semantics.opaque.identity``: every op inside, with
its operands numbered by where they are defined), and operands that are the same function
argument or the same result of an earlier aligned op. Such an op computes the same value on both
sides, so the target reuses the source's value instead of encoding the op again
(``verify.encode.run_ops``): the solver then sees one term where two equal ones were, and a
function the rewrite did not change at all is ``correct`` without a query (``unchanged``).

The walk also sees through what IREE's dispatch formation wraps around unchanged ops: an
identity (``compute_barrier.start/end``, ``util.optimization_barrier``) is its operand, the ops
of a ``flow.dispatch.region`` (its region runs once, in place) align as top-level ones, and in
a ``flow.dispatch.workgroups`` a whole load of a read-only argument is the argument and a result
written by one whole store is the stored value. These ops are still encoded (their undefined
behaviour, such as a declared extent that differs, counts); only the values they pass on are
shared.

Only ops that are pure functions of their operands are aligned (``registry.is_pure``) and only
when their values are tensors, vectors or scalars (a view of memory depends on the memory it
views, which differs between the sides). An op that names something else of its module (a call,
a global, a dispatch, which may differ between the modules) or binds names for later ops
(``relax.match_cast``) is never aligned (a ``call_tir`` is: its PrimFunc is named by its
structural identity, so two calls of structurally equal PrimFuncs on the same values are the
same op), nor is an op whose encoding leaves an unknown value (stale memory, a nondeterministic
choice): the two sides may choose differently. Dropping the target copy's undefined behaviour is sound: the aligned source op runs
unconditionally at the top level of the source too, so the source is undefined wherever the
copy is.
"""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Any

import numpy as np

from irverify.errors import Unsupported
from irverify.ir.core import FloatType, Function, IndexType, IntType, Op, TensorType, Value

RETURNS = ("func.return", "util.return", "relax.return")  # a function's results

# Ops whose value depends on another symbol of the module (which the rewrite may have changed),
# or that bind names for the ops after them.
NOT_ALIGNED = frozenset({"func.call", "util.call", "flow.dispatch", "relax.call", "relax.call_dps_packed", "relax.match_cast", "relax.if", "util.global.load",
                         "util.global.load.indirect", "util.global.address", "memref.get_global"})


# Attributes computed from others of the same op, left out of its key: a ``call_tir``'s
# translated PrimFunc (``tir``) is a function of the PrimFunc, whose structural identity
# (``primfunc``, ``frontends.relax.tir``: equal exactly when the PrimFuncs and the helpers they
# call are structurally equal) is in the key, with the operand and result types it is translated for.
DERIVED_ATTRS = {"relax.call_tir": frozenset({"tir"})}


def _plain_value_type(ty) -> bool:
    return isinstance(ty, (TensorType, IntType, FloatType, IndexType))


def _exact(v: Any) -> Any:
    """An exact, hashable form of an attribute value (never numpy's elided repr): arrays by a
    digest of their elements, dataclasses field by field, anything else by its ``repr`` (an
    object without a value repr then differs from every other: never aligned)."""
    if isinstance(v, np.ndarray):
        if v.size and all(st == 0 for st in v.strides):  # a splat: one element broadcast
            return ("splat", v.dtype.str, v.shape, _exact(v.reshape(-1)[:1].copy()))
        data = repr(v.tolist()).encode() if v.dtype == object else np.ascontiguousarray(v).tobytes()
        return ("ndarray", v.dtype.str, v.shape, hashlib.sha256(data).hexdigest())
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return (type(v).__name__, tuple((f.name, _exact(getattr(v, f.name))) for f in dataclasses.fields(v)))
    if isinstance(v, (list, tuple)):
        return (type(v).__name__, tuple(_exact(x) for x in v))
    if isinstance(v, dict):
        return ("dict", tuple(sorted((str(k), _exact(x)) for k, x in v.items())))
    return (type(v).__name__, repr(v))


def shareable(op: Op) -> bool:
    """May ``op`` be aligned at all (module docstring)?"""
    from irverify.semantics.registry import is_pure

    if op.name in NOT_ALIGNED or not op.results:
        return False
    if op.name == "arith.extf" and "contract" in str(op.attrs.get("fastmath", "")):
        return False  # its value may depend on how its operand was produced (``--contract-conversions``)
    if not all(_plain_value_type(v.type) for v in [*op.operands, *op.results]):
        return False
    try:
        return is_pure(op)
    except Unsupported:
        return False


# Ops that all compute the row-major reshape of their one operand when every shape is static:
# the same value for the same operand and result type, whichever op (IREE's
# convert-tensor-to-flow turns the tensor ones into flow.tensor.reshape). None of them has
# undefined behaviour then (the verifiers require equal element counts).
RESHAPES = frozenset({"tensor.collapse_shape", "tensor.expand_shape", "flow.tensor.reshape"})


def _static_reshape_key(op: Op, label: dict[int, Any], roots: dict | None = None) -> tuple | None:
    """The key of a static row-major reshape: the value it reshapes and the two types. Row-major
    reshapes compose (each keeps the elements in their row-major order), so a reshape of a
    reshape is keyed by the first one's operand (``roots``: label -> (label, type) of the value a
    reshape result reshapes); a chain that returns to its operand's type is that operand
    (``reshape_identity``)."""
    if len(op.operands) != 1 or len(op.results) != 1 or op.operands[0].id not in label:
        return None
    src, res = op.operands[0].type, op.results[0].type
    if not (type(src) is TensorType and type(res) is TensorType and src.encoding is None and res.encoding is None
            and src.elem == res.elem and all(isinstance(d, int) for d in (*src.shape, *res.shape))
            and np.prod(src.shape, dtype=object) == np.prod(res.shape, dtype=object)):
        return None
    operand, operand_type = label[op.operands[0].id], str(src)
    operand, operand_type = (roots or {}).get(operand, (operand, operand_type))
    return (RESHAPE_KEY, (operand,), (operand_type, str(res)), (), ())


RESHAPE_KEY = "row-major reshape"


def reshape_identity(key: tuple | None) -> Any:
    """The label a reshape keyed ``key`` passes on unchanged (its chain ends in its first
    operand's type), else None."""
    if key is None or key[0] != RESHAPE_KEY or key[2][0] != key[2][1]:
        return None
    return key[1][0]


def op_key(op: Op, label: dict[int, Any], constants: dict[int, str] | None = None,
           roots: dict | None = None) -> tuple | None:
    """What makes ``op`` the same op applied to the same values, or None when an operand (or a
    value its regions read) has no label or the op's identity is not known exactly. A static
    reshape (``RESHAPES``) is keyed by its operand and types alone. Inside regions, the scalar
    constants of ``constants`` are read as their values (``opaque.identity``): a region that
    reads a constant hoisted out of it (canonicalization does) is the region that defined it."""
    from irverify.semantics.opaque import identity

    if op.name in RESHAPES:
        key = _static_reshape_key(op, label, roots)
        if key is not None:
            return key

    operands = []
    for v in op.operands:
        if v.id not in label:
            return None
        operands.append(label[v.id])
    regions = ()
    if op.regions:
        captured: list[Value] = []
        try:
            text = identity(op, captured, constants)
        except Unsupported:  # no printed attributes: not known exactly
            return None
        if any(v.id not in label for v in captured):
            return None
        regions = (text, tuple(label[v.id] for v in captured))
    derived = DERIVED_ATTRS.get(op.name, frozenset())
    attrs = tuple(sorted((name, _exact(value)) for name, value in op.attrs.items() if name not in derived))
    types = (tuple(str(v.type) for v in op.operands), tuple(str(r.type) for r in op.results))
    return (op.name, tuple(operands), types, attrs, regions)


# Ops whose results are their operands (their semantics return the operand values themselves):
# a result is aligned as its operand, while the op is still encoded (its undefined behaviour,
# a declared extent that differs, still counts).
TRANSPARENT = frozenset({"iree_tensor_ext.compute_barrier.start", "iree_tensor_ext.compute_barrier.end",
                         "iree_tensor_ext.dispatch.workload.ordinal",
                         "util.optimization_barrier"})
# Ops whose one-block region runs exactly once, in place, and whose results are the values its
# terminator returns (``semantics.flow.dispatch_region``): the ops inside align as top-level ops
# do, wherever the rewrite moved them (into a dispatch region, or out of one).
ONCE_REGIONS = frozenset({"flow.dispatch.region"})
WORKGROUPS = "flow.dispatch.workgroups"  # a once-run body on views of its operands (``_walk_workgroups``)


class _Side:
    """The labels of one function's values: arguments by position, op results by what computes
    them (a source op's results, or fresh labels for a target op no source op matches)."""

    def __init__(self, fn: Function, tag: str, module=None):
        self.label: dict[int, Any] = {a.id: ("arg", i) for i, a in enumerate(fn.args)}
        self.tag, self.n = tag, 0
        self.callees = once_called(module) if module is not None else {}

    def fresh(self, op: Op) -> None:
        for r in op.results:
            self.fresh_value(r)

    def fresh_value(self, v: Value) -> None:
        self.n += 1
        self.label[v.id] = (self.tag, self.n)

    def through(self, op: Op, values) -> bool:
        """Label the results as ``values`` when each of those has a label."""
        if len(values) != len(op.results) or any(v.id not in self.label for v in values):
            return False
        for r, v in zip(op.results, values):
            self.label[r.id] = self.label[v.id]
        return True


CALLS = frozenset({"func.call", "util.call"})


def call_sites(module) -> dict[str, list[Op]]:
    """Every ``func.call``/``util.call`` of ``module`` (in any function, at any depth), by callee."""
    sites: dict[str, list[Op]] = {}

    def walk(ops) -> None:
        for op in ops:
            if op.name in CALLS:
                sites.setdefault(str(op.attrs.get("callee")), []).append(op)
            for region in op.regions:
                for block in region:
                    walk(block.ops)

    for fn in module.functions.values():
        if fn.body is not None:
            walk(fn.body.ops)
    return sites


def once_called(module) -> dict[str, Function]:
    """The functions of ``module`` that have a body ending in a return and exactly one call site
    in the whole module (a ``func.call``/``util.call`` with no tied operand): their body runs once
    where that call is, as if inlined (``verify.encode.Ctx.call`` runs it in the caller's
    encoding), so the alignment walks into it (``_walk``). A function called twice is never
    walked into: its ops would have two values."""
    sites = call_sites(module)
    return {name: fn for name, fn in module.functions.items()
            if len(sites.get(name, ())) == 1 and _untied(sites[name][0]) and fn.body is not None and fn.body.ops
            and fn.body.ops[-1].name in RETURNS and len(fn.body.args) == len(fn.args)}


def _untied(op: Op) -> bool:
    ties = op.attrs.get("tied_operands")
    return ties is None or all(int(x) == -1 for x in ties)


def _walk(ops, side: _Side, visit) -> None:
    """``visit(op)`` for every op at this level and inside once-run regions, in order; the
    results of transparent ops and once-run regions are labelled as the values they pass on."""
    for op in ops:
        if op.name in TRANSPARENT and side.through(op, op.operands[:len(op.results)]):
            continue
        if op.name == WORKGROUPS and _walk_workgroups(op, side, visit):
            continue
        callee = side.callees.get(str(op.attrs.get("callee"))) if op.name in CALLS else None
        if callee is not None and all(v.id in side.label for v in op.operands):
            body = callee.body
            for a, v in zip(body.args, op.operands):
                side.label[a.id] = side.label[v.id]
            _walk(body.ops[:-1], side, visit)
            if not side.through(op, body.ops[-1].operands):
                side.fresh(op)
            continue
        if op.name in ONCE_REGIONS and op.regions and len(op.regions[0]) == 1:  # (a workgroup count
            # region computes no value)
            block = op.regions[0][0]
            _walk(block.ops, side, visit)
            if not (block.ops and side.through(op, block.ops[-1].operands)):
                side.fresh(op)
            continue
        visit(op)


def _walk_workgroups(op: Op, side: _Side, visit) -> bool:
    """A ``flow.dispatch.workgroups`` without workload or extent operands, read as a once-run
    region: a whole load of a read-only argument is the argument's value, and a result the body
    writes with one whole store (``semantics.flow.whole_store``, which makes the result that
    value) is the stored value. False (nothing labelled) for any other form."""
    from irverify.ir.core import DispatchTensorType
    from irverify.semantics.flow import whole_span, whole_store

    sizes = op.attrs.get("operandSegmentSizes")
    if not isinstance(sizes, list) or len(sizes) != 4 or not op.regions or len(op.regions[0]) != 1:
        return False
    # (the workload and the declared extents are values too, labelled where they come from: the
    # body reads its own copies of the index operands, and a whole load or store with dynamic
    # extents is one whose sizes are its declared extents, ``semantics.flow.whole_span``)
    body = op.regions[0][0]
    args = op.operands[sizes[0]:sizes[0] + sizes[1]]  # (not the workload or the declared extents)
    if len(body.args) != len(args) + len(op.results) or any(v.id not in side.label for v in op.operands):
        return False
    views: dict[int, Any] = {}  # read-only view -> the label of the value it holds
    for arg, barg in zip(args, body.args):
        if isinstance(barg.type, DispatchTensorType):
            views[barg.id] = side.label[arg.id]
        else:
            side.label[barg.id] = side.label[arg.id]
    inner = []
    for inner_op in body.ops:
        if (inner_op.name == "iree_tensor_ext.dispatch.tensor.load" and inner_op.operands[0].id in views
                and whole_span(inner_op, inner_op.operands[0].type)):
            side.label[inner_op.results[0].id] = views[inner_op.operands[0].id]
        else:
            inner.append(inner_op)
    _walk(inner, side, visit)
    for r, barg in zip(op.results, body.args[len(args):]):
        stored = whole_store(body, barg)
        if stored is not None and stored.id in side.label:
            side.label[r.id] = side.label[stored.id]
        else:
            side.fresh_value(r)
    return True


def align(s: Function, g: Function, proven: dict[int, Op] | None = None) -> dict[int, Op]:
    """The target's ops (top-level, or in a once-run region) aligned with source ops:
    ``id(target op) -> source op``. ``proven``: target ops shown to refine a source op whatever
    the values they read (``verify.cuts``), aligned with it like an equal op."""
    return labelled_alignment(s, g, proven).aligned


@dataclasses.dataclass
class Alignment:
    """``aligned`` (as ``align``), the labels of each side's values, and the ops each side's walk
    visited in order (top-level and in once-run regions)."""

    aligned: dict[int, Op]
    src_label: dict[int, Any]
    tgt_label: dict[int, Any]
    src_ops: list[Op]
    tgt_ops: list[Op]
    # values labelled as the operand of their chain of reshapes (``reshape_identity``): their
    # label is a value the chain's ops compute (``verify.cuts`` keeps such ops in its cones)
    through_reshapes: frozenset[int] = frozenset()


def labelled_alignment(s: Function, g: Function, proven: dict[int, Op] | None = None,
                       modules: tuple | None = None) -> Alignment:
    """``align`` with its labels (``Alignment``). ``modules``: the source and target modules,
    whose functions called once are walked into where they are called (``once_called``)."""
    if s.body is None or g.body is None or len(s.args) != len(g.args):
        return Alignment({}, {}, {}, [], [])
    proven = proven or {}
    from irverify.semantics.opaque import scalar_constants

    src_mod, tgt_mod = modules or (None, None)
    src, tgt = _Side(s, "src", src_mod), _Side(g, "tgt", tgt_mod)
    by_key: dict[tuple, Op] = {}
    constants = scalar_constants(g.body.ops, scalar_constants(s.body.ops))
    roots: dict = {}  # the label of a static reshape's result -> what it reshapes (``_static_reshape_key``)
    identities: set[int] = set()
    src_ops: list[Op] = []
    tgt_ops: list[Op] = []

    def note_reshape(key: tuple | None, side: _Side, op: Op) -> None:
        if key is not None and key[0] == RESHAPE_KEY:
            roots.setdefault(side.label[op.results[0].id], (key[1][0], key[2][0]))

    def visit_source(op: Op) -> None:
        src_ops.append(op)
        key = op_key(op, src.label, constants, roots) if shareable(op) else None
        if reshape_identity(key) is not None:  # a chain of reshapes back to its operand's shape
            src.label[op.results[0].id] = reshape_identity(key)
            identities.add(op.results[0].id)
            return
        if key is not None and key in by_key:  # a repeated op computes its first copy's values
            src.through(op, by_key[key].results)
            return
        src.fresh(op)
        note_reshape(key, src, op)
        if key is not None:
            by_key[key] = op

    aligned: dict[int, Op] = {}

    def visit_target(op: Op) -> None:
        tgt_ops.append(op)
        key = op_key(op, tgt.label, constants, roots) if shareable(op) else None
        match = proven.get(id(op)) or (by_key.get(key) if key is not None else None)
        if match is not None:
            aligned[id(op)] = match
            for r, sr in zip(op.results, match.results):
                tgt.label[r.id] = src.label[sr.id]
        elif reshape_identity(key) is not None:  # (encoded, but its value is its chain's operand)
            tgt.label[op.results[0].id] = reshape_identity(key)
            identities.add(op.results[0].id)
        else:
            tgt.fresh(op)
            note_reshape(key, tgt, op)

    _walk(s.body.ops, src, visit_source)
    _walk(g.body.ops, tgt, visit_target)
    return Alignment(aligned, src.label, tgt.label, src_ops, tgt_ops, frozenset(identities))


def _reads_within(op: Op):
    """The operands of ``op`` and of every op in its regions."""
    yield from op.operands
    for region in op.regions:
        for block in region:
            for inner in block.ops:
                yield from _reads_within(inner)


def _workgroups_parts(op: Op, defs: dict[int, Op]):
    """A ``flow.dispatch.workgroups`` with no UB of its own (each workload operand an extent; each
    argument extent it declares the argument's extent, each result extent the extent of the value
    its body stores there, as the ops computing them say, ``traced_extent``, and never poison; its
    workgroup count region computes no value) whose argument views are
    only read by whole loads declaring the view's extents and whose result views are each written
    by one whole store: (the pairs (load result or scalar block argument id, outer value id),
    the body's other ops, the pairs (result id, stored value id)); else None."""
    from irverify.ir.core import DispatchTensorType
    from irverify.semantics.flow import whole_span, whole_store
    from irverify.semantics.iree import split_operands

    sizes = op.attrs.get("operandSegmentSizes")
    ties = op.attrs.get("tied_operands")
    if not isinstance(sizes, list) or len(sizes) != 4 or not op.regions or len(op.regions) > 2 \
            or len(op.regions[0]) != 1 or (ties is not None and list(ties) != [-1] * len(op.results)):
        return None  # (a tied result updates an argument in place: not modelled, never read through)
    # (the workload and the workgroup count region only distribute the work: no value depends on
    # them, but a poison workload operand is UB, so each must be an extent, never poison)
    workload, rest = op.operands[:sizes[0]], op.operands[sizes[0]:]
    if any((traced_index(w, defs) or ("?",))[0] != "extent" for w in workload):
        return None
    args = rest[:sizes[1]]
    arg_dims, res_dims = iter(rest[sizes[1]:sizes[1] + sizes[2]]), iter(rest[sizes[1] + sizes[2]:])
    body = op.regions[0][0]
    if len(body.args) != len(args) + len(op.results) or not body.ops or body.ops[-1].name != "flow.return" \
            or body.ops[-1].operands:
        return None
    scalars = {b.id: a for a, b in zip(args, body.args) if not isinstance(b.type, DispatchTensorType)}

    def outer(e):  # an extent the body names, in terms of the values outside
        return traced_index(scalars[e[1]], defs) if e is not None and e[0] == "value" and e[1] in scalars else e

    def declared(values, ty) -> list | None:  # the extents declared for ``ty``'s dynamic dims
        out = []
        for d in ty.shape:
            if not isinstance(d, int):
                v = next(values, None)
                e = traced_index(v, defs) if v is not None else None
                if e is None or e[0] != "extent":  # (never poison)
                    return None
                out.append(e)
        return out

    def dynamic(ty) -> list[int]:
        return [k for k, d in enumerate(ty.shape) if not isinstance(d, int)]

    views: dict[int, tuple[Value, list]] = {}  # view block argument -> (argument, its declared extents)
    for a, b in zip(args, body.args):
        if isinstance(b.type, DispatchTensorType):
            extents = declared(arg_dims, a.type)
            if extents is None or extents != [traced_extent(a, k, defs) for k in dynamic(a.type)]:
                return None
            views[b.id] = (a, extents)
    inputs = [(b, a.id) for b, a in scalars.items()]
    outputs, stores = [], set()
    for r, barg in zip(op.results, body.args[len(args):]):
        extents = declared(res_dims, r.type)
        stored = whole_store(body, barg)
        if extents is None or stored is None:
            return None
        store = next(o for o in body.ops
                     if o.name == "iree_tensor_ext.dispatch.tensor.store" and o.operands[1].id == barg.id)
        store_dims = split_operands(store, store.operands, 6)[2]
        if [outer(traced_index(d, defs)) for d in store_dims] != extents \
                or [outer(traced_extent(stored, k, defs)) for k in dynamic(r.type)] != extents:
            return None
        stores.add(barg.id)
        outputs.append((r.id, stored.id))
    if next(arg_dims, None) is not None or next(res_dims, None) is not None:
        return None
    inner = []
    for inner_op in body.ops[:-1]:
        if inner_op.name == "iree_tensor_ext.dispatch.tensor.load" and inner_op.operands[0].id in views \
                and whole_span(inner_op, inner_op.operands[0].type):
            arg, extents = views[inner_op.operands[0].id]
            if [outer(traced_index(d, defs)) for d in split_operands(inner_op, inner_op.operands, 5)[1]] != extents:
                return None
            inputs.append((inner_op.results[0].id, arg.id))
        elif inner_op.name == "iree_tensor_ext.dispatch.tensor.store" and inner_op.operands[1].id in stores:
            continue
        elif any(v.id in views for v in _reads_within(inner_op)):
            return None  # a view read otherwise
        else:
            inner.append(inner_op)
    return inputs, inner, outputs


def _flat(ops) -> tuple[list[Op], Op | None, dict[int, list[tuple[int, int]]]]:
    """A body's ops before its return, with each ``flow.dispatch.region`` that has no UB of its
    own (it declares no extent, or each extent it declares is the one its body returns,
    ``_returns_declared_extents``) replaced by its body's ops and its ``flow.return``, and each
    ``flow.dispatch.workgroups`` read through (``_workgroups_parts``) by its body's ops; the
    return (None if the body does not end in one); and for each such ``flow.return``, the
    pairs (region result id, returned value id)."""
    from irverify.semantics.common import walk_ops

    out: list[Op] = []
    passed: dict[int, list[tuple[int, int]]] = {}
    defs = {r.id: op for op in walk_ops(ops) for r in op.results}

    def link(pairs) -> None:  # a marker: these values are those (``passed``)
        marker = Op("irverify.link", [], [], {}, [])
        out.append(marker)
        passed[id(marker)] = pairs

    def flatten(level) -> None:
        for op in level:
            if op.name == WORKGROUPS:
                parts = _workgroups_parts(op, defs)
                if parts is not None:
                    inputs, inner, outputs = parts
                    link(inputs)
                    flatten(inner)
                    link(outputs)
                    continue
            block = op.regions[0][0] if op.name in ONCE_REGIONS and op.regions and len(op.regions[0]) == 1 else None
            end = block.ops[-1] if block is not None and block.ops else None
            if end is not None and end.name == "flow.return" and len(end.operands) == len(op.results) \
                    and (not op.operands or _returns_declared_extents(op, end, defs)):
                flatten(block.ops[:-1])
                out.append(end)
                passed[id(end)] = [(r.id, v.id) for r, v in zip(op.results, end.operands)]
            else:
                out.append(op)

    flatten(ops[:-1])
    ret = ops[-1] if ops and ops[-1].name in RETURNS else None
    return out, ret, passed


def _returns_declared_extents(op: Op, end: Op, defs: dict[int, Op]) -> bool:
    """Is every extent a ``flow.dispatch.region`` declares (its operands, in result order) the
    extent of the value its ``flow.return`` returns there, as the ops computing both say
    (``traced_extent``), each a function argument's extent (never poison)? Then the region has no UB
    of its own."""
    declared = iter(op.operands)
    for r, v in zip(op.results, end.operands):
        if not isinstance(r.type, TensorType) or r.type != v.type:
            return False
        for k, d in enumerate(r.type.shape):
            if isinstance(d, int):
                continue
            extent, given = traced_extent(v, k, defs), next(declared, None)
            if given is None or extent is None or extent[0] != "extent" or extent != traced_index(given, defs):
                return False
    return next(declared, None) is None


# Identities on one tensor that declare its dynamic extents as operands (UB where they differ).
DECLARING_IDENTITIES = frozenset({"flow.tensor.tie_shape", "iree_tensor_ext.compute_barrier.start",
                                  "iree_tensor_ext.compute_barrier.end"})


def traced_extent(v: Value, k: int, defs: dict[int, Op], depth: int = 0) -> tuple | None:
    """Extent ``k`` of tensor ``v``, traced through the ops that fix it: a function argument's is
    itself; a ``linalg`` op's result has its init's extents (destination style: the result is
    the init's type, extents included); ``tensor.empty``'s are its extent operands, and so are
    the extents an op is given for its result (``_declared_result_extents``); an identity
    of ``DECLARING_IDENTITIES`` has its operand's (its own UB aside), and a ``collapse_shape``
    group of one dynamic extent (and static 1s) that extent. None where not traced."""
    if not isinstance(v.type, TensorType) or not 0 <= k < v.type.rank or depth > 256:
        return None
    if isinstance(v.type.shape[k], int):
        return ("static", v.type.shape[k])
    op = defs.get(v.id)
    if op is None:
        return ("extent", v.id, k)  # (an argument: its own extent)
    pos = [r.id for r in op.results].index(v.id)
    if op.name == "tensor.empty":
        dynamic = [i for i, d in enumerate(v.type.shape) if not isinstance(d, int)]
        return traced_index(op.operands[dynamic.index(k)], defs, depth + 1)
    if op.name in DECLARING_IDENTITIES and pos == 0:
        return traced_extent(op.operands[0], k, defs, depth + 1)
    sizes = op.attrs.get("operandSegmentSizes")
    if op.name.startswith("linalg.") and isinstance(sizes, list) and len(sizes) == 2 \
            and len(op.results) == sizes[1] and op.operands[sizes[0] + pos].type == v.type:
        return traced_extent(op.operands[sizes[0] + pos], k, defs, depth + 1)
    if op.name in ONCE_REGIONS and op.regions and len(op.regions[0]) == 1 and op.regions[0][0].ops \
            and op.regions[0][0].ops[-1].name == "flow.return":  # (its results are the values returned)
        return traced_extent(op.regions[0][0].ops[-1].operands[pos], k, defs, depth + 1)
    if op.name == "linalg.softmax" and len(op.operands) == 2 and op.operands[1].type == v.type:
        return traced_extent(op.operands[1], k, defs, depth + 1)  # (destination style, one init)
    declared = _declared_result_extents(op, pos)
    if declared is not None:
        dynamic = [i for i, d in enumerate(v.type.shape) if not isinstance(d, int)]
        return traced_index(declared[dynamic.index(k)], defs, depth + 1)
    if op.name == "tensor.collapse_shape" and len(op.operands) == 1:
        # a group of one dynamic extent and static 1s keeps that extent
        group = (op.attrs.get("reassociation") or [None] * (k + 1))[k]
        shape = op.operands[0].type.shape
        if isinstance(group, list) and all(isinstance(i, int) for i in group):
            dynamic = [i for i in group if not isinstance(shape[i], int)]
            if len(dynamic) == 1 and all(shape[i] == 1 for i in group if i != dynamic[0]):
                return traced_extent(op.operands[0], dynamic[0], defs, depth + 1)
    return None


def _declared_result_extents(op: Op, pos: int) -> list[Value] | None:
    """The ``index`` operands that are the dynamic extents of result ``pos``, in order, for ops
    whose result has the extents they are given (their semantics take them as the result's
    extents): ``tensor.expand_shape``'s ``output_shape``, ``flow.tensor.reshape``'s result
    extents, and ``flow.dispatch.workgroups``' declared result extents (an untied result)."""
    n_dynamic = [sum(not isinstance(d, int) for d in r.type.shape) if isinstance(r.type, TensorType) else None
                 for r in op.results]
    if None in n_dynamic:
        return None
    sizes = op.attrs.get("operandSegmentSizes")
    if op.name == "tensor.expand_shape" and pos == 0 and len(op.operands) == 1 + n_dynamic[0]:
        return op.operands[1:]
    if op.name == "flow.tensor.reshape" and pos == 0 and isinstance(sizes, list) and len(sizes) == 3 \
            and sizes[2] == n_dynamic[0]:
        return op.operands[sizes[0] + sizes[1]:]
    if op.name == "flow.dispatch.workgroups" and isinstance(sizes, list) and len(sizes) == 4 \
            and sizes[3] == sum(n_dynamic) and all(t == -1 for t in op.attrs.get("tied_operands") or []):
        start = sizes[0] + sizes[1] + sizes[2] + sum(n_dynamic[:pos])
        return op.operands[start:start + n_dynamic[pos]]
    return None


def traced_index(d: Value, defs: dict[int, Op], depth: int = 0) -> tuple | None:
    """What an ``index`` value is, as ``traced_extent`` names extents: ``tensor.dim`` of a tensor at a
    constant position in range is that extent; any other value is itself."""
    op = defs.get(d.id)
    if op is not None and op.name == "iree_tensor_ext.dispatch.workload.ordinal" and len(op.operands) == 1:
        return traced_index(op.operands[0], defs, depth + 1)  # (its operand, tagged for workgroup counting)
    if op is not None and op.name == "tensor.dim" and len(op.operands) == 2:
        position = defs.get(op.operands[1].id)
        k = position.attrs.get("value") if position is not None and position.name == "arith.constant" else None
        if isinstance(k, int) and isinstance(op.operands[0].type, TensorType) and 0 <= k < op.operands[0].type.rank:
            return traced_extent(op.operands[0], k, defs, depth + 1)
    return ("value", d.id)


def ties_own_extents(op: Op, defs: dict[int, Op]) -> bool:
    """Does ``op`` (of ``DECLARING_IDENTITIES``) declare the extents its operand has, as the ops
    computing both say (``traced_extent``), each an argument's extent (never poison)? Then it has no
    UB: an identity."""
    if len(op.results) != 1 or not op.operands or not isinstance(op.operands[0].type, TensorType):
        return False
    tensor = op.operands[0]
    dynamic = [i for i, d in enumerate(tensor.type.shape) if not isinstance(d, int)]
    if len(dynamic) != len(op.operands) - 1:
        return False
    for k, declared in zip(dynamic, op.operands[1:]):
        extent = traced_extent(tensor, k, defs)
        # (a declared extent that is not itself an extent may be poison, which is UB here)
        if extent is None or extent[0] != "extent" or extent != traced_index(declared, defs):
            return False
    return True


def unchanged(s: Function, g: Function, aligned: dict[int, Op], covered: frozenset[int] = frozenset()) -> bool:
    """Does the target compute its results with source ops alone: every op of its body aligned
    (or an identity without undefined behaviour, or in ``covered``: ops inside the cone of an op
    proved through a cut point, ``verify.cuts``, whose values and UB that proof accounts for),
    each returned value the one the source returns at that position (up to identities), and
    every source op it leaves out one without effects?"""
    if s.body is None or g.body is None or not g.body.ops or not s.body.ops:
        return False
    body, ret, passed = _flat(g.body.ops)
    src_body, src_ret, src_passed = _flat(s.body.ops)
    if ret is None or src_ret is None:
        return False
    if ret.name not in RETURNS or src_ret.name not in RETURNS or len(ret.operands) != len(src_ret.operands):
        return False
    if [a.type for a in s.args] != [a.type for a in g.args] or list(s.result_types) != list(g.result_types):
        return False

    from irverify.semantics.common import walk_ops

    defs = {r.id: op for op in walk_ops(g.body.ops) for r in op.results}

    def plain_identity(op: Op) -> bool:  # no declared extent that could differ
        if op.name in DECLARING_IDENTITIES and len(op.operands) > 1:
            return ties_own_extents(op, defs)
        return op.name in TRANSPARENT and (op.name == "util.optimization_barrier" or len(op.operands) == 1)

    def extent_read(op: Op) -> bool:  # a tensor.dim at a constant position in range: no UB, and
        # what reads its value is aligned (by its label) or reads it as a declared extent
        # (``_workgroups_parts``, ``ties_own_extents``: compared with the extent itself)
        return op.name == "tensor.dim" and traced_index(op.results[0], defs) != ("value", op.results[0].id)

    from irverify.semantics.opaque import constant_text

    # a scalar constant no source op matches, read by the target (hoisted out of a region:
    # ``op_key`` reads it as its value there), computes nothing the source does not
    read = {v.id for op in body for v in _reads_within(op)}

    def hoisted_constant(op: Op) -> bool:
        return constant_text(op) is not None and op.results[0].id in read

    if not all(id(op) in aligned or plain_identity(op) or hoisted_constant(op) or id(op) in covered
               or id(op) in passed or extent_read(op) for op in body):
        return False
    used = {id(op) for op in aligned.values()}
    if not all(id(op) in used or shareable(op) or id(op) in src_passed for op in src_body):
        return False  # a source op the target drops may write memory the caller sees
    root: dict[int, int] = {}  # source value -> the value it is, through identities

    def root_of(v_id: int) -> int:
        return root.get(v_id, v_id)

    for op in src_body:
        if op.name in TRANSPARENT:
            for r, v in zip(op.results, op.operands):
                root[r.id] = root_of(v.id)
        for r, v in src_passed.get(id(op), ()):
            root[r] = root_of(v)
    source_of: dict[int, int] = {a.id: b.id for a, b in zip(g.args, s.args)}
    for op in body:
        if id(op) in passed:  # the end of a once-run region: its results are what it returned
            for r, v in passed[id(op)]:
                if v in source_of:  # (else ``r`` has none: returning it fails below; a block
                    source_of[r] = source_of[v]  # argument copying an extent read has none)
        elif id(op) in aligned:
            for r, sr in zip(op.results, aligned[id(op)].results):
                source_of[r.id] = root_of(sr.id)
        elif op.operands and id(op) not in covered and not extent_read(op):
            for r, v in zip(op.results, op.operands):
                if v.id not in source_of:
                    return False
                source_of[r.id] = source_of[v.id]
    return all(source_of.get(v.id) == root_of(sv.id) for v, sv in zip(ret.operands, src_ret.operands))
