// args-other-width-store-unsupported under --memref-args noalias: the arguments are assumed
// apart, the reordering is correct, and the verdict names the reading it rests on.
// RUN: irverify check %s --no-confirm --memref-args noalias | filecheck %s
// CHECK: assumption: --memref-args=noalias: {{.*}}(under --memref-args=may-alias: unsupported)
// CHECK: verdict: correct

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
