// A loop whose trip count is not a constant is not unrolled: it is an uninterpreted function of
// its body's structure and of the values it reads. A target that drops it is not proved; the
// counterexample rests on that approximation, so the verdict is unknown (the loop doubles %x
// %n times: the target is wrong for %n > 0, which irverify cannot show without unrolling).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: approximations: 'scf.for' as an uninterpreted function of its body (scf.for with a dynamic trip count)
// CHECK: verdict: unknown

func.func @src(%x: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %x) -> (i32) {
    %t = arith.addi %s, %s : i32
    scf.yield %t : i32
  }
  return %r : i32
}
func.func @tgt(%x: i32, %n: index) -> i32 {
  return %x : i32
}
