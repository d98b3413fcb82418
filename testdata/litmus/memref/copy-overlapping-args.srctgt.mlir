// memref.copy between arguments that overlap other than element for element is undefined (MLIR
// lowers it to memcpy); element for element (the same memory) it changes nothing. So copying
// in order, element by element, refines it.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: source_ub: {{.*}}memref.copy: source and target overlap (other than element for element)
// CHECK: verdict: correct

func.func @src(%a: memref<2xi32>, %b: memref<2xi32>) {
  memref.copy %a, %b : memref<2xi32> to memref<2xi32>
  return
}

func.func @tgt(%a: memref<2xi32>, %b: memref<2xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = memref.load %a[%c0] : memref<2xi32>
  memref.store %x, %b[%c0] : memref<2xi32>
  %y = memref.load %a[%c1] : memref<2xi32>
  memref.store %y, %b[%c1] : memref<2xi32>
  return
}
