// A dynamic dim may be 2^31 or more (a 2 GiB tensor of i8): narrowing it to i32 is wrong.
// Only what every valid input satisfies is assumed (its byte size fits in index).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: dim(%t, 0) = 2147483648
// CHECK: Source value: 2147483648 (0x0000000080000000)
// CHECK-NEXT: Target value: -2147483648 (0xffffffff80000000)
// CHECK: verdict: incorrect

func.func @src(%t: tensor<?xi8>) -> i64 {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?xi8>
  %r = arith.index_cast %d : index to i64
  return %r : i64
}

func.func @tgt(%t: tensor<?xi8>) -> i64 {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?xi8>
  %n = arith.index_cast %d : index to i32
  %r = arith.extsi %n : i32 to i64
  return %r : i64
}
