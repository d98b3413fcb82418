"""Conformance of the memref model (``memref.load/store/subview/copy/alloc/dim/collapse_shape/
expand_shape``, ``iree_codegen.load_from_buffer/store_to_buffer``) with IREE llvm-cpu.

IREE's entry points take no memrefs, so each function body also runs as a dispatch kernel: every
memref argument becomes a binding whose subspan has the argument's type, every ``index``
argument a push constant, and the host returns the final contents of every binding. irverify
evaluates the function itself (``evaluate_function`` returns the final memref contents after
the results). Calls whose inputs make irverify report UB are not compared (execution is then
free to do anything); each function must still be compared on most of its calls.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_host_module
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function
from tests.conformance import dispatch_cases

pytestmark = pytest.mark.iree

# name: (memref args (name, type), index args, body)
FUNCTIONS = {
    "views": ([("a", "memref<4x6xi32>"), ("b", "memref<24xi32>")], ["p", "q"], """
  %c1 = arith.constant 1 : index
  %sv = memref.subview %a[1, %p][2, 3][1, 2] : memref<4x6xi32> to memref<2x3xi32, strided<[6, 2], offset: ?>>
  %v = memref.load %sv[%c1, %c1] : memref<2x3xi32, strided<[6, 2], offset: ?>>
  memref.store %v, %b[%q] : memref<24xi32>
  %e = memref.expand_shape %b [[0, 1]] output_shape [4, 6] : memref<24xi32> into memref<4x6xi32>
  %t = iree_codegen.load_from_buffer %sv : memref<2x3xi32, strided<[6, 2], offset: ?>> -> tensor<2x3xi32>
  %sv2 = memref.subview %e[2, %q][2, 3][1, 1] : memref<4x6xi32> to memref<2x3xi32, strided<[6, 1], offset: ?>>
  iree_codegen.store_to_buffer %t, %sv2 : tensor<2x3xi32> into memref<2x3xi32, strided<[6, 1], offset: ?>>
"""),
    "copies": ([("a", "memref<3x4x5xi32>"), ("b", "memref<12x5xi32>")], ["p", "q"], """
  %c0 = arith.constant 0 : index
  %r = memref.subview %a[%p, 1, 0][1, 2, 5][1, 2, 1] : memref<3x4x5xi32> to memref<2x5xi32, strided<[10, 1], offset: ?>>
  %bb = memref.subview %b[%q, 0][2, 5][1, 1] : memref<12x5xi32> to memref<2x5xi32, strided<[5, 1], offset: ?>>
  memref.copy %r, %bb : memref<2x5xi32, strided<[10, 1], offset: ?>> to memref<2x5xi32, strided<[5, 1], offset: ?>>
  %col = memref.collapse_shape %a [[0, 1], [2]] : memref<3x4x5xi32> into memref<12x5xi32>
  %x = memref.load %col[%q, %p] : memref<12x5xi32>
  %y = memref.load %b[%p, %c0] : memref<12x5xi32>
  %s = arith.addi %x, %y : i32
  memref.store %s, %col[%p, %q] : memref<12x5xi32>
"""),
    "alloc": ([("a", "memref<8xf32>"), ("b", "memref<2x4xf32>")], ["p"], """
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloca() : memref<2xf32>
  %x = memref.load %a[%p] : memref<8xf32>
  memref.store %x, %m[%c1] : memref<2xf32>
  %y = memref.load %a[%c0] : memref<8xf32>
  memref.store %y, %m[%c0] : memref<2xf32>
  %u = memref.load %m[%c1] : memref<2xf32>
  %w = memref.load %m[%c0] : memref<2xf32>
  %s = arith.subf %u, %w : f32
  %t = iree_codegen.load_from_buffer %a : memref<8xf32> -> tensor<8xf32>
  %e = tensor.expand_shape %t [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
  iree_codegen.store_to_buffer %e, %b : tensor<2x4xf32> into memref<2x4xf32>
  memref.store %s, %b[%c1, %c0] : memref<2x4xf32>
"""),
    "dynamic": ([("a", "memref<?x?xi32>"), ("b", "memref<?xi32>")], ["p"], """
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xi32>
  %d1 = memref.dim %a, %c1 : memref<?x?xi32>
  %row = memref.subview %a[%p, 0][1, %d1][1, 1] : memref<?x?xi32> to memref<?xi32, strided<[1], offset: ?>>
  %n = arith.index_cast %d0 : index to i32
  memref.store %n, %row[%c0] : memref<?xi32, strided<[1], offset: ?>>
  %t = iree_codegen.load_from_buffer %row : memref<?xi32, strided<[1], offset: ?>> -> tensor<?xi32>
  iree_codegen.store_to_buffer %t, %b : tensor<?xi32> into memref<?xi32>
"""),
    "vectors": ([("a", "memref<4x6xi32>"), ("b", "memref<3x8xi32>")], ["p", "q"], """
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sv = memref.subview %a[1, 0][3, 6][1, 1] : memref<4x6xi32> to memref<3x6xi32, strided<[6, 1], offset: 6>>
  %v = vector.load %sv[%p, %q] : memref<3x6xi32, strided<[6, 1], offset: 6>>, vector<3xi32>
  %w = vector.load %a[%c1, %c0] : memref<4x6xi32>, vector<4xi32>
  %m = memref.alloca() : memref<2x4xi32>
  vector.store %w, %m[%c0, %c0] : memref<2x4xi32>, vector<4xi32>
  vector.store %w, %m[%c1, %c0] : memref<2x4xi32>, vector<4xi32>
  %x = vector.load %m[%c1, %p] : memref<2x4xi32>, vector<2xi32>
  %s = arith.addi %v, %v : vector<3xi32>
  vector.store %s, %b[%q, %p] : memref<3x8xi32>, vector<3xi32>
  vector.store %x, %b[%c0, %c0] : memref<3x8xi32>, vector<2xi32>
  %rows = memref.subview %a[%p, 0][2, 6][1, 1] : memref<4x6xi32> to memref<2x6xi32, strided<[6, 1], offset: ?>>
  %flat = memref.collapse_shape %rows [[0, 1]] : memref<2x6xi32, strided<[6, 1], offset: ?>> into memref<12xi32, strided<[1], offset: ?>>
  %y = vector.load %flat[%q] : memref<12xi32, strided<[1], offset: ?>>, vector<4xi32>
  vector.store %y, %b[%c1, %c0] : memref<3x8xi32>, vector<4xi32>
"""),
    "scatter": ([("a", "memref<8xi32>"), ("b", "memref<12xi32>")], ["p", "q"], """
  %c0 = arith.constant 0 : index
  %idx = arith.constant dense<[3, 0, 7, 1]> : vector<4xindex>
  %mask = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  %v = vector.load %a[%q] : memref<8xi32>, vector<4xi32>
  vector.scatter %b[%p] [%idx], %mask, %v : memref<12xi32>, vector<4xindex>, vector<4xi1>, vector<4xi32>
  %mk = vector.create_mask %q : vector<4xi1>
  %w = arith.muli %v, %v : vector<4xi32>
  %c3 = arith.constant 3 : index
  %p4 = arith.muli %p, %c3 : index
  vector.maskedstore %b[%p4], %mk, %w : memref<12xi32>, vector<4xi1>, vector<4xi32>
"""),
    # IREE compiles a map_store through iree-linalg-ext-decompose-map-store (see DECOMPOSED).
    "map_store": ([("a", "memref<8xi32>"), ("c", "memref<4x4xi32>")], ["p", "q"], """
  %c0 = arith.constant 0 : index
  %w = vector.load %a[%c0] : memref<8xi32>, vector<8xi32>
  %x = vector.shape_cast %w : vector<8xi32> to vector<2x4xi32>
  iree_linalg_ext.map_store %x into %c {
  ^bb0(%i: index, %j: index):
    %r = arith.addi %i, %p : index
    %m = arith.cmpi ne, %j, %q : index
    iree_linalg_ext.yield %j, %r, %m : index, index, i1
  } : vector<2x4xi32> into memref<4x4xi32>
"""),
}
# Functions IREE runs after this pipeline (irverify evaluates them as written).
DECOMPOSED = {"map_store": "builtin.module(func.func(iree-linalg-ext-decompose-map-store,canonicalize,cse))"}


def function_text(name: str) -> str:
    return dispatch_cases.function_text(name, FUNCTIONS[name])


def host_text(name: str) -> str:
    memrefs, indices, body = FUNCTIONS[name]
    if name in DECOMPOSED:
        from irverify.frontends.mlir.parse import parse_mlir_native
        from irverify.validate import run_iree_pipeline

        native = parse_mlir_native(function_text(name), f"{name}.mlir")
        run_iree_pipeline(native, DECOMPOSED[name], name)
        lines = native.operation.get_asm(use_local_scope=True).splitlines()
        start = next(k for k, line in enumerate(lines) if "func.func" in line)
        end = max(k for k, line in enumerate(lines) if line.strip() == "return")
        body = "\n" + "\n".join(lines[start + 1:end]) + "\n"
        # the printer names the arguments %arg0...; the host kernel defines them by name
        for k, (n, _) in enumerate(list(memrefs) + [(i, None) for i in indices]):
            body = re.sub(rf"%arg{k}\b", f"%{n}", body)
    return dispatch_cases.host_text((memrefs, indices, body))


def _elem(ty: str) -> str:
    return dispatch_cases.elem(ty)


def random_call(name: str, rng):
    memrefs, indices, _ = FUNCTIONS[name]
    shapes = []
    for _, ty in memrefs:
        dims = re.match(r"memref<([\d?x]*?)x?(?:i|f)\d+", ty).group(1)
        shapes.append(tuple(int(d) if d != "?" else int(rng.integers(1, 5)) for d in dims.split("x") if d))
    if name == "dynamic":  # b holds one row of a
        shapes[1] = (shapes[0][1],)
    idx = [int(rng.integers(0, 4)) for _ in indices]
    arrays = []
    for (_, ty), shape in zip(memrefs, shapes):
        if _elem(ty).startswith("f"):
            arrays.append(rng.uniform(-50, 50, shape).astype(np.float32))
        else:
            arrays.append(rng.integers(-1000, 1000, shape).astype(np.int32))
    return idx, arrays


@pytest.mark.parametrize("name", [n if n in ("views", "vectors", "scatter", "map_store") else pytest.param(n, marks=pytest.mark.slow)
                                  for n in sorted(FUNCTIONS)])
def test_memref_ops_match_iree(name):
    module = parse_mlir(function_text(name), f"{name}.mlir")
    rng = np.random.default_rng(5)
    calls, evals = [], []
    for _ in range(24):
        idx, arrays = random_call(name, rng)
        ev = evaluate_function(module, name, arrays + idx, fp_name="ieee")
        if ev.ub:
            continue
        dyn = [d for a, (_, ty) in zip(arrays, FUNCTIONS[name][0]) for d, s in zip(a.shape, ty.split("<")[1].split("x")) if s == "?"]
        calls.append((name, [np.int32(i) for i in idx + dyn] + [a.reshape(-1) for a in arrays], [a.shape for a in arrays]))
        evals.append(ev)
    assert len(calls) >= 6, f"only {len(calls)} calls without UB"
    outs = run_host_module(host_text(name), [("main", args) for _, args, _ in calls])
    assert len(outs) == len(calls)
    for (_, _, shapes), ev, theirs in zip(calls, evals, outs):
        assert not isinstance(theirs, ExecutionError), theirs
        for k, (shape, real) in enumerate(zip(shapes, theirs)):
            ours = np.asarray(ev.outputs[k])
            mask = ev.undefined[k]
            real = np.asarray(real).reshape(shape)
            if mask is not None:
                ours, real = ours[~mask], real[~mask]
            if ours.dtype.kind == "f":
                assert np.array_equal(ours.view(np.uint32), real.astype(np.float32).view(np.uint32)), (name, k)
            else:
                assert np.array_equal(ours, real), (name, k, ours, real)
