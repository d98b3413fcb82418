// linalg.generic: an elementwise addi with its operands swapped (dynamic shapes).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @src(%a: tensor<?x?xi32>, %b: tensor<?x?xi32>, %init: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<?x?xi32>, tensor<?x?xi32>) outs(%init : tensor<?x?xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.addi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}
func.func @tgt(%a: tensor<?x?xi32>, %b: tensor<?x?xi32>, %init: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%b, %a : tensor<?x?xi32>, tensor<?x?xi32>) outs(%init : tensor<?x?xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.addi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}
