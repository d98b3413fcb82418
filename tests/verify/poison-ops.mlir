// Instances of registered ops with scalar operands that the other inputs of
// test_poison_rule.py lack: each function computes one op from its arguments.
func.func @delinearize(%x: index, %b: index) -> (index, index) {
  %r:2 = affine.delinearize_index %x into (%b, 4) : index, index
  return %r#0, %r#1 : index, index
}
func.func @linearize(%i: index, %j: index, %b: index) -> index {
  %r = affine.linearize_index [%i, %j] by (%b, 4) : index
  return %r : index
}
func.func @affine_max(%x: index, %y: index) -> index {
  %r = affine.max affine_map<(d0)[s0] -> (d0 + 2, s0)>(%x)[%y]
  return %r : index
}
func.func @maximumf(%x: f32, %y: f32) -> f32 {
  %r = arith.maximumf %x, %y : f32
  return %r : f32
}
func.func @maxnumf(%x: f32, %y: f32) -> f32 {
  %r = arith.maxnumf %x, %y : f32
  return %r : f32
}
func.func @minimumf(%x: f32, %y: f32) -> f32 {
  %r = arith.minimumf %x, %y : f32
  return %r : f32
}
func.func @minnumf(%x: f32, %y: f32) -> f32 {
  %r = arith.minnumf %x, %y : f32
  return %r : f32
}
func.func @sitofp(%x: i32) -> f32 {
  %r = arith.sitofp %x : i32 to f32
  return %r : f32
}
func.func @uitofp(%x: i32) -> f32 {
  %r = arith.uitofp %x : i32 to f32
  return %r : f32
}
func.func @flow_reshape(%t: tensor<?x4xf32>, %n: index, %m: index) -> tensor<?xf32> {
  %r = flow.tensor.reshape %t : tensor<?x4xf32>{%n} -> tensor<?xf32>{%m}
  return %r : tensor<?xf32>
}
func.func @flow_tie_shape(%t: tensor<?x4xf32>, %n: index) -> tensor<?x4xf32> {
  %r = flow.tensor.tie_shape %t : tensor<?x4xf32>{%n}
  return %r : tensor<?x4xf32>
}
func.func @bitcast(%t: tensor<?x8xi8>, %n: index, %m: index) -> tensor<?x2xi32> {
  %r = iree_tensor_ext.bitcast %t : tensor<?x8xi8>{%n} -> tensor<?x2xi32>{%m}
  return %r : tensor<?x2xi32>
}
func.func @memref_dim(%m: memref<?x4xf32>, %k: index) -> index {
  %r = memref.dim %m, %k : memref<?x4xf32>
  return %r : index
}
func.func @memref_load(%m: memref<4xi32>, %i: index) -> i32 {
  %r = memref.load %m[%i] : memref<4xi32>
  return %r : i32
}
func.func @memref_expand(%m: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %e = memref.expand_shape %m [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  %r = memref.load %e[%c0, %c0] : memref<?x4xf32>
  return %r : f32
}
func.func @alloca(%n: index, %v: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloca(%n) : memref<?xi32>
  memref.store %v, %a[%c0] : memref<?xi32>
  %r = memref.load %a[%c0] : memref<?xi32>
  return %r : i32
}
func.func @generate(%n: index, %v: i32) -> tensor<?xi32> {
  %r = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %v : i32
  } : tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @maskedstore(%m: memref<8xf32>, %i: index, %mask: vector<4xi1>, %v: vector<4xf32>) {
  vector.maskedstore %m[%i], %mask, %v : memref<8xf32>, vector<4xi1>, vector<4xf32>
  return
}
func.func @scatter(%m: memref<8xf32>, %i: index, %v: vector<2xf32>) {
  %idx = arith.constant dense<[1, 3]> : vector<2xindex>
  %mask = arith.constant dense<true> : vector<2xi1>
  vector.scatter %m[%i] [%idx], %mask, %v : memref<8xf32>, vector<2xindex>, vector<2xi1>, vector<2xf32>
  return
}
func.func @generic_scalar_input(%t: tensor<4xf32>, %s: f32) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]} ins(%s : f32) outs(%t : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.addf %a, %b : f32
    linalg.yield %c : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @math_ops(%x: f32, %y: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %0 = math.acos %x : f32
  %1 = math.acosh %x : f32
  %2 = math.asin %x : f32
  %3 = math.asinh %x : f32
  %4 = math.atan %x : f32
  %5 = math.atan2 %x, %y : f32
  %6 = math.atanh %x : f32
  %7 = math.cbrt %x : f32
  %8 = math.ceil %x : f32
  %9 = math.cos %x : f32
  %10 = math.cosh %x : f32
  %11 = math.erf %x : f32
  %12 = math.erfc %x : f32
  %13 = math.exp2 %x : f32
  %14 = math.expm1 %x : f32
  %15 = math.floor %x : f32
  %16 = math.log %x : f32
  %17 = math.log10 %x : f32
  %18 = math.log1p %x : f32
  %19 = math.log2 %x : f32
  %20 = math.powf %x, %y : f32
  %21 = math.round %x : f32
  %22 = math.roundeven %x : f32
  %23 = math.sin %x : f32
  %24 = math.sinh %x : f32
  %25 = math.sqrt %x : f32
  %26 = math.tan %x : f32
  %27 = math.tanh %x : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @trunc(%x: f32) -> f32 {
  %r = math.trunc %x : f32
  return %r : f32
}
func.func @workload_ordinal(%x: index) -> index {
  %r = iree_tensor_ext.dispatch.workload.ordinal %x, 0 : index
  return %r : index
}
func.func @pack(%t: tensor<5x8xf32>, %d: tensor<3x2x2x4xf32>, %pad: f32) -> tensor<3x2x2x4xf32> {
  %r = linalg.pack %t padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [2, 4] into %d : tensor<5x8xf32> -> tensor<3x2x2x4xf32>
  return %r : tensor<3x2x2x4xf32>
}
func.func @pack_dynamic_tile(%t: tensor<8x8xf32>, %d: tensor<?x2x?x4xf32>, %k: index) -> tensor<?x2x?x4xf32> {
  %r = linalg.pack %t inner_dims_pos = [1, 0] inner_tiles = [%k, 4] into %d : tensor<8x8xf32> -> tensor<?x2x?x4xf32>
  return %r : tensor<?x2x?x4xf32>
}
func.func @contract_to_scalar(%a: vector<4xi32>, %b: vector<4xi32>, %acc: i32) -> i32 {
  %r = vector.contract {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
                        iterator_types = ["reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<4xi32>, vector<4xi32> into i32
  return %r : i32
}
func.func @barrier(%x: i32) -> i32 {
  %r = util.optimization_barrier %x : i32
  return %r : i32
}
func.func @trace(%t: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  flow.tensor.trace "t" = [%t : tensor<?xf32>{%n}]
  return %t : tensor<?xf32>
}
func.func private @callee(%x: i32, %y: i32) -> i32 {
  %r = arith.addi %x, %y : i32
  return %r : i32
}
func.func @call(%x: i32, %y: i32) -> i32 {
  %r = func.call @callee(%x, %y) : (i32, i32) -> i32
  return %r : i32
}
#enc = #iree_encoding.testing<>
func.func @set_encoding(%x: tensor<?x8xf32>, %d: index) -> tensor<?x8xf32, #enc> {
  %r = iree_encoding.set_encoding %x encoding_dims{%d} : tensor<?x8xf32> -> tensor<?x8xf32, #enc>
  return %r : tensor<?x8xf32, #enc>
}
func.func @unset_encoding(%x: tensor<?x8xf32, #enc>, %d: index, %n: index) -> tensor<?x8xf32> {
  %r = iree_encoding.unset_encoding %x encoding_dims{%d} : tensor<?x8xf32, #enc> -> tensor<?x8xf32>{%n}
  return %r : tensor<?x8xf32>
}
func.func @copy_scalar(%s: f32, %t: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.copy ins(%s : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @conv_2d_nhwc_hwcf_q(%i: tensor<1x3x3x2xi8>, %k: tensor<2x2x2x2xi8>, %izp: i32, %kzp: i32, %o: tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32> {
  %r = linalg.conv_2d_nhwc_hwcf_q ins(%i, %k, %izp, %kzp : tensor<1x3x3x2xi8>, tensor<2x2x2x2xi8>, i32, i32) outs(%o : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  return %r : tensor<1x2x2x2xi32>
}
func.func @conv_2d_nhwc_fhwc_q(%i: tensor<1x3x3x2xi8>, %k: tensor<2x2x2x2xi8>, %izp: i32, %kzp: i32, %o: tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32> {
  %r = linalg.conv_2d_nhwc_fhwc_q ins(%i, %k, %izp, %kzp : tensor<1x3x3x2xi8>, tensor<2x2x2x2xi8>, i32, i32) outs(%o : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  return %r : tensor<1x2x2x2xi32>
}
func.func @conv_2d_nchw_fchw_q(%i: tensor<1x2x3x3xi8>, %k: tensor<2x2x2x2xi8>, %izp: i32, %kzp: i32, %o: tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32> {
  %r = linalg.conv_2d_nchw_fchw_q ins(%i, %k, %izp, %kzp : tensor<1x2x3x3xi8>, tensor<2x2x2x2xi8>, i32, i32) outs(%o : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  return %r : tensor<1x2x2x2xi32>
}
func.func @depthwise_conv_2d_nhwc_hwc_q(%i: tensor<1x3x3x2xi8>, %k: tensor<2x2x2xi8>, %izp: i32, %kzp: i32, %o: tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwc_q ins(%i, %k, %izp, %kzp : tensor<1x3x3x2xi8>, tensor<2x2x2xi8>, i32, i32) outs(%o : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  return %r : tensor<1x2x2x2xi32>
}
func.func @depthwise_conv_2d_nhwc_hwcm_q(%i: tensor<1x3x3x2xi8>, %k: tensor<2x2x2x2xi8>, %izp: i32, %kzp: i32, %o: tensor<1x2x2x2x2xi32>) -> tensor<1x2x2x2x2xi32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwcm_q ins(%i, %k, %izp, %kzp : tensor<1x3x3x2xi8>, tensor<2x2x2x2xi8>, i32, i32) outs(%o : tensor<1x2x2x2x2xi32>) -> tensor<1x2x2x2x2xi32>
  return %r : tensor<1x2x2x2x2xi32>
}
