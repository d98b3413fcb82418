// A loop with a dynamic trip count whose body writes memory is not an uninterpreted function of
// its operands (its stores are effects): unsupported, naming the loop and the op.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: unsupported
// CHECK: scf.for with a dynamic trip count
// CHECK-SAME: its body accesses memory ('memref.store')

func.func @src(%m: memref<8xf32>, %x: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.store %x, %m[%i] : memref<8xf32>
  }
  return
}
func.func @tgt(%m: memref<8xf32>, %x: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.store %x, %m[%i] : memref<8xf32>
  }
  return
}
