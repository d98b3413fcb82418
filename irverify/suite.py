"""Batch checking: ``irverify check-suite DIR [-j N] [--json]``.

Every pair under ``DIR`` (searched recursively, in sorted order) is checked:

* ``X.src.mlir`` / ``X.tgt.mlir`` and ``X.before.mlir`` / ``X.after.mlir``: two files, functions
  paired by name;
* ``X.srctgt.mlir``: one file holding ``@src`` and ``@tgt``;
* the same three with ``.py`` for TVMScript Relax modules.

A file of one of these kinds without its partner is reported as an ``error`` pair.

Each pair gives one line (with ``--json``, one JSON object
``{"pair", "src", "tgt", "verdict", "time_s", "message", "functions"}`` where ``functions`` is the
``functions`` list of ``irverify check --json``), in the order of the pair names, then a summary.
The exit code is the one of the worst verdict.

With ``-j N`` (N >= 2) pairs run in N worker processes (``spawn`` context); each worker parses
the two files of a pair once. The parent kills a worker whose pair exceeds the wall limit
(``wall_limit(opts)``: ten times the per-query timeout, at least ``MIN_WALL_S``), reports that
pair as ``unknown`` and starts a fresh worker, so one pair cannot hang the suite. With ``-j 1``
pairs run in this process, guarded by a ``SIGALRM`` timer where one is available.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass

from irverify.errors import InputError, Unsupported
from irverify.verify.verdict import Report, Verdict, worst

EXTENSIONS = (".mlir", ".py")
# (source marker, target marker): X<src><ext> is paired with X<tgt><ext>.
TWO_FILE_STYLES = ((".src", ".tgt"), (".before", ".after"))
ONE_FILE_MARKER = ".srctgt"
MIN_WALL_S = 60.0


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


def check_pair(spec: PairSpec, opts) -> dict:
    """Check one pair; never raises (except ``KeyboardInterrupt``): every failure is a verdict."""
    from irverify.frontends import load
    from irverify.verify.check import check_modules

    start = time.perf_counter()
    functions: list[dict] = []
    try:
        if spec.problem:
            raise InputError(spec.problem)
        src = load(spec.src)
        tgt = src if spec.same else (load(spec.tgt) if spec.tgt else None)
        report = check_modules(src, tgt, opts)
        verdict, message = report.verdict, pair_message(report)
        functions = [f.to_json() for f in report.functions]
    except InputError as e:
        verdict, message = Verdict.ERROR, str(e)
    except Unsupported as e:
        verdict, message = Verdict.UNSUPPORTED, str(e)
    except _WallLimit as e:
        verdict, message = Verdict.UNKNOWN, str(e)
    except Exception as e:  # noqa: BLE001 - any crash is reported as a verdict, never a traceback
        verdict, message = Verdict.ERROR, internal_error_message(e)
    return result_record(spec, verdict, message, time.perf_counter() - start, functions)


def result_record(spec: PairSpec, verdict: Verdict, message: str, elapsed: float,
                  functions: list[dict] | None = None) -> dict:
    return {
        "pair": spec.name,
        "src": spec.src_rel or spec.src,
        "tgt": spec.tgt_rel if not spec.same else (spec.src_rel or spec.src),
        "verdict": verdict.value,
        "time_s": round(elapsed, 3),
        "message": message,
        "functions": functions or [],
    }


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


class _WallLimit(Exception):
    pass


def _options_dict(opts) -> dict:
    return asdict(opts)


def _in_process(specs: Sequence[PairSpec], opts, limit: float) -> Iterator[dict]:
    use_alarm = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    for spec in specs:
        if not use_alarm:
            yield check_pair(spec, opts)
            continue

        def on_alarm(signum, frame):
            raise _WallLimit(f"wall limit of {limit:g} s exceeded")

        previous = signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            record = check_pair(spec, opts)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        yield record


def _worker_main(conn, opts_dict: dict) -> None:
    """Worker process loop: receive ``(index, spec)``, send back ``(index, record)``."""
    from irverify.verify.check import Options

    opts = Options(**opts_dict)
    try:
        while True:
            msg = conn.recv()
            if msg is None:
                return
            index, spec = msg
            conn.send((index, check_pair(spec, opts)))
    except (EOFError, KeyboardInterrupt, BrokenPipeError):
        return


class _Worker:
    def __init__(self, mp, opts_dict: dict):
        self.conn, child = mp.Pipe()
        self.proc = mp.Process(target=_worker_main, args=(child, opts_dict), daemon=False)
        self.proc.start()
        child.close()
        self.task: tuple[int, PairSpec] | None = None
        self.started = 0.0

    def assign(self, index: int, spec: PairSpec) -> None:
        self.task = (index, spec)
        self.started = time.monotonic()
        self.conn.send((index, spec))

    def stop(self, kill: bool = False) -> None:
        if not kill:
            try:
                self.conn.send(None)
            except (OSError, BrokenPipeError):
                kill = True
        if kill and self.proc.is_alive():
            self.proc.kill()
        self.proc.join(timeout=5 if not kill else None)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
        self.conn.close()


def _in_workers(specs: Sequence[PairSpec], opts, jobs: int, limit: float) -> Iterator[dict]:
    import multiprocessing
    from multiprocessing.connection import wait

    mp = multiprocessing.get_context("spawn")
    opts_dict = _options_dict(opts)
    pending = list(enumerate(specs))[::-1]  # popped from the end, in order
    done: dict[int, dict] = {}
    workers = [_Worker(mp, opts_dict) for _ in range(min(jobs, len(specs)))]
    next_out = 0
    try:
        while next_out < len(specs):
            for w in workers:
                if w.task is None and pending:
                    w.assign(*pending.pop())
            busy = {w.conn: w for w in workers if w.task is not None}
            for conn in wait(list(busy), timeout=0.5):
                w = busy[conn]
                try:
                    index, record = conn.recv()
                except (EOFError, OSError):
                    continue  # died: handled below
                done[index] = record
                w.task = None
            now = time.monotonic()
            for k, w in enumerate(workers):
                if w.task is None:
                    continue
                index, spec = w.task
                over = now - w.started > limit
                if over or not w.proc.is_alive():
                    message = (f"wall limit of {limit:g} s exceeded" if over else
                               f"internal error: worker process died (exit code {w.proc.exitcode})")
                    verdict = Verdict.UNKNOWN if over else Verdict.ERROR
                    done[index] = result_record(spec, verdict, message, now - w.started)
                    w.task = None
                    w.stop(kill=True)
                    workers[k] = _Worker(mp, opts_dict)
            while next_out in done:
                yield done.pop(next_out)
                next_out += 1
    finally:
        for w in workers:
            w.stop(kill=w.task is not None)


def run_pairs(specs: Sequence[PairSpec], opts, jobs: int = 1, wall_s: float | None = None) -> Iterator[dict]:
    """Check ``specs``; yields one record per pair, in the order of ``specs``. ``wall_s``
    overrides ``wall_limit(opts)``. With one job the pairs run in this process and the wall
    limit is a ``SIGALRM`` timer, which fires only between solver calls (each solver call is
    bounded by ``opts.timeout_s``); with several jobs an overdue worker is killed."""
    if not specs:
        return iter(())
    limit = wall_limit(opts) if wall_s is None else wall_s
    if jobs <= 1 or len(specs) == 1:
        return _in_process(specs, opts, limit)
    return _in_workers(specs, opts, jobs, limit)


# ----------------------------------------------------------------------------- output


def human_line(record: dict) -> str:
    msg = f"  {record['message']}" if record["message"] else ""
    return f"{record['verdict']:<11} {record['time_s']:7.2f}s  {record['pair']}{msg}"


def summarize(records: Sequence[dict], elapsed: float, jobs: int) -> dict:
    counts = {v.value: 0 for v in Verdict}
    for r in records:
        counts[r["verdict"]] += 1
    overall = worst([Verdict(r["verdict"]) for r in records]) if records else Verdict.ERROR
    return {
        "pairs": len(records),
        "verdicts": counts,
        "verdict": overall.value,
        "time_s": round(elapsed, 3),
        "pairs_per_s": round(len(records) / elapsed, 2) if elapsed > 0 else None,
        "jobs": jobs,
    }


def summary_line(summary: dict) -> str:
    counts = ", ".join(f"{n} {v}" for v, n in summary["verdicts"].items() if n)
    return (f"{summary['pairs']} pairs in {summary['time_s']:.1f} s "
            f"({summary['pairs_per_s']} pairs/s, -j {summary['jobs']}): {counts}; "
            f"worst: {summary['verdict']}")


def run_suite(dir: str, opts, jobs: int = 1, as_json: bool = False) -> int:
    """``irverify check-suite``: check every pair under ``dir``; returns the worst exit code."""
    specs = discover_pairs(dir)
    if not specs:
        raise InputError(f"{dir}: no pairs found (expected X.src/X.tgt, X.before/X.after or "
                         f"X.srctgt files ending in .mlir or .py)")
    start = time.perf_counter()
    records = []
    for record in run_pairs(specs, opts, jobs):
        records.append(record)
        print(json.dumps(record) if as_json else human_line(record), flush=True)
    summary = summarize(records, time.perf_counter() - start, max(jobs, 1))
    print(json.dumps({"summary": summary}) if as_json else summary_line(summary))
    sys.stdout.flush()
    return Verdict(summary["verdict"]).exit_code
