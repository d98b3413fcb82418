// As args-load-store-reordered-alias-bad, under --memref-args noalias: the arguments are
// assumed apart, the reordering is then correct, and the verdict names the assumption.
// RUN: irverify check %s --no-confirm --memref-args noalias | filecheck %s
// CHECK: assumption: --memref-args=noalias: distinct memref arguments are assumed not to overlap {{.*}}(under --memref-args=may-alias: incorrect)
// CHECK: verdict: correct

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
