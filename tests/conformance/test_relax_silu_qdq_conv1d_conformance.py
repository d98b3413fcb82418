"""``R.nn.silu``, ``R.prod``, ``R.repeat``, ``R.quantize``, ``R.dequantize``, ``R.nn.conv1d``, ``R.nn.conv2d``, ``R.nn.max_pool2d``,
``R.image.resize2d`` (nearest neighbour) and ``R.image.affine_grid`` vs TVM (llvm).

irverify's side is ``evaluate_function(..., fp_name="ieee")`` with ``sigmoid`` computed
numerically (``real.sigmoid``, rounded to the format); ``+ - * /``, rounding, clipping and
conversions are exact IEEE. Integer results must be equal; finite float results agree within a
relative ``1e-5`` (``silu``'s ``sigmoid`` may differ from TVM's in the last bits; everything else
is bit-exact in practice), NaN and infinities at the same positions. Inputs include NaN,
infinities, signed zeros, halfway cases of rounding and values past the clipping limits.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

tvm = pytest.importorskip("tvm")

from irverify.verify.evaluate import evaluate_function  # noqa: E402
from tests.conformance.relax_cases import compile_and_run  # noqa: E402

RNG = np.random.default_rng(12)
NAN, INF = np.nan, np.inf


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


INTERPRET = {"real.sigmoid": _sigmoid}
SPECIAL = np.array([[NAN, INF, -INF, 0.0, -0.0], [1e-30, -100.0, 100.0, 2.5, -3.25]], np.float32)
HALF = np.array([[0.5, 1.5, 2.5, -0.5, -1.5], [-2.5, 300.0, -300.0, NAN, INF]], np.float32)


def _f32(shape, lo=-4.0, hi=4.0):
    return RNG.uniform(lo, hi, shape).astype(np.float32)


def _i8(shape):
    return RNG.integers(-128, 128, shape).astype(np.int8)


# name -> (params, body, samples)
CASES = {
    "silu": ('x: R.Tensor(("n", "m"), "float32")', "R.nn.silu(x)", [[_f32((3, 4), -30, 30)], [SPECIAL]]),
    "silu_f16": ('x: R.Tensor((2, 5), "float16")', "R.nn.silu(x)", [[SPECIAL.astype(np.float16)]]),
    "prod_axis": ('x: R.Tensor((3, 5), "float32")', "R.prod(x, axis=[1])",
                  [[_f32((3, 5), 0.5, 1.5)], [SPECIAL[[0, 1, 0]]]]),
    "prod_all": ('x: R.Tensor((2, 3, 2), "float32")', "R.prod(x, keepdims=True)", [[_f32((2, 3, 2), -2, 2)]]),
    "prod_i32": ('x: R.Tensor((2, 4), "int32")', "R.prod(x, axis=[-1])",
                 [[np.array([[65536, 65536, 3, 1], [-7, 11, -13, 2**30]], np.int32)]]),
    "repeat": ('x: R.Tensor((2, "n"), "float32")', "R.repeat(x, 3, axis=1)", [[_f32((2, 3))]]),
    "repeat_flat": ('x: R.Tensor((2, 3), "int8")', "R.repeat(x, 2)", [[_i8((2, 3))]]),
    "quantize": ('x: R.Tensor((2, 5), "float32"), s: R.Tensor((2,), "float32"), z: R.Tensor((2,), "int8")',
                 'R.quantize(x, s, z, axis=0, out_dtype="int8")',
                 [[HALF, np.array([1.0, 0.5], np.float32), np.array([0, -3], np.int8)],
                  [_f32((2, 5), -100, 100), np.array([0.7, 0.25], np.float32), np.array([5, 127], np.int8)]]),
    "quantize_last": ('x: R.Tensor((3, "n"), "float32"), s: R.Tensor(("n",), "float32"), '
                      'z: R.Tensor(("n",), "int8")', 'R.quantize(x, s, z, axis=-1, out_dtype="int16")',
                      [[_f32((3, 4), -1e5, 1e5), np.array([1.0, 2.0, 0.1, 3.0], np.float32),
                        np.array([0, 1, -2, 100], np.int8)]]),
    "quantize_f16": ('x: R.Tensor((2, 5), "float16")',
                     'R.quantize(x, R.const(2.0, "float16"), R.const(1, "int8"), axis=-1, out_dtype="int8")',
                     [[HALF.astype(np.float16)]]),
    "dequantize": ('x: R.Tensor((2, 4), "int8"), s: R.Tensor((4,), "float32"), z: R.Tensor((4,), "int8")',
                   'R.dequantize(x, s, z, axis=1, out_dtype="float32")',
                   [[np.array([[-128, 127, 0, 5], [1, -1, 100, -100]], np.int8),
                     np.array([0.1, 3.0, -2.0, 1e-3], np.float32), np.array([127, -128, 0, 7], np.int8)]]),
    "dequantize_f16": ('x: R.Tensor((2, 4), "int8"), s: R.Tensor((2,), "float16"), z: R.Tensor((2,), "int8")',
                       'R.dequantize(x, s, z, axis=0, out_dtype="float16")',
                       [[np.array([[-128, 127, 0, 5], [1, -1, 100, -100]], np.int8),
                         np.array([1000.0, 0.3], np.float16), np.array([0, -5], np.int8)]]),
    "dequantize_i32": ('x: R.Tensor((4,), "int32"), z: R.Tensor((1,), "int32")',
                       'R.dequantize(x, R.const(0.5, "float32"), z, axis=0, out_dtype="float32")',
                       [[np.array([-2**31, 2**31 - 1, 0, 12345], np.int32), np.array([1], np.int32)]]),
    "conv1d": ('x: R.Tensor((2, 4, 9), "float32"), w: R.Tensor((6, 2, 3), "float32")',
               "R.nn.conv1d(x, w, strides=(2,), padding=(1,), dilation=(2,), groups=2)",
               [[_f32((2, 4, 9)), _f32((6, 2, 3))]]),
    "conv1d_asym": ('x: R.Tensor((1, 3, "w"), "float32"), k: R.Tensor((2, 3, 2), "float32")',
                    "R.nn.conv1d(x, k, padding=(0, 2))", [[_f32((1, 3, 5)), _f32((2, 3, 2))]]),
    "conv1d_i32": ('x: R.Tensor((1, 2, 4), "int32"), w: R.Tensor((1, 2, 2), "int32")', "R.nn.conv1d(x, w)",
                   [[np.array([[[2**30, 3, -5, 7], [2**30, 1, 0, -1]]], np.int32),
                     np.array([[[2, 1], [1, -3]]], np.int32)]]),
    "conv2d": ('x: R.Tensor((2, 4, 5, 6), "float32"), w: R.Tensor((6, 2, 3, 2), "float32")',
               "R.nn.conv2d(x, w, strides=(2, 1), padding=(1, 0, 2, 1), dilation=(1, 2), groups=2)",
               [[_f32((2, 4, 5, 6)), _f32((6, 2, 3, 2))]]),
    "conv2d_sym": ('x: R.Tensor((1, 3, "h", "w"), "float32"), k: R.Tensor((2, 3, 3, 3), "float32")',
                   "R.nn.conv2d(x, k, padding=1)", [[_f32((1, 3, 4, 7)), _f32((2, 3, 3, 3))]]),
    "conv2d_special": ('x: R.Tensor((1, 1, 2, 5), "float32"), k: R.Tensor((1, 1, 1, 2), "float32")',
                       "R.nn.conv2d(x, k, strides=2, padding=(0, 1))",
                       [[SPECIAL.reshape(1, 1, 2, 5), np.array([[[[1.0, -0.0]]]], np.float32)]]),
    "conv2d_i32": ('x: R.Tensor((1, 2, 2, 3), "int32"), w: R.Tensor((1, 2, 2, 2), "int32")', "R.nn.conv2d(x, w)",
                   [[np.array([[[[2**30, 3, -5], [7, 2**30, 1]], [[0, -1, 9], [2**31 - 1, -2**31, 4]]]], np.int32),
                     np.array([[[[2, 1], [1, -3]], [[5, -1], [1, 1]]]], np.int32)]]),
    "max_pool2d": ('x: R.Tensor((2, 3, 5, 6), "float32")',
                   "R.nn.max_pool2d(x, pool_size=(2, 3), strides=(2, 1), padding=(0, 1, 1, 1), dilation=(1, 2))",
                   [[_f32((2, 3, 5, 6))]]),
    "max_pool2d_special": ('x: R.Tensor((1, 2, 2, 5), "float32")',
                           "R.nn.max_pool2d(x, pool_size=(1, 2), strides=(1, 1), padding=(0, 1, 0, 0))",
                           [[np.stack([SPECIAL, HALF]).reshape(1, 2, 2, 5)]]),
    "max_pool2d_sym": ('x: R.Tensor((1, 1, "h", "w"), "float32")', "R.nn.max_pool2d(x, pool_size=2, padding=1)",
                       [[np.full((1, 1, 3, 4), -np.inf, np.float32)], [_f32((1, 1, 4, 2))]]),
    "max_pool2d_i8": ('x: R.Tensor((1, 1, 3, 3), "int8")', "R.nn.max_pool2d(x, pool_size=2, padding=(1, 1, 0, 0))",
                      [[np.array([[[[-128, -5, 7], [3, -128, 127], [0, -1, -2]]]], np.int8)]]),
    "resize_nhwc": ('x: R.Tensor((1, 8, 5, 2), "float32")',
                    'R.image.resize2d(x, size=(16, 3), layout="NHWC", method="nearest_neighbor", '
                    'coordinate_transformation_mode="asymmetric", rounding_method="round")', [[_f32((1, 8, 5, 2))]]),
    "resize_nchw": ('x: R.Tensor((2, 1, 7, 3), "float32")',
                    'R.image.resize2d(x, size=(3, 10), layout="NCHW", method="nearest_neighbor", '
                    'coordinate_transformation_mode="asymmetric", rounding_method="round")', [[_f32((2, 1, 7, 3))]]),
    "affine_grid": ('t: R.Tensor((2, 2, 3), "float32")', "R.image.affine_grid(t, size=(4, 7))",
                    [[_f32((2, 2, 3))]]),
    "affine_grid_centers": ('t: R.Tensor((1, 2, 3), "float32")',
                            "R.image.affine_grid(t, size=(5, 1), align_corners=False)", [[_f32((1, 2, 3), -100, 100)]]),
}


@pytest.fixture(scope="module")
def compiled():
    return compile_and_run(CASES, "<qdq>")


def close(a, b) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if a.dtype.kind != "f":
        return bool(np.array_equal(a, b))
    a, b = a.astype(np.float64), b.astype(np.float64)
    if not np.array_equal(np.isnan(a), np.isnan(b)):
        return False
    fin = np.isfinite(a) & np.isfinite(b)
    if not np.array_equal(a[~fin & ~np.isnan(a)], b[~fin & ~np.isnan(b)]):
        return False
    return bool(np.allclose(a[fin], b[fin], rtol=1e-5, atol=1e-30))


@pytest.mark.parametrize("name", list(CASES))
def test_matches_tvm(compiled, name):
    module, runs = compiled
    for args, theirs in zip(CASES[name][2], runs[name]):
        assert not isinstance(theirs, Exception), f"TVM failed: {theirs}"
        ev = evaluate_function(module, name, args, fp_name="ieee", interpret=INTERPRET)
        assert not ev.ub, ev.ub
        with np.errstate(all="ignore"):
            assert close(ev.outputs[0], theirs[0]), f"{name}: irverify {ev.outputs[0]!r} vs TVM {theirs[0]!r}"


def test_quantize_rounds_half_to_even_and_clips(compiled):
    """The TVM side of the halfway and clipping inputs is what the docstring says."""
    _, runs = compiled
    out = np.asarray(runs["quantize"][0][0])
    assert out[0].tolist() == [0, 2, 2, 0, -2]  # round half to even, zero point 0, scale 1
    assert out[1, 1] == 127 and out[1, 2] == -128  # 300 / 0.5 - 3 and -300 / 0.5 - 3 clipped
