// Any i16 argument, signalling NaN patterns (0x7C01...) included, survives a round trip through
// f16 bit for bit, also under exact IEEE floats.
// RUN: irverify check %s --no-confirm | filecheck %s
// RUN: irverify check %s --no-confirm --fp=ieee | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i16) -> i16 {
  %f = arith.bitcast %x : i16 to f16
  %b = arith.bitcast %f : f16 to i16
  return %b : i16
}

func.func @tgt(%x: i16) -> i16 {
  return %x : i16
}
