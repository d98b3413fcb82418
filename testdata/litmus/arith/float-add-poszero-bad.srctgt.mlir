// x + 0.0 is not x: (-0.0) + (+0.0) = +0.0. Found with the plain command line (the abstract
// model knows the sum of zeros exactly; exact IEEE floats decide it).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: %x : f32 = -0.0 (0x80000000)
// CHECK: Source value: 0.0 (0x00000000)
// CHECK-NEXT: Target value: -0.0 (0x80000000)
// CHECK: verdict: incorrect
// With confirmation, the scalar function runs as a 0-d tensor dispatch on llvm-cpu, which
// computes IEEE sums (IREE's VM would fold x + 0.0 into x: testdata/iree-bugs/).
// RUN: not irverify check %s | filecheck %s --check-prefix=EXEC
// EXEC: @src: incorrect
// EXEC: confirmed: true (IREE llvm-cpu (0-d tensor dispatch)) result #0: source 0.0, target -0.0
// EXEC: verdict: incorrect

func.func @src(%x: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %0 = arith.addf %x, %z : f32
  return %0 : f32
}

func.func @tgt(%x: f32) -> f32 {
  return %x : f32
}
