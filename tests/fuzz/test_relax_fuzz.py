"""The Relax arm of the differential fuzzer (``irverify/fuzz/relax_*.py``): every registered Relax
op has a generator and appears in generated programs, the programs parse, and the oracle sees
outputs a ``call_tir`` leaves unwritten (through its execution variants, not through irverify)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from irverify.fuzz import driver, relax_arm, relax_ops, relax_prog, relax_tirgen


def test_every_registered_relax_op_has_a_generator():
    from irverify.semantics.registry import registered_ops

    relax = {o for o in registered_ops() if o.startswith("relax.")}
    missing = sorted(relax - set(relax_ops.GENERATORS))
    assert not missing, f"registered Relax ops without a fuzz generator (irverify/fuzz/relax_ops.py): {missing}"


def test_generated_programs_use_every_generator_and_tir_construct():
    seen = set()
    for n in range(400):
        seen |= relax_arm.generate(random.Random(n)).ops()
    never = sorted(set(relax_arm.all_generated()) - seen)
    assert not never, never


def test_programs_are_deterministic_per_seed():
    arm = driver.arm_named("relax")
    a = [arm.pair_text(c.src, c.tgt) for c in (driver.make_case(arm, 5, n) for n in range(12))]
    b = [arm.pair_text(c.src, c.tgt) for c in (driver.make_case(arm, 5, n) for n in range(12))]
    assert a == b and len(set(a)) == 12


@pytest.mark.tvm
def test_every_generator_parses():
    """For each generator, the first program (and target) that uses it is valid TVMScript that
    irverify's Relax frontend reads."""
    pytest.importorskip("tvm")
    from irverify.errors import Unsupported
    from irverify.frontends.relax.parse import parse

    todo = set(relax_ops.GENERATORS)
    for n in range(400):
        if not todo:
            break
        rng = random.Random(n)
        src = relax_arm.generate(rng)
        new = src.ops() & todo
        if not new:
            continue
        tgt = src.clone()
        relax_arm.alternative(tgt, rng)  # and a target through one of its alternatives
        try:
            parse(relax_prog.pair_text(src, tgt), f"case{n}.py")
        except Unsupported:
            pass  # a construct irverify reports unsupported (e.g. reshape to a shape variable)
        todo -= new
    assert not todo, todo


def _partial_write_prog():
    """``y = call_tir(f, x)`` with ``f`` writing 4 of the 6 elements of its output, and
    ``y * 0`` returned: every element depends on stale memory."""
    prim = relax_tirgen.PrimFunc(
        [("buf", "x0", (4,), "float32"), ("buf", "y0", (6,), "float32")], 1, [],
        [relax_tirgen.Block("map", [relax_tirgen.Loop("i0", 4)], [relax_tirgen.Iter("v_i0", "S", 4, "i0")],
                            [("y0", ["v_i0"], "x0[v_i0]")])], {"tir.partial_write"})
    a = relax_prog.Val("a0", (4,), "float32")
    call = relax_prog.Node("v1", "relax.call_tir", "", (6,), "float32", ["a0"],
                           meta={"prim": prim, "ins": ["a0"], "outs": [((6,), "float32")]})
    return relax_prog.Prog([a], [call], ["v1"])


@pytest.mark.tvm
def test_stale_memory_is_unspecified_in_the_source_and_a_witness_in_the_target():
    pytest.importorskip("tvm")
    src = _partial_write_prog()
    full = src.clone()  # the target writes every element: refines the source
    full.nodes[0].meta["prim"].params[1] = ("buf", "y0", (4,), "float32")
    full.nodes[0].meta["outs"] = [((4,), "float32")]
    x = np.arange(4, dtype=np.float32)
    calls = [("p_src", [x]), ("p_tgt", [x])]
    # sources that leave elements unwritten: those elements differ between the variants
    res = relax_arm.run(relax_arm.batch_text([(src, src, ("p_src", "p_tgt"))]), calls)
    mask = relax_arm.defined_mask(res[0])[0]
    assert list(mask) == [True] * 4 + [False] * 2
    assert relax_arm.witness(None, res[0], res[1], [x]) == ""
    # a target leaving elements unwritten where the source writes them is a witness
    tgt = src.clone()
    src_full = _partial_write_prog()
    src_full.nodes[0].meta["prim"].params[1] = ("buf", "y0", (6,), "float32")
    src_full.nodes[0].meta["prim"].blocks[0].loops[0].extent = 6
    src_full.nodes[0].meta["prim"].blocks[0].iters[0].extent = 6
    src_full.params = [relax_prog.Val("a0", (6,), "float32")]
    src_full.nodes[0].meta["prim"].params[0] = ("buf", "x0", (6,), "float32")
    tgt.params = src_full.params
    tgt.nodes[0].meta["prim"].params[0] = ("buf", "x0", (6,), "float32")
    x6 = np.arange(6, dtype=np.float32)
    res = relax_arm.run(relax_arm.batch_text([(src_full, tgt, ("p_src", "p_tgt"))]), [("p_src", [x6]), ("p_tgt", [x6])])
    w = relax_arm.witness(None, res[0], res[1], [x6])
    assert "unspecified where the source is defined" in w, w


@pytest.mark.tvm
def test_the_relax_oracle_reports_a_wrong_correct_verdict(tmp_path, monkeypatch):
    """With every verdict forced to ``correct``, mutations show up as unsound."""
    pytest.importorskip("tvm")
    monkeypatch.setattr(driver, "check_text", lambda text, suffix, timeout_s, extra=(): {"verdict": "correct"})
    s = driver.fuzz("relax", seed=3, count=4, findings=str(tmp_path), shrink_budget=0)
    assert s.unsound, "no mutation was caught by execution"
    assert all(c.desc.startswith("mutation") for c in s.unsound), [c.desc for c in s.unsound]
    assert s.op_programs and s.op_names
