// IREE 3.13 (iree-base-compiler 3.13.0, llvm-cpu, local-sync) widens the f8E4M3FN pattern 0xFF
// to -480.0 instead of NaN. f8E4M3FN (OCP) has no infinities; its NaNs are the two patterns with
// every exponent and fraction bit set, 0x7F and 0xFF (APFloat's Float8E4M3FN semantics,
// fltNanEncoding::AllOnes; ml_dtypes.float8_e4m3fn agrees). 0x7F widens to NaN; 0xFF, the same
// NaN with the sign set, is read as the finite value -1.875 * 2^8. Every f8E4M3FN op IREE
// emulates through f32 (addf, mulf, ... by iree-convert-unsupported-float-arith) then computes
// with -480.0 where the operand is NaN.
//
//   iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu \
//       extf_f8e4m3fn_negative_nan.mlir -o t.vmfb
//   iree-run-module --device=local-sync --module=t.vmfb --function=ext --input="2xi8=127 -1"
//   result[0]: 2xf32=NAN -480                (expected NaN NaN)
//
// tests/conformance/test_small_float_conformance.py checks that IREE differs from irverify
// exactly on this pattern.
func.func @ext(%x: tensor<2xi8>) -> tensor<2xf32> {
  %a = arith.bitcast %x : tensor<2xi8> to tensor<2xf8E4M3FN>
  %b = arith.extf %a : tensor<2xf8E4M3FN> to tensor<2xf32>
  return %b : tensor<2xf32>
}
