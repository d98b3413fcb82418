"""Relax ``If`` (``relax.if``), shape and prim values, and ``call_tir`` of effect-free PrimFuncs (opaque ops named by
the PrimFunc's structural identity)."""

from __future__ import annotations

import pytest

pytest.importorskip("tvm")

from irverify.errors import Unsupported  # noqa: E402
from irverify.frontends.relax.parse import parse  # noqa: E402
from irverify.verify.check import Options, check_modules  # noqa: E402
from irverify.verify.verdict import Verdict  # noqa: E402

P = 'x: R.Tensor((4,), "int32"), d: R.Tensor((4,), "int32"), c: R.Tensor((), "bool")'


def _fn(name: str, params: str, body: str) -> str:
    return f"    @R.function\n    def {name}({params}):\n" + "".join(f"        {ln}\n" for ln in body.strip("\n").splitlines())


def verdict(params: str, src: str, tgt: str, prim: str = "", prim_tgt: str | None = None) -> Verdict:
    text = "@I.ir_module\nclass Module:\n" + prim + _fn("main", params, src)
    text_tgt = "@I.ir_module\nclass Module:\n" + (prim if prim_tgt is None else prim_tgt) + _fn("main", params, tgt)
    report = check_modules(parse(text, "src.py"), parse(text_tgt, "tgt.py"), Options(confirm=False, timeout_s=10))
    return report.functions[0].verdict


IF_SRC = """
if c:
    r = R.floor_divide(x, d)
else:
    r = R.add(x, d)
return r
"""


def test_if_rewrites_inside_branches():
    tgt = IF_SRC.replace("R.add(x, d)", "R.add(d, x)")
    assert verdict(P, IF_SRC, tgt) == Verdict.CORRECT
    swapped = IF_SRC.replace(
        "R.floor_divide(x, d)", "R.add(x, d)").replace("    r = R.add(x, d)\nreturn", "    r = R.floor_divide(x, d)\nreturn")
    assert verdict(P, IF_SRC, swapped) == Verdict.INCORRECT


def test_ub_in_a_branch_only_when_taken():
    # the source divides only when c holds; a target that divides on the other branch too is
    # undefined where the source is not
    tgt = IF_SRC.replace("R.add(x, d)", "R.add(R.floor_divide(x, d), R.const(0, \"int32\"))")
    assert verdict(P, IF_SRC, tgt) == Verdict.INCORRECT
    # hoisting the taken branch's division out of the If is wrong for the same reason
    hoisted = "q = R.floor_divide(x, d)\n" + IF_SRC.replace("R.floor_divide(x, d)", "q")
    assert verdict(P, IF_SRC, hoisted) == Verdict.INCORRECT
    assert verdict(P, hoisted, IF_SRC) == Verdict.CORRECT  # sinking it into the branch is fine


PRIM = '''    @T.prim_func(s_tir=True)
    def add(a: T.Buffer((4,), "int32"), b: T.Buffer((4,), "int32"), out: T.Buffer((4,), "int32")):
        for i in range(4):
            with T.sblock("s"):
                vi = T.axis.remap("S", [i])
                out[vi] = a[vi] + b[vi]

'''
Q = 'x: R.Tensor((4,), "int32"), y: R.Tensor((4,), "int32")'
CALL = 'R.call_tir(Module.add, (x, y), R.Tensor((4,), "int32"))'


def test_call_tir_by_structural_identity():
    src = f"a = {CALL}\nb = {CALL}\nreturn R.multiply(a, b)"
    assert verdict(Q, src, f"a = {CALL}\nreturn R.multiply(a, a)", PRIM) == Verdict.CORRECT


def test_call_tir_of_a_renamed_primfunc():
    src = f"a = {CALL}\nb = {CALL}\nreturn R.multiply(a, b)"
    renamed = PRIM.replace("def add", "def add2")
    assert verdict(Q, src, f"a = {CALL}\nreturn R.multiply(a, a)".replace("Module.add", "Module.add2"),
                   PRIM, renamed) == Verdict.CORRECT


def test_call_tir_of_another_primfunc_or_other_arguments():
    changed = PRIM.replace("a[vi] + b[vi]", "a[vi] - b[vi]")
    assert verdict(Q, f"a = {CALL}\nreturn a", f"a = {CALL}\nreturn a", PRIM, changed) != Verdict.CORRECT
    swapped = CALL.replace("(x, y)", "(y, x)")
    assert verdict(Q, f"a = {CALL}\nreturn a", f"a = {swapped}\nreturn a", changed) != Verdict.CORRECT
    # the PrimFunc is translated (relax_tir): its semantics, not only its identity, decide
    assert verdict(Q, f"a = {CALL}\nreturn a", f"a = {swapped}\nreturn a", PRIM) == Verdict.CORRECT


@pytest.mark.parametrize("body, what", [
    ("a[vi] = b[vi]", "store into its input buffer a"),
    ('out[vi] = T.call_extern("int32", "rand", a[vi])', "PrimFunc @add"),
])
def test_call_tir_of_a_primfunc_with_effects_is_unsupported(body, what):
    prim = PRIM.replace("out[vi] = a[vi] + b[vi]", body)
    src = f"a = {CALL}\nreturn a"
    with pytest.raises(Unsupported, match=what):
        verdict(Q, src, src, prim)


def _report_after_timeout():
    from irverify.verify.verdict import FunctionReport

    return FunctionReport("main", Verdict.UNKNOWN, message="solver could not decide: value of result #0: timeout")


@pytest.mark.parametrize("tgt, expected", [
    ('R.astype(R.nn.relu(R.astype(x, "float16")), "float32")', Verdict.INCORRECT),
    pytest.param("R.nn.relu(x)", Verdict.UNKNOWN, marks=pytest.mark.slow),
])
def test_search_by_execution_after_a_timeout(tgt, expected):
    """An undecided value check runs both functions on random inputs: outputs that differ make a
    confirmed counterexample (float16 rounding here); equal ones leave the verdict unknown."""
    from irverify.verify.check import Options, search_by_execution

    params = 'x: R.Tensor((2, 3), "float32")'
    src = parse("@I.ir_module\nclass Module:\n" + _fn("main", params, "return R.nn.relu(x)"), "s.py")
    tg = parse("@I.ir_module\nclass Module:\n" + _fn("main", params, f"return {tgt}"), "t.py")
    report = search_by_execution(_report_after_timeout(), Options(), src, src.functions["main"],
                                 tg, tg.functions["main"])
    assert report.verdict == expected
    if expected == Verdict.INCORRECT:
        assert report.confirmation.confirmed and report.counterexample.index
        assert "found by execution on random inputs" in report.notes[0]


S = 's: R.Shape(["n", 4]), x: R.Tensor(("n", 4), "float32")'


@pytest.mark.parametrize("tgt, expected", [
    ("n = T.int64()\nreturn R.shape([n, 4])", Verdict.CORRECT),
    ("n = T.int64()\nreturn R.shape([n + 1, 4])", Verdict.INCORRECT),
    ("n = T.int64()\nreturn R.shape([4, n])", Verdict.INCORRECT),
])
def test_shape_parameters_are_their_dims(tgt, expected):
    assert verdict(S, "return s", tgt) == expected


def test_prim_values_of_dims():
    src = "n = T.int64()\nreturn R.prim_value(n * 2)"
    assert verdict(S, src, "n = T.int64()\nreturn R.prim_value(n + n)") == Verdict.CORRECT
    assert verdict(S, src, "n = T.int64()\nreturn R.prim_value(n + 2)") == Verdict.INCORRECT


def test_symbol_defined_in_a_branch_is_unsupported():
    params = 'x: R.Tensor(("n",), "float32"), c: R.Tensor((), "bool")'
    body = ('m = T.int64()\nif c:\n    y = R.match_cast(x, R.Tensor((m,), "float32"))\n    z = R.add(y, y)\n'
            'else:\n    z = R.add(x, x)\nreturn z')
    with pytest.raises(Unsupported, match="inside an If branch"):
        verdict(params, body, body)


LOCAL_SRC = """
@R.function
def twice(a: R.Tensor(("m",), "int32")) -> R.Tensor(("m",), "int32"):
    return R.add(a, a)

u = twice(x)
return R.multiply(u, d)
"""


def test_local_function_inlined_at_its_call():
    assert verdict(P, LOCAL_SRC, "u = R.add(x, x)\nreturn R.multiply(u, d)") == Verdict.CORRECT
    assert verdict(P, LOCAL_SRC, "u = R.add(x, d)\nreturn R.multiply(u, d)") == Verdict.INCORRECT


def test_closure_sees_the_capture_of_its_own_call():
    src = """
@R.function
def outer(k: R.Tensor((4,), "int32")) -> R.Callable((R.Tensor((4,), "int32"),), R.Tensor((4,), "int32")):
    @R.function
    def inner(b: R.Tensor((4,), "int32")) -> R.Tensor((4,), "int32"):
        return R.subtract(b, k)

    return inner

f = outer(x)
g = outer(d)
return R.add(f(d), g(x))
"""
    assert verdict(P, src, "return R.add(R.subtract(d, x), R.subtract(x, d))") == Verdict.CORRECT
    assert verdict(P, src, "return R.add(R.subtract(d, x), R.subtract(x, x))") == Verdict.INCORRECT


def test_recursive_local_function_is_unsupported():
    src = """
@R.function
def loop(a: R.Tensor((4,), "int32")) -> R.Tensor((4,), "int32"):
    r = loop(a)
    return r

return loop(x)
"""
    with pytest.raises(Unsupported, match="recursive local relax function"):
        verdict(P, src, "return x")


def test_prim_bool_condition():
    params = 'x: R.Tensor((4,), "int32"), d: R.Tensor((4,), "int32"), c: R.Prim("bool")'
    src = "if c:\n    r = R.add(x, d)\nelse:\n    r = R.subtract(x, d)\nreturn r"
    assert verdict(params, src, src.replace("R.add(x, d)", "R.add(d, x)")) == Verdict.CORRECT
    assert verdict(params, src, src.replace("R.subtract(x, d)", "R.subtract(d, x)")) == Verdict.INCORRECT
