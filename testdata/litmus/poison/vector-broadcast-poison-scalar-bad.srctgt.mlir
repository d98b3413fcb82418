// vector.broadcast of a poison scalar is a vector of poison elements, not undefined behaviour:
// the function's other result is still compared.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect
func.func @src(%x: i32) -> (vector<4xi32>, i32) {
  %c32 = arith.constant 32 : i32
  %p = arith.shli %x, %c32 : i32
  %v = vector.broadcast %p : i32 to vector<4xi32>
  return %v, %x : vector<4xi32>, i32
}
func.func @tgt(%x: i32) -> (vector<4xi32>, i32) {
  %c32 = arith.constant 32 : i32
  %c1 = arith.constant 1 : i32
  %p = arith.shli %x, %c32 : i32
  %v = vector.broadcast %p : i32 to vector<4xi32>
  %y = arith.addi %x, %c1 : i32
  return %v, %y : vector<4xi32>, i32
}
