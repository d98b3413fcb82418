// Found by tools/fuzz.py (MLIR arm, registry programs: seed 78, program 8, built around
// vector.broadcast): a vector.broadcast of a poison scalar was undefined behaviour, so a source
// that broadcast poison was undefined everywhere and every target of it was `correct`. The op
// definition propagates poison into the broadcast elements; the function's other result is
// defined, and the target changes it.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch

func.func @src(%a: tensor<1xi32>) -> (tensor<2x4xf32>, tensor<1xi32>) {
  %p = ub.poison : f32
  %v = vector.broadcast %p : f32 to vector<4xf32>
  %w = vector.broadcast %v : vector<4xf32> to vector<2x4xf32>
  %c1 = arith.constant dense<1> : tensor<1xi32>
  %r = arith.addi %a, %c1 : tensor<1xi32>
  %e = tensor.empty() : tensor<2x4xf32>
  %c0 = arith.constant 0 : index
  %o = vector.transfer_write %w, %e[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xf32>, tensor<2x4xf32>
  return %o, %r : tensor<2x4xf32>, tensor<1xi32>
}

func.func @tgt(%a: tensor<1xi32>) -> (tensor<2x4xf32>, tensor<1xi32>) {
  %p = ub.poison : f32
  %v = vector.broadcast %p : f32 to vector<4xf32>
  %w = vector.broadcast %v : vector<4xf32> to vector<2x4xf32>
  %c1 = arith.constant dense<1> : tensor<1xi32>
  %r = arith.subi %a, %c1 : tensor<1xi32>
  %e = tensor.empty() : tensor<2x4xf32>
  %c0 = arith.constant 0 : index
  %o = vector.transfer_write %w, %e[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xf32>, tensor<2x4xf32>
  return %o, %r : tensor<2x4xf32>, tensor<1xi32>
}
