// The upstream lit case @truncf_f32_to_f8e4m3fnuz of IREE's convert_unsupported_float_arith.mlir
// (IREE 3.13 test suite, Apache-2.0 WITH LLVM-exception); after.mlir is
//   iree-opt --pass-pipeline="builtin.module(func.func(iree-convert-unsupported-float-arith))"
// applied to it by iree-base-compiler 3.13.0. The emulated truncf gives +0 for 7.5 * 2^-10,
// which rounds to nearest even up to the smallest normal 2^-7 (pattern 0x08).
func.func @truncf_f32_to_f8e4m3fnuz(%arg0 : f32) -> f8E4M3FNUZ {
    %0 = arith.truncf %arg0 : f32 to f8E4M3FNUZ
    return %0 : f8E4M3FNUZ
}
