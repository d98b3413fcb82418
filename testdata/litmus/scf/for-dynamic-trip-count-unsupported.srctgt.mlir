// A loop whose trip count is not a constant is not unrolled: unsupported, naming the loop.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: unsupported
// CHECK: scf.for with a dynamic trip count

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
