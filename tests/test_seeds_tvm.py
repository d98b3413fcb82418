"""The TVM seed cases (``testdata/seeds``) end to end, with confirmation on TVM llvm.

The fast set runs the same commands as lit tests (``testdata/seeds/*.test``, through
``tests/test_lit.py``); the checks here that repeat them with a full confirmation are ``slow``."""

from __future__ import annotations

import os

import pytest
from tests.paths import SEEDS as SEEDS_DIR  # noqa: E402

pytest.importorskip("tvm")

from irverify.frontends import load  # noqa: E402
from irverify.verify.check import ABSTRACT_HINT, FLOAT_TIMEOUT_HINT, IEEE_TIMEOUT_HINT, REAL_PROOF_NOTE, Options, check_modules  # noqa: E402
from irverify.verify.verdict import Verdict  # noqa: E402

SEEDS = str(SEEDS_DIR)
REFERENCE = os.path.join(os.path.dirname(__file__), "..", "testdata", "relax", "attention_reference.py")


def run(before: str, after: str, fp: str = "abstract", confirm: bool = True, timeout_s: float = 20):
    report = check_modules(load(before), load(after), Options(fp=fp, confirm=confirm, timeout_s=timeout_s))
    assert len(report.functions) == 1
    return report.functions[0]


def seed(*parts: str) -> str:
    return os.path.join(SEEDS, *parts)


def test_take_out_of_bounds_is_source_ub():
    fr = run(seed("tvm-take-out-of-bounds", "before.py"), seed("tvm-take-out-of-bounds", "after.py"))
    assert fr.verdict == Verdict.CORRECT
    (cond,) = fr.source_ub["conditions"]
    assert cond.endswith("requires 0 <= routing_table[j] < 16")
    assert ":18:" in cond  # the take binding in before.py
    # the triggering input is checked with exact semantics: t = arange(256)
    assert fr.source_ub["input_checked"].startswith("ieee semantics (arange input)")
    t = fr.source_ub["input"]["tensors"]["t"]
    assert t[0][:3] == [0.0, 1.0, 2.0] and t[15][15] == 255.0


@pytest.mark.slow
def test_sdpa_torch_layout_is_incorrect_and_confirmed():
    fr = run(seed("sdpa-layout", "attention_on_torch_layout.py"), seed("sdpa-layout", "attention_with_permutes.py"))
    assert fr.verdict == Verdict.INCORRECT
    assert fr.confirmation.confirmed is True and fr.confirmation.backend == "TVM llvm"


@pytest.mark.slow
def test_sdpa_against_explicit_reference():
    fr = run(REFERENCE, seed("sdpa-layout", "attention_with_permutes.py"))
    assert fr.verdict == Verdict.CORRECT and not fr.notes
    fr = run(REFERENCE, seed("sdpa-layout", "attention_on_torch_layout.py"))
    assert fr.verdict == Verdict.INCORRECT and fr.confirmation.confirmed is True


@pytest.mark.slow
def test_scale_on_q_is_unknown_under_abstract_floats():
    fr = run(seed("scale-placement", "scale_q.py"), seed("scale-placement", "scale_scores.py"), timeout_s=5)
    assert fr.verdict == Verdict.UNKNOWN
    # Either the abstract model finds a counterexample that execution does not reproduce, or
    # its query runs out of time: both are honest unknowns (the rewrite is right over the
    # reals, and IEEE rounding may differ).
    if fr.message == ABSTRACT_HINT:
        assert fr.confirmation is not None and fr.confirmation.confirmed is False
    else:
        assert fr.message.startswith("solver could not decide") and "timeout" in fr.message, fr.message
        assert FLOAT_TIMEOUT_HINT in fr.notes or IEEE_TIMEOUT_HINT in fr.notes
    assert REAL_PROOF_NOTE in fr.notes  # the proof over the reals, tried after the timeout


def test_scale_on_q_is_correct_over_the_reals():
    fr = run(seed("scale-placement", "scale_q.py"), seed("scale-placement", "scale_scores.py"), fp="real")
    assert fr.verdict == Verdict.CORRECT
    assert any(n.startswith("real-only") for n in fr.notes)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["scale_v", "scale_probs"])
def test_scale_after_softmax_is_incorrect(variant):
    fr = run(seed("scale-placement", f"{variant}.py"), seed("scale-placement", "scale_scores.py"))
    assert fr.verdict == Verdict.INCORRECT
    assert fr.confirmation.confirmed is True


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["scale_v", "scale_probs"])
def test_scale_after_softmax_is_refuted_over_the_reals(variant):
    fr = run(seed("scale-placement", f"{variant}.py"), seed("scale-placement", "scale_scores.py"), fp="real")
    assert fr.verdict == Verdict.INCORRECT
    assert fr.confirmation.confirmed is True
