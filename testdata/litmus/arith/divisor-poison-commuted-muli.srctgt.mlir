// Commuting a muli whose result is poison (an overflowing nuw) and then divides by itself is
// correct: a poison divisor is UB on both sides (it may be zero), whichever unknown value each
// side's poison stands for. The differential fuzzer (seed 5000, program 1628) found irverify
// calling this `incorrect`.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%a: index, %b: index) -> index {
  %m = arith.muli %a, %b overflow<nuw> : index
  %d = arith.floordivsi %m, %m : index
  return %d : index
}

func.func @tgt(%a: index, %b: index) -> index {
  %m = arith.muli %b, %a overflow<nuw> : index
  %d = arith.floordivsi %m, %m : index
  return %d : index
}
