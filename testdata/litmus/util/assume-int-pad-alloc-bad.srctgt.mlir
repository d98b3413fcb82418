// As assume-int-pad-alloc, with the allocation padded to 32 elements only: for 32 < %n <= 64
// the subview lies outside the allocation (target UB) where the source is defined.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: target has undefined behaviour where the source is defined
// CHECK: verdict: incorrect

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
  %a = memref.alloc() : memref<32xf32, 3>
  %m = memref.subview %a[0] [%n] [1] : memref<32xf32, 3> to memref<?xf32, strided<[1]>, 3>
  vector.store %v, %m[%c0] : memref<?xf32, strided<[1]>, 3>, vector<4xf32>
  %r = vector.load %m[%c0] : memref<?xf32, strided<[1]>, 3>, vector<4xf32>
  return %r : vector<4xf32>
}
