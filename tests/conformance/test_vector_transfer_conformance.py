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


def function_text(args=ARGS, indices=INDICES, results=RESULTS, body=BODY) -> str:
    params = [f"%{n}: tensor<{s}>" for n, s in args] + [f"%{n}: index" for n in indices]
    res = ", ".join(f"tensor<{s}>" for s in results)
    ret = ", ".join(f"%r{k}" for k in range(len(results)))
    return f"func.func @f({', '.join(params)}) -> ({res}) {{{body}  return {ret} : {res}\n}}\n"


def kernel_case(args=ARGS, indices=INDICES, results=RESULTS, body=BODY):
    """The body as a dispatch kernel case of ``dispatch_cases`` (bindings: the arguments, then
    one per result)."""
    def dt(access, s):
        return f"!iree_tensor_ext.dispatch.tensor<{access}:tensor<{s}>>"

    def full(s):
        rank = s.count("x")
        dims = s.split("x")[:-1]
        return f"offsets = [{', '.join(['0'] * rank)}], sizes = [{', '.join(dims)}], strides = [{', '.join(['1'] * rank)}]"

    bindings = [(f"{n}_b", dt("readonly", s)) for n, s in args] + [(f"o{k}_b", dt("writeonly", s)) for k, s in enumerate(results)]
    loads = "".join(f"  %{n} = iree_tensor_ext.dispatch.tensor.load %{n}_b, {full(s)} : {dt('readonly', s)} -> tensor<{s}>\n"
                    for n, s in args)
    stores = "".join(f"  iree_tensor_ext.dispatch.tensor.store %r{k}, %o{k}_b, {full(s)} : tensor<{s}> -> {dt('writeonly', s)}\n"
                     for k, s in enumerate(results))
    return bindings, indices, loads + body + stores


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



# ``iree_vector_ext.transfer_gather``: rows gathered through an index vector read from a tensor,
# columns contiguous from an offset, and a strided gather built with ``vector.step``; indices stay
# inside the source (reads outside it are unknown values for irverify, so they are not compared).
# IREE llvm-cpu does not lower ``transfer_gather`` in a hand-written dispatch (an unrealized cast
# remains), so irverify's evaluation of it is compared with IREE's execution of the op's
# documented formula ``result[d] = base[offsets + f(d, s)]`` written as gather-like generics.
GATHER = """
func.func @f(%s: tensor<8x6xf32>, %ix: tensor<4xi32>, %j: index, %k: index) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %pad = arith.constant -7.0 : f32
  %ipad = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %iv = vector.transfer_read %ix[%c0], %ipad {in_bounds = [true]} : tensor<4xi32>, vector<4xi32>
  %ii = arith.index_cast %iv : vector<4xi32> to vector<4xindex>
  %g = iree_vector_ext.transfer_gather %s[%c0, %j] [%ii : vector<4xindex>], %pad <indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>]> : tensor<8x6xf32>, vector<4x3xf32>
  %e = tensor.empty() : tensor<4x3xf32>
  %r0 = vector.transfer_write %g, %e[%c0, %c0] {in_bounds = [true, true]} : vector<4x3xf32>, tensor<4x3xf32>
  %st = vector.step : vector<3xindex>
  %two = arith.constant dense<2> : vector<3xindex>
  %cols = arith.muli %st, %two : vector<3xindex>
  %g2 = iree_vector_ext.transfer_gather %s[%k, %c0] [%cols : vector<3xindex>], %pad <indexing_maps = [affine_map<(d0, d1)[s0] -> (d0, s0)>, affine_map<(d0, d1)[s0] -> (d1)>]> : tensor<8x6xf32>, vector<4x3xf32>
  %r1 = vector.transfer_write %g2, %e[%c0, %c0] {in_bounds = [true, true]} : vector<4x3xf32>, tensor<4x3xf32>
  return %r0, %r1 : tensor<4x3xf32>, tensor<4x3xf32>
}
"""
GATHER_FORMULA = """
func.func @f(%s: tensor<8x6xf32>, %ix: tensor<4xi32>, %j: index, %k: index) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %e = tensor.empty() : tensor<4x3xf32>
  %r0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ix : tensor<4xi32>) outs(%e : tensor<4x3xf32>) {
  ^bb0(%row: i32, %out: f32):
    %r = arith.index_cast %row : i32 to index
    %d1 = linalg.index 1 : index
    %c = arith.addi %j, %d1 : index
    %x = tensor.extract %s[%r, %c] : tensor<8x6xf32>
    linalg.yield %x : f32
  } -> tensor<4x3xf32>
  %r1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<4x3xf32>) {
  ^bb0(%out: f32):
    %d0 = linalg.index 0 : index
    %d1 = linalg.index 1 : index
    %r = arith.addi %k, %d0 : index
    %c2 = arith.constant 2 : index
    %c = arith.muli %d1, %c2 : index
    %x = tensor.extract %s[%r, %c] : tensor<8x6xf32>
    linalg.yield %x : f32
  } -> tensor<4x3xf32>
  return %r0, %r1 : tensor<4x3xf32>, tensor<4x3xf32>
}
"""


@pytest.mark.slow  # compiles a module (several seconds on 2 cores)
def test_transfer_gather_matches_iree_formula():
    from irverify.execute.iree import run_functions

    module = parse_mlir(GATHER, "gather.mlir")
    rng = np.random.default_rng(31)
    calls = []
    for _ in range(6):
        calls.append(("f", [rng.uniform(-100, 100, (8, 6)).astype(np.float32), rng.integers(0, 8, 4).astype(np.int32),
                            int(rng.integers(0, 4)), int(rng.integers(0, 5))]))
    runs = run_functions(GATHER_FORMULA, calls)
    for (_, args), theirs in zip(calls, runs):
        assert not isinstance(theirs, ExecutionError), theirs
        ev = evaluate_function(module, "f", args, fp_name="ieee")
        assert ev.ub == []
        for r in range(2):
            ours = np.asarray(ev.outputs[r])
            assert ev.undefined[r] is None or not np.asarray(ev.undefined[r]).any()
            assert np.array_equal(ours.view(np.uint32), np.asarray(theirs[r]).view(np.uint32)), (r, args[2:], ours, theirs[r])


CONTRACT_ARGS = [("a", "3x4xi8"), ("b", "4x5xi8"), ("c", "3x5xi32"), ("x", "3x4xf16"), ("y", "5x4xf16"), ("z", "3x5xf32")]
CONTRACT_RESULTS = ["3x5xi32", "3x5xf32"]
CONTRACT_BODY = """
  %c0 = arith.constant 0 : index
  %pi8 = arith.constant 0 : i8
  %pi32 = arith.constant 0 : i32
  %ph = arith.constant 0.0 : f16
  %pf = arith.constant 0.0 : f32
  %va = vector.transfer_read %a[%c0, %c0], %pi8 {in_bounds = [true, true]} : tensor<3x4xi8>, vector<3x4xi8>
  %vb = vector.transfer_read %b[%c0, %c0], %pi8 {in_bounds = [true, true]} : tensor<4x5xi8>, vector<4x5xi8>
  %vc = vector.transfer_read %c[%c0, %c0], %pi32 {in_bounds = [true, true]} : tensor<3x5xi32>, vector<3x5xi32>
  %ri = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %va, %vb, %vc : vector<3x4xi8>, vector<4x5xi8> into vector<3x5xi32>
  %r0 = vector.transfer_write %ri, %c[%c0, %c0] {in_bounds = [true, true]} : vector<3x5xi32>, tensor<3x5xi32>
  %vx = vector.transfer_read %x[%c0, %c0], %ph {in_bounds = [true, true]} : tensor<3x4xf16>, vector<3x4xf16>
  %vy = vector.transfer_read %y[%c0, %c0], %ph {in_bounds = [true, true]} : tensor<5x4xf16>, vector<5x4xf16>
  %vz = vector.transfer_read %z[%c0, %c0], %pf {in_bounds = [true, true]} : tensor<3x5xf32>, vector<3x5xf32>
  %rf = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %vx, %vy, %vz : vector<3x4xf16>, vector<5x4xf16> into vector<3x5xf32>
  %r1 = vector.transfer_write %rf, %z[%c0, %c0] {in_bounds = [true, true]} : vector<3x5xf32>, tensor<3x5xf32>
"""


def _lowered(text: str, args) -> str:
    """The body of ``@f`` after IREE's CPU vector lowering (``iree-llvmcpu-virtual-vector-lowering``,
    which IREE runs before LLVM: a hand-written dispatch holding an n-D ``vector.contract`` does
    not translate), its results renamed ``%r0, %r1, ...`` and its arguments given their names."""
    import re

    from irverify.frontends.mlir.parse import parse_mlir_native
    from irverify.validate import run_iree_pipeline

    native = parse_mlir_native(text, "contract.mlir")
    run_iree_pipeline(native, "builtin.module(func.func(iree-llvmcpu-virtual-vector-lowering))", "contract")
    lines = native.operation.get_asm(use_local_scope=True).splitlines()
    start = next(k for k, line in enumerate(lines) if "func.func" in line)
    ret = next(k for k, line in enumerate(lines) if line.strip().startswith("return "))
    body = "\n".join(lines[start + 1:ret])
    returned = re.match(r"\s*return (.*?) :", lines[ret]).group(1).split(", ")
    for k, v in enumerate(returned):
        body = re.sub(rf"{re.escape(v)}\b", f"%r{k}", body)
    for k, (n, _) in enumerate(args):
        body = re.sub(rf"%arg{k}\b", f"%{n}", body)
    return "\n" + body + "\n"


@pytest.mark.slow  # compiles a dispatch (several seconds on 2 cores)
def test_contract_matches_iree():
    """``vector.contract`` with operands narrower than the accumulator (sign-extended i8, f16
    promoted to f32), a transposed rhs map included. irverify evaluates under real arithmetic (a
    float sum is a fold in an unspecified order); the float inputs are small integers, so every
    order of the sum is exact and the results must match exactly."""
    from irverify.execute.iree import run_host_module
    from tests.conformance import dispatch_cases

    module = parse_mlir(function_text(CONTRACT_ARGS, [], CONTRACT_RESULTS, CONTRACT_BODY), "contract.mlir")
    rng = np.random.default_rng(31)
    calls, evals = [], []
    for _ in range(6):
        a, b = rng.integers(-128, 128, (3, 4)).astype(np.int8), rng.integers(-128, 128, (4, 5)).astype(np.int8)
        c = rng.integers(-(2 ** 31), 2 ** 31 - 1, (3, 5)).astype(np.int32)
        x, y = rng.integers(-20, 20, (3, 4)).astype(np.float16), rng.integers(-20, 20, (5, 4)).astype(np.float16)
        z = rng.integers(-500, 500, (3, 5)).astype(np.float32)
        ev = evaluate_function(module, "f", [a, b, c, x, y, z], fp_name="real")
        assert ev.ub == []
        evals.append(ev)
        calls.append(("main", [v.reshape(-1) for v in (a, b, c, x, y, z)]
                      + [np.zeros(15, np.int32), np.zeros(15, np.float32)]))
    runs = run_host_module(dispatch_cases.host_text(kernel_case(CONTRACT_ARGS, [], CONTRACT_RESULTS, _lowered(
        function_text(CONTRACT_ARGS, [], CONTRACT_RESULTS, CONTRACT_BODY), CONTRACT_ARGS))), calls)
    for ev, theirs in zip(evals, runs):
        assert not isinstance(theirs, ExecutionError), theirs
        for k in range(2):
            ours = np.asarray(ev.outputs[k])
            real = np.asarray(theirs[len(CONTRACT_ARGS) + k]).reshape(ours.shape)
            assert np.array_equal(ours.astype(real.dtype), real), (k, ours, real)
