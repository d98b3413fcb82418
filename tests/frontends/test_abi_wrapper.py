"""IREE's synchronous ABI wrapper read as the function it wraps (``frontends.mlir.abi``), with
dynamic extents: an import's extents are its buffer view's own, ``hal.buffer_view.dim`` is
``tensor.dim`` of the imported tensor, and an export's declared extents must be its tensor's
(a differing one is UB of that side). A wrapper of another form stays as it is: the check is
then ``unsupported`` (never ``incorrect`` for a changed signature)."""

from __future__ import annotations

from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.check import Options, check_modules
from irverify.verify.verdict import Verdict

SOURCE = """
func.func @f(%x: tensor<?x4xf32>, %y: tensor<4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<?x4xf32>, tensor<4xf32>) outs(%e : tensor<?x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
"""

WRAPPED = """
util.func public @f(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> !hal.buffer_view {
  %0 = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[0] : index
  %1 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<?x4xf32>{%0}
  %2 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<4xf32>
  %e = tensor.empty(%0) : tensor<?x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]} ins(%1, %2 : tensor<?x4xf32>, tensor<4xf32>) outs(%e : tensor<?x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  EXTENT
  %3 = hal.tensor.export %r "output0" : tensor<?x4xf32>{DIM} -> !hal.buffer_view
  util.return %3 : !hal.buffer_view
}
"""


def check(after: str):
    report = check_modules(parse_mlir(SOURCE, "before.mlir"), parse_mlir(after, "after.mlir"), Options(confirm=False))
    return report.functions[0]


def test_a_wrapper_with_dynamic_extents_is_the_function_it_wraps():
    wrapped = parse_mlir(WRAPPED.replace("EXTENT", "").replace("DIM", "%0"), "after.mlir").functions["f"]
    assert [str(a.type) for a in wrapped.args] == ["tensor<?x4xf32>", "tensor<4xf32>"]
    assert [op.name for op in wrapped.body.ops][:2] == ["arith.constant", "tensor.dim"]
    assert check(WRAPPED.replace("EXTENT", "").replace("DIM", "%0")).verdict is Verdict.CORRECT


def test_an_export_declaring_another_extent_is_undefined():
    fr = check(WRAPPED.replace("EXTENT", "%c2 = arith.constant 2 : index").replace("DIM", "%c2"))
    assert fr.verdict is Verdict.INCORRECT
    assert any("tie_shape: declared dynamic extent 0" in r for r in fr.counterexample.ub_reasons)


def test_an_import_extent_read_from_another_view_is_not_peeled_and_unsupported():
    other = WRAPPED.replace("hal.buffer_view.dim<%arg0", "hal.buffer_view.dim<%arg1").replace("EXTENT", "").replace("DIM", "%0")
    fr = check(other)
    assert fr.verdict is Verdict.UNSUPPORTED and "ABI wrapper" in fr.message


OUTLINED = """
util.func private @_f(%x: tensor<?x4xf32>, %y: tensor<4xf32>) -> tensor<?x4xf32> {
BODY
}
util.func public @f(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %0 = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[0] : index
  %1 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<?x4xf32>{%0}
  %2 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<4xf32>
  %r = util.call @_f(%1, %2) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %d = tensor.dim %r, %c0 : tensor<?x4xf32>
  %3 = hal.tensor.export %r "output0" : tensor<?x4xf32>{DIM} -> !hal.buffer_view
  util.return %3 : !hal.buffer_view
}
"""


def test_a_wrapper_restating_its_results_extents_is_read_as_the_function_it_calls():
    body = "\n".join(SOURCE.strip().splitlines()[1:-1]).replace("return", "util.return")
    own = parse_mlir(OUTLINED.replace("BODY", body).replace("DIM", "%d"), "after.mlir").functions["f"]
    assert own.attrs["irverify.abi"] == "sync wrapper of @_f read as @_f"
    # an extent that is not the result's own is not restated: the wrapper stays as it is
    other = parse_mlir(OUTLINED.replace("BODY", body).replace("DIM", "%0"), "after.mlir").functions["f"]
    assert other.attrs["irverify.abi"] == "sync wrapper read as the function on tensors"
