// Memref arguments may overlap (MLIR allows it unless the IR says otherwise): moving a store
// through %b before a load through %a is wrong when %b[%j] is %a[%i]. The counterexample
// places the two arguments in overlapping memory ("offset of %b from %a"), which execution
// cannot show (IREE gives every argument its own buffer), so it is not run.
// RUN: not irverify check %s | filecheck %s
// CHECK: ERROR: value mismatch
// CHECK: offset of %b from %a (elements) =
// CHECK: confirmed: not run {{.*}}places memref arguments %a and %b in overlapping memory
// CHECK: verdict: incorrect

func.func @src(%a: memref<4xi32>, %b: memref<4xi32>, %i: index, %j: index) -> i32 {
  %x = memref.load %a[%i] : memref<4xi32>
  %c7 = arith.constant 7 : i32
  memref.store %c7, %b[%j] : memref<4xi32>
  return %x : i32
}

func.func @tgt(%a: memref<4xi32>, %b: memref<4xi32>, %i: index, %j: index) -> i32 {
  %c7 = arith.constant 7 : i32
  memref.store %c7, %b[%j] : memref<4xi32>
  %x = memref.load %a[%i] : memref<4xi32>
  return %x : i32
}
