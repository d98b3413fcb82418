// As copy-overlapping-args, with the target copying in the other direction (%b into %a): wrong
// wherever the arguments do not overlap.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: incorrect

func.func @src(%a: memref<2xi32>, %b: memref<2xi32>) {
  memref.copy %a, %b : memref<2xi32> to memref<2xi32>
  return
}

func.func @tgt(%a: memref<2xi32>, %b: memref<2xi32>) {
  memref.copy %b, %a : memref<2xi32> to memref<2xi32>
  return
}
