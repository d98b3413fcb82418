// A small lit file in the shape of IREE's pass tests, for `irverify validate-lit`'s own tests.
// RUN: iree-opt --split-input-file --canonicalize -cse --mlir-print-local-scope %s -o - | FileCheck %s
// RUN: iree-opt --pass-pipeline="builtin.module(util.func(canonicalize))" \
// RUN:   --split-input-file --iree-some-global-option=4 %s | FileCheck %s
// RUN: FileCheck %s --input-file=%s

util.func public @fold_add_zero(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  util.return %0 : i32
}

// -----

func.func @select_same(%c: i1, %x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.select %c, %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @memory(%m: memref<4xf32, strided<[2]>>) -> f32 {
  %c0 = arith.constant 0 : index
  %i = arith.addi %c0, %c0 : index
  %0 = memref.load %m[%i] : memref<4xf32, strided<[2]>>
  return %0 : f32
}

// -----

func.func @unparsable(%x: f32) -> f32 {
  %0 = arith.addf %x %x : f32
  return %0 : f32
}
