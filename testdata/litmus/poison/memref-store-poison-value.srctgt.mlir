// A poison stored element may be refined by any value: storing 7 where the source stores the
// poison result of a shift by the width is correct.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct
func.func @src(%m: memref<2xi32>, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : i32
  %p = arith.shli %x, %c32 : i32
  memref.store %p, %m[%c0] : memref<2xi32>
  memref.store %x, %m[%c1] : memref<2xi32>
  return
}
func.func @tgt(%m: memref<2xi32>, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : i32
  memref.store %c7, %m[%c0] : memref<2xi32>
  memref.store %x, %m[%c1] : memref<2xi32>
  return
}
