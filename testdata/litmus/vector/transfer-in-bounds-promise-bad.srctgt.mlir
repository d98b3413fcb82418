// in_bounds = [true] promises every lane inside the tensor: a read of 4 lanes from %i is UB
// when %i > 2 (the source's tensor.extract_slice is UB there too, but the target also reads
// where the source pads, so the target is UB where the source is defined).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: transfer_read: an access outside the tensor along a dim promised in bounds
// CHECK: verdict: incorrect

func.func @src(%a: tensor<6xi32>, %i: index) -> tensor<4xi32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i32
  %v = vector.transfer_read %a[%i], %pad : tensor<6xi32>, vector<4xi32>
  %e = tensor.empty() : tensor<4xi32>
  %r = vector.transfer_write %v, %e[%c0] {in_bounds = [true]} : vector<4xi32>, tensor<4xi32>
  return %r : tensor<4xi32>
}

func.func @tgt(%a: tensor<6xi32>, %i: index) -> tensor<4xi32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i32
  %v = vector.transfer_read %a[%i], %pad {in_bounds = [true]} : tensor<6xi32>, vector<4xi32>
  %e = tensor.empty() : tensor<4xi32>
  %r = vector.transfer_write %v, %e[%c0] {in_bounds = [true]} : vector<4xi32>, tensor<4xi32>
  return %r : tensor<4xi32>
}
