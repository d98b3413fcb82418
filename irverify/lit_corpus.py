"""``irverify validate-lit FILE...``: replay the RUN lines of IREE lit tests in-process and
check every case before against after (``validate-pass`` on each ``iree-opt`` RUN line).

A RUN line is read as a shell pipeline; the first command of an ``iree-opt`` (or ``mlir-opt``)
line is replayed, its flags read as:

* ``--pass-pipeline=PIPELINE``: the pipeline, as written;
* a flag naming a registered pass (``--canonicalize``, ``-cse``,
  ``--iree-global-opt-expand-tensor-shapes``, ``--PASS=OPTIONS``): that pass, in order; the
  passes of flags run on the module, or nested into ``func.func``/``util.func`` when the pass
  cannot run on a module (mlir-opt's implicit nesting);
* ``--split-input-file``: one case per ``// -----`` chunk;
* ``--allow-unregistered-dialect``: ops of unregistered dialects parse (checking them is
  ``unsupported``, unless the pass left the case unchanged);
* flags with no effect on the IR (``--mlir-print-local-scope``, ``--mlir-disable-threading``,
  ``-o FILE``, ...): ignored;
* anything else (global compiler options, ``--verify-diagnostics``, a flag the installed
  compiler does not know): "dropped"; the RUN line is replayed without it, and reported.

A RUN line is ``replayed`` (as written), ``partial`` (replayed without some flags), ``not
replayed`` (no pass to run, or a pipeline the installed compiler cannot parse: its cases are
not checked) or of another tool (``iree-compile``, ``FileCheck``, ``not iree-opt``: not
replayed, listed). The pipeline is parsed before any case runs.

Each case runs in a forked child with a wall-clock limit (``--case-timeout``, default 120 s;
past it the case is ``unknown``) and an address-space limit (``--max-memory``, MiB, default 8192; a
case that exceeds it is an ``error`` of class "memory limit"). ``-j N`` runs N children at once;
``--shard I/N`` (lit's convention: the I-th of N interleaved shards, 1-based) checks a part of
the cases, so a CI matrix can spread a corpus over machines. Results are printed as cases
finish (``irverify.lit_report``). Exit codes (lit's contract): 0 when every case checked is
``correct``, ``unknown`` or ``unsupported`` and every iree-opt RUN line was replayed as
written; 1 when a case is ``incorrect`` or ``error``, or an iree-opt RUN line was not replayed
or replayed without some flags; 2 for a usage error or when no case was checked.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import tempfile
import time
from dataclasses import dataclass, field

from irverify.errors import InputError, ran_out_of_memory

OPT_TOOLS = ("iree-opt", "mlir-opt")
NO_IR_EFFECT = ("--mlir-disable-threading", "--mlir-timing", "--mlir-pass-statistics", "--verify-each",
                "--mlir-pretty-debuginfo", "--mlir-print-local-scope", "--mlir-print-debuginfo",
                "--mlir-print-op-generic", "--mlir-print-ir-after-all", "--mlir-elide-elementsattrs-if-larger")
NO_IR_EFFECT_PREFIXES = ("--mlir-print-", "--mlir-elide-")
UNKNOWN_FLAG = "not a pass of the installed compiler, nor a flag validate-lit replays"
DROPPED_REASONS = {
    "--verify-diagnostics": "expected diagnostics are not checked; a case the pass rejects is an error",
    "--no-implicit-module": "the input is parsed into an implicit module",
}

REPLAYED, PARTIAL, NOT_REPLAYED, OTHER_TOOL = "replayed", "partial", "not-replayed", "other-tool"


@dataclass
class RunLine:
    """One RUN line of a lit file (a command continued over several lines counts once)."""

    path: str
    index: int  # 0-based among the file's RUN lines
    line: int = 0  # the file line where it starts (1-based)
    tool: str = ""
    pipeline: str = ""
    split: bool = False
    allow_unregistered: bool = False
    dropped: list[str] = field(default_factory=list)  # "FLAG: why" for each flag not replayed
    problem: str = ""  # why the line cannot be replayed at all

    @property
    def label(self) -> str:
        return f"{self.path}:{self.line} RUN#{self.index + 1}"

    @property
    def status(self) -> str:
        if self.tool not in OPT_TOOLS:
            return OTHER_TOOL
        if self.problem:
            return NOT_REPLAYED
        return PARTIAL if self.dropped else REPLAYED

    def to_json(self) -> dict:
        return {"file": self.path, "run": self.index + 1, "line": self.line, "tool": self.tool,
                "status": self.status, "pipeline": self.pipeline or None, "dropped": self.dropped,
                "reason": self.problem}


def run_commands(text: str) -> list[tuple[int, str]]:
    """``(first line, command)`` of every RUN line, continuations (``\\``) joined."""
    commands, current, start = [], "", 0
    for n, line in enumerate(text.splitlines(), 1):
        m = re.match(r"\s*//\s*RUN:\s?(.*)$", line)
        if not m:
            if current:
                commands.append((start, current))
                current = ""
            continue
        start = start if current else n
        body = m.group(1).rstrip()
        if body.endswith("\\"):
            current += body[:-1] + " "
        else:
            commands.append((start, current + body))
            current = ""
    if current:
        commands.append((start, current))
    return commands


def run_lines(path: str, text: str) -> list[RunLine]:
    """Every RUN line of ``text``; those whose first command is ``iree-opt``/``mlir-opt`` with
    their pipeline (checked against the installed compiler) and flags read."""
    out = []
    for line, command in run_commands(text):
        run = RunLine(path, len(out), line)
        out.append(run)
        try:
            words = shlex.split(command.split("|")[0])
        except ValueError as e:
            run.tool, run.problem = "?", f"unreadable RUN line: {e}"
            continue
        run.tool = os.path.basename(words[0]) if words else ""
        if run.tool == "not" and len(words) > 1:
            run.tool = f"not {os.path.basename(words[1])}"
        if run.tool not in OPT_TOOLS:
            run.problem = f"{run.tool or 'an empty command'} (validate-lit replays iree-opt and mlir-opt RUN lines)"
            if run.tool.startswith("not "):
                run.problem = f"{run.tool}: the RUN line expects the tool to fail"
            continue
        _read_flags(run, words[1:])
        if not run.problem:
            run.problem = pipeline_problem(run.pipeline)
    return out


def _read_flags(run: RunLine, words: list[str]) -> RunLine:
    passes, unknown = [], []
    i = 0
    while i < len(words):
        w = words[i]
        i += 1
        if w == "%s" or (w == "<" and i < len(words) and words[i] == "%s"):
            continue
        flag = "--" + w.lstrip("-") if w.startswith("-") else w
        name, eq, value = flag.partition("=")
        if name == "--pass-pipeline":
            if not eq and i < len(words):
                value, i = words[i], i + 1
            run.pipeline = value
        elif name == "--o":  # the output file: irrelevant in-process
            i += 0 if eq else 1
        elif name == "--split-input-file" and value in ("", "// -----"):
            run.split = True
        elif name == "--allow-unregistered-dialect":
            run.allow_unregistered = True
        elif name in NO_IR_EFFECT or name.startswith(NO_IR_EFFECT_PREFIXES):
            continue
        elif not w.startswith("-"):
            run.dropped.append(f"{w}: another input than the test file (%s)")
        elif name in DROPPED_REASONS:
            run.dropped.append(f"{w}: {DROPPED_REASONS[name]}")
        elif _is_pass(name[2:]):
            passes.append(name[2:] + ("{" + value + "}" if eq else ""))
        else:
            unknown.append(w)
    run.dropped += [f"{w}: {UNKNOWN_FLAG}" for w in unknown]
    if passes and run.pipeline:
        run.problem = "both --pass-pipeline and pass flags"
    elif passes:
        run.pipeline = _nest(passes)
    elif not run.pipeline:
        run.problem = "no pass to replay" + (f": {', '.join(unknown)}: {UNKNOWN_FLAG}" if unknown else "")
        run.dropped = [d for d in run.dropped if not d.endswith(UNKNOWN_FLAG)]
    return run


def pipeline_problem(pipeline: str) -> str:
    """Why the installed compiler cannot parse ``pipeline`` ("" when it can)."""
    from iree.compiler import ir, passmanager

    from irverify.frontends.mlir.parse import mlir_context

    try:
        passmanager.PassManager.parse(pipeline, mlir_context())
        return ""
    except (ValueError, ir.MLIRError) as e:
        m = re.search(r"error: ([^\n]*)", str(e))
        from irverify.validate import one_line

        return f"the installed compiler cannot parse the pipeline: {m.group(1).strip() if m else one_line(e)}"


_PROBE = """module {
  func.func @f() { return }
  util.func @g() { util.return }
}"""


def _runs_on_probe(pipeline: str) -> bool:
    from iree.compiler import ir, passmanager

    from irverify.frontends.mlir.parse import mlir_context

    ctx = mlir_context()
    try:
        module = ir.Module.parse(_PROBE, ctx)
        passmanager.PassManager.parse(pipeline, ctx).run(module.operation)
        return True
    except (ValueError, ir.MLIRError):
        return False


def _is_pass(name: str) -> bool:
    from iree.compiler import ir, passmanager

    from irverify.frontends.mlir.parse import mlir_context

    try:
        passmanager.PassManager.parse(f"builtin.module({name})", mlir_context())
        return True
    except (ValueError, ir.MLIRError):
        return False


def _nest(passes: list[str]) -> str:
    """Pass flags as one pipeline: each pass on the module if it can run there, else nested in
    ``func.func`` and ``util.func`` (what mlir-opt's implicit nesting does for op-specific passes)."""
    parts = []
    for p in passes:
        if _runs_on_probe(f"builtin.module({p})"):
            parts.append(p)
            continue
        nested = [f"{fn}({p})" for fn in ("func.func", "util.func") if _runs_on_probe(f"builtin.module({fn}({p}))")]
        parts.append(", ".join(nested) or p)  # runs nowhere: the pass failure is the case's error
    return f"builtin.module({', '.join(parts)})"


# ----------------------------------------------------------------------------- running cases


@dataclass
class Job:
    run: RunLine
    case: object  # irverify.validate.Case
    number: int = 0  # position in the plan

    @property
    def where(self) -> str:
        return f"{self.run.path}:{self.case.line} RUN#{self.run.index + 1}"


def plan(paths: list[str], shard: tuple[int, int] | None) -> tuple[list[RunLine], list[Job]]:
    from irverify.validate import split_cases

    runs, jobs = [], []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise InputError(f"{path}: cannot read: {e.strerror}") from None
        for run in run_lines(path, text):
            runs.append(run)
            if run.status in (REPLAYED, PARTIAL):
                jobs += [Job(run, case) for case in split_cases(text, run.split)]
    if shard is not None:
        index, count = shard
        jobs = jobs[index - 1::count]
    for n, job in enumerate(jobs):
        job.number = n
    return runs, jobs


def case_input(run: RunLine) -> dict:
    from irverify.records import input_of

    return input_of(run.path, None, run.pipeline, run.index + 1)


PHASES_TRACE = ".phases"  # beside a case's output: its phases so far (``irverify.phases``)


def _phases_at_limit(out_path: str, elapsed: float | None = None) -> dict:
    """The phases a killed case's child last wrote (``timings`` keys ``phases`` and
    ``open_phases``: where it was when stopped), the time after the last write (of the case's
    ``elapsed``) counted to the phase still open; the trace file removed; {} without one."""
    path = out_path + PHASES_TRACE
    try:
        with open(path, encoding="utf-8") as f:
            trace = json.load(f)
        os.unlink(path)
        spent, open_ = dict(trace["phases"]), trace["open"]
    except (OSError, ValueError, KeyError):
        return {}
    if elapsed is not None and open_:
        key = "/".join(open_)
        spent[key] = round(spent.get(key, 0.0) + max(0.0, elapsed - sum(spent.values())), 4)
    return {"phases": spent, "open_phases": open_}


# Share of a case's time limit its solver queries may use together: past it, queries return
# ``unknown`` at once (naming the query), so a case that cannot be decided ends with a verdict
# that says where, instead of being stopped at the limit with none.
SOLVER_SHARE = 0.7


def _child(job: Job, opts, out_path: str, memory_mb: int, save_dir: str | None,
           case_timeout: float | None = None) -> None:
    """Run one case and write its JSON record and its text report (in a forked child)."""
    import contextlib
    import resource

    from irverify.records import case_record
    from irverify.verify.verdict import Verdict

    out: dict = {}
    try:
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        from irverify.validate import InputsSaver, case_report_lines, validate_iree_case

        from irverify import phases

        from irverify.smt import solver

        phases.reset(trace_path=out_path + PHASES_TRACE)  # a case stopped at its limit leaves these
        shared = solver.budget(SOLVER_SHARE * case_timeout) if case_timeout else contextlib.nullcontext()
        with shared:
            res = validate_iree_case(job.run.pipeline, job.run.path, job.case, opts, job.run.allow_unregistered)
        phases.trace_to(None)
        out["record"] = res.record("validate-lit", case_input(job.run))
        out["record"]["timings"]["phases"] = phases.snapshot()
        out["report"] = case_report_lines(res)
        if save_dir:
            saved = InputsSaver(save_dir, job.run.path).save(res.report, job.case, job.run.index + 1)
            if saved:
                out["record"]["saved_inputs"] = saved
    except Exception as e:  # noqa: BLE001 - recorded with its class, never a traceback
        message = (f"memory limit: the case needed more than {memory_mb} MiB (--max-memory)" if ran_out_of_memory(e)
                   else f"irverify failed: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
        out["record"] = case_record("validate-lit", case_input(job.run), Verdict.ERROR, index=job.case.index,
                                    line=job.case.line, message=message)
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(out, f)


def run_jobs(jobs: list[Job], opts, workers: int, case_timeout: float, memory_mb: int,
             save_dir: str | None = None, tick=None):
    """Yield ``(job, record, report lines)`` for every job as it finishes, running ``workers``
    forked children at once; ``tick(running)`` is called while waiting, with the running
    ``(job, seconds so far)``."""
    tmp = tempfile.mkdtemp(prefix="irverify-lit-")
    running: dict[int, tuple[Job, float, str]] = {}  # pid -> (job, start, output path)
    next_job = 0
    try:
        while next_job < len(jobs) or running:
            while next_job < len(jobs) and len(running) < max(1, workers):
                job = jobs[next_job]
                out_path = os.path.join(tmp, f"{next_job}.json")
                pid = os.fork()
                if pid == 0:
                    try:
                        _child(job, opts, out_path, memory_mb, save_dir, case_timeout)
                    finally:
                        os._exit(0)
                running[pid] = (job, time.perf_counter(), out_path)
                next_job += 1
            for pid, (job, start, out_path) in list(running.items()):
                finished, status = os.waitpid(pid, os.WNOHANG)
                elapsed = time.perf_counter() - start
                if elapsed > case_timeout:  # past the limit, finished since the last look or not
                    if not finished:
                        os.kill(pid, signal.SIGKILL)
                        os.waitpid(pid, 0)
                    del running[pid]
                    record = _record(job, "unknown", f"time limit: no verdict within {case_timeout:g} s", elapsed)
                    record["timings"].update(_phases_at_limit(out_path, elapsed))
                    yield job, record, []
                elif finished:
                    del running[pid]
                    _phases_at_limit(out_path)  # (the trace is not needed)
                    yield (job, *_read_record(job, out_path, status, elapsed))
            if running:
                if tick is not None:
                    now = time.perf_counter()
                    tick([(job, now - start) for job, start, _ in running.values()])
                time.sleep(0.02)
    finally:
        for pid in running:  # interrupted: stop the children
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except OSError:
                pass
        try:
            os.rmdir(tmp)
        except OSError:
            pass


def _record(job: Job, verdict: str, message: str, elapsed: float) -> dict:
    from irverify.records import case_record
    from irverify.verify.verdict import Verdict

    return case_record("validate-lit", case_input(job.run), Verdict(verdict), message=message,
                       time_s=elapsed, index=job.case.index, line=job.case.line)


def _read_record(job: Job, out_path: str, status: int, elapsed: float) -> tuple[dict, list[str]]:
    try:
        with open(out_path, encoding="utf-8") as f:
            out = json.load(f)
        os.unlink(out_path)
        record = out["record"]
        record["timings"]["total_s"] = round(elapsed, 4)
        return record, out.get("report", [])
    except (OSError, ValueError, KeyError):
        how = f"signal {signal.Signals(os.WTERMSIG(status)).name}" if os.WIFSIGNALED(status) else "no result"
        return _record(job, "error", f"irverify failed: the case's process ended with {how}", elapsed), []


def parse_shard(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    m = re.fullmatch(r"(\d+)/(\d+)", text)
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        raise InputError(f"--shard must be I/N with 1 <= I <= N, not '{text}'")
    return int(m.group(1)), int(m.group(2))


def run_validate_lit(args, opts) -> int:
    from irverify.lit_report import Reporter

    if args.jobs < 1:
        raise InputError("-j must be at least 1")
    if args.case_timeout <= 0:
        raise InputError("--case-timeout must be positive")
    runs, jobs = plan(args.files, parse_shard(args.shard))
    reporter = Reporter(runs, len(jobs), as_json=args.json, verbose=args.verbose)
    try:
        for job, record, report in run_jobs(jobs, opts, args.jobs, args.case_timeout, args.memory_mb,
                                            args.save_inputs, tick=reporter.tick):
            reporter.case(job, record, report)
    finally:
        reporter.close()
    return reporter.finish()
