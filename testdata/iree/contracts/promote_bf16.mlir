// Input of iree-input-conversion-promote-bf16-to-f32 (checked through the promote-bf16-to-f32
// contract: tests/test_convert_types_contracts.py).
func.func @axpy(%x: bf16, %y: tensor<4xbf16>) -> (bf16, tensor<4xbf16>) {
  %c = arith.constant 3.0 : bf16
  %a = arith.mulf %x, %c : bf16
  %0 = tensor.empty() : tensor<4xbf16>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%y : tensor<4xbf16>) outs(%0 : tensor<4xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    %s = arith.subf %in, %a : bf16
    linalg.yield %s : bf16
  } -> tensor<4xbf16>
  return %a, %1 : bf16, tensor<4xbf16>
}
