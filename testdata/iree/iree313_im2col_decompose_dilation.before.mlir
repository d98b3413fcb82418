// A dilated NCHW convolution (one input channel, a 1x2 window with dilation 2 along the
// innermost input dim W); after.mlir is
//   iree-opt --pass-pipeline="builtin.module(func.func(iree-linalg-ext-convert-conv-to-im2col-op,iree-linalg-ext-decompose-im2col))"
// applied to it by iree-base-compiler 3.13.0. The first pass gives an iree_linalg_ext.im2col
// with dilations = [1, 1, 2] whose K output dim holds the window offset of W; the
// decomposition copies that dim as one contiguous slice of W (its vectorization check reads
// kernel_size, not dilations), so the window reads w, w+1 instead of w, w+2. With
// %in = [1, 2, 3, 4, 5] and %f = [1, 10] the convolution is [31, 42, 53]; IREE llvm-cpu runs
// the decomposed program to [21, 32, 43].
func.func @conv(%in: tensor<1x1x1x5xi32>, %f: tensor<1x1x1x2xi32>) -> tensor<1x1x1x3xi32> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x1x1x3xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x1x1x3xi32>) -> tensor<1x1x1x3xi32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%in, %f : tensor<1x1x1x5xi32>, tensor<1x1x1x2xi32>) outs(%z : tensor<1x1x1x3xi32>) -> tensor<1x1x1x3xi32>
  return %r : tensor<1x1x1x3xi32>
}
