// IREE 3.13's iree-linalg-ext-decompose-im2col on an im2col whose K output dim is the window
// offset of the innermost input dim, with dilation 2: the decomposition copies the window as
// one contiguous slice (w, w+1) where the op reads w, w+2 (see
// testdata/iree/iree313_im2col_decompose_dilation.before.mlir for the convolution it comes from).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: verdict: incorrect

func.func @src(%in: tensor<1x3xi32>) -> tensor<1x2xi32> {
  %e = tensor.empty() : tensor<1x2xi32>
  %r = iree_linalg_ext.im2col strides = [1] dilations = [2] kernel_size = [2]
         offsets = [0, 0] output_sizes = [[1], [1, 2]]
         batch_pos = [] m_pos = [1] k_pos = [0] input_k_perm = [0, 1] output_perm = [0, 1]
         ins(%in : tensor<1x3xi32>) outs(%e : tensor<1x2xi32>) -> tensor<1x2xi32>
  return %r : tensor<1x2xi32>
}
func.func @tgt(%arg0: tensor<1x3xi32>) -> tensor<1x2xi32> {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %0 = tensor.empty() : tensor<1x2xi32>
  %1 = scf.for %arg1 = %c0 to %c1 step %c1 iter_args(%arg2 = %0) -> (tensor<1x2xi32>) {
    %2 = affine.apply affine_map<(d0)[s0] -> (d0 + s0 * 2)>(%arg1)[%c0]
    %extracted_slice = tensor.extract_slice %arg0[%c0, %2] [1, 2] [1, 1] : tensor<1x3xi32> to tensor<2xi32>
    %extracted_slice_0 = tensor.extract_slice %arg2[%arg1, %c0] [1, 2] [1, 1] : tensor<1x2xi32> to tensor<2xi32>
    %3 = linalg.copy ins(%extracted_slice : tensor<2xi32>) outs(%extracted_slice_0 : tensor<2xi32>) -> tensor<2xi32>
    %inserted_slice = tensor.insert_slice %3 into %arg2[%arg1, %c0] [1, 2] [1, 1] : tensor<2xi32> into tensor<1x2xi32>
    scf.yield %inserted_slice : tensor<1x2xi32>
  }
  return %1 : tensor<1x2xi32>
}
