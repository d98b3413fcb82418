// affine.apply lowers '+' to a wrapping arith.addi (lower-affine): at INT64_MAX, x + 1 wraps
// and x < x + 1 is false; folding it to true is wrong (no UB, no poison to hide behind).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: %x : index = 9223372036854775807 (0x7fffffffffffffff)
// CHECK: Source value: 0 (0x0)
// CHECK: Target value: 1 (0x1)
// CHECK: verdict: incorrect

func.func @src(%x: index) -> i1 {
  %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%x)
  %1 = arith.cmpi slt, %x, %0 : index
  return %1 : i1
}

func.func @tgt(%x: index) -> i1 {
  %t = arith.constant true
  return %t : i1
}
