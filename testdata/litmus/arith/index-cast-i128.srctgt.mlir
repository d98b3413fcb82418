// index_cast to i128 sign-extends the 64-bit index; back to index it truncates to 64 bits.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: index, %y: i128) -> (i128, index) {
  %r = arith.index_cast %x : index to i128
  %s = arith.index_castui %y : i128 to index
  return %r, %s : i128, index
}

func.func @tgt(%x: index, %y: i128) -> (i128, index) {
  %a = arith.index_cast %x : index to i64
  %r = arith.extsi %a : i64 to i128
  %b = arith.trunci %y : i128 to i64
  %s = arith.index_cast %b : i64 to index
  return %r, %s : i128, index
}
