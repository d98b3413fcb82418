// Storing a poison value makes the stored element poison; it is not undefined behaviour
// (memref.store's definition has no such precondition). The element beside it is still
// compared, so a target that drops its store is wrong.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect
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
  %c32 = arith.constant 32 : i32
  %p = arith.shli %x, %c32 : i32
  memref.store %p, %m[%c0] : memref<2xi32>
  return
}
