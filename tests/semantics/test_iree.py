"""IREE dispatch-level semantics: the seed (IREE #21028), hand-written correct/incorrect
dispatch pairs (testdata/iree), the memory model's hooks, rank reduction, bitcast, and a
miscompile of the installed IREE kept as a regression case."""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from irverify.frontends import load
from irverify.frontends.mlir.parse import parse_mlir
from irverify.records import read_records
from irverify.verify.check import Options, check_modules
from irverify.verify.verdict import Counterexample, Verdict
from tests.paths import SEEDS  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SEED = SEEDS / "iree-fold-collapse-store"
DATA = ROOT / "testdata" / "iree"
NO_CONFIRM = Options(confirm=False)

LAYOUT = "#hal.pipeline.layout<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>"


def check(before: Path, after: Path, opts=NO_CONFIRM):
    return check_modules(load(str(before)), load(str(after)), opts)


def check_text(src: str, opts=NO_CONFIRM):
    return check_modules(parse_mlir(src, "pair.mlir"), None, opts)


def dims_of(report):
    return report.functions[0].counterexample.dims


# ----------------------------------------------------------------------------- the seed

def test_seed_buggy_is_incorrect_with_smallest_m():
    r = check(SEED / "before.mlir", SEED / "after_buggy.mlir")
    assert r.verdict is Verdict.INCORRECT
    cex = r.functions[0].counterexample
    m = next(v for k, v in cex.dims.items() if k.startswith("push constant 0"))
    assert m == 2
    assert cex.output.startswith("binding 0")
    assert "1" in cex.output.split(":")[1] and "4" in cex.output.split(":")[1]
    assert cex.source_value != cex.target_value


def test_seed_fixed_is_correct_with_source_ub_note_for_odd_m():
    r = check(SEED / "before.mlir", SEED / "after_fixed.mlir")
    fn = r.functions[0]
    assert r.verdict is Verdict.CORRECT
    assert fn.source_ub is not None
    assert any("differs from the slice size" in c or "inside binding" in c for c in fn.source_ub["conditions"])


def test_seed_buggy_is_confirmed_on_iree():
    out = subprocess.run([sys.executable, "-m", "irverify", "check", "--json", str(SEED / "before.mlir"),
                          str(SEED / "after_buggy.mlir")], capture_output=True, text=True)
    assert out.returncode == 1, out.stderr
    fn = read_records(out.stdout)[0][0]["functions"][0]
    assert fn["verdict"] == "incorrect" and fn["confirmed"] is True
    assert "binding 0 differs at flat positions [1, 4]" in fn["execution"]["detail"]


# ----------------------------------------------------------------------------- mutants

CASES = ["offset_rescaled", "dims_dropped", "static_extent", "reassociation"]


@pytest.mark.parametrize("case", CASES)
def test_correct_rewrite(case):
    r = check(DATA / f"{case}_ok.before.mlir", DATA / f"{case}_ok.after.mlir")
    assert r.verdict is Verdict.CORRECT, r.functions[0].message


@pytest.mark.parametrize("case", CASES)
def test_incorrect_rewrite(case):
    r = check(DATA / f"{case}_bad.before.mlir", DATA / f"{case}_bad.after.mlir")
    assert r.verdict is Verdict.INCORRECT
    assert r.functions[0].counterexample.output.startswith("binding 0")


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES)
def test_incorrect_rewrite_confirmed(case):
    r = check(DATA / f"{case}_bad.before.mlir", DATA / f"{case}_bad.after.mlir", Options())
    assert r.verdict is Verdict.INCORRECT
    assert r.functions[0].confirmation.confirmed is True, r.functions[0].confirmation.detail


# ----------------------------------------------------------------------------- IREE 3.13 regression

REGRESSION = "iree313_fold_collapse_store_dynamic_diff"


def test_iree_fold_collapse_store_dynamic_diff_is_incorrect():
    r = check(DATA / f"{REGRESSION}.before.mlir", DATA / f"{REGRESSION}.after.mlir")
    fn = r.functions[0]
    assert r.verdict is Verdict.INCORRECT
    assert fn.counterexample.check.startswith("target has undefined")
    assert any("differs from the slice size" in u for u in fn.counterexample.ub_reasons)


@pytest.mark.slow
def test_iree_fold_collapse_store_dynamic_diff_observable_with_even_rows():
    """%0 = 4 rows, %1 = 2 rows stored: the view fits the binding, yet rows 2..3, which the
    source never writes, change on IREE."""
    from irverify.frontends.mlir.dispatch_confirm import confirm_dispatch

    src, tgt = load(str(DATA / f"{REGRESSION}.before.mlir")), load(str(DATA / f"{REGRESSION}.after.mlir"))
    name = "fold_collapse_into_stores_dynamic_diff"
    arg = (np.arange(64) + 1).astype(np.float32).reshape(2, 1, 32)
    init = -(np.arange(128) + 1).astype(np.float32)
    cex = Counterexample("value mismatch", dims={"push constant 0": 4, "push constant 1": 2, "binding 0 length": 128},
                         tensors={"%arg0": arg, "binding 0 (initial)": init}, output="binding 0")
    conf = confirm_dispatch(src, src.functions[name], tgt, tgt.functions[name], cex)
    assert conf.confirmed is True, conf.detail
    assert np.array_equal(conf.source_output[64:], init[64:])  # the source leaves rows 2..3 alone
    assert not np.array_equal(conf.target_output[64:], init[64:])


# ----------------------------------------------------------------------------- semantics details


def pair(src_body: str, tgt_body: str, args: str = "") -> str:
    return (f"#l = {LAYOUT}\n"
            f"func.func @src({args}) {{\n  %c0 = arith.constant 0 : index\n{src_body}\n  return\n}}\n"
            f"func.func @tgt({args}) {{\n  %c0 = arith.constant 0 : index\n{tgt_body}\n  return\n}}\n")


COPY = """  %in = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset({off}) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<{ishape}xi32>>
  %v = iree_tensor_ext.dispatch.tensor.load %in, offsets = [{loffs}], sizes = [{lsizes}], strides = [{lstrides}] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<{ishape}xi32>> -> tensor<{vshape}xi32>
  %out = hal.interface.binding.subspan layout(#l) binding(1) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xi32>>
  iree_tensor_ext.dispatch.tensor.store %v, %out, offsets = [0], sizes = [{n}], strides = [1] : tensor<{vshape}xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xi32>>"""


def copy(off="%c0", ishape="4x4", loffs="1, 0", lsizes="1, 4", lstrides="1, 1", vshape="4", n=4):
    return COPY.format(off=off, ishape=ishape, loffs=loffs, lsizes=lsizes, lstrides=lstrides, vshape=vshape, n=n)


def test_rank_reducing_load_row_equals_flat_slice():
    assert check_text(pair(copy(), copy(ishape="16", loffs="4", lsizes="4", lstrides="1"))).verdict is Verdict.CORRECT


def test_rank_reducing_load_column_vs_row_differs():
    tgt = copy(loffs="0, 1", lsizes="4, 1", lstrides="1, 1")
    assert check_text(pair(copy(), tgt)).verdict is Verdict.INCORRECT


def test_byte_offset_is_rescaled_by_the_element_size():
    # 16 bytes = 4 i32 elements: row 1 of a 4x4 view is the view at byte 16, row 0.
    # (The 3x4 view at byte 16 ends where the source's 4x4 view ends; alignment(16) holds.)
    tgt = "  %c16 = arith.constant 16 : index\n" + copy(off="%c16", ishape="3x4", loffs="0, 0")
    tgt = tgt.replace("alignment(64) offset(%c16)", "alignment(16) offset(%c16)")
    assert check_text(pair(copy(), tgt)).verdict is Verdict.CORRECT
    bad = tgt.replace("%c16", "%c4").replace("= arith.constant 16", "= arith.constant 4").replace("alignment(16)", "alignment(4)")
    assert check_text(pair(copy(), bad)).verdict is Verdict.INCORRECT


def test_misaligned_byte_offset_is_undefined():
    tgt = "  %c16 = arith.constant 16 : index\n" + copy(off="%c16", ishape="3x4", loffs="0, 0")
    r = check_text(pair(copy(), tgt))  # alignment(64) promised, offset 16
    assert r.verdict is Verdict.INCORRECT
    assert any("alignment" in u for u in r.functions[0].counterexample.ub_reasons)


def test_unaligned_byte_offset_is_unsupported():
    tgt = "  %c2 = arith.constant 2 : index\n" + copy(off="%c2", loffs="0, 0")
    r = check_text(pair(copy(), tgt))
    assert r.verdict is Verdict.UNSUPPORTED and "byte offset 2" in r.functions[0].message


def test_out_of_bounds_load_in_target_only_is_incorrect():
    tgt = copy(loffs="3, 1", lsizes="1, 4")  # columns 1..4 of a 4-wide view
    r = check_text(pair(copy(), tgt))
    assert r.verdict is Verdict.INCORRECT
    assert r.functions[0].counterexample.check.startswith("target has undefined")


def test_store_elements_not_written_keep_initial_contents():
    # Storing 4 of 8 elements vs storing them and re-storing element 5 with its own value.
    extra = """
  %in2 = hal.interface.binding.subspan layout(#l) binding(1) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<8xi32>>
  %w = iree_tensor_ext.dispatch.tensor.load %in2, offsets = [5], sizes = [1], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<8xi32>> -> tensor<1xi32>
  iree_tensor_ext.dispatch.tensor.store %w, %in2, offsets = [5], sizes = [1], strides = [1] : tensor<1xi32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<8xi32>>"""
    assert check_text(pair(copy(), copy() + extra)).verdict is Verdict.CORRECT
    shifted = extra.replace("offsets = [5], sizes = [1], strides = [1] : tensor<1xi32>", "offsets = [6], sizes = [1], strides = [1] : tensor<1xi32>")
    assert check_text(pair(copy(), copy() + shifted)).verdict is Verdict.INCORRECT


def test_binding_written_only_by_target_is_compared():
    tgt = copy() + """
  %o = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xi32>>
  %z = arith.constant dense<0> : tensor<1xi32>
  iree_tensor_ext.dispatch.tensor.store %z, %o, offsets = [0], sizes = [1], strides = [1] : tensor<1xi32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xi32>>"""
    r = check_text(pair(copy(), tgt))
    assert r.verdict is Verdict.INCORRECT
    assert r.functions[0].counterexample.output.startswith("binding 0")


def test_load_from_writeonly_is_unsupported():
    body = copy().replace("readonly:", "writeonly:")
    r = check_text(pair(body, body))
    assert r.verdict is Verdict.UNSUPPORTED and "writeonly" in r.functions[0].message


def test_push_constant_is_shared_and_32_bit():
    # The source returns n < 2^32, the target returns true.
    text = (f"#l = {LAYOUT}\n"
            "func.func @src() -> i1 {\n  %n = hal.interface.constant.load layout(#l) ordinal(0) : index\n"
            "  %big = arith.constant 4294967296 : index\n  %lt = arith.cmpi ult, %n, %big : index\n  return %lt : i1\n}\n"
            "func.func @tgt() -> i1 {\n  %t = arith.constant true\n  return %t : i1\n}\n")
    assert check_text(text).verdict is Verdict.CORRECT


def test_constant_load_with_unknown_attribute_is_unsupported():
    text = (f"#l = {LAYOUT}\n"
            "func.func @src() -> index {\n  %n = hal.interface.constant.load layout(#l) ordinal(0) values([1, 2]) : index\n  return %n : index\n}\n"
            "func.func @tgt() -> index {\n  %d = arith.constant 0 : i8\n"  # not unchanged: the check runs
            "  %n = hal.interface.constant.load layout(#l) ordinal(0) values([1, 2]) : index\n  return %n : index\n}\n")
    assert check_text(text).verdict is Verdict.UNSUPPORTED  # the pinned IREE parses the attribute


def test_bitcast_i8_to_i32_is_little_endian():
    from irverify.verify.evaluate import evaluate_function

    text = """
func.func @f(%a: tensor<2x8xi8>) -> tensor<2x2xi32> {
  %r = iree_tensor_ext.bitcast %a : tensor<2x8xi8> -> tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}
func.func @g(%a: tensor<2x2xi32>) -> tensor<2x8xi8> {
  %r = iree_tensor_ext.bitcast %a : tensor<2x2xi32> -> tensor<2x8xi8>
  return %r : tensor<2x8xi8>
}"""
    module = parse_mlir(text, "bitcast.mlir")
    a = np.random.default_rng(0).integers(-128, 128, (2, 8)).astype(np.int8)
    out = evaluate_function(module, "f", [a]).outputs[0]
    assert np.array_equal(out, a.view(np.int32))
    b = np.array([[1, -2], [0x12345678, -(2**31)]], dtype=np.int32)
    assert np.array_equal(evaluate_function(module, "g", [b]).outputs[0], b.view(np.int8))


def test_bitcast_round_trip_is_identity():
    text = """
func.func @src(%a: tensor<3x8xi8>) -> tensor<3x8xi8> {
  return %a : tensor<3x8xi8>
}
func.func @tgt(%a: tensor<3x8xi8>) -> tensor<3x8xi8> {
  %w = iree_tensor_ext.bitcast %a : tensor<3x8xi8> -> tensor<3x4xi16>
  %r = iree_tensor_ext.bitcast %w : tensor<3x4xi16> -> tensor<3x8xi8>
  return %r : tensor<3x8xi8>
}"""
    assert check_text(text).verdict is Verdict.CORRECT
    swapped = text.replace("tensor<3x8xi8> -> tensor<3x4xi16>", "tensor<3x8xi8> -> tensor<3x4xi16>\n  %x = arith.constant dense<8> : tensor<3x4xi16>\n  %y = arith.shli %w, %x : tensor<3x4xi16>") \
        .replace("bitcast %w :", "bitcast %y :")
    assert check_text(swapped).verdict is Verdict.INCORRECT


def test_dropped_dims_rule():
    from irverify.ir.core import IntType, Op, TensorType
    from irverify.semantics.iree import dropped_dims
    from irverify.smt import terms as t

    op = Op("iree_tensor_ext.dispatch.tensor.store", [], [], {}, [])
    i32 = IntType(32)
    one, n = t.int_val(1), t.int_var("n")
    assert dropped_dims([n, one], 2, TensorType((None,), i32), op) == [False, True]
    assert dropped_dims([one, n], 2, TensorType((None,), i32), op) == [True, False]
    # A static 1 is kept when the next value dim is a static 1.
    assert dropped_dims([one, one, n], 3, TensorType((1, None), i32), op) == [False, True, False]
    assert dropped_dims([n, one, t.int_val(4)], 3, TensorType((None, 4), i32), op) == [False, True, False]


# ----------------------------------------------------------------------------- sub-byte views

F4_LAYOUT = "#hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>"

F4_LOAD_SRC = """  %0 = hal.interface.constant.load layout(#l) ordinal(0) : index
  %1 = hal.interface.binding.subspan layout(#l) binding(0) alignment(16) offset(%c16) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x16xi8>>{%0}
  %2 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0, 0], sizes = [%0, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x16xi8>>{%0} -> tensor<?x16xi8>
  %3 = iree_tensor_ext.bitcast %2 : tensor<?x16xi8>{%0} -> tensor<?x32xf4E2M1FN>{%0}"""

F4_LOAD_TGT = """  %0 = hal.interface.constant.load layout(#l) ordinal(0) : index
  %1 = hal.interface.binding.subspan layout(#l) binding(0) alignment(16) offset({off}) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x32xf4E2M1FN>>{%0}
  %3 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0, 0], sizes = [%0, 32], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x32xf4E2M1FN>>{%0} -> tensor<?x32xf4E2M1FN>"""

F4_STORE_SRC = """  %0 = hal.interface.constant.load layout(#l) ordinal(0) : index
  %1 = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x16xi8>>{%0}
  %2 = iree_tensor_ext.bitcast %a : tensor<?x32xf4E2M1FN>{%0} -> tensor<?x16xi8>{%0}
  iree_tensor_ext.dispatch.tensor.store %2, %1, offsets = [0, 0], sizes = [%0, 16], strides = [1, 1] : tensor<?x16xi8> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x16xi8>>{%0}"""

F4_STORE_TGT = """  %0 = hal.interface.constant.load layout(#l) ordinal(0) : index
  %1 = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x{n}xf4E2M1FN>>{%0}
  iree_tensor_ext.dispatch.tensor.store %a, %1, offsets = [0, 0], sizes = [%0, 32], strides = [1, 1] : tensor<?x32xf4E2M1FN> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x{n}xf4E2M1FN>>{%0}"""


def f4_load_pair(tgt_off: str) -> str:
    head = "  %c0 = arith.constant 0 : index\n  %c16 = arith.constant 16 : index\n  %c32 = arith.constant 32 : index\n"
    return (f"#l = {F4_LAYOUT}\n"
            f"func.func @src() -> tensor<?x32xf4E2M1FN> {{\n{head}{F4_LOAD_SRC}\n  return %3 : tensor<?x32xf4E2M1FN>\n}}\n"
            f"func.func @tgt() -> tensor<?x32xf4E2M1FN> {{\n{head}{F4_LOAD_TGT.replace('{off}', tgt_off)}\n"
            "  return %3 : tensor<?x32xf4E2M1FN>\n}\n")


def f4_store_pair(tgt_inner: int) -> str:
    head = "  %c0 = arith.constant 0 : index\n"
    return (f"#l = {F4_LAYOUT}\n"
            f"func.func @src(%a: tensor<?x32xf4E2M1FN>) {{\n{head}{F4_STORE_SRC}\n  return\n}}\n"
            f"func.func @tgt(%a: tensor<?x32xf4E2M1FN>) {{\n{head}{F4_STORE_TGT.replace('{n}', str(tgt_inner))}\n  return\n}}\n")


def test_fold_load_from_bitcast_into_f4_view_is_correct():
    """FoldInnerBitcastIntoInterfaceTensorLoad: the i8 view plus bitcast becomes an f4 view of
    the same binding at the same byte offset."""
    r = check_text(f4_load_pair("%c16"))
    assert r.verdict is Verdict.CORRECT, r.functions[0].message


def test_fold_load_from_bitcast_with_offset_dropped_is_incorrect():
    r = check_text(f4_load_pair("%c0"))  # the byte offset dropped
    assert r.verdict is Verdict.INCORRECT
    cex = r.functions[0].counterexample
    assert isinstance(cex.source_value, int) and isinstance(cex.target_value, int)  # raw f4 bits
    assert cex.source_value != cex.target_value and 0 <= cex.source_value < 16


def test_fold_store_of_bitcast_into_f4_view_is_correct():
    """FoldInnerBitcastIntoInterfaceTensorStore: storing bitcast(x) through an i8 view equals
    storing x through an f4 view with twice the inner extent."""
    r = check_text(f4_store_pair(32))
    assert r.verdict is Verdict.CORRECT, r.functions[0].message


def test_fold_store_of_bitcast_with_wrong_inner_extent_is_incorrect():
    r = check_text(f4_store_pair(64))  # the view's rows are 32 bytes instead of 16
    assert r.verdict is Verdict.INCORRECT
    cex = r.functions[0].counterexample
    assert cex.check.startswith("target has undefined")  # the wider view overruns the binding
    assert any("inside binding 0" in u for u in cex.ub_reasons)


def test_wrong_inner_extent_is_shown_where_the_target_is_defined_when_confirming():
    """With execution to come, a target-UB counterexample is followed by one where the target is
    defined and stores the wrong bytes (every dim >= 1)."""
    from dataclasses import replace

    r = check_text(f4_store_pair(64), replace(NO_CONFIRM, confirm=True))
    assert r.verdict is Verdict.INCORRECT
    fn = r.functions[0]
    assert fn.counterexample.check == "value mismatch" and all(v >= 1 for v in fn.counterexample.dims.values())
    assert any("undefined behaviour of the target" in n for n in fn.notes)


def test_sub_byte_view_element_zero_is_the_low_nibble():
    """Element 0 of an i4 view is the low nibble of byte 0, as bitcast's element 0 is."""
    def body(pos):
        return f"""  %b = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1xi8>>
  %v = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [1], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1xi8>> -> tensor<1xi8>
  %w = iree_tensor_ext.bitcast %v : tensor<1xi8> -> tensor<2xi4>
  %r = tensor.extract_slice %w[{pos}] [1] [1] : tensor<2xi4> to tensor<1xi4>"""
    tgt = """  %b = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2xi4>>
  %r = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [1], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2xi4>> -> tensor<1xi4>"""

    def text(src):
        return (f"#l = {F4_LAYOUT}\n"
                f"func.func @src() -> tensor<1xi4> {{\n  %c0 = arith.constant 0 : index\n{src}\n  return %r : tensor<1xi4>\n}}\n"
                f"func.func @tgt() -> tensor<1xi4> {{\n  %c0 = arith.constant 0 : index\n{tgt}\n  return %r : tensor<1xi4>\n}}\n")
    assert check_text(text(body(0))).verdict is Verdict.CORRECT
    assert check_text(text(body(1))).verdict is Verdict.INCORRECT


def test_f4_arithmetic_is_unsupported():
    text = ("func.func @src(%a: tensor<4xf4E2M1FN>) -> tensor<4xf4E2M1FN> {\n"
            "  %r = arith.addf %a, %a : tensor<4xf4E2M1FN>\n  return %r : tensor<4xf4E2M1FN>\n}\n"
            "func.func @tgt(%a: tensor<4xf4E2M1FN>) -> tensor<4xf4E2M1FN> {\n  %d = arith.constant 0 : i8\n"
            "  %r = arith.addf %a, %a : tensor<4xf4E2M1FN>\n  return %r : tensor<4xf4E2M1FN>\n}\n")
    r = check_text(text)
    assert r.verdict is Verdict.UNSUPPORTED and "f4E2M1FN" in r.functions[0].message


def test_poison_elements_through_another_element_type():
    """A unit holding bits of a poison (never written) element is poison."""
    body = """  %0 = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<8xi8>>
  %v = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<8xi8>> -> tensor<8xi8>
  %1 = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf4E2M1FN>>
  %e = tensor.empty() : tensor<4xf4E2M1FN>
  iree_tensor_ext.dispatch.tensor.store %e, %1, offsets = [0], sizes = [4], strides = [1] : tensor<4xf4E2M1FN> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf4E2M1FN>>"""
    text = f"#l = {F4_LAYOUT}\n" + "".join(
        f"func.func @{n}() {{\n  %c0 = arith.constant 0 : index\n{body}\n  return\n}}\n" for n in ("src", "tgt"))
    r = check_text(text)
    assert r.verdict is Verdict.CORRECT, r.functions[0].message
    kept = body.split("\n  iree_tensor_ext.dispatch.tensor.store")[0]  # the binding keeps its contents
    pair = f"#l = {F4_LAYOUT}\n" + "".join(
        f"func.func @{n}() {{\n  %c0 = arith.constant 0 : index\n{b}\n  return\n}}\n"
        for n, b in (("src", kept), ("tgt", body)))
    r = check_text(pair)
    assert r.verdict is Verdict.INCORRECT
    assert r.functions[0].counterexample.target_value == "poison"


@pytest.mark.slow
def test_a_binding_viewed_with_two_element_types_is_confirmed_on_iree():
    """The dispatch runner passes a binding as a flat tensor of its units (the element type of
    its first view); the kernel's other views reinterpret the same bytes, as in irverify's
    memory model, so the counterexample's flat unit positions are the ones execution shows."""
    path = ROOT / "testdata" / "regressions" / "Inputs" / "store-narrow-over-undefined.mlir"
    r = check_modules(load(str(path)), None, Options())
    fn = r.functions[0]
    assert fn.verdict is Verdict.INCORRECT
    assert fn.confirmation.confirmed is True, fn.confirmation.detail
    assert fn.confirmation.detail.startswith("binding 0 differs at flat positions [0, 1, 2, 3]")
