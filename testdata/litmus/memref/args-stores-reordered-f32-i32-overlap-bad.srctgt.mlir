// Arguments of different element types of one width (f32, i32) may overlap too: reordering a
// float store through %a and an integer store through %b is wrong when %b[0] is %a[1] (the
// last store's bits win).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: offset of %b from %a (elements) = 1
// CHECK: verdict: incorrect

func.func @src(%a: memref<4xf32>, %b: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %k = arith.constant 5 : i32
  memref.store %f, %a[%c1] : memref<4xf32>
  memref.store %k, %b[%c0] : memref<4xi32>
  return
}

func.func @tgt(%a: memref<4xf32>, %b: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %k = arith.constant 5 : i32
  memref.store %k, %b[%c0] : memref<4xi32>
  memref.store %f, %a[%c1] : memref<4xf32>
  return
}
