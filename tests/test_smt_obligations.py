"""The committed SMT-LIB2 proof obligations (``smt/``): current with the catalogue, standalone,
and answered the same way by z3 and by a second solver (cvc5)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SMT = ROOT / "smt"
FAST = ["FoldCollapseShapeIntoInterfaceTensorStoreFullSlice-pre-edbb69a", "FoldExpandOfRankReducingExtract"]
QUERY = re.compile(r"(; query: [^\n]*)\n\(push 1\)\n(.*?)\n\(pop 1\)", re.S)


def _regen_module():
    spec = importlib.util.spec_from_file_location("regen_smt", ROOT / "tools" / "regen_smt.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["regen_smt"] = mod
    spec.loader.exec_module(mod)
    return mod


def queries(path: Path) -> list[tuple[str, str]]:
    return queries_of(path.read_text(encoding="utf-8"))


def queries_of(text: str) -> list[tuple[str, str]]:
    return QUERY.findall(text)


def z3_answer(script: str, timeout_ms: int = 30000) -> str:
    import z3

    s = z3.Solver()
    s.set("timeout", timeout_ms)
    s.from_string(script)
    return str(s.check())


def cvc5_answer(script: str, timeout_ms: int = 30000) -> str:
    import cvc5

    tm = cvc5.TermManager()
    slv = cvc5.Solver(tm)
    slv.setOption("tlimit-per", str(timeout_ms))
    slv.setLogic("ALL")  # first-order: lambdas are exported as arrays defined by an axiom
    sm = cvc5.SymbolManager(tm)
    parser = cvc5.InputParser(slv, sm)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, script, "obligation")
    answers = []
    while True:
        cmd = parser.nextCommand()
        if cmd.isNull():
            break
        out = cmd.invoke(slv, sm).strip()
        if out.split(" ")[0] in ("sat", "unsat", "unknown"):
            answers.append(out.split(" ")[0])
    assert len(answers) == 1, answers
    return answers[0]


def _files(names: list[str] | None) -> list[Path]:
    dirs = [SMT / n for n in names] if names else sorted(p for p in SMT.iterdir() if p.is_dir())
    return sorted(f for d in dirs for f in d.glob("*.smt2"))


def _compare_regenerated(tmp_path: Path, names: list[str]) -> None:
    regen = _regen_module()
    regen.regenerate(tmp_path, names)
    fresh = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.smt2"))
    committed = sorted(p.relative_to(SMT) for p in _files(names))
    assert fresh == committed, "smt/ is out of date: run python tools/regen_smt.py"
    for rel in fresh:
        new_verdict, new_text = _verdict_line((tmp_path / rel).read_text())
        old_verdict, old_text = _verdict_line((SMT / rel).read_text())
        if new_verdict == old_verdict:
            assert new_text == old_text, f"smt/{rel} is out of date: run python tools/regen_smt.py"
            continue
        # The header's verdict is what irverify decided when the file was written: a query near its
        # CPU-time budget may end `unknown` in one run and be decided in another (and a run that
        # ends `unknown` asks no later query, e.g. no source-UB query), but the queries both runs
        # asked are the same, and a decided verdict never flips.
        assert "unknown" in (new_verdict, old_verdict), (
            f"smt/{rel}: irverify now says {new_verdict}, the file says {old_verdict}")
        new_q, old_q = queries_of(new_text), queries_of(old_text)
        shorter = min(len(new_q), len(old_q))
        assert new_q[:shorter] == old_q[:shorter] and shorter, f"smt/{rel} is out of date: run python tools/regen_smt.py"


VERDICT_LINE = re.compile(r"^; irverify verdict: (\S+)\n", re.M)


def _verdict_line(text: str) -> tuple[str, str]:
    """The header's verdict and the text without that line."""
    m = VERDICT_LINE.search(text)
    assert m, "no verdict line"
    return m.group(1), text[:m.start()] + text[m.end():]


def test_obligations_are_current_for_two_entries(tmp_path):
    _compare_regenerated(tmp_path, FAST)


@pytest.mark.slow
def test_obligations_are_current_for_the_whole_catalogue(tmp_path):
    from irverify.patterns.catalogue import load_catalogue

    _compare_regenerated(tmp_path, [p.name for p in load_catalogue()])
    assert sorted(p.name for p in SMT.iterdir() if p.is_dir()) == sorted(p.name for p in load_catalogue())


def test_every_obligation_is_a_standalone_commented_script():
    import z3

    files = _files(None)
    assert len(files) >= 40
    total = 0
    for f in files:
        text = f.read_text()
        assert text.startswith("; irverify proof obligations: pattern "), f
        qs = queries(f)
        assert text.count("(push 1)") == len(qs) == text.count("(check-sat)"), f
        for comment, script in qs:
            assert " - sat " in comment, (f, comment)
            assert "(check-sat)" in script
            assert not re.search(r"\(Array Int Int", script), (f, "multi-index array")
            assert "(lambda " not in script, (f, "a lambda: not first-order SMT-LIB2")
            z3.Solver().from_string(script)  # parses on its own: everything it uses is declared
            total += 1
    assert total >= 100


def test_headers_agree_with_z3_on_two_entries():
    """A ``correct`` instance has only unsat refinement queries; an ``incorrect`` one has a sat one."""
    for f in _files(FAST):
        verdict = re.search(r"; irverify verdict: (\w+)", f.read_text()).group(1)
        answers = [z3_answer(s) for c, s in queries(f) if "source_ub note" not in c]
        if verdict == "correct":
            assert all(a == "unsat" for a in answers), f
        elif verdict == "incorrect":
            assert "sat" in answers, f


def test_z3_and_cvc5_agree_on_two_entries():
    pytest.importorskip("cvc5")
    n = 0
    for f in _files(FAST):
        for comment, script in queries(f):
            a, b = z3_answer(script), cvc5_answer(script)
            assert a in ("sat", "unsat") and a == b, (f, comment, a, b)
            n += 1
    assert n >= 8


@pytest.mark.slow
def test_z3_and_cvc5_agree_on_every_obligation():
    """Both solvers give the same answer on every obligation they decide; neither contradicts
    the other (one may time out on the larger nonlinear queries)."""
    pytest.importorskip("cvc5")
    decided_by_both = undecided = 0
    for f in _files(None):
        for comment, script in queries(f):
            a, b = z3_answer(script), cvc5_answer(script)
            if "unknown" in (a, b):
                undecided += 1
                continue
            assert a == b, (f, comment, a, b)
            decided_by_both += 1
    assert decided_by_both >= 10 * max(1, undecided)
