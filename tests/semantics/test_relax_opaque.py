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
    # conv2d has semantics: a dilation does not change a 1x1 kernel's convolution
    src2 = "a = R.nn.conv2d(x, w)\nR.add(a, a)"
    tgt2 = "a = R.nn.conv2d(x, w, data_layout=\"NCHW\", kernel_layout=\"OIHW\", dilation=[2, 2])\nR.add(a, a)"
    params = 'x: R.Tensor((1, 3, 8, 8), "float32"), w: R.Tensor((4, 3, 1, 1), "float32")'
    assert_verdict(check(params, src2, tgt2), Verdict.CORRECT)
    # an opaque op (avg_pool2d) is keyed on its attributes: the same change is a finding
    src3 = "a = R.nn.avg_pool2d(x, pool_size=[1, 1])\nR.add(a, a)"
    tgt3 = "a = R.nn.avg_pool2d(x, pool_size=[1, 1], dilation=[2, 2])\nR.add(a, a)"
    fr = check('x: R.Tensor((1, 3, 8, 8), "float32")', src3, tgt3)
    assert_verdict(fr, Verdict.UNKNOWN)  # a counterexample through an opaque op needs execution
    assert any("opaque op 'relax.nn.avg_pool2d'" in n for n in fr.notes), fr.notes
    assert fr.message.startswith("counterexample through opaque op 'relax.nn.avg_pool2d'"), fr.message


def test_dead_opaque_op_may_be_deleted_not_added():
    src = "a = R.nn.group_norm(x, g, b, num_groups=2, channel_axis=1, axes=[2])\nR.add(x, x)"
    tgt = "R.add(x, x)"
    params = 'x: R.Tensor((2, 4, 3), "float32"), g: R.Tensor((4,), "float32"), b: R.Tensor((4,), "float32")'
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


def test_an_if_is_never_opaque():
    """An If of opaque values is the value of the branch taken, its regions part of what it
    means: different branches are never the same function of the condition."""
    params = 'c: R.Tensor((), "bool"), x: R.Tensor'

    def body(op):
        return f"if c:\n    y = {op}(x)\nelse:\n    y = x\ny"

    fr = check(params, body("R.nn.gelu"), body("R.nn.silu"))
    assert_verdict(fr, Verdict.UNKNOWN)
    assert_verdict(check(params, body("R.nn.gelu"), body("R.nn.gelu")), Verdict.CORRECT)


EXTENT_PRIM = '''    @T.prim_func(private=True, s_tir=True)
    def fill(x: T.Buffer((T.int64(4),), "float32"), var_out: T.handle):
        n = T.int64()
        out = T.match_buffer(var_out, (n,), "float32")
        for i in range(n):
            with T.sblock("fill"):
                vi = T.axis.spatial(n, i)
                out[vi] = T.exp2(T.Cast("float32", n))

'''


def test_result_extents_are_arguments_of_an_opaque_call_tir():
    """``fill`` (kept opaque: ``T.exp2`` is not translated) writes ``exp2(n)`` for its output
    extent ``n``: ``out_ty`` ``(8,)`` sliced to 4 elements is not ``out_ty`` ``(4,)`` (TVM llvm
    returns 256 and 16)."""
    from irverify.execute.tvm import run_functions

    def fn(name, extent):
        slice_ = "" if extent == 4 else "\n        a = R.strided_slice(a, axes=[0], begin=[0], end=[4])"
        return (f"    @R.function\n    def {name}(x: R.Tensor((4,), \"float32\")) -> R.Tensor((4,), \"float32\"):\n"
                f"        a = R.call_tir(Module.fill, (x,), out_ty=R.Tensor(({extent},), \"float32\")){slice_}\n"
                "        return a\n\n")

    text = "@I.ir_module\nclass Module:\n" + EXTENT_PRIM + fn("src", 4) + fn("tgt", 8)
    fr = check_modules(parse(text, "pair.py"), None, Options(confirm=False, timeout_s=20)).functions[0]
    assert_verdict(fr, Verdict.UNKNOWN)
    same = "@I.ir_module\nclass Module:\n" + EXTENT_PRIM + fn("src", 8) + fn("tgt", 8)
    assert_verdict(check_modules(parse(same, "pair.py"), None, Options(confirm=False)).functions[0], Verdict.CORRECT)
    import numpy as np

    (src,), (tgt,) = run_functions(text, [("src", [np.zeros(4, np.float32)]), ("tgt", [np.zeros(4, np.float32)])])
    assert src.tolist() == [16.0] * 4 and tgt.tolist() == [256.0] * 4


def test_operand_types_name_the_function():
    """f16 and bf16 share a bit-vector sort: an opaque op on one is not the op on the other."""
    from irverify.semantics.relax_opaque import _key_text

    def op_of(dtype):
        text = ("@I.ir_module\nclass Module:\n" + _fn("main", f'x: R.Tensor((4,), "{dtype}")', "R.nn.leakyrelu(x)"))
        return next(op for op in parse(text, "m.py").functions["main"].body.ops if op.name == "relax.nn.leakyrelu")

    assert _key_text(op_of("float16")) != _key_text(op_of("bfloat16"))


def test_attributes_are_printed_exactly():
    import numpy as np

    from irverify.semantics.relax_opaque import exact_text

    a = np.zeros(2000, np.float32)
    b = a.copy()
    b[1000] = 1.0
    assert repr(a) == repr(b)  # numpy elides the middle of long arrays
    assert exact_text(a) != exact_text(b)
    assert exact_text([0.0]) != exact_text([-0.0])
    nan2 = np.frombuffer(np.array([0x7FF8000000000001], np.uint64).tobytes(), np.float64)[0]
    assert exact_text(float("nan")) != exact_text(float(nan2))
    assert exact_text(1) != exact_text(1.0) and exact_text("1") != exact_text(1)
    assert exact_text({"axis": [1, 2]}) == exact_text({"axis": [1, 2]})


def test_an_if_on_an_opaque_condition():
    """An opaque condition is a rank-0 bool tensor at run time (UB otherwise), the same one on
    both sides: the same If is correct, swapped branches are not."""
    params = 'c: R.Tensor, x: R.Tensor((4,), "float32")'
    body = "if c:\n    y = R.add(x, x)\nelse:\n    y = x\ny"
    swapped = "if c:\n    y = x\nelse:\n    y = R.add(x, x)\ny"
    assert_verdict(check(params, body, body.replace("y = x\n", "y = R.multiply(x, R.const(1, \"float32\"))\n")),
                   Verdict.CORRECT)
    assert check(params, body, swapped).verdict in (Verdict.INCORRECT, Verdict.UNKNOWN)
