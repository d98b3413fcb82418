"""Which oracle confirms each `incorrect` verdict of the repository's own failing cases.

For every lit file under ``testdata/`` (peer suites left out) whose RUN line expects
``irverify check`` to fail (``not irverify check ...``), runs that command as a user would, with
confirmation on (``--no-confirm`` and the FileCheck pipe dropped, ``--json`` added), and
tabulates the verdict and the oracle that confirmed it: execution on the compiler (IREE or TVM),
irverify's concrete evaluation, or none. A case whose verdict is not `incorrect` with
confirmation on is listed with its message: an `unknown` where the two oracles disagree is a
finding about the compiler or about irverify's model.

    python benchmarks/oracles.py [--out FILE.md] [PATH ...]

``--reports FILE...`` runs nothing: it reads JSON reports a user's run of the plain CLI wrote
(``irverify check --json``, the JSON Lines of ``validate-lit``/``validate-pass``/``check-suite
--json``, ``tools/run_mlir_tv.py --json``) and tabulates
every `incorrect` function in them with its oracle: the census of a peer suite's verdicts.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TESTDATA = REPO / "testdata"


def failing_runs(path: Path) -> list[list[str]]:
    """The ``irverify check`` argument lists of the file's RUN lines that expect a failure."""
    runs = []
    for line in path.read_text(errors="replace").splitlines():
        m = re.match(r"\s*(?://|#)\s*RUN:\s*not\s+irverify\s+check\s+(.*)", line)
        if not m:
            continue
        cmd = m.group(1).split("|")[0]
        cmd = cmd.replace("%s", str(path)).replace("%S", str(path.parent))
        args = [a for a in shlex.split(cmd) if a not in ("--no-confirm", "--json")]
        runs.append(args + ["--json"])
    return runs[:1]  # one run per file: the first failing RUN line


def oracle_of(fn: dict) -> str:
    """Name the oracles that confirmed a function's `incorrect` verdict (``oracles`` in the JSON
    report), or say why none did."""
    if fn.get("oracles"):
        return "; ".join(fn["oracles"])
    if fn.get("counterexample") is None:
        return "no counterexample needed: " + (fn.get("message") or "a structural difference")
    ex = fn.get("execution") or {}
    return "none" + (f": {ex.get('detail')}" if ex.get("detail") else "")


def run(args: list[str], timeout: float) -> tuple[dict | None, float, str]:
    t0 = time.monotonic()
    try:
        p = subprocess.run([sys.executable, "-m", "irverify", "check", *args], capture_output=True,
                           text=True, timeout=timeout, cwd=REPO)
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - t0, "timeout"
    dt = time.monotonic() - t0
    from irverify.records import read_records

    cases, _ = read_records(p.stdout)
    if cases:
        return cases[0], dt, ""
    return None, dt, (p.stderr.strip().splitlines() or ["no output"])[-1]


def report_objects(path: Path):
    """The JSON objects of a report file: one document, or one object per line (JSON Lines);
    lines that are not JSON (progress, tables) are skipped."""
    text = path.read_text(errors="replace")
    try:
        yield json.loads(text)
        return
    except json.JSONDecodeError:
        pass
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                yield json.loads(line)
            except json.JSONDecodeError:
                continue


def case_name(obj: dict, path: Path, n: int) -> str:
    """A record's name (a ``check-suite`` pair, a ``patterns`` instance), else ``FILE:LINE`` of
    its input (``irverify.records``), else (the mlir-tv runner's records) its name, else the
    report's file and position."""
    inp = obj.get("input") or {}
    if inp.get("name"):
        return str(inp["name"])
    if inp.get("before"):
        line = (obj.get("case") or {}).get("line", 1)
        return f"{Path(inp['before']).name}:{line}" if line != 1 else Path(inp["before"]).name
    for key in ("name", "module"):
        if obj.get(key):
            return str(obj[key])
    if isinstance(obj.get("case"), str):
        return obj["case"]
    return f"{path.name}#{n}"


def census(paths: list[Path]) -> tuple[list[tuple], Counter]:
    """Every `incorrect` function of the reports in ``paths``, with its oracle."""
    rows, tally = [], Counter()
    for path in paths:
        for n, obj in enumerate(report_objects(path)):
            if obj.get("record") == "summary" or ("summary" in obj and "functions" not in obj):
                continue
            fns = obj.get("functions") or []
            if obj.get("verdict") == "incorrect" and not any(f.get("verdict") == "incorrect" for f in fns):
                fns = [{"name": "", "verdict": "incorrect", "message": obj.get("message")}]
            for fn in fns:
                if fn.get("verdict") != "incorrect":
                    continue
                if "counterexample" not in fn:  # a summary record (the mlir-tv runner's pairs)
                    fn = {**fn, "counterexample": {} if fn.get("has_counterexample", True) else None}
                what = oracle_of(fn)
                rows.append((f"{case_name(obj, path, n)} @{fn.get('name')}", "incorrect", what,
                             (obj.get("timings") or {}).get("total_s") or obj.get("time_s") or 0.0))
                tally[f"incorrect, {what.split(':')[0]}"] += 1
    return rows, tally


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", type=Path)
    ap.add_argument("--out", type=Path, help="also write the table here (Markdown)")
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--reports", action="store_true",
                    help="PATHs are JSON reports of plain CLI runs: tabulate their `incorrect` verdicts")
    o = ap.parse_args(argv)
    if o.reports:
        rows, tally = census([p.resolve() for p in o.paths])
        return _print_table(rows, tally, o.out)
    files = [p.resolve() for p in o.paths] or sorted(p for p in TESTDATA.rglob("*") if p.is_file() and "peer-suites" not in p.parts
                              and p.suffix in (".mlir", ".py", ".test"))
    rows, tally = [], Counter()
    for f in files:
        for args in failing_runs(f):
            out, dt, err = run(args, o.timeout)
            rel = f.relative_to(REPO)
            if out is None:
                rows.append((rel, "error", err, dt))
                tally["error"] += 1
                continue
            for fn in out.get("functions", []):
                v = fn.get("verdict")
                what = oracle_of(fn) if v == "incorrect" else (fn.get("message") or "")
                rows.append((f"{rel} @{fn.get('name')}", v, what, dt))
                tally[v if v != "incorrect" else f"incorrect, {what.split(':')[0]}"] += 1
            print(f"{rows[-1][1]:>12} {dt:6.1f}s {rel}", file=sys.stderr, flush=True)
    return _print_table(rows, tally, o.out)


def _print_table(rows: list[tuple], tally: Counter, out: Path | None) -> int:
    lines = ["| case | verdict with confirmation | oracle / message | time (s) |", "|---|---|---|---|"]
    lines += [f"| `{c}` | {v} | {w.replace('|', '/')} | {dt:.1f} |" for c, v, w, dt in rows]
    lines += ["", "| outcome | cases |", "|---|---|"] + [f"| {k} | {n} |" for k, n in sorted(tally.items())]
    text = "\n".join(lines) + "\n"
    print(text)
    if out:
        out.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
