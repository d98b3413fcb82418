// Every iteration inserts into row 0 of the shared output: the docs leave conflicting parallel
// writes undefined ("might contain data from any of the updates"), so no value is picked.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: unsupported
// CHECK: may write one position twice

func.func @src(%a: tensor<4x4xi32>, %b: tensor<4x4xi32>) -> tensor<4x4xi32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %b) -> (tensor<4x4xi32>) {
    %x = tensor.extract_slice %a[%i, 0] [1, 4] [1, 1] : tensor<4x4xi32> to tensor<4xi32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[0, 0] [1, 4] [1, 1] : tensor<4xi32> into tensor<4x4xi32>
    }
  }
  return %r : tensor<4x4xi32>
}
func.func @tgt(%a: tensor<4x4xi32>, %b: tensor<4x4xi32>) -> tensor<4x4xi32> {
  %x = tensor.extract_slice %a[3, 0] [1, 4] [1, 1] : tensor<4x4xi32> to tensor<4xi32>
  %r = tensor.insert_slice %x into %b[0, 0] [1, 4] [1, 1] : tensor<4xi32> into tensor<4x4xi32>
  return %r : tensor<4x4xi32>
}
