"""``R.clip`` conformance with TVM (llvm): irverify's exact (IEEE) evaluation against TVM on random
shapes and values, float32/float16 with NaN, infinities and signed zeros and bounds that are not
representable in the dtype (``0.1``), int32 / int8 at the extremes with fractional bounds (TVM
truncates them toward zero); compared bit for bit, NaN equal to NaN."""

from __future__ import annotations

import numpy as np
import pytest

tvm = pytest.importorskip("tvm")

from irverify.errors import Unsupported  # noqa: E402
from irverify.frontends.relax.parse import parse  # noqa: E402
from irverify.verify.evaluate import evaluate_function  # noqa: E402
from tests.conformance.relax_cases import assert_matches_tvm, module_text  # noqa: E402

RNG = np.random.default_rng(11)
SPECIAL = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-45, -1e-45, 0.1, -0.1], np.float32)
CASES = {
    "f32": ('x: R.Tensor(("n", "m"), "float32")', "R.clip(x, -1.5, 6.0)",
            [[RNG.uniform(-8, 8, (int(RNG.integers(0, 5)), int(RNG.integers(1, 5)))).astype(np.float32)]
             for _ in range(3)] + [[SPECIAL.reshape(2, 5)]]),
    "f32_inexact": ('x: R.Tensor((10,), "float32")', "R.clip(x, -0.1, 0.1)",
                    [[SPECIAL], [RNG.uniform(-0.2, 0.2, 10).astype(np.float32)]]),
    "f32_empty_range": ('x: R.Tensor((10,), "float32")', "R.clip(x, 2.0, 1.0)", [[SPECIAL]]),
    "f16": ('x: R.Tensor((10,), "float16")', "R.clip(x, -0.3, 1000.7)",
            [[np.concatenate([SPECIAL[:8], [-0.3, 1001.0]]).astype(np.float16)]]),
    "i32": ('x: R.Tensor(("n",), "int32")', "R.clip(x, -7.9, 100.5)",
            [[np.array([-2**31, -8, -7, 0, 100, 101, 2**31 - 1], np.int32)],
             [RNG.integers(-200, 200, (int(RNG.integers(0, 9)),)).astype(np.int32)]]),
    "i8": ('x: R.Tensor((6,), "int8")', "R.clip(x, -128.0, 126.99)", [[np.array([-128, -1, 0, 126, 127, 5], np.int8)]]),
}


def test_clip_matches_tvm():
    assert_matches_tvm(CASES, "<clip>")


def test_a_bound_outside_the_integer_dtype_is_unsupported():
    """TVM's legalization rejects it (``Literal value 300 exceeds range of int8``)."""
    module = parse(module_text({"i8": ('x: R.Tensor((6,), "int8")', "R.clip(x, -1.0, 300.0)", [])}), "<clip>")
    with pytest.raises(Unsupported, match="bound 300.0 outside int8"):
        evaluate_function(module, "i8", [np.zeros(6, np.int8)], fp_name="ieee")
