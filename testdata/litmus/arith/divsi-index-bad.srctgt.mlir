// index divsi and floordivsi differ on negative values.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK: Differing output: result #0
// CHECK: Source value:
// CHECK: Target value:
// CHECK: verdict: incorrect

func.func @src(%x: index) -> index {
  %c3 = arith.constant 3 : index
  %1 = arith.divsi %x, %c3 : index
  return %1 : index
}

func.func @tgt(%x: index) -> index {
  %c3 = arith.constant 3 : index
  %1 = arith.floordivsi %x, %c3 : index
  return %1 : index
}
