"""Solver sorts of element types and the reading of free array elements.

An ``iN`` element is an N-bit bit-vector, an ``index`` element an unbounded Int reduced to
64-bit two's complement where it is read from a free array, a float element a term of the
float theory in use (``fp.sort``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import FloatType, IndexType, IntType, Type
from irverify.smt import terms as t

# What every valid input satisfies: an index value is below 2^63, and a tensor's element count
# and byte size fit in index.
INDEX_LIMIT = 1 << 63
INDEX_BITS = 64

# A domain of this many elements or fewer is expanded instead of quantified.
EXPAND_LIMIT = 64


def element(term, ty: Type):
    """An element read from a free array (an argument, initial memory, an opaque result):
    an ``index`` element is a 64-bit value, as a scalar ``index`` argument is, so the free Int
    is reduced to 64-bit two's complement. The reduction keeps every 64-bit value as it is
    and reaches each of them, so no input is lost, and needs no quantifier over the array."""
    return t.wrap_signed(term, INDEX_BITS) if isinstance(ty, IndexType) else term


def index_value(value: int) -> int:
    """A model's value of a free index element, read as :func:`element` reads it."""
    return (value + (1 << (INDEX_BITS - 1))) % (1 << INDEX_BITS) - (1 << (INDEX_BITS - 1))


def scalar_sort(ty: Type, fp):
    if isinstance(ty, IntType):
        return t.bv_sort(ty.width)
    if isinstance(ty, IndexType):
        return t.int_sort()
    if isinstance(ty, FloatType):
        return fp.sort(ty)
    raise Unsupported(f"element type {ty}")


def exists_in(vars_: Sequence[Any], dims: Sequence[Any], cond) -> Any:
    """``exists vars in [0, dims): cond``, expanded when the domain is small and static."""
    static = [t.static_int(d) for d in dims]
    if all(s is not None for s in static):
        total = 1
        for s in static:
            total *= s
        if total == 0:
            return t.false()
        if total <= EXPAND_LIMIT:
            cases = []
            for point in itertools.product(*(range(s) for s in static)):
                cases.append(t.substitute(cond, [(v, t.int_val(p)) for v, p in zip(vars_, point)]))
            return t.simplify(t.or_(*cases))
    bounds = t.and_(*(t.in_range(v, d) for v, d in zip(vars_, dims)))
    return t.exists(list(vars_), t.and_(bounds, cond))
