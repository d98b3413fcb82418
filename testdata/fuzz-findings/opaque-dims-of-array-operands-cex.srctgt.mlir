// Found by tools/mutate_corpus.py (mutation fuzzing of the lit corpora): litmus
// opaque/softmax-moved.srctgt.mlir with the operands of the target's linalg.softmax swapped
// (operand order). The target's softmax reads a tensor.empty, and its result dims are
// uninterpreted functions of tensor operands; extracting the counterexample evaluates those
// dims in the solver's model, where they stay a symbolic If over array equalities, and
// irverify ends with "internal error: ValueError: not an integer value" (exit 2) instead of a
// verdict. The target's values are poison where the source's are defined: incorrect (or
// unknown through the opaque op), never an error. Fixed: such a counterexample is unknown.
// RUN: not irverify check %s --no-confirm 2>&1 | filecheck %s
// CHECK: @src: {{incorrect|unknown}}

func.func @src(%x: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%d) : tensor<?x16xf32>
  %p = linalg.softmax dimension(1) ins(%x : tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %p : tensor<?x16xf32>
}

func.func @tgt(%x: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%d) : tensor<?x16xf32>
  %p = linalg.softmax dimension(1) ins(%e : tensor<?x16xf32>) outs(%x : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %p : tensor<?x16xf32>
}
