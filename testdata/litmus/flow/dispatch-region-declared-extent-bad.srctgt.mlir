// A dispatch region whose declared result extent is not the extent of what it returns is
// undefined: the target has UB where the source has none.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: target has undefined behaviour
// CHECK: declared extent
// CHECK: verdict: incorrect

util.func public @src(%x: tensor<?x4xi32>, %n: index) -> tensor<?x4xi32> {
  util.return %x : tensor<?x4xi32>
}

util.func public @tgt(%x: tensor<?x4xi32>, %n: index) -> tensor<?x4xi32> {
  %r = flow.dispatch.region -> (tensor<?x4xi32>{%n}) {
    flow.return %x : tensor<?x4xi32>
  }
  util.return %r : tensor<?x4xi32>
}
