// A max reduction into tensor.empty whose first iteration takes the input instead of the
// (poison) init is defined: it equals a reduction initialised with the first element.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%a: tensor<4xi32>) -> tensor<i32> {
  %e = tensor.empty() : tensor<i32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
                       iterator_types = ["reduction"]}
      ins(%a : tensor<4xi32>) outs(%e : tensor<i32>) {
  ^bb0(%x: i32, %acc: i32):
    %i = linalg.index 0 : index
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %m = arith.maxsi %x, %acc : i32
    %v = arith.select %first, %x, %m : i32
    linalg.yield %v : i32
  } -> tensor<i32>
  return %r : tensor<i32>
}

func.func @tgt(%a: tensor<4xi32>) -> tensor<i32> {
  %c0 = arith.constant 0 : index
  %x0 = tensor.extract %a[%c0] : tensor<4xi32>
  %init = tensor.from_elements %x0 : tensor<i32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
                       iterator_types = ["reduction"]}
      ins(%a : tensor<4xi32>) outs(%init : tensor<i32>) {
  ^bb0(%x: i32, %acc: i32):
    %m = arith.maxsi %x, %acc : i32
    linalg.yield %m : i32
  } -> tensor<i32>
  return %r : tensor<i32>
}
