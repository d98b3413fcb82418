"""Conformance of ``vector.transfer_read``/``transfer_write`` (permutation maps with a transposed
and a broadcast dim, in_bounds, padding, masks), ``vector.create_mask``, ``constant_mask``,
``step``, ``transpose`` and ``shape_cast`` with IREE llvm-cpu.

IREE's entry points take no vectors, so the same body runs in a dispatch kernel: every tensor
argument is a ``dispatch.tensor.load`` of a binding, every ``index`` argument a push constant,
and every result is stored into a binding of its own. irverify evaluates the plain function
(tensor arguments and results); the results must match exactly on random tensors and random
transfer positions (in bounds and out of bounds, masks of every extent). Masks are encoded only on transfers
whose map neither permutes nor broadcasts (IREE fails to compile a masked transposing read), and
a permuting map only with every dim in bounds (IREE pads lanes of a transposing read that are
inside the tensor, and reads and writes outside it, against the ops' documentation)."""

from __future__ import annotations

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

ARGS = [("a", "4x6xf32"), ("b", "5x3xf32"), ("d", "3x5xf32"), ("e", "6xi32"), ("g", "2x3x4xi32")]
INDICES = ["i", "j", "k", "l"]
RESULTS = ["5x3xf32", "5x3xf32", "5x8xf32", "5x3xf32", "3x5xf32", "6xi32", "2x3x4xi32", "5x3xf32"]
BODY = """
  %pad = arith.constant -7.0 : f32
  %ipad = arith.constant -1 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = vector.transfer_read %a[%c1, %c1], %pad {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : tensor<4x6xf32>, vector<5x3xf32>
  %r0 = vector.transfer_write %v, %b[%c0, %c0] {in_bounds = [true, true]} : vector<5x3xf32>, tensor<5x3xf32>
  %m = vector.create_mask %k, %l : vector<3x5xi1>
  %vm = vector.transfer_read %a[%i, %j], %pad, %m : tensor<4x6xf32>, vector<3x5xf32>
  %vt = vector.transpose %vm, [1, 0] : vector<3x5xf32> to vector<5x3xf32>
  %r1 = vector.transfer_write %vt, %b[%c0, %c0] {in_bounds = [true, true]} : vector<5x3xf32>, tensor<5x3xf32>
  %v2 = vector.transfer_read %a[%i, %j], %pad {in_bounds = [true, false], permutation_map = affine_map<(d0, d1) -> (0, d1)>} : tensor<4x6xf32>, vector<5x8xf32>
  %e2 = tensor.empty() : tensor<5x8xf32>
  %r2 = vector.transfer_write %v2, %e2[%c0, %c0] {in_bounds = [true, true]} : vector<5x8xf32>, tensor<5x8xf32>
  %v3 = vector.transfer_read %a[%k, %c1], %pad {in_bounds = [true]} : tensor<4x6xf32>, vector<3xf32>
  %cm = vector.constant_mask [2] : vector<3xi1>
  %r3 = vector.transfer_write %v3, %b[%i, %l], %cm : vector<3xf32>, tensor<5x3xf32>
  %tt = vector.transpose %v, [1, 0] : vector<5x3xf32> to vector<3x5xf32>
  %r4 = vector.transfer_write %tt, %d[%c0, %c0] {in_bounds = [true, true]} : vector<3x5xf32>, tensor<3x5xf32>
  %s = vector.step : vector<6xindex>
  %si = arith.index_cast %s : vector<6xindex> to vector<6xi32>
  %ev = vector.transfer_read %e[%c0], %ipad {in_bounds = [true]} : tensor<6xi32>, vector<6xi32>
  %sum = arith.addi %si, %ev : vector<6xi32>
  %r5 = vector.transfer_write %sum, %e[%j] : vector<6xi32>, tensor<6xi32>
  %gv = vector.transfer_read %g[%c1, %c1, %c0], %ipad {in_bounds = [true, true], permutation_map = affine_map<(d0, d1, d2) -> (d2, d1)>} : tensor<2x3x4xi32>, vector<4x2xi32>
  %gt = vector.transpose %gv, [1, 0] : vector<4x2xi32> to vector<2x4xi32>
  %r6 = vector.transfer_write %gt, %g[%c0, %k, %c1] : vector<2x4xi32>, tensor<2x3x4xi32>
  %flat = vector.shape_cast %vm : vector<3x5xf32> to vector<15xf32>
  %sc = vector.shape_cast %flat : vector<15xf32> to vector<5x3xf32>
  %r7 = vector.transfer_write %sc, %b[%c0, %c0] {in_bounds = [true, true]} : vector<5x3xf32>, tensor<5x3xf32>
"""


def function_text() -> str:
    params = [f"%{n}: tensor<{s}>" for n, s in ARGS] + [f"%{n}: index" for n in INDICES]
    res = ", ".join(f"tensor<{s}>" for s in RESULTS)
    ret = ", ".join(f"%r{k}" for k in range(len(RESULTS)))
    return f"func.func @f({', '.join(params)}) -> ({res}) {{{BODY}  return {ret} : {res}\n}}\n"


def kernel_case():
    """The body as a dispatch kernel case of ``dispatch_cases`` (bindings: the arguments, then
    one per result)."""
    def dt(access, s):
        return f"!iree_tensor_ext.dispatch.tensor<{access}:tensor<{s}>>"

    def full(s):
        rank = s.count("x")
        dims = s.split("x")[:-1]
        return f"offsets = [{', '.join(['0'] * rank)}], sizes = [{', '.join(dims)}], strides = [{', '.join(['1'] * rank)}]"

    bindings = [(f"{n}_b", dt("readonly", s)) for n, s in ARGS] + [(f"o{k}_b", dt("writeonly", s)) for k, s in enumerate(RESULTS)]
    loads = "".join(f"  %{n} = iree_tensor_ext.dispatch.tensor.load %{n}_b, {full(s)} : {dt('readonly', s)} -> tensor<{s}>\n"
                    for n, s in ARGS)
    stores = "".join(f"  iree_tensor_ext.dispatch.tensor.store %r{k}, %o{k}_b, {full(s)} : tensor<{s}> -> {dt('writeonly', s)}\n"
                     for k, s in enumerate(RESULTS))
    return bindings, INDICES, loads + BODY + stores


@pytest.mark.slow  # compiles a dispatch (about 10 s on 2 cores)
def test_transfer_ops_match_iree():
    from irverify.execute.iree import run_host_module
    from tests.conformance import dispatch_cases

    module = parse_mlir(function_text(), "transfer.mlir")
    rng = np.random.default_rng(23)
    calls, evals = [], []
    for c in range(10):
        a = rng.uniform(-100, 100, (4, 6)).astype(np.float32)
        b = rng.uniform(-100, 100, (5, 3)).astype(np.float32)
        d = rng.uniform(-100, 100, (3, 5)).astype(np.float32)
        e = rng.integers(-1000, 1000, 6).astype(np.int32)
        g = rng.integers(-1000, 1000, (2, 3, 4)).astype(np.int32)
        # i: 0..3 (the non-vector dims must be in bounds); j, k, l: past the end sometimes
        i, j, k, l = int(rng.integers(0, 4)), int(rng.integers(0, 8)), int(rng.integers(0, 4)), int(rng.integers(0, 6))
        if c == 0:
            i, j, k, l = 3, 7, 0, 5  # everything out of bounds but the promised dims
        ev = evaluate_function(module, "f", [a, b, d, e, g, i, j, k, l], fp_name="ieee")
        assert ev.ub == [], (i, j, k, l, ev.ub)
        evals.append(ev)
        calls.append(("main", [i, j, k, l] + [x.reshape(-1) for x in (a, b, d, e, g)]
                      + [np.zeros(int(np.prod([int(x) for x in s.split("x")[:-1]])), np.float32 if s.endswith("f32") else np.int32)
                         for s in RESULTS]))
    assert len(calls) >= 6
    runs = run_host_module(dispatch_cases.host_text(kernel_case()), calls)
    for ev, call, theirs in zip(evals, calls, runs):
        assert not isinstance(theirs, ExecutionError), theirs
        for k, s in enumerate(RESULTS):
            ours = np.asarray(ev.outputs[k])
            assert ev.undefined[k] is None or not np.asarray(ev.undefined[k]).any(), (k, call[1][:4])
            real = np.asarray(theirs[len(ARGS) + k]).reshape(ours.shape)
            assert np.array_equal(ours.view(np.uint32) if ours.dtype == np.float32 else ours,
                                  real.view(np.uint32) if real.dtype == np.float32 else real), (k, call[1][:4], ours, real)


# The vectorized form of ``iree_linalg_ext.map_store`` (a vector input, as
# ``iree-codegen-generic-vectorization`` builds it) stores the same elements as the tensor form.
# IREE llvm-cpu compiles the vector form only inside its codegen pipeline (a hand-written
# dispatch holding it fails to translate), so irverify's evaluation of the vector form is
# compared with IREE's execution of the tensor form on the same inputs.
MAP_STORE = """
func.func @mstore(%src: tensor<2x4x3xi32>, %out: tensor<8x4xi32>) -> tensor<8x4xi32> {
  %r = iree_linalg_ext.map_store %src into %out {
  ^bb0(%i: index, %j: index, %k: index):
    %l = affine.linearize_index disjoint [%i, %j] by (2, 4) : index
    %c1 = arith.constant 1 : index
    %m = arith.cmpi ne, %k, %c1 : index
    iree_linalg_ext.yield %l, %k, %m : index, index, i1
  } : tensor<2x4x3xi32> into tensor<8x4xi32> -> tensor<8x4xi32>
  return %r : tensor<8x4xi32>
}
"""
MAP_STORE_VECTOR = """
func.func @mstore(%src: tensor<2x4x3xi32>, %out: tensor<8x4xi32>) -> tensor<8x4xi32> {
  %c0 = arith.constant 0 : index
  %p = ub.poison : i32
  %v = vector.transfer_read %src[%c0, %c0, %c0], %p {in_bounds = [true, true, true]} : tensor<2x4x3xi32>, vector<2x4x3xi32>
  %r = iree_linalg_ext.map_store %v into %out {
  ^bb0(%i: index, %j: index, %k: index):
    %l = affine.linearize_index disjoint [%i, %j] by (2, 4) : index
    %c1 = arith.constant 1 : index
    %m = arith.cmpi ne, %k, %c1 : index
    iree_linalg_ext.yield %l, %k, %m : index, index, i1
  } : vector<2x4x3xi32> into tensor<8x4xi32> -> tensor<8x4xi32>
  return %r : tensor<8x4xi32>
}
"""


@pytest.mark.slow  # compiles a module (several seconds on 2 cores)
def test_vector_map_store_matches_iree_tensor_form():
    from irverify.execute.iree import run_functions

    module = parse_mlir(MAP_STORE_VECTOR, "mstore_vec.mlir")
    rng = np.random.default_rng(5)
    calls = [("mstore", [rng.integers(-1000, 1000, (2, 4, 3)).astype(np.int32),
                         rng.integers(-1000, 1000, (8, 4)).astype(np.int32)]) for _ in range(4)]
    runs = run_functions(MAP_STORE, calls)
    for (_, args), theirs in zip(calls, runs):
        assert not isinstance(theirs, ExecutionError), theirs
        ev = evaluate_function(module, "mstore", args, fp_name="ieee")
        assert ev.ub == [] and (ev.undefined[0] is None or not np.asarray(ev.undefined[0]).any())
        assert np.array_equal(np.asarray(ev.outputs[0]), np.asarray(theirs[0]))
