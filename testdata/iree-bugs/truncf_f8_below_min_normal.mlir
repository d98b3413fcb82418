// IREE 3.13 (iree-base-compiler 3.13.0, llvm-cpu, local-sync) narrows an f32 that lies just
// below the smallest normal value of an 8-bit float format, and that rounds to nearest even up
// to that smallest normal, to zero: 3.5 * 2^-16 (a tie between the subnormal 3 * 2^-16 and
// 4 * 2^-16 = 2^-14, the smallest normal of f8E5M2) and every value up to 2^-14 give 0x00
// (0x80 when negative) instead of 0x04. Likewise f8E5M2FNUZ for 3.5 * 2^-17 .. 2^-15.
//
//   iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu \
//       truncf_f8_below_min_normal.mlir -o t.vmfb
//   iree-run-module --device=local-sync --module=t.vmfb --function=trunc \
//       --input="3xf32=5.340576171875e-05 5.7220458984375e-05 2.6702880859375e-05"
//   result[0]: 3xi8=0 0 0                  (expected 4 4 4)
//
// arith.truncf rounds to nearest, ties to even (APFloat, as the MLIR arith docs state for the
// default rounding mode); ml_dtypes gives 0x04 for all three.
// tests/conformance/test_small_float_conformance.py checks that IREE differs from irverify
// exactly on this interval.
func.func @trunc(%x: tensor<3xf32>) -> tensor<3xi8> {
  %e = tensor.extract_slice %x[0] [2] [1] : tensor<3xf32> to tensor<2xf32>
  %f = tensor.extract_slice %x[2] [1] [1] : tensor<3xf32> to tensor<1xf32>
  %a = arith.truncf %e : tensor<2xf32> to tensor<2xf8E5M2>
  %b = arith.truncf %f : tensor<1xf32> to tensor<1xf8E5M2FNUZ>
  %ai = arith.bitcast %a : tensor<2xf8E5M2> to tensor<2xi8>
  %bi = arith.bitcast %b : tensor<1xf8E5M2FNUZ> to tensor<1xi8>
  %r = tensor.concat dim(0) %ai, %bi : (tensor<2xi8>, tensor<1xi8>) -> tensor<3xi8>
  return %r : tensor<3xi8>
}
