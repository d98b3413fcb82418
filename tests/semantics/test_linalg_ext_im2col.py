"""``iree_linalg_ext.im2col``: dynamic offsets, ``kernel_size`` as metadata, dynamic
``output_sizes`` left unsupported."""

import numpy as np

from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.check import Options, check_modules
from irverify.verify.evaluate import evaluate_function
from irverify.verify.verdict import Verdict

NO_CONFIRM = Options(confirm=False)

OP = """iree_linalg_ext.im2col strides = [2] dilations = [1] kernel_size = [KERNEL]
         offsets = [%m, 0] output_sizes = [[SIZES], [1, 2]]
         batch_pos = [] m_pos = [1] k_pos = [0] input_k_perm = [0, 1] output_perm = [0, 1]
         ins(%in : tensor<1x7xi32>) outs(%e : tensor<2x2xi32>) -> tensor<2x2xi32>"""

FUNC = """func.func @f(%in: tensor<1x7xi32>, %m: index, %n: index) -> tensor<2x2xi32> {
  %e = tensor.empty() : tensor<2x2xi32>
  %r = OP
  return %r : tensor<2x2xi32>
}
"""


def module(kernel="2", sizes="3"):
    return parse_mlir(FUNC.replace("OP", OP.replace("KERNEL", kernel).replace("SIZES", sizes)), "f.mlir")


def test_dynamic_offset_selects_the_window():
    x = np.arange(10, 17, dtype=np.int32).reshape(1, 7)
    for m, ub in ((0, False), (1, False), (2, True)):
        ev = evaluate_function(module(), "f", [x, m, 0])
        assert bool(ev.ub) == ub, (m, ev.ub)
        if not ub:  # row r is M index m + r: columns 2 (m + r) + {0, 1}
            want = [[x[0, 2 * (m + r) + w] for w in (0, 1)] for r in (0, 1)]
            assert np.array_equal(np.asarray(ev.outputs[0]), want), (m, ev.outputs[0])


def test_kernel_size_is_metadata_and_dynamic_sizes_are_unsupported():
    """The elements come from output_sizes whatever kernel_size says; dynamic output_sizes are
    unsupported."""
    x = np.arange(10, 17, dtype=np.int32).reshape(1, 7)
    ev = [evaluate_function(module(kernel=k), "f", [x, 1, 0]).outputs[0] for k in ("2", "3")]
    assert np.array_equal(np.asarray(ev[0]), np.asarray(ev[1]))
    # the target differs by a dead op, or it would be `correct` as unchanged without encoding
    pair = FUNC.replace("@f", "@src") + FUNC.replace("@f", "@tgt").replace("  %e =", "  %d = arith.constant 0 : i8\n  %e =")
    text = pair.replace("OP", OP.replace("KERNEL", "2").replace("SIZES", "%n"))
    res = check_modules(parse_mlir(text, "pair.mlir"), None, NO_CONFIRM)
    assert res.verdict is Verdict.UNSUPPORTED, res
    assert "dynamic output_sizes" in res.functions[0].message, res.functions[0].message
