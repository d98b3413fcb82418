// Fixed-size vectors compute elementwise like tensors: a select with its arms swapped is a
// wrong maxsi, confirmed on IREE (the vector function runs as its tensor form).
// RUN: not irverify check %s | filecheck %s
// CHECK: @src: incorrect
// CHECK: confirmed: true
// CHECK: verdict: incorrect

func.func @src(%x: vector<4xi32>, %y: vector<4xi32>) -> vector<4xi32> {
  %0 = arith.maxsi %x, %y : vector<4xi32>
  return %0 : vector<4xi32>
}
func.func @tgt(%x: vector<4xi32>, %y: vector<4xi32>) -> vector<4xi32> {
  %c = arith.cmpi sgt, %x, %y : vector<4xi32>
  %0 = arith.select %c, %y, %x : vector<4xi1>, vector<4xi32>
  return %0 : vector<4xi32>
}
