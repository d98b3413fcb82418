#!/usr/bin/env python3
"""Differential soundness fuzzing of irverify (see tools/FUZZ.md).

    python tools/fuzz.py --arm mlir --seed 1 --count 200 [--findings DIR] [--json]

Generates ``--count`` random programs for the arm, pairs each with a mutated or rewritten
target, checks the pair with ``irverify check --no-confirm`` and executes every ``correct`` and
``incorrect`` pair (IREE llvm-cpu / TVM llvm). Prints a summary table; exit 1 when an unsound
verdict was found, else 0.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="fuzz.py", description=__doc__.splitlines()[0])
    p.add_argument("--arm", choices=["mlir", "relax"], default="mlir")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--count", type=int, default=100)
    p.add_argument("--first", type=int, default=0, metavar="N",
                   help="start at program N of the seed (split a long run into shards)")
    p.add_argument("--findings", metavar="DIR", help="write reproducers of unsound verdicts and unconfirmed alarms here")
    p.add_argument("--timeout", type=float, default=10.0, help="solver timeout per query (s)")
    p.add_argument("--check-wall", type=float, metavar="S", help="abandon a check after S seconds of "
                   "wall-clock time (verdict unknown; each check runs in a forked child)")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    p.add_argument("--ops", metavar="OP,PREFIX.", help="MLIR arm: build every program around one of these "
                   "registered ops (a name ending in '.' selects a dialect), instead of any op")
    args = p.parse_args(argv)
    from irverify.fuzz.driver import fuzz

    if args.ops and args.arm == "mlir":
        from irverify.fuzz import mlir_arm, mlir_ops

        wanted = [w.strip() for w in args.ops.split(",") if w.strip()]
        known = sorted(mlir_ops.load_generators())
        mlir_arm.FOCUS[:] = [op for op in known if any(op == w or (w.endswith(".") and op.startswith(w)) for w in wanted)]
        if not mlir_arm.FOCUS:
            p.error(f"--ops {args.ops}: no registered MLIR op matches")

    log = None if args.quiet else (lambda m: print(m, file=sys.stderr, flush=True))
    s = fuzz(args.arm, args.seed, args.count, args.findings, args.timeout, log=log, first_program=args.first,
             check_wall_s=args.check_wall)
    if args.json:
        print(json.dumps(s.to_json()))
    else:
        print(s.table())
        if s.op_programs:
            from irverify.fuzz import mlir_ops

            print(s.op_table(mlir_ops.registered_mlir_ops() if args.arm == "mlir" else None))
        for c in s.unsound:
            print(f"UNSOUND #{c.number}: {c.desc}: {c.witness}")
        for c in s.backend:
            print(f"compiler discrepancy #{c.number}: {c.desc}: {c.backend}")
        for c in s.not_executed_cases:
            print(f"not executable #{c.number}: {c.run_error[:160]}")
        for n, msg in s.errors:
            print(f"error #{n}: {msg[:160]}")
    return 1 if s.unsound else 0


if __name__ == "__main__":
    sys.exit(main())
