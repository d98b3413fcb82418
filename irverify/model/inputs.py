"""The symbolic inputs a source and a target share: arguments by position, dims, environment
symbols (push constants, binding buffers), and the facts every valid input satisfies."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from irverify.ir.core import IndexType, Type
from irverify.model.sorts import INDEX_LIMIT
from irverify.model.values import Val
from irverify.smt import terms as t


@dataclass
class Inputs:
    """Symbolic inputs shared by source and target: arguments by position, plus named
    environment symbols (push constants, binding buffers) created on first use."""

    fp: Any
    args: list[Val] = field(default_factory=list)
    arg_names: list[str] = field(default_factory=list)
    dims: list[tuple[str, Any]] = field(default_factory=list)  # (readable name, Int term)
    arrays: dict[str, Any] = field(default_factory=dict)  # tensor argument name -> array term
    symbols: dict[str, Any] = field(default_factory=dict)
    assumptions: list[Any] = field(default_factory=list)
    # Nonlinear facts every valid input satisfies (tensor sizes fit in index): asserted when a
    # counterexample needs them (``verify.refinement``).
    size_limits: list[Any] = field(default_factory=list)
    # Arrays a counterexample shows, with their dims, element type and the sign of the distinct
    # values preferred for them (1, 2, 3... for arguments; -1, -2, ... for initial memory).
    pretty: list[tuple[Any, list[Any], Any, int]] = field(default_factory=list)
    # Environment inputs to show in a counterexample: name -> (model, fp) -> ("scalar"|"tensor", value)
    extras: dict[str, Any] = field(default_factory=dict)
    # Argument name -> its poison condition (a Bool for a scalar, a Bool array for a tensor)
    poison: dict[str, Any] = field(default_factory=dict)
    poison_args: bool = True  # may arguments be poison?
    # The chosen reading of each contested point of semantics (``model.assumptions``); absent:
    # its default.
    readings: dict[str, str] = field(default_factory=dict)
    # Concrete evaluation (``verify.evaluate``): the arguments are constants, so a loop whose
    # bounds follow from them is run rather than left uninterpreted, up to this many iterations
    # (None: the encoder's own limits).
    loop_limit: int | None = None

    def symbol(self, key: str, make) -> Any:
        if key not in self.symbols:
            self.symbols[key] = make()
        return self.symbols[key]


def poison_switch(inputs: Inputs) -> Any:
    """One Bool that must hold for any argument to be poison (so a query can rule poison
    arguments out by fixing it false)."""
    return inputs.symbol("poison-arguments", lambda: t.const("poison-arguments", t.bool_sort()))


def named_dim(inputs: Inputs, name: str) -> Any:
    """The symbolic dim called ``name`` (a Relax ``n``): one Int (>= 0) shared by every tensor
    dim and every shape attribute that names it, on both sides."""

    def make():
        v = t.int_var(name)
        inputs.dims.append((name, v))
        inputs.assumptions.append(t.and_(v >= 0, v < INDEX_LIMIT))
        return v

    return inputs.symbol("dim:" + name, make)


def assume_size_fits(inputs: Inputs, dims: Sequence[Any], elem: Type) -> None:
    """A tensor argument's element count and byte size fit in index: ``count * max(bits, 8) <
    8 * 2^63`` (linear with one dynamic dim; otherwise a lazily asserted size limit)."""
    bits = 64 if isinstance(elem, IndexType) else max(getattr(elem, "width", 8), 8)
    limit = (8 * INDEX_LIMIT - 1) // bits  # the largest element count
    static, dynamic = 1, []
    for d in dims:
        n = t.static_int(d)
        if n is None:
            dynamic.append(d)
        else:
            static *= n
    if not dynamic or static == 0:
        return
    if len(dynamic) == 1:
        inputs.assumptions.append(dynamic[0] <= limit // static)
        return
    inputs.size_limits.append(t.product(dynamic) <= limit // static)
