"""TVM entries of the pattern catalogue: the per-entry float model (``fp``), passes run
in-process on TVMScript templates, and the LiftTransformParams contract."""

import pytest

from irverify.patterns.catalogue import load_catalogue, select
from irverify.patterns.run import pass_contract, run_patterns
from irverify.patterns.spec import COLUMNS, SpecError, parse_spec
from irverify.verify.check import Options

SPEC = '''pattern P {
  project "a" rewrite "b" source "c"
  fp real
  shape s { before mlir """x""" after mlir """y""" }
}
'''


def test_fp_field_parses_and_defaults_to_none():
    [p] = parse_spec(SPEC)
    assert p.fp == "real"
    [q] = parse_spec(SPEC.replace("  fp real\n", ""))
    assert q.fp is None


@pytest.mark.parametrize("text, message", [
    (SPEC.replace("fp real", "fp exact"), "unknown float model 'exact'"),
    (SPEC.replace("fp real", "fp real\n  fp ieee"), "'fp' given twice"),
])
def test_bad_fp_fields_have_located_errors(text, message):
    with pytest.raises(SpecError) as err:
        parse_spec(text, "bad.pattern")
    assert message in err.value.message and err.value.line >= 3


def _run(name, **opts):
    pytest.importorskip("tvm")
    [res] = run_patterns(select(load_catalogue(), [name]), Options(**{"confirm": False, "timeout_s": 20, **opts}))
    return res


def test_entry_fp_overrides_the_run_model():
    """The scale-on-Q entry holds only over the reals: its ``fp real`` applies under an abstract run."""
    res = _run("AttentionScale-scores-to-Q", fp="abstract")
    [inst] = res.instances
    assert res.pattern.fp == "real"
    assert inst.verdict.value == "correct" and res.ok
    assert any("real-only" in n for n in inst.report.functions[0].notes)


def test_reorder_take_after_matmul_runs_the_real_pass():
    res = _run("ReorderTakeAfterMatmul-simple")
    assert {c: res.column(c).value for c in COLUMNS} == res.pattern.expect
    modes = set()
    for r in res.instances:
        # the pass moved the take after the matmul and kept its mode
        mode = r.instance.shape.name
        modes.add(mode)
        assert r.after_text.index("R.matmul(x, w") < r.after_text.index(f'R.take(lv, idx, axis=1, mode="{mode}")')
        # source UB: fast on an out-of-range index; clip and wrap on an empty (symbolic) axis
        fn = r.report.functions[0]
        expect_ub = mode == "fast" or (mode in ("clip", "wrap") and r.instance.values["n"] is None)
        assert (fn.source_ub is not None) == expect_ub, r.instance.label
    assert modes == {"fast", "clip", "wrap", "nan"}


def test_lift_transform_params_entry_uses_the_composition_contract():
    [p] = select(load_catalogue(), ["LiftTransformParams"])
    assert pass_contract(p) is not None
    assert all(pass_contract(q) is None for q in select(load_catalogue(), ["ReorderTakeAfterMatmul-batched"]))
    res = _run("LiftTransformParams")
    assert res.ok and {r.verdict.value for r in res.instances} == {"correct"}
    assert all("main_transform_params" in r.after_text for r in res.instances)
