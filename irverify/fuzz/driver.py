"""The fuzzing loop: generate, transform, check with ``irverify check``, execute, judge.

Every pair is written to a file and checked through ``irverify.cli.main`` (``check FILE --json
--no-confirm``), the code path of the command line. Pairs whose verdict is ``correct`` or
``incorrect`` are then run, a batch of programs per compiled module, on the arm's backend (IREE
llvm-cpu for MLIR, TVM llvm for Relax) at ``inputs.N_SETS`` input sets (plus the
counterexample's inputs for ``incorrect``). An input counts only where the source is defined
and the element is not poison (the arm's reference interpreter decides); there, a difference
between the two sides (or a target that fails to run where the source ran) is a *witness*.

* ``correct`` with a witness: **unsound**. The pair is shrunk (``arm.shrink_candidates``,
  keeping a shrunk pair only while irverify still says ``correct`` and execution still differs)
  and written to the findings directory with the inputs and outputs that show it.
* ``incorrect`` without a witness: an unconfirmed alarm (possibly a false alarm), recorded too,
  except when its counterexample needs a poison argument (which execution cannot pass) and
  irverify's reference evaluation of the op definitions shows it: that is counted apart
  (``poison_only``), as an alarm no execution can confirm.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from irverify.fuzz import inputs as inp

BATCH = 8


@dataclass
class Case:
    number: int
    seed: int
    src: object
    tgt: object
    desc: str
    verdict: str = ""
    message: str = ""
    report: dict = field(default_factory=dict)
    witness: str = ""
    executed: bool = False
    run_error: str = ""
    fuzzer_error: str = ""
    backend: str = ""


@dataclass
class Summary:
    arm: str
    programs: int = 0
    verdicts: Counter = field(default_factory=Counter)
    unsound: list = field(default_factory=list)
    unconfirmed: list = field(default_factory=list)
    poison_only: list = field(default_factory=list)
    unjudged: list = field(default_factory=list)  # incorrect through an output the oracle does not compare
    backend: list = field(default_factory=list)
    not_executed: int = 0
    not_executed_cases: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    op_names: list = field(default_factory=list)  # every op the arm can generate
    time_s: float = 0.0
    check_s: float = 0.0
    run_s: float = 0.0
    unsupported: Counter = field(default_factory=Counter)  # unsupported verdicts by message (location dropped)
    op_programs: Counter = field(default_factory=Counter)  # op -> programs holding it (arms with ``ops_of``)
    op_executed: Counter = field(default_factory=Counter)  # op -> those also decided and executed

    def table(self) -> str:
        rows = [("arm", self.arm), ("programs", self.programs)]
        rows += [(f"verdict {v}", n) for v, n in sorted(self.verdicts.items())]
        rows += [("unsound (correct, execution differs)", len(self.unsound)),
                 ("unconfirmed incorrect (possible false alarms)", len(self.unconfirmed)),
                 ("incorrect only through poison or target UB (reference evaluation)", len(self.poison_only)),
                 ("incorrect through an output not compared (tainted)", len(self.unjudged)),
                 ("compiler discrepancies (execution vs reference)", len(self.backend)),
                 ("not executable (compile/run failed)", self.not_executed),
                 ("errors (irverify error verdicts, fuzzer faults)", len(self.errors)),
                 ("time (s): total / checking / executing", f"{self.time_s:.1f} / {self.check_s:.1f} / {self.run_s:.1f}")]
        if self.op_names:
            missing = [o for o in self.op_names if not self.op_programs[o]]
            rows.append(("ops exercised", f"{len(self.op_names) - len(missing)} of {len(self.op_names)}"
                         + (f" (never: {', '.join(missing)})" if missing else "")))
        w = max(len(str(k)) for k, _ in rows)
        out = "\n".join(f"{str(k):<{w}}  {v}" for k, v in rows)
        return out

    def to_json(self) -> dict:
        return {"arm": self.arm, "programs": self.programs, "verdicts": dict(self.verdicts),
                "unsound": len(self.unsound), "unconfirmed_incorrect": len(self.unconfirmed),
                "poison_only_incorrect": len(self.poison_only), "unjudged_incorrect": len(self.unjudged),
                "compiler_discrepancies": len(self.backend),
                "not_executed": self.not_executed, "errors": [f"#{n}: {m[:200]}" for n, m in self.errors],
                "time_s": round(self.time_s, 1),
                **({"unsupported_reasons": dict(self.unsupported.most_common(40))} if self.unsupported else {}),
                **({"op_programs": dict(sorted(self.op_programs.items())),
                    "op_executed": dict(sorted(self.op_executed.items()))} if self.op_programs else {})}

    def op_table(self, registered: list[str] | None = None) -> str:
        """Per op: programs that held it / of those, programs executed; ops never generated."""
        ops = sorted(set(self.op_programs) | set(registered or []))
        cells = [f"{op} {self.op_programs[op]}/{self.op_executed[op]}" for op in ops]
        lines = ["programs per op (held / executed):"]
        for i in range(0, len(cells), 4):
            lines.append("  " + "   ".join(cells[i:i + 4]))
        missing = [op for op in ops if not self.op_programs[op]]
        lines.append(f"ops in no program: {len(missing)}" + (f" ({', '.join(missing)})" if missing else ""))
        return "\n".join(lines)


def arm_named(name: str):
    if name == "mlir":
        from irverify.fuzz import mlir_arm
        return mlir_arm
    if name == "relax":
        from irverify.fuzz import relax_arm
        return relax_arm
    raise ValueError(f"unknown arm {name!r} (expected mlir or relax)")


def check_text(text: str, suffix: str, timeout_s: float, extra: tuple = ()) -> dict:
    """``irverify check FILE --json --no-confirm [extra]`` on ``text``, in-process; the case's
    JSON record (``irverify.records``; the summary when no case was checked)."""
    from irverify.cli import main

    with tempfile.NamedTemporaryFile("w", suffix=suffix, delete=False, encoding="utf-8") as f:
        f.write(text)
        path = f.name
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            main(["check", path, "--json", "--no-confirm", "--timeout", str(timeout_s), *extra])
    finally:
        os.unlink(path)
    from irverify.records import case_or_summary

    return case_or_summary(out.getvalue())


def make_case(arm, seed: int, number: int) -> Case:
    rng = random.Random(seed * 1_000_003 + number)
    src = arm.generate(rng)
    tgt, desc = arm.transform(src, rng)
    return Case(number, seed, src, tgt, desc)


CHECK_WALL_S: float | None = None  # set by fuzz(check_wall_s=...): each check in a forked child


def check_capped(text: str, suffix: str, timeout_s: float, extra: tuple = (), cpu_s: float | None = None,
                 wall_s: float | None = None) -> dict:
    """``check_text`` in a forked child limited to ``cpu_s`` seconds of CPU time and abandoned
    after ``wall_s`` seconds of wall-clock time (20 times ``cpu_s`` when not given: that bound
    only ends a hang), so that one pair irverify takes very long over does not stall a run
    (``--timeout`` bounds each solver query, not a whole check); past either, the verdict is
    ``unknown``, saying so."""
    import resource
    import select
    import signal

    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: check, write the report, leave without cleanup handlers
        os.close(read_fd)
        try:
            if cpu_s:
                resource.setrlimit(resource.RLIMIT_CPU, (int(cpu_s), int(cpu_s) + 5))
            try:
                rep = check_text(text, suffix, timeout_s, extra)
            except Exception as e:  # noqa: BLE001 - reported as the pair's verdict
                rep = {"verdict": "error", "message": f"{type(e).__name__}: {e}"}
            data = json.dumps(rep).encode()
            while data:
                data = data[os.write(write_fd, data):]
        finally:
            os._exit(0)
    os.close(write_fd)
    wall = wall_s or 20 * (cpu_s or 60)
    chunks, deadline = [], time.monotonic() + wall
    with os.fdopen(read_fd, "rb") as reader:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([reader], [], [], left)[0]:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return {"verdict": "unknown", "message": f"fuzzer: the check took more than {wall:g} s "
                                                         "of wall-clock time (abandoned)"}
            chunk = os.read(reader.fileno(), 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    os.waitpid(pid, 0)
    try:
        return json.loads(b"".join(chunks))
    except ValueError:
        return {"verdict": "unknown", "message": f"irverify check took over {cpu_s:.0f} s of CPU time (fuzzer limit)"
                if cpu_s else "fuzzer: the checking child died"}


def check_case(arm, case: Case, timeout_s: float) -> None:
    def check(extra=()):
        text = arm.pair_text(case.src, case.tgt)
        cap = getattr(arm, "CHECK_CPU_S", None)
        if (cap or CHECK_WALL_S) and hasattr(os, "fork"):
            return check_capped(text, arm.SUFFIX, timeout_s, extra, cap, CHECK_WALL_S)
        return check_text(text, arm.SUFFIX, timeout_s, extra)

    rep = check()
    if rep.get("verdict") == "unknown" and hasattr(arm, "retry_args") and (extra := arm.retry_args(rep)):
        rep = check(extra)  # as a user would
    case.verdict, case.report = rep.get("verdict", "error"), rep
    msgs = [rep.get("message", "")] + [f.get("message", "") for f in rep.get("functions", [])]
    case.message = "; ".join(m for m in msgs if m)


def _cex_args(arm, case: Case):
    """The counterexample's inputs as an argument list, when it gives every argument."""
    fns = case.report.get("functions") or []
    cex = fns[0].get("counterexample") if fns else None
    if not cex:
        return None
    try:
        return arm.cex_args(case.src, cex)
    except Exception:  # noqa: BLE001 - a counterexample we cannot replay is simply not used
        return None


def witness(arm, case: Case, src_out, tgt_out, args) -> str:
    """A description of a defined, non-poison output element that differs, or ''. A difference
    that exists only because one side's execution disagrees with the arm's reference
    interpreter (``arm.backend_faults``) is returned prefixed with ``BACKEND``. An arm with its
    own ``witness`` (it judges definedness itself) decides."""
    if hasattr(arm, "witness"):
        return arm.witness(case, src_out, tgt_out, args)
    ub, poison = arm.undefined(case.src, args)
    if ub:
        return ""
    tub, tpoison = arm.undefined(case.tgt, args)
    if not arm.POISON:  # unspecified values, not poison: only the source's excuse differences
        tub, tpoison = False, poison
    if tub:
        return "the target is undefined where the source is defined (reference interpreter)"
    for k, (sp, tp) in enumerate(zip(_masks(poison), _masks(tpoison))):
        extra = np.asarray(tp) & ~np.asarray(sp)
        if extra.shape == np.asarray(sp).shape and np.any(extra):
            at = tuple(int(x) for x in np.argwhere(extra)[0]) if extra.ndim else ()
            return f"result #{k}{list(at)}: the target is poison where the source is not (reference interpreter)"
    if isinstance(src_out, Exception):
        return ""
    if isinstance(tgt_out, Exception):
        return f"the target fails to run where the source runs: {tgt_out}"
    for k, (s, g) in enumerate(zip(src_out, tgt_out)):
        s, g = np.asarray(s), np.asarray(g)
        if s.shape != g.shape or s.dtype != g.dtype:
            return f"result #{k}: source {s.dtype}{list(s.shape)}, target {g.dtype}{list(g.shape)}"
        pz = np.broadcast_to(np.asarray(poison[k] if isinstance(poison, list) else poison), s.shape)
        bad = ~inp.same(s, g) & ~pz
        if not np.any(bad):
            continue
        fault = arm.backend_faults(case, args, k, s, g) if hasattr(arm, "backend_faults") else None
        real = bad if fault is None else bad & ~fault
        if np.any(real):
            at = tuple(int(x) for x in np.argwhere(real)[0]) if s.ndim else ()
            return f"result #{k}{list(at)}: source {s[at]!r}, target {g[at]!r}"
        at = tuple(int(x) for x in np.argwhere(bad)[0]) if s.ndim else ()
        return (f"{BACKEND}result #{k}{list(at)}: source {s[at]!r}, target {g[at]!r}, where the reference "
                f"interpreter computes equal values (a compiler discrepancy, not a verdict)")
    return ""


BACKEND = "backend: "


def _masks(poison) -> list:
    return poison if isinstance(poison, list) else [poison]


def _poison_only(case: Case) -> bool:
    """Does the ``incorrect`` report's counterexample pass poison arguments, show a target
    output that is poison where the source's is a value, or show target UB where the source is
    defined (execution shows none of these reliably), and did irverify's reference evaluation
    (``cex.concrete.exact_witness``) confirm it?"""
    from irverify.cex.concrete import REFERENCE

    fns = case.report.get("functions") or []
    cex = (fns[0].get("counterexample") or {}) if fns else {}
    through_poison = (bool(cex.get("poison_inputs")) or cex.get("target_value") == "poison"
                      or str(cex.get("check", "")).startswith("target has undefined behaviour"))
    return through_poison and REFERENCE in (fns[0].get("oracles") or [])


def execute(arm, cases: list[Case], summary: Summary) -> None:
    """Run a batch of cases on the backend and set ``case.witness`` (one compile per batch;
    on a compile failure each case is compiled alone)."""
    todo = [c for c in cases if c.verdict in ("correct", "incorrect")]
    if not todo:
        return
    alone = todo if _run_batch(arm, todo) is None else [c for c in todo if not c.executed]
    for c in alone:  # the batch did not compile, or left these cases' functions uncompiled
        if _run_batch(arm, [c]) is None or not c.executed:
            summary.not_executed += 1
            summary.not_executed_cases.append(c)


def _run_batch(arm, cases: list[Case]):
    funcs, calls, plan = [], [], []
    for c in cases:
        s, t = f"p{c.number}_src", f"p{c.number}_tgt"
        funcs.append((c.src, c.tgt, (s, t)))
        sets = inp.input_sets(c.seed * 7919 + c.number, arm.signature(c.src))
        if c.verdict == "incorrect" and (cx := _cex_args(arm, c)) is not None:
            sets.insert(0, cx)
        for args in sets:
            plan.append((c, args, len(calls)))
            calls += [(s, args), (t, args)]
    try:
        res = arm.run(arm.batch_text(funcs), calls)
    except Exception as e:  # noqa: BLE001 - e.g. TVM rejects the module text
        res = [_CompileError(f"{type(e).__name__}: {str(e).strip().splitlines()[-1] if str(e).strip() else ''}")] * len(calls)
    if all(isinstance(r, Exception) and getattr(r, "kind", "") == "compile" for r in res):
        for c in cases:
            c.run_error = str(res[0])
        return None
    for c, args, k in plan:
        failed = [r for r in (res[k], res[k + 1]) if isinstance(r, Exception)]
        if isinstance(res[k], Exception) or any(getattr(r, "kind", "") == "compile" for r in failed):
            c.run_error = c.run_error or str(failed[0])
            continue  # the source did not run on these inputs (or a side did not compile)
        c.executed = True
        if not c.witness:
            try:
                w = witness(arm, c, res[k], res[k + 1], args)
            except Exception as e:  # noqa: BLE001 - a fuzzer bug must not end the run
                c.fuzzer_error = f"{type(e).__name__}: {e}"
                continue
            if w.startswith(BACKEND):
                c.backend = c.backend or w[len(BACKEND):] + f" on inputs {_short(args)}"
                c.backend_args = args
            elif w:
                c.witness = w + f" on inputs {_short(args)}"
                c.witness_args = args
    return res


class _CompileError(Exception):
    kind = "compile"


def _short(args) -> str:
    with np.printoptions(threshold=20, linewidth=200):
        return "(" + ", ".join(repr(a) for a in args) + ")"


def shrink(arm, case: Case, timeout_s: float, budget: int = 20) -> Case:
    """Smaller pairs that stay unsound (irverify ``correct``, the same inputs still differ)."""
    best = case
    tries = 0
    progress = True
    while progress and tries < budget:
        progress = False
        for src, tgt in arm.shrink_candidates(best.src, best.tgt):
            tries += 1
            if tries > budget:
                break
            cand = Case(best.number, best.seed, src, tgt, best.desc)
            check_case(arm, cand, timeout_s)
            if cand.verdict != "correct":
                continue
            args = best.witness_args
            try:
                res = arm.run(arm.batch_text([(src, tgt, ("src", "tgt"))]), [("src", args), ("tgt", args)])
            except Exception:  # noqa: BLE001
                continue
            try:
                w = witness(arm, cand, res[0], res[1], args)
            except Exception:  # noqa: BLE001
                continue
            if w and not w.startswith(BACKEND):
                cand.witness, cand.witness_args = w + f" on inputs {_short(args)}", args
                best, progress = cand, True
                break
    return best


def write_finding(arm, case: Case, outdir: str, kind: str) -> str:
    os.makedirs(outdir, exist_ok=True)
    path = os.path.join(outdir, f"{arm.NAME}-seed{case.seed}-{case.number}-{kind}{arm.SUFFIX}")
    c = arm.COMMENT
    head = [f"{c} irverify fuzz ({arm.NAME} arm), seed {case.seed}, program {case.number}: {kind}",
            f"{c} transformation: {case.desc}", f"{c} irverify: {case.verdict} {case.message}".rstrip()]
    if case.witness:
        head.append(f"{c} execution: {case.witness}")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(" ".join(h.split("\n")) for h in head) + "\n" + arm.pair_text(case.src, case.tgt))
    return path


def fuzz(arm_name: str, seed: int, count: int, findings: str | None = None, timeout_s: float = 10.0,
         log=None, shrink_budget: int = 20, first_program: int = 0, check_wall_s: float | None = None) -> Summary:
    """Check and execute programs ``first_program .. first_program + count - 1`` of ``seed``
    (a program depends only on its seed and number, so a long run can be split into shards).
    ``check_wall_s``: abandon a check after that many seconds of wall-clock time (each check
    then runs in a forked child)."""
    global CHECK_WALL_S
    CHECK_WALL_S = check_wall_s
    arm = arm_named(arm_name)
    summary = Summary(arm_name)
    if hasattr(arm, "all_generated"):
        summary.op_names = arm.all_generated()
    start = time.perf_counter()
    end = first_program + count
    for first in range(first_program, end, BATCH):
        batch = [make_case(arm, seed, n) for n in range(first, min(end, first + BATCH))]
        t0 = time.perf_counter()
        for c in batch:
            check_case(arm, c, timeout_s)
            summary.verdicts[c.verdict] += 1
            if c.verdict == "error":
                summary.errors.append((c.number, c.message))
            if c.verdict == "unsupported":
                reason = re.sub(r"^\S+:\d+:\d+: ", "", c.message.split("; ")[-1])
                summary.unsupported[re.sub(r"%[\w#]+", "%_", reason)[:160]] += 1
        t1 = time.perf_counter()
        execute(arm, batch, summary)
        summary.run_s += time.perf_counter() - t1
        summary.check_s += t1 - t0
        summary.programs += len(batch)
        for c in batch:
            if hasattr(arm, "ops_of"):
                for op in arm.ops_of(c.src) | arm.ops_of(c.tgt):
                    summary.op_programs[op] += 1
                    summary.op_executed[op] += c.executed
            if c.fuzzer_error:
                summary.errors.append((c.number, "fuzzer: " + c.fuzzer_error))
            if c.verdict == "correct" and c.witness:
                c = shrink(arm, c, timeout_s, shrink_budget)
                summary.unsound.append(c)
                where = write_finding(arm, c, findings, "unsound") if findings else ""
                if log:
                    log(f"UNSOUND program {c.number} ({c.desc}): {c.witness} {where}")
            elif c.verdict == "correct" and c.backend:
                summary.backend.append(c)
                c.witness = c.backend
                where = write_finding(arm, c, findings, "backend") if findings else ""
                if log:
                    log(f"compiler discrepancy, program {c.number} ({c.desc}): {c.backend} {where}")
            elif c.verdict == "incorrect" and c.executed and not c.witness and not c.backend and _poison_only(c):
                summary.poison_only.append(c)
                if log:
                    log(f"incorrect only through poison or target UB, program {c.number} ({c.desc})")
            elif (c.verdict == "incorrect" and c.executed and not c.witness and not c.backend
                  and hasattr(arm, "unjudged") and arm.unjudged(c)):
                summary.unjudged.append(c)
                if log:
                    log(f"incorrect through an output not compared, program {c.number} ({c.desc}): {arm.unjudged(c)}")
            elif c.verdict == "incorrect" and c.executed and not c.witness and not c.backend:
                summary.unconfirmed.append(c)
                where = write_finding(arm, c, findings, "unconfirmed") if findings else ""
                if log:
                    log(f"unconfirmed incorrect, program {c.number} ({c.desc}) {where}")
        if log:
            log(f"{summary.programs}/{count} programs, {dict(summary.verdicts)}, "
                f"{len(summary.unsound)} unsound, {time.perf_counter() - start:.0f} s")
    summary.time_s = time.perf_counter() - start
    return summary
