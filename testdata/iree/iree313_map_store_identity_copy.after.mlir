// The output of iree-base-compiler 3.13.0 for iree313_map_store_identity_copy.before.mlir:
//   iree-opt --pass-pipeline="builtin.module(canonicalize)"
module {
  func.func public @convert_identity_map_store_into_copy(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>) -> tensor<?x?xf32> {
    %0 = linalg.copy ins(%arg0 : tensor<?x?xf32>) outs(%arg1 : tensor<?x?xf32>) -> tensor<?x?xf32>
    return %0 : tensor<?x?xf32>
  }
}
