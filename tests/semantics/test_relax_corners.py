"""Relax pairs at the corners of the semantics: integer wrapping, NaN rules, softmax as TVM
computes it, reductions over no axis, shapes TVM infers. The TVM behaviour each relies on is
checked against execution in ``tests/conformance/test_relax_corners_conformance.py``."""

from __future__ import annotations

import pytest

pytest.importorskip("tvm")

from tests.semantics.test_relax import assert_correct, assert_refuted, check  # noqa: E402

from irverify.verify.verdict import Verdict  # noqa: E402

I32 = 'x: R.Tensor((3,), "int32")'
I8 = 'x: R.Tensor((3,), "int8")'
F32 = 'x: R.Tensor((3,), "float32")'


# ----------------------------------------------------------------------------- integers wrap


def test_int_overflow_gives_the_same_value_for_the_same_computation():
    assert_correct(check(I32, "R.add(x, x)", 'R.multiply(x, R.const(2, "int32"))'))
    assert_correct(check(I8, "R.negative(x)", 'R.multiply(x, R.const(-1, "int8"))'))
    assert_correct(check(I8, "R.negative(x)", 'R.subtract(R.const(0, "int8"), x)'))


def test_int_sum_reassociates_and_wraps():
    x = 'x: R.Tensor((2, 3), "int32")'
    assert_correct(check(x, "R.sum(x)", "R.sum(R.sum(x, axis=[0]))"))
    assert_correct(check(x, "R.sum(x, axis=[1])", "R.sum(R.permute_dims(x), axis=[0])"))
    p = 'a: R.Tensor((2, 3), "int8"), b: R.Tensor((3, 2), "int8")'
    assert_correct(check(p, "R.matmul(a, b)", "R.permute_dims(R.matmul(R.permute_dims(b), R.permute_dims(a)))"))


def test_int_wrap_is_not_saturation():
    fr = check(I8, 'R.add(x, R.const(1, "int8"))', 'R.maximum(R.add(x, R.const(1, "int8")), x)')
    assert_refuted(fr)  # at x = 127: x + 1 wraps to -128, below x


# ----------------------------------------------------------------------------- NaN rules


def test_power_with_zero_exponent_or_unit_base_is_one():
    ones = 'R.ones(R.shape([3]), "float32")'
    assert_correct(check(F32, 'R.power(x, R.const(0.0, "float32"))', ones))
    assert_correct(check(F32, 'R.power(x, R.const(-0.0, "float32"))', ones))
    assert_correct(check(F32, 'R.power(R.const(1.0, "float32"), x)', 'R.ones(R.shape([3]), "float32")'))
    # only the exponent 0 is special: x^1 is not known to be 1
    assert_refuted(check(F32, 'R.power(x, R.const(1.0, "float32"))', ones), exact=False)


def test_power_of_a_taken_nan_is_one_for_exponent_zero():
    p = 'x: R.Tensor((4,), "float32"), i: R.Tensor((2,), "int64")'
    src = 'R.power(R.take(x, i, axis=0, mode="nan"), R.const(0.0, "float32"))'
    assert_correct(check(p, src, 'R.ones(R.shape([2]), "float32")'))


def test_maximum_minimum_follow_the_ordered_select():
    p = 'a: R.Tensor((3,), "float32"), b: R.Tensor((3,), "float32")'
    # maximum(a, b) = a > b ? a : b: exact, so decided without float arithmetic
    assert_correct(check(p, "R.maximum(a, b)", "R.where(R.greater(a, b), a, b)"))
    assert_correct(check(p, "R.minimum(a, b)", "R.where(R.less(a, b), a, b)"))
    # not commutative: a NaN (or -0 against +0) in the first position gives the second operand
    assert_refuted(check(p, "R.maximum(a, b)", "R.maximum(b, a)"))
    assert_refuted(check(p, "R.minimum(a, b)", "R.minimum(b, a)"))


def test_max_reduction_nan_order():
    x = 'x: R.Tensor((2,), "float32")'
    # max(x) folds from the lowest finite value: ((lowest max x0) max x1)
    lowest, x0, x1 = ('R.const(-3.4028234663852886e38, "float32")', 'R.take(x, R.const([0], "int64"), axis=0)',
                      'R.take(x, R.const([1], "int64"), axis=0)')
    ref = f"R.maximum(R.maximum({lowest}, {x0}), {x1})"
    assert_correct(check(x, "R.max(x, axis=[0], keepdims=True)", ref))
    # the order matters: a NaN is kept only when it comes last
    assert_refuted(check(x, "R.max(x, axis=[0], keepdims=True)",
                         'R.max(R.take(x, R.const([1, 0], "int64"), axis=0), axis=[0], keepdims=True)'))


# ----------------------------------------------------------------------------- no float reasoning


def test_sum_over_no_axis():
    assert_correct(check(I32, "R.sum(x, axis=[])", "x"))
    # floats: TVM adds to +0, which turns -0 into +0
    assert_refuted(check(F32, "R.sum(x, axis=[])", "x"))
    assert_correct(check(F32, "R.sum(x, axis=[])", "R.sum(R.expand_dims(x, axis=[1]), axis=[1])"))


def test_take_wrap_and_clip_differ_at_minus_one():
    x = 'x: R.Tensor((4,), "float32")'
    fr = check(x, 'R.take(x, R.const([-1], "int64"), axis=0, mode="wrap")',
               'R.take(x, R.const([-1], "int64"), axis=0, mode="clip")')
    assert_refuted(fr)
    assert not any(n.startswith("approximations") for n in fr.notes), fr.notes


def test_take_wrap_and_clip_symbolic_index_needs_no_floats():
    p = 'x: R.Tensor((4,), "float32"), i: R.Tensor((1,), "int64")'
    fr = check(p, 'R.take(x, i, axis=0, mode="wrap")', 'R.take(x, i, axis=0, mode="clip")')
    assert_refuted(fr)
    assert not any(n.startswith("approximations") for n in fr.notes), fr.notes


def test_verdicts_are_not_correct_for_wrong_int_rewrites():
    fr = check(I32, "R.add(x, x)", 'R.multiply(x, R.const(3, "int32"))')
    assert fr.verdict == Verdict.INCORRECT
def test_arange_negative_step_has_the_elements_tvm_returns():
    x = 'x: R.Tensor((1,), "int64")'
    # TVM types arange(5, 0, -2) with 4 elements but returns [5, 3, 1]
    fr = check(x, 'R.arange(5, 0, -2, "int64")', 'R.const([5, 3, 1, -1], "int64")')
    assert fr.verdict == Verdict.INCORRECT and fr.source_ub is None, (fr.verdict, fr.source_ub)
    assert_correct(check(x, 'R.arange(5, 0, -2, "int64")', 'R.arange(5, -1, -2, "int64")'))
    assert_correct(check(x, 'R.arange(1, 9, 3, "int64")', 'R.const([1, 4, 7], "int64")'))


def test_strided_slice_negative_stride():
    x = 'x: R.Tensor((6,), "int32")'
    assert_correct(check(x, "R.strided_slice(x, axes=[0], begin=[5], end=[0], strides=[-2])",
                         'R.take(x, R.const([5, 3, 1], "int64"), axis=0)'))
    assert_correct(check(x, "R.strided_slice(x, axes=[0], begin=[-1], end=[-100], strides=[-1])",
                         'R.take(x, R.const([5, 4, 3, 2, 1, 0], "int64"), axis=0)'))


def test_strided_slice_reversed_range():
    # static: TVM does not compile a reversed range (typed with extent -2)
    rev = "R.strided_slice(x, axes=[0], begin=[2], end=[4], strides=[-1])"
    fr = check('x: R.Tensor((6,), "int32")', rev, f'R.astype({rev}, "int32")')  # not unchanged
    assert fr.verdict == Verdict.UNSUPPORTED and "reversed" in fr.message, (fr.verdict, fr.message)
    # symbolic: a negative extent (n <= 3 here) fails at run time, UB of the source
    n = 'x: R.Tensor(("n",), "int32")'
    fr = check(n, "R.strided_slice(x, axes=[0], begin=[3], end=[-1], strides=[1])",
               'R.astype(R.strided_slice(x, axes=[0], begin=[3], end=[-1], strides=[1]), "int32")')
    assert_correct(fr, source_ub=True)
    assert "negative extent" in fr.source_ub["conditions"][0]
