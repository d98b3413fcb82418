"""Conformance with IREE llvm-cpu of ``flow.dispatch.region`` (modelled by its body) and
``util.optimization_barrier`` (its operands): irverify's evaluation equals IREE's exactly on
random extents and i32 values, wrapping arithmetic included."""

from __future__ import annotations

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_functions
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

# IREE compiles dispatch regions of static shapes only when the region captures a tensor (a
# captured dynamic extent fails its shape cleanup); one function per extent.
SIZES = (1, 4, 9)
TEMPLATE = """
util.func public @f{n}(%x: tensor<{n}x3xi32>, %y: tensor<{n}x3xi32>, %s: i32) -> (tensor<{n}x3xi32>, i32) {{
  %c2 = arith.constant 2 : index
  %b = util.optimization_barrier %y : tensor<{n}x3xi32>
  %r = flow.dispatch.region[%c2] -> (tensor<{n}x3xi32>) {{
    %0 = arith.muli %x, %b : tensor<{n}x3xi32>
    %1 = arith.subi %0, %x : tensor<{n}x3xi32>
    flow.return %1 : tensor<{n}x3xi32>
  }} count(%w: index) -> (index, index, index) {{
    %c1 = arith.constant 1 : index
    flow.return %w, %c1, %c1 : index, index, index
  }}
  %t = util.optimization_barrier %s : i32
  %u = arith.addi %t, %s : i32
  util.return %r, %u : tensor<{n}x3xi32>, i32
}}
"""
TEXT = "\n".join(TEMPLATE.format(n=n) for n in SIZES)


def test_dispatch_region_and_barrier_match_iree():
    rng = np.random.default_rng(11)
    calls = []
    for n in SIZES:
        x = rng.integers(-2**31, 2**31, (n, 3), dtype=np.int64).astype(np.int32)
        y = rng.integers(-2**31, 2**31, (n, 3), dtype=np.int64).astype(np.int32)
        calls.append((f"f{n}", [x, y, np.int32(rng.integers(-2**31, 2**31))]))
    runs = run_functions(TEXT, calls)
    module = parse_mlir(TEXT, "flow.mlir")
    for (name, args), theirs in zip(calls, runs):
        assert not isinstance(theirs, ExecutionError), theirs
        ev = evaluate_function(module, name, args, fp_name="ieee")
        assert ev.ub == []
        assert np.array_equal(np.asarray(ev.outputs[0]), np.asarray(theirs[0]))
        assert int(ev.outputs[1]) == int(np.asarray(theirs[1]))


LOAD_TEXT = """
func.func @load(%t: tensor<3x?xi32>, %i: index, %j: index) -> (i32, i1) {
  %c1 = arith.constant 1 : index
  %d = tensor.dim %t, %c1 : tensor<3x?xi32>
  %v = flow.tensor.load %t[%i, %j] : tensor<3x?xi32>{%d}
  %bi = arith.cmpi sgt, %v, %v : i32
  return %v, %bi : i32, i1
}
"""


def test_flow_tensor_load_matches_iree():
    """``flow.tensor.load``: the element at in-bounds positions of a tensor with a dynamic dim;
    positions outside it are UB for irverify (not run)."""
    import numpy as np

    from irverify.frontends.mlir.parse import parse_mlir
    from irverify.verify.evaluate import evaluate_function

    module = parse_mlir(LOAD_TEXT, "load.mlir")
    rng = np.random.default_rng(3)
    calls, ub = [], 0
    for _ in range(12):
        n = int(rng.integers(1, 5))
        args = [rng.integers(-1000, 1000, (3, n)).astype(np.int32), int(rng.integers(0, 4)), int(rng.integers(0, n + 1))]
        ev = evaluate_function(module, "load", args, fp_name="ieee")
        if ev.ub:
            ub += 1
            assert args[1] >= 3 or args[2] >= n
            continue
        calls.append((args, ev))
    assert len(calls) >= 3 and ub >= 1
    runs = run_functions(LOAD_TEXT, [("load", a) for a, _ in calls])
    for (args, ev), theirs in zip(calls, runs):
        assert not isinstance(theirs, ExecutionError), theirs
        assert int(np.asarray(ev.outputs[0])) == int(np.asarray(theirs[0])) == int(args[0][args[1], args[2]])


TIE_TEXT = """
func.func @tie(%t: tensor<?x3xi32>, %u: tensor<?x3xi32>) -> tensor<?x3xi32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?x3xi32>
  %tied = flow.tensor.tie_shape %t : tensor<?x3xi32>{%d}
  %e = tensor.empty(%d) : tensor<?x3xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]} ins(%tied, %u : tensor<?x3xi32>, tensor<?x3xi32>) outs(%e : tensor<?x3xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %s = arith.subi %a, %b : i32
    linalg.yield %s : i32
  } -> tensor<?x3xi32>
  return %r : tensor<?x3xi32>
}
"""


def test_flow_tensor_tie_shape_matches_iree():
    """``flow.tensor.tie_shape`` with the tensor's own extent is the tensor (IREE runs it on
    random dynamic extents); a declared extent that differs is UB for irverify."""
    module = parse_mlir(TIE_TEXT, "tie.mlir")
    rng = np.random.default_rng(5)
    calls = []
    for _ in range(5):
        n = int(rng.integers(0, 6))
        calls.append([rng.integers(-2**31, 2**31, (n, 3), dtype=np.int64).astype(np.int32),
                      rng.integers(-2**31, 2**31, (n, 3), dtype=np.int64).astype(np.int32)])
    runs = run_functions(TIE_TEXT, [("tie", a) for a in calls])
    for args, theirs in zip(calls, runs):
        assert not isinstance(theirs, ExecutionError), theirs
        ev = evaluate_function(module, "tie", args, fp_name="ieee")
        assert ev.ub == []
        assert np.array_equal(np.asarray(ev.outputs[0]), np.asarray(theirs[0]))
        assert np.array_equal(np.asarray(theirs[0]), args[0] - args[1])
    wrong = parse_mlir(TIE_TEXT.replace("{%d}", "{%c0}"), "tie-wrong.mlir")
    ev = evaluate_function(wrong, "tie", [np.zeros((2, 3), np.int32)] * 2, fp_name="ieee")
    assert any("tie_shape" in u for u in map(str, ev.ub))


DISPATCH = """
func.func @f(%a: tensor<4x6xi32>, %b: tensor<6xi32>, %s: i32) -> (tensor<6x4xi32>, tensor<3xi32>) {
  %r:2 = flow.dispatch.workgroups(%a, %b, %s) : (tensor<4x6xi32>, tensor<6xi32>, i32) -> (tensor<6x4xi32>, tensor<3xi32>) =
      (%ia: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x6xi32>>, %ib: !iree_tensor_ext.dispatch.tensor<readonly:tensor<6xi32>>, %is: i32,
       %oa: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<6x4xi32>>, %ob: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xi32>>) {
    %x = iree_tensor_ext.dispatch.tensor.load %ia, offsets = [0, 0], sizes = [4, 6], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x6xi32>> -> tensor<4x6xi32>
    %y = iree_tensor_ext.dispatch.tensor.load %ib, offsets = [1], sizes = [3], strides = [2] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<6xi32>> -> tensor<3xi32>
    %e = tensor.empty() : tensor<6x4xi32>
    %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x6xi32>) outs(%e : tensor<6x4xi32>) {
    ^bb0(%in: i32, %out: i32):
      %m = arith.addi %in, %is : i32
      linalg.yield %m : i32
    } -> tensor<6x4xi32>
    %e2 = tensor.empty() : tensor<3xi32>
    %z = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%y : tensor<3xi32>) outs(%e2 : tensor<3xi32>) {
    ^bb0(%in: i32, %out: i32):
      %m = arith.muli %in, %is : i32
      linalg.yield %m : i32
    } -> tensor<3xi32>
    iree_tensor_ext.dispatch.tensor.store %t, %oa, offsets = [0, 0], sizes = [6, 4], strides = [1, 1] : tensor<6x4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<6x4xi32>>
    %z2 = tensor.extract_slice %z[1] [2] [1] : tensor<3xi32> to tensor<2xi32>
    iree_tensor_ext.dispatch.tensor.store %z2, %ob, offsets = [0], sizes = [2], strides = [1] : tensor<2xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xi32>>
    flow.return
  } count() -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
    flow.return %x, %y, %z : index, index, index
  }
  return %r#0, %r#1 : tensor<6x4xi32>, tensor<3xi32>
}
"""


@pytest.mark.slow  # compiles a module (several seconds on 2 cores)
def test_dispatch_workgroups_match_iree():
    """``flow.dispatch.workgroups`` with two readonly tensor arguments (a full and a strided
    load), a scalar argument and two results, one stored whole and one partly (its unwritten
    element is poison for irverify and not compared). IREE compiles the dispatch without
    workgroup distribution (the body, which reads no workgroup id, is the whole dispatch)."""
    import numpy as np

    from irverify.execute.iree import run_host_module
    from irverify.frontends.mlir.dispatch_confirm import CPU_TARGET
    from irverify.frontends.mlir.parse import parse_mlir
    from irverify.verify.evaluate import evaluate_function

    host = (f"#cpu = {CPU_TARGET}\nmodule attributes {{hal.device.targets = "
            f"[#hal.device.target<\"local\", [#cpu]> : !hal.device]}} {{\n{DISPATCH}\n}}\n")
    module = parse_mlir(DISPATCH, "dispatch.mlir")
    rng = np.random.default_rng(8)
    calls = [("f", [rng.integers(-1000, 1000, (4, 6)).astype(np.int32), rng.integers(-1000, 1000, 6).astype(np.int32),
                    np.int32(rng.integers(-50, 50))]) for _ in range(4)]
    runs = run_host_module(host, calls)
    for (_, args), theirs in zip(calls, runs):
        assert not isinstance(theirs, ExecutionError), theirs
        ev = evaluate_function(module, "f", args, fp_name="ieee")
        assert ev.ub == [] and ev.undefined[0] is None
        assert np.array_equal(np.asarray(ev.outputs[0]), np.asarray(theirs[0]))
        undefined = np.asarray(ev.undefined[1])
        assert undefined.tolist() == [False, False, True]
        assert np.array_equal(np.asarray(ev.outputs[1])[~undefined], np.asarray(theirs[1])[~undefined])


BARRIER_TEXT = """
func.func @barrier(%x: tensor<?x3xi32>, %y: tensor<?x3xi32>) -> tensor<?x3xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x3xi32>
  %a = iree_tensor_ext.compute_barrier.start %x : tensor<?x3xi32>{%n} -> tensor<?x3xi32>
  %s = arith.addi %a, %y : tensor<?x3xi32>
  %b = iree_tensor_ext.compute_barrier.end %s : tensor<?x3xi32>{%n} -> tensor<?x3xi32>
  return %b : tensor<?x3xi32>
}
"""


def test_compute_barriers_are_identities_as_iree_runs_them():
    """``iree_tensor_ext.compute_barrier.start/end`` pass their tensor on, on random extents."""
    rng = np.random.default_rng(12)
    calls = []
    for n in (1, 4, 7):
        x, y = (rng.integers(-2**31, 2**31, (n, 3), dtype=np.int64).astype(np.int32) for _ in range(2))
        calls.append(("barrier", [x, y]))
    module = parse_mlir(BARRIER_TEXT, "barrier.mlir")
    for (name, args), theirs in zip(calls, run_functions(BARRIER_TEXT, calls)):
        assert not isinstance(theirs, ExecutionError), theirs
        ev = evaluate_function(module, name, args, fp_name="ieee")
        assert ev.ub == [] and np.array_equal(np.asarray(ev.outputs[0]), np.asarray(theirs[0]))
