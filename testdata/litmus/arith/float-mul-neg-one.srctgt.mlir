// IEEE: (-1.0) * x = -x for every x that is not NaN (the sign of a product is the xor of the
// signs, §6.3), zeros and infinities included.
// RUN: irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: tensor<?xf16>) -> tensor<?xf16> {
  %m = arith.constant dense<-1.0> : tensor<4xf16>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf16>
  %mm = tensor.empty(%n) : tensor<?xf16>
  %f = arith.constant -1.0 : f16
  %splat = linalg.fill ins(%f : f16) outs(%mm : tensor<?xf16>) -> tensor<?xf16>
  %0 = arith.mulf %splat, %x : tensor<?xf16>
  return %0 : tensor<?xf16>
}

func.func @tgt(%x: tensor<?xf16>) -> tensor<?xf16> {
  %0 = arith.negf %x : tensor<?xf16>
  return %0 : tensor<?xf16>
}
