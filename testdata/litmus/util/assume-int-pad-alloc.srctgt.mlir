// util.assume.int promises %n <= 64 (UB otherwise), so a dynamic workgroup allocation may be
// padded to 64 elements and viewed through a subview of %n (iree-codegen-pad-dynamic-alloc);
// the vector.store of 4 elements is in bounds on both sides exactly when %n >= 4.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: correct

func.func @src(%id: index, %v: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %n = util.assume.int %id<umin = 0, umax = 64> : index
  %m = memref.alloc(%n) : memref<?xf32, 3>
  vector.store %v, %m[%c0] : memref<?xf32, 3>, vector<4xf32>
  %r = vector.load %m[%c0] : memref<?xf32, 3>, vector<4xf32>
  return %r : vector<4xf32>
}

func.func @tgt(%id: index, %v: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %n = util.assume.int %id<umin = 0, umax = 64> : index
  %a = memref.alloc() : memref<64xf32, 3>
  %m = memref.subview %a[0] [%n] [1] : memref<64xf32, 3> to memref<?xf32, strided<[1]>, 3>
  vector.store %v, %m[%c0] : memref<?xf32, strided<[1]>, 3>, vector<4xf32>
  %r = vector.load %m[%c0] : memref<?xf32, strided<[1]>, 3>, vector<4xf32>
  return %r : vector<4xf32>
}
