// (x / y) * y + x % y == x wherever the source is defined (y != 0, no INT_MIN / -1):
// correct, with a source_ub note.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: note: source_ub
// CHECK: source_ub: {{.*}}division
// CHECK: source_ub input:
// CHECK: verdict: correct

func.func @src(%x: i8, %y: i8) -> i8 {
  %0 = arith.divsi %x, %y : i8
  %1 = arith.muli %0, %y : i8
  %2 = arith.remsi %x, %y : i8
  %3 = arith.addi %1, %2 : i8
  return %3 : i8
}

func.func @tgt(%x: i8, %y: i8) -> i8 {
  return %x : i8
}
