"""Applying the registry's poison rule to one op, and checking that its semantics kept it.

The rule (``irverify.semantics.registry``): a poison scalar operand declared in ``poison_ub`` is
undefined behaviour; every other one propagates, and the semantics function carries its poison
to the results or stored elements its value reaches.

The check is a net under that second half. A semantics function that reads an operand's value
but forgets its poison condition would make a poison value look defined: in the source, a
target that differs there would be rejected (a false alarm); in the target, a poison result
would pass for a value (a wrong ``correct``). So after each op, for every propagating scalar
operand that may be poison: if a free symbol of its value occurs in what the op produced
(results, stored elements, values raised into an enclosing computation) while no free symbol
of its poison condition occurs in the poison conditions or the UB the op produced, the op is
reported as unsupported, naming the operand, instead of giving a verdict.

The test is syntactic, so it can miss a drop (another operand may carry the same symbols) but
never blames an op that keeps the poison it reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import Op
from irverify.model.values import Scalar, Tensor
from irverify.smt import terms as t


def apply_ub_rule(ctx, sem, op: Op, args: Sequence[Any]) -> set[int]:
    """Record UB where a ``poison_ub`` operand is poison; returns those operand positions."""
    positions = set()
    for k, role in sem.ub_on_poison(op, len(args)):
        positions.add(k)
        ctx.require_not_poison(args[k], f"{role} of '{op.name}' (operand #{k})")
    return positions


@dataclass
class Snapshot:
    """How much the op's environment held before it ran (what it adds is what it produced)."""

    ub: int
    unknown: int
    sink: int
    scope: int
    buffers: dict


def snapshot(ctx) -> Snapshot:
    sinks, scopes = ctx._ub_sinks, ctx._poison_scopes
    mem = getattr(ctx.state, "iree_memory", None)
    return Snapshot(len(ctx.state.ub), len(ctx.state.unknown), len(sinks[-1]) if sinks else 0,
                    len(scopes[-1]) if scopes else 0, dict(mem.buffers) if mem is not None else {})


def propagating_operands(args: Sequence[Any], ub_positions: set[int]) -> list[tuple[int, Scalar]]:
    """The scalar operands that may be poison and whose poison must propagate."""
    return [(k, a) for k, a in enumerate(args)
            if k not in ub_positions and isinstance(a, Scalar) and a.poison is not None
            and not t.is_false_literal(a.poison)]


def check_kept(ctx, op: Op, candidates: list[tuple[int, Scalar]], results: Sequence[Any], before: Snapshot) -> None:
    """Raise ``Unsupported`` when a propagating operand's poison was dropped (see above)."""
    values, poisons = _produced(ctx, results, before)
    for k, a in candidates:
        value_symbols = t.free_constants(a.term)
        poison_symbols = t.free_constants(a.poison)
        if not value_symbols or not poison_symbols:
            continue
        if t.mentions_symbols(values, value_symbols) and not t.mentions_symbols(poisons, poison_symbols):
            raise Unsupported(f"poison of operand #{k} of '{op.name}' (its value reaches the results, "
                              f"its poison is not modelled)", op.loc)


def _produced(ctx, results: Sequence[Any], before: Snapshot) -> tuple[list[Any], list[Any]]:
    """(value terms, poison and UB conditions) the op produced; an output that is poison
    whatever the operands (its poison is the literal ``true``) has no value to speak of."""
    values: list[Any] = []
    poisons: list[Any] = []

    def tensor(v: Tensor):
        idx = [t.fresh_int("p") for _ in range(v.rank)]
        if v.defined is not None:
            defined = v.is_defined(idx)
            if t.is_false_literal(defined):
                return
            poisons.append(defined)
        values.append(v.at(idx))

    for r in results:
        if isinstance(r, Scalar):
            if r.poison is not None:
                if t.is_true_literal(r.poison):
                    continue
                poisons.append(r.poison)
            values.append(r.term)
        elif isinstance(r, Tensor):
            tensor(r)
    poisons.extend(u.cond for u in ctx.state.ub[before.ub:])
    poisons.extend(u.cond for u in ctx.state.unknown[before.unknown:])
    if ctx._ub_sinks:
        poisons.extend(u.cond for u in ctx._ub_sinks[-1][before.sink:])
    if ctx._poison_scopes:
        poisons.extend(ctx._poison_scopes[-1][before.scope:])
    mem = getattr(ctx.state, "iree_memory", None)
    for key, buf in (mem.buffers.items() if mem is not None else ()):
        old = before.buffers.get(key)
        if buf is old:
            continue
        done = len(old.stores) if old is not None and buf.stores[:len(old.stores)] == old.stores else 0
        for st in buf.stores[done:]:
            if isinstance(getattr(st, "value", None), Tensor):
                tensor(st.value)
    return values, poisons
