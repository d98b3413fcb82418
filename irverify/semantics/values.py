"""Symbolic values: scalars, lazy tensors, tuples.

A tensor is ``(dims, element(index) -> term, defined(index) -> bool)``: shapes are symbolic
index terms and elements are computed on demand, so the size of a query depends on the program,
never on the tensor size. ``defined`` is false for elements nobody wrote (``tensor.empty``);
computing with such an element is UB, returning it leaves that output element unconstrained.
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
        return t.true() if self.defined is None else self.defined(list(idx))

    def in_bounds(self, idx: Index) -> Term:
        return t.and_(*(t.in_range(i, d) for i, d in zip(idx, self.dims)))

    def static_dims(self) -> list[int | None]:
        return [t.static_int(d) for d in self.dims]


@dataclass
class TupleValue:
    """A tuple of values (Relax)."""

    fields: list[Any] = field(default_factory=list)


Val = Scalar | Tensor | TupleValue
