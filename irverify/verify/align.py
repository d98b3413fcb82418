"""The ops a rewrite left unchanged: align a target function's top-level ops with the source's.

A target op is *aligned* with a source op when both are the same op applied to the same values:
the same name, the same attributes (exactly: a dense constant by its bytes), the same result
types (extents included), the same regions (``semantics.opaque.identity``: every op inside, with
its operands numbered by where they are defined), and operands that are the same function
argument or the same result of an earlier aligned op. Such an op computes the same value on both
sides, so the target reuses the source's value instead of encoding the op again
(``verify.encode.run_ops``): the solver then sees one term where two equal ones were, and a
function the rewrite did not change at all is ``correct`` without a query (``unchanged``).

Only ops that are pure functions of their operands are aligned (``registry.is_pure``) and only
when their values are tensors, vectors or scalars (a view of memory depends on the memory it
views, which differs between the sides). An op that names something else of its module (a call,
a global, a dispatch, a ``call_tir`` PrimFunc, which may differ between the modules) or binds
names for later ops (``relax.match_cast``) is never aligned, nor is an op whose encoding leaves
an unknown value (stale memory, a nondeterministic choice): the two sides may choose
differently. Dropping the target copy's undefined behaviour is sound: the aligned source op runs
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

# Ops whose value depends on another symbol of the module (which the rewrite may have changed),
# or that bind names for the ops after them.
NOT_ALIGNED = frozenset({"func.call", "util.call", "flow.dispatch", "relax.call", "relax.call_tir",
                         "relax.call_dps_packed", "relax.match_cast", "relax.if", "util.global.load",
                         "util.global.load.indirect", "util.global.address", "memref.get_global"})


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
    if not all(_plain_value_type(v.type) for v in [*op.operands, *op.results]):
        return False
    try:
        return is_pure(op)
    except Unsupported:
        return False


def op_key(op: Op, label: dict[int, Any]) -> tuple | None:
    """What makes ``op`` the same op applied to the same values, or None when an operand (or a
    value its regions read) has no label or the op's identity is not known exactly."""
    from irverify.semantics.opaque import identity

    operands = []
    for v in op.operands:
        if v.id not in label:
            return None
        operands.append(label[v.id])
    regions = ()
    if op.regions:
        captured: list[Value] = []
        try:
            text = identity(op, captured)
        except Unsupported:  # no printed attributes: not known exactly
            return None
        if any(v.id not in label for v in captured):
            return None
        regions = (text, tuple(label[v.id] for v in captured))
    attrs = tuple(sorted((name, _exact(value)) for name, value in op.attrs.items()))
    return (op.name, tuple(operands), tuple(str(r.type) for r in op.results), attrs, regions)


def align(s: Function, g: Function) -> dict[int, Op]:
    """The target's top-level ops aligned with source ops: ``id(target op) -> source op``."""
    if s.body is None or g.body is None or len(s.args) != len(g.args):
        return {}
    src_label: dict[int, Any] = {a.id: ("arg", i) for i, a in enumerate(s.args)}
    by_key: dict[tuple, list[Op]] = {}
    for i, op in enumerate(s.body.ops):
        key = op_key(op, src_label) if shareable(op) else None
        first = by_key.get(key, [None])[0] if key is not None else None
        for k, r in enumerate(op.results):  # a repeated op computes its first copy's values
            src_label[r.id] = src_label[first.results[k].id] if first is not None else ("op", i, k)
        if key is not None:
            by_key.setdefault(key, []).append(op)
    tgt_label: dict[int, Any] = {a.id: ("arg", i) for i, a in enumerate(g.args)}
    aligned: dict[int, Op] = {}
    for j, op in enumerate(g.body.ops):
        key = op_key(op, tgt_label) if shareable(op) else None
        match = by_key.get(key) if key is not None else None
        if match:
            src_op = match[0]  # an op and its duplicate compute the same value: either will do
            aligned[id(op)] = src_op
            for r, sr in zip(op.results, src_op.results):
                tgt_label[r.id] = src_label[sr.id]
        else:
            for k, r in enumerate(op.results):
                tgt_label[r.id] = ("tgt", j, k)
    return aligned


def unchanged(s: Function, g: Function, aligned: dict[int, Op]) -> bool:
    """Does the target compute its results with source ops alone: every op of its body aligned,
    each returned value the one the source returns at that position, and every source op it
    leaves out one without effects?"""
    from irverify.semantics.registry import TERMINATORS

    if s.body is None or g.body is None or not g.body.ops or not s.body.ops:
        return False
    *body, ret = g.body.ops
    *_, src_ret = s.body.ops
    if ret.name not in TERMINATORS or src_ret.name != ret.name or len(ret.operands) != len(src_ret.operands):
        return False
    if not all(id(op) in aligned for op in body):
        return False
    used = {id(op) for op in aligned.values()}
    if not all(id(op) in used or shareable(op) for op in s.body.ops[:-1]):
        return False  # a source op the target drops may write memory the caller sees
    source_of: dict[int, int] = {a.id: b.id for a, b in zip(g.args, s.args)}
    for op in body:
        for r, sr in zip(op.results, aligned[id(op)].results):
            source_of[r.id] = sr.id
    return all(source_of.get(v.id) == sv.id for v, sv in zip(ret.operands, src_ret.operands))
