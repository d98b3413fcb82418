// As args-load-store-reordered-alias-bad, with %a marked llvm.noalias in both functions: the IR
// says %a overlaps no other argument, so the reordering is correct (no assumption is added).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK-NOT: assumption:
// CHECK: verdict: correct

func.func @src(%a: memref<4xi32> {llvm.noalias}, %b: memref<4xi32>, %i: index, %j: index) -> i32 {
  %x = memref.load %a[%i] : memref<4xi32>
  %c7 = arith.constant 7 : i32
  memref.store %c7, %b[%j] : memref<4xi32>
  return %x : i32
}

func.func @tgt(%a: memref<4xi32> {llvm.noalias}, %b: memref<4xi32>, %i: index, %j: index) -> i32 {
  %c7 = arith.constant 7 : i32
  memref.store %c7, %b[%j] : memref<4xi32>
  %x = memref.load %a[%i] : memref<4xi32>
  return %x : i32
}
