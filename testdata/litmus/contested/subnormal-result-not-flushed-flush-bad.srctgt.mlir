// Under --subnormals=flush a subnormal argument that no arithmetic touches is returned as it is
// (flushing happens in arithmetic, not in moves): x * 1.0 is not x there.
// RUN: not irverify check %s --no-confirm --subnormals flush | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect
func.func @src(%x: f32) -> f32 {
  return %x : f32
}
func.func @tgt(%x: f32) -> f32 {
  %one = arith.constant 1.0 : f32
  %r = arith.mulf %x, %one : f32
  return %r : f32
}
