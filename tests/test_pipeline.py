"""``irverify validate-pipeline``: IREE's per-pass dumps split into applications, each checked;
a seeded miscompile is the first failing application, by the pass-by-pass run and by bisection."""

from __future__ import annotations

from pathlib import Path

import pytest

from irverify.pipeline import Application, bisect, check_application, split_dumps
from irverify.verify.check import Options
from irverify.verify.verdict import Verdict

ROOT = Path(__file__).resolve().parents[1]
MLP = ROOT / "examples" / "mlp.mlir"
NO_CONFIRM = Options(confirm=False)
QUICK = Options(confirm=False, falsify_first=True)  # as validate-pipeline checks: evaluation first

PRINTED = """// -----// IR Dump After CanonicalizerPass: canonicalize{max-iterations=10} ('util.func' operation: @f) //----- //
module {
  A
}

// -----// IR Dump After IREEImportPublicPass: iree-import-public ('builtin.module' operation) //----- //
module {
  B
}
"""


def test_dumps_split_into_applications_each_with_the_module_before_it():
    apps = split_dumps(PRINTED, "INPUT\n")
    assert [(a.index, a.name, a.flag, a.scope) for a in apps] == [
        (1, "CanonicalizerPass", "canonicalize", "'util.func' operation: @f"),
        (2, "IREEImportPublicPass", "iree-import-public", "'builtin.module' operation")]
    assert apps[0].before == "INPUT\n" and "A" in apps[0].after
    assert apps[1].before == apps[0].after and "B" in apps[1].after


@pytest.fixture(scope="module")
def mlp_apps():
    pytest.importorskip("iree.compiler")
    from irverify.pipeline import capture

    return capture(str(MLP), MLP.read_text(), None, "dispatch-creation", [])


RELU_ZERO = "arith.constant 0.000000e+00 : f32"


def seeded(apps: list[Application], k: int) -> list[Application]:
    """The applications as if pass ``k`` had turned the ReLU's and the fills' 0.0 into 1.0 (a
    wrong constant fold), the later passes carrying the mistake on."""
    out = []
    for a in apps:
        before = a.before.replace(RELU_ZERO, RELU_ZERO.replace("0.000000e+00", "1.000000e+00")) if a.index > k else a.before
        after = a.after.replace(RELU_ZERO, RELU_ZERO.replace("0.000000e+00", "1.000000e+00")) if a.index >= k else a.after
        out.append(Application(a.index, a.name, a.arg, a.scope, before, after))
    return out


@pytest.mark.iree
def test_every_application_of_the_mlp_compile_is_correct(mlp_apps):
    assert len(mlp_apps) >= 10
    flags = [a.flag for a in mlp_apps]
    assert "iree-abi-wrap-entry-points" in flags and "iree-dispatch-creation-form-dispatch-regions" in flags
    results = [check_application(a, str(MLP), NO_CONFIRM) for a in mlp_apps]
    assert [r.verdict for r in results] == [Verdict.CORRECT] * len(mlp_apps), \
        [(a.flag, r.verdict, r.message) for a, r in zip(mlp_apps, results)]


@pytest.mark.iree
def test_a_seeded_miscompile_is_the_first_failing_application(mlp_apps):
    k = next(a.index for a in mlp_apps if a.flag == "iree-dispatch-creation-form-dispatch-regions")
    apps = seeded(mlp_apps, k)
    assert RELU_ZERO.replace("0.000000e+00", "1.000000e+00") in apps[k - 1].after
    verdicts = [check_application(a, str(MLP), QUICK).verdict for a in apps[:k]]
    assert verdicts == [Verdict.CORRECT] * (k - 1) + [Verdict.INCORRECT]


@pytest.mark.iree
def test_the_seeded_miscompile_is_confirmed_on_iree_through_the_abi_wrapper(mlp_apps):
    # after iree-abi-wrap-entry-points the module's @mlp takes !hal.buffer_view; the
    # counterexample is replayed by compiling the module as it is and calling @mlp
    k = next(a.index for a in mlp_apps if a.flag == "iree-dispatch-creation-form-dispatch-regions")
    assert "hal.buffer_view" in mlp_apps[k - 1].before
    res = check_application(seeded(mlp_apps, k)[k - 1], str(MLP), Options(falsify_first=True))
    fn = res.report.functions[0]
    assert res.verdict is Verdict.INCORRECT and fn.confirmation is not None, res.message
    assert fn.confirmation.confirmed, fn.confirmation


def _chain_module(ops: int, wrong: bool) -> str:
    """A function adding a splat constant to its input ``ops + 1`` times: 0 (the input's
    meaning) or, once a pass has got it wrong, 1."""
    lines = ["func.func @f(%x: tensor<4xi32>) -> tensor<4xi32> {",
             f"  %c = arith.constant dense<{int(wrong)}> : tensor<4xi32>",
             "  %v0 = arith.addi %x, %c : tensor<4xi32>"]
    lines += [f"  %v{i} = arith.addi %v{i - 1}, %c : tensor<4xi32>" for i in range(1, ops + 1)]
    return "\n".join(lines + [f"  return %v{ops} : tensor<4xi32>", "}", ""])


@pytest.mark.parametrize("bad", [1, 6, 11])
def test_bisection_finds_the_first_wrong_application_of_a_chain(bad):
    # eleven applications, each adding one op; application ``bad`` changes the constant, and the
    # later ones carry the change on
    apps = [Application(i, f"Pass{i}", f"pass-{i}", "'func.func' operation: @f",
                        _chain_module(i - 1, i - 1 >= bad), _chain_module(i, i >= bad)) for i in range(1, 12)]
    found, steps = bisect(apps, _chain_module(0, False), "chain.mlir", QUICK)
    assert found.case.index == bad and found.verdict is Verdict.INCORRECT, (found.case.index, found.verdict)
    assert steps[0].verdict is Verdict.INCORRECT  # the input against the last module
    assert len(steps) <= 1 + len(apps).bit_length()


@pytest.mark.slow  # (minutes: the input against whole modules of the compile; the chain above is the fast set's)
@pytest.mark.iree
def test_bisection_finds_the_seeded_miscompile(mlp_apps):
    k = next(a.index for a in mlp_apps if a.flag == "iree-dispatch-creation-form-dispatch-regions")
    apps = seeded(mlp_apps, k)
    found, steps = bisect(apps, MLP.read_text(), str(MLP), QUICK)
    assert found.case.index == k and found.verdict is Verdict.INCORRECT
    assert len(steps) <= 1 + len(apps).bit_length()  # the whole pair, then a binary search


@pytest.mark.iree
def test_the_cli_prints_one_line_per_application_and_a_summary(capsys):
    from irverify import cli

    code = cli.main(["validate-pipeline", str(MLP), "--no-confirm"])
    out = capsys.readouterr().out
    assert code == 0
    assert "iree-abi-wrap-entry-points" in out and "100% definitive" in out


def test_a_compile_failure_is_an_input_error(tmp_path, capsys):
    pytest.importorskip("iree.compiler")
    from irverify import cli

    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f( {\n")
    code = cli.main(["validate-pipeline", str(bad)])
    err = capsys.readouterr().err
    assert code == 2 and "iree-compile failed" in err, err
