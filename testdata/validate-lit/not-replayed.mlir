// A lit file of which `irverify validate-lit` can replay nothing, for its own tests: each RUN
// line is listed with the reason, and the run exits 2 (no case was checked).
// RUN: iree-opt -arith-expand %s | FileCheck %s
// RUN: iree-opt --pass-pipeline="builtin.module(func.func(fold-tensor-subset-ops))" %s | FileCheck %s
// RUN: iree-compile %s | FileCheck %s
// RUN: irverify check %s | filecheck %s

func.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  return %0 : i32
}
