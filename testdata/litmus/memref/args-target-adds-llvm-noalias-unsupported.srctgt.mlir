// A target that marks llvm.noalias an argument the source lets overlap another would be
// undefined where the source is not (LLVM's noalias): unsupported, never correct.
// RUN: %exit-code irverify check %s --no-confirm | filecheck %s
// CHECK: unsupported: @tgt marks memref argument %a llvm.noalias, which the source does not
// CHECK: exit: 3

func.func @src(%a: memref<4xi32>, %b: memref<4xi32>, %i: index, %j: index) -> i32 {
  %x = memref.load %a[%i] : memref<4xi32>
  %c7 = arith.constant 7 : i32
  memref.store %c7, %b[%j] : memref<4xi32>
  return %x : i32
}

func.func @tgt(%a: memref<4xi32> {llvm.noalias}, %b: memref<4xi32>, %i: index, %j: index) -> i32 {
  %x = memref.load %a[%i] : memref<4xi32>
  %c7 = arith.constant 7 : i32
  memref.store %c7, %b[%j] : memref<4xi32>
  return %x : i32
}
