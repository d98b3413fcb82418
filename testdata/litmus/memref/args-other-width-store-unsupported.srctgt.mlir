// Arguments of different element widths (f32, i8) may overlap, which irverify does not model:
// a function that stores through either is unsupported (naming --memref-args noalias), never
// correct; args-other-width-store-noalias-flag is the same pair under --memref-args noalias.
// RUN: %exit-code irverify check %s --no-confirm | filecheck %s
// CHECK: unsupported: a store through memref argument %b, which may overlap memref argument %a of another element width
// CHECK: exit: 3

func.func @src(%a: memref<4xf32>, %b: memref<8xi8>) -> f32 {
  %c0 = arith.constant 0 : index
  %k = arith.constant 5 : i8
  memref.store %k, %b[%c0] : memref<8xi8>
  %x = memref.load %a[%c0] : memref<4xf32>
  return %x : f32
}

func.func @tgt(%a: memref<4xf32>, %b: memref<8xi8>) -> f32 {
  %c0 = arith.constant 0 : index
  %k = arith.constant 5 : i8
  %x = memref.load %a[%c0] : memref<4xf32>
  memref.store %k, %b[%c0] : memref<8xi8>
  return %x : f32
}
