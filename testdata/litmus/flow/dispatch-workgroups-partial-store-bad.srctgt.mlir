// The outlined body stores only the first 5 rows of the result: the last row is poison, the
// source defines it.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: incorrect

func.func @src(%a: tensor<4x6xi32>, %s: i32) -> tensor<6x4xi32> {
  %e = tensor.empty() : tensor<6x4xi32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x6xi32>) outs(%e : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %m = arith.addi %in, %s : i32
    linalg.yield %m : i32
  } -> tensor<6x4xi32>
  return %t : tensor<6x4xi32>
}

func.func @tgt(%a: tensor<4x6xi32>, %s: i32) -> tensor<6x4xi32> {
  %r = flow.dispatch.workgroups(%a, %s) : (tensor<4x6xi32>, i32) -> tensor<6x4xi32> =
      (%ia: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x6xi32>>, %is: i32, %oa: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<6x4xi32>>) {
    %x = iree_tensor_ext.dispatch.tensor.load %ia, offsets = [0, 0], sizes = [4, 6], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x6xi32>> -> tensor<4x6xi32>
    %e = tensor.empty() : tensor<6x4xi32>
    %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x6xi32>) outs(%e : tensor<6x4xi32>) {
    ^bb0(%in: i32, %out: i32):
      %m = arith.addi %in, %is : i32
      linalg.yield %m : i32
    } -> tensor<6x4xi32>
    %t5 = tensor.extract_slice %t[0, 0] [5, 4] [1, 1] : tensor<6x4xi32> to tensor<5x4xi32>
    iree_tensor_ext.dispatch.tensor.store %t5, %oa, offsets = [0, 0], sizes = [5, 4], strides = [1, 1] : tensor<5x4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<6x4xi32>>
    flow.return
  } count() -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
    flow.return %x, %y, %z : index, index, index
  }
  return %r : tensor<6x4xi32>
}
