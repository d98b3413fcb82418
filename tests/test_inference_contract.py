"""The contract of TVM's ``DecomposeOpsForInference`` (``irverify/contracts/inference.py``): a
training-mode ``batch_norm`` decomposed into its inference arithmetic is a miscompile compared
as it is, and correct through the contract; an output broken by hand is refuted and replayed on
TVM with the source's ``batch_norm`` in inference mode."""

from __future__ import annotations

import json

import pytest

from irverify.cli import main
from irverify.contracts import contract_for_pass

from tests.paths import REPO

DATA = REPO / "testdata" / "relax" / "contracts"
PEER = REPO / "testdata" / "peer-suites" / "tvm-relax-untuned" / "inputs"

pytestmark = pytest.mark.tvm


def _json(capsys, *argv: str) -> tuple[int, list[dict]]:
    code = main([*argv, "--json"])
    return code, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_the_pass_expression_selects_the_contract():
    assert contract_for_pass("relax.transform.DecomposeOpsForInference('main')").func_name == "main"
    assert contract_for_pass("relax.transform.DecomposeOpsForInference()").func_name is None
    assert contract_for_pass("relax.transform.DecomposeOpsForTraining()") is None


def test_tvm_test_input_is_proved_through_the_inferred_contract(capsys):
    pytest.importorskip("tvm")
    code, lines = _json(capsys, "validate-pass", "--no-confirm", "--tvm-pass",
                        "relax.transform.DecomposeOpsForInference('main')",
                        str(PEER / "decompose_ops__test_batch_norm_inference__Before.py"))
    assert code == 0, lines
    (fn,) = lines[0]["functions"]
    assert fn["verdict"] == "correct"
    assert fn["notes"][0].startswith("contract decompose-ops-for-inference: the training-mode batch_norm ops of @main")


def test_decomposition_is_a_miscompile_without_the_contract(capsys):
    pytest.importorskip("tvm")
    code, lines = _json(capsys, "check", str(DATA / "bn_train.py"), str(DATA / "bn_train.after.py"))
    assert code == 1 and lines[0]["functions"][0]["verdict"] == "incorrect"
    code, lines = _json(capsys, "check", str(DATA / "bn_train.py"), str(DATA / "bn_train.after.py"),
                        "--contract", "decompose-ops-for-inference")
    assert code == 0 and lines[0]["functions"][0]["verdict"] == "correct"


def test_wrong_decomposition_is_refuted_and_replayed_in_inference_mode(capsys):
    pytest.importorskip("tvm")
    code, lines = _json(capsys, "check", str(DATA / "bn_train.py"), str(DATA / "bn_train_bad.after.py"),
                        "--contract", "decompose-ops-for-inference")
    assert code == 1
    (fn,) = lines[0]["functions"]
    assert fn["verdict"] == "incorrect"
    assert fn["oracle"] == "execution" and "TVM llvm" in fn["oracles"], fn


def test_shared_transform_needs_its_own_contract(capsys):
    code = main(["check", str(DATA / "bn_train.py"), str(DATA / "bn_train.after.py"),
                 "--contract", "decompose-ops-for-inference", "--shared-transform"])
    assert code == 2
    assert "--shared-transform needs --contract lift-transform-params" in capsys.readouterr().err
