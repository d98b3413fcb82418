"""Batch checking: ``irverify check-suite DIR [-j N] [--json]``.

Every pair under ``DIR`` (searched recursively, in sorted order) is checked:

* ``X.src.mlir`` / ``X.tgt.mlir`` and ``X.before.mlir`` / ``X.after.mlir``: two files, functions
  paired by name;
* ``X.srctgt.mlir``: one file holding ``@src`` and ``@tgt``;
* the same three with ``.py`` for TVMScript Relax modules.

A file of one of these kinds without its partner is reported as an ``error`` pair.

Each pair gives one line as it is checked (with ``--json``, its case record of
``irverify.records``, ``input.name`` naming the pair, with ``peak_rss_mib`` and
``children_peak_rss_mib``: the resident memory, in MiB, of the worker and of the processes it
ran, such as the compiler), in the order of the pair names, then a summary (the largest peak,
the pair that reached it, the memory limit; on a terminal a progress bar runs on stderr). The
exit code is the one of the worst verdict.

Each pair is checked in a fresh worker process, at most ``-j N`` at a time, so the verdicts and
counterexamples are those of ``irverify check`` on that pair, whatever ``N`` (``run_pairs`` says
why). A worker's memory is bounded (``--max-memory``, default ``DEFAULT_MEMORY_MIB`` MiB; running
out is ``unknown``). The parent kills a worker whose pair exceeds the wall limit
(``wall_limit(opts)``: ten times the per-query timeout, at least ``MIN_WALL_S``) and reports that
pair as ``unknown``, so one pair cannot hang the suite.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass

from irverify.errors import InputError, Unsupported, ran_out_of_memory
from irverify.records import case_record, emit, function_record, input_of, summary_record
from irverify.verify.verdict import Report, Verdict, worst

EXTENSIONS = (".mlir", ".py")
# (source marker, target marker): X<src><ext> is paired with X<tgt><ext>.
TWO_FILE_STYLES = ((".src", ".tgt"), (".before", ".after"))
ONE_FILE_MARKER = ".srctgt"
MIN_WALL_S = 60.0
DEFAULT_MEMORY_MIB = 4096


@dataclass(frozen=True)
class PairSpec:
    """One pair to check. ``tgt`` is ``None`` for a one-file (``@src``/``@tgt``) pair; with
    ``same`` the source file is checked against itself (an identity check, parsed once);
    ``problem`` makes the pair an ``error`` without parsing anything."""

    name: str
    src: str
    tgt: str | None = None
    src_rel: str = ""
    tgt_rel: str | None = None
    same: bool = False
    problem: str = ""


def wall_limit(opts) -> float:
    """The wall-clock limit for one pair."""
    return max(10.0 * float(opts.timeout_s), MIN_WALL_S)


# ----------------------------------------------------------------------------- discovery


def _split(filename: str) -> tuple[str, str, str] | None:
    """``(stem, marker, ext)`` for a file named ``stem<marker><ext>`` of a known kind."""
    for ext in EXTENSIONS:
        if not filename.endswith(ext):
            continue
        base = filename[: -len(ext)]
        markers = [ONE_FILE_MARKER] + [m for style in TWO_FILE_STYLES for m in style]
        for marker in markers:
            if base.endswith(marker) and len(base) > len(marker):
                return base[: -len(marker)], marker, ext
    return None


def discover_pairs(root: str) -> list[PairSpec]:
    """All pairs under ``root``, sorted by name (then source path)."""
    if not os.path.isdir(root):
        raise InputError(f"{root}: not a directory")
    specs: list[PairSpec] = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__")
        names = set(filenames)
        for filename in sorted(filenames):
            parts = _split(filename)
            if parts is None:
                continue
            stem, marker, ext = parts
            path = os.path.join(dirpath, filename)
            rel = os.path.relpath(path, root)
            name = os.path.relpath(os.path.join(dirpath, stem), root)
            if marker == ONE_FILE_MARKER:
                specs.append(PairSpec(name, path, None, rel, None))
                continue
            for src_m, tgt_m in TWO_FILE_STYLES:
                if marker == src_m:
                    partner = stem + tgt_m + ext
                    if partner in names:
                        tgt = os.path.join(dirpath, partner)
                        specs.append(PairSpec(name, path, tgt, rel, os.path.relpath(tgt, root)))
                    else:
                        specs.append(PairSpec(name, path, None, rel, None,
                                              problem=f"{rel}: no matching {partner}"))
                elif marker == tgt_m and stem + src_m + ext not in names:
                    specs.append(PairSpec(name, path, None, rel, None,
                                          problem=f"{rel}: no matching {stem + src_m + ext}"))
    specs.sort(key=lambda s: (s.name, s.src))
    return specs


# ----------------------------------------------------------------------------- one pair


def check_pair(spec: PairSpec, opts, memory_mib: int | None = None) -> dict:
    """Check one pair; never raises (except ``KeyboardInterrupt``): every failure is a verdict.
    Running out of memory (``memory_mib``: the process's limit) is ``unknown``, like a timeout."""
    from irverify.frontends import read
    from irverify.split import is_split
    from irverify.verify.check import check_modules

    start = time.perf_counter()
    report, functions, model = None, None, ""
    try:
        if spec.problem:
            raise InputError(spec.problem)
        inputs = [read(p) for p in (spec.src, spec.tgt) if p]
        if not spec.same and any(is_split(text) for text, _, _ in inputs):
            verdict, message, functions, model = split_pair(inputs, opts)
        else:
            src = inputs[0][2].parse(*inputs[0][:2])
            tgt = src if spec.same else (inputs[1][2].parse(*inputs[1][:2]) if spec.tgt else None)
            report = check_modules(src, tgt, opts)
            verdict, message = report.verdict, pair_message(report)
    except InputError as e:
        verdict, message = Verdict.ERROR, str(e)
    except Unsupported as e:
        verdict, message = Verdict.UNSUPPORTED, str(e)
    except Exception as e:  # noqa: BLE001 - any crash is reported as a verdict, never a traceback
        if ran_out_of_memory(e):
            verdict = Verdict.UNKNOWN
            message = (f"memory limit of {memory_mib} MiB exceeded (--max-memory)" if memory_mib
                       else "out of memory")
        else:
            verdict, message = Verdict.ERROR, internal_error_message(e)
    return result_record(spec, verdict, message, time.perf_counter() - start, report, functions, model)


def split_pair(inputs: list[tuple], opts) -> tuple[Verdict, str, list[dict], str]:
    """A pair whose files are split by ``// -----``: checked case by case as ``irverify check``
    checks them (``irverify.split``); the worst case's verdict, the first such case's message,
    every case's function records (each with its ``case``) and the model."""
    from irverify.split import check_split

    results = check_split(inputs, opts)
    verdict = worst([r.verdict for r in results])
    first = next(r for r in results if r.verdict is verdict)
    why = pair_message(first.report) if first.report is not None else first.message
    message = f"case {first.case.index} (line {first.case.line}): {why}" if why else ""
    functions = [{**function_record(f), "case": {"index": r.case.index, "line": r.case.line}}
                 for r in results if r.report is not None for f in r.report.functions]
    model = next((r.report.model for r in results if r.report is not None and r.report.model), "")
    return verdict, message, functions, model


def result_record(spec: PairSpec, verdict: Verdict, message: str, elapsed: float,
                  report: Report | None = None, functions: list[dict] | None = None, model: str = "") -> dict:
    """The pair's case record (``irverify.records``): ``input.name`` is the pair's name,
    ``before``/``after`` its files relative to DIR; with the worker's peak memory. A split pair
    gives its cases' ``functions`` (and ``model``) instead of one report."""
    src = spec.src_rel or spec.src
    tgt = spec.tgt_rel if not spec.same else src
    return case_record("check-suite", input_of(src, tgt, name=spec.name), verdict, report, message, elapsed,
                       functions=functions, model=model, peak_rss_mib=None, children_peak_rss_mib=None)


def internal_error_message(e: BaseException) -> str:
    """``internal error: Type: message (at file:line)`` naming the innermost irverify frame."""
    where = ""
    tb = e.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if "irverify" in code.co_filename:
            where = f" (at {os.path.basename(code.co_filename)}:{tb.tb_lineno} in {code.co_name})"
        tb = tb.tb_next
    text = str(e).splitlines()[0] if str(e) else ""
    return f"internal error: {type(e).__name__}: {text}{where}"


def pair_message(report: Report) -> str:
    """One line saying why a pair is not ``correct`` (empty when it is, unless notes matter)."""
    if report.message:
        return report.message
    bad = [f for f in report.functions if f.verdict == report.verdict]
    if not bad:
        return ""
    f = bad[0]
    parts = [f"@{f.name}"]
    if f.message:
        parts.append(f.message)
    if f.counterexample is not None:
        cex = f.counterexample
        parts.append(f"{cex.check}" + (f" at {cex.output}" if cex.output else ""))
    if f.confirmation is not None and f.verdict == Verdict.INCORRECT:
        parts.append({True: "confirmed", False: "not confirmed", None: "not run"}[f.confirmation.confirmed])
    if report.verdict == Verdict.CORRECT:
        extra = [n for n in f.notes if n.startswith(("source_ub", "bounded", "real-only"))]
        if not extra:
            return ""
        parts += [n.split(":")[0] for n in extra]
    return ": ".join(parts[:1] + ["; ".join(parts[1:])]) if len(parts) > 1 else ""


# ----------------------------------------------------------------------------- many pairs


def _worker_context():
    """The multiprocessing context of the workers: a fork server that has imported irverify
    (and z3, numpy, the MLIR bindings) once, so that a fresh worker per pair costs a fork; or
    ``spawn`` where there is no fork server."""
    import multiprocessing

    try:
        mp = multiprocessing.get_context("forkserver")
    except ValueError:  # pragma: no cover - platforms without fork
        return multiprocessing.get_context("spawn")
    mp.set_forkserver_preload(list(PRELOAD))
    return mp


PRELOAD = ("numpy", "z3", "irverify.cex.report", "irverify.records", "irverify.frontends", "irverify.smt.solver",
           "irverify.verify.check", "irverify.frontends.mlir", "irverify.suite", "iree.compiler.ir")
"""Modules the fork server imports before forking workers. None of them builds a z3 term on
import beyond those ``irverify check`` builds before its first query, so a worker starts from
the same solver state as ``irverify check``."""


def _pair_main(conn, spec: PairSpec, opts_dict: dict, memory_mib: int | None) -> None:
    """Worker process: bound memory, check one pair, send back its record."""
    from irverify.verify.check import Options

    try:
        limit_memory(memory_mib)
        record = check_pair(spec, Options(**opts_dict), memory_mib)
        record.update(peak_rss())
        conn.send(record)
    except (EOFError, KeyboardInterrupt, BrokenPipeError):
        return
    finally:
        conn.close()


def limit_memory(memory_mib: int | None) -> None:
    """Bound the memory this process allocates to ``memory_mib`` MiB: ``RLIMIT_DATA`` (its heap
    and private writable mappings, not the shared libraries it maps; processes it starts, such
    as the compiler, inherit the bound), and z3's own allocations to three quarters of it, so
    that z3 gives up with ``unknown`` before an allocation fails."""
    if not memory_mib:
        return
    import resource

    from irverify.smt import solver

    solver.limit_memory(memory_mib * 3 // 4)
    limit = memory_mib << 20
    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (limit, hard))


def peak_rss() -> dict:
    """Peak resident memory of this process and of the processes it waited for, in MiB."""
    import resource

    scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KiB elsewhere
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * scale
    return {"peak_rss_mib": round(own / (1 << 20), 1),
            "children_peak_rss_mib": round(children / (1 << 20), 1) if children else None}


class _Job:
    """One pair running in its own worker process."""

    def __init__(self, mp, index: int, spec: PairSpec, opts_dict: dict, memory_mib: int | None):
        self.index, self.spec = index, spec
        self.conn, child = mp.Pipe(duplex=False)
        self.proc = mp.Process(target=_pair_main, args=(child, spec, opts_dict, memory_mib), daemon=False)
        self.started = time.monotonic()
        self.proc.start()
        child.close()

    def stop(self) -> None:
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join()
        self.conn.close()


def _died(job: _Job, memory_mib: int | None) -> str:
    code = job.proc.exitcode
    how = f"exit code {code}"
    if code is not None and code < 0:
        try:
            how = f"signal {signal.Signals(-code).name}"
        except ValueError:
            how = f"signal {-code}"
    bound = f"; its memory limit was {memory_mib} MiB (--max-memory)" if memory_mib else ""
    return f"the worker process checking this pair died ({how}){bound}"


def _in_workers(specs: Sequence[PairSpec], opts, jobs: int, limit: float,
                memory_mib: int | None) -> Iterator[dict]:
    from multiprocessing.connection import wait

    mp = _worker_context()
    opts_dict = asdict(opts)
    pending = list(enumerate(specs))[::-1]  # popped from the end, in order
    running: dict = {}  # conn -> _Job
    done: dict[int, dict] = {}
    next_out = 0
    try:
        while next_out < len(specs):
            while pending and len(running) < jobs:
                index, spec = pending.pop()
                job = _Job(mp, index, spec, opts_dict, memory_mib)
                running[job.conn] = job
            for conn in wait(list(running), timeout=0.5):
                job = running.pop(conn)
                try:
                    done[job.index] = conn.recv()
                except (EOFError, OSError):  # died before sending its record
                    job.proc.join()
                    done[job.index] = result_record(job.spec, Verdict.ERROR, _died(job, memory_mib),
                                                    time.monotonic() - job.started)
                job.stop()
            now = time.monotonic()
            for conn, job in list(running.items()):
                if now - job.started > limit:
                    job.stop()
                    del running[conn]
                    done[job.index] = result_record(job.spec, Verdict.UNKNOWN,
                                                    f"wall limit of {limit:g} s exceeded", now - job.started)
            while next_out in done:
                yield done.pop(next_out)
                next_out += 1
    finally:
        for job in running.values():
            job.stop()


def run_pairs(specs: Sequence[PairSpec], opts, jobs: int = 1, wall_s: float | None = None,
              memory_mib: int | None = None) -> Iterator[dict]:
    """Check ``specs``; yields one record per pair, in the order of ``specs``.

    Every pair runs in a fresh worker process (at most ``jobs`` at a time), so its verdict and
    counterexample do not depend on the pairs checked before it, nor on which worker took it:
    z3's models depend on the terms the process built earlier, and a fresh worker has built
    none, like ``irverify check``. Solver budgets are CPU time (``irverify.smt.solver``), so a
    worker sharing the machine with others gets the same budgets. The memory a worker allocates is
    bounded by ``memory_mib`` MiB (default ``DEFAULT_MEMORY_MIB``; 0: unbounded); its record
    gives its peak resident memory. A worker still running after ``wall_s`` (default
    ``wall_limit(opts)``) is killed and its pair is ``unknown``."""
    if not specs:
        return iter(())
    limit = wall_limit(opts) if wall_s is None else wall_s
    memory = DEFAULT_MEMORY_MIB if memory_mib is None else memory_mib
    return _in_workers(specs, opts, max(1, jobs), limit, memory or None)


# ----------------------------------------------------------------------------- output


def human_line(record: dict) -> str:
    msg = f"  {record['message']}" if record["message"] else ""
    return f"{record['verdict']:<11} {record['timings']['total_s']:7.2f}s  {record['input']['name']}{msg}"


def summarize(records: Sequence[dict], elapsed: float, jobs: int, memory_mib: int | None = None) -> dict:
    """The summary record: the worst verdict, counts, throughput and the largest peak memory."""
    measured = [r for r in records if r.get("peak_rss_mib") is not None]
    top = max(measured, key=lambda r: r["peak_rss_mib"], default=None)
    overall = worst([Verdict(r["verdict"]) for r in records]) if records else Verdict.ERROR
    return summary_record(
        "check-suite", list(records), overall.exit_code, elapsed,
        pairs_per_s=round(len(records) / elapsed, 2) if elapsed > 0 else None, jobs=jobs,
        peak_rss_mib=top["peak_rss_mib"] if top else None,
        peak_rss_pair=top["input"]["name"] if top else None, max_memory_mib=memory_mib or None)


def summary_line(summary: dict) -> str:
    counts = ", ".join(f"{n} {v}" for v, n in summary["verdicts"].items() if n)
    if summary.get("signature_changed"):
        counts += f" ({summary['signature_changed']} of them: a public signature changed)"
    line = (f"{summary['cases']} pairs in {summary['timings']['total_s']:.1f} s "
            f"({summary['pairs_per_s']} pairs/s, -j {summary['jobs']}): {counts}; "
            f"worst: {summary['verdict']}")
    if summary.get("peak_rss_mib") is not None:
        bound = summary.get("max_memory_mib")
        line += (f"; peak RSS {summary['peak_rss_mib']:g} MiB ({summary['peak_rss_pair']}), "
                 + (f"limit {bound} MiB per worker" if bound else "no memory limit"))
    return line


def run_suite(dir: str, opts, jobs: int = 1, as_json: bool = False,
              memory_mib: int = DEFAULT_MEMORY_MIB) -> int:
    """``irverify check-suite``: check every pair under ``dir``; returns the worst exit code."""
    from irverify.progress import Progress

    specs = discover_pairs(dir)
    if not specs:
        raise InputError(f"{dir}: no pairs found (expected X.src/X.tgt, X.before/X.after or "
                         f"X.srctgt files ending in .mlir or .py)")
    start = time.perf_counter()
    records = []
    progress = Progress(len(specs), unit="pair")
    try:
        for record in run_pairs(specs, opts, jobs, memory_mib=memory_mib):
            records.append(record)
            if as_json:
                progress.call(emit, record)
            else:
                progress.line(human_line(record))
            progress.advance()
    finally:
        progress.close()
    summary = summarize(records, time.perf_counter() - start, max(jobs, 1), memory_mib)
    if as_json:
        emit(summary)
    else:
        print(summary_line(summary))
    sys.stdout.flush()
    return summary["exit_code"]
