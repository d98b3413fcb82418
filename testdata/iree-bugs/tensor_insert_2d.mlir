// IREE 3.13 (iree-base-compiler 3.13.0, llvm-cpu, local-sync) miscompiles tensor.insert of a
// runtime value into a rank-2 tensor: four elements change instead of one.
//
//   iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu \
//       tensor_insert_2d.mlir -o insert.vmfb
//   iree-run-module --device=local-sync --module=insert.vmfb --function=f \
//       --input="4x3xi32=0" --input=9 --input=1 --input=1
//   result[0]: 4x3xi32=[0 0 0][0 9 9][9 9 0][0 0 0]      (expected [0 0 0][0 9 0][0 0 0][0 0 0])
//
// The same happens with a constant value (@g). irverify's semantics follow the TensorOps
// documentation ("the result equals dest except at the given indices"); the conformance test
// tests/conformance/test_tensor_conformance.py::test_insert_2d_conforms_with_iree is a strict
// xfail that starts failing when IREE is fixed.
func.func @f(%t: tensor<4x3xi32>, %v: i32, %i: index, %j: index) -> tensor<4x3xi32> {
  %r = tensor.insert %v into %t[%i, %j] : tensor<4x3xi32>
  return %r : tensor<4x3xi32>
}
func.func @g(%t: tensor<4x3xi32>, %i: index, %j: index) -> tensor<4x3xi32> {
  %v = arith.constant 9 : i32
  %r = tensor.insert %v into %t[%i, %j] : tensor<4x3xi32>
  return %r : tensor<4x3xi32>
}
