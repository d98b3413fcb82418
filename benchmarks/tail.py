"""The slow tail of a corpus run, bucketed by where its time went.

    python benchmarks/tail.py RECORDS.jsonl [...] [--slow 3] [--top 15]

Reads the JSON Lines of ``irverify validate-lit --json`` (or ``check --json``) runs and, for
the cases that took at least ``--slow`` seconds, names each one's bucket: the phase that took
most of its time (``timings.phases``, see ``irverify/phases.py``; a nested phase counts for
its outermost one, ``ieee/solver`` as ``ieee``; time outside every phase is ``other``), and
whether the case ended at its time limit. Prints the percentiles of all cases, a table of the
buckets (cases, seconds, share of the tail's time, verdicts) and the slowest cases.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict

BUCKET_NAMES = {
    "solver": "solver queries (abstract floats, exact integers)",
    "ieee": "escalation to exact IEEE floats",
    "search": "evaluation / execution searching a counterexample",
    "confirm": "settling a counterexample (reference evaluation, smaller witnesses)",
    "execute": "running both programs on the compiler",
    "extract": "reading a counterexample out of the solver's model",
    "encode": "encoding (building the terms)",
    "parse": "parsing",
    "pass": "running the pass",
    "other": "outside every phase (start-up, alignment, printing)",
}


def cases(paths: list[str]) -> list[dict]:
    out = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if line:
                    record = json.loads(line)
                    if record.get("record") == "case":
                        out.append(record)
    return out


def bucket(record: dict) -> str:
    """The outermost phase that took most of the case's time (``other`` for the rest)."""
    timings = record["timings"]
    per: dict[str, float] = defaultdict(float)
    for path, seconds in timings.get("phases", {}).items():
        per[path.split("/")[0]] += seconds
    per["other"] = max(0.0, timings["total_s"] - sum(per.values()))
    return max(per, key=per.get)


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def label(record: dict) -> str:
    inp = record["input"]
    name = (inp.get("before") or "").split("/")[-1]
    return f"{name}:{record['case']['line']} RUN#{inp.get('run', '')}"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="+")
    ap.add_argument("--slow", type=float, default=3.0, help="seconds from which a case is in the tail")
    ap.add_argument("--top", type=int, default=15, help="slowest cases listed")
    args = ap.parse_args(argv)
    every = cases(args.records)
    times = [c["timings"]["total_s"] for c in every]
    at_limit = [c for c in every if c["message"].startswith("time limit")]
    print(f"{len(every)} cases: median {percentile(times, 0.5):.2f} s, p90 {percentile(times, 0.9):.2f} s, "
          f"max {max(times, default=0):.2f} s; {len(at_limit)} at the time limit "
          f"({100 * len(at_limit) / max(1, len(every)):.1f}%)")
    tail = [c for c in every if c["timings"]["total_s"] >= args.slow]
    total = sum(c["timings"]["total_s"] for c in tail) or 1.0
    groups: dict[str, list[dict]] = defaultdict(list)
    for c in tail:
        groups[bucket(c)].append(c)
    print(f"\n{len(tail)} cases of {args.slow:g} s or more, {total:.0f} s in all\n")
    print("| bucket (where most of a case's time went) | cases | at the limit | seconds | share | verdicts |")
    print("|---|---:|---:|---:|---:|---|")
    for name, group in sorted(groups.items(), key=lambda kv: -sum(c["timings"]["total_s"] for c in kv[1])):
        secs = sum(c["timings"]["total_s"] for c in group)
        limit = sum(1 for c in group if c["message"].startswith("time limit"))
        verdicts = ", ".join(f"{n} {v}" for v, n in Counter(c["verdict"] for c in group).most_common())
        print(f"| {BUCKET_NAMES.get(name, name)} | {len(group)} | {limit} | {secs:.0f} | {100 * secs / total:.0f}% | {verdicts} |")
    print("\n| case | seconds | bucket | open at the limit | verdict |")
    print("|---|---:|---|---|---|")
    for c in sorted(tail, key=lambda c: -c["timings"]["total_s"])[:args.top]:
        print(f"| {label(c)} | {c['timings']['total_s']:.1f} | {bucket(c)} | "
              f"{'/'.join(c['timings'].get('open_phases', [])) or '-'} | {c['verdict']} |")


if __name__ == "__main__":
    main()
