// The mirror: a target that broadcasts a poison scalar where the source broadcasts a value is
// wrong (its elements are poison where the source's are defined).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect
func.func @src(%x: i32) -> vector<4xi32> {
  %v = vector.broadcast %x : i32 to vector<4xi32>
  return %v : vector<4xi32>
}
func.func @tgt(%x: i32) -> vector<4xi32> {
  %c32 = arith.constant 32 : i32
  %p = arith.shli %x, %c32 : i32
  %v = vector.broadcast %p : i32 to vector<4xi32>
  return %v : vector<4xi32>
}
