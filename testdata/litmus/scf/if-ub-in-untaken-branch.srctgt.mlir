// UB inside an scf.if branch counts only when the branch is taken: when %c is false the source
// returns 0, so the target must too (it does); when %c is true the source is undefined.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%c: i1, %x: tensor<4xi32>) -> i32 {
  %r = scf.if %c -> (i32) {
    %c9 = arith.constant 9 : index
    %e = tensor.extract %x[%c9] : tensor<4xi32>
    scf.yield %e : i32
  } else {
    %z = arith.constant 0 : i32
    scf.yield %z : i32
  }
  return %r : i32
}
func.func @tgt(%c: i1, %x: tensor<4xi32>) -> i32 {
  %z = arith.constant 0 : i32
  return %z : i32
}
