// A dense constant of complex<f32> elements is not modelled: unsupported, with a JSON report
// (the MLIR bindings abort the process when such an attribute is read the usual way).
// RUN: %exit-code irverify check %s --no-confirm --json | filecheck %s
// CHECK: "verdict": "unsupported"
// CHECK-SAME: tensor<2xcomplex<f32>>
// CHECK: exit: 3

func.func @src() -> tensor<2xcomplex<f32>> {
  %c = arith.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
  return %c : tensor<2xcomplex<f32>>
}

func.func @tgt() -> tensor<2xcomplex<f32>> {
  %c = arith.constant dense<[(1.0, 2.0), (3.0, 5.0)]> : tensor<2xcomplex<f32>>
  return %c : tensor<2xcomplex<f32>>
}
