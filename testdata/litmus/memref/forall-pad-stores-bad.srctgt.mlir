// As forall-pad-stores, with a loop step that also overwrites element 6 with the padding value:
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect

func.func @src(%x: tensor<6xf32>, %m: memref<8xf32>) {
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %x low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %cst : f32
  } : tensor<6xf32> to tensor<8xf32>
  iree_codegen.store_to_buffer %p, %m : tensor<8xf32> into memref<8xf32>
  return
}

func.func @tgt(%x: tensor<6xf32>, %m: memref<8xf32>) {
  %cst = arith.constant 0.0 : f32
  %sv = memref.subview %m[1][6][1] : memref<8xf32> to memref<6xf32, strided<[1], offset: 1>>
  iree_codegen.store_to_buffer %x, %sv : tensor<6xf32> into memref<6xf32, strided<[1], offset: 1>>
  scf.forall (%i) = (0) to (8) step (6) {
    memref.store %cst, %m[%i] : memref<8xf32>
  }
  return
}
