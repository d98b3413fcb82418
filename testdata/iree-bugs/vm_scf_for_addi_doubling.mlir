// IREE 3.13 (iree-base-compiler 3.13.0, iree-base-runtime 3.13.0, local-sync) runs a host-side
// scf.for whose body doubles an i32 iter_arg with `arith.addi %acc, %acc` wrongly: @double(3, n)
// for n = 0..7 returns 3 3 3 3 6 12 24 48 instead of 3 6 12 24 48 96 192 384. The same loop
// doubling with `arith.shli %acc, 1` (@double_shl) is right.
//
//   iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu \
//       vm_scf_for_addi_doubling.mlir -o dbl.vmfb
//   iree-run-module --device=local-sync --module=dbl.vmfb --function=double --input=3 --input=4
//   result[0]: i32=6               (expected 48)
//   iree-run-module --device=local-sync --module=dbl.vmfb --function=double_shl --input=3 --input=4
//   result[0]: i32=48
//
// The IR is right down to the VM dialect (`iree-compile ... --compile-to=vm` gives a loop of
// `vm.add.i32 %1, %1` with an i64 counter from `vm.const.i64.zero`). With
// `--iree-vm-bytecode-module-output-format=annotated-mlir-text` the entry branch of @double,
// `vm.br ^bb1(%zero, %arg0 : i64, i32)`, carries the register moves
// `remap_registers = [["i0->i4", "i4+5->i0+1"]]` (%arg0 in i0, %zero in i4+5; the loop counter
// lives in i0+1, the accumulator in i4). Performed one after the other, the i32 move overwrites
// the low half of the zero with x before the i64 move reads it, so the counter starts at x
// (zero-extended) instead of 0 and the loop runs max(0, n - x) times: every output measured fits
// (x = 5 gives 5 5 5 5 5 5 10 20 40 for n = 0..8, x = 1 gives 1 1 2 4 8 ...). @double_shl needs
// no move on that branch (`remap_registers = [[]]`). So the bytecode or the VM is wrong, not the
// IR.
//
// Execution is one of irverify's oracles: a function with an `index` argument cannot cross a
// dispatch boundary, so its counterexample is replayed in IREE's VM. @double against
// @double_shl is a correct rewrite. The loop with a dynamic trip count is an uninterpreted
// function of its body in the proof, so the solver offers a candidate (x = 1, n = 14); the VM
// says source 8192, target 16384, while irverify's evaluation, running the loops, gives 16384 on
// both sides, so
//   irverify check vm_scf_for_addi_doubling.mlir --src-fn double --tgt-fn double_shl
// answers `unknown`: "the oracles disagree at result #0 ...", naming both values.
// tests/conformance/test_scf_conformance.py::test_vm_scf_for_addi_doubling_still_miscompiled
// checks that the installed IREE still computes exactly these wrong values.
func.func @double(%x: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
    %d = arith.addi %acc, %acc : i32
    scf.yield %d : i32
  }
  return %r : i32
}
func.func @double_shl(%x: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1_i32 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
    %d = arith.shli %acc, %c1_i32 : i32
    scf.yield %d : i32
  }
  return %r : i32
}
