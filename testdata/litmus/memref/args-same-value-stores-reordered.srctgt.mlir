// Reorderings that are correct however the arguments overlap: two stores of one value, and two
// loads with no store between them.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: correct

func.func @src(%a: memref<?xi32>, %b: memref<4xi32>, %i: index, %j: index, %v: i32) -> (i32, i32) {
  %x = memref.load %a[%i] : memref<?xi32>
  %y = memref.load %b[%j] : memref<4xi32>
  memref.store %v, %a[%i] : memref<?xi32>
  memref.store %v, %b[%j] : memref<4xi32>
  return %x, %y : i32, i32
}

func.func @tgt(%a: memref<?xi32>, %b: memref<4xi32>, %i: index, %j: index, %v: i32) -> (i32, i32) {
  %y = memref.load %b[%j] : memref<4xi32>
  %x = memref.load %a[%i] : memref<?xi32>
  memref.store %v, %b[%j] : memref<4xi32>
  memref.store %v, %a[%i] : memref<?xi32>
  return %x, %y : i32, i32
}
