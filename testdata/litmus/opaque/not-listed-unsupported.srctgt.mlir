// An op that is neither modelled nor listed as free of side effects stays unsupported, named.
// RUN: not irverify check %s --no-confirm 2>&1 | filecheck %s
// CHECK: @src: unsupported
// CHECK-NEXT: unsupported: op 'iree_linalg_ext.sort'

func.func @src(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = iree_linalg_ext.sort dimension(0) outs(%x : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func @tgt(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = iree_linalg_ext.sort dimension(0) outs(%x : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
