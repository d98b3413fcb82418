"""Run ``irverify validate-pass --tvm-pass PASS`` over TVM's Relax transform tests.

For every row of ``testdata/peer-suites/tvm-relax/manifest.tsv`` this runs the CLI
``irverify validate-pass --tvm-pass PASS inputs/NAME.py --json [EXTRA...]`` in a child process
per module (forked from a parent that imported irverify and TVM once; ``--fresh-process`` runs
``python -m irverify ...`` instead) and records the verdict, the first message (the unsupported
construct or the unknown reason) and the wall time. Prints one TSV line per module, then the verdict
histogram and the histogram of messages per verdict.

    python benchmarks/tvm_relax.py [--suite DIR] [--shard I/N] [--only SUBSTRING] [-- EXTRA CLI ARGS]

``--suite testdata/peer-suites/tvm-relax-untuned`` runs the second corpus (same layout);
``--module-timeout S`` kills a module's process (and its children) after S seconds of wall
time (verdict ``timeout``, neither correct nor incorrect).
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUITE = os.path.join(ROOT, "testdata", "peer-suites", "tvm-relax")


def manifest(suite: str = SUITE) -> list[dict]:
    with open(os.path.join(suite, "manifest.tsv"), encoding="utf-8") as f:
        header, *rows = [ln.rstrip("\n").split("\t") for ln in f if ln.strip()]
    return [dict(zip(header, r)) for r in rows]


def reason(obj: dict) -> str:
    """The message that explains a verdict: the case message, else the first function note."""
    msg = obj.get("message") or ""
    for fn in obj.get("functions", []):
        if fn.get("verdict") == obj.get("verdict"):
            notes = fn.get("notes") or []
            msg = msg or fn.get("message", "") or (notes[0] if notes else "")
    return " ".join(str(msg).split())


def bucket(msg: str) -> str:
    """A message without its location and numbers, to group alike messages."""
    msg = re.sub(r"\S+\.py:\d+:\d+:\s*", "", msg)
    msg = re.sub(r"\s*\(at [^)]*\)", "", msg)
    return msg[:90]


def _command(row: dict, extra: list[str], suite: str) -> list[str]:
    path = os.path.join(suite, "inputs", row["name"] + ".py")
    return ["validate-pass", "--tvm-pass", row["pass"], path, "--json", *extra]


def _verdict(stdout: str, stderr: str, code, elapsed: float) -> tuple[str, str, float]:
    lines = [ln for ln in stdout.splitlines() if ln.startswith("{")]
    if not lines:
        last = (stderr.strip().splitlines() or [f"exit status {code}"])[-1]
        return "error", f"no JSON output: {last}", elapsed
    obj = json.loads(lines[0])
    return obj.get("verdict", "error"), reason(obj), elapsed


def _timeout(limit: float, start: float) -> tuple[str, str, float]:
    return "timeout", f"stopped after {limit:.0f} s of wall time", time.perf_counter() - start


def run_fresh(row: dict, extra: list[str], suite: str = SUITE, limit: float = 0) -> tuple[str, str, float]:
    """``python -m irverify validate-pass ...`` as a new process (this checkout first on
    ``PYTHONPATH``), killed with its children after ``limit`` seconds of wall time."""
    cmd = [sys.executable, "-m", "irverify", *_command(row, extra, suite)]
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            start_new_session=True)
    try:
        stdout, stderr = proc.communicate(timeout=limit or None)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return _timeout(limit, start)
    return _verdict(stdout, stderr, proc.returncode, time.perf_counter() - start)


def run_one(row: dict, extra: list[str], suite: str = SUITE, limit: float = 0) -> tuple[str, str, float]:
    """The CLI's ``main(["validate-pass", "--tvm-pass", PASS, FILE, "--json", ...])`` in a child
    forked from this process (which has imported irverify and TVM once, so each module does not
    pay the import). With ``limit`` the child's process group is killed after ``limit`` seconds
    of wall time, whatever it is doing (a solver call included): verdict ``timeout``."""
    import tempfile

    argv = _command(row, extra, suite)
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        pid = os.fork()
        if pid == 0:  # the child: run the CLI, its output into the files, and exit
            code = 70
            try:
                os.setpgid(0, 0)
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                sys.stdout = os.fdopen(1, "w", closefd=False)
                sys.stderr = os.fdopen(2, "w", closefd=False)
                from irverify.cli import main as cli_main

                code = cli_main(argv) or 0
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else 1
            except BaseException:  # noqa: BLE001 - reported through stderr and the status
                import traceback

                traceback.print_exc()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        deadline = start + limit if limit else None
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if deadline is not None and time.perf_counter() > deadline:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)  # in case its process group is not set up yet
                    os.killpg(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return _timeout(limit, start)
            time.sleep(0.05)
        elapsed = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        return _verdict(out.read(), err.read(), os.waitstatus_to_exitcode(status), elapsed)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--shard", default="0/1", metavar="I/N")
    p.add_argument("--only", default="", help="only modules whose name contains this")
    p.add_argument("--suite", default=SUITE, help="a directory with manifest.tsv and inputs/ "
                   "(default: testdata/peer-suites/tvm-relax)")
    p.add_argument("--module-timeout", type=float, default=0, metavar="S",
                   help="stop a module's check after S seconds of wall time (verdict 'timeout')")
    p.add_argument("--fresh-process", action="store_true",
                   help="run each module as a new 'python -m irverify' process (pays the TVM import each time)")
    p.add_argument("extra", nargs="*", help="extra CLI arguments (after --)")
    args = p.parse_args(argv)
    i, n = (int(x) for x in args.shard.split("/"))
    rows = [r for k, r in enumerate(manifest(args.suite)) if k % n == i and args.only in r["name"]]
    counts: collections.Counter = collections.Counter()
    reasons: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    times: list[float] = []
    if not args.fresh_process:
        import tvm  # noqa: F401 - imported once here, before the children are forked

        import irverify.cli  # noqa: F401
    run = run_fresh if args.fresh_process else run_one
    for row in rows:
        verdict, msg, elapsed = run(row, args.extra, args.suite, args.module_timeout)
        times.append(elapsed)
        counts[verdict] += 1
        reasons[verdict][bucket(msg)] += 1
        print(f"{row['name']}\t{verdict}\t{elapsed:.2f}\t{msg[:200]}", flush=True)
    done = counts["correct"] + counts["incorrect"]
    print(f"\n{len(rows)} modules: " + ", ".join(f"{k} {counts[k]}" for k in
          ("correct", "incorrect", "unknown", "unsupported", "error", "timeout")) +
          f"; definitive {100 * done / max(1, len(rows)):.0f}%; {sum(times):.0f} s")
    if times:
        times.sort()
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        print(f"per module: median {times[len(times) // 2]:.1f} s, p90 {p90:.1f} s, max {times[-1]:.1f} s")
    for verdict in ("unsupported", "unknown", "error", "incorrect", "timeout"):
        for msg, c in reasons[verdict].most_common():
            print(f"  {verdict}\t{c}\t{msg}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
