#!/usr/bin/env python3
"""Mutation fuzzing of the repository's lit corpora (``irverify/fuzz/corpus_mutate.py``).

    python tools/mutate_corpus.py [--corpus NAME ...] [--mutants N] [--seed S] [--shard I/N]
                                  [--spread] [--first K] [--max-cases N] [--case-timeout S] [--timeout S]
                                  [--findings DIR] [--jsonl FILE]
    python tools/mutate_corpus.py --summarize FILE.jsonl...

For every case of each corpus that ``irverify check`` proves ``correct``, up to ``--mutants``
mutants of the target (a constant, an attribute, an operand order, a type, an extent, an index
map) are checked and executed beside the source; the records go to ``--jsonl`` (one JSON
object per case and per mutant, appended as they come), findings to ``--findings``, and a
Markdown table per corpus to standard output. ``--shard I/N`` takes every N-th case from the
I-th (lit's convention); ``--spread`` takes the cases file by file in turn, so a partial run
still covers every file of a corpus. The exit code
is 1 when a mutant was proved ``correct`` and its execution differs (unsound), else 0.
``--summarize`` prints the table of records written by earlier runs (a long run resumed with
``--first`` writes several files).

Corpora: iree-lit, iree-lit-untuned, iree-fold-reshape, mlir-tv, litmus, iree (MLIR, executed
on IREE llvm-cpu); tvm-relax, tvm-relax-untuned, relax (Relax, executed on TVM llvm).
Results and findings: ``tools/FUZZ.md``, "Mutation fuzzing of the lit corpora".
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def spread(cases: list) -> list:
    """The cases reordered round-robin over their files (a lit case's label is FILE:LINE RUN#K)."""
    by_file: dict[str, list] = {}
    for c in cases:
        by_file.setdefault(c.label.split(":")[0], []).append(c)
    out = []
    while any(by_file.values()):
        for queue in by_file.values():
            if queue:
                out.append(queue.pop(0))
    return out


def main(argv: list[str] | None = None) -> int:
    from irverify.fuzz import corpora
    from irverify.fuzz.corpus_mutate import DEFAULT_MUTANTS, run_corpus, summarize, table
    from irverify.lit_corpus import parse_shard

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", action="append", choices=corpora.CORPORA,
                    help="a corpus to run (repeatable; default: all)")
    ap.add_argument("--mutants", type=int, default=DEFAULT_MUTANTS, help="mutants per correct case")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--shard", help="I/N: every N-th case of each corpus, from the I-th")
    ap.add_argument("--first", type=int, default=0, help="skip this many cases of each corpus (after --shard and "
                    "--spread), to resume a run")
    ap.add_argument("--max-cases", type=int, help="at most this many cases per corpus")
    ap.add_argument("--spread", action="store_true",
                    help="take the cases of a corpus file by file in turn (a partial run covers every file)")
    ap.add_argument("--case-timeout", type=float, default=900.0, help="wall-clock seconds per case")
    ap.add_argument("--timeout", type=float, default=10.0, help="solver seconds per query (irverify --timeout)")
    ap.add_argument("--findings", help="directory for reproducers")
    ap.add_argument("--jsonl", help="append every record to this file")
    ap.add_argument("--summarize", nargs="+", metavar="JSONL",
                    help="print the table of the records in these files (runs resumed with --first) and exit")
    args = ap.parse_args(argv)
    if args.summarize:
        records = []
        for path in args.summarize:
            with open(path, encoding="utf-8") as f:
                records += [json.loads(line) for line in f if line.strip()]
        print(table(summarize(records)))
        return 1 if any(r.get("finding") == "unsound" for r in records) else 0
    shard = parse_shard(args.shard)
    records = []
    start = time.perf_counter()
    out = open(args.jsonl, "a", encoding="utf-8") if args.jsonl else None  # noqa: SIM115

    def on_record(rec: dict) -> None:
        if out:
            out.write(json.dumps(rec, default=str) + "\n")
            out.flush()
        if rec.get("finding"):
            print(f"{rec['finding']}: {rec['case']} mutant {rec['mutant']} ({rec['site']}): "
                  f"{rec.get('witness', rec.get('replay', ''))}", flush=True)
        elif rec["kind"] == "case":
            n = sum(1 for r in records if r["kind"] == "case")
            print(f"[{time.perf_counter() - start:7.0f} s] {n} cases: {rec['corpus']} {rec['case']}: "
                  f"{rec['verdict']}, {rec.get('mutants', 0)} mutants", flush=True)

    try:
        for name in args.corpus or corpora.CORPORA:
            cases = corpora.cases(name, ROOT)
            if shard:
                cases = cases[shard[0] - 1::shard[1]]
            if args.spread:
                cases = spread(cases)
            cases = cases[args.first:]
            if args.max_cases is not None:
                cases = cases[:args.max_cases]

            def collect(rec):
                records.append(rec)
                on_record(rec)

            run_corpus(cases, args.mutants, args.seed, args.findings, args.case_timeout, collect, args.timeout)
    finally:
        if out:
            out.close()
        print()
        print(table(summarize(records)))
        print(f"\ntime: {time.perf_counter() - start:.0f} s")
    return 1 if any(r.get("finding") == "unsound" for r in records) else 0


if __name__ == "__main__":
    sys.exit(main())
