"""Opaque Relax values (tensors of unknown rank or dtype) and ops (pure ops irverify does not
model): rewrites that move, share or delete them are proved by congruence; anything that needs
their values is never ``correct`` (``unknown`` without execution)."""

from __future__ import annotations

import pytest

pytest.importorskip("tvm")

from irverify.errors import Unsupported  # noqa: E402
from irverify.frontends.relax.parse import parse  # noqa: E402
from irverify.verify.check import Options, check_modules  # noqa: E402
from irverify.verify.verdict import Verdict  # noqa: E402

CONV = 'x: R.Tensor((1, 3, 8, 8), "float32"), w: R.Tensor((4, 3, 3, 3), "float32")'


def _fn(name: str, params: str, body: str) -> str:
    lines = body.strip().splitlines()
    return (f"    @R.function\n    def {name}({params}):\n"
            + "".join(f"        {ln}\n" for ln in lines[:-1]) + f"        return {lines[-1]}\n")


def check(params: str, src: str, tgt: str):
    text = "@I.ir_module\nclass Module:\n" + _fn("src", params, src) + _fn("tgt", params, tgt)
    report = check_modules(parse(text, "pair.py"), None, Options(confirm=False, timeout_s=20))
    return report.functions[0]


def assert_verdict(fr, verdict):
    assert fr.verdict == verdict, (fr.verdict, fr.message, fr.counterexample)


def test_common_subexpression_of_an_opaque_op():
    src = "a = R.nn.conv2d(x, w, padding=[1, 1, 1, 1])\nb = R.nn.conv2d(x, w, padding=[1, 1, 1, 1])\nR.add(a, b)"
    tgt = "a = R.nn.conv2d(x, w, padding=[1, 1, 1, 1])\nR.add(a, a)"
    assert_verdict(check(CONV, src, tgt), Verdict.CORRECT)


def test_attributes_name_the_function():
    src = "R.nn.conv2d(x, w, padding=[1, 1, 1, 1])"
    tgt = "R.nn.conv2d(x, w, padding=[1, 1, 1, 1], strides=[2, 2])"
    text = "@I.ir_module\nclass Module:\n" + _fn("src", CONV, src) + _fn("tgt", CONV, tgt)
    mod = parse(text, "pair.py")
    report = check_modules(mod, None, Options(confirm=False))
    assert report.functions[0].verdict != Verdict.CORRECT  # result types differ: a finding
    src2 = "a = R.nn.conv2d(x, w)\nR.add(a, a)"
    tgt2 = "a = R.nn.conv2d(x, w, data_layout=\"NCHW\", kernel_layout=\"OIHW\", dilation=[2, 2])\nR.add(a, a)"
    fr = check('x: R.Tensor((1, 3, 8, 8), "float32"), w: R.Tensor((4, 3, 1, 1), "float32")', src2, tgt2)
    assert_verdict(fr, Verdict.UNKNOWN)  # a counterexample through an opaque op needs execution
    assert any("opaque op 'relax.nn.conv2d'" in n for n in fr.notes), fr.notes
    assert fr.message.startswith("counterexample through opaque op 'relax.nn.conv2d'"), fr.message


def test_dead_opaque_op_may_be_deleted_not_added():
    src = "a = R.nn.layer_norm(x, g, b, axes=[-1])\nR.add(x, x)"
    tgt = "R.add(x, x)"
    params = 'x: R.Tensor((2, 4), "float32"), g: R.Tensor((4,), "float32"), b: R.Tensor((4,), "float32")'
    assert_verdict(check(params, src, tgt), Verdict.CORRECT)
    fr = check(params, tgt, src)  # the target may be undefined where the source is not
    assert fr.verdict in (Verdict.UNKNOWN, Verdict.INCORRECT) and fr.verdict != Verdict.CORRECT


def test_tuple_results_of_an_opaque_op():
    params = 'x: R.Tensor((2, 3, 4, 4), "float32")'
    src = "t = R.topk(x, k=2)\nu = R.topk(x, k=2)\nR.add(t[0], u[0])"
    tgt = "t = R.topk(x, k=2)\ny = t[0]\nR.add(y, y)"
    assert_verdict(check(params, src, tgt), Verdict.CORRECT)


def test_opaque_values_are_equal_only_when_the_same():
    assert_verdict(check("x: R.Tensor", "y = x\ny", "x"), Verdict.CORRECT)
    assert_verdict(check("x: R.Tensor, y: R.Tensor", "R.add(x, y)", "R.add(x, y)"), Verdict.CORRECT)
    assert_verdict(check("x: R.Tensor, y: R.Tensor", "R.add(x, y)", "R.add(y, x)"), Verdict.UNKNOWN)
    assert_verdict(check("x: R.Tensor((4,)), y: R.Tensor((4,))", "x", "y"), Verdict.INCORRECT)


def test_known_rank_without_extents_is_a_tensor():
    p = 'x: R.Tensor(ndim=2, dtype="int32")'
    assert_verdict(check(p, "R.multiply(x, R.const(1, \"int32\"))", "x"), Verdict.CORRECT)
    assert_verdict(check(p, "R.add(x, x)", "x"), Verdict.INCORRECT)


def test_match_cast_of_an_opaque_value():
    src = 'm = T.int64()\ny = R.match_cast(x, R.Tensor((m,), "int32"))\nR.multiply(y, R.const(1, "int32"))'
    tgt = 'm = T.int64()\ny = R.match_cast(x, R.Tensor((m,), "int32"))\ny'
    assert_verdict(check("x: R.Tensor", src, tgt), Verdict.CORRECT)
    tgt = 'm = T.int64()\ny = R.match_cast(x, R.Tensor((m,), "int32"))\nR.add(y, R.const(1, "int32"))'
    assert check("x: R.Tensor", src, tgt).verdict not in (Verdict.CORRECT,)


def test_impure_calls_stay_unsupported():
    body = 'y = R.call_pure_packed("my_func", x, ty_args=R.Tensor((2, 3), "float32"))\ny'
    try:
        fr = check('x: R.Tensor((2, 3), "float32")', body, body)
    except Unsupported as e:
        assert "pair.py:" in str(e)
        return
    assert_verdict(fr, Verdict.UNSUPPORTED)
