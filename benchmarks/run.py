#!/usr/bin/env python3
"""irverify benchmarks: latency, scaling with tensor size, suite throughput, solver cost.

    python benchmarks/run.py [--quick] [--only latency,scaling,throughput,solver]

Writes benchmarks/RESULTS.md and benchmarks/scaling.png. Every figure is a median over
repeated runs; comparisons are ratios measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEEDS = os.path.join(ROOT, "testdata", "seeds", "Inputs")
MLIR_TV = os.path.join(ROOT, "testdata", "peer-suites", "mlir-tv")
sys.path.insert(0, ROOT)

SEED_PAIRS = [
    ("iree fold: before vs after_buggy", "iree-fold-collapse-store/before.mlir", "iree-fold-collapse-store/after_buggy.mlir"),
    ("iree fold: before vs after_fixed", "iree-fold-collapse-store/before.mlir", "iree-fold-collapse-store/after_fixed.mlir"),
    ("tvm take out of bounds", "tvm-take-out-of-bounds/before.py", "tvm-take-out-of-bounds/after.py"),
    ("sdpa layouts", "sdpa-layout/attention_on_torch_layout.py", "sdpa-layout/attention_with_permutes.py"),
    ("scale_q vs scale_scores", "scale-placement/scale_q.py", "scale-placement/scale_scores.py"),
    ("scale_v vs scale_scores", "scale-placement/scale_v.py", "scale-placement/scale_scores.py"),
]


def run_cli(args: list[str]) -> tuple[float, dict | None, int]:
    """Run ``python -m irverify ARGS --json`` in a fresh process; (wall seconds, the first case's
    JSON record, exit code)."""
    start = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "irverify", *args, "--json"], capture_output=True,
                       text=True, cwd=ROOT)
    wall = time.perf_counter() - start
    from irverify.records import read_records

    cases, _ = read_records(p.stdout)
    out = cases[0] if cases else None
    return wall, out, p.returncode


def median_time(args: list[str], repeats: int) -> tuple[float, str]:
    times, verdict = [], "?"
    for _ in range(repeats):
        wall, out, _ = run_cli(args)
        times.append(wall)
        if out:
            fns = out.get("functions") or []
            confirmed = any(f.get("confirmed") for f in fns)
            verdict = out["verdict"] + (" (confirmed)" if confirmed else "")
        else:
            verdict = "no output"
    return statistics.median(times), verdict


# ----------------------------------------------------------------------------- 1. latency


def bench_latency(repeats: int) -> list[str]:
    lines = ["## 1. Latency of `irverify check` on the seed pairs (fresh process each run)", "",
             f"Median of {repeats} runs. Command: `python -m irverify check BEFORE AFTER --json [--no-confirm]`.", "",
             "| pair | verdict without confirmation | verdict with confirmation | without (s) | with (s) | ratio |",
             "|---|---|---|---|---|---|"]
    for label, before, after in SEED_PAIRS:
        args = ["check", os.path.join(SEEDS, before), os.path.join(SEEDS, after)]
        fast, verdict = median_time(args + ["--no-confirm"], repeats)
        slow, confirmed = median_time(args, max(1, repeats // 2))
        lines.append(f"| {label} | {verdict} | {confirmed} | {fast:.2f} | {slow:.2f} | {slow / fast:.1f}x |")
    probe = subprocess.run([sys.executable, "-X", "importtime", "-m", "irverify", "check",
                            os.path.join(SEEDS, SEED_PAIRS[0][1]), os.path.join(SEEDS, SEED_PAIRS[0][2]),
                            "--no-confirm", "--json"], capture_output=True, text=True, cwd=ROOT)
    imported_tvm = any(line.rstrip().endswith(" tvm") for line in probe.stderr.splitlines())
    lines += ["", f"An MLIR-only check imports TVM: **{'yes' if imported_tvm else 'no'}** "
              "(`python -X importtime -m irverify check ...`).", ""]
    return lines


# ----------------------------------------------------------------------------- 2. scaling

FOLD_BEFORE = """#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
func.func @fold(%src : tensor<{n}x2xi32>) {{
  %c0 = arith.constant 0 : index
  %dest = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0)
      flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<{m}x4xi32>>
  %collapsed = tensor.collapse_shape %src [[0, 1]] : tensor<{n}x2xi32> into tensor<{m}xi32>
  iree_tensor_ext.dispatch.tensor.store %collapsed, %dest, offsets = [0, 0], sizes = [{m}, 1], strides = [1, 1]
      : tensor<{m}xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<{m}x4xi32>>
  return
}}
"""
FOLD_AFTER = """#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
func.func @fold(%src : tensor<{n}x2xi32>) {{
  %c0 = arith.constant 0 : index
  %dest = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0)
      flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<{n}x2x4xi32>>
  iree_tensor_ext.dispatch.tensor.store %src, %dest, offsets = [0, 0, 0], sizes = [{n}, 2, 1], strides = [1, 1, 1]
      : tensor<{n}x2xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<{n}x2x4xi32>>
  return
}}
"""
CHAIN_BEFORE = """func.func @chain(%a: tensor<{r}x{c}xi32>) -> tensor<{c}x{r}xi32> {{
  %e = tensor.empty() : tensor<{c}x{r}xi32>
  %t = linalg.transpose ins(%a : tensor<{r}x{c}xi32>) outs(%e : tensor<{c}x{r}xi32>) permutation = [1, 0]
  return %t : tensor<{c}x{r}xi32>
}}
"""
CHAIN_AFTER = """func.func @chain(%a: tensor<{r}x{c}xi32>) -> tensor<{c}x{r}xi32> {{
  %x = tensor.expand_shape %a [[0], [1, 2]] output_shape [{r}, {h}, 2] : tensor<{r}x{c}xi32> into tensor<{r}x{h}x2xi32>
  %e = tensor.empty() : tensor<{h}x2x{r}xi32>
  %t = linalg.transpose ins(%x : tensor<{r}x{h}x2xi32>) outs(%e : tensor<{h}x2x{r}xi32>) permutation = [1, 2, 0]
  %y = tensor.collapse_shape %t [[0, 1], [2]] : tensor<{h}x2x{r}xi32> into tensor<{c}x{r}xi32>
  return %y : tensor<{c}x{r}xi32>
}}
"""


def scaling_cases(max_log2: int):
    for k in range(1, max_log2 + 1):
        elems = 1 << k
        m = max(2, elems // 4)  # the fold's buffer holds 4*m elements
        m -= m % 2
        yield "fold", elems, FOLD_BEFORE.format(n=m // 2, m=m), FOLD_AFTER.format(n=m // 2, m=m)
        r = 2
        c = max(2, elems // r)
        yield "transpose/reshape chain", elems, CHAIN_BEFORE.format(r=r, c=c), CHAIN_AFTER.format(r=r, c=c, h=c // 2)


def differential_test_time(before: str, after: str, fn: str, elems: int) -> float:
    """Compile both sides on IREE and run them once on random inputs: the concrete alternative
    to a proof (dispatch IR runs in irverify's hal.executable wrapper, plain functions as is)."""
    import numpy as np

    from irverify.cex.extract import numpy_dtype
    from irverify.frontends.mlir.parse import parse_mlir
    from irverify.verify.verdict import Counterexample

    src, tgt = parse_mlir(before, "before.mlir"), parse_mlir(after, "after.mlir")
    sfn, tfn = src.functions[fn], tgt.functions[fn]
    rng = np.random.default_rng(0)
    args = [rng.integers(-9, 9, a.type.shape).astype(numpy_dtype(a.type.elem)) for a in sfn.args]
    start = time.perf_counter()
    try:
        if any(op.name.startswith("hal.") for op in sfn.body.ops):
            from irverify.frontends.mlir.dispatch_confirm import confirm_dispatch

            length = 4 * elems
            cex = Counterexample("value mismatch", dims={"binding 0 length": length},
                                 tensors={a.name: v for a, v in zip(sfn.args, args)})
            conf = confirm_dispatch(src, sfn, tgt, tfn, cex)
            if conf.confirmed is None:
                return float("nan")
        else:
            from irverify.execute.iree import run_functions

            outs = run_functions(before, [(fn, args)]) + run_functions(after, [(fn, args)])
            if any(isinstance(o, Exception) for o in outs):
                return float("nan")
    except Exception:  # noqa: BLE001 - a benchmark records what failed as NaN
        return float("nan")
    return time.perf_counter() - start


def bench_scaling(max_log2: int, repeats: int) -> list[str]:
    from irverify.frontends.mlir.parse import parse_mlir
    from irverify.verify.check import Options, check_modules

    rows = []
    for name, elems, before, after in scaling_cases(max_log2):
        times, verdict = [], "?"
        for _ in range(repeats):
            start = time.perf_counter()
            try:
                rep = check_modules(parse_mlir(before, "b.mlir"), parse_mlir(after, "a.mlir"), Options(confirm=False))
                verdict = rep.verdict.value
            except Exception as e:  # noqa: BLE001
                verdict = f"error: {e}"
            times.append(time.perf_counter() - start)
        fn = "fold" if name == "fold" else "chain"
        diff = differential_test_time(before, after, fn, elems) if elems <= (1 << 20) else float("nan")
        rows.append((name, elems, statistics.median(times), diff, verdict))
    lines = ["## 2. Proof time vs. tensor size", "",
             "The same rewrite instantiated with static extents; irverify's proof time (median of "
             f"{repeats}) against a concrete differential test on IREE (compile both sides, run once on "
             "random inputs). Command: `python benchmarks/run.py --only scaling`.", "",
             "| rewrite | elements | irverify (s) | differential test (s) | verdict |", "|---|---|---|---|---|"]
    for name, elems, proof, diff, verdict in rows:
        lines.append(f"| {name} | {elems} | {proof:.3f} | {diff:.2f} | {verdict} |")
    for name in sorted({r[0] for r in rows}):
        proofs = [r[2] for r in rows if r[0] == name]
        lines.append(f"\n{name}: largest/smallest proof time = {max(proofs) / min(proofs):.2f}x "
                     f"(target: within 2x).")
    _plot(rows)
    lines += ["", "![scaling](scaling.png)", ""]
    return lines


def _plot(rows) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    fig, ax = plt.subplots(figsize=(7, 4))
    for name in sorted({r[0] for r in rows}):
        pts = [r for r in rows if r[0] == name]
        ax.plot([p[1] for p in pts], [p[2] for p in pts], marker="o", label=f"irverify: {name}")
        ax.plot([p[1] for p in pts], [p[3] for p in pts], marker="x", linestyle="--",
                label=f"IREE differential test: {name}")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("elements")
    ax.set_ylabel("seconds")
    ax.legend(fontsize=7)
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(os.path.join(ROOT, "benchmarks", "scaling.png"), dpi=110)


# ----------------------------------------------------------------------------- 3. throughput


def bench_throughput(limit: int | None) -> list[str]:
    dialects = {}
    with open(os.path.join(MLIR_TV, "manifest.tsv")) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            dialects[row["name"]] = row["dialects"]
    names = []
    with open(os.path.join(MLIR_TV, "layout_subset.tsv")) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            if any(d in dialects.get(row["name"], "") for d in
                   ("tosa", "memref", "bufferization", "sparse", "shape", "math")):
                continue
            names.append(row)
    if limit:
        names = names[:limit]
    tmp = tempfile.mkdtemp(prefix="irverify-bench-")
    for row in names:
        base = row["name"].replace("/", "__")
        for side in ("src", "tgt"):
            os.symlink(os.path.join(MLIR_TV, row[side]), os.path.join(tmp, f"{base}.{side}.mlir"))
    lines = ["## 3. Throughput of `irverify check-suite` on the supported mlir-tv layout subset", "",
             f"{len(names)} pairs (layout_subset.tsv minus pairs using tosa/memref/bufferization/sparse/shape/math). "
             "Command: `python -m irverify check-suite DIR -j N --json --no-confirm`.", "",
             "| jobs | wall (s) | pairs/s | peak RSS of workers (MB) | verdicts |", "|---|---|---|---|---|"]
    for jobs in (1, 2):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        start = time.perf_counter()
        p = subprocess.run([sys.executable, "-m", "irverify", "check-suite", tmp, "-j", str(jobs), "--json",
                            "--no-confirm"], capture_output=True, text=True, cwd=ROOT)
        wall = time.perf_counter() - start
        peak = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
        counts: dict[str, int] = {}
        for line in p.stdout.splitlines():
            try:
                obj = json.loads(line)
            except json.JSONDecodeError:
                continue
            if obj.get("record") == "case":
                counts[obj["verdict"]] = counts.get(obj["verdict"], 0) + 1
        summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        lines.append(f"| {jobs} | {wall:.1f} | {len(names) / wall:.2f} | {peak:.0f} | {summary} |")
    lines += ["", "Agreement with the suite's expected verdicts: `python tools/run_mlir_tv.py` (see its summary).", ""]
    return lines


# ----------------------------------------------------------------------------- 4. solver cost


def bench_solver(limit: int | None) -> list[str]:
    from irverify.frontends import load
    from irverify.smt import solver
    from irverify.verify.check import Options, check_modules

    solver.LOG.stats.clear()
    pairs = []
    manifest = os.path.join(MLIR_TV, "manifest.tsv")
    with open(manifest) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            if any(d in row["dialects"] for d in ("tosa", "memref", "bufferization", "sparse", "shape", "math")):
                continue
            pairs.append((os.path.join(MLIR_TV, row["src"]), os.path.join(MLIR_TV, row["tgt"])))
    if limit:
        pairs = pairs[:limit]
    for s, g in pairs:
        try:
            check_modules(load(s), load(g), Options(confirm=False, timeout_s=10))
        except Exception:  # noqa: BLE001 - bad inputs are part of the suite
            pass
    stats = solver.LOG.stats
    times = sorted(q.seconds for q in stats)
    if not times:
        return ["## 4. Solver cost", "", "no queries ran", ""]
    p95 = times[int(0.95 * (len(times) - 1))]
    bounded = sum(1 for q in stats if q.name.endswith("(bounded)"))
    unknown = sum(1 for q in stats if q.status == "unknown")
    return ["## 4. Solver cost per query", "",
            f"All z3 queries of `check_modules` over {len(pairs)} supported mlir-tv pairs "
            "(in-process, `--timeout 10`). Command: `python benchmarks/run.py --only solver`.", "",
            "| queries | median (ms) | p95 (ms) | max (ms) | bounded fallbacks | unknown/timeouts |",
            "|---|---|---|---|---|---|",
            f"| {len(times)} | {statistics.median(times) * 1000:.1f} | {p95 * 1000:.1f} | {times[-1] * 1000:.0f} "
            f"| {bounded} | {unknown} |", ""]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer repeats and sizes")
    ap.add_argument("--only", default="latency,scaling,throughput,solver")
    args = ap.parse_args()
    parts = set(args.only.split(","))
    repeats = 3 if args.quick else 5
    out = ["# irverify benchmark results", "",
           f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}. "
           f"Generated by `python benchmarks/run.py{' --quick' if args.quick else ''}` on "
           f"{time.strftime('%Y-%m-%d')}.", ""]
    if "latency" in parts:
        out += bench_latency(repeats)
    if "scaling" in parts:
        out += bench_scaling(12 if args.quick else 20, 3 if args.quick else 7)
    if "throughput" in parts:
        out += bench_throughput(None)
    if "solver" in parts:
        out += bench_solver(None)
    with open(os.path.join(ROOT, "benchmarks", "RESULTS.md"), "w") as f:
        f.write("\n".join(out) + "\n")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
