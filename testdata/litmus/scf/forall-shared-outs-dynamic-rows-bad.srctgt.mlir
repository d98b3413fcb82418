// A dynamic scf.forall writing row i of its shared output from row n-1-i of %a reverses the rows:
// it is not a copy (the writer of a row is found in closed form, k = row).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect

func.func @src(%a: tensor<?x4xi32>) -> tensor<?x4xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xi32>
  %e = tensor.empty(%n) : tensor<?x4xi32>
  %r = scf.forall (%i) in (%n) shared_outs(%o = %e) -> (tensor<?x4xi32>) {
    %ri = affine.apply affine_map<(d0)[s0] -> (s0 - 1 - d0)>(%i)[%n]
    %x = tensor.extract_slice %a[%ri, 0] [1, 4] [1, 1] : tensor<?x4xi32> to tensor<4xi32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[%i, 0] [1, 4] [1, 1] : tensor<4xi32> into tensor<?x4xi32>
    }
  }
  return %r : tensor<?x4xi32>
}
func.func @tgt(%a: tensor<?x4xi32>) -> tensor<?x4xi32> {
  return %a : tensor<?x4xi32>
}
