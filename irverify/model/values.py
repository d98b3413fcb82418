"""Symbolic values: scalars, lazy tensors, tuples.

A tensor is ``(dims, element(index) -> term, defined(index) -> bool)``: shapes are symbolic
index terms and elements are computed on demand, so the size of a query depends on the program,
never on the tensor size.

Poison, as in Alive2 and LLVM's LangRef: every value may be poison. A scalar carries a poison
condition (``None``: never poison, the common case, which costs nothing); a tensor is poison
element-wise, where ``defined`` is false (``None``: no element is poison). Poison comes from
elements nobody wrote (``tensor.empty``), from broken ``nsw``/``nuw``/``exact`` promises, shifts
by the width or more, and poison arguments; it propagates through computation; a poison output
element may be refined by any value. The term of a poison value is a deterministic unknown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from irverify.ir.core import TensorType, Type
from irverify.smt import terms as t

Term = Any  # a solver term (built only through irverify.smt)
Index = Sequence[Term]


@dataclass
class Scalar:
    """A scalar of ``type``: a bit-vector (iN), an Int (index) or a float term."""

    term: Term
    type: Type
    poison: Term | None = None  # a Bool term; None: never poison

    def is_poison(self) -> Term:
        return t.false() if self.poison is None else self.poison


@dataclass
class Tensor:
    """A lazy tensor value."""

    type: TensorType
    dims: list[Term]
    elem: Callable[[Index], Term]
    defined: Callable[[Index], Term] | None = None

    @property
    def rank(self) -> int:
        return len(self.dims)

    def at(self, idx: Index) -> Term:
        return self.elem(list(idx))

    def is_defined(self, idx: Index) -> Term:
        """The element at ``idx`` is not poison."""
        return t.true() if self.defined is None else self.defined(list(idx))

    def poison_at(self, idx: Index) -> Term | None:
        """The poison condition of the element at ``idx`` (``None``: never poison)."""
        return None if self.defined is None else t.not_(self.defined(list(idx)))

    def scalar_at(self, idx: Index) -> Scalar:
        """The element at ``idx`` as a scalar, with its poison condition."""
        return Scalar(self.at(idx), self.type.elem, self.poison_at(idx))

    def in_bounds(self, idx: Index) -> Term:
        return t.and_(*(t.in_range(i, d) for i, d in zip(idx, self.dims)))

    def static_dims(self) -> list[int | None]:
        return [t.static_int(d) for d in self.dims]


@dataclass
class TupleValue:
    """A tuple of values (Relax)."""

    fields: list[Any] = field(default_factory=list)


Val = Scalar | Tensor | TupleValue


def any_poison(*conds: Term | None) -> Term | None:
    """The disjunction of poison conditions, ``None`` when every one is ``None`` or false."""
    live = [c for c in conds if c is not None and not t.is_false_literal(c)]
    if not live:
        return None
    return live[0] if len(live) == 1 else t.or_(*live)
