// index_cast i32 -> index -> i32 round-trips: the integer view of a bit-vector, cast back to
// a bit-vector, is an extract of the original bits.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i32) -> i32 {
  return %x : i32
}

func.func @tgt(%x: i32) -> i32 {
  %0 = arith.index_cast %x : i32 to index
  %1 = arith.index_cast %0 : index to i32
  return %1 : i32
}
