// IREE 3.13 (iree-base-compiler 3.13.0, llvm-cpu, generic x86-64) computes math.exp of an f16
// NaN as 0.0 in this dispatch: the kernel's first linalg.generic is an unrelated maxsi, the
// second reads the constant f16 bits [0x0005, 0xFFFC, 0x0004, 0xFFFD, 0x0002] (0xFFFC and
// 0xFFFD are NaNs) and yields extf(exp(x)); the result is 5xf32=1 0 1 0 1, where exp(NaN) is
// NaN (math.exp follows libm's exp; IEEE 754 propagates NaN). With the two generics in the
// other order (otherwise the same kernel) the result is 1 NaN 1 NaN 1, as it is when the exp
// generic runs alone.
//
//   iree-compile --iree-llvmcpu-disable-distribution math_exp_f16_nan_zero.mlir -o e.vmfb
//   iree-run-module --device=local-sync --module=e.vmfb --function=main \
//       --input="3xi32=4 3 -7" --input="3xi32=-5 8 4" --input="2xi32=1 4" \
//       --input="6xi32=5 1 3 2 2 -3" --input="5xf32=0 0 0 0 0" --input="3xi32=0 0 0" --input="3xi32=0 0 0"
//   result[4]: 5xf32=1 0 1 0 1          (expected 1 NaN 1 NaN 1)
//
// Found by irverify's differential fuzzer (tools/fuzz.py --arm mlir --seed 79 --ops
// util.assume.int,math.sin,math.exp,iree_linalg_ext.custom_op, program 17): a known-good rewrite
// (two independent instances swapped) executed differently. The module is the fuzzer's
// dispatch wrapper (irverify.frontends.mlir.dispatch_confirm.wrap) of the target function.
#cpu = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "generic", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", native_vector_size = 16 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>
module attributes {hal.device.targets = [#hal.device.target<"local", [#cpu]> : !hal.device]} {
hal.executable private @ex {
  hal.executable.variant public @cpu target(#cpu) {
    hal.executable.export public @d ordinal(0) layout(#hal.pipeline.layout<constants = 0, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>) count(%dev: !hal.device) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      func.func @d() {
        %irv_c0 = arith.constant 0 : index
        %irv_s0 = hal.interface.binding.subspan layout(#hal.pipeline.layout<constants = 0, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>) binding(0) alignment(64) offset(%irv_c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3xi32>>
        %arg0 = iree_tensor_ext.dispatch.tensor.load %irv_s0, offsets = [0], sizes = [3], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3xi32>> -> tensor<3xi32>
        %irv_s1 = hal.interface.binding.subspan layout(#hal.pipeline.layout<constants = 0, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>) binding(1) alignment(64) offset(%irv_c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3xi32>>
        %arg1 = iree_tensor_ext.dispatch.tensor.load %irv_s1, offsets = [0], sizes = [3], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3xi32>> -> tensor<3xi32>
        %irv_s2 = hal.interface.binding.subspan layout(#hal.pipeline.layout<constants = 0, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>) binding(2) alignment(64) offset(%irv_c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2xi32>>
        %arg2 = iree_tensor_ext.dispatch.tensor.load %irv_s2, offsets = [0], sizes = [2], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2xi32>> -> tensor<2xi32>
        %irv_s3 = hal.interface.binding.subspan layout(#hal.pipeline.layout<constants = 0, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>) binding(3) alignment(64) offset(%irv_c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x3xi32>>
        %arg3 = iree_tensor_ext.dispatch.tensor.load %irv_s3, offsets = [0, 0], sizes = [2, 3], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x3xi32>> -> tensor<2x3xi32>
        %0 = tensor.empty() : tensor<3xi32>
        %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg0, %arg1 : tensor<3xi32>, tensor<3xi32>) outs(%0 : tensor<3xi32>) {
        ^bb0(%in: i32, %in_1: i32, %out: i32):
          %7 = arith.maxsi %in, %in_1 : i32
          linalg.yield %7 : i32
        } -> tensor<3xi32>
        %cst = arith.constant dense<0x7E00> : tensor<5xf16>
        %cst_0 = arith.constant dense<[5, -4, 4, -3, 2]> : tensor<5xi16>
        %2 = tensor.empty() : tensor<5xf32>
        %3 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%cst_0 : tensor<5xi16>) outs(%2 : tensor<5xf32>) {
        ^bb0(%in: i16, %out: f32):
          %7 = arith.bitcast %in : i16 to f16
          %8 = math.exp %7 : f16
          %9 = arith.extf %8 : f16 to f32
          linalg.yield %9 : f32
        } -> tensor<5xf32>
        %c0_i32 = arith.constant 0 : i32
        %4 = tensor.empty() : tensor<3xi32>
        %5 = linalg.fill ins(%c0_i32 : i32) outs(%4 : tensor<3xi32>) -> tensor<3xi32>
        %6 = linalg.vecmat ins(%arg2, %arg3 : tensor<2xi32>, tensor<2x3xi32>) outs(%5 : tensor<3xi32>) -> tensor<3xi32>
        %irv_r0 = hal.interface.binding.subspan layout(#hal.pipeline.layout<constants = 0, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>) binding(4) alignment(64) offset(%irv_c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<5xf32>>
        iree_tensor_ext.dispatch.tensor.store %3, %irv_r0, offsets = [0], sizes = [5], strides = [1] : tensor<5xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<5xf32>>
        %irv_r1 = hal.interface.binding.subspan layout(#hal.pipeline.layout<constants = 0, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>) binding(5) alignment(64) offset(%irv_c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xi32>>
        iree_tensor_ext.dispatch.tensor.store %1, %irv_r1, offsets = [0], sizes = [3], strides = [1] : tensor<3xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xi32>>
        %irv_r2 = hal.interface.binding.subspan layout(#hal.pipeline.layout<constants = 0, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>) binding(6) alignment(64) offset(%irv_c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xi32>>
        iree_tensor_ext.dispatch.tensor.store %6, %irv_r2, offsets = [0], sizes = [3], strides = [1] : tensor<3xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xi32>>
        return
      }
    }
  }
}
func.func @main(%b0: tensor<?xi32>, %b1: tensor<?xi32>, %b2: tensor<?xi32>, %b3: tensor<?xi32>, %b4: tensor<?xf32>, %b5: tensor<?xi32>, %b6: tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xf32>, tensor<?xi32>, tensor<?xi32>) {
  %c0 = arith.constant 0 : index
  %l0 = tensor.dim %b0, %c0 : tensor<?xi32>
  %l1 = tensor.dim %b1, %c0 : tensor<?xi32>
  %l2 = tensor.dim %b2, %c0 : tensor<?xi32>
  %l3 = tensor.dim %b3, %c0 : tensor<?xi32>
  %l4 = tensor.dim %b4, %c0 : tensor<?xf32>
  %l5 = tensor.dim %b5, %c0 : tensor<?xi32>
  %l6 = tensor.dim %b6, %c0 : tensor<?xi32>
  %r:7 = flow.dispatch @ex::@cpu::@d(%b0, %b1, %b2, %b3, %b4, %b5, %b6) : (tensor<?xi32>{%l0}, tensor<?xi32>{%l1}, tensor<?xi32>{%l2}, tensor<?xi32>{%l3}, tensor<?xf32>{%l4}, tensor<?xi32>{%l5}, tensor<?xi32>{%l6}) -> (%b0{%l0}, %b1{%l1}, %b2{%l2}, %b3{%l3}, %b4{%l4}, %b5{%l5}, %b6{%l6})
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6 : tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xf32>, tensor<?xi32>, tensor<?xi32>
}
}