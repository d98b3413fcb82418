// Two stores through two arguments at different indices are reordered: wrong only when the
// arguments partly overlap, with %b starting one element after %a (then %b[0] is %a[1]).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: offset of %b from %a (elements) = 1
// CHECK: verdict: incorrect

func.func @src(%a: memref<4xi32>, %b: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  memref.store %c5, %a[%c1] : memref<4xi32>
  memref.store %c6, %b[%c0] : memref<4xi32>
  return
}

func.func @tgt(%a: memref<4xi32>, %b: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  memref.store %c6, %b[%c0] : memref<4xi32>
  memref.store %c5, %a[%c1] : memref<4xi32>
  return
}
