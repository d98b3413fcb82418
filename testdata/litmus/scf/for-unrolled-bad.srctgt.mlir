// An scf.for with constant bounds (2, 4, 6) is unrolled: it adds 12 to every element, not 11.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect

func.func @src(%x: tensor<?xi32>) -> tensor<?xi32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %r = scf.for %i = %c2 to %c7 step %c2 iter_args(%t = %x) -> (tensor<?xi32>) {
    %ii = arith.index_cast %i : index to i32
    %w = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%t : tensor<?xi32>) {
    ^bb0(%o: i32):
      %z = arith.addi %o, %ii : i32
      linalg.yield %z : i32
    } -> tensor<?xi32>
    scf.yield %w : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}
func.func @tgt(%x: tensor<?xi32>) -> tensor<?xi32> {
  %k = arith.constant 11 : i32
  %w = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%x : tensor<?xi32>) {
  ^bb0(%o: i32):
    %z = arith.addi %o, %k : i32
    linalg.yield %z : i32
  } -> tensor<?xi32>
  return %w : tensor<?xi32>
}
