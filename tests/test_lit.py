"""Runs the lit regression corpus (``testdata/``) so that one pytest command covers it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

TESTDATA = Path(__file__).resolve().parents[1] / "testdata"


def _lit(*args: str, timeout: float = 1800, slow: bool = False) -> subprocess.CompletedProcess:
    """Runs lit with its own output directory, so concurrent runs (pytest -n) never share %t files
    (``slow``: with the lit feature ``slow``, which the long-running cases require)."""
    cmd = [sys.executable, "-c", "import sys; from lit.main import main; sys.exit(main())", *args]
    with tempfile.TemporaryDirectory(prefix="irverify-lit-") as out:
        env = {**os.environ, "IRVERIFY_LIT_OUT": out}
        env.pop("IRVERIFY_LIT_SLOW", None)
        if slow:
            env["IRVERIFY_LIT_SLOW"] = "1"
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=TESTDATA.parent, env=env)


def test_lit_corpus_passes():
    pytest.importorskip("lit")
    pytest.importorskip("filecheck")
    jobs = str(max(2, os.cpu_count() or 2))
    proc = _lit("-q", "-j", jobs, "--no-progress-bar", str(TESTDATA))
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-3000:]


SLOW_CASES = re.compile(r"REQUIRES:.*\bslow\b")


@pytest.mark.slow
def test_lit_slow_cases_pass():
    """The cases that require the lit feature ``slow`` (left out of the fast set)."""
    pytest.importorskip("lit")
    pytest.importorskip("filecheck")
    slow = sorted(str(p) for p in TESTDATA.rglob("*") if p.suffix in (".mlir", ".py", ".test")
                  and "peer-suites" not in p.parts and "Inputs" not in p.parts and p.is_file()
                  and SLOW_CASES.search(p.read_text(encoding="utf-8", errors="replace")))
    assert slow
    proc = _lit("-q", "-j", "2", "--no-progress-bar", *slow, slow=True)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-3000:]
    unsupported = _lit("-v", "--no-progress-bar", *slow)  # (without the feature: left out)
    assert unsupported.stdout.count("UNSUPPORTED:") == len(slow), unsupported.stdout[-3000:]


@pytest.mark.slow
def test_lit_cli_tests_pass():
    """The command-line tests alone (``testdata/cli``), a subset of the corpus (``slow``: the fast
    set runs them within ``test_lit_corpus_passes``)."""
    pytest.importorskip("lit")
    pytest.importorskip("filecheck")
    proc = _lit("-q", "-j", "2", "--no-progress-bar", str(TESTDATA / "cli"))
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-3000:]


def test_lit_discovers_the_corpus():
    pytest.importorskip("lit")
    proc = _lit("--show-tests", str(TESTDATA), timeout=120)
    assert proc.returncode == 0, proc.stderr
    names = re.findall(r"irverify :: (\S+)", proc.stdout)
    assert len(names) >= 80
    assert all(n.endswith((".srctgt.mlir", ".srctgt.py", ".test")) for n in names)
    assert not any("/Inputs/" in n or n.startswith(("pending/", "tools/")) for n in names)
    # Every litmus dialect directory holds correct and incorrect pairs.
    for dialect in ("arith", "tensor", "iree"):
        cases = [n for n in names if n.startswith(f"litmus/{dialect}/")]
        assert cases, dialect
    assert any(n.endswith("-bad.srctgt.mlir") for n in names if n.startswith("litmus/arith/"))
    assert any(n.endswith("-bad.srctgt.mlir") for n in names if n.startswith("litmus/iree/"))


def test_bad_cases_expect_failure_and_good_cases_success():
    """``-bad`` and ``-unsupported`` cases run ``not irverify check`` (``-unsupported`` ones may
    check the exit code with ``%exit-code``) and check their verdict; the others run it plainly
    (or are XFAIL, or expect ``unknown``)."""
    for path in TESTDATA.glob("litmus/**/*.srctgt.*"):
        text = path.read_text(encoding="utf-8")
        runs = re.findall(r"RUN: (.*)", text)
        assert runs, path
        if path.name.endswith(("-bad.srctgt.mlir", "-bad.srctgt.py")):
            # (a run under --fp=real may show the pair equal over the reals)
            assert all(r.startswith("not irverify check") or "--fp=real" in r for r in runs), path
            assert any(r.startswith("not irverify check") for r in runs), path
            assert "verdict: incorrect" in text, path
        elif path.name.endswith(("-unsupported.srctgt.mlir", "-unsupported.srctgt.py")):
            # not irverify check, or %exit-code irverify check (which checks the exit code itself)
            assert all(r.startswith(("not irverify check", "%exit-code irverify check")) for r in runs), path
            assert re.search(r"CHECK(-NEXT|-SAME)?: .*unsupported", text), path
        elif "XFAIL:" not in text and "verdict: unknown" not in text:
            # irverify check, or the same pair's pass run through validate-pass
            assert all(r.startswith(("irverify check", "irverify validate-pass")) for r in runs), path
            assert "verdict: correct" in text, path
