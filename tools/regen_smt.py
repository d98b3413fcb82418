"""Regenerate ``smt/``: the SMT-LIB2 proof obligations of every pattern-catalogue instance.

    python tools/regen_smt.py [--out DIR] [NAME ...]

One file per instance, ``smt/<pattern>/<instance>.smt2``, holding the refinement queries that
``irverify check`` runs for it (shapes, target UB, values, source UB), each a standalone script
inside ``(push 1)``/``(pop 1)`` with a comment saying what it asserts. Minimisation and
counterexample-extraction queries are left out. Output is deterministic, so ``tests/test_smt_obligations.py`` can compare a fresh
regeneration with the committed files. Stale files of regenerated patterns are removed.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from irverify.patterns.catalogue import load_catalogue, select  # noqa: E402
from irverify.patterns.run import check_instance  # noqa: E402
from irverify.smt import solver  # noqa: E402
from irverify.verify.check import Options  # noqa: E402

# The refinement checks (verify/refinement.py); counterexample extraction and minimisation
# queries are left out.
REFINEMENT_QUERIES = ("shapes of ", "target UB", "value of ", "poison of ", "source UB")

HEADER = """\
; irverify proof obligations: pattern {pattern}, instance {instance} ({column})
; rewrite: {rewrite} ({project}, {source})
; irverify verdict: {verdict}
; regenerate with: python tools/regen_smt.py {pattern}
"""


def obligations(pattern, inst, opts) -> tuple[str, str]:
    """(verdict, file text) for one instance."""
    solver.LOG.smt2.clear()
    solver.LOG.keep_smt2 = True
    try:
        res = check_instance(pattern, inst, opts)
    finally:
        solver.LOG.keep_smt2 = False
    queries = [(n, q) for n, q in solver.LOG.smt2 if n.startswith(REFINEMENT_QUERIES) and "(" not in n]  # primary queries only: no minimisation or timeout-dependent bounded retries
    solver.LOG.smt2.clear()
    head = HEADER.format(pattern=pattern.name, instance=inst.label, column=inst.column,
                         rewrite=pattern.rewrite, project=pattern.project, source=pattern.source,
                         verdict=res.verdict.value)
    if not queries:
        head += "; no solver query was needed: every check was decided while encoding\n"
    return res.verdict.value, head + "\n" + solver.format_smt2(queries)


def regenerate(out: Path, names: list[str], timeout_s: float = 20.0) -> list[Path]:
    opts = Options(fp="abstract", timeout_s=timeout_s, confirm=False, escalate=False)
    written = []
    for p in select(load_catalogue(), names):
        pdir = out / p.name
        if pdir.exists():
            shutil.rmtree(pdir)
        pdir.mkdir(parents=True)
        for inst in p.instances():
            _, text = obligations(p, inst, opts)
            path = pdir / f"{inst.slug}.smt2"
            path.write_text(text, encoding="utf-8")
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", metavar="NAME")
    ap.add_argument("--out", default=str(ROOT / "smt"))
    args = ap.parse_args(argv)
    written = regenerate(Path(args.out), args.names)
    print(f"wrote {len(written)} files under {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
