// linalg.softmax is what MLIR's decomposition computes (SoftmaxOp::decomposeOperation): the
// target is what IREE's iree-codegen-decompose-softmax makes of the source (the max of each
// column with maxnumf from -NaN, then exp(x - max) summed, then divided, fused into two
// generics), on dynamic shapes and writing into an argument; proved for every extent.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct
// RUN: irverify validate-pass --iree-pipeline 'builtin.module(func.func(iree-codegen-decompose-softmax))' %s --no-confirm | filecheck %s --check-prefix=PASS
// PASS: correct
// PASS: verdict: correct

func.func @src(%arg0: tensor<?x?xf16>, %arg1: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %0 = linalg.softmax dimension(0) ins(%arg0 : tensor<?x?xf16>) outs(%arg1 : tensor<?x?xf16>) -> tensor<?x?xf16>
  return %0 : tensor<?x?xf16>
}

func.func @tgt(%arg0: tensor<?x?xf16>, %arg1: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %cst = arith.constant 0.000000e+00 : f16
  %cst_0 = arith.constant 0xFE00 : f16
  %c1 = arith.constant 1 : index
  %dim = tensor.dim %arg0, %c1 : tensor<?x?xf16>
  %0 = tensor.empty(%dim) : tensor<?xf16>
  %1 = linalg.fill ins(%cst_0 : f16) outs(%0 : tensor<?xf16>) -> tensor<?xf16>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<?x?xf16>) outs(%1 : tensor<?xf16>) {
  ^bb0(%in: f16, %out: f16):
    %6 = arith.maxnumf %in, %out : f16
    linalg.yield %6 : f16
  } -> tensor<?xf16>
  %3 = linalg.fill ins(%cst : f16) outs(%0 : tensor<?xf16>) -> tensor<?xf16>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%arg0, %2 : tensor<?x?xf16>, tensor<?xf16>) outs(%3 : tensor<?xf16>) {
  ^bb0(%in: f16, %in_1: f16, %out: f16):
    %6 = arith.subf %in, %in_1 : f16
    %7 = math.exp %6 : f16
    %8 = arith.addf %7, %out : f16
    linalg.yield %8 : f16
  } -> tensor<?xf16>
  %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0, %2, %4 : tensor<?x?xf16>, tensor<?xf16>, tensor<?xf16>) outs(%arg1 : tensor<?x?xf16>) {
  ^bb0(%in: f16, %in_1: f16, %in_2: f16, %out: f16):
    %6 = arith.subf %in, %in_1 : f16
    %7 = math.exp %6 : f16
    %8 = arith.divf %7, %in_2 : f16
    linalg.yield %8 : f16
  } -> tensor<?x?xf16>
  return %5 : tensor<?x?xf16>
}
