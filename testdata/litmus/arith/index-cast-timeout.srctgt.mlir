// index_cast i32 -> index -> i32 round-trips, but irverify does not prove it: the value query
// (a bit-vector -> integer -> bit-vector round trip through the 64-bit index) exceeds the
// solver's time limit, so the verdict is unknown (exit code 4), never incorrect. --timeout 2
// keeps the case fast (the default 20 s limit gives the same verdict).
// RUN: %exit-code irverify check %s --no-confirm --timeout 2 | filecheck %s
// CHECK: @src: unknown
// CHECK-NEXT: solver could not decide: value of result #0: timeout
// CHECK: verdict: unknown
// CHECK: exit: 4

func.func @src(%x: i32) -> i32 {
  return %x : i32
}

func.func @tgt(%x: i32) -> i32 {
  %0 = arith.index_cast %x : i32 to index
  %1 = arith.index_cast %0 : index to i32
  return %1 : i32
}
