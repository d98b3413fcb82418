// The module before iree-dispatch-creation-convert-tensor-to-flow (application 31) in
// `irverify validate-pipeline benchmarks/models/iree/transformer_dyn.mlir` (iree-compile 3.13,
// llvm-cpu, from the input to dispatch creation): a pre-norm transformer block whose sequence
// extent is dynamic, written by benchmarks/models/iree/build.py.
//
#executable_target_embedded_elf_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "", cpu_features = "", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 16 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1) -> (d1, d0)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
#device_target_local = #hal.device.target<"local", [#executable_target_embedded_elf_x86_64]> : !hal.device
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target_local
  util.func public @transformer(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view, %arg6: !hal.buffer_view, %arg7: !hal.buffer_view, %arg8: !hal.buffer_view, %arg9: !hal.buffer_view, %arg10: !hal.buffer_view, %arg11: !hal.buffer_view, %arg12: !hal.buffer_view, %arg13: !hal.buffer_view, %arg14: !hal.buffer_view, %arg15: !hal.buffer_view, %arg16: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @transformer(%input0: tensor<?x8xf32>, %input1: tensor<8xf32>, %input2: tensor<8xf32>, %input3: tensor<8x8xf32>, %input4: tensor<8xf32>, %input5: tensor<8x8xf32>, %input6: tensor<8xf32>, %input7: tensor<8x8xf32>, %input8: tensor<8xf32>, %input9: tensor<8x8xf32>, %input10: tensor<8xf32>, %input11: tensor<8xf32>, %input12: tensor<8xf32>, %input13: tensor<8x16xf32>, %input14: tensor<16xf32>, %input15: tensor<16x8xf32>, %input16: tensor<8xf32>) -> (%output0: tensor<?x8xf32>)"}} {
    %0 = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[0] : index
    %1 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<?x8xf32>{%0}
    %2 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<8xf32>
    %3 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<8xf32>
    %4 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<8x8xf32>
    %5 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<8xf32>
    %6 = hal.tensor.import %arg5 "input5" : !hal.buffer_view -> tensor<8x8xf32>
    %7 = hal.tensor.import %arg6 "input6" : !hal.buffer_view -> tensor<8xf32>
    %8 = hal.tensor.import %arg7 "input7" : !hal.buffer_view -> tensor<8x8xf32>
    %9 = hal.tensor.import %arg8 "input8" : !hal.buffer_view -> tensor<8xf32>
    %10 = hal.tensor.import %arg9 "input9" : !hal.buffer_view -> tensor<8x8xf32>
    %11 = hal.tensor.import %arg10 "input10" : !hal.buffer_view -> tensor<8xf32>
    %12 = hal.tensor.import %arg11 "input11" : !hal.buffer_view -> tensor<8xf32>
    %13 = hal.tensor.import %arg12 "input12" : !hal.buffer_view -> tensor<8xf32>
    %14 = hal.tensor.import %arg13 "input13" : !hal.buffer_view -> tensor<8x16xf32>
    %15 = hal.tensor.import %arg14 "input14" : !hal.buffer_view -> tensor<16xf32>
    %16 = hal.tensor.import %arg15 "input15" : !hal.buffer_view -> tensor<16x8xf32>
    %17 = hal.tensor.import %arg16 "input16" : !hal.buffer_view -> tensor<8xf32>
    %18 = flow.dispatch.workgroups(%0, %1, %0, %0) : (index, tensor<?x8xf32>{%0}, index, index) -> tensor<?x8xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: index, %arg20: index, %arg21: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>) {
      %34 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg20, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg20} -> tensor<?x8xf32>
      %35 = tensor.empty(%arg20) : tensor<?x8xf32>
      %cst = arith.constant 1.250000e-01 : f32
      %36 = tensor.empty(%arg20) : tensor<?xf32>
      %cst_11 = arith.constant 0.000000e+00 : f32
      %37 = linalg.fill ins(%cst_11 : f32) outs(%36 : tensor<?xf32>) -> tensor<?xf32>
      %38 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%34 : tensor<?x8xf32>) outs(%37 : tensor<?xf32>) {
      ^bb0(%in: f32, %out: f32):
        %40 = arith.addf %out, %in : f32
        linalg.yield %40 : f32
      } -> tensor<?xf32>
      %39 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%34, %38 : tensor<?x8xf32>, tensor<?xf32>) outs(%35 : tensor<?x8xf32>) {
      ^bb0(%in: f32, %in_12: f32, %out: f32):
        %40 = arith.mulf %in_12, %cst : f32
        %41 = arith.subf %in, %40 : f32
        linalg.yield %41 : f32
      } -> tensor<?x8xf32>
      iree_tensor_ext.dispatch.tensor.store %39, %arg21, offsets = [0, 0], sizes = [%arg20, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%arg20}
      flow.return
    }
    %19 = flow.dispatch.workgroups(%0, %18, %2, %3, %0, %0) : (index, tensor<?x8xf32>{%0}, tensor<8xf32>, tensor<8xf32>, index, index) -> tensor<?x8xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %arg21: index, %arg22: index, %arg23: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>) {
      %34 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg22, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg22} -> tensor<?x8xf32>
      %35 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %36 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %37 = tensor.empty(%arg22) : tensor<?x8xf32>
      %cst = arith.constant 9.99999974E-6 : f32
      %cst_11 = arith.constant 1.250000e-01 : f32
      %38 = tensor.empty(%arg22) : tensor<?xf32>
      %cst_12 = arith.constant 0.000000e+00 : f32
      %39 = linalg.fill ins(%cst_12 : f32) outs(%38 : tensor<?xf32>) -> tensor<?xf32>
      %40 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%34 : tensor<?x8xf32>) outs(%39 : tensor<?xf32>) {
      ^bb0(%in: f32, %out: f32):
        %42 = arith.mulf %in, %in : f32
        %43 = arith.addf %out, %42 : f32
        linalg.yield %43 : f32
      } -> tensor<?xf32>
      %41 = linalg.generic {indexing_maps = [#map, #map1, #map2, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%34, %40, %35, %36 : tensor<?x8xf32>, tensor<?xf32>, tensor<8xf32>, tensor<8xf32>) outs(%37 : tensor<?x8xf32>) {
      ^bb0(%in: f32, %in_13: f32, %in_14: f32, %in_15: f32, %out: f32):
        %42 = arith.mulf %in_13, %cst_11 : f32
        %43 = arith.addf %42, %cst : f32
        %44 = math.rsqrt %43 : f32
        %45 = arith.mulf %in, %44 : f32
        %46 = arith.mulf %45, %in_14 : f32
        %47 = arith.addf %46, %in_15 : f32
        linalg.yield %47 : f32
      } -> tensor<?x8xf32>
      iree_tensor_ext.dispatch.tensor.store %41, %arg23, offsets = [0, 0], sizes = [%arg22, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%arg22}
      flow.return
    }
    %20 = flow.dispatch.workgroups(%0, %19, %4, %0, %0) : (index, tensor<?x8xf32>{%0}, tensor<8x8xf32>, index, index) -> tensor<?x8xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8xf32>>, %arg20: index, %arg21: index, %arg22: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>) {
      %34 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg21, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg21} -> tensor<?x8xf32>
      %35 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [8, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8xf32>> -> tensor<8x8xf32>
      %36 = tensor.empty(%arg21) : tensor<?x8xf32>
      %cst = arith.constant 0.000000e+00 : f32
      %37 = linalg.fill ins(%cst : f32) outs(%36 : tensor<?x8xf32>) -> tensor<?x8xf32>
      %38 = linalg.matmul ins(%34, %35 : tensor<?x8xf32>, tensor<8x8xf32>) outs(%37 : tensor<?x8xf32>) -> tensor<?x8xf32>
      iree_tensor_ext.dispatch.tensor.store %38, %arg22, offsets = [0, 0], sizes = [%arg21, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%arg21}
      flow.return
    }
    %expanded = tensor.expand_shape %20 [[0], [1, 2]] output_shape [%0, 2, 4] : tensor<?x8xf32> into tensor<?x2x4xf32>
    %expanded_0 = tensor.expand_shape %5 [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
    %expanded_1 = tensor.expand_shape %7 [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
    %collapsed = tensor.collapse_shape %expanded_1 [[0, 1]] : tensor<2x4xf32> into tensor<8xf32>
    %21 = flow.dispatch.workgroups(%0, %19, %6, %collapsed, %0, %0) : (index, tensor<?x8xf32>{%0}, tensor<8x8xf32>, tensor<8xf32>, index, index) -> tensor<8x?xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %arg21: index, %arg22: index, %arg23: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x?xf32>>) {
      %34 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg22, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg22} -> tensor<?x8xf32>
      %35 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [8, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8xf32>> -> tensor<8x8xf32>
      %36 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %37 = tensor.empty(%arg22) : tensor<8x?xf32>
      %38 = tensor.empty(%arg22) : tensor<?x8xf32>
      %cst = arith.constant 0.000000e+00 : f32
      %39 = linalg.fill ins(%cst : f32) outs(%38 : tensor<?x8xf32>) -> tensor<?x8xf32>
      %40 = linalg.matmul ins(%34, %35 : tensor<?x8xf32>, tensor<8x8xf32>) outs(%39 : tensor<?x8xf32>) -> tensor<?x8xf32>
      %41 = linalg.generic {indexing_maps = [#map, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%40, %36 : tensor<?x8xf32>, tensor<8xf32>) outs(%37 : tensor<8x?xf32>) {
      ^bb0(%in: f32, %in_11: f32, %out: f32):
        %42 = arith.addf %in, %in_11 : f32
        linalg.yield %42 : f32
      } -> tensor<8x?xf32>
      iree_tensor_ext.dispatch.tensor.store %41, %arg23, offsets = [0, 0], sizes = [8, %arg22], strides = [1, 1] : tensor<8x?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x?xf32>>{%arg22}
      flow.return
    }
    %22 = flow.dispatch.workgroups(%0, %19, %8, %0, %0) : (index, tensor<?x8xf32>{%0}, tensor<8x8xf32>, index, index) -> tensor<?x8xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8xf32>>, %arg20: index, %arg21: index, %arg22: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>) {
      %34 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg21, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg21} -> tensor<?x8xf32>
      %35 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [8, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8xf32>> -> tensor<8x8xf32>
      %36 = tensor.empty(%arg21) : tensor<?x8xf32>
      %cst = arith.constant 0.000000e+00 : f32
      %37 = linalg.fill ins(%cst : f32) outs(%36 : tensor<?x8xf32>) -> tensor<?x8xf32>
      %38 = linalg.matmul ins(%34, %35 : tensor<?x8xf32>, tensor<8x8xf32>) outs(%37 : tensor<?x8xf32>) -> tensor<?x8xf32>
      iree_tensor_ext.dispatch.tensor.store %38, %arg22, offsets = [0, 0], sizes = [%arg21, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%arg21}
      flow.return
    }
    %expanded_2 = tensor.expand_shape %22 [[0], [1, 2]] output_shape [%0, 2, 4] : tensor<?x8xf32> into tensor<?x2x4xf32>
    %expanded_3 = tensor.expand_shape %9 [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
    %c0 = arith.constant 0 : index
    %dim = tensor.dim %expanded, %c0 : tensor<?x2x4xf32>
    %23 = flow.dispatch.workgroups(%0, %expanded, %expanded_0, %dim, %0) : (index, tensor<?x2x4xf32>{%dim}, tensor<2x4xf32>, index, index) -> tensor<2x?x4xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x2x4xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>>, %arg20: index, %arg21: index, %arg22: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x4xf32>>) {
      %34 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0, 0], sizes = [%arg20, 2, 4], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x2x4xf32>>{%arg20} -> tensor<?x2x4xf32>
      %35 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>> -> tensor<2x4xf32>
      %36 = tensor.empty(%arg21) : tensor<2x?x4xf32>
      %37 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%34, %35 : tensor<?x2x4xf32>, tensor<2x4xf32>) outs(%36 : tensor<2x?x4xf32>) {
      ^bb0(%in: f32, %in_11: f32, %out: f32):
        %38 = arith.addf %in, %in_11 : f32
        linalg.yield %38 : f32
      } -> tensor<2x?x4xf32>
      iree_tensor_ext.dispatch.tensor.store %37, %arg22, offsets = [0, 0, 0], sizes = [2, %arg21, 4], strides = [1, 1, 1] : tensor<2x?x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x4xf32>>{%arg21}
      flow.return
    }
    %expanded_4 = tensor.expand_shape %21 [[0, 1], [2]] output_shape [2, 4, %0] : tensor<8x?xf32> into tensor<2x4x?xf32>
    %c0_5 = arith.constant 0 : index
    %dim_6 = tensor.dim %expanded_2, %c0_5 : tensor<?x2x4xf32>
    %24 = flow.dispatch.workgroups(%0, %expanded_2, %expanded_3, %dim_6, %0) : (index, tensor<?x2x4xf32>{%dim_6}, tensor<2x4xf32>, index, index) -> tensor<2x?x4xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x2x4xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>>, %arg20: index, %arg21: index, %arg22: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x4xf32>>) {
      %34 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0, 0], sizes = [%arg20, 2, 4], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x2x4xf32>>{%arg20} -> tensor<?x2x4xf32>
      %35 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>> -> tensor<2x4xf32>
      %36 = tensor.empty(%arg21) : tensor<2x?x4xf32>
      %37 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%34, %35 : tensor<?x2x4xf32>, tensor<2x4xf32>) outs(%36 : tensor<2x?x4xf32>) {
      ^bb0(%in: f32, %in_11: f32, %out: f32):
        %38 = arith.addf %in, %in_11 : f32
        linalg.yield %38 : f32
      } -> tensor<2x?x4xf32>
      iree_tensor_ext.dispatch.tensor.store %37, %arg22, offsets = [0, 0, 0], sizes = [2, %arg21, 4], strides = [1, 1, 1] : tensor<2x?x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x4xf32>>{%arg21}
      flow.return
    }
    %c2 = arith.constant 2 : index
    %dim_7 = tensor.dim %expanded_4, %c2 : tensor<2x4x?xf32>
    %25 = flow.dispatch.workgroups(%0, %23, %expanded_4, %0, %dim_7, %0, %0) : (index, tensor<2x?x4xf32>{%0}, tensor<2x4x?xf32>{%dim_7}, index, index, index, index) -> tensor<2x?x?xf32>{%0, %0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x4xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x?xf32>>, %arg20: index, %arg21: index, %arg22: index, %arg23: index, %arg24: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x?xf32>>) {
      %34 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0, 0], sizes = [2, %arg23, 4], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x4xf32>>{%arg23} -> tensor<2x?x4xf32>
      %35 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0, 0], sizes = [2, 4, %arg21], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x?xf32>>{%arg21} -> tensor<2x4x?xf32>
      %36 = tensor.empty(%arg23, %arg23) : tensor<2x?x?xf32>
      %cst = arith.constant 5.000000e-01 : f32
      %cst_11 = arith.constant 0.000000e+00 : f32
      %37 = linalg.fill ins(%cst_11 : f32) outs(%36 : tensor<2x?x?xf32>) -> tensor<2x?x?xf32>
      %38 = linalg.batch_matmul ins(%34, %35 : tensor<2x?x4xf32>, tensor<2x4x?xf32>) outs(%37 : tensor<2x?x?xf32>) -> tensor<2x?x?xf32>
      %39 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%38 : tensor<2x?x?xf32>) outs(%36 : tensor<2x?x?xf32>) {
      ^bb0(%in: f32, %out: f32):
        %40 = arith.mulf %in, %cst : f32
        linalg.yield %40 : f32
      } -> tensor<2x?x?xf32>
      iree_tensor_ext.dispatch.tensor.store %39, %arg24, offsets = [0, 0, 0], sizes = [2, %arg23, %arg23], strides = [1, 1, 1] : tensor<2x?x?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x?xf32>>{%arg23, %arg23}
      flow.return
    }
    %26 = flow.dispatch.workgroups(%0, %25, %0, %0, %0, %0) : (index, tensor<2x?x?xf32>{%0, %0}, index, index, index, index) -> tensor<2x?x?xf32>{%0, %0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x?xf32>>, %arg19: index, %arg20: index, %arg21: index, %arg22: index, %arg23: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x?xf32>>) {
      %34 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0, 0], sizes = [2, %arg22, %arg22], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x?xf32>>{%arg22, %arg22} -> tensor<2x?x?xf32>
      %35 = tensor.empty(%arg22, %arg22) : tensor<2x?x?xf32>
      %36 = linalg.softmax dimension(2) ins(%34 : tensor<2x?x?xf32>) outs(%35 : tensor<2x?x?xf32>) -> tensor<2x?x?xf32>
      iree_tensor_ext.dispatch.tensor.store %36, %arg23, offsets = [0, 0, 0], sizes = [2, %arg22, %arg22], strides = [1, 1, 1] : tensor<2x?x?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x?xf32>>{%arg22, %arg22}
      flow.return
    }
    %27 = flow.dispatch.workgroups(%0, %26, %24, %0, %0, %0, %0) : (index, tensor<2x?x?xf32>{%0, %0}, tensor<2x?x4xf32>{%0}, index, index, index, index) -> tensor<?x2x4xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x?xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x4xf32>>, %arg20: index, %arg21: index, %arg22: index, %arg23: index, %arg24: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x2x4xf32>>) {
      %34 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0, 0], sizes = [2, %arg23, %arg23], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x?xf32>>{%arg23, %arg23} -> tensor<2x?x?xf32>
      %35 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0, 0], sizes = [2, %arg23, 4], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x4xf32>>{%arg23} -> tensor<2x?x4xf32>
      %36 = tensor.empty(%arg23) : tensor<?x2x4xf32>
      %37 = tensor.empty(%arg23) : tensor<2x?x4xf32>
      %cst = arith.constant 0.000000e+00 : f32
      %38 = linalg.fill ins(%cst : f32) outs(%37 : tensor<2x?x4xf32>) -> tensor<2x?x4xf32>
      %39 = linalg.batch_matmul ins(%34, %35 : tensor<2x?x?xf32>, tensor<2x?x4xf32>) outs(%38 : tensor<2x?x4xf32>) -> tensor<2x?x4xf32>
      %40 = linalg.generic {indexing_maps = [#map4, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%39 : tensor<2x?x4xf32>) outs(%36 : tensor<?x2x4xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<?x2x4xf32>
      iree_tensor_ext.dispatch.tensor.store %40, %arg24, offsets = [0, 0, 0], sizes = [%arg23, 2, 4], strides = [1, 1, 1] : tensor<?x2x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x2x4xf32>>{%arg23}
      flow.return
    }
    %collapsed_8 = tensor.collapse_shape %27 [[0], [1, 2]] : tensor<?x2x4xf32> into tensor<?x8xf32>
    %c0_9 = arith.constant 0 : index
    %dim_10 = tensor.dim %collapsed_8, %c0_9 : tensor<?x8xf32>
    %28 = flow.dispatch.workgroups(%0, %collapsed_8, %10, %1, %11, %dim_10, %0, %0) : (index, tensor<?x8xf32>{%dim_10}, tensor<8x8xf32>, tensor<?x8xf32>{%0}, tensor<8xf32>, index, index, index) -> tensor<?x8xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg21: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %arg22: index, %arg23: index, %arg24: index, %arg25: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>) {
      %34 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg22, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg22} -> tensor<?x8xf32>
      %35 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [8, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8xf32>> -> tensor<8x8xf32>
      %36 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0, 0], sizes = [%arg24, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg24} -> tensor<?x8xf32>
      %37 = iree_tensor_ext.dispatch.tensor.load %arg21, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %38 = tensor.empty(%arg24) : tensor<?x8xf32>
      %cst = arith.constant 0.000000e+00 : f32
      %39 = linalg.fill ins(%cst : f32) outs(%38 : tensor<?x8xf32>) -> tensor<?x8xf32>
      %40 = linalg.matmul ins(%34, %35 : tensor<?x8xf32>, tensor<8x8xf32>) outs(%39 : tensor<?x8xf32>) -> tensor<?x8xf32>
      %41 = linalg.generic {indexing_maps = [#map, #map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%36, %40, %37 : tensor<?x8xf32>, tensor<?x8xf32>, tensor<8xf32>) outs(%38 : tensor<?x8xf32>) {
      ^bb0(%in: f32, %in_11: f32, %in_12: f32, %out: f32):
        %42 = arith.addf %in_11, %in_12 : f32
        %43 = arith.addf %in, %42 : f32
        linalg.yield %43 : f32
      } -> tensor<?x8xf32>
      iree_tensor_ext.dispatch.tensor.store %41, %arg25, offsets = [0, 0], sizes = [%arg24, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%arg24}
      flow.return
    }
    %29 = flow.dispatch.workgroups(%0, %28, %0, %0) : (index, tensor<?x8xf32>{%0}, index, index) -> tensor<?x8xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: index, %arg20: index, %arg21: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>) {
      %34 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg20, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg20} -> tensor<?x8xf32>
      %35 = tensor.empty(%arg20) : tensor<?x8xf32>
      %cst = arith.constant 1.250000e-01 : f32
      %36 = tensor.empty(%arg20) : tensor<?xf32>
      %cst_11 = arith.constant 0.000000e+00 : f32
      %37 = linalg.fill ins(%cst_11 : f32) outs(%36 : tensor<?xf32>) -> tensor<?xf32>
      %38 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%34 : tensor<?x8xf32>) outs(%37 : tensor<?xf32>) {
      ^bb0(%in: f32, %out: f32):
        %40 = arith.addf %out, %in : f32
        linalg.yield %40 : f32
      } -> tensor<?xf32>
      %39 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%34, %38 : tensor<?x8xf32>, tensor<?xf32>) outs(%35 : tensor<?x8xf32>) {
      ^bb0(%in: f32, %in_12: f32, %out: f32):
        %40 = arith.mulf %in_12, %cst : f32
        %41 = arith.subf %in, %40 : f32
        linalg.yield %41 : f32
      } -> tensor<?x8xf32>
      iree_tensor_ext.dispatch.tensor.store %39, %arg21, offsets = [0, 0], sizes = [%arg20, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%arg20}
      flow.return
    }
    %30 = flow.dispatch.workgroups(%0, %29, %12, %13, %0, %0) : (index, tensor<?x8xf32>{%0}, tensor<8xf32>, tensor<8xf32>, index, index) -> tensor<?x8xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %arg21: index, %arg22: index, %arg23: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>) {
      %34 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg22, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg22} -> tensor<?x8xf32>
      %35 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %36 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %37 = tensor.empty(%arg22) : tensor<?x8xf32>
      %cst = arith.constant 9.99999974E-6 : f32
      %cst_11 = arith.constant 1.250000e-01 : f32
      %38 = tensor.empty(%arg22) : tensor<?xf32>
      %cst_12 = arith.constant 0.000000e+00 : f32
      %39 = linalg.fill ins(%cst_12 : f32) outs(%38 : tensor<?xf32>) -> tensor<?xf32>
      %40 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%34 : tensor<?x8xf32>) outs(%39 : tensor<?xf32>) {
      ^bb0(%in: f32, %out: f32):
        %42 = arith.mulf %in, %in : f32
        %43 = arith.addf %out, %42 : f32
        linalg.yield %43 : f32
      } -> tensor<?xf32>
      %41 = linalg.generic {indexing_maps = [#map, #map1, #map2, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%34, %40, %35, %36 : tensor<?x8xf32>, tensor<?xf32>, tensor<8xf32>, tensor<8xf32>) outs(%37 : tensor<?x8xf32>) {
      ^bb0(%in: f32, %in_13: f32, %in_14: f32, %in_15: f32, %out: f32):
        %42 = arith.mulf %in_13, %cst_11 : f32
        %43 = arith.addf %42, %cst : f32
        %44 = math.rsqrt %43 : f32
        %45 = arith.mulf %in, %44 : f32
        %46 = arith.mulf %45, %in_14 : f32
        %47 = arith.addf %46, %in_15 : f32
        linalg.yield %47 : f32
      } -> tensor<?x8xf32>
      iree_tensor_ext.dispatch.tensor.store %41, %arg23, offsets = [0, 0], sizes = [%arg22, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%arg22}
      flow.return
    }
    %31 = flow.dispatch.workgroups(%0, %30, %14, %15, %0, %0) : (index, tensor<?x8xf32>{%0}, tensor<8x16xf32>, tensor<16xf32>, index, index) -> tensor<?x16xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>>, %arg21: index, %arg22: index, %arg23: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x16xf32>>) {
      %34 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg22, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg22} -> tensor<?x8xf32>
      %35 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [8, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16xf32>> -> tensor<8x16xf32>
      %36 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>> -> tensor<16xf32>
      %37 = tensor.empty(%arg22) : tensor<?x16xf32>
      %cst = arith.constant 5.000000e-01 : f32
      %cst_11 = arith.constant 1.000000e+00 : f32
      %cst_12 = arith.constant 0.707106829 : f32
      %cst_13 = arith.constant 0.000000e+00 : f32
      %38 = linalg.fill ins(%cst_13 : f32) outs(%37 : tensor<?x16xf32>) -> tensor<?x16xf32>
      %39 = linalg.matmul ins(%34, %35 : tensor<?x8xf32>, tensor<8x16xf32>) outs(%38 : tensor<?x16xf32>) -> tensor<?x16xf32>
      %40 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%39, %36 : tensor<?x16xf32>, tensor<16xf32>) outs(%37 : tensor<?x16xf32>) {
      ^bb0(%in: f32, %in_14: f32, %out: f32):
        %41 = arith.addf %in, %in_14 : f32
        %42 = arith.mulf %41, %cst_12 : f32
        %43 = math.erf %42 : f32
        %44 = arith.addf %43, %cst_11 : f32
        %45 = arith.mulf %41, %cst : f32
        %46 = arith.mulf %45, %44 : f32
        linalg.yield %46 : f32
      } -> tensor<?x16xf32>
      iree_tensor_ext.dispatch.tensor.store %40, %arg23, offsets = [0, 0], sizes = [%arg22, 16], strides = [1, 1] : tensor<?x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x16xf32>>{%arg22}
      flow.return
    }
    %32 = flow.dispatch.workgroups(%0, %31, %16, %28, %17, %0, %0, %0) : (index, tensor<?x16xf32>{%0}, tensor<16x8xf32>, tensor<?x8xf32>{%0}, tensor<8xf32>, index, index, index) -> tensor<?x8xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x16xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg21: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %arg22: index, %arg23: index, %arg24: index, %arg25: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>) {
      %34 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg24, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x16xf32>>{%arg24} -> tensor<?x16xf32>
      %35 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %36 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0, 0], sizes = [%arg24, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg24} -> tensor<?x8xf32>
      %37 = iree_tensor_ext.dispatch.tensor.load %arg21, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %38 = tensor.empty(%arg24) : tensor<?x8xf32>
      %cst = arith.constant 0.000000e+00 : f32
      %39 = linalg.fill ins(%cst : f32) outs(%38 : tensor<?x8xf32>) -> tensor<?x8xf32>
      %40 = linalg.matmul ins(%34, %35 : tensor<?x16xf32>, tensor<16x8xf32>) outs(%39 : tensor<?x8xf32>) -> tensor<?x8xf32>
      %41 = linalg.generic {indexing_maps = [#map, #map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%36, %40, %37 : tensor<?x8xf32>, tensor<?x8xf32>, tensor<8xf32>) outs(%38 : tensor<?x8xf32>) {
      ^bb0(%in: f32, %in_11: f32, %in_12: f32, %out: f32):
        %42 = arith.addf %in_11, %in_12 : f32
        %43 = arith.addf %in, %42 : f32
        linalg.yield %43 : f32
      } -> tensor<?x8xf32>
      iree_tensor_ext.dispatch.tensor.store %41, %arg25, offsets = [0, 0], sizes = [%arg24, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%arg24}
      flow.return
    }
    %33 = hal.tensor.export %32 "output0" : tensor<?x8xf32>{%0} -> !hal.buffer_view
    util.return %33 : !hal.buffer_view
  }
}
