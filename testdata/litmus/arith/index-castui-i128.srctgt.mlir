// index_castui to i128 zero-extends the 64-bit index.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: index) -> i128 {
  %r = arith.index_castui %x : index to i128
  return %r : i128
}

func.func @tgt(%x: index) -> i128 {
  %a = arith.index_cast %x : index to i64
  %r = arith.extui %a : i64 to i128
  return %r : i128
}
