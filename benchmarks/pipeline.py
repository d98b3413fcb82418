#!/usr/bin/env python3
"""Per-pass verdicts and times of ``irverify validate-pipeline`` on a model, as a user runs it.

    python benchmarks/pipeline.py [MODEL.mlir ...] [-- IREE-COMPILE-FLAGS]

Runs the plain CLI (``irverify validate-pipeline MODEL --no-confirm --json``) once per model and
prints a Markdown table: each changed pass application with its verdict and time, then the
share of definitive verdicts, the median, p90 and maximum time per application, the whole
run's wall-clock time and the peak memory of the run (its children included).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT = [os.path.join(ROOT, "examples", "mlp.mlir")]


def run(model: str, flags: list[str]) -> str:
    cmd = [sys.executable, "-m", "irverify", "validate-pipeline", model, "--no-confirm", "--json"]
    if flags:
        cmd += ["--", *flags]
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - start
    peak_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    records = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    cases = [r for r in records if r["record"] == "case"]
    lines = [f"### `{os.path.relpath(model, ROOT)}`", "",
             "| # | pass | verdict | time (s) |", "|---|---|---|---|"]
    for c in cases:
        lines.append(f"| {c['case']['index']} | `{c['input']['pass']}` | {c['verdict']} | {c['timings']['total_s']:.2f} |")
    times = sorted(c["timings"]["total_s"] for c in cases)
    definitive = sum(c["verdict"] in ("correct", "incorrect") for c in cases)
    if times:
        lines += ["", f"{len(cases)} applications changed the module; {definitive} definitive "
                      f"({100 * definitive / len(cases):.0f}%); per application median {times[len(times) // 2]:.2f} s, "
                      f"p90 {times[min(len(times) - 1, int(0.9 * len(times)))]:.2f} s, max {times[-1]:.2f} s; "
                      f"whole run {wall:.1f} s wall-clock (iree-compile included), peak memory {peak_mib:.0f} MiB; "
                      f"exit {proc.returncode}."]
    else:
        lines += ["", f"nothing checked (exit {proc.returncode}): {proc.stderr.strip()[:300]}"]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    flags = argv[argv.index("--") + 1:] if "--" in argv else []
    models = (argv[:argv.index("--")] if "--" in argv else argv) or DEFAULT
    for model in models:
        print(run(os.path.abspath(model), flags) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
