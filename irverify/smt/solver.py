"""Running queries: z3 with a timeout, per-query statistics, SMT-LIB2 export."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import z3


@dataclass
class QueryStat:
    name: str
    status: str
    seconds: float


@dataclass
class Result:
    """``status`` is ``sat``, ``unsat`` or ``unknown``; ``model`` is set when ``sat``."""

    status: str
    model: Any = None
    reason: str = ""


@dataclass
class SolverLog:
    """Every query run in this process, for ``--emit-smt2`` and the benchmarks."""

    stats: list[QueryStat] = field(default_factory=list)
    smt2: list[tuple[str, str]] = field(default_factory=list)
    keep_smt2: bool = False


LOG = SolverLog()


def check(name: str, assertions: Sequence[Any], timeout_s: float, extra: Sequence[Any] = ()) -> Result:
    """Is the conjunction of ``assertions`` (and ``extra``) satisfiable within ``timeout_s``?"""
    s = z3.Solver()
    s.set("timeout", max(1, int(timeout_s * 1000)))
    for a in assertions:
        s.add(a)
    for a in extra:
        s.add(a)
    if LOG.keep_smt2:
        LOG.smt2.append((name, s.to_smt2()))
    start = time.perf_counter()
    try:
        r = s.check()
    except z3.Z3Exception as e:  # e.g. interrupted
        LOG.stats.append(QueryStat(name, "unknown", time.perf_counter() - start))
        return Result("unknown", reason=str(e))
    elapsed = time.perf_counter() - start
    status = str(r)
    LOG.stats.append(QueryStat(name, status, elapsed))
    if r == z3.sat:
        return Result("sat", s.model())
    if r == z3.unsat:
        return Result("unsat")
    return Result("unknown", reason=s.reason_unknown())


def evaluate(model, term, completion: bool = True):
    v = model.eval(term, model_completion=completion)
    if completion and not z3.is_arith_sort(v.sort()) and not z3.is_bv_sort(v.sort()):
        return v
    if completion and not (z3.is_int_value(v) or z3.is_bv_value(v) or z3.is_rational_value(v)
                           or z3.is_algebraic_value(v)):
        v = _decide(v)  # e.g. a function interpretation compared against a lambda array
    return v


def _decide(closed):
    """The value of a closed term that ``model.eval`` left unsimplified: each equality between
    arrays in it (a function interpretation compared against a lambda) is decided by the solver."""
    eqs: list[Any] = []

    def walk(e):
        if z3.is_eq(e) and isinstance(e.arg(0).sort(), z3.ArraySortRef):
            eqs.append(e)
            return
        for c in e.children():
            walk(c)

    walk(closed)
    pairs = []
    for e in eqs:
        s = z3.Solver()
        s.set("timeout", 5000)
        s.add(e.arg(0) != e.arg(1))
        r = s.check()
        if r == z3.unknown:
            return closed
        pairs.append((e, z3.BoolVal(r == z3.unsat)))
    return z3.simplify(z3.substitute(closed, *pairs)) if pairs else closed


def int_value(model, term) -> int:
    v = model.eval(term, model_completion=True)
    if z3.is_int_value(v) or z3.is_bv_value(v):
        return v.as_long()
    raise ValueError(f"not an integer value: {v}")


def smtlib(name: str, assertions: Sequence[Any]) -> str:
    """The query as a standalone SMT-LIB2 script."""
    s = z3.Solver()
    for a in assertions:
        s.add(a)
    return f"; {name}\n" + s.to_smt2()
