"""Relax pairs over ``nn.silu``, ``prod``, ``repeat``, ``quantize``/``dequantize``, ``nn.conv1d``
and ``mean`` over a symbolic extent; what these ops compute is checked against TVM execution in
``tests/conformance/test_relax_silu_qdq_conv1d_conformance.py``."""

from __future__ import annotations

import pytest

pytest.importorskip("tvm")

from tests.semantics.test_relax import assert_correct, assert_refuted, check  # noqa: E402

from irverify.verify.verdict import Verdict  # noqa: E402

QDQ = 'x: R.Tensor((2, 4), "float32"), s: R.Tensor((2,), "float32"), z: R.Tensor((2,), "int8")'
DQ = 'x: R.Tensor((2, 4), "int8"), s: R.Tensor((2,), "float32"), z: R.Tensor((2,), "int8")'
CONV = 'x: R.Tensor((1, 4, 7), "float32"), w: R.Tensor((6, 2, 3), "float32")'


def assert_unsupported(fr, *words):
    assert fr.verdict == Verdict.UNSUPPORTED, (fr.verdict, fr.message)
    assert all(w in fr.message for w in words), fr.message


@pytest.mark.slow  # abstract-float refutations: tens of seconds
def test_silu_is_x_times_sigmoid():
    x = 'x: R.Tensor(("n",), "float32")'
    assert_correct(check(x, "R.nn.silu(x)", "R.multiply(x, R.sigmoid(x))"))
    assert_refuted(check(x, "R.nn.silu(x)", "R.multiply(x, R.tanh(x))"), exact=False)


def test_integer_prod_reassociates_and_wraps():
    x = 'x: R.Tensor((2, 3), "int32")'
    assert_correct(check(x, "R.prod(x)", "R.prod(R.prod(x, axis=[1]), axis=[0])"))
    assert_refuted(check(x, "R.prod(x)", "R.sum(x)"))


def test_repeat_along_an_axis_and_flattened():
    x = 'x: R.Tensor(("n", 3), "float32")'
    assert_correct(check(x, "R.repeat(x, 1, axis=0)", "x"))
    assert_correct(check(x, "R.repeat(x, 2)", "R.repeat(R.flatten(x), 2, axis=0)"))
    i = 'x: R.Tensor(("n", 3), "int32")'
    assert_refuted(check(i, "R.repeat(x, 2, axis=1)", "R.concat([x, x], axis=1)"))


@pytest.mark.slow  # abstract-float refutations: tens of seconds
def test_quantize_zero_point_matters():
    src = 'R.quantize(x, s, z, axis=0, out_dtype="int8")'
    assert_correct(check(QDQ, src, 'R.quantize(x, s, z, axis=-2, out_dtype="int8")'))
    assert_refuted(check(QDQ, src, 'R.quantize(x, s, R.add(z, R.const(1, "int8")), axis=0, out_dtype="int8")'),
                   exact=False)


def test_dequantize_is_scale_times_difference():
    col = "R.reshape({}, R.shape([2, 1]))"
    tgt = (f'R.multiply(R.astype(R.subtract(R.astype(x, "int32"), R.astype({col.format("z")}, "int32")), '
           f'"float32"), {col.format("s")})')
    assert_correct(check(DQ, 'R.dequantize(x, s, z, axis=0, out_dtype="float32")', tgt))


@pytest.mark.slow  # abstract-float refutations: tens of seconds
def test_grouped_conv1d_is_two_convolutions():
    half = "R.strided_slice({}, axes=[1], begin=[{}], end=[{}])"
    wh = "R.strided_slice(w, axes=[0], begin=[{}], end=[{}])"
    tgt = (f"R.concat([R.nn.conv1d({half.format('x', 0, 2)}, {wh.format(0, 3)}, padding=(1,)), "
           f"R.nn.conv1d({half.format('x', 2, 4)}, {wh.format(3, 6)}, padding=(1,))], axis=1)")
    assert_correct(check(CONV, "R.nn.conv1d(x, w, padding=(1,), groups=2)", tgt))
    assert_refuted(check(CONV, "R.nn.conv1d(x, w, padding=(1,), groups=2)",
                         "R.nn.conv1d(x, w, padding=(0, 2), groups=2)"), exact=False)


def test_mean_over_a_symbolic_extent():
    x = 'x: R.Tensor(("n", 3), "float32")'
    assert_correct(check(x, "R.mean(x, axis=[0])", "R.squeeze(R.mean(x, axis=[0], keepdims=True), axis=[0])"))


def test_attributes_not_encoded_are_unsupported():
    nwc = 'x: R.Tensor((1, 7, 4), "float32"), w: R.Tensor((6, 2, 3), "float32")'
    src = 'R.nn.conv1d(x, w, groups=2, data_layout="NWC")'
    # each target differs (a no-op cast): an unchanged target is `correct` without encoding
    assert_unsupported(check(nwc, src, f'R.astype({src}, "float32")'), "conv1d layouts", "NWC")
    src = 'R.nn.conv1d(x, w, groups=2, out_dtype="float16")'
    assert_unsupported(check(CONV, src, f'R.astype({src}, "float16")'), "out_dtype")


def test_resize2d_nearest_layouts_agree():
    x = 'x: R.Tensor((1, 2, 5, 7), "float32")'
    kw = 'method="nearest_neighbor", coordinate_transformation_mode="asymmetric", rounding_method="round"'
    nchw = f'R.image.resize2d(x, size=(3, 9), layout="NCHW", {kw})'
    nhwc = f'R.image.resize2d(R.permute_dims(x, [0, 2, 3, 1]), size=(3, 9), layout="NHWC", {kw})'
    assert_correct(check(x, nchw, f"R.permute_dims({nhwc}, [0, 3, 1, 2])"))
    linear = 'R.image.resize2d(x, size=(3, 9), layout="NCHW", method="linear")'
    assert_unsupported(check(x, linear, f'R.astype({linear}, "float32")'), "resize2d method", "linear")
