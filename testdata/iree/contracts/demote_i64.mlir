// Input of iree-input-conversion-demote-i64-to-i32 (checked through the demote-i64-to-i32
// contract: tests/test_convert_types_contracts.py). @scale and @shift_add demote exactly modulo
// 2^32; @quotient does not: i32 division overflows (UB) on -2^31 / -1, where i64 does not.
func.func @scale(%x: i64, %y: tensor<4xi64>) -> (i64, tensor<4xi64>) {
  %c = arith.constant 3 : i64
  %a = arith.muli %x, %c : i64
  %0 = tensor.empty() : tensor<4xi64>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%y : tensor<4xi64>) outs(%0 : tensor<4xi64>) {
  ^bb0(%in: i64, %out: i64):
    %s = arith.addi %in, %a : i64
    linalg.yield %s : i64
  } -> tensor<4xi64>
  return %a, %1 : i64, tensor<4xi64>
}
func.func @shift_add(%x: i64, %n: i32) -> i64 {
  %c1 = arith.constant 1 : i64
  %w = arith.extsi %n : i32 to i64
  %s = arith.shli %x, %c1 : i64
  %r = arith.addi %s, %w : i64
  return %r : i64
}
