"""``irverify validate-lit FILE...``: replay the RUN lines of IREE lit tests in-process and
check every case before against after (``validate-pass`` on each ``iree-opt`` RUN line).

A RUN line is read as a shell pipeline; its first command must be ``iree-opt`` (or
``mlir-opt``). Its flags become:

* ``--pass-pipeline=PIPELINE``: the pipeline, as written;
* a flag naming a registered pass (``--canonicalize``, ``-cse``,
  ``--iree-global-opt-expand-tensor-shapes``, ``--PASS=OPTIONS``): that pass, in order; the
  passes of flags run on the module, or nested into ``func.func``/``util.func`` when the pass
  cannot run on a module (mlir-opt's implicit nesting);
* ``--split-input-file``: one case per ``// -----`` chunk;
* printing flags (``--mlir-print-local-scope``, ...): no effect on the IR, ignored;
* anything else (global compiler options, ``--allow-unregistered-dialect``,
  ``--verify-diagnostics``): reported per RUN line as "not replayed", never dropped silently.

Each case runs in a forked child with a wall-clock limit (``--case-timeout``, default 120 s;
past it the case is ``unknown``) and an address-space limit (``--memory-mb``, default 8192; a
case that exceeds it is an ``error`` of class "memory limit"). ``-j N`` runs N children at once;
``--shard I/N`` (lit's convention: the I-th of N interleaved shards, 1-based) checks a part of
the cases, so a CI matrix can spread a corpus over machines.

Output: one line per RUN line (its counts), the totals, the histogram of unsupported constructs
and of error classes; ``--json`` prints JSON Lines: one object per case, then one summary object.
The exit code is 1 when a case is ``incorrect``, else 0 (a corpus run is a measurement; inputs
the installed compiler cannot parse are counted, not fatal).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field

from irverify.errors import InputError

PRINT_FLAGS = ("--mlir-print-local-scope", "--mlir-print-debuginfo", "--mlir-print-ir-after-all",
               "--mlir-disable-threading", "--mlir-print-op-generic", "--mlir-elide-elementsattrs-if-larger")
OPT_TOOLS = ("iree-opt", "mlir-opt")


@dataclass
class RunLine:
    """One replayable RUN line of a lit file."""

    path: str
    index: int  # 0-based among the file's RUN lines
    pipeline: str = ""
    split: bool = False
    not_replayed: list[str] = field(default_factory=list)
    problem: str = ""  # why the line cannot be replayed at all

    @property
    def label(self) -> str:
        return f"{self.path} RUN#{self.index + 1}"


def run_lines(path: str, text: str) -> list[RunLine]:
    """The RUN lines of ``text`` whose first command is ``iree-opt``/``mlir-opt``."""
    commands, current = [], ""
    for line in text.splitlines():
        m = re.match(r"\s*//\s*RUN:\s?(.*)$", line)
        if not m:
            if current:
                commands.append(current)
                current = ""
            continue
        body = m.group(1).rstrip()
        if body.endswith("\\"):
            current += body[:-1] + " "
        else:
            commands.append(current + body)
            current = ""
    if current:
        commands.append(current)
    out = []
    for command in commands:
        first = command.split("|")[0]
        try:
            words = shlex.split(first)
        except ValueError as e:
            out.append(RunLine(path, len(out), problem=f"unreadable RUN line: {e}"))
            continue
        if not words or os.path.basename(words[0]) not in OPT_TOOLS:
            continue
        out.append(_read_flags(RunLine(path, len(out)), words[1:]))
    return out


def _read_flags(run: RunLine, words: list[str]) -> RunLine:
    passes = []
    i = 0
    while i < len(words):
        w = words[i]
        i += 1
        if w == "%s":
            continue
        flag = "--" + w.lstrip("-") if w.startswith("-") else w
        name, eq, value = flag.partition("=")
        if name == "--pass-pipeline":
            if not eq and i < len(words):
                value, i = words[i], i + 1
            run.pipeline = value
        elif name == "--o":  # the output file: irrelevant in-process
            i += 0 if eq else 1
        elif name == "--split-input-file":
            run.split = True
        elif name in PRINT_FLAGS:
            continue
        elif not w.startswith("-"):
            run.not_replayed.append(w)
        elif _is_pass(name[2:]):
            passes.append(name[2:] + ("{" + value + "}" if eq else ""))
        else:
            run.not_replayed.append(w)
    if passes and run.pipeline:
        run.problem = "both --pass-pipeline and pass flags"
    elif passes:
        run.pipeline = _nest(passes)
    elif not run.pipeline:
        run.problem = "no pass to replay"
    return run


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
            if run.problem:
                continue
            jobs += [Job(run, case) for case in split_cases(text, run.split)]
    if shard is not None:
        index, count = shard
        jobs = jobs[index - 1::count]
    return runs, jobs


def _child(job: Job, opts, out_path: str, memory_mb: int) -> None:
    """Run one case and write its JSON record (in a forked child)."""
    import resource

    record = {"file": job.run.path, "run": job.run.index + 1, "pipeline": job.run.pipeline}
    try:
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        from irverify.validate import validate_iree_case

        res = validate_iree_case(job.run.pipeline, job.run.path, job.case, opts)
        record.update(res.to_json())
    except MemoryError:
        record.update(case=job.case.index, line=job.case.line, verdict="error",
                      message=f"memory limit: the case needed more than {memory_mb} MB")
    except Exception as e:  # noqa: BLE001 - recorded with its class, never a traceback
        record.update(case=job.case.index, line=job.case.line, verdict="error",
                      message=f"irverify failed: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(record, f)


def run_jobs(jobs: list[Job], opts, workers: int, case_timeout: float, memory_mb: int):
    """Yield one record per job, in job order, running ``workers`` forked children at once."""
    tmp = tempfile.mkdtemp(prefix="irverify-lit-")
    running: dict[int, tuple[int, float, str]] = {}  # pid -> (job index, start, output path)
    done: dict[int, dict] = {}
    next_job, next_out = 0, 0
    while next_out < len(jobs):
        while next_job < len(jobs) and len(running) < max(1, workers):
            out_path = os.path.join(tmp, f"{next_job}.json")
            pid = os.fork()
            if pid == 0:
                try:
                    _child(jobs[next_job], opts, out_path, memory_mb)
                finally:
                    os._exit(0)
            running[pid] = (next_job, time.perf_counter(), out_path)
            next_job += 1
        for pid, (k, start, out_path) in list(running.items()):
            finished, status = os.waitpid(pid, os.WNOHANG)
            elapsed = time.perf_counter() - start
            if not finished and elapsed > case_timeout:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                done[k] = _record(jobs[k], "unknown", f"time limit: no verdict within {case_timeout:g} s", elapsed)
            elif finished:
                done[k] = _read_record(jobs[k], out_path, status, elapsed)
            else:
                continue
            del running[pid]
        while next_out in done:
            yield done.pop(next_out)
            next_out += 1
        if running:
            time.sleep(0.02)


def _record(job: Job, verdict: str, message: str, elapsed: float) -> dict:
    return {"file": job.run.path, "run": job.run.index + 1, "pipeline": job.run.pipeline,
            "case": job.case.index, "line": job.case.line, "verdict": verdict, "message": message,
            "time_s": round(elapsed, 3)}


def _read_record(job: Job, out_path: str, status: int, elapsed: float) -> dict:
    try:
        with open(out_path, encoding="utf-8") as f:
            record = json.load(f)
        os.unlink(out_path)
        record["time_s"] = round(elapsed, 3)
        return record
    except (OSError, ValueError):
        how = f"signal {signal.Signals(os.WTERMSIG(status)).name}" if os.WIFSIGNALED(status) else "no result"
        return _record(job, "error", f"irverify failed: the case's process ended with {how}", elapsed)


# ----------------------------------------------------------------------------- reporting


def construct(message: str) -> str:
    """The unsupported construct a message names, without locations and values
    (``op 'linalg.pack'``, ``attribute 'lowering_config' of 'linalg.generic'``)."""
    text = message.split("unsupported: ", 1)[-1]
    text = re.split(r"\s\(|;|: ", text, maxsplit=1)[0]
    text = re.sub(r"@[\w$.-]+", "@F", text)
    text = re.sub(r"affine_map<.*", "affine_map<...>", text)
    text = _elide_shaped_types(text)
    text = re.sub(r"\b\d+\b", "N", text)
    return text[:90]


def _elide_shaped_types(text: str) -> str:
    """``memref<?x4xf32, strided<[4, 1]>>`` -> ``memref<...>`` (likewise tensor, vector)."""
    out, i = [], 0
    for m in re.finditer(r"\b(memref|tensor|vector)<", text):
        if m.start() < i:
            continue
        depth, j = 0, m.end() - 1
        while j < len(text):
            depth += {"<": 1, ">": -1}.get(text[j], 0)
            if depth == 0:
                break
            j += 1
        out.append(text[i:m.start()] + m.group(1) + "<...>")
        i = j + 1
    return "".join(out) + text[i:]


def error_class(message: str) -> str:
    """An error's class: the compiler rejected the input, the pass failed, a time or memory
    limit, a module with only private functions, or irverify itself failed (with the exception
    type)."""
    if message.startswith("memory limit"):
        return "memory limit"
    if message.startswith("irverify failed"):
        return message.split(":")[0] + ": " + message.split(":")[1].strip()
    if "pass failed" in message:
        return "the pass failed on the input"
    if "pass produced invalid IR" in message:
        return "the pass produced invalid IR"
    if "signature" in message:
        return "signatures differ"
    if "no public function to check" in message:
        return "no public function to check"
    return "the installed compiler cannot parse the input"


def summarize(runs: list[RunLine], records: list[dict]) -> dict:
    counts = Counter(r["verdict"] for r in records)
    confirmed = sum(1 for r in records if r["verdict"] == "incorrect"
                    and any(f.get("confirmed") for f in r.get("functions", [])))
    unsupported = Counter(construct(r["message"]) for r in records if r["verdict"] == "unsupported")
    errors = Counter(error_class(r["message"]) for r in records if r["verdict"] == "error")
    times = sorted(r.get("time_s", 0.0) for r in records)

    def pct(q):
        return times[min(len(times) - 1, int(q * len(times)))] if times else 0.0

    return {
        "files": len({r.path for r in runs}), "run_lines": len(runs), "cases": len(records),
        "verdicts": {v: counts.get(v, 0) for v in ("correct", "incorrect", "unknown", "unsupported", "error")},
        "incorrect_confirmed": confirmed,
        # correct without encoding: the pass left the module unchanged
        "correct_unchanged": sum(1 for r in records if r["verdict"] == "correct" and r.get("changed") is False),
        "not_replayed": sorted({f"{r.label}: {', '.join(r.not_replayed)}" for r in runs if r.not_replayed}),
        "skipped_run_lines": sorted(f"{r.label}: {r.problem}" for r in runs if r.problem),
        "unsupported": dict(unsupported.most_common()), "errors": dict(errors.most_common()),
        "time_s": {"median": pct(0.5), "p90": pct(0.9), "max": times[-1] if times else 0.0},
    }


def print_human(runs: list[RunLine], records: list[dict], summary: dict) -> None:
    by_run: dict[tuple[str, int], Counter] = {}
    for r in records:
        by_run.setdefault((r["file"], r["run"]), Counter())[r["verdict"]] += 1
    for run in runs:
        c = by_run.get((run.path, run.index + 1))
        if run.problem:
            print(f"{run.label}: not replayed: {run.problem}")
        elif c:
            print(f"{run.label}: " + ", ".join(f"{n} {v}" for v, n in sorted(c.items())))
    for r in records:
        if r["verdict"] == "incorrect":
            how = "confirmed by execution" if any(f.get("confirmed") for f in r.get("functions", [])) \
                else "not confirmed"
            names = ", ".join(f"@{f['name']}" for f in r.get("functions", []) if f.get("verdict") == "incorrect")
            print(f"incorrect: {r['file']}:{r['line']} (RUN#{r['run']}) {names}: {how}")
    v = summary["verdicts"]
    n = max(1, summary["cases"])
    print()
    print(f"total: {summary['files']} files, {summary['run_lines']} RUN lines, {summary['cases']} cases: "
          + ", ".join(f"{v[k]} {k} ({100 * v[k] / n:.1f}%)" for k in v)
          + f"; {summary['incorrect_confirmed']} incorrect confirmed by execution")
    print(f"definitive (correct + incorrect): {100 * (v['correct'] + v['incorrect']) / n:.1f}%"
          f"; {summary['correct_unchanged']} of the correct cases are modules the pass left unchanged")
    t = summary["time_s"]
    print(f"time per case: median {t['median']:.2f} s, p90 {t['p90']:.2f} s, max {t['max']:.2f} s")
    for title, key in (("unsupported constructs", "unsupported"), ("error classes", "errors")):
        if summary[key]:
            print(f"{title}:")
            for what, count in summary[key].items():
                print(f"  {count:5d}  {what}")
    for title, key in (("flags not replayed", "not_replayed"), ("RUN lines not replayed", "skipped_run_lines")):
        if summary[key]:
            print(f"{title}:")
            for line in summary[key]:
                print(f"  {line}")


def parse_shard(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    m = re.fullmatch(r"(\d+)/(\d+)", text)
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        raise InputError(f"--shard must be I/N with 1 <= I <= N, not '{text}'")
    return int(m.group(1)), int(m.group(2))


def run_validate_lit(args, opts) -> int:
    if args.jobs < 1:
        raise InputError("-j must be at least 1")
    if args.case_timeout <= 0:
        raise InputError("--case-timeout must be positive")
    runs, jobs = plan(args.files, parse_shard(args.shard))
    records = []
    for record in run_jobs(jobs, opts, args.jobs, args.case_timeout, args.memory_mb):
        records.append(record)
        if args.json:
            print(json.dumps(record), flush=True)
    summary = summarize(runs, records)
    if args.json:
        print(json.dumps({"summary": summary}))
    else:
        print_human(runs, records, summary)
    return 1 if summary["verdicts"]["incorrect"] else 0
