// Nonlinear index arithmetic the solver cannot decide in time: a search over small dims finds
// no counterexample, which proves nothing for large ones (narrowing to i16 is wrong once
// d0 * d1 * d2 > 32768), so the verdict is unknown, never correct (the message adds "no
// counterexample with dynamic dims <= 8" when the bounded search ends within the time limit).
// RUN: %exit-code irverify check %s --no-confirm --timeout 2 | filecheck %s
// CHECK: @src: unknown
// CHECK: solver could not decide: value of result #0: timeout
// CHECK: verdict: unknown
// CHECK: exit: 4

func.func @src(%t: tensor<?x?x?xi8>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x?x?xi8>
  %d1 = tensor.dim %t, %c1 : tensor<?x?x?xi8>
  %d2 = tensor.dim %t, %c2 : tensor<?x?x?xi8>
  %p = arith.muli %d0, %d1 : index
  %p2 = arith.muli %p, %d2 : index
  %e = arith.remui %p2, %d0 : index
  %q = arith.subi %p2, %c1 : index
  %q2 = arith.addi %q, %e : index
  %r = arith.index_cast %q2 : index to i64
  return %r : i64
}

func.func @tgt(%t: tensor<?x?x?xi8>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x?x?xi8>
  %d1 = tensor.dim %t, %c1 : tensor<?x?x?xi8>
  %d2 = tensor.dim %t, %c2 : tensor<?x?x?xi8>
  %p = arith.muli %d0, %d1 : index
  %p2 = arith.muli %p, %d2 : index
  %e = arith.remui %p2, %d0 : index
  %q = arith.subi %p2, %c1 : index
  %q2 = arith.addi %q, %e : index
  %n = arith.index_cast %q2 : index to i16
  %r = arith.extsi %n : i16 to i64
  return %r : i64
}
