// The module after iree-dispatch-creation-convert-tensor-to-flow (application 31) in
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
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 1.250000e-01 : f32
      %40 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg20, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg20} -> tensor<?x8xf32>
      %41 = tensor.empty(%arg20) : tensor<?x8xf32>
      %42 = tensor.empty(%arg20) : tensor<?xf32>
      %43 = linalg.fill ins(%cst : f32) outs(%42 : tensor<?xf32>) -> tensor<?xf32>
      %44 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%40 : tensor<?x8xf32>) outs(%43 : tensor<?xf32>) {
      ^bb0(%in: f32, %out: f32):
        %46 = arith.addf %out, %in : f32
        linalg.yield %46 : f32
      } -> tensor<?xf32>
      %45 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%40, %44 : tensor<?x8xf32>, tensor<?xf32>) outs(%41 : tensor<?x8xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %46 = arith.mulf %in_1, %cst_0 : f32
        %47 = arith.subf %in, %46 : f32
        linalg.yield %47 : f32
      } -> tensor<?x8xf32>
      iree_tensor_ext.dispatch.tensor.store %45, %arg21, offsets = [0, 0], sizes = [%arg20, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%arg20}
      flow.return
    }
    %19 = flow.dispatch.workgroups(%0, %18, %2, %3, %0, %0) : (index, tensor<?x8xf32>{%0}, tensor<8xf32>, tensor<8xf32>, index, index) -> tensor<?x8xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %arg21: index, %arg22: index, %arg23: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 1.250000e-01 : f32
      %cst_1 = arith.constant 9.99999974E-6 : f32
      %40 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg22, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg22} -> tensor<?x8xf32>
      %41 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %43 = tensor.empty(%arg22) : tensor<?x8xf32>
      %44 = tensor.empty(%arg22) : tensor<?xf32>
      %45 = linalg.fill ins(%cst : f32) outs(%44 : tensor<?xf32>) -> tensor<?xf32>
      %46 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%40 : tensor<?x8xf32>) outs(%45 : tensor<?xf32>) {
      ^bb0(%in: f32, %out: f32):
        %48 = arith.mulf %in, %in : f32
        %49 = arith.addf %out, %48 : f32
        linalg.yield %49 : f32
      } -> tensor<?xf32>
      %47 = linalg.generic {indexing_maps = [#map, #map1, #map2, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%40, %46, %41, %42 : tensor<?x8xf32>, tensor<?xf32>, tensor<8xf32>, tensor<8xf32>) outs(%43 : tensor<?x8xf32>) {
      ^bb0(%in: f32, %in_2: f32, %in_3: f32, %in_4: f32, %out: f32):
        %48 = arith.mulf %in_2, %cst_0 : f32
        %49 = arith.addf %48, %cst_1 : f32
        %50 = math.rsqrt %49 : f32
        %51 = arith.mulf %in, %50 : f32
        %52 = arith.mulf %51, %in_3 : f32
        %53 = arith.addf %52, %in_4 : f32
        linalg.yield %53 : f32
      } -> tensor<?x8xf32>
      iree_tensor_ext.dispatch.tensor.store %47, %arg23, offsets = [0, 0], sizes = [%arg22, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%arg22}
      flow.return
    }
    %20 = flow.dispatch.workgroups(%0, %19, %4, %0, %0) : (index, tensor<?x8xf32>{%0}, tensor<8x8xf32>, index, index) -> tensor<?x8xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8xf32>>, %arg20: index, %arg21: index, %arg22: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %40 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg21, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg21} -> tensor<?x8xf32>
      %41 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [8, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8xf32>> -> tensor<8x8xf32>
      %42 = tensor.empty(%arg21) : tensor<?x8xf32>
      %43 = linalg.fill ins(%cst : f32) outs(%42 : tensor<?x8xf32>) -> tensor<?x8xf32>
      %44 = linalg.matmul ins(%40, %41 : tensor<?x8xf32>, tensor<8x8xf32>) outs(%43 : tensor<?x8xf32>) -> tensor<?x8xf32>
      iree_tensor_ext.dispatch.tensor.store %44, %arg22, offsets = [0, 0], sizes = [%arg21, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%arg21}
      flow.return
    }
    %21 = flow.tensor.reshape %20 : tensor<?x8xf32>{%0} -> tensor<?x2x4xf32>{%0}
    %22 = flow.tensor.reshape %5 : tensor<8xf32> -> tensor<2x4xf32>
    %23 = flow.dispatch.workgroups(%0, %19, %6, %7, %0, %0) : (index, tensor<?x8xf32>{%0}, tensor<8x8xf32>, tensor<8xf32>, index, index) -> tensor<8x?xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %arg21: index, %arg22: index, %arg23: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x?xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %40 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg22, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg22} -> tensor<?x8xf32>
      %41 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [8, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8xf32>> -> tensor<8x8xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %43 = tensor.empty(%arg22) : tensor<8x?xf32>
      %44 = tensor.empty(%arg22) : tensor<?x8xf32>
      %45 = linalg.fill ins(%cst : f32) outs(%44 : tensor<?x8xf32>) -> tensor<?x8xf32>
      %46 = linalg.matmul ins(%40, %41 : tensor<?x8xf32>, tensor<8x8xf32>) outs(%45 : tensor<?x8xf32>) -> tensor<?x8xf32>
      %47 = linalg.generic {indexing_maps = [#map, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%46, %42 : tensor<?x8xf32>, tensor<8xf32>) outs(%43 : tensor<8x?xf32>) {
      ^bb0(%in: f32, %in_0: f32, %out: f32):
        %48 = arith.addf %in, %in_0 : f32
        linalg.yield %48 : f32
      } -> tensor<8x?xf32>
      iree_tensor_ext.dispatch.tensor.store %47, %arg23, offsets = [0, 0], sizes = [8, %arg22], strides = [1, 1] : tensor<8x?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x?xf32>>{%arg22}
      flow.return
    }
    %24 = flow.dispatch.workgroups(%0, %19, %8, %0, %0) : (index, tensor<?x8xf32>{%0}, tensor<8x8xf32>, index, index) -> tensor<?x8xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8xf32>>, %arg20: index, %arg21: index, %arg22: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %40 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg21, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg21} -> tensor<?x8xf32>
      %41 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [8, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8xf32>> -> tensor<8x8xf32>
      %42 = tensor.empty(%arg21) : tensor<?x8xf32>
      %43 = linalg.fill ins(%cst : f32) outs(%42 : tensor<?x8xf32>) -> tensor<?x8xf32>
      %44 = linalg.matmul ins(%40, %41 : tensor<?x8xf32>, tensor<8x8xf32>) outs(%43 : tensor<?x8xf32>) -> tensor<?x8xf32>
      iree_tensor_ext.dispatch.tensor.store %44, %arg22, offsets = [0, 0], sizes = [%arg21, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%arg21}
      flow.return
    }
    %25 = flow.tensor.reshape %24 : tensor<?x8xf32>{%0} -> tensor<?x2x4xf32>{%0}
    %26 = flow.tensor.reshape %9 : tensor<8xf32> -> tensor<2x4xf32>
    %27 = flow.dispatch.workgroups(%0, %21, %22, %0, %0) : (index, tensor<?x2x4xf32>{%0}, tensor<2x4xf32>, index, index) -> tensor<2x?x4xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x2x4xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>>, %arg20: index, %arg21: index, %arg22: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x4xf32>>) {
      %40 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0, 0], sizes = [%arg20, 2, 4], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x2x4xf32>>{%arg20} -> tensor<?x2x4xf32>
      %41 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>> -> tensor<2x4xf32>
      %42 = tensor.empty(%arg21) : tensor<2x?x4xf32>
      %43 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%40, %41 : tensor<?x2x4xf32>, tensor<2x4xf32>) outs(%42 : tensor<2x?x4xf32>) {
      ^bb0(%in: f32, %in_0: f32, %out: f32):
        %44 = arith.addf %in, %in_0 : f32
        linalg.yield %44 : f32
      } -> tensor<2x?x4xf32>
      iree_tensor_ext.dispatch.tensor.store %43, %arg22, offsets = [0, 0, 0], sizes = [2, %arg21, 4], strides = [1, 1, 1] : tensor<2x?x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x4xf32>>{%arg21}
      flow.return
    }
    %28 = flow.tensor.reshape %23 : tensor<8x?xf32>{%0} -> tensor<2x4x?xf32>{%0}
    %29 = flow.dispatch.workgroups(%0, %25, %26, %0, %0) : (index, tensor<?x2x4xf32>{%0}, tensor<2x4xf32>, index, index) -> tensor<2x?x4xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x2x4xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>>, %arg20: index, %arg21: index, %arg22: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x4xf32>>) {
      %40 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0, 0], sizes = [%arg20, 2, 4], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x2x4xf32>>{%arg20} -> tensor<?x2x4xf32>
      %41 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>> -> tensor<2x4xf32>
      %42 = tensor.empty(%arg21) : tensor<2x?x4xf32>
      %43 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%40, %41 : tensor<?x2x4xf32>, tensor<2x4xf32>) outs(%42 : tensor<2x?x4xf32>) {
      ^bb0(%in: f32, %in_0: f32, %out: f32):
        %44 = arith.addf %in, %in_0 : f32
        linalg.yield %44 : f32
      } -> tensor<2x?x4xf32>
      iree_tensor_ext.dispatch.tensor.store %43, %arg22, offsets = [0, 0, 0], sizes = [2, %arg21, 4], strides = [1, 1, 1] : tensor<2x?x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x4xf32>>{%arg21}
      flow.return
    }
    %30 = flow.dispatch.workgroups(%0, %27, %28, %0, %0, %0, %0) : (index, tensor<2x?x4xf32>{%0}, tensor<2x4x?xf32>{%0}, index, index, index, index) -> tensor<2x?x?xf32>{%0, %0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x4xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x?xf32>>, %arg20: index, %arg21: index, %arg22: index, %arg23: index, %arg24: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x?xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 5.000000e-01 : f32
      %40 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0, 0], sizes = [2, %arg23, 4], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x4xf32>>{%arg23} -> tensor<2x?x4xf32>
      %41 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0, 0], sizes = [2, 4, %arg21], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x?xf32>>{%arg21} -> tensor<2x4x?xf32>
      %42 = tensor.empty(%arg23, %arg23) : tensor<2x?x?xf32>
      %43 = linalg.fill ins(%cst : f32) outs(%42 : tensor<2x?x?xf32>) -> tensor<2x?x?xf32>
      %44 = linalg.batch_matmul ins(%40, %41 : tensor<2x?x4xf32>, tensor<2x4x?xf32>) outs(%43 : tensor<2x?x?xf32>) -> tensor<2x?x?xf32>
      %45 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%44 : tensor<2x?x?xf32>) outs(%42 : tensor<2x?x?xf32>) {
      ^bb0(%in: f32, %out: f32):
        %46 = arith.mulf %in, %cst_0 : f32
        linalg.yield %46 : f32
      } -> tensor<2x?x?xf32>
      iree_tensor_ext.dispatch.tensor.store %45, %arg24, offsets = [0, 0, 0], sizes = [2, %arg23, %arg23], strides = [1, 1, 1] : tensor<2x?x?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x?xf32>>{%arg23, %arg23}
      flow.return
    }
    %31 = flow.dispatch.workgroups(%0, %30, %0, %0, %0, %0) : (index, tensor<2x?x?xf32>{%0, %0}, index, index, index, index) -> tensor<2x?x?xf32>{%0, %0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x?xf32>>, %arg19: index, %arg20: index, %arg21: index, %arg22: index, %arg23: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x?xf32>>) {
      %40 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0, 0], sizes = [2, %arg22, %arg22], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x?xf32>>{%arg22, %arg22} -> tensor<2x?x?xf32>
      %41 = tensor.empty(%arg22, %arg22) : tensor<2x?x?xf32>
      %42 = linalg.softmax dimension(2) ins(%40 : tensor<2x?x?xf32>) outs(%41 : tensor<2x?x?xf32>) -> tensor<2x?x?xf32>
      iree_tensor_ext.dispatch.tensor.store %42, %arg23, offsets = [0, 0, 0], sizes = [2, %arg22, %arg22], strides = [1, 1, 1] : tensor<2x?x?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x?xf32>>{%arg22, %arg22}
      flow.return
    }
    %32 = flow.dispatch.workgroups(%0, %31, %29, %0, %0, %0, %0) : (index, tensor<2x?x?xf32>{%0, %0}, tensor<2x?x4xf32>{%0}, index, index, index, index) -> tensor<?x2x4xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x?xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x4xf32>>, %arg20: index, %arg21: index, %arg22: index, %arg23: index, %arg24: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x2x4xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %40 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0, 0], sizes = [2, %arg23, %arg23], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x?xf32>>{%arg23, %arg23} -> tensor<2x?x?xf32>
      %41 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0, 0], sizes = [2, %arg23, 4], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x4xf32>>{%arg23} -> tensor<2x?x4xf32>
      %42 = tensor.empty(%arg23) : tensor<?x2x4xf32>
      %43 = tensor.empty(%arg23) : tensor<2x?x4xf32>
      %44 = linalg.fill ins(%cst : f32) outs(%43 : tensor<2x?x4xf32>) -> tensor<2x?x4xf32>
      %45 = linalg.batch_matmul ins(%40, %41 : tensor<2x?x?xf32>, tensor<2x?x4xf32>) outs(%44 : tensor<2x?x4xf32>) -> tensor<2x?x4xf32>
      %46 = linalg.generic {indexing_maps = [#map4, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%45 : tensor<2x?x4xf32>) outs(%42 : tensor<?x2x4xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<?x2x4xf32>
      iree_tensor_ext.dispatch.tensor.store %46, %arg24, offsets = [0, 0, 0], sizes = [%arg23, 2, 4], strides = [1, 1, 1] : tensor<?x2x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x2x4xf32>>{%arg23}
      flow.return
    }
    %33 = flow.tensor.reshape %32 : tensor<?x2x4xf32>{%0} -> tensor<?x8xf32>{%0}
    %34 = flow.dispatch.workgroups(%0, %33, %10, %1, %11, %0, %0, %0) : (index, tensor<?x8xf32>{%0}, tensor<8x8xf32>, tensor<?x8xf32>{%0}, tensor<8xf32>, index, index, index) -> tensor<?x8xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg21: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %arg22: index, %arg23: index, %arg24: index, %arg25: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %40 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg22, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg22} -> tensor<?x8xf32>
      %41 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [8, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8xf32>> -> tensor<8x8xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0, 0], sizes = [%arg24, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg24} -> tensor<?x8xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg21, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %44 = tensor.empty(%arg24) : tensor<?x8xf32>
      %45 = linalg.fill ins(%cst : f32) outs(%44 : tensor<?x8xf32>) -> tensor<?x8xf32>
      %46 = linalg.matmul ins(%40, %41 : tensor<?x8xf32>, tensor<8x8xf32>) outs(%45 : tensor<?x8xf32>) -> tensor<?x8xf32>
      %47 = linalg.generic {indexing_maps = [#map, #map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%42, %46, %43 : tensor<?x8xf32>, tensor<?x8xf32>, tensor<8xf32>) outs(%44 : tensor<?x8xf32>) {
      ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
        %48 = arith.addf %in_0, %in_1 : f32
        %49 = arith.addf %in, %48 : f32
        linalg.yield %49 : f32
      } -> tensor<?x8xf32>
      iree_tensor_ext.dispatch.tensor.store %47, %arg25, offsets = [0, 0], sizes = [%arg24, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%arg24}
      flow.return
    }
    %35 = flow.dispatch.workgroups(%0, %34, %0, %0) : (index, tensor<?x8xf32>{%0}, index, index) -> tensor<?x8xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: index, %arg20: index, %arg21: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 1.250000e-01 : f32
      %40 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg20, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg20} -> tensor<?x8xf32>
      %41 = tensor.empty(%arg20) : tensor<?x8xf32>
      %42 = tensor.empty(%arg20) : tensor<?xf32>
      %43 = linalg.fill ins(%cst : f32) outs(%42 : tensor<?xf32>) -> tensor<?xf32>
      %44 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%40 : tensor<?x8xf32>) outs(%43 : tensor<?xf32>) {
      ^bb0(%in: f32, %out: f32):
        %46 = arith.addf %out, %in : f32
        linalg.yield %46 : f32
      } -> tensor<?xf32>
      %45 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%40, %44 : tensor<?x8xf32>, tensor<?xf32>) outs(%41 : tensor<?x8xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %46 = arith.mulf %in_1, %cst_0 : f32
        %47 = arith.subf %in, %46 : f32
        linalg.yield %47 : f32
      } -> tensor<?x8xf32>
      iree_tensor_ext.dispatch.tensor.store %45, %arg21, offsets = [0, 0], sizes = [%arg20, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%arg20}
      flow.return
    }
    %36 = flow.dispatch.workgroups(%0, %35, %12, %13, %0, %0) : (index, tensor<?x8xf32>{%0}, tensor<8xf32>, tensor<8xf32>, index, index) -> tensor<?x8xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %arg21: index, %arg22: index, %arg23: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 1.250000e-01 : f32
      %cst_1 = arith.constant 9.99999974E-6 : f32
      %40 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg22, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg22} -> tensor<?x8xf32>
      %41 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %43 = tensor.empty(%arg22) : tensor<?x8xf32>
      %44 = tensor.empty(%arg22) : tensor<?xf32>
      %45 = linalg.fill ins(%cst : f32) outs(%44 : tensor<?xf32>) -> tensor<?xf32>
      %46 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%40 : tensor<?x8xf32>) outs(%45 : tensor<?xf32>) {
      ^bb0(%in: f32, %out: f32):
        %48 = arith.mulf %in, %in : f32
        %49 = arith.addf %out, %48 : f32
        linalg.yield %49 : f32
      } -> tensor<?xf32>
      %47 = linalg.generic {indexing_maps = [#map, #map1, #map2, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%40, %46, %41, %42 : tensor<?x8xf32>, tensor<?xf32>, tensor<8xf32>, tensor<8xf32>) outs(%43 : tensor<?x8xf32>) {
      ^bb0(%in: f32, %in_2: f32, %in_3: f32, %in_4: f32, %out: f32):
        %48 = arith.mulf %in_2, %cst_0 : f32
        %49 = arith.addf %48, %cst_1 : f32
        %50 = math.rsqrt %49 : f32
        %51 = arith.mulf %in, %50 : f32
        %52 = arith.mulf %51, %in_3 : f32
        %53 = arith.addf %52, %in_4 : f32
        linalg.yield %53 : f32
      } -> tensor<?x8xf32>
      iree_tensor_ext.dispatch.tensor.store %47, %arg23, offsets = [0, 0], sizes = [%arg22, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%arg22}
      flow.return
    }
    %37 = flow.dispatch.workgroups(%0, %36, %14, %15, %0, %0) : (index, tensor<?x8xf32>{%0}, tensor<8x16xf32>, tensor<16xf32>, index, index) -> tensor<?x16xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>>, %arg21: index, %arg22: index, %arg23: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x16xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 0.707106829 : f32
      %cst_1 = arith.constant 1.000000e+00 : f32
      %cst_2 = arith.constant 5.000000e-01 : f32
      %40 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg22, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg22} -> tensor<?x8xf32>
      %41 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [8, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16xf32>> -> tensor<8x16xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>> -> tensor<16xf32>
      %43 = tensor.empty(%arg22) : tensor<?x16xf32>
      %44 = linalg.fill ins(%cst : f32) outs(%43 : tensor<?x16xf32>) -> tensor<?x16xf32>
      %45 = linalg.matmul ins(%40, %41 : tensor<?x8xf32>, tensor<8x16xf32>) outs(%44 : tensor<?x16xf32>) -> tensor<?x16xf32>
      %46 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%45, %42 : tensor<?x16xf32>, tensor<16xf32>) outs(%43 : tensor<?x16xf32>) {
      ^bb0(%in: f32, %in_3: f32, %out: f32):
        %47 = arith.addf %in, %in_3 : f32
        %48 = arith.mulf %47, %cst_0 : f32
        %49 = math.erf %48 : f32
        %50 = arith.addf %49, %cst_1 : f32
        %51 = arith.mulf %47, %cst_2 : f32
        %52 = arith.mulf %51, %50 : f32
        linalg.yield %52 : f32
      } -> tensor<?x16xf32>
      iree_tensor_ext.dispatch.tensor.store %46, %arg23, offsets = [0, 0], sizes = [%arg22, 16], strides = [1, 1] : tensor<?x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x16xf32>>{%arg22}
      flow.return
    }
    %38 = flow.dispatch.workgroups(%0, %37, %16, %34, %17, %0, %0, %0) : (index, tensor<?x16xf32>{%0}, tensor<16x8xf32>, tensor<?x8xf32>{%0}, tensor<8xf32>, index, index, index) -> tensor<?x8xf32>{%0} =
        (%arg17: index, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x16xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>, %arg21: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %arg22: index, %arg23: index, %arg24: index, %arg25: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %40 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [%arg24, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x16xf32>>{%arg24} -> tensor<?x16xf32>
      %41 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0, 0], sizes = [%arg24, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%arg24} -> tensor<?x8xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg21, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %44 = tensor.empty(%arg24) : tensor<?x8xf32>
      %45 = linalg.fill ins(%cst : f32) outs(%44 : tensor<?x8xf32>) -> tensor<?x8xf32>
      %46 = linalg.matmul ins(%40, %41 : tensor<?x16xf32>, tensor<16x8xf32>) outs(%45 : tensor<?x8xf32>) -> tensor<?x8xf32>
      %47 = linalg.generic {indexing_maps = [#map, #map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%42, %46, %43 : tensor<?x8xf32>, tensor<?x8xf32>, tensor<8xf32>) outs(%44 : tensor<?x8xf32>) {
      ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
        %48 = arith.addf %in_0, %in_1 : f32
        %49 = arith.addf %in, %48 : f32
        linalg.yield %49 : f32
      } -> tensor<?x8xf32>
      iree_tensor_ext.dispatch.tensor.store %47, %arg25, offsets = [0, 0], sizes = [%arg24, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%arg24}
      flow.return
    }
    %39 = hal.tensor.export %38 "output0" : tensor<?x8xf32>{%0} -> !hal.buffer_view
    util.return %39 : !hal.buffer_view
  }
}
