"""Identity checks on the mlir-tv peer suite: every supported file checked against itself.

For each selected pair (``tools/run_mlir_tv.py``: tensor/linalg/arith/func/affine, no excluded
dialect), ``src`` vs ``src`` and ``tgt`` vs ``tgt`` go through the suite machinery
(``irverify.suite.run_pairs`` with ``-j 2``, no confirmation). A program always refines itself,
so the verdict must be ``correct``; ``unsupported``/``error`` are allowed for files irverify
cannot model or parse, ``unknown`` only with a reason, ``incorrect`` never (that would mean a
nondeterministic encoding). ``SKIP-IDCHECK`` is ignored here: it is about mlir-tv, not irverify.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from irverify.verify.check import Options
from tests.paths import MLIR_TV  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
SUITE = MLIR_TV
SAMPLE_PAIRS = 30  # -> 60 identity checks

@pytest.fixture(scope="module")
def runner():
    sys.path.insert(0, str(REPO / "tools"))
    try:
        import run_mlir_tv
    finally:
        sys.path.pop(0)
    return run_mlir_tv


def identity_checks(runner, cases):
    return [c for case in cases for c in runner.identity_cases([replace(case, skip_idcheck=False)])]


def run_identity(runner, cases, timeout_s: float):
    checks = identity_checks(runner, cases)
    results = runner.run_cases(checks, Options(timeout_s=timeout_s, confirm=False), jobs=2)
    assert [r.case.name for r in results] == [c.name for c in checks]
    bad = []
    for r in results:
        verdict, message = r.record["verdict"], r.record.get("message", "")
        fmsgs = " ".join(f.get("message") or "" for f in r.record.get("functions") or [])
        if verdict == "incorrect":
            bad.append((r.case.name, "incorrect", r.outcome.reason))
        elif verdict == "unknown" and not (message or fmsgs):
            bad.append((r.case.name, "unknown without a reason", ""))
        elif verdict == "error" and "internal error" in message + fmsgs:
            bad.append((r.case.name, "internal error", message))
        elif verdict not in ("correct", "unsupported", "error", "unknown"):
            bad.append((r.case.name, verdict, message))
    assert bad == []
    return results


def test_identity_sample(runner):
    selected, _ = runner.select(runner.read_manifest(SUITE))
    cases = runner.sample(selected, SAMPLE_PAIRS)
    results = run_identity(runner, cases, timeout_s=5.0)
    assert len(results) == 2 * len(cases)
    verdicts = [r.record["verdict"] for r in results]
    # Not vacuous: most files are modelled and proved equal to themselves.
    assert verdicts.count("correct") >= len(results) // 2, verdicts


@pytest.mark.slow
def test_identity_full(runner):
    selected, _ = runner.select(runner.read_manifest(SUITE))
    results = run_identity(runner, selected, timeout_s=10.0)
    assert sum(r.record["verdict"] == "correct" for r in results) >= len(results) // 2
