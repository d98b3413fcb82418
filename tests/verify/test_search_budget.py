"""The evaluation search (``irverify.verify.search``) is not started when the functions compute
more tensor elements than its budget lets the concrete evaluation get through, and takes the
dynamic extents of its inputs from the solver's candidate counterexample."""

from __future__ import annotations

import time

from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.check import Options
from irverify.verify.search import ELEMENTS_PER_S, computed_elements, search_by_evaluation
from irverify.verify.verdict import Counterexample, FunctionReport, Verdict

SCALE = """func.func @f(%a: tensor<{shape}xf32>) -> tensor<{shape}xf32> {{
  %e = tensor.empty({dyn}) : tensor<{shape}xf32>
  %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}} ins(%a : tensor<{shape}xf32>) outs(%e : tensor<{shape}xf32>) {{
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %x : f32
    linalg.yield %m : f32
  }} -> tensor<{shape}xf32>
  return %r : tensor<{shape}xf32>
}}
"""
NEGATED = SCALE.replace("arith.mulf %x, %x", "arith.subf %x, %x")
DYNAMIC = SCALE.replace("  %e = tensor.empty", "  %c0 = arith.constant 0 : index\n  %d = tensor.dim %a, %c0 : tensor<{shape}xf32>\n  %e = tensor.empty")
DYNAMIC_NEGATED = DYNAMIC.replace("arith.mulf %x, %x", "arith.subf %x, %x")


def _module(text: str, shape: str, dyn: str = ""):
    return parse_mlir(text.format(shape=shape, dyn=dyn), "f.mlir")


def test_computed_elements_count_static_results():
    m = _module(SCALE, "512x256")
    assert computed_elements(m.functions["f"]) == 2 * 512 * 256  # tensor.empty and the generic
    dynamic = _module(DYNAMIC, "?x4", "%d").functions["f"]
    assert computed_elements(dynamic) == 2 * 4  # a dynamic extent counts 1


def test_a_search_too_large_for_its_budget_is_not_started():
    src, tgt = _module(SCALE, "512x256"), _module(NEGATED, "512x256")
    assert computed_elements(src.functions["f"]) * 2 > ELEMENTS_PER_S * 20
    report = FunctionReport("f", Verdict.UNKNOWN)
    start = time.process_time()
    found = search_by_evaluation(report, Options(timeout_s=20, confirm=False), src, src.functions["f"],
                                 tgt, tgt.functions["f"], "test")
    assert found is report and time.process_time() - start < 2.0


def test_a_small_search_finds_the_difference():
    src, tgt = _module(SCALE, "4x4"), _module(NEGATED, "4x4")
    report = FunctionReport("f", Verdict.UNKNOWN)
    found = search_by_evaluation(report, Options(timeout_s=20, confirm=False), src, src.functions["f"],
                                 tgt, tgt.functions["f"], "test")
    assert found.verdict == Verdict.INCORRECT


def test_dynamic_extents_come_from_the_candidate_counterexample():
    src, tgt = _module(DYNAMIC, "?x4", "%d"), _module(DYNAMIC_NEGATED, "?x4", "%d")
    opts = Options(timeout_s=20, confirm=False)
    bare = FunctionReport("f", Verdict.UNKNOWN)  # no extent known: no search
    assert search_by_evaluation(bare, opts, src, src.functions["f"], tgt, tgt.functions["f"], "test") is bare
    report = FunctionReport("f", Verdict.UNKNOWN, Counterexample("value mismatch", dims={"dim(%a, 0)": 3}))
    found = search_by_evaluation(report, opts, src, src.functions["f"], tgt, tgt.functions["f"], "test")
    assert found.verdict == Verdict.INCORRECT and found.counterexample.dims == {"dim(%a, 0)": 3}
    assert found.counterexample.tensors["%a"].shape == (3, 4)


def test_a_sampled_evaluation_computes_the_chosen_elements_only():
    import numpy as np

    from irverify.verify.evaluate import evaluate_function

    m = _module(SCALE, "4x4")
    x = np.arange(16, dtype=np.float32).reshape(4, 4) - 5
    full = evaluate_function(m, "f", [x], fp_name="ieee")
    some = evaluate_function(m, "f", [x], fp_name="ieee", elements=3)
    mask = some.undefined[0]
    assert (~mask).sum() == 3 and not mask[0, 0] and not mask[3, 3]  # spread: first and last
    assert np.array_equal(some.outputs[0][~mask], full.outputs[0][~mask])
    assert full.undefined[0] is None and np.array_equal(full.outputs[0], x * x)


def test_the_search_finds_a_difference_in_its_sample_first():
    src, tgt = _module(SCALE, "64x64"), _module(NEGATED, "64x64")
    report = FunctionReport("f", Verdict.UNKNOWN)
    start = time.process_time()
    found = search_by_evaluation(report, Options(timeout_s=20, confirm=False), src, src.functions["f"],
                                 tgt, tgt.functions["f"], "test")
    assert found.verdict == Verdict.INCORRECT and found.counterexample.index == [0, 0]
    assert time.process_time() - start < 3  # 2 x 32 elements evaluated, not 2 x 4096


SOFTMAX_PAIR = """func.func @src(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %e = tensor.empty() : tensor<2x8xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) -> tensor<2x8xf32>
  return %s : tensor<2x8xf32>
}
func.func @tgt(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %e = tensor.empty() : tensor<2x8xf32>
  %s = linalg.softmax dimension(%d) ins(%x : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) -> tensor<2x8xf32>
  return %s : tensor<2x8xf32>
}
"""


def test_a_function_computing_a_transcendental_is_evaluated_before_any_solver_query():
    """exp is uninterpreted in every float model: a wrong softmax is found by evaluation, with
    no query; a correct one (the same dimension) still goes to the solver and is proved."""
    from irverify.smt import solver
    from irverify.verify.check import check_modules
    from irverify.verify.search import EARLY_NOTE

    start = len(solver.LOG.stats)
    wrong = check_modules(parse_mlir(SOFTMAX_PAIR.replace("%d", "0"), "p.mlir"), None, Options(confirm=False))
    report = wrong.functions[0]
    assert report.verdict is Verdict.INCORRECT and report.notes == [EARLY_NOTE]
    assert len(solver.LOG.stats) == start  # no solver query
    same = check_modules(parse_mlir(SOFTMAX_PAIR.replace("%d", "1"), "p.mlir"), None, Options(confirm=False))
    assert same.functions[0].verdict is Verdict.CORRECT


def test_only_uninterpreted_float_functions_make_evaluation_come_first():
    from irverify.verify.check import _computes_transcendentals

    pair = parse_mlir(SOFTMAX_PAIR.replace("%d", "1"), "p.mlir")
    assert _computes_transcendentals(pair.functions["src"])
    assert not _computes_transcendentals(_module(SCALE, "4x4").functions["f"])
