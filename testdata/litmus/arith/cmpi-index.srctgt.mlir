// x <= y == !(y < x) on index.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: index, %y: index) -> i1 {
  %0 = arith.cmpi sle, %x, %y : index
  return %0 : i1
}

func.func @tgt(%x: index, %y: index) -> i1 {
  %t = arith.constant true
  %0 = arith.cmpi slt, %y, %x : index
  %1 = arith.xori %0, %t : i1
  return %1 : i1
}
