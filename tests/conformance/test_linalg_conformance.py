"""Conformance of the linalg semantics with IREE llvm-cpu: random shapes and values, evaluated
through irverify's semantics and executed on IREE (one compiled module, one batch of calls)."""

import numpy as np
import pytest

from irverify.cex.concrete import NUMERIC as _MATH
from irverify.cex.concrete import _rounding
from irverify.execute.iree import ExecutionError, run_functions
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

MODULE = r"""
func.func @generic_index(%a: tensor<?x?xi32>, %b: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x?xi32>) outs(%b : tensor<?x?xi32>) {
  ^bb0(%x: i32, %y: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.muli %i, %j : index
    %c = arith.index_cast %k : index to i32
    %s = arith.subi %x, %y : i32
    %t = arith.addi %s, %c : i32
    linalg.yield %t : i32
  } -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
func.func @generic_bcast_multi(%a: tensor<?xi32>, %b: tensor<?x4xi32>, %o: tensor<?x4xi32>, %p: tensor<4x?xi32>)
    -> (tensor<?x4xi32>, tensor<4x?xi32>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>,
                                          affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>],
                         iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<?xi32>, tensor<?x4xi32>) outs(%o, %p : tensor<?x4xi32>, tensor<4x?xi32>) {
  ^bb0(%x: i32, %y: i32, %u: i32, %v: i32):
    %m = arith.muli %x, %y : i32
    %w = arith.maxsi %m, %v : i32
    linalg.yield %m, %w : i32, i32
  } -> (tensor<?x4xi32>, tensor<4x?xi32>)
  return %r#0, %r#1 : tensor<?x4xi32>, tensor<4x?xi32>
}
func.func @generic_row_max(%a: tensor<?x6xi32>, %o: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x6xi32>) outs(%o : tensor<?xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %j = linalg.index 1 : index
    %c = arith.index_cast %j : index to i32
    %s = arith.addi %x, %c : i32
    %m = arith.maxsi %acc, %s : i32
    linalg.yield %m : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @transpose3(%a: tensor<?x?x3xi16>, %o: tensor<?x3x?xi16>) -> tensor<?x3x?xi16> {
  %r = linalg.transpose ins(%a : tensor<?x?x3xi16>) outs(%o : tensor<?x3x?xi16>) permutation = [1, 2, 0]
  return %r : tensor<?x3x?xi16>
}
func.func @broadcast(%a: tensor<?xi32>, %o: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.broadcast ins(%a : tensor<?xi32>) outs(%o : tensor<?x?xi32>) dimensions = [1]
  return %r : tensor<?x?xi32>
}
func.func @fill_empty(%v: i32, %n: index) -> tensor<?x3xi32> {
  %e = tensor.empty(%n) : tensor<?x3xi32>
  %r = linalg.fill ins(%v : i32) outs(%e : tensor<?x3xi32>) -> tensor<?x3xi32>
  return %r : tensor<?x3xi32>
}
func.func @copy(%a: tensor<?x?xi8>, %o: tensor<?x?xi8>) -> tensor<?x?xi8> {
  %r = linalg.copy ins(%a : tensor<?x?xi8>) outs(%o : tensor<?x?xi8>) -> tensor<?x?xi8>
  return %r : tensor<?x?xi8>
}
func.func @map(%a: tensor<?xi32>, %b: tensor<?xi32>, %o: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.map ins(%a, %b : tensor<?xi32>, tensor<?xi32>) outs(%o : tensor<?xi32>)
    (%x: i32, %y: i32, %z: i32) {
      %m = arith.muli %x, %y : i32
      %s = arith.subi %m, %z : i32
      linalg.yield %s : i32
    }
  return %r : tensor<?xi32>
}
func.func @reduce_minui(%a: tensor<?x5xi32>, %o: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.reduce ins(%a : tensor<?x5xi32>) outs(%o : tensor<?xi32>) dimensions = [1]
    (%x: i32, %acc: i32) {
      %m = arith.minui %x, %acc : i32
      linalg.yield %m : i32
    }
  return %r : tensor<?xi32>
}
func.func @matmul_i8(%a: tensor<?x5xi8>, %b: tensor<5x?xi8>, %c: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x5xi8>, tensor<5x?xi8>) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
func.func @matmul_u8(%a: tensor<?x4xi8>, %b: tensor<4x?xi8>, %c: tensor<?x?xi16>) -> tensor<?x?xi16> {
  %r = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<?x4xi8>, tensor<4x?xi8>)
      outs(%c : tensor<?x?xi16>) -> tensor<?x?xi16>
  return %r : tensor<?x?xi16>
}
func.func @matmul_trunc(%a: tensor<?x3xi32>, %b: tensor<3x?xi32>, %c: tensor<?x?xi8>) -> tensor<?x?xi8> {
  %r = linalg.matmul ins(%a, %b : tensor<?x3xi32>, tensor<3x?xi32>) outs(%c : tensor<?x?xi8>) -> tensor<?x?xi8>
  return %r : tensor<?x?xi8>
}
func.func @matmul_transposed_a(%a: tensor<4x?xi32>, %b: tensor<4x?xi32>, %c: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>,
                                      affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %b : tensor<4x?xi32>, tensor<4x?xi32>) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
func.func @batch_matmul(%a: tensor<?x?x3xi32>, %b: tensor<?x3x?xi32>, %c: tensor<?x?x?xi32>) -> tensor<?x?x?xi32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<?x?x3xi32>, tensor<?x3x?xi32>) outs(%c : tensor<?x?x?xi32>) -> tensor<?x?x?xi32>
  return %r : tensor<?x?x?xi32>
}
func.func @matvec(%a: tensor<?x6xi32>, %b: tensor<6xi32>, %c: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.matvec ins(%a, %b : tensor<?x6xi32>, tensor<6xi32>) outs(%c : tensor<?xi32>) -> tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @vecmat(%a: tensor<6xi32>, %b: tensor<6x?xi32>, %c: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.vecmat ins(%a, %b : tensor<6xi32>, tensor<6x?xi32>) outs(%c : tensor<?xi32>) -> tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @batch_matvec(%a: tensor<?x?x5xi32>, %b: tensor<?x5xi32>, %c: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.batch_matvec ins(%a, %b : tensor<?x?x5xi32>, tensor<?x5xi32>) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
func.func @batch_vecmat(%a: tensor<?x5xi32>, %b: tensor<?x5x?xi32>, %c: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.batch_vecmat ins(%a, %b : tensor<?x5xi32>, tensor<?x5x?xi32>) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
func.func @matmul_i1(%a: tensor<?x3xi1>, %b: tensor<3x?xi1>, %c: tensor<?x?xi1>) -> tensor<?x?xi1> {
  %r = linalg.matmul ins(%a, %b : tensor<?x3xi1>, tensor<3x?xi1>) outs(%c : tensor<?x?xi1>) -> tensor<?x?xi1>
  return %r : tensor<?x?xi1>
}
func.func @ew_add_mul_i1(%a: tensor<?xi1>, %b: tensor<?xi1>, %o: tensor<?xi1>) -> (tensor<?xi1>, tensor<?xi1>) {
  %r = linalg.elementwise <add> ins(%a, %b : tensor<?xi1>, tensor<?xi1>) outs(%o : tensor<?xi1>) -> tensor<?xi1>
  %s = linalg.elementwise <mul> ins(%a, %b : tensor<?xi1>, tensor<?xi1>) outs(%o : tensor<?xi1>) -> tensor<?xi1>
  return %r, %s : tensor<?xi1>, tensor<?xi1>
}
func.func @dot(%a: tensor<7xi32>, %b: tensor<7xi32>, %s: i32) -> i32 {
  %c = tensor.from_elements %s : tensor<i32>
  %r = linalg.dot ins(%a, %b : tensor<7xi32>, tensor<7xi32>) outs(%c : tensor<i32>) -> tensor<i32>
  %v = tensor.extract %r[] : tensor<i32>
  return %v : i32
}
func.func @ew_sub_i32(%a: tensor<?x?xi32>, %b: tensor<?x?xi32>, %o: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.elementwise <sub> ins(%a, %b : tensor<?x?xi32>, tensor<?x?xi32>) outs(%o : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
func.func @ew_divui_bcast(%a: tensor<?xi32>, %b: tensor<?x?xi32>, %o: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.elementwise <div_unsigned>
      indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>]
      ins(%a, %b : tensor<?xi32>, tensor<?x?xi32>) outs(%o : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
func.func @ew_max_u8(%a: tensor<?xi8>, %b: tensor<?xi8>, %o: tensor<?xi8>) -> tensor<?xi8> {
  %r = linalg.elementwise <max_unsigned> ins(%a, %b : tensor<?xi8>, tensor<?xi8>) outs(%o : tensor<?xi8>) -> tensor<?xi8>
  return %r : tensor<?xi8>
}
func.func @ew_float_ops(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %o: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = linalg.elementwise <add> ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%o : tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = linalg.elementwise <mul> ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%o : tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = linalg.elementwise <max_signed> ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%o : tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = linalg.elementwise <negf> ins(%a : tensor<?x?xf32>) outs(%o : tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = linalg.elementwise <abs> ins(%a : tensor<?x?xf32>) outs(%o : tensor<?x?xf32>) -> tensor<?x?xf32>
  %5 = linalg.elementwise <div> ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%o : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
func.func @ew_neg_transposed(%a: tensor<?x?xf32>, %o: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.elementwise <negf>
      indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>]
      ins(%a : tensor<?x?xf32>) outs(%o : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @ew_exp_transposed(%a: tensor<?x?xf32>, %o: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.elementwise <exp>
      indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>]
      ins(%a : tensor<?x?xf32>) outs(%o : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @matmul_f32(%a: tensor<?x8xf32>, %b: tensor<8x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @softmax_rows(%a: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x5xf32>
  %e = tensor.empty(%n) : tensor<?x5xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<?x5xf32>) outs(%e : tensor<?x5xf32>) -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}
func.func @softmax_cols(%a: tensor<6x?xf32>) -> tensor<6x?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c1 : tensor<6x?xf32>
  %e = tensor.empty(%n) : tensor<6x?xf32>
  %r = linalg.softmax dimension(0) ins(%a : tensor<6x?xf32>) outs(%e : tensor<6x?xf32>) -> tensor<6x?xf32>
  return %r : tensor<6x?xf32>
}
func.func @softmax_3d(%a: tensor<?x3x?xf32>) -> tensor<?x3x?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %a, %c0 : tensor<?x3x?xf32>
  %m = tensor.dim %a, %c2 : tensor<?x3x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x3x?xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<?x3x?xf32>) outs(%e : tensor<?x3x?xf32>) -> tensor<?x3x?xf32>
  return %r : tensor<?x3x?xf32>
}
func.func @reduce_f32(%a: tensor<?x9xf32>, %o: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.reduce ins(%a : tensor<?x9xf32>) outs(%o : tensor<?xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<?xf32>
}
"""

RNG = np.random.default_rng(20260821)
NUMERIC = {**_MATH, **_rounding()}  # exp computed numerically, every operation rounded to its format


def _bools(shape):
    return np.asarray(RNG.integers(0, 2, size=shape), dtype=bool).reshape(shape)


def _ints(shape, dtype, lo=-100, hi=100):
    return np.asarray(RNG.integers(lo, hi, size=shape), dtype=dtype).reshape(shape)


def _floats(shape):
    x = RNG.normal(size=shape).astype(np.float32) * 4
    if x.size:  # a few special values
        flat = x.reshape(-1)
        flat[RNG.integers(0, flat.size)] = 0.0
        flat[RNG.integers(0, flat.size)] = -0.0
    return x


def _softmax_floats(shape):
    """Scores of moderate or large magnitude (``exp`` of them overflows without the max
    subtraction), with NaN, infinities and zeros in some rows and a row of -inf."""
    x = RNG.normal(size=shape) * RNG.choice([1.0, 8.0, 60.0])
    flat = x.reshape(-1)
    if flat.size:
        for v in (np.nan, np.inf, -np.inf, 0.0, -0.0):
            if RNG.random() < 0.5:
                flat[RNG.integers(0, flat.size)] = v
    x = x.astype(np.float32)
    if x.size and RNG.random() < 0.5:
        x.reshape(-1, x.shape[-1])[0] = -np.inf
    return x


def _dims(n):
    """Dynamic extents: small ones (including 0) and one larger draw."""
    return [RNG.integers(0, 5, size=n), RNG.integers(1, 5, size=n), RNG.integers(5, 17, size=n)]


def _cases():
    """(function, args, kind) with kind 'exact', 'float' (bitwise or both NaN), 'tolerance'
    (float reductions, compared against the real-number semantics), 'numeric' (compared against
    the semantics evaluated with IEEE rounding of each operation and ``exp`` computed
    numerically, NaN and infinities included: ``_numeric_close``) or 'shape'."""
    cases = []
    for m, n, k in _dims(3):
        cases += [
            ("generic_index", [_ints((n, m), np.int32), _ints((m, n), np.int32)], "exact"),
            ("generic_bcast_multi", [_ints((m,), np.int32), _ints((m, 4), np.int32), _ints((m, 4), np.int32),
                                     _ints((4, m), np.int32)], "exact"),
            ("generic_row_max", [_ints((m, 6), np.int32), _ints((m,), np.int32)], "exact"),
            ("transpose3", [_ints((m, n, 3), np.int16), _ints((m, 3, n), np.int16)], "exact"),
            ("broadcast", [_ints((m,), np.int32), _ints((m, n), np.int32)], "exact"),
            ("fill_empty", [int(RNG.integers(-9, 9)), int(m)], "exact"),
            ("copy", [_ints((m, n), np.int8), _ints((m, n), np.int8)], "exact"),
            ("map", [_ints((m,), np.int32), _ints((m,), np.int32), _ints((m,), np.int32)], "exact"),
            ("reduce_minui", [_ints((m, 5), np.int32, -1000, 1000), _ints((m,), np.int32)], "exact"),
            ("matmul_i8", [_ints((m, 5), np.int8, -128, 128), _ints((5, n), np.int8, -128, 128),
                           _ints((m, n), np.int32)], "exact"),
            ("matmul_u8", [_ints((m, 4), np.int8, -128, 128), _ints((4, n), np.int8, -128, 128),
                           _ints((m, n), np.int16)], "exact"),
            ("matmul_trunc", [_ints((m, 3), np.int32, -1000, 1000), _ints((3, n), np.int32, -1000, 1000),
                              _ints((m, n), np.int8)], "exact"),
            ("matmul_transposed_a", [_ints((4, m), np.int32), _ints((4, n), np.int32), _ints((m, n), np.int32)],
             "exact"),
            ("batch_matmul", [_ints((k % 3, m, 3), np.int32), _ints((k % 3, 3, n), np.int32),
                              _ints((k % 3, m, n), np.int32)], "exact"),
            ("matvec", [_ints((m, 6), np.int32), _ints((6,), np.int32), _ints((m,), np.int32)], "exact"),
            ("matmul_i1", [_bools((m, 3)), _bools((3, n)), _bools((m, n))], "exact"),
            ("ew_add_mul_i1", [_bools((k,)), _bools((k,)), _bools((k,))], "exact"),
            ("vecmat", [_ints((6,), np.int32), _ints((6, n), np.int32), _ints((n,), np.int32)], "exact"),
            ("dot", [_ints((7,), np.int32), _ints((7,), np.int32), int(RNG.integers(-50, 50))], "exact"),
            ("batch_matvec", [_ints((k % 3, m, 5), np.int32), _ints((k % 3, 5), np.int32),
                              _ints((k % 3, m), np.int32)], "exact"),
            ("batch_vecmat", [_ints((k % 3, 5), np.int32), _ints((k % 3, 5, n), np.int32),
                              _ints((k % 3, n), np.int32)], "exact"),
            ("ew_sub_i32", [_ints((m, n), np.int32), _ints((m, n), np.int32), _ints((m, n), np.int32)], "exact"),
            ("ew_divui_bcast", [_ints((n,), np.int32, -5, 6), _ints((m, n), np.int32), _ints((m, n), np.int32)],
             "exact"),
            ("ew_max_u8", [_ints((k,), np.int8, -128, 128), _ints((k,), np.int8, -128, 128),
                           _ints((k,), np.int8)], "exact"),
            ("ew_float_ops", [_floats((m, n)), _floats((m, n)), _floats((m, n))], "float"),
            ("ew_neg_transposed", [_floats((n, m)), _floats((m, n))], "float"),
            ("ew_exp_transposed", [_floats((n, m)), _floats((m, n))], "shape"),
            ("matmul_f32", [_floats((m, 8)), _floats((8, n)), _floats((m, n))], "tolerance"),
            ("reduce_f32", [_floats((k, 9)), _floats((k,))], "tolerance"),
            ("softmax_rows", [_softmax_floats((m, 5))], "numeric"),
            ("softmax_cols", [_softmax_floats((6, n))], "numeric"),
            ("softmax_3d", [_softmax_floats((m % 3, 3, n))], "numeric"),
        ]
    return cases


@pytest.fixture(scope="module")
def runs():
    module = parse_mlir(MODULE, "linalg_conformance.mlir")
    cases = _cases()
    outputs = run_functions(MODULE, [(name, args) for name, args, _ in cases])
    return module, cases, outputs


def _same_floats(a, b):
    a, b = np.asarray(a), np.asarray(b)
    both_nan = np.isnan(a) & np.isnan(b)
    return bool(np.all((a.view(np.uint32) == b.view(np.uint32)) | both_nan))


def test_linalg_ops_agree_with_iree(runs):
    module, cases, outputs = runs
    checked: dict[str, int] = {}
    for (name, args, kind), got in zip(cases, outputs):
        assert not isinstance(got, ExecutionError), f"{name}: {got}"
        fp = {"tolerance": "real", "numeric": "rounded-real"}.get(kind, "ieee")
        if kind == "shape":
            ev = evaluate_function_shapes(module, name, args)
            assert [tuple(s) for s in ev] == [o.shape for o in got], name
            checked[name] = checked.get(name, 0) + 1
            continue
        with np.errstate(all="ignore"):
            ev = evaluate_function(module, name, args, fp_name=fp, interpret=NUMERIC if kind == "numeric" else None)
        if ev.ub:
            continue
        for k, (want, real) in enumerate(zip(ev.outputs, got)):
            assert want.shape == real.shape, f"{name} result {k}: shape {want.shape} vs {real.shape}"
            defined = np.ones(want.shape, bool) if ev.undefined[k] is None else ~ev.undefined[k]
            w, r = want[defined], real[defined]
            if kind == "exact":
                assert np.array_equal(w, r), f"{name} result {k} on {args}: {want} vs {real}"
            elif kind == "float":
                assert _same_floats(w.astype(np.float32), r), f"{name} result {k}: {want} vs {real}"
            elif kind == "numeric":
                assert _numeric_close(w, r), f"{name} result {k} on {args}: {want} vs {real}"
            else:
                assert np.allclose(w, r, rtol=1e-4, atol=1e-4), f"{name} result {k}: {want} vs {real}"
        checked[name] = checked.get(name, 0) + 1
    names = {name for name, _, _ in cases}
    assert set(checked) == names, f"never compared without UB: {names - set(checked)}"


def _numeric_close(a, b):
    """NaN and infinities at the same places, finite values within a relative 1e-5 (IREE's
    ``exp`` is a polynomial approximation, its sums may run in another order, and it flushes
    results below the smallest normal number to zero)."""
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    if not np.array_equal(np.isnan(a), np.isnan(b)):
        return False
    inf = np.isinf(a) | np.isinf(b)
    if not np.array_equal(a[inf], b[inf]):
        return False
    fin = np.isfinite(a)
    return bool(np.allclose(a[fin], b[fin], rtol=1e-5, atol=1e-30))


def evaluate_function_shapes(module, name, args):
    """Result shapes of an op whose values are uninterpreted (transcendental functions)."""
    from irverify.model.values import Tensor
    from irverify.smt import terms as t
    from irverify.smt.floats import theory
    from irverify.verify.encode import encode_function, make_inputs

    fp = theory("ieee")
    fn = module.functions[name]
    inputs = make_inputs(fn, fp)
    pairs = []
    for val, arg in zip(inputs.args, args):
        if isinstance(val, Tensor):
            for d, n in zip(val.dims, np.asarray(arg).shape):
                if t.static_int(d) is None:
                    pairs.append((d, t.int_val(n)))
    enc = encode_function(fn, module, inputs, fp)
    return [[t.static_int(t.substitute(d, pairs)) for d in r.dims] for r in enc.results]
