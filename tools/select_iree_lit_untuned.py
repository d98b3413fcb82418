"""Select IREE lit test files for ``testdata/peer-suites/iree-lit-untuned/``.

    python tools/select_iree_lit_untuned.py IREE_CHECKOUT [--tuned DIR] [--count N]
        [--max-cases N] [--copy OUT_DIR]

Candidates are the ``*.mlir`` files of the test directories that ``testdata/peer-suites/iree-lit``
draws from (``DIRS`` below) in the IREE checkout, minus the files that corpus already holds
(``--tuned``, default ``testdata/peer-suites/iree-lit``). A candidate is eligible when

* it has at least one ``iree-opt``/``mlir-opt`` RUN line, and every such RUN line can be replayed
  by ``irverify validate-lit`` with the installed IREE: no problem reading it, no flag reported
  as "not replayed" (global options, ``--verify-diagnostics``, ...), and a pipeline that
  ``PassManager.parse`` accepts;
* its RUN lines give at most ``--max-cases`` cases in all (default 40), so that no single file
  dominates the corpus.

The eligible files are ordered by the SHA-256 of their repository path (an order unrelated to
what irverify supports) and the first ``--count`` (default 20) are selected. The selection is
printed one path a line; ``--copy OUT_DIR`` also copies the files there under their repository
paths. Dropped files are printed to stderr with the reason.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import sys

DIRS = (
    "compiler/src/iree/compiler/Codegen/Common/test",
    "compiler/src/iree/compiler/DispatchCreation/test",
    "compiler/src/iree/compiler/GlobalOptimization/test",
    "compiler/src/iree/compiler/Dialect/LinalgExt/IR/test",
    "compiler/src/iree/compiler/Dialect/LinalgExt/Transforms/test",
    "compiler/src/iree/compiler/Dialect/Flow/Transforms/test",
    "compiler/src/iree/compiler/Dialect/Flow/Conversion/TensorToFlow/test",
)


def _pipeline_parses(pipeline: str) -> bool:
    from iree.compiler import ir, passmanager

    from irverify.frontends.mlir.parse import mlir_context

    try:
        passmanager.PassManager.parse(pipeline, mlir_context())
        return True
    except (ValueError, ir.MLIRError):
        return False


def why_not(path: str, text: str, max_cases: int) -> str:
    """Why the file is not eligible ("" when it is)."""
    from irverify.lit_corpus import OTHER_TOOL, run_lines
    from irverify.validate import split_cases

    runs = [r for r in run_lines(path, text) if r.status != OTHER_TOOL]
    if not runs:
        return "no iree-opt RUN line"
    cases = 0
    for run in runs:
        if run.problem:
            return f"RUN#{run.index + 1}: {run.problem}"
        if run.dropped:
            return f"RUN#{run.index + 1}: not replayed {'; '.join(run.dropped)}"
        if not _pipeline_parses(run.pipeline):
            return f"RUN#{run.index + 1}: pipeline does not parse with the installed IREE"
        cases += len(split_cases(text, run.split))
    if cases > max_cases:
        return f"{cases} cases (more than {max_cases})"
    return ""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("checkout")
    ap.add_argument("--tuned", default="testdata/peer-suites/iree-lit")
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--max-cases", type=int, default=40)
    ap.add_argument("--copy", metavar="OUT_DIR")
    args = ap.parse_args(argv)

    eligible = []
    for d in DIRS:
        full = os.path.join(args.checkout, d)
        if not os.path.isdir(full):
            print(f"{d}: not in the checkout", file=sys.stderr)
            continue
        for name in sorted(os.listdir(full)):
            rel = f"{d}/{name}"
            if not name.endswith(".mlir"):
                continue
            if os.path.exists(os.path.join(args.tuned, rel)):
                print(f"{rel}: in the tuned corpus", file=sys.stderr)
                continue
            with open(os.path.join(args.checkout, rel), encoding="utf-8") as f:
                reason = why_not(rel, f.read(), args.max_cases)
            if reason:
                print(f"{rel}: {reason}", file=sys.stderr)
            else:
                eligible.append(rel)
    eligible.sort(key=lambda p: hashlib.sha256(p.encode()).hexdigest())
    chosen = sorted(eligible[: args.count])
    print(f"{len(eligible)} eligible, {len(chosen)} selected", file=sys.stderr)
    for rel in chosen:
        print(rel)
        if args.copy:
            dest = os.path.join(args.copy, rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            shutil.copyfile(os.path.join(args.checkout, rel), dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
