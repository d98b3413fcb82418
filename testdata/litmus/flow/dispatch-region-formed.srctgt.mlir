// flow.dispatch.region is modelled by its body: wrapping ops into a dispatch region (what
// iree-dispatch-creation-form-dispatch-regions does) is correct; the workload and the count
// region carry no values.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

util.func public @src(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = arith.mulf %x, %y : tensor<?x4xf32>
  %1 = arith.addf %0, %x : tensor<?x4xf32>
  util.return %1 : tensor<?x4xf32>
}

util.func public @tgt(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x4xf32>
  %r = flow.dispatch.region[%d] -> (tensor<?x4xf32>{%d}) {
    %0 = arith.mulf %x, %y : tensor<?x4xf32>
    %1 = arith.addf %0, %x : tensor<?x4xf32>
    flow.return %1 : tensor<?x4xf32>
  } count(%w: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    flow.return %w, %c1, %c1 : index, index, index
  }
  util.return %r : tensor<?x4xf32>
}
