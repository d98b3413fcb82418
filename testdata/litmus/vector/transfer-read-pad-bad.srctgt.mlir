// Past the end of the tensor a transfer_read gives its padding value, not the last element:
// reading 8 lanes of a 6-element row and keeping them all changes lanes 6 and 7.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: incorrect

func.func @src(%a: tensor<6xf32>) -> tensor<8xf32> {
  %c5 = arith.constant 5 : index
  %last = tensor.extract %a[%c5] : tensor<6xf32>
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%last : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = tensor.insert_slice %a into %f[0] [6] [1] : tensor<6xf32> into tensor<8xf32>
  return %r : tensor<8xf32>
}

func.func @tgt(%a: tensor<6xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %v = vector.transfer_read %a[%c0], %z : tensor<6xf32>, vector<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %r = vector.transfer_write %v, %e[%c0] {in_bounds = [true]} : vector<8xf32>, tensor<8xf32>
  return %r : tensor<8xf32>
}
