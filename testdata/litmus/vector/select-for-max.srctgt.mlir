// maxsi on vectors as cmpi + select (what a slow-min/max replacement emits) is correct.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: vector<4xi32>, %y: vector<4xi32>) -> vector<4xi32> {
  %0 = arith.maxsi %x, %y : vector<4xi32>
  return %0 : vector<4xi32>
}

func.func @tgt(%x: vector<4xi32>, %y: vector<4xi32>) -> vector<4xi32> {
  %c = arith.cmpi sgt, %x, %y : vector<4xi32>
  %0 = arith.select %c, %x, %y : vector<4xi1>, vector<4xi32>
  return %0 : vector<4xi32>
}
