// flow.tensor.splat of a poison scalar is a tensor of poison elements, as linalg.fill's is,
// not undefined behaviour: a fill turned into a splat (iree-flow-convert-to-flow) is correct
// even where the scalar is poison and the tensor has no element.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: correct
func.func @src(%s: tensor<f32>, %n: index) -> tensor<?xf32> {
  %x = tensor.extract %s[] : tensor<f32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %f : tensor<?xf32>
}
func.func @tgt(%s: tensor<f32>, %n: index) -> tensor<?xf32> {
  %x = flow.tensor.load %s : tensor<f32>
  %f = flow.tensor.splat %x : tensor<?xf32>{%n}
  return %f : tensor<?xf32>
}
