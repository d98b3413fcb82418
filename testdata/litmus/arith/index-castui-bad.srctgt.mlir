// index_castui and index_cast differ for negative i32 values.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK: Differing output: result #0
// CHECK: Source value:
// CHECK: Target value:
// CHECK: verdict: incorrect

func.func @src(%x: i32) -> index {
  %0 = arith.index_cast %x : i32 to index
  return %0 : index
}

func.func @tgt(%x: i32) -> index {
  %0 = arith.index_castui %x : i32 to index
  return %0 : index
}
