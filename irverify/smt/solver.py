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
    return model.eval(term, model_completion=completion)


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
