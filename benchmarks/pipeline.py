#!/usr/bin/env python3
"""Per-pass verdicts and times of ``irverify validate-pipeline`` on a model, as a user runs it.

    python benchmarks/pipeline.py [MODEL.mlir | MODEL.py ...] [--iree] [--tvm] [--model-timeout S] [--json-dir DIR] [-- IREE-COMPILE-FLAGS]

Runs the plain CLI (``irverify validate-pipeline MODEL --no-confirm --json``) once per model and
prints a Markdown table: each changed pass application with its verdict, time and (when it is
not ``correct``) the first line of its message, then the share of definitive verdicts, the
median, p90 and maximum time per application, the whole run's wall-clock time and the peak
memory of the run (its children included). After the models, one summary table with a row per
model.

A ``.mlir`` model is compiled by ``iree-compile`` (the flags after ``--`` are passed to it); a
``.py`` model is a TVMScript Relax module, compiled by TVM for llvm in-process (every changed
pass up to ``CallTIRRewrite`` is checked). ``--iree`` adds the IREE corpus,
``benchmarks/models/iree/NAME.mlir`` for every model of ``benchmarks/models/iree/build.py``;
``--tvm`` the TVM corpus, ``benchmarks/models/tvm/NAME.py`` for every model of
``benchmarks/models/tvm/build.py``.
``--model-timeout S`` runs each model under ``timeout S``: a model stopped there keeps the
applications it finished, and its row says it was stopped. ``--json-dir DIR`` keeps each
model's JSON Lines (``DIR/NAME.jsonl``: every record whole, messages included). With no model and no ``--tvm``:
``examples/mlp.mlir``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT = [os.path.join(ROOT, "examples", "mlp.mlir")]
TVM_MODELS = os.path.join(ROOT, "benchmarks", "models", "tvm")
IREE_MODELS = os.path.join(ROOT, "benchmarks", "models", "iree")
VERDICTS = ("correct", "incorrect", "unknown", "unsupported", "error")


def tvm_corpus() -> list[str]:
    """The TVM models, in the order of ``build.py``'s ``MODELS`` (importing it needs no TVM)."""
    return _corpus(TVM_MODELS, "tvm_models_build")


def iree_corpus() -> list[str]:
    """The IREE models, in the order of their ``build.py``'s ``MODELS``."""
    return _corpus(IREE_MODELS, "iree_models_build")


def _corpus(directory: str, module_name: str) -> list[str]:
    spec = importlib.util.spec_from_file_location(module_name, os.path.join(directory, "build.py"))
    build = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = build  # (its dataclass looks its module up)
    spec.loader.exec_module(build)
    return [build.path_of(m) for m in build.MODELS]


def _why(case: dict) -> str:
    """The first line of a non-correct application's message (its blocking construct, the
    query left undecided), for a table cell."""
    if case["verdict"] == "correct":
        return ""
    text = case.get("message") or next((f"@{f['name']}: {f['message']}" for f in case.get("functions", [])
                                        if f["verdict"] != "correct" and f.get("message")), "")
    first = text.splitlines()[0] if text else ""
    return (first[:200] + ("..." if len(first) > 200 else "")).replace("|", "\\|")


def measure(model: str, flags: list[str], timeout_s: float | None) -> dict:
    """Run the CLI on ``model``; its case records, exit code, wall time and peak memory."""
    # the path relative to the repository (the CLI runs there): messages name it so
    cmd = [sys.executable, "-m", "irverify", "validate-pipeline", os.path.relpath(model, ROOT), "--no-confirm", "--json"]
    if flags and model.endswith(".mlir"):
        cmd += ["--", *flags]
    if timeout_s:
        cmd = ["timeout", f"{timeout_s:g}", *cmd]
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, text=True, cwd=ROOT)
        # wait4: this model's own peak resident memory (its waited-for descendants included)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    records = [json.loads(line) for line in stdout.splitlines() if line.startswith("{")]
    return {"model": model, "cmd": cmd, "cases": [r for r in records if r["record"] == "case"],
            "summary": next((r for r in records if r["record"] == "summary"), None),
            "exit": proc.returncode, "stopped": bool(timeout_s) and proc.returncode == 124,
            "wall": wall, "peak_mib": usage.ru_maxrss / 1024, "stdout": stdout, "stderr": stderr}


def _pct(times: list[float], q: float) -> float:
    return times[min(len(times) - 1, int(q * len(times)))]


def table(run: dict) -> str:
    cases = run["cases"]
    lines = [f"### `{os.path.relpath(run['model'], ROOT)}`", "",
             "| # | pass | verdict | time (s) | why (not correct) |", "|---|---|---|---|---|"]
    for c in cases:
        lines.append(f"| {c['case']['index']} | `{c['input']['pass']}` | {c['verdict']} | "
                     f"{c['timings']['total_s']:.2f} | {_why(c)} |")
    times = sorted(c["timings"]["total_s"] for c in cases)
    definitive = sum(c["verdict"] in ("correct", "incorrect") for c in cases)
    stopped = f"; stopped by `timeout` after {run['wall']:.0f} s, during the application after the last one above" \
        if run["stopped"] else ""
    tool = "iree-compile" if run["model"].endswith(".mlir") else "the TVM compile"
    if times:
        lines += ["", (f"{len(cases)} applications changed the module; {definitive} definitive "
                       f"({100 * definitive / len(cases):.0f}%); per application median {_pct(times, 0.5):.2f} s, "
                       f"p90 {_pct(times, 0.9):.2f} s, max {times[-1]:.2f} s; "
                       f"whole run {run['wall']:.1f} s wall-clock ({tool} included), "
                       f"peak memory {run['peak_mib']:.0f} MiB; exit {run['exit']}{stopped}.")]
    else:
        why = run["stderr"].strip() or (run["summary"] or {}).get("message", "")
        lines += ["", f"nothing checked (exit {run['exit']}{stopped}): {why[:300]}"]
    return "\n".join(lines)


def summary_table(runs: list[dict]) -> str:
    lines = ["| model | applications checked | " + " | ".join(VERDICTS) + " | definitive | "
             "median / p90 / max per application (s) | whole run (s) | peak memory (MiB) | exit |",
             "|---|---|" + "---|" * len(VERDICTS) + "---|---|---|---|---|"]
    for run in runs:
        cases = run["cases"]
        counts = {v: sum(c["verdict"] == v for c in cases) for v in VERDICTS}
        times = sorted(c["timings"]["total_s"] for c in cases)
        definitive = counts["correct"] + counts["incorrect"]
        share = f"{100 * definitive / len(cases):.0f}%" if cases else "-"
        spread = f"{_pct(times, 0.5):.2f} / {_pct(times, 0.9):.2f} / {times[-1]:.2f}" if times else "-"
        checked = f"{len(cases)}" + (" + stopped" if run["stopped"] else "")
        lines.append(f"| `{os.path.relpath(run['model'], ROOT)}` | {checked} | "
                     + " | ".join(str(counts[v]) for v in VERDICTS)
                     + f" | {share} | {spread} | {run['wall']:.1f} | {run['peak_mib']:.0f} | "
                       f"{'124 (timeout)' if run['stopped'] else run['exit']} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    flags = argv[argv.index("--") + 1:] if "--" in argv else []
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("models", nargs="*", metavar="MODEL", help="a .mlir or TVMScript .py model")
    ap.add_argument("--iree", action="store_true", help="add the IREE corpus of benchmarks/models/iree/build.py")
    ap.add_argument("--tvm", action="store_true", help="add the TVM corpus of benchmarks/models/tvm/build.py")
    ap.add_argument("--model-timeout", type=float, default=None, metavar="S",
                    help="run each model under `timeout S` (default: no limit)")
    ap.add_argument("--json-dir", metavar="DIR", help="also write each model's JSON Lines to DIR/NAME.jsonl")
    args = ap.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    models = ([os.path.abspath(m) for m in args.models] + (iree_corpus() if args.iree else [])
              + (tvm_corpus() if args.tvm else []))
    runs = []
    for model in models or DEFAULT:
        runs.append(measure(model, flags, args.model_timeout))
        if args.json_dir:
            os.makedirs(args.json_dir, exist_ok=True)
            name = os.path.splitext(os.path.basename(model))[0]
            with open(os.path.join(args.json_dir, f"{name}.jsonl"), "w", encoding="utf-8") as f:
                f.write(runs[-1]["stdout"])
        print(table(runs[-1]) + "\n", flush=True)
    if len(runs) > 1:
        print(summary_table(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
