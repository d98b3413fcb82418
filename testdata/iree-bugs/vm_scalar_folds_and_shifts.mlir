// IREE 3.13 (iree-base-compiler 3.13.0) computes scalar host code in its VM differently from the
// arith op definitions; the same ops inside a dispatch (llvm-cpu) are right.
//
//   iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu \
//       vm_scalar_folds_and_shifts.mlir -o vm.vmfb
//   iree-run-module --device=local-sync --module=vm.vmfb --function=shr --input=-128
//   result[0]: i32=2147483584     (expected i8 64: (-128 as i8) >>u 1 = 0x40; the VM shifts the
//                                  sign-extended 32-bit register and does not even return an i8)
//   iree-run-module --device=local-sync --module=vm.vmfb --function=addzero --input=-0.0
//   result[0]: f32=-0              (expected +0: -0.0 + 0.0 = +0.0 in IEEE-754; x + 0.0 was folded to x)
//
// This is why irverify confirms functions on scalars through a 0-d tensor dispatch
// (irverify/frontends/mlir/confirm.py), and why testdata/cli/confirm-disagreement.test (an index
// argument, which cannot cross a dispatch boundary, so the function runs in the VM) shows the
// two oracles disagreeing.
func.func @shr(%i: index) -> i8 {
  %x = arith.index_cast %i : index to i8
  %c1 = arith.constant 1 : i8
  %0 = arith.shrui %x, %c1 : i8
  return %0 : i8
}
func.func @addzero(%x: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %0 = arith.addf %x, %z : f32
  return %0 : f32
}
