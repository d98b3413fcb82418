"""``R.call_tir`` through the PrimFunc's semantics (``frontends/relax/tir_translate.py``,
``semantics/relax_tir.py``): the translated description, the subset's limits (anything else
keeps the opaque structural identity), and verdicts of Relax ops against hand-written PrimFuncs
in the form ``LegalizeOps`` emits."""

from __future__ import annotations

import pytest

pytest.importorskip("tvm")

from irverify.frontends.relax.parse import parse  # noqa: E402
from irverify.verify.check import Options, check_modules  # noqa: E402
from irverify.verify.verdict import Verdict  # noqa: E402

ADD = '''    @T.prim_func(private=True, s_tir=True)
    def add(a: T.Buffer((T.int64(2), T.int64(3)), "float32"), b: T.Buffer((T.int64(3),), "float32"),
            out: T.Buffer((T.int64(2), T.int64(3)), "float32")):
        for i, j in T.grid(T.int64(2), T.int64(3)):
            with T.sblock("add"):
                vi, vj = T.axis.remap("SS", [i, j])
                out[vi, vj] = a[vi, vj] + b[vj]

'''
SUM = '''    @T.prim_func(private=True, s_tir=True)
    def sum(a: T.Buffer((T.int64(2), T.int64(3)), "float32"), out: T.Buffer((T.int64(2),), "float32")):
        for i, k in T.grid(T.int64(2), T.int64(3)):
            with T.sblock("sum"):
                vi, vk = T.axis.remap("SR", [i, k])
                with T.init():
                    out[vi] = T.float32(0.0)
                out[vi] = out[vi] + a[vi, vk]

'''
RESHAPE = '''    @T.prim_func(private=True, s_tir=True)
    def reshape(a: T.Buffer((T.int64(2), T.int64(3)), "float32"), out: T.Buffer((T.int64(3), T.int64(2)), "float32")):
        for i, j in T.grid(T.int64(3), T.int64(2)):
            with T.sblock("reshape"):
                vi, vj = T.axis.remap("SS", [i, j])
                out[vi, vj] = a[(vi * T.int64(2) + vj) // T.int64(3), (vi * T.int64(2) + vj) % T.int64(3)]

'''
X = 'x: R.Tensor((2, 3), "float32")'
XY = 'x: R.Tensor((2, 3), "float32"), y: R.Tensor((3,), "float32")'


def module(prims: str, params: str, src: str, tgt: str, ret: str = "") -> str:
    def fn(name, body):
        return f"    @R.function\n    def {name}({params}){ret}:\n        return {body}\n\n"

    return "@I.ir_module\nclass Module:\n" + prims + fn("src", src) + fn("tgt", tgt)


def report(text: str):
    return check_modules(parse(text, "pair.py"), None, Options(confirm=False, timeout_s=20)).functions[0]


def verdict(text: str) -> Verdict:
    return report(text).verdict


def call_op(text: str):
    """The ``relax.call_tir`` op of function ``tgt``."""
    (op,) = [op for op in parse(text, "m.py").functions["tgt"].body.ops if op.name == "relax.call_tir"]
    return op


CALL_ADD = 'R.call_tir(Module.add, (x, y), R.Tensor((2, 3), "float32"))'


def test_description_of_an_elementwise_primfunc():
    desc = call_op(module(ADD, XY, "x", CALL_ADD)).attrs["tir"]
    kind, params, allocs, ((buf, store, spatial, reduce, init, value),) = desc
    assert kind == "tir" and allocs == () and buf == ("p", 2) and reduce == () and init is None
    i64 = "int64"
    assert store == (("var", i64, "v0"), ("var", i64, "v1"))
    assert spatial == ((store[0], ("imm", i64, 2)), (store[1], ("imm", i64, 3)))
    assert value == ("add", "float32", ("load", "float32", ("p", 0), store), ("load", "float32", ("p", 1), store[1:]))
    assert params[1] == ("buf", (("imm", i64, 3),), "float32")


def test_description_of_a_reduction():
    (block,) = call_op(module(SUM, X, "x", 'R.call_tir(Module.sum, (x,), R.Tensor((2,), "float32"))')).attrs["tir"][3]
    _, store, spatial, reduce, init, value = block
    assert [v for v, _ in spatial] == [store[0]] and len(reduce) == 1
    assert init == ("imm", "float32", 0.0)
    assert value[0] == "add" and value[2] == ("acc", "float32")


PAR_SUM = """    @T.prim_func(private=True, s_tir=True)
    def sum(a: T.Buffer((T.int64(2), T.int64(3)), "float32"), out: T.Buffer((T.int64(2),), "float32")):
        for i in range(T.int64(2)):
            for k in T.parallel(T.int64(3)):
                with T.sblock("sum"):
                    vi, vk = T.axis.remap("SR", [i, k])
                    with T.init():
                        out[vi] = T.float32(0.0)
                    out[vi] = out[vi] + a[vi, vk]

"""
CALL_SUM = 'R.call_tir(Module.sum, (x,), R.Tensor((2,), "float32"))'


@pytest.mark.parametrize("prim, call, reason", [
    (ADD.replace("out[vi, vj] = a[vi, vj] + b[vj]", "out[vi, 0] = a[vi, vj] + b[vj]"), CALL_ADD, "spatial iter vars"),
    (ADD.replace('vi, vj = T.axis.remap("SS", [i, j])',
                 "vi = T.axis.spatial(T.int64(2), i)\n                vj = T.axis.spatial(T.int64(3), i + j)"), CALL_ADD,
     "expression of loop variables"),
    (ADD.replace('vi, vj = T.axis.remap("SS", [i, j])',
                 "vi = T.axis.spatial(T.int64(2), i)\n                vj = T.axis.spatial(T.int64(3), T.int64(0))"),
     CALL_ADD, "a loop that binds no iter var"),
    (PAR_SUM, CALL_SUM, "parallel"),
    (PAR_SUM.replace("T.parallel(T.int64(3))", 'T.thread_binding(T.int64(3), thread="threadIdx.x")'), CALL_SUM,
     "thread binding"),
], ids=["store-index", "bound-expression", "unbound-loop", "parallel-reduction", "thread-binding"])
def test_outside_the_subset_the_call_stays_opaque(prim, call, reason):
    params = XY if call == CALL_ADD else X
    attr = call_op(module(prim, params, "x", call)).attrs["tir"]
    assert attr[0] == "opaque" and reason in attr[1], attr


def test_elementwise_primfunc_is_the_relax_op():
    assert verdict(module(ADD, XY, "R.add(x, y)", CALL_ADD)) == Verdict.CORRECT
    wrong = ADD.replace("a[vi, vj] + b[vj]", "a[vi, vj] - b[vj]").replace("float32", "int32")
    call = CALL_ADD.replace("float32", "int32")
    assert verdict(module(wrong, XY.replace("float32", "int32"), "R.add(x, y)", call)) == Verdict.INCORRECT


def test_sum_primfunc_is_the_relax_sum_and_its_init_matters():
    call = 'R.call_tir(Module.sum, (x,), R.Tensor((2,), "float32"))'
    assert verdict(module(SUM, X, "R.sum(x, axis=[1])", call)) == Verdict.CORRECT
    wrong = SUM.replace("out[vi] = T.float32(0.0)", "out[vi] = T.int32(1)").replace("float32", "int32")
    int_call = call.replace("float32", "int32")
    assert verdict(module(wrong, X.replace("float32", "int32"), "R.sum(x, axis=[1])", int_call)) == Verdict.INCORRECT


def test_reshape_index_arithmetic():
    call = 'R.call_tir(Module.reshape, (x,), R.Tensor((3, 2), "float32"))'
    assert verdict(module(RESHAPE, X, "R.reshape(x, R.shape([3, 2]))", call)) == Verdict.CORRECT
    wrong = RESHAPE.replace("// T.int64(3), (vi", "// T.int64(3), (vj").replace("float32", "int32")
    int_call = call.replace("float32", "int32")
    assert verdict(module(wrong, X.replace("float32", "int32"), "R.reshape(x, R.shape([3, 2]))", int_call)) \
        == Verdict.INCORRECT


PAD = '''    @T.prim_func(private=True, s_tir=True)
    def pad(a: T.Buffer((T.int64(3),), "float32"), out: T.Buffer((T.int64(5),), "float32")):
        for i in range(T.int64(5)):
            with T.sblock("pad"):
                vi = T.axis.remap("S", [i])
                out[vi] = T.if_then_else(T.int64(1) <= vi and vi < T.int64(4), a[vi - T.int64(1)], T.float32(0.0))

'''


def test_if_then_else_reads_only_the_taken_branch_select_reads_both():
    """``if_then_else`` guards its out-of-range load; ``Select`` evaluates both operands, so the
    same load is UB in the target."""
    params = 'x: R.Tensor((3,), "float32")'
    call = 'R.call_tir(Module.pad, (x,), R.Tensor((5,), "float32"))'
    prims = PAD + PAD.replace("def pad", "def pad2")
    text = module(prims, params, call, call.replace("Module.pad", "Module.pad2"))
    assert verdict(text) == Verdict.CORRECT
    select = PAD.replace("T.if_then_else(", "T.Select(").replace("def pad", "def pad2")
    fr = report(module(PAD + select, params, call, call.replace("Module.pad", "Module.pad2")))
    assert fr.verdict == Verdict.INCORRECT and "outside its buffer" in str(fr.message) + str(fr.counterexample)


def test_partial_write_leaves_poison():
    """A block covering only part of its output leaves the rest uninitialised: never ``correct``
    against a function that defines every element."""
    part = ADD.replace("T.grid(T.int64(2), T.int64(3))", "T.grid(T.int64(1), T.int64(3))")
    part = part.replace('vi, vj = T.axis.remap("SS", [i, j])', 'vi = T.axis.spatial(T.int64(1), i)\n                vj = T.axis.spatial(T.int64(3), j)')
    assert part != ADD
    assert verdict(module(part, XY, "R.add(x, y)", CALL_ADD)) == Verdict.INCORRECT


INT_DIV = '''    @T.prim_func(private=True, s_tir=True)
    def div(a: T.Buffer((T.int64(4),), "int32"), b: T.Buffer((T.int64(4),), "int32"), out: T.Buffer((T.int64(4),), "int32")):
        for i in range(T.int64(4)):
            with T.sblock("div"):
                vi = T.axis.remap("S", [i])
                out[vi] = T.floordiv(a[vi], b[vi])

'''


def test_integer_floordiv_versus_truncdiv():
    params = 'x: R.Tensor((4,), "int32"), y: R.Tensor((4,), "int32")'
    call = 'R.call_tir(Module.div, (x, y), R.Tensor((4,), "int32"))'
    assert verdict(module(INT_DIV, params, "R.floor_divide(x, y)", call)) == Verdict.CORRECT
    trunc = INT_DIV.replace("T.floordiv(", "T.truncdiv(")
    assert verdict(module(trunc, params, "R.floor_divide(x, y)", call)) == Verdict.INCORRECT


MIN_SCALAR = '''    @T.prim_func(private=True, s_tir=True)
    def minimum(a: T.Buffer((T.int64(3),), "float32"), y: T.float32, out: T.Buffer((T.int64(3),), "float32")):
        for i in range(T.int64(3)):
            with T.sblock("min"):
                vi = T.axis.remap("S", [i])
                out[vi] = T.min(a[vi], y)

'''


def test_float_scalar_argument():
    params = 'x: R.Tensor((3,), "float32"), y: R.Prim("float32")'
    call = 'R.call_tir(Module.minimum, (x, y), R.Tensor((3,), "float32"))'
    assert verdict(module(MIN_SCALAR, params, "R.minimum(x, y)", call)) == Verdict.CORRECT
    swapped = MIN_SCALAR.replace("T.min(a[vi], y)", "T.min(y, a[vi])")  # NaN and -0/+0 order differ
    assert verdict(module(swapped, params, "R.minimum(x, y)", call)) != Verdict.CORRECT


SUM2 = '''    @T.prim_func(private=True, s_tir=True)
    def sum2(a: T.Buffer((T.int64(2), T.int64(3)), "float32"), s: T.Buffer((T.int64(2),), "float32"),
             q: T.Buffer((T.int64(2),), "float32")):
        for i, k in T.grid(T.int64(2), T.int64(3)):
            with T.sblock("sum2"):
                vi, vk = T.axis.remap("SR", [i, k])
                with T.init():
                    s[vi] = T.float32(0.0)
                    q[vi] = T.float32(0.0)
                v_s: T.let[T.float32] = s[vi] + a[vi, vk]
                v_q: T.let[T.float32] = q[vi] + a[vi, vk] * a[vi, vk]
                s[vi] = v_s
                q[vi] = v_q

'''
CALL_SUM2 = 'R.call_tir(Module.sum2, (x,), [R.Tensor((2,), "float32"), R.Tensor((2,), "float32")])'


def test_let_bound_two_output_reduction_is_two_sums():
    """``T.let`` variables stand for their values; a block storing into two buffers whose values
    read only their own accumulators is two reductions (``group_norm``'s legalisation)."""
    src = "(R.sum(x, axis=[1]), R.sum(R.multiply(x, x), axis=[1]))"
    assert verdict(module(SUM2, X, src, CALL_SUM2)) == Verdict.CORRECT
    swapped = "(R.sum(R.multiply(x, x), axis=[1]), R.sum(x, axis=[1]))"
    int_sum2 = SUM2.replace("float32", "int32").replace("T.int32(0.0)", "T.int32(0)")
    int_call = CALL_SUM2.replace("float32", "int32")
    assert verdict(module(int_sum2, X.replace("float32", "int32"), swapped, int_call)) == Verdict.INCORRECT


@pytest.mark.parametrize("prim, reason", [
    (SUM2.replace("q[vi] + a[vi, vk] * a[vi, vk]", "q[vi] + s[vi]"), "another of its stores"),
    (SUM2.replace("                q[vi] = v_q\n", "                q[vi] = v_q\n                s[vi] = v_q\n"),
     "storing twice"),
], ids=["reads-other-store", "two-stores-one-buffer"])
def test_multi_store_block_outside_the_subset(prim, reason):
    attr = call_op(module(prim, X, "(x, x)", CALL_SUM2)).attrs["tir"]
    assert attr[0] == "opaque" and reason in attr[1], attr
