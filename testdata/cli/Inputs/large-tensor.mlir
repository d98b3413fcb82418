func.func @src(%vals: tensor<100xi32>, %k: index) -> tensor<100xi32> {
  return %vals : tensor<100xi32>
}
func.func @tgt(%vals: tensor<100xi32>, %k: index) -> tensor<100xi32> {
  %c = arith.constant 1 : i32
  %c70 = arith.constant 70 : index
  %x = tensor.extract %vals[%c70] : tensor<100xi32>
  %y = arith.addi %x, %c : i32
  %r = tensor.insert %y into %vals[%c70] : tensor<100xi32>
  return %r : tensor<100xi32>
}
