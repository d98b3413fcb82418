// A transposing copy through vectors: transfer_read with a permutation map (every dim in
// bounds), vector.transpose back, transfer_write; the tail read pads with 0 past the end of the
// row and the masked write drops lanes past %n (vector.create_mask).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: correct

func.func @src(%a: tensor<4x6xf32>, %b: tensor<6x4xf32>, %n: index) -> (tensor<4x6xf32>, tensor<8xf32>) {
  %t = linalg.transpose ins(%a : tensor<4x6xf32>) outs(%b : tensor<6x4xf32>) permutation = [1, 0]
  %tt = linalg.transpose ins(%t : tensor<6x4xf32>) outs(%a : tensor<4x6xf32>) permutation = [1, 0]
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %row = tensor.extract_slice %a[3, 0] [1, 6] [1, 1] : tensor<4x6xf32> to tensor<6xf32>
  %m = arith.minsi %n, %c3 : index
  %k = arith.maxsi %m, %c0 : index
  %part = tensor.extract_slice %row[0] [%k] [1] : tensor<6xf32> to tensor<?xf32>
  %r = tensor.insert_slice %part into %f[0] [%k] [1] : tensor<?xf32> into tensor<8xf32>
  return %tt, %r : tensor<4x6xf32>, tensor<8xf32>
}

func.func @tgt(%a: tensor<4x6xf32>, %b: tensor<6x4xf32>, %n: index) -> (tensor<4x6xf32>, tensor<8xf32>) {
  %pad = ub.poison : f32
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : tensor<4x6xf32>, vector<6x4xf32>
  %w = vector.transpose %v, [1, 0] : vector<6x4xf32> to vector<4x6xf32>
  %e = tensor.empty() : tensor<4x6xf32>
  %tt = vector.transfer_write %w, %e[%c0, %c0] {in_bounds = [true, true]} : vector<4x6xf32>, tensor<4x6xf32>
  %tail = vector.transfer_read %a[%c3, %c0], %z : tensor<4x6xf32>, vector<8xf32>
  %zs = vector.broadcast %z : f32 to vector<8xf32>
  %out = tensor.empty() : tensor<8xf32>
  %zero = vector.transfer_write %zs, %out[%c0] {in_bounds = [true]} : vector<8xf32>, tensor<8xf32>
  %m = arith.minsi %n, %c3 : index
  %mask = vector.create_mask %m : vector<8xi1>
  %r = vector.transfer_write %tail, %zero[%c0], %mask {in_bounds = [true]} : vector<8xf32>, tensor<8xf32>
  return %tt, %r : tensor<4x6xf32>, tensor<8xf32>
}
