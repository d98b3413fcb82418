"""Running queries: z3 with a CPU-time budget, per-query statistics, SMT-LIB2 export.

A query's budget is CPU time of this process (``time.process_time``), not wall-clock time: a
query gets the same budget whether the machine is idle or ``check-suite -j N`` shares it with
other workers, so the verdict and the counterexample do not depend on the load. A watcher
thread interrupts z3 once the budget is spent; z3's own wall-clock ``timeout`` is set to
``WALL_FACTOR`` times the budget, only as a safety net (a query starved of CPU for that long
gives up too, and says so).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import z3

from irverify.phases import timed


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
_DEADLINE: list[float] = []  # innermost last: a _cpu() no query may run past
_ISOLATE: list[bool] = []  # innermost last: do queries run in a child process (``isolated``)
_CHILD_CPU = [0.0]  # CPU seconds spent by the child processes of isolated queries


def _cpu() -> float:
    """CPU seconds of this process and of its isolated queries' children: the clock of budgets."""
    return time.process_time() + _CHILD_CPU[0]


def limit_memory(mib: int) -> None:
    """Let z3 allocate at most ``mib`` MiB (it then gives up with ``unknown``)."""
    z3.set_param("memory_max_size", max(1, mib))


@contextmanager
def budget(seconds: float):
    """Queries inside this block share ``seconds`` of solver time: each one's timeout is cut to
    what is left, and once it is spent they return ``unknown`` at once (CPU time, like every
    query's own budget)."""
    end = _cpu() + seconds
    _DEADLINE.append(min(end, _DEADLINE[-1]) if _DEADLINE else end)
    try:
        yield
    finally:
        _DEADLINE.pop()

def budget_left() -> float | None:
    """CPU seconds left in the innermost ``budget`` block (``None`` outside any)."""
    return _DEADLINE[-1] - _cpu() if _DEADLINE else None


WALL_FACTOR = 4.0
"""z3's wall-clock timeout is this many times a query's CPU budget (a safety net only)."""


class _CpuBudget:
    """Interrupts z3 once this process has used a query's CPU time budget.

    One daemon thread per process (started on first use, again in a forked child) sleeps until
    the earliest moment the budget can be spent (CPU time never runs faster than wall time),
    then reads the process's CPU time and interrupts the z3 context when the budget is gone."""

    def __init__(self):
        self.pid = None
        self.cond = threading.Condition()
        self.job = None  # (z3 context, CPU deadline, token)
        self.fired: set[int] = set()
        self.tokens = 0

    def _start(self):
        if self.pid == os.getpid():
            return
        self.pid = os.getpid()
        self.cond = threading.Condition()  # a forked child must not reuse the parent's lock
        self.job = None
        threading.Thread(target=self._watch, name="irverify-cpu-budget", daemon=True).start()

    def _watch(self):
        cond = self.cond
        with cond:
            while True:
                job = self.job
                if job is None:
                    cond.wait()
                    continue
                ctx, deadline, token = job
                remaining = deadline - time.process_time()
                if remaining <= 0:
                    ctx.interrupt()
                    self.fired.add(token)
                    self.job = None
                    continue
                cond.wait(remaining)

    @contextmanager
    def limit(self, seconds: float):
        """Run the body with a CPU budget; yields a callable telling whether it was spent."""
        self._start()
        with self.cond:
            self.tokens += 1
            token = self.tokens
            self.job = (z3.main_ctx(), time.process_time() + seconds, token)
            self.cond.notify()
        try:
            yield lambda: token in self.fired
        finally:
            with self.cond:
                if self.job is not None and self.job[2] == token:
                    self.job = None
                self.fired.discard(token)
                self.cond.notify()


_BUDGET = _CpuBudget()


def _run(s, timeout_s: float):
    """``(z3 result, reason when unknown)`` of ``s.check()`` within a CPU budget of ``timeout_s``."""
    s.set("timeout", max(1, int(WALL_FACTOR * timeout_s * 1000)))
    with _BUDGET.limit(timeout_s) as spent:
        r = s.check()
        if r != z3.unknown:
            return r, ""
        reason = s.reason_unknown()
        if spent():
            return r, f"timeout ({timeout_s:g} s of CPU time)"
        if reason in ("timeout", "canceled"):
            return r, f"timeout ({WALL_FACTOR * timeout_s:g} s of wall-clock time)"
        return r, reason


@contextmanager
def isolated(on: bool = True):
    """Queries inside this block (when ``on``) run in a forked child process, killed once its
    CPU time passes the query's budget (``ISOLATION_GRACE``): z3 answers an interrupt only
    between steps, and turning a large IEEE float term into bit-vectors is one step (an
    attention's query interrupted at 3 s returned 8 s later). A ``sat`` answer is found again
    in this process, which the child showed takes about the same time, for its model."""
    _ISOLATE.append(on)
    try:
        yield
    finally:
        _ISOLATE.pop()


ISOLATION_GRACE = (1.0, 1.1)
"""An isolated query's child is killed past ``a + b * budget`` CPU seconds (or WALL_FACTOR
times that of wall-clock time)."""


def _child_cpu(pid: int) -> float:
    """CPU seconds (user and system) of a running child process, from ``/proc``."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def _run_isolated(s, timeout_s: float):
    """``_run`` in a forked child process with a hard limit (``isolated``)."""
    if not hasattr(os, "fork") or not os.path.exists("/proc/self/stat"):
        return _run(s, timeout_s)
    limit = ISOLATION_GRACE[0] + ISOLATION_GRACE[1] * timeout_s
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: answer, then leave without running any of the parent's code
        status = 1
        try:
            os.close(read_end)
            _die_with_parent(limit)
            r, reason = _run(s, timeout_s)
            os.write(write_end, f"{r}\n{reason}".encode())
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    wall_end = time.perf_counter() + WALL_FACTOR * limit
    cpu, reaped, answer, reason = 0.0, False, "unknown", f"timeout ({timeout_s:g} s of CPU time)"
    try:
        while True:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                reaped, cpu = True, usage.ru_utime + usage.ru_stime
                break
            cpu = max(cpu, _child_cpu(pid))
            if cpu > limit or time.perf_counter() > wall_end:
                break
            time.sleep(0.02)
        if reaped and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
            with os.fdopen(read_end, "rb") as f:
                read_end = None
                answer, _, reason = f.read().decode().partition("\n")
        elif reaped and os.WIFEXITED(status):  # (killed by its CPU limit: the timeout above)
            reason = f"the solver's child process failed (exit status {os.WEXITSTATUS(status)})"
    finally:
        if not reaped:  # past its limit, or this process is interrupted: stop the child
            os.kill(pid, 9)
            _, _, usage = os.wait4(pid, 0)
            cpu = usage.ru_utime + usage.ru_stime
        _CHILD_CPU[0] += cpu
        if read_end is not None:
            os.close(read_end)
    if answer == "unsat":
        return z3.unsat, ""
    if answer == "sat":  # the model, found again here (within the same budget)
        return _run(s, timeout_s)
    return z3.unknown, reason


def _die_with_parent(cpu_limit: float) -> None:
    """In an isolated query's child: killed by the kernel when its parent dies (a ``validate-lit``
    case killed at its time limit) or when it passes ``cpu_limit`` by a second."""
    import ctypes
    import resource
    import signal

    try:
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    seconds = int(cpu_limit) + 2
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    if hard == resource.RLIM_INFINITY or hard > seconds:
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds))


@timed("solver")
def check(name: str, assertions: Sequence[Any], timeout_s: float, extra: Sequence[Any] = ()) -> Result:
    """Is the conjunction of ``assertions`` (and ``extra``) satisfiable within a CPU budget of
    ``timeout_s`` seconds (and the enclosing ``budget``)?"""
    if _DEADLINE:
        left = _DEADLINE[-1] - _cpu()
        if left <= 0.05:
            LOG.stats.append(QueryStat(name, "unknown", 0.0))
            return Result("unknown", reason="time budget spent")
        timeout_s = min(timeout_s, left)
    s = z3.Solver()
    for a in assertions:
        s.add(a)
    for a in extra:
        s.add(a)
    if LOG.keep_smt2:
        LOG.smt2.append((name, to_smtlib2(list(assertions) + list(extra))))
    start = time.perf_counter()
    try:
        r, reason = _run_isolated(s, timeout_s) if _ISOLATE and _ISOLATE[-1] else _run(s, timeout_s)
    except z3.Z3Exception as e:  # e.g. out of memory
        LOG.stats.append(QueryStat(name, "unknown", time.perf_counter() - start))
        return Result("unknown", reason=str(e))
    elapsed = time.perf_counter() - start
    status = str(r)
    LOG.stats.append(QueryStat(name, status, elapsed))
    if r == z3.sat:
        return Result("sat", s.model())
    if r == z3.unsat:
        return Result("unsat")
    return Result("unknown", reason=reason)


def evaluate(model, term, completion: bool = True):
    v = model.eval(term, model_completion=completion)
    if completion and z3.is_bool(v):
        return v if z3.is_true(v) or z3.is_false(v) else _decide(v)
    if completion and not z3.is_arith_sort(v.sort()) and not z3.is_bv_sort(v.sort()):
        return v
    if completion and not (z3.is_int_value(v) or z3.is_bv_value(v) or z3.is_rational_value(v)
                           or z3.is_algebraic_value(v)):
        v = _decide(v)  # e.g. a function interpretation compared against a lambda array
        if not (z3.is_int_value(v) or z3.is_bv_value(v) or z3.is_rational_value(v) or z3.is_algebraic_value(v)):
            raise NotConcrete(f"the model leaves a value symbolic: {str(v)[:200]}")
    return v


DECIDE_BUDGET_S = 5.0


def _decide(closed):
    """The value of a closed term that ``model.eval`` left unsimplified: each equality between
    arrays in it (a function interpretation compared against a lambda) and each closed
    quantified formula is decided by the solver (within ``DECIDE_BUDGET_S`` each, and the
    enclosing ``budget``; undecided, the term is returned as it is)."""
    eqs: list[Any] = []

    def walk(e):
        if z3.is_quantifier(e) and z3.is_bool(e):
            eqs.append(e)
            return
        if z3.is_eq(e) and isinstance(e.arg(0).sort(), z3.ArraySortRef):
            eqs.append(e)
            return
        for c in e.children():
            walk(c)

    walk(closed)
    pairs = []
    for e in eqs:
        left = budget_left()
        if left is not None and left <= 0.05:
            return closed
        s = z3.Solver()
        s.add(z3.Not(e) if z3.is_quantifier(e) else e.arg(0) != e.arg(1))
        r, _ = _run(s, DECIDE_BUDGET_S if left is None else min(DECIDE_BUDGET_S, left))
        if r == z3.unknown:
            return closed
        pairs.append((e, z3.BoolVal(r == z3.unsat)))
    return z3.simplify(z3.substitute(closed, *pairs)) if pairs else closed


def array_entries(model, arr):
    """``(default, {index tuple: value})`` of an array constant under ``model``, read from the
    ``Store(...K(default)...)`` form z3 gives models; ``None`` for any other form."""
    v = model.eval(arr, model_completion=True)
    entries: dict[tuple, Any] = {}
    while z3.is_store(v):
        idx = tuple(v.arg(k).as_long() for k in range(1, v.num_args() - 1))
        entries.setdefault(idx, v.arg(v.num_args() - 1))
        v = v.arg(0)
    if not z3.is_K(v):
        return None
    return v.arg(0), entries


class NotConcrete(ValueError):
    """The model leaves a term symbolic (e.g. an uninterpreted function applied to lambda
    arrays, whose equality with the model's entries it does not decide)."""


def int_value(model, term) -> int:
    v = model.eval(term, model_completion=True)
    if z3.is_int_value(v) or z3.is_bv_value(v):
        return v.as_long()
    raise NotConcrete(f"not an integer value: {str(v)[:200]}")


def bv_bits(v) -> int | None:
    """The bits of an evaluated bit-vector value (a float under a bits theory), else None."""
    return v.as_long() if z3.is_bv_value(v) else None


def smtlib(name: str, assertions: Sequence[Any]) -> str:
    """The query as a standalone SMT-LIB2 script."""
    s = z3.Solver()
    for a in assertions:
        s.add(a)
    return f"; {name}\n" + s.to_smt2()


def describe_query(name: str) -> str:
    """What a refinement query named ``name`` asserts (the comment heading its SMT-LIB2 script)."""
    base, _, rest = name.partition(" (")
    suffix = ""
    if rest.startswith("bounded"):
        suffix = ", with every dynamic dim <= the bound"
    elif rest.startswith("minimise"):
        suffix = f", with every dynamic dim {rest[len('minimise '):].rstrip(')')} (looking for a small example)"
    if base.startswith("shapes of "):
        what = (f"shapes of {base[len('shapes of '):]}: the source is defined and the two results have "
                "different extents")
    elif base == "target UB":
        what = "target UB: the target is undefined where the source is defined"
    elif base.startswith("poison of "):
        what = (f"poison of {base[len('poison of '):]}: the source is defined and, at some in-bounds index, "
                "the target's element is poison where the source's is not")
    elif base.startswith("value of "):
        what = (f"value of {base[len('value of '):]}: the source is defined and, at some in-bounds index, "
                "a source element that is not poison differs from the target's (arguments not poison)")
    elif base == "source UB":
        return f"; query: {name}: the source is undefined on some input{suffix} - sat adds a source_ub note, not a counterexample"
    else:
        what = base
    return f"; query: {what}{suffix} - sat means a counterexample exists, unsat means refinement holds"


def format_smt2(queries: Sequence[tuple[str, str]]) -> str:
    """Queries as one SMT-LIB2 file: each is a standalone script (its own declarations,
    assertions and ``(check-sat)``) inside ``(push 1)``/``(pop 1)``, headed by a comment saying
    what it asserts."""
    out = []
    for name, text in queries:
        out.append(f"{describe_query(name)}\n(push 1)\n{text.rstrip()}\n(pop 1)\n")
    return "\n".join(out)


# ----------------------------------------------------------------------------- SMT-LIB2 export


def _curried_sort(s):
    """``Array(I1, ..., In, E)`` as ``Array(I1, Array(I2, ... E))`` (SMT-LIB arrays have one index)."""
    if s.kind() != z3.Z3_ARRAY_SORT:
        return s
    arity = z3.Z3_get_array_arity(s.ctx_ref(), s.ast)
    doms = [z3.SortRef(z3.Z3_get_array_sort_domain_n(s.ctx_ref(), s.ast, i), s.ctx) for i in range(arity)]
    out = _curried_sort(s.range())
    for d in reversed(doms):
        out = z3.ArraySort(_curried_sort(d), out)
    return out


class _Currier:
    """Rewrites terms into plain SMT-LIB2 (first-order, arrays of one index) that z3 and other
    solvers accept alike:

    * every array has a single index (z3 prints n-ary arrays);
    * every lambda (an array in z3; a function, or an error, in other solvers) becomes a fresh
      array ``lambda!N``, defined by the axiom ``forall k. (select lambda!N k) = body`` in
      ``definitions``; inside a binder it is a function of the enclosing bound variables the
      body uses. The axiom determines the array, so satisfiability is unchanged.
    """

    def __init__(self):
        self.cache: dict[int, tuple[z3.ExprRef, z3.ExprRef]] = {}  # id: (term, rewritten)
        self.funcs: dict[str, z3.FuncDeclRef] = {}
        self.bound: list[z3.ExprRef] = []  # constants standing for the enclosing bound variables
        self.definitions: list[z3.BoolRef] = []

    def decl(self, d: z3.FuncDeclRef) -> z3.FuncDeclRef:
        sorts = [_curried_sort(d.domain(i)) for i in range(d.arity())] + [_curried_sort(d.range())]
        key = d.name() + "|" + "|".join(s.sexpr() for s in sorts)
        if key not in self.funcs:
            self.funcs[key] = z3.Function(d.name(), *sorts)
        return self.funcs[key]

    def __call__(self, e: z3.ExprRef) -> z3.ExprRef:
        # Subterms are rewritten bottom-up with an explicit stack, so that ``_rewrite`` finds
        # its operands done and the depth of a term (a sum of thousands of products) never
        # becomes the depth of Python's recursion. The cache keeps each input term alive: z3
        # reuses the id of a freed term (a quantifier's substituted body).
        stack = [(e, False)]
        while stack:
            t, operands_done = stack.pop()
            key = t.get_id()
            if key in self.cache:
                continue
            if operands_done or not z3.is_app(t) or z3.is_quantifier(t):
                self.cache[key] = (t, self._rewrite(t))
            else:
                stack.append((t, True))
                stack.extend((c, False) for c in t.children() if c.get_id() not in self.cache)
        return self.cache[e.get_id()][1]

    def _rewrite(self, e):
        if z3.is_quantifier(e):
            # Numbered by binding depth: nested binders that reuse a name stay apart.
            consts = [z3.Const(f"{e.var_name(i)}.{len(self.bound) + i}", _curried_sort(e.var_sort(i)))
                      for i in range(e.num_vars())]
            self.bound += consts
            try:
                body = self(z3.substitute_vars(e.body(), *reversed(consts)))
            finally:
                del self.bound[-len(consts):]
            if e.is_lambda():
                return self._define(consts, body)
            return z3.ForAll(consts, body) if e.is_forall() else z3.Exists(consts, body)
        if not z3.is_app(e):
            return e
        args = [self(a) for a in e.children()]
        k = e.decl().kind()
        if k == z3.Z3_OP_SELECT:
            out = args[0]
            for i in args[1:]:
                out = z3.Select(out, i)
            return out
        if k == z3.Z3_OP_STORE:
            return self._store(args[0], args[1:-1], args[-1])
        if k == z3.Z3_OP_EQ:
            return args[0] == args[1]
        if k == z3.Z3_OP_DISTINCT:
            return z3.Distinct(*args)
        if k == z3.Z3_OP_ITE:
            return z3.If(*args)
        if k == z3.Z3_OP_UNINTERPRETED:
            return self.decl(e.decl())(*args)
        if k == z3.Z3_OP_CONST_ARRAY and e.sort().kind() == z3.Z3_ARRAY_SORT:
            srt = _curried_sort(e.sort())
            return self._const_array(srt, args[0])
        if any(not a.sort().eq(b.sort()) for a, b in zip(e.children(), args)):
            raise ValueError(f"cannot export {e.decl()} over multi-index arrays")
        return e.decl()(*args) if args else e

    def _define(self, params: list, body):
        """A fresh array equal to ``lambda params. body`` (curried), with its defining axiom."""
        outer = [c for c in self.bound if _occurs(c, body)]
        srt = body.sort()
        for c in reversed(params):
            srt = z3.ArraySort(c.sort(), srt)
        name = f"lambda!{len(self.definitions)}"
        arr = z3.Function(name, *[c.sort() for c in outer], srt)(*outer) if outer else z3.Const(name, srt)
        element = arr
        for c in params:
            element = z3.Select(element, c)
        self.definitions.append(z3.ForAll(outer + params, element == body))
        return arr

    def _store(self, arr, idx, value):
        if len(idx) == 1:
            return z3.Store(arr, idx[0], value)
        inner = z3.Select(arr, idx[0])
        return z3.Store(arr, idx[0], self._store(inner, idx[1:], value))

    def _const_array(self, srt, v):
        if srt.range().kind() == z3.Z3_ARRAY_SORT:
            return z3.K(srt.domain(), self._const_array(srt.range(), v))
        return z3.K(srt.domain(), v)


def _occurs(c, e) -> bool:
    """Does the constant ``c`` occur in ``e``?"""
    seen, todo = set(), [e]
    while todo:
        t = todo.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if t.eq(c):
            return True
        if z3.is_app(t):
            todo += t.children()
        elif z3.is_quantifier(t):
            todo.append(t.body())
    return False


def to_smtlib2(assertions: Sequence[Any]) -> str:
    """A standalone SMT-LIB2 script (declarations, assertions, ``(check-sat)``) for the
    conjunction of ``assertions``, in the plain first-order SMT-LIB2 of ``_Currier``: arrays of
    one index, lambdas as arrays defined by an axiom each (asserted before the assertions)."""
    cur = _Currier()
    rewritten = [cur(a) for a in assertions]
    s = z3.Solver()
    for a in cur.definitions + rewritten:
        s.add(a)
    return _renumber_lets(s.to_smt2())


def _renumber_lets(text: str) -> str:
    """z3 names let-bound terms after internal AST ids (``$x1234``, ``?x56``), which depend on
    what the process built before; number them by first appearance so the export is stable."""
    import re

    names: dict[str, str] = {}

    def sub(m: re.Match) -> str:
        old = m.group(0)
        if old not in names:
            names[old] = f"{old[0]}t{len(names)}"
        return names[old]

    return re.sub(r"(?<![\w|])[$?]x\d+\b", sub, text)
