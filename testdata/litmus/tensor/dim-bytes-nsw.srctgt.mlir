// A valid input's byte size fits in index: the byte size of a tensor<?x2xf64> cannot overflow,
// so computing it with nsw and nuw (poison on overflow) is correct.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%t: tensor<?x2xf64>) -> index {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %d = tensor.dim %t, %c0 : tensor<?x2xf64>
  %n = arith.muli %d, %c16 : index
  return %n : index
}

func.func @tgt(%t: tensor<?x2xf64>) -> index {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %d = tensor.dim %t, %c0 : tensor<?x2xf64>
  %n = arith.muli %d, %c16 overflow<nsw, nuw> : index
  return %n : index
}
