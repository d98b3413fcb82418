// IREE 3.13 (iree-base-compiler 3.13.0) returns +0.0 for a host (VM) function that returns the
// constant -0.0: the conversion to the VM dialect turns `arith.constant -0.0` into
// `vm.const.f32.zero`, whose value is +0.0 (-0.0 compares equal to zero). Negating at run time
// keeps the sign, and the same constant inside a dispatch (llvm-cpu) keeps it too.
//
//   iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu \
//       --iree-input-demote-f64-to-f32=false vm_negative_zero_constant.mlir -o nz.vmfb
//   iree-run-module --device=local-sync --module=nz.vmfb --function=negzero
//   result[0]: f32=0               (expected -0)
//   iree-run-module --device=local-sync --module=nz.vmfb --function=negzero_f64
//   result[0]: f64=0               (expected -0)
//   iree-run-module --device=local-sync --module=nz.vmfb --function=negate --input=0.0
//   result[0]: f32=-0
//   iree-compile ... --compile-to=vm vm_negative_zero_constant.mlir   (shows vm.const.f32.zero)
//
// Found by mutation fuzzing of the lit corpora (tools/mutate_corpus.py, tools/FUZZ.md): the
// mlir-tv pair tensor-constant/sparse_zero with its target's constant 0.0 negated is `incorrect`
// (source 0.0, target -0.0), and execution, which runs a function holding only scalar code in
// IREE's VM, returned 0.0 for both.
func.func @negzero() -> f32 {
  %z = arith.constant -0.0 : f32
  return %z : f32
}
func.func @negzero_f64() -> f64 {
  %z = arith.constant -0.0 : f64
  return %z : f64
}
func.func @negate(%x: f32) -> f32 {
  %0 = arith.negf %x : f32
  return %0 : f32
}
