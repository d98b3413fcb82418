"""Elements nobody wrote, through every Relax op family (``semantics/relax.py``, module docstring).

A ``call_tir`` PrimFunc that writes only columns 0 and 1 of its ``(2, 4)`` output (``part``)
leaves columns 2 and 3 unwritten; ``whole`` writes every element. For each op:

* the target reads ``part`` where the source reads ``whole``: never ``correct`` when the op
  reads an unwritten element into an output (TVM shows stale memory there), ``correct`` when it
  reads none of them;
* the mirror (the source reads ``part``, the target ``whole``): the source's values computed from
  unwritten elements are computed from stale memory (an unknown but fixed value, not poison:
  ``max(stale, m)`` is never less than ``m``), so a counterexample rests on it: ``unknown``, never
  ``incorrect`` nor ``correct`` (``correct`` when the op reads none of them).
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("tvm")

from irverify.frontends.relax.parse import parse  # noqa: E402
from irverify.verify.check import Options, check_modules  # noqa: E402
from irverify.verify.evaluate import evaluate_function  # noqa: E402
from irverify.verify.verdict import Verdict  # noqa: E402

WHOLE = '''    @T.prim_func(private=True, s_tir=True)
    def whole(x: T.Buffer((T.int64(2), T.int64(4)), "float32"), out: T.Buffer((T.int64(2), T.int64(4)), "float32")):
        for i, j in T.grid(T.int64(2), T.int64(4)):
            with T.sblock("copy"):
                vi, vj = T.axis.remap("SS", [i, j])
                out[vi, vj] = x[vi, vj]

'''
PART = '''    @T.prim_func(private=True, s_tir=True)
    def part(x: T.Buffer((T.int64(2), T.int64(4)), "float32"), out: T.Buffer((T.int64(2), T.int64(4)), "float32")):
        for i, j in T.grid(T.int64(2), T.int64(2)):
            with T.sblock("copy"):
                vi, vj = T.axis.remap("SS", [i, j])
                out[vi, vj] = x[vi, vj]

'''
TWICE = '''    @T.prim_func(private=True, s_tir=True)
    def twice(a: T.Buffer((T.int64(2), T.int64(4)), "float32"), out: T.Buffer((T.int64(2), T.int64(4)), "float32")):
        for i, j in T.grid(T.int64(2), T.int64(4)):
            with T.sblock("twice"):
                vi, vj = T.axis.remap("SS", [i, j])
                out[vi, vj] = a[vi, vj] + a[vi, vj]

'''
ROWSUM = '''    @T.prim_func(private=True, s_tir=True)
    def rowsum(a: T.Buffer((T.int64(2), T.int64(4)), "float32"), out: T.Buffer((T.int64(2),), "float32")):
        for i, k in T.grid(T.int64(2), T.int64(4)):
            with T.sblock("rowsum"):
                vi, vk = T.axis.remap("SR", [i, k])
                with T.init():
                    out[vi] = T.float32(0.0)
                out[vi] = out[vi] + a[vi, vk]

'''
FIRST_COL = '''    @T.prim_func(private=True, s_tir=True)
    def first_col(a: T.Buffer((T.int64(2), T.int64(4)), "float32"), out: T.Buffer((T.int64(2),), "float32")):
        for i in range(T.int64(2)):
            with T.sblock("first_col"):
                vi = T.axis.spatial(T.int64(2), i)
                out[vi] = a[vi, T.int64(0)] * T.float32(3.0)

'''
ROWSUM_UNROLLED = '''    @T.prim_func(private=True, s_tir=True)
    def rowsum_unrolled(a: T.Buffer((T.int64(2), T.int64(4)), "float32"), out: T.Buffer((T.int64(2),), "float32")):
        for i, k in T.grid(T.int64(2), T.int64(4)):
            with T.sblock("rowsum"):
                vi, vk = T.axis.remap("SR", [i, k])
                with T.init():
                    out[vi] = T.float32(1.0)
                out[vi] = out[vi] * T.float32(2.0) + a[vi, vk]

'''
PRIMS = WHOLE + PART + TWICE + ROWSUM + FIRST_COL + ROWSUM_UNROLLED
PARAMS = ('x: R.Tensor((2, 4), "float32"), y: R.Tensor((2, 4), "float32"), c: R.Tensor((2, 4), "bool"), '
          'i: R.Tensor((3,), "int64"), w: R.Tensor((4, 3), "float32")')
OUT = 'R.Tensor((2, 4), "float32")'
Q4 = "R.reshape({}, R.shape([1, 2, 1, 4]))"  # a (2, 4) tensor as BSNH attention operand

# name -> (body reading ``a``, whether it reads an unwritten element of ``part`` into an output,
#          whether the op is opaque)
OPS = {
    "exp": ("R.exp(a)", True, False),
    "add_broadcast": ("R.add(a, R.strided_slice(y, axes=[0], begin=[0], end=[1]))", True, False),
    "maximum": ("R.maximum(a, y)", True, False),
    "astype": ('R.astype(a, "int32")', True, False),
    "less": ("R.less(a, y)", True, False),
    "relu": ("R.nn.relu(a)", True, False),
    "silu": ("R.nn.silu(a)", True, False),
    "where_x": ("R.where(c, a, y)", True, False),
    "where_y": ("R.where(c, y, a)", True, False),
    "sum_rows": ("R.sum(a, axis=[1])", True, False),
    "sum_cols": ("R.sum(a, axis=[0])", True, False),
    "max": ("R.max(a, axis=[1])", True, False),
    "mean": ("R.mean(a)", True, False),
    "prod": ("R.prod(a, axis=[1])", True, False),
    "matmul": ("R.matmul(a, w)", True, False),
    "einsum": ('R.einsum((a, w), "ij,jk->ik")', True, False),
    "match_cast": ('m = R.match_cast(a, R.Tensor((2, 4), "float32"))\nR.exp(m)', True, False),
    "tuple": ("(a, y)[0]", True, False),
    "take": ('R.take(a, i, axis=1, mode="clip")', True, False),
    "take_nan": ('R.take(a, i, axis=1, mode="nan")', True, False),
    "strided_slice_written": ("R.strided_slice(a, axes=[1], begin=[0], end=[2])", False, False),
    "strided_slice_unwritten": ("R.strided_slice(a, axes=[1], begin=[1], end=[4], strides=[2])", True, False),
    "permute": ("R.permute_dims(a)", True, False),
    "reshape": ("R.reshape(a, R.shape([8]))", True, False),
    "flatten": ("R.flatten(a)", True, False),
    "expand_dims": ("R.expand_dims(a, axis=[0])", True, False),
    "squeeze": ("R.squeeze(R.expand_dims(a, axis=[1]), axis=[1])", True, False),
    "repeat": ("R.repeat(a, 2, axis=0)", True, False),
    "broadcast_to": ("R.broadcast_to(R.reshape(a, R.shape([1, 8])), R.shape([3, 8]))", True, False),
    "concat": ("R.concat((y, a), axis=0)", True, False),
    "split_written": ("R.split(a, 2, axis=1)[0]", False, False),
    "split_unwritten": ("R.split(a, 2, axis=1)[1]", True, False),
    "zeros_like": ("R.zeros_like(a)", False, False),
    "full": ('R.full(R.shape([3]), R.sum(a), "float32")', True, False),
    "softmax_rows": ("R.nn.softmax(a, axis=1)", True, False),
    "softmax_cols": ("R.nn.softmax(a, axis=0)", True, False),
    "attention": (f"R.nn.attention({Q4.format('a')}, {Q4.format('y')}, {Q4.format('y')})", True, False),
    "attention_causal_v": ((f"R.nn.attention({Q4.format('y')}, {Q4.format('y')}, {Q4.format('a')}, "
                            'causal_mask="TopLeft")'), True, False),
    "conv1d": ("R.nn.conv1d(R.reshape(a, R.shape([1, 2, 4])), R.reshape(y, R.shape([4, 2, 1])), padding=[1, 1])",
               True, False),
    "quantize": ('R.quantize(a, R.const(0.5, "float32"), R.const(1, "int8"), axis=1, out_dtype="int8")', True, False),
    "dequantize": (('R.dequantize(R.astype(a, "int8"), R.const(0.5, "float32"), R.const(1, "int8"), axis=1, '
                    'out_dtype="float32")'), True, False),
    "resize2d": (('R.image.resize2d(R.reshape(a, R.shape([1, 1, 2, 4])), R.shape([4, 8]), layout="NCHW", '
                  'method="nearest_neighbor", coordinate_transformation_mode="asymmetric", rounding_method="round")'),
                 True, False),
    "call_tir_elementwise": ('R.call_tir(Module.twice, (a,), R.Tensor((2, 4), "float32"))', True, False),
    "call_tir_sum": ('R.call_tir(Module.rowsum, (a,), R.Tensor((2,), "float32"))', True, False),
    "call_tir_fold": ('R.call_tir(Module.rowsum_unrolled, (a,), R.Tensor((2,), "float32"))', True, False),
    "call_tir_written": ('R.call_tir(Module.first_col, (a,), R.Tensor((2,), "float32"))', False, False),
    "cumsum": ("R.cumsum(a, axis=1)", True, False),
    "leakyrelu": ("R.nn.leakyrelu(a, alpha=0.25)", True, True),
    "gelu": ("R.nn.gelu(a)", True, False),
    "layer_norm": (('R.nn.layer_norm(a, R.ones(R.shape([4]), "float32"), R.zeros(R.shape([4]), "float32"), '
                    'axes=[1])'), True, False),
    "cumsum_of_written": ("R.cumsum(R.strided_slice(a, axes=[1], begin=[0], end=[2]), axis=1)", False, False),
    # tril keeps a[i, j] for j <= i: only written elements (columns 0 and 1); triu keeps row 0's
    # unwritten columns
    "tril_written": ("R.tril(a, 0)", False, False),
    "triu": ("R.triu(a, 0)", True, False),
}


# One op per family runs in the fast set; the sweep over every op is ``slow``.
FAST = {"exp", "where_x", "sum_rows", "matmul", "match_cast", "take", "strided_slice_written", "concat",
        "softmax_rows", "quantize", "call_tir_sum", "cumsum", "tril_written"}
CASES = [pytest.param(name, marks=() if name in FAST else pytest.mark.slow) for name in sorted(OPS)]


def function(name: str, body: str, fill: str | None = None, params: str = PARAMS) -> str:
    """``def name(params)`` binding ``a`` to ``fill``'s output (when given), then the lines of
    ``body``, the last one returned."""
    lines = ([f"a = R.call_tir(Module.{fill}, (x,), {OUT})"] if fill else []) + body.splitlines()
    return (f"    @R.function\n    def {name}({params}):\n" + "".join(f"        {ln}\n" for ln in lines[:-1])
            + f"        return {lines[-1]}\n\n")


def pair(body: str, src_fill: str, tgt_fill: str) -> str:
    return "@I.ir_module\nclass Module:\n" + PRIMS + function("src", body, src_fill) + function("tgt", body, tgt_fill)


def check(text: str):
    return check_modules(parse(text, "pair.py"), None, Options(confirm=False, timeout_s=30)).functions[0]


@pytest.mark.parametrize("name", CASES)
def test_target_leaving_elements_unwritten(name):
    body, reads, opaque = OPS[name]
    fr = check(pair(body, "whole", "part"))
    if reads:
        assert fr.verdict in (Verdict.INCORRECT, Verdict.UNKNOWN), (name, fr.verdict, fr.message)
        if not opaque:  # the finding: a stale target element where the source has a value
            # (``unknown`` when the op's float arithmetic is approximated: the verdict then
            # waits for execution, which shows stale memory)
            assert fr.counterexample is not None, (name, fr.verdict, fr.message)
    else:  # only written elements reach the result
        assert fr.verdict == Verdict.CORRECT, (name, fr.verdict, fr.message)


@pytest.mark.parametrize("name", CASES)
def test_source_reading_unwritten_elements(name):
    body, reads, opaque = OPS[name]
    fr = check(pair(body, "part", "whole"))
    assert fr.verdict == (Verdict.UNKNOWN if reads else Verdict.CORRECT), (name, fr.verdict, fr.message)


INDEX_PRIMS = '''    @T.prim_func(private=True, s_tir=True)
    def index_whole(i: T.Buffer((T.int64(3),), "int64"), out: T.Buffer((T.int64(3),), "int64")):
        for j in range(T.int64(3)):
            with T.sblock("copy"):
                vj = T.axis.spatial(T.int64(3), j)
                out[vj] = i[vj]

    @T.prim_func(private=True, s_tir=True)
    def index_part(i: T.Buffer((T.int64(3),), "int64"), out: T.Buffer((T.int64(3),), "int64")):
        for j in range(T.int64(2)):
            with T.sblock("copy"):
                vj = T.axis.spatial(T.int64(2), j)
                out[vj] = i[vj]

'''


def test_an_unwritten_index_is_any_index():
    """``take`` at an unwritten index: the index is stale memory, any value (out of range: UB in
    ``fast`` mode, clipped or NaN otherwise), so a target that leaves an index unwritten is wrong,
    and a source that does gives ``unknown`` (its result rests on the stale index)."""
    for mode in ("fast", "clip", "nan"):
        def fn(name, fill, mode=mode):
            return function(name, f'k = R.call_tir(Module.{fill}, (i,), R.Tensor((3,), "int64"))\n'
                                  f'R.take(y, k, axis=1, mode="{mode}")')

        text = "@I.ir_module\nclass Module:\n" + INDEX_PRIMS
        fr = check(text + fn("src", "index_whole") + fn("tgt", "index_part"))
        assert fr.verdict == Verdict.INCORRECT, (mode, fr.verdict, fr.message)
        if mode == "fast":
            assert fr.counterexample.check.startswith("target has undefined"), (mode, fr.message)
        fr = check(text + fn("src", "index_part") + fn("tgt", "index_whole"))
        assert fr.verdict == Verdict.UNKNOWN, (mode, fr.verdict, fr.message)


@pytest.mark.parametrize("body", [
    'd = R.astype(a, "int32")\nR.floor_divide(R.astype(y, "int32"), d)',
    'b = R.less(R.sum(a), R.const(0, "float32"))\nif b:\n    r = R.exp(y)\nelse:\n    r = y\nr',
], ids=["divisor", "if_condition"])
def test_an_unwritten_divisor_or_condition_is_stale_memory(body):
    """A divisor or a branch condition computed from elements nobody wrote is stale memory: any
    value (a zero divisor is then UB, the branch either one), not UB of its own. A target doing
    so is wrong; a source doing so gives ``unknown``, never ``correct`` (a branch on poison being
    UB made every target ``correct`` against such a source, though TVM runs it)."""
    fr = check(pair(body, "whole", "part"))
    assert fr.verdict != Verdict.CORRECT and fr.counterexample is not None, (fr.verdict, fr.message)
    assert check(pair(body, "part", "whole")).verdict == Verdict.UNKNOWN


@pytest.mark.parametrize("body", [
    "R.where(R.const(True, \"bool\"), y, a)",
    "R.strided_slice(R.concat((y, a), axis=0), axes=[0], begin=[0], end=[2])",
    "R.take(R.concat((y, a), axis=1), R.const([0, 1, 4, 5], \"int64\"), axis=1)",
], ids=["where_arm_not_taken", "concat_other_piece", "take_written_columns"])
def test_unwritten_elements_nobody_reads_are_harmless(body):
    """The target reads ``part``'s unwritten elements only on a select's arm it does not take,
    or not at all: it equals the source."""
    src = "y"
    if "take" in body:
        src = ("R.concat((R.strided_slice(y, axes=[1], begin=[0], end=[2]), "
               "R.strided_slice(x, axes=[1], begin=[0], end=[2])), axis=1)")
    text = "@I.ir_module\nclass Module:\n" + PRIMS + function("src", src) + function("tgt", body, "part")
    fr = check(text)
    assert fr.verdict == Verdict.CORRECT, (fr.verdict, fr.message)


OPAQUE_PRIM = '''    @T.prim_func(private=True, s_tir=True)
    def pow2(a: T.Buffer((T.int64(2), T.int64(4)), "float32"), out: T.Buffer((T.int64(2), T.int64(4)), "float32")):
        for i, j in T.grid(T.int64(2), T.int64(4)):
            with T.sblock("pow2"):
                vi, vj = T.axis.remap("SS", [i, j])
                out[vi, vj] = T.exp2(a[vi, vj])

'''


def test_untranslatable_call_tir_of_unwritten_elements():
    """A ``call_tir`` irverify keeps opaque (``T.exp2`` is not translated) of ``part``'s stale
    elements: ``part`` and ``whole`` are different arguments; ``part`` on both sides is one
    argument (the source's stale bytes may be the target's)."""
    body = 'R.call_tir(Module.pow2, (a,), R.Tensor((2, 4), "float32"))'

    def text(src, tgt):
        return ("@I.ir_module\nclass Module:\n" + PRIMS + OPAQUE_PRIM + function("src", body, src)
                + function("tgt", body, tgt))

    fr = check(text("whole", "part"))
    assert fr.verdict == Verdict.UNKNOWN, (fr.verdict, fr.message)
    assert any("kept opaque" in n for n in fr.notes), fr.notes
    fr = check(text("part", "whole"))
    assert fr.verdict == Verdict.UNKNOWN, (fr.verdict, fr.message)
    assert check(text("part", "part")).verdict == Verdict.CORRECT


def test_confirmation_ignores_what_the_source_computes_from_unwritten_elements():
    """Execution shows stale memory where the source reads elements nobody wrote: those output
    elements (poison in the source) never confirm a difference."""
    import numpy as np

    from irverify.frontends.relax.confirm import _may_leave_unwritten, _source_where_poison

    module = parse(pair("R.exp(a)", "part", "whole"), "pair.py")
    assert _may_leave_unwritten(module)
    args = [np.zeros((2, 4), np.float32), np.zeros((2, 4), np.float32), np.zeros((2, 4), bool),
            np.zeros(3, np.int64), np.zeros((4, 3), np.float32)]
    stale = np.full((2, 4), 9.0, np.float32)
    computed = np.ones((2, 4), np.float32)
    (out,) = _source_where_poison(module, module.functions["src"], args, [stale], [computed])
    assert out.tolist() == [[1.0, 1.0, 9.0, 9.0]] * 2


@pytest.mark.parametrize("body, stale", [("R.cumsum(a, axis=1)", [2, 3]), ("R.cumsum(a, axis=1, exclusive=True)", [3]),
                                         ("R.cumprod(a, axis=1)", [2, 3])])
def test_a_running_sum_is_stale_only_from_the_first_stale_element_it_reads(body, stale):
    """``part`` writes columns 0 and 1: an inclusive scan's columns 2 and 3 read a stale element,
    an exclusive one's column 3 only; the columns before are defined (a stale element further
    on does not reach them)."""
    module = parse(pair(body, "part", "whole"), "pair.py")
    x = np.arange(8, dtype=np.float32).reshape(2, 4)
    others = [np.zeros((2, 4), np.float32), np.ones((2, 4), bool), np.array([0, 1, 2]), np.zeros((4, 3), np.float32)]
    ev = evaluate_function(module, "src", [x] + others, fp_name="ieee")
    assert np.argwhere(ev.undefined[0][0]).ravel().tolist() == stale
    assert ev.undefined[0][1].tolist() == ev.undefined[0][0].tolist()
