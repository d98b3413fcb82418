"""The differential soundness fuzzer (``tools/fuzz.py``, ``irverify.fuzz``).

Short runs of each arm (part of the fast set) and long runs (``slow``) must find no unsound
verdict: no pair that irverify calls ``correct`` while executing both sides shows a difference
where the source is defined and not poison (for the MLIR arm's registry programs: in an output
that is not tainted). The oracle itself is tested: with irverify's verdict forced to
``correct`` the fuzzer must report the mutated pairs as unsound, for arithmetic chains and for
registry programs.
"""

from __future__ import annotations

import os

import random

import numpy as np
import pytest

from irverify.fuzz import driver, mlir_interp, mlir_mutate, mlir_prog
from irverify.fuzz.mlir_prog import Op, Prog


def _assert_sound(summary, count):
    assert summary.programs == count
    assert summary.verdicts["correct"] > 0 and summary.verdicts["incorrect"] > 0
    assert summary.not_executed < count // 4
    assert [(c.number, c.desc, c.witness) for c in summary.unsound] == []


@pytest.mark.iree
def test_mlir_short_run_finds_no_unsound_verdict(tmp_path):
    s = driver.fuzz("mlir", seed=7, count=12, findings=str(tmp_path))
    _assert_sound(s, 12)


@pytest.mark.tvm
def test_relax_short_run_finds_no_unsound_verdict(tmp_path):
    pytest.importorskip("tvm")
    # (seed 13: correct and incorrect verdicts, every pair executed; the programs a seed draws
    # change when a generator is added: seed 3's six came to take 50 s, then seed 6's 46 s and
    # no correct verdict once the tril/triu and scan generators joined)
    s = driver.fuzz("relax", seed=13, count=6, findings=str(tmp_path))
    _assert_sound(s, 6)


@pytest.mark.iree
def test_the_oracle_reports_a_wrong_correct_verdict(tmp_path, monkeypatch):
    """With every verdict forced to ``correct``, mutated pairs show up as unsound, shrunk and
    written as reproducers."""
    monkeypatch.setattr(driver, "check_text", lambda text, suffix, timeout_s, extra=(): {"verdict": "correct"})
    s = driver.fuzz("mlir", seed=3, count=8, findings=str(tmp_path), shrink_budget=2)
    assert s.unsound, "no mutation was caught by execution"
    assert all(c.desc.startswith("mutation") for c in s.unsound)
    written = sorted(p.name for p in tmp_path.iterdir() if p.name.endswith("-unsound.srctgt.mlir"))
    assert len(written) == len(s.unsound)
    text = (tmp_path / written[0]).read_text()
    assert "func.func @src" in text and "// execution: " in text


@pytest.mark.iree
def test_the_oracle_judges_registry_programs(tmp_path, monkeypatch):
    """Registry programs built around ops where poison meets memory and vectors: with every
    verdict forced to ``correct``, some mutation is reported unsound, and no known-good rewrite
    is (a rewrite that executes differently would be a generator bug: a false alarm)."""
    from irverify.fuzz import mlir_arm

    monkeypatch.setattr(driver, "check_text", lambda text, suffix, timeout_s, extra=(): {"verdict": "correct"})
    monkeypatch.setattr(mlir_arm, "FOCUS", ["memref.store", "vector.broadcast", "tensor.extract_slice"])
    s = driver.fuzz("mlir", seed=5, count=8, findings=str(tmp_path), shrink_budget=1)
    assert s.not_executed <= 2
    assert s.unsound, "no mutation of a registry program was caught by execution"
    assert all(c.desc.startswith("mutation") for c in s.unsound), [c.desc for c in s.unsound]
    # a known-good rewrite that executes differently is reported as a compiler discrepancy
    assert [(c.desc, c.backend) for c in s.backend] == []


def test_programs_are_deterministic_per_seed():
    arm = driver.arm_named("mlir")
    a = [arm.pair_text(c.src, c.tgt) for c in (driver.make_case(arm, 5, n) for n in range(30))]
    b = [arm.pair_text(c.src, c.tgt) for c in (driver.make_case(arm, 5, n) for n in range(30))]
    assert a == b
    assert len(set(a)) == 30


def _prog(kind, elem="i8", flags=()):
    return Prog(None, [("x", elem), ("y", elem)], [Op("r", kind, ["x", "y"], elem, {"flags": flags})], "r")


@pytest.mark.parametrize("kind,flags,x,y,poison", [
    ("addi", ("nsw",), 127, 1, True), ("addi", ("nsw",), 126, 1, False), ("addi", ("nuw",), -1, 1, True),
    ("addi", (), 127, 1, False), ("subi", ("nuw",), 0, 1, True), ("muli", ("nsw",), -128, -1, True),
    ("muli", ("nuw",), 16, 16, True), ("shli", (), 1, 8, True), ("shrsi", (), 1, 7, False),
    ("shrui", (), 1, -1, True)])
def test_reference_poison(kind, flags, x, y, poison):
    ub, mask = mlir_interp.undefined(_prog(kind, flags=flags), [np.int8(x), np.int8(y)])
    assert not ub and bool(mask) is poison


@pytest.mark.parametrize("kind,x,y,ub", [("divsi", 1, 0, True), ("divsi", -128, -1, True),
                                         ("divui", -128, -1, False), ("remsi", 5, 0, True),
                                         ("floordivsi", -128, -1, True), ("ceildivsi", 7, 2, False)])
def test_reference_undefined_behaviour(kind, x, y, ub):
    assert mlir_interp.undefined(_prog(kind), [np.int8(x), np.int8(y)])[0] is ub


def test_reference_select_ignores_the_arm_not_chosen():
    p = Prog(None, [("c", "i1"), ("x", "i8"), ("y", "i8")],
             [Op("o", "const", [], "i8", {"value": 127}), Op("p", "addi", ["x", "o"], "i8", {"flags": ("nsw",)}),
              Op("r", "select", ["c", "p", "y"], "i8")], "r")
    assert not mlir_interp.undefined(p, [np.bool_(False), np.int8(1), np.int8(0)])[1]
    assert mlir_interp.undefined(p, [np.bool_(True), np.int8(1), np.int8(0)])[1]


def test_reference_fptosi_out_of_range_is_poison():
    p = Prog(None, [("x", "f32")], [Op("r", "fptosi", ["x"], "i8")], "r")
    assert mlir_interp.undefined(p, [np.float32(127.9)])[1] == np.False_
    assert mlir_interp.undefined(p, [np.float32(128.0)])[1] == np.True_
    assert mlir_interp.undefined(p, [np.float32("nan")])[1] == np.True_


def test_generated_programs_parse():
    """Every generated program (and its target) is valid MLIR for irverify's parser."""
    from irverify.frontends.mlir.parse import parse_mlir_native

    arm = driver.arm_named("mlir")
    for n in range(40):
        c = driver.make_case(arm, 11, n)
        parse_mlir_native(arm.pair_text(c.src, c.tgt), f"case{n}.mlir")
    # x + x -> x * 2 on a dynamically shaped tensor needs no constant (it once printed a dense
    # constant of dynamic shape)
    for k in range(80):
        src = mlir_prog.generate(random.Random(k))
        if src.shape is not None and None in src.shape:
            for j in range(8):
                tgt, desc = mlir_mutate.transform(src, random.Random(j))
                parse_mlir_native(arm.pair_text(src, tgt), f"chain{k}-{j}.mlir")


# The long runs take hours (about 4 h for the MLIR arm in one process; tools/FUZZ.md shows how to
# split it into shards): they run when asked.
LONG = pytest.mark.skipif(not os.environ.get("IRVERIFY_FUZZ_LONG"),
                          reason="the long fuzz runs take hours: set IRVERIFY_FUZZ_LONG=1 to run them")


@pytest.mark.slow
@pytest.mark.iree
@LONG
def test_mlir_long_run(tmp_path):
    s = driver.fuzz("mlir", seed=1000, count=10_000, findings=str(tmp_path))
    _assert_sound(s, 10_000)


@pytest.mark.slow
@pytest.mark.tvm
@LONG
def test_relax_long_run(tmp_path):
    pytest.importorskip("tvm")
    s = driver.fuzz("relax", seed=1000, count=2_000, findings=str(tmp_path))
    _assert_sound(s, 2_000)


def test_reference_division_by_a_poison_divisor_is_undefined():
    p = Prog(None, [("x", "i8"), ("y", "i8")],
             [Op("m", "muli", ["y", "y"], "i8", {"flags": ("nuw",)}), Op("r", "divsi", ["x", "m"], "i8")], "r")
    assert mlir_interp.undefined(p, [np.int8(1), np.int8(-1)])[0] is True
    assert mlir_interp.undefined(p, [np.int8(1), np.int8(3)])[0] is False
    q = Prog(None, [("x", "i8"), ("y", "i8")],
             [Op("s", "shli", ["x", "y"], "i8"), Op("r", "divsi", ["s", "y"], "i8")], "r")
    assert mlir_interp.undefined(q, [np.int8(1), np.int8(-1)])[0] is True  # poison (maybe INT_MIN) / -1
    assert mlir_interp.undefined(q, [np.int8(1), np.int8(9)])[0] is False  # poison / 9 is poison


def test_reference_values_of_a_reduction():
    p = Prog((3,), [("x", "i8")], [Op("r", "addi", ["x", "x"], "i8")], "r",
             tail={"kind": "reduce", "res": "t", "dim": 0, "comb": "addi", "init": 3})
    ub, values, poison = mlir_interp.evaluate(p, [np.array([1, 2, 3], dtype=np.int8)])
    assert not ub and int(values) == 15 and not poison
    assert mlir_interp.agrees(values, poison, "i8", np.int8(15))
    assert not mlir_interp.agrees(values, poison, "i8", np.int8(5))


def test_the_mlir_arm_imports_no_tvm():
    import subprocess
    import sys

    code = ("import sys\nfrom irverify.fuzz import driver\narm = driver.arm_named('mlir')\n"
            "c = driver.make_case(arm, 1, 0)\ndriver.check_case(arm, c, 5)\n"
            "print(c.verdict, any(m == 'tvm' or m.startswith('tvm.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    verdict, tvm_loaded = out.stdout.split()
    assert verdict in ("correct", "incorrect", "unknown", "unsupported") and tvm_loaded == "False"


def test_an_alarm_that_needs_a_poison_argument_is_counted_apart():
    """Execution cannot pass poison: an ``incorrect`` whose counterexample needs a poison
    argument, shown by irverify's reference evaluation, is not an unconfirmed alarm."""
    src = ("func.func @src(%c: i1, %x: i1) -> i1 {\n  %f = arith.constant false\n"
           "  %0 = arith.select %c, %x, %f : i1\n  return %0 : i1\n}\n")
    tgt = "func.func @tgt(%c: i1, %x: i1) -> i1 {\n  %0 = arith.andi %c, %x : i1\n  return %0 : i1\n}\n"
    case = driver.Case(0, 0, None, None, "select to andi")
    case.report = driver.check_text(src + tgt, ".srctgt.mlir", 10.0)
    assert case.report["verdict"] == "incorrect"
    assert driver._poison_only(case)
    wrong = driver.Case(0, 0, None, None, "a constant changed")
    wrong.report = driver.check_text(src + tgt.replace("arith.andi %c, %x", "arith.ori %c, %c"), ".srctgt.mlir", 10.0)
    assert wrong.report["verdict"] == "incorrect" and not driver._poison_only(wrong)


@pytest.mark.slow
def test_a_counterexample_the_model_leaves_symbolic_is_unknown_not_an_error():
    """Fuzz program 4603 (MLIR, seed 6000): the differing element of the solver's model was no
    literal; it was an internal error (AttributeError) and is ``unknown`` now, saying why."""
    from pathlib import Path

    from irverify.cli import main

    path = Path(__file__).resolve().parents[2] / "testdata" / "fuzz-findings" / "Inputs" / "symbolic-target-element.srctgt.mlir"
    assert main(["check", str(path), "--no-confirm"]) == 4
