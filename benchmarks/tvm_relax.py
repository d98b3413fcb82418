"""Run ``irverify validate-pass --tvm-pass PASS`` over TVM's Relax transform tests.

For every row of ``testdata/peer-suites/tvm-relax/manifest.tsv`` this calls the CLI's ``main``
with ``validate-pass --tvm-pass PASS inputs/NAME.py --json [EXTRA...]`` (one Python process, so
that TVM is imported once) and records the verdict, the first message (the unsupported construct
or the unknown reason) and the wall time. Prints one TSV line per module, then the verdict
histogram and the histogram of messages per verdict.

    python benchmarks/tvm_relax.py [--suite DIR] [--shard I/N] [--only SUBSTRING] [-- EXTRA CLI ARGS]

``--suite testdata/peer-suites/tvm-relax-untuned`` runs the second corpus (same layout);
``--module-timeout S`` stops a module's check after S seconds of wall time (verdict
``timeout``, neither correct nor incorrect).
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import json
import os
import re
import signal
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


class WallLimit(BaseException):
    """A module's check ran past ``--module-timeout`` (not an ``Exception``: the CLI reports
    those as internal errors)."""


def _alarm(signum, frame):
    raise WallLimit


def run_one(row: dict, extra: list[str], suite: str = SUITE, limit: float = 0) -> tuple[str, str, float]:
    from irverify.cli import main

    path = os.path.join(suite, "inputs", row["name"] + ".py")
    out = io.StringIO()
    start = time.perf_counter()
    if limit:
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        with contextlib.redirect_stdout(out):
            main(["validate-pass", "--tvm-pass", row["pass"], path, "--json", *extra])
    except WallLimit:
        return "timeout", f"stopped after {limit:.0f} s of wall time", time.perf_counter() - start
    finally:
        if limit:
            signal.setitimer(signal.ITIMER_REAL, 0)
    elapsed = time.perf_counter() - start
    lines = [ln for ln in out.getvalue().splitlines() if ln.startswith("{")]
    if not lines:
        return "error", "no JSON output", elapsed
    obj = json.loads(lines[0])
    return obj.get("verdict", "error"), reason(obj), elapsed


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--shard", default="0/1", metavar="I/N")
    p.add_argument("--only", default="", help="only modules whose name contains this")
    p.add_argument("--suite", default=SUITE, help="a directory with manifest.tsv and inputs/ "
                   "(default: testdata/peer-suites/tvm-relax)")
    p.add_argument("--module-timeout", type=float, default=0, metavar="S",
                   help="stop a module's check after S seconds of wall time (verdict 'timeout')")
    p.add_argument("extra", nargs="*", help="extra CLI arguments (after --)")
    args = p.parse_args(argv)
    i, n = (int(x) for x in args.shard.split("/"))
    rows = [r for k, r in enumerate(manifest(args.suite)) if k % n == i and args.only in r["name"]]
    counts: collections.Counter = collections.Counter()
    reasons: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    times: list[float] = []
    for row in rows:
        verdict, msg, elapsed = run_one(row, args.extra, args.suite, args.module_timeout)
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
