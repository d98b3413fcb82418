// Found by tools/mutate_corpus.py (mutation fuzzing of the lit corpora): litmus
// opaque/softmax-moved.srctgt.mlir with the operands of the target's linalg.softmax swapped
// (operand order). The target's opaque op read a tensor.empty, and its result dims are
// uninterpreted functions of tensor operands; extracting the counterexample evaluates those
// dims in the solver's model, where they stay a symbolic If over array equalities, and
// irverify ended with "internal error: ValueError: not an integer value" (exit 2) instead of
// a verdict. The target's values are poison where the source's are defined: incorrect (or
// unknown through the opaque op), never an error. Fixed: such a counterexample is unknown.
// linalg.softmax has semantics now (irverify/semantics/linalg_softmax.py), so the same
// situation is kept here with an op that is still opaque: tensor.bitcast of a tensor.empty.
// RUN: not irverify check %s --no-confirm 2>&1 | filecheck %s
// CHECK: @src: {{incorrect|unknown}}

func.func @src(%x: tensor<?x16xf32>) -> tensor<?x16xi32> {
  %p = tensor.bitcast %x : tensor<?x16xf32> to tensor<?x16xi32>
  return %p : tensor<?x16xi32>
}

func.func @tgt(%x: tensor<?x16xf32>) -> tensor<?x16xi32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%d) : tensor<?x16xf32>
  %p = tensor.bitcast %e : tensor<?x16xf32> to tensor<?x16xi32>
  return %p : tensor<?x16xi32>
}
