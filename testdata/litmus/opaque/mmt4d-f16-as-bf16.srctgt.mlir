// An opaque op's function is named by its operand types too: linalg.mmt4d on f16 operands and
// linalg.mmt4d on the same bits read as bf16 are different functions (f16 and bf16 share a
// 16-bit bit-vector sort, so equal operand bits do not make them equal). Without execution the
// solver can only say unknown; IREE shows the results differ.
// RUN: not irverify check %s --no-confirm | filecheck %s --check-prefix=SOLVER
// SOLVER: approximations: opaque op 'linalg.mmt4d'
// SOLVER: verdict: unknown
// REQUIRES: iree
// RUN: not irverify check %s | filecheck %s --check-prefix=EXEC
// EXEC: confirmed: true (IREE llvm-cpu)
// EXEC: verdict: incorrect

func.func @src(%a: tensor<1x1x2x2xf16>, %b: tensor<1x1x2x2xf16>, %acc: tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32> {
  %r = linalg.mmt4d ins(%a, %b : tensor<1x1x2x2xf16>, tensor<1x1x2x2xf16>) outs(%acc : tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  return %r : tensor<1x1x2x2xf32>
}

func.func @tgt(%a: tensor<1x1x2x2xf16>, %b: tensor<1x1x2x2xf16>, %acc: tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32> {
  %a2 = arith.bitcast %a : tensor<1x1x2x2xf16> to tensor<1x1x2x2xbf16>
  %b2 = arith.bitcast %b : tensor<1x1x2x2xf16> to tensor<1x1x2x2xbf16>
  %r = linalg.mmt4d ins(%a2, %b2 : tensor<1x1x2x2xbf16>, tensor<1x1x2x2xbf16>) outs(%acc : tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  return %r : tensor<1x1x2x2xf32>
}
