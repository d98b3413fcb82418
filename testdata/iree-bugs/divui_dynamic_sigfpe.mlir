// IREE 3.13 (iree-base-compiler 3.13.0, llvm-cpu, generic x86-64) kills the process with SIGFPE
// on an elementwise arith.divui over a tensor whose inner dim is dynamic, for inputs where every
// divisor is nonzero (a defined program): the vectorised loop divides lanes beyond the dynamic
// extent, whose divisors are not the program's. The same op on the static shape, or with the
// inner dim a multiple of the vector width, runs. (The class of iree-org/iree#18085, which was
// fixed for static shapes by not masking divisions, iree-org/iree#18146.)
//
//   iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu \
//       divui_dynamic_sigfpe.mlir -o d.vmfb
//   iree-run-module --device=local-sync --module=d.vmfb --function=div \
//       --input="2x1xi32=512 256" --input="2x1xi32=128 128"
//   EXEC @div                       (then SIGFPE, exit 248; expected 2x1xi32=[4][2])
//   iree-run-module --device=local-sync --module=d.vmfb --function=div_static \
//       --input="2x1xi32=512 256" --input="2x1xi32=128 128"
//   2x1xi32=[4][2]
//   iree-run-module ... --function=div --input="2x4xi32=512 256 3 4 5 6 7 8" \
//       --input="2x4xi32=128 128 1 1 1 1 1 1"
//   2x4xi32=[4 2 3 4][5 6 7 8]
//
// Found by irverify's differential fuzzer (tools/fuzz.py --arm mlir --seed 1000, program 1617):
// a confirmation that runs such a shape reports "could not run: crash: IREE child died with
// SIGFPE", and irverify's own concrete evaluation confirms the counterexample instead.
func.func @div(%a: tensor<2x?xi32>, %b: tensor<2x?xi32>) -> tensor<2x?xi32> {
  %0 = arith.divui %a, %b : tensor<2x?xi32>
  return %0 : tensor<2x?xi32>
}
func.func @div_static(%a: tensor<2x1xi32>, %b: tensor<2x1xi32>) -> tensor<2x1xi32> {
  %0 = arith.divui %a, %b : tensor<2x1xi32>
  return %0 : tensor<2x1xi32>
}
