// Padding a tensor into a memref: storing the padded tensor at once equals storing the source
// through a subview and writing the padding value around it with parallel scf.forall loops
// (the shape combine-result-layout-transformation gives a tensor.pad).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

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
  scf.forall (%i) = (0) to (8) step (7) {
    memref.store %cst, %m[%i] : memref<8xf32>
  }
  return
}
