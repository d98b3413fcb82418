"""The contracts of IREE's type-converting passes (``irverify/contracts/convert_types.py``) on
the real passes' outputs: ``iree-input-conversion-demote-i64-to-i32`` and
``iree-input-conversion-promote-bf16-to-f32`` run in-process, as ``validate-pass`` runs them,
and outputs broken by hand (``testdata/iree/contracts/*_bad.after.mlir``)."""

from __future__ import annotations

import json

import pytest

from irverify.cli import main

from tests.paths import REPO

DATA = REPO / "testdata" / "iree" / "contracts"
DEMOTE = "builtin.module(iree-input-conversion-demote-i64-to-i32)"
PROMOTE = "builtin.module(iree-input-conversion-promote-bf16-to-f32)"

pytestmark = pytest.mark.iree


def _json(capsys, *argv: str) -> tuple[int, list[dict]]:
    code = main([*argv, "--json", "--no-confirm"])
    return code, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_demote_output_is_proved_through_the_inferred_contract(capsys):
    code, lines = _json(capsys, "validate-pass", "--iree-pipeline", DEMOTE, str(DATA / "demote_i64.mlir"))
    assert code == 0, lines
    fns = {f["name"]: f for f in lines[0]["functions"]}
    assert set(fns) == {"scale", "shift_add"}
    assert all(f["verdict"] == "correct" for f in fns.values())
    assert all(f["notes"][0].startswith("contract demote-i64-to-i32: trunc_i32(") for f in fns.values())


def test_demote_of_a_division_is_refuted_where_i32_overflows(capsys):
    """The real pass output on a division: the contract's property fails (target UB)."""
    code, lines = _json(capsys, "validate-pass", "--iree-pipeline", DEMOTE, str(DATA / "demote_i64_div.mlir"))
    assert code == 1
    (fn,) = lines[0]["functions"]
    cex = fn["counterexample"]
    assert cex["check"].startswith("target has undefined behaviour")
    assert (cex["scalars"]["%x"], cex["scalars"]["%y"]) == (-(1 << 31), -1)
    assert cex["types"] == {"%x": "i32", "%y": "i32"}


def test_wrong_demote_output_is_refuted(capsys):
    code, lines = _json(capsys, "check", str(DATA / "demote_i64.mlir"), str(DATA / "demote_i64_bad.after.mlir"),
                        "--contract", "demote-i64-to-i32")
    assert code == 1
    fns = {f["name"]: f for f in lines[0]["functions"]}
    assert fns["shift_add"]["verdict"] == "correct"
    cex = fns["scale"]["counterexample"]
    x = cex["scalars"]["%x"]
    assert cex["output"] == "result #0"
    assert (cex["source_value"], cex["target_value"]) == (_i32(3 * x), _i32(4 * x))


def test_promote_output_is_proved_over_the_reals(capsys):
    code, lines = _json(capsys, "validate-pass", "--iree-pipeline", PROMOTE, str(DATA / "promote_bf16.mlir"))
    assert code == 0, lines
    (fn,) = lines[0]["functions"]
    assert fn["verdict"] == "correct" and fn["model"] == "real"
    assert lines[0]["model"].startswith("floats as real numbers")


def test_wrong_promote_output_is_refuted(capsys):
    code, lines = _json(capsys, "check", str(DATA / "promote_bf16.mlir"), str(DATA / "promote_bf16_bad.after.mlir"),
                        "--contract", "promote-bf16-to-f32")
    assert code == 1
    (fn,) = lines[0]["functions"]
    cex = fn["counterexample"]
    assert cex["output"] == "result #1" and fn["verdict"] == "incorrect"
    assert cex["source_value"] == -cex["target_value"] != 0  # y - a against a - y


def test_without_the_contract_the_signature_change_names_it(capsys, tmp_path):
    from irverify.validate import write_after, validate_iree
    from irverify.verify.check import Options

    after = tmp_path / "after.mlir"
    text = (DATA / "demote_i64.mlir").read_text()
    write_after(str(after), validate_iree(DEMOTE, str(DATA / "demote_i64.mlir"), text, False, Options(confirm=False)))
    code = main(["check", str(DATA / "demote_i64.mlir"), str(after), "--no-confirm"])
    out = capsys.readouterr().out
    assert code == 1
    assert "@scale: incorrect\nERROR: public signature changed\n  argument #0 (%x): i64 in the source, i32" in out
    assert "check it with --contract demote-i64-to-i32" in out


def _i32(v: int) -> int:
    return (v + (1 << 31)) % (1 << 32) - (1 << 31)
