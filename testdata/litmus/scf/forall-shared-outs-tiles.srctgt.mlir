// scf.forall tiles (4 x 2) of an elementwise add, each reading its own tile of the shared output,
// equal the whole add (forall-to-for and tiling undone).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%a: tensor<8x6xi32>, %b: tensor<8x6xi32>) -> tensor<8x6xi32> {
  %r = scf.forall (%i, %j) = (0, 0) to (8, 6) step (4, 2) shared_outs(%o = %b) -> (tensor<8x6xi32>) {
    %x = tensor.extract_slice %a[%i, %j] [4, 2] [1, 1] : tensor<8x6xi32> to tensor<4x2xi32>
    %d = tensor.extract_slice %o[%i, %j] [4, 2] [1, 1] : tensor<8x6xi32> to tensor<4x2xi32>
    %y = arith.addi %x, %d : tensor<4x2xi32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %o[%i, %j] [4, 2] [1, 1] : tensor<4x2xi32> into tensor<8x6xi32>
    }
  } {mapping = [#iree_codegen.workgroup_mapping<y>, #iree_codegen.workgroup_mapping<x>]}
  return %r : tensor<8x6xi32>
}
func.func @tgt(%a: tensor<8x6xi32>, %b: tensor<8x6xi32>) -> tensor<8x6xi32> {
  %y = arith.addi %a, %b : tensor<8x6xi32>
  return %y : tensor<8x6xi32>
}
