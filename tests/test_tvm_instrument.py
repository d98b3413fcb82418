"""``irverify.tvm.ValidatePasses`` and ``irverify validate-pipeline MODULE.py``: every changed
leaf pass of a TVM compile is checked in-process; a seeded miscompile is the first failing pass,
confirmed on TVM; bound weights need no text round trip."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

tvm = pytest.importorskip("tvm")

from tvm import relax  # noqa: E402

from irverify.frontends.relax.parse import load_native  # noqa: E402
from irverify.tvm import LOWERING, IncorrectPass, ValidatePasses, compile_validated  # noqa: E402
from irverify.verify.check import Options  # noqa: E402
from irverify.verify.verdict import Verdict  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MLP = ROOT / "examples" / "mlp.py"
FAST = Options(confirm=False, falsify_first=True)


def mlp():
    return load_native(MLP.read_text(), str(MLP))[0]


def run(seq, mod, instrument):
    with tvm.transform.PassContext(instruments=[instrument]):
        return seq(mod)


@tvm.transform.module_pass(opt_level=0, name="SeededReluBug")
def relu_to_one(mod, _ctx):
    """A wrong rewrite: the ReLU PrimFunc's ``max(x, 0.0)`` becomes ``max(x, 1.0)``. It updates
    the module it is given in place (as a Python pass may)."""
    for gv, f in list(mod.functions.items()):
        if "relu" in gv.name_hint and not isinstance(f, relax.Function):
            mod[gv] = tvm.script.from_source(f.script().replace("T.float32(0.0)", "T.float32(1.0)"))
    return mod


@pytest.fixture(scope="module")
def whole_compile():
    """The MLP's whole TVM compile with every changed leaf pass checked (shared: each compile
    checks about 30 applications)."""
    check = ValidatePasses(FAST)
    compile_validated(mlp(), check)
    return check


def test_compile_checks_each_changed_leaf_pass_up_to_the_lowering(whole_compile):
    """Up to the lowering every changed leaf pass is proved (``stop_before=LOWERING``, the CLI's
    default, is ``test_cli_validates_a_tvmscript_module``)."""
    names = [c.name for c in whole_compile.results]
    before = whole_compile.results[:names.index(LOWERING)]
    assert names[0] == "LegalizeOps" and "FuseOps" in names and "FuseTIRInner" in names
    assert "sequential" not in names  # (a Sequential is not a leaf)
    assert all(c.result.verdict is Verdict.CORRECT for c in before), [
        (c.name, c.result.verdict, c.result.message) for c in before]
    assert whole_compile.passes_run > whole_compile.changed


def test_past_the_lowering_an_application_is_unsupported_naming_the_construct(whole_compile):
    by_name = {c.name: c.result for c in whole_compile.results}
    assert by_name[LOWERING].verdict is Verdict.UNSUPPORTED
    assert "relax.builtin.alloc_tensor" in by_name[LOWERING].message
    tir_only = [r for n, r in by_name.items() if n.startswith("tirx.")]
    assert tir_only and all(r.verdict is Verdict.UNSUPPORTED and "only PrimFuncs" in r.message for r in tir_only)


def test_a_seeded_miscompile_is_the_first_failing_pass_and_confirmed_on_tvm():
    check = ValidatePasses(Options(falsify_first=True), raise_on_incorrect=True)
    seq = tvm.transform.Sequential([relax.transform.LegalizeOps(), relu_to_one, relax.transform.FuseOps()])
    with pytest.raises(Exception, match="irverify: pass 2 SeededReluBug is incorrect"):
        run(seq, mlp(), check)
    assert isinstance(check.raised, IncorrectPass)
    first = check.first_incorrect()
    assert first is check.raised.check and first.name == "SeededReluBug" and first.index == 2
    assert [c.result.verdict for c in check.results] == [Verdict.CORRECT, Verdict.INCORRECT]
    fn = first.result.report.functions[0]
    assert fn.counterexample is not None and fn.confirmation is not None and fn.confirmation.confirmed
    assert "FuseOps" not in [c.name for c in check.results]  # the compile ended there


def test_without_raising_every_pass_is_reported():
    seen = []
    check = ValidatePasses(FAST, report=seen.append)
    run(tvm.transform.Sequential([relax.transform.LegalizeOps(), relu_to_one]), mlp(), check)
    assert [(c.name, c.result.verdict) for c in seen] == [("LegalizeOps", Verdict.CORRECT),
                                                          ("SeededReluBug", Verdict.INCORRECT)]
    assert check.verdict is Verdict.INCORRECT and check.raised is None


def test_bound_weights_are_checked_as_constants():
    rng = np.random.default_rng(0)
    params = {p.name: tvm.runtime.tensor(rng.standard_normal([int(d) for d in p.ty.shape]).astype("float32"))
              for p in mlp()["forward"].params[1:]}
    bound = relax.transform.BindParams("forward", params)(mlp())
    check = ValidatePasses(FAST)
    run(tvm.transform.Sequential([relax.transform.LegalizeOps(), relax.transform.FoldConstant(), relu_to_one]),
        bound, check)
    verdicts = {c.name: c.result.verdict for c in check.results}
    assert verdicts["LegalizeOps"] is Verdict.CORRECT and verdicts["FoldConstant"] is Verdict.CORRECT
    assert verdicts["SeededReluBug"] is Verdict.INCORRECT


def test_until_ends_checking_after_the_named_pass():
    check = ValidatePasses(FAST, until="LegalizeOps")
    run(tvm.transform.Sequential([relax.transform.LegalizeOps(), relu_to_one]), mlp(), check)
    assert [c.name for c in check.results] == ["LegalizeOps"] and check.unchecked == 1


def irverify(*args):
    return subprocess.run([sys.executable, "-m", "irverify", *args], capture_output=True, text=True, cwd=ROOT)


def test_cli_validates_a_tvmscript_module():
    proc = irverify("validate-pipeline", "examples/mlp.py", "--no-confirm")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "LegalizeOps" in proc.stdout and "correct" in proc.stdout
    assert f"from {LOWERING} on not checked" in proc.stdout and "100% definitive" in proc.stdout


def test_cli_rejects_iree_options_for_a_tvmscript_module():
    proc = irverify("validate-pipeline", "examples/mlp.py", "--compile-to", "flow")
    assert proc.returncode == 2 and "--compile-to applies to an IREE input" in proc.stderr
    assert "Traceback" not in proc.stderr
