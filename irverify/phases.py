"""Where a check spends its time: wall-clock seconds per phase, for the records' ``timings``.

A phase is entered with ``with phase("solver"):``; phases nest, and each second is counted
once, under the path of the phases open at that moment (``"ieee/solver"``: a solver query made
while exact IEEE floats were tried; ``"encode"``: encoding outside any other phase). The
phases: ``pass`` (running the pass under test in-process), ``parse``, ``encode``, ``solver``,
``ieee`` (the escalation to exact IEEE floats), ``real`` (the proof over the reals tried after
an abstract-float timeout), ``search`` (evaluation or execution looking for
a counterexample), ``extract`` (reading a counterexample out of the solver's model), ``confirm`` (settling a counterexample: irverify's reference evaluation,
smaller witnesses), ``execute`` (running both programs on the compiler). Time outside every
phase is the rest (start-up, alignment, printing).

``validate-lit`` runs a case in a child process it kills at the case's time limit; with
``trace_to(path)`` the child writes the running totals and the open phases to ``path`` each
time a phase begins, so a case stopped at its limit still says where its time went
(``benchmarks/tail.py`` buckets the slowest cases by it).
"""

from __future__ import annotations

import json
import time
from contextlib import contextmanager

_totals: dict[str, float] = {}
_stack: list[list] = []  # [path, start of its current stretch]
_trace_path: str | None = None


def reset(trace_path: str | None = None) -> None:
    """Forget every total (a new case); ``trace_path``: see ``trace_to``."""
    _totals.clear()
    _stack.clear()
    trace_to(trace_path)


def trace_to(path: str | None) -> None:
    """Write ``snapshot()`` to ``path`` whenever a phase begins (None: stop)."""
    global _trace_path
    _trace_path = path


@contextmanager
def phase(name: str):
    now = time.perf_counter()
    if _stack:
        top = _stack[-1]
        _totals[top[0]] = _totals.get(top[0], 0.0) + now - top[1]
    path = f"{_stack[-1][0]}/{name}" if _stack else name
    _stack.append([path, now])
    if _trace_path:
        _write_trace()
    try:
        yield
    finally:
        end = time.perf_counter()
        path, start = _stack.pop()
        _totals[path] = _totals.get(path, 0.0) + end - start
        if _stack:
            _stack[-1][1] = end


def snapshot() -> dict[str, float]:
    """Seconds per phase path so far, the open phases' running stretches included (rounded)."""
    now = time.perf_counter()
    out = dict(_totals)
    if _stack:
        top = _stack[-1]
        out[top[0]] = out.get(top[0], 0.0) + now - top[1]
    return {k: round(v, 4) for k, v in sorted(out.items()) if v >= 0.0005}


def open_phases() -> list[str]:
    """The path of the innermost open phase, split (empty outside every phase)."""
    return _stack[-1][0].split("/") if _stack else []


def _write_trace() -> None:
    try:
        with open(_trace_path, "w", encoding="utf-8") as f:
            json.dump({"phases": snapshot(), "open": open_phases()}, f)
    except OSError:
        pass


def timed(name: str):
    """A decorator: the function's calls are phase ``name``."""
    import functools

    def wrap(fn):
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            with phase(name):
                return fn(*args, **kwargs)
        return inner
    return wrap
