"""Pass contracts: LiftTransformParams composition (seed §3, apache/tvm#17207), its options,
the named error for a naive same-name comparison, and inference ambiguity."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("tvm")

from irverify.contracts import contract_for_pass, contract_named  # noqa: E402
from irverify.errors import InputError  # noqa: E402
from irverify.frontends import load  # noqa: E402
from irverify.records import read_records
from irverify.verify.check import Options, check_modules  # noqa: E402
from irverify.verify.verdict import Verdict  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "testdata" / "relax" / "contracts"
LIFT = "lift-transform-params"


def pair(case: str, after: str | None = None):
    return load(str(DATA / f"{case}.before.py")), load(str(DATA / f"{after or case}.after.py"))


def check(case: str, after: str | None = None, confirm: bool = False, **options):
    src, tgt = pair(case, after)
    return check_modules(src, tgt, Options(confirm=confirm, timeout_s=20), contract=contract_named(LIFT, **options))


def cli(*args: str):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-m", "irverify", *args], capture_output=True, text=True, cwd=REPO, env=env)
    return out.returncode, out.stdout, out.stderr


@pytest.mark.parametrize("case", ["lift_basic", "lift_reshape", "lift_square", "lift_stop", "lift_symbolic",
                                  "lift_compose", "lift_shared", "lift_shared_list"])
def test_real_pass_output_is_proved(case):
    report = check(case)  # options inferred (unambiguous for each of these)
    assert report.verdict == Verdict.CORRECT, [(f.name, f.verdict, f.message) for f in report.functions]
    composed = [f for f in report.functions if any(n.startswith(f"contract {LIFT}") for n in f.notes)]
    assert composed, "no function was checked through the composition"


def test_composition_uses_the_transform_and_matches_by_position():
    report = check("lift_compose")
    (fn,) = report.functions
    assert "main_transform_params_before((w,))" in fn.notes[0]  # T0 composes on the source side
    report = check("lift_shared_list", shared_transform=["func1"])
    by_name = {f.name: f for f in report.functions}
    assert by_name["func1"].notes and not by_name["func2"].notes  # func2 excluded: compared directly
    assert report.verdict == Verdict.CORRECT


@pytest.mark.parametrize("bad", [pytest.param("lift_square-bad-untransposed", marks=pytest.mark.slow),
                                 "lift_basic-bad-untransposed"])
def test_broken_after_is_refuted_and_confirmed(bad):
    case = bad.split("-bad-")[0]
    report = check(case, bad, confirm=True)
    (fn,) = report.functions
    assert fn.verdict == Verdict.INCORRECT, fn.message
    assert fn.confirmation is not None and fn.confirmation.confirmed is True, fn.confirmation


@pytest.mark.slow
@pytest.mark.parametrize("bad", ["lift_square-bad-twice", "lift_square-bad-wrong-weight", "lift_reshape-bad-swapped"])
def test_more_broken_afters_are_refuted_and_confirmed(bad):
    case = bad.split("-bad-")[0]
    (fn,) = check(case, bad, confirm=True).functions
    assert fn.verdict == Verdict.INCORRECT
    assert fn.confirmation.confirmed is True, fn.confirmation


def test_naive_comparison_names_the_contract():
    src, tgt = pair("lift_basic")
    with pytest.raises(InputError) as e:
        check_modules(src, tgt, Options(confirm=False))
    msg = str(e.value)
    assert "signature of @main differs" in msg and "use --contract lift-transform-params" in msg
    code, out, _ = cli("check", "--json", str(DATA / "lift_basic.before.py"), str(DATA / "lift_basic.after.py"))
    assert code == 2 and read_records(out)[1]["verdict"] == "error"
    src, tgt = pair("lift_shared")
    with pytest.raises(InputError, match="--contract lift-transform-params --shared-transform"):
        check_modules(src, tgt, Options(confirm=False))


def test_wrong_options_are_errors_not_mismatches():
    with pytest.raises(InputError, match="kept its signature"):
        check("lift_shared_list", shared_transform=True)  # func2 was excluded by the pass
    with pytest.raises(InputError, match="shared @transform_params"):
        check("lift_shared", shared_transform=False)
    with pytest.raises(InputError, match="not a function with attribute num_input"):
        check("lift_shared", shared_transform=["nope"])
    with pytest.raises(InputError, match="no @main_transform_params"):
        src, _ = pair("lift_basic")
        check_modules(src, src, Options(confirm=False), contract=contract_named(LIFT))


def test_inference_ambiguity_asks_for_the_flag():
    src, tgt = pair("lift_shared")
    tgt.functions["func1_transform_params"] = tgt.functions["transform_params"]  # both kinds of transform
    with pytest.raises(InputError, match="cannot infer the LiftTransformParams options.*--shared-transform"):
        check_modules(src, tgt, Options(confirm=False), contract=contract_named(LIFT))
    src, tgt = pair("lift_shared_list")
    other, _ = pair("lift_reshape")
    tgt.functions["func2"] = other.functions["main"]  # neither kept nor taking T's outputs
    with pytest.raises(InputError, match="cannot infer whether the shared @transform_params covers @func2"):
        check_modules(src, tgt, Options(confirm=False), contract=contract_named(LIFT))


def test_stop_lift_params_is_identity_and_stripped_for_execution():
    import tvm_ffi

    from irverify.contracts.confirm_lift import strip_stop_lift_params
    from irverify.semantics import registry

    assert "relax.builtin.stop_lift_params" in registry.registered_ops()
    src, _ = pair("lift_stop")
    assert any(op.name == "relax.builtin.stop_lift_params" for op in src.functions["main"].body.ops)
    stripped = strip_stop_lift_params(src.native)
    assert "stop_lift_params" not in stripped.script() and "stop_lift_params" in src.native.script()
    assert not tvm_ffi.structural_equal(stripped, src.native)


def test_contract_from_pass_expression():
    c = contract_for_pass("relax.transform.LiftTransformParams(shared_transform=['func1'])")
    assert c.name == LIFT and c.shared_transform == ["func1"]
    assert contract_for_pass("relax.transform.LiftTransformParams()").shared_transform is False
    assert contract_for_pass("relax.transform.LiftTransformParams(True)").shared_transform is True
    assert contract_for_pass("relax.transform.ReorderTakeAfterMatmul()") is None


def test_cli_flags():
    before, after = str(DATA / "lift_shared.before.py"), str(DATA / "lift_shared.after.py")
    code, out, _ = cli("check", "--json", "--no-confirm", "--contract", LIFT, "--shared-transform", before, after)
    assert code == 0 and read_records(out)[1]["verdict"] == "correct"
    before, after = str(DATA / "lift_shared_list.before.py"), str(DATA / "lift_shared_list.after.py")
    code, out, _ = cli("check", "--json", "--no-confirm", "--contract", LIFT, "--shared-transform=func1", before, after)
    assert code == 0 and [f["name"] for f in read_records(out)[0][0]["functions"]] == ["func1", "func2"]
    code, out, _ = cli("validate-pass", "--json", "--no-confirm", "--tvm-pass",
                       "relax.transform.LiftTransformParams(shared_transform=['func1'])", before)
    [case], _ = read_records(out)
    assert code == 0 and case["verdict"] == "correct" and case["changed"] is True
