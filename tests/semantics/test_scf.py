"""``scf.forall`` (no shared outputs) storing to bindings: parallel tiles, races, the nested-region
case of the reshape-into-interface fold pass."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from irverify.frontends.mlir.parse import parse_mlir
from irverify.records import read_records
from irverify.verify.check import Options, check_modules
from irverify.verify.verdict import Verdict
from tests.paths import IREE_FOLD_RESHAPE  # noqa: E402

NO_CONFIRM = Options(confirm=False)
LAYOUT = "#hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>"
CASE23 = IREE_FOLD_RESHAPE / "fold_reshape__23_fold_collapse_dynamic_offset_in_nested_region.before.mlir"
PIPELINE = "builtin.module(func.func(iree-codegen-fold-reshape-into-interface-tensor))"


def view(n="16"):
    return f"!iree_tensor_ext.dispatch.tensor<writeonly:tensor<{n}xi32>>"


def fn(name, body, n="16", args="%x: tensor<16xi32>"):
    return (f"func.func @{name}({args}) {{\n  %c0 = arith.constant 0 : index\n"
            f"  %b = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : {view(n)}\n"
            f"{body}  return\n}}\n")


def check(src, tgt):
    text = f"#l = {LAYOUT}\n" + src + tgt
    return check_modules(parse_mlir(text, "pair.mlir"), None, NO_CONFIRM)


def tiles(read="d0 * 4", write="d0 * 4", mapping=" {mapping = [#gpu.thread<x>]}"):
    body = (f"  scf.forall (%i) in (4) {{\n"
            f"    %r = affine.apply affine_map<(d0) -> ({read})>(%i)\n"
            f"    %w = affine.apply affine_map<(d0) -> ({write})>(%i)\n"
            f"    %s = tensor.extract_slice %x[%r] [4] [1] : tensor<16xi32> to tensor<4xi32>\n"
            f"    iree_tensor_ext.dispatch.tensor.store %s, %b, offsets = [%w], sizes = [4], strides = [1]"
            f" : tensor<4xi32> -> {view()}\n  }}{mapping}\n")
    return fn("src", body)


def full_store(value="%x", n="16", name="tgt", args="%x: tensor<16xi32>", pre=""):
    return fn(name, pre + f"  iree_tensor_ext.dispatch.tensor.store {value}, %b, offsets = [0], sizes = [{n}], "
              f"strides = [1] : tensor<{n}xi32> -> {view(n)}\n", n, args)


def test_disjoint_tiles_equal_one_full_store():
    assert check(tiles(), full_store()).verdict is Verdict.CORRECT
    assert check(tiles(mapping=""), full_store()).verdict is Verdict.CORRECT


def test_wrong_tile_offset_is_incorrect():
    r = check(tiles(read="12 - d0 * 4"), full_store())
    assert r.verdict is Verdict.INCORRECT
    cex = r.functions[0].counterexample
    assert cex.output.startswith("binding 0") and cex.source_value != cex.target_value


def test_gap_between_tiles_keeps_initial_contents():
    # iterations i = 0, 5, 10 write [i, i+4): positions 4, 9, 14, 15 keep the initial contents
    body = ("  scf.forall (%i) = (0) to (15) step (5) {\n"
            "    %s = tensor.extract_slice %x[%i] [4] [1] : tensor<16xi32> to tensor<4xi32>\n"
            f"    iree_tensor_ext.dispatch.tensor.store %s, %b, offsets = [%i], sizes = [4], strides = [1] : tensor<4xi32> -> {view()}\n"
            "  }\n")
    r = check(fn("src", body), full_store())
    assert r.verdict is Verdict.INCORRECT
    assert r.functions[0].counterexample.source_value != r.functions[0].counterexample.target_value


SPLAT = ("  scf.forall (%i) in (2) {{\n"
         "    {value}\n"
         "    %s = tensor.splat %v : tensor<8xi32>\n"
         f"    iree_tensor_ext.dispatch.tensor.store %s, %b, offsets = [0], sizes = [8], strides = [1] : tensor<8xi32> -> {view('8')}\n"
         "  }}\n")
ZEROS = "  %z = arith.constant dense<0> : tensor<8xi32>\n"
SEVENS = "  %z = arith.constant dense<7> : tensor<8xi32>\n"


def test_overlapping_writes_of_different_values_leave_the_positions_undefined():
    src = fn("src", SPLAT.format(value="%v = arith.index_cast %i : index to i32"), "8", "")
    r = check(src, full_store("%z", "8", args="", pre=ZEROS))
    assert r.verdict is Verdict.CORRECT  # every raced position may hold any value
    assert "data race" not in json.dumps(r.functions[0].source_ub)  # a race is not UB


def test_a_race_introduced_by_the_target_is_incorrect():
    src = fn("src", SPLAT.format(value="%v = arith.index_cast %i : index to i32"), "8", "")
    r = check(full_store("%z", "8", name="src", args="", pre=ZEROS), src.replace("@src", "@tgt"))
    assert r.verdict is Verdict.INCORRECT
    cex = r.functions[0].counterexample
    assert cex.output.startswith("binding 0") and isinstance(cex.source_value, int)
    assert not isinstance(cex.target_value, int)  # the raced position holds no defined value


TWO = "#hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>"


def race_and_copy(name, copy_from="%i", domain="(2)", bound="2"):
    """Every iteration writes its number to all of binding 1 (a race) and element ``copy_from``
    of %x to element %i of binding 0 (no race)."""
    v8 = view("8")
    return (f"func.func @{name}(%x: tensor<{bound}xi32>) {{\n  %c0 = arith.constant 0 : index\n"
            f"  %b = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : {view(bound)}\n"
            f"  %r = hal.interface.binding.subspan layout(#l) binding(1) alignment(64) offset(%c0) : {v8}\n"
            f"  scf.forall (%i) in {domain} {{\n"
            "    %v = arith.index_cast %i : index to i32\n"
            "    %s = tensor.splat %v : tensor<8xi32>\n"
            f"    iree_tensor_ext.dispatch.tensor.store %s, %r, offsets = [0], sizes = [8], strides = [1] : tensor<8xi32> -> {v8}\n"
            f"    %e = tensor.extract_slice %x[{copy_from}] [1] [1] : tensor<{bound}xi32> to tensor<1xi32>\n"
            f"    iree_tensor_ext.dispatch.tensor.store %e, %b, offsets = [%i], sizes = [1], strides = [1] : tensor<1xi32> -> {view(bound)}\n"
            "  }\n  return\n}\n")


def check_two(src, tgt):
    return check_modules(parse_mlir(f"#l = {TWO}\n" + src + tgt, "pair.mlir"), None, NO_CONFIRM)


def test_a_race_on_one_binding_does_not_hide_a_wrong_value_on_another():
    src = race_and_copy("src")
    r = check_two(src, race_and_copy("tgt"))
    assert r.verdict is Verdict.CORRECT
    assert "data race" not in json.dumps(r.functions[0].source_ub)
    r = check_two(src, race_and_copy("tgt", copy_from="1"))
    assert r.verdict is Verdict.INCORRECT
    assert r.functions[0].counterexample.output.startswith("binding 0")


@pytest.mark.slow
def test_a_race_over_a_large_domain_is_not_ub():
    # 100 iterations: the writer of a position is named by a picker function, not expanded
    src = race_and_copy("src", domain="(100)", bound="100")
    r = check_two(src, race_and_copy("tgt", domain="(100)", bound="100"))
    assert r.verdict is Verdict.CORRECT
    assert "data race" not in json.dumps(r.functions[0].source_ub)


def test_only_the_raced_positions_are_undefined():
    # iteration 0 writes 0 to [0, 8), iteration 1 writes 1 to [4, 12): [4, 8) is raced
    body = ("  scf.forall (%i) in (2) {\n"
            "    %v = arith.index_cast %i : index to i32\n"
            "    %o = arith.muli %i, %c4 : index\n"
            "    %s = tensor.splat %v : tensor<8xi32>\n"
            f"    iree_tensor_ext.dispatch.tensor.store %s, %b, offsets = [%o], sizes = [8], strides = [1] : tensor<8xi32> -> {view('12')}\n"
            "  }\n")
    src = fn("src", "  %c4 = arith.constant 4 : index\n" + body, "12", "")

    def tgt(middle):
        pre = f"  %z = arith.constant dense<[0, 0, 0, 0, {middle}, 1, 1, 1, 1]> : tensor<12xi32>\n"
        return full_store("%z", "12", args="", pre=pre)

    assert check(src, tgt("7, 7, 7, 7")).verdict is Verdict.CORRECT
    r = check(src, tgt("7, 7, 7, 7").replace("[0, 0, 0, 0,", "[0, 5, 0, 0,"))
    assert r.verdict is Verdict.INCORRECT
    assert r.functions[0].counterexample.index == [1]


def test_overlapping_writes_of_identical_values_are_defined():
    src = fn("src", SPLAT.format(value="%v = arith.constant 7 : i32"), "8", "")
    assert check(src, full_store("%z", "8", args="", pre=ZEROS)).verdict is Verdict.INCORRECT
    assert check(src, full_store("%z", "8", args="", pre=SEVENS)).verdict is Verdict.CORRECT


DYN = """func.func @{name}(%x: tensor<?x4xi32>) {{
  %c0 = arith.constant 0 : index
  %n = hal.interface.constant.load layout(#l) ordinal(0) : index
  %b = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xi32>>{{%n}}
{body}  return
}}
"""


def test_dynamic_domain_rows_equal_one_full_store():
    src = DYN.format(name="src", body=(
        "  scf.forall (%i) in (%n) {\n"
        "    %s = tensor.extract_slice %x[%i, 0] [1, 4] [1, 1] : tensor<?x4xi32> to tensor<1x4xi32>\n"
        "    iree_tensor_ext.dispatch.tensor.store %s, %b, offsets = [%i, 0], sizes = [1, 4], strides = [1, 1]"
        " : tensor<1x4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xi32>>{%n}\n  }\n"))
    tgt = DYN.format(name="tgt", body=(
        "  %s = tensor.extract_slice %x[0, 0] [%n, 4] [1, 1] : tensor<?x4xi32> to tensor<?x4xi32>\n"
        "  iree_tensor_ext.dispatch.tensor.store %s, %b, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1]"
        " : tensor<?x4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xi32>>{%n}\n"))
    r = check(src, tgt)
    assert r.verdict is Verdict.CORRECT
    assert not any(n.startswith("bounded") for n in r.functions[0].notes)


def test_load_and_store_of_one_binding_in_the_body_is_unsupported():
    layout = LAYOUT.replace("storage_buffer>]", "storage_buffer>, #hal.pipeline.binding<storage_buffer>]")
    rw = "!iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xi32>>"
    body = (f"  %b = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : {rw}\n"
            "  scf.forall (%i) in (4) {\n"
            f"    %s = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [4], strides = [1] : {rw} -> tensor<4xi32>\n"
            f"    iree_tensor_ext.dispatch.tensor.store %s, %b, offsets = [4], sizes = [4], strides = [1] : tensor<4xi32> -> {rw}\n"
            "  }\n")
    text = f"#l = {layout}\n" + "".join(
        f"func.func @{n}() {{\n  %c0 = arith.constant 0 : index\n{body}  return\n}}\n" for n in ("src", "tgt"))
    r = check_modules(parse_mlir(text, "pair.mlir"), None, NO_CONFIRM)
    assert r.verdict is Verdict.UNSUPPORTED and "loads and stores binding 0" in r.functions[0].message


def test_fold_pass_nested_region_case_is_correct():
    out = subprocess.run([sys.executable, "-m", "irverify", "validate-pass", "--iree-pipeline", PIPELINE,
                          "--split-input-file", "--no-confirm", "--json", str(CASE23)],
                         capture_output=True, text=True, timeout=300)
    [case], summary = read_records(out.stdout)
    assert case["changed"] is True
    assert case["verdict"] == "correct", case
    assert summary["verdicts"]["correct"] == 1


@pytest.mark.slow
def test_wrong_tile_offset_is_confirmed_on_iree():
    text = f"#l = {LAYOUT}\n" + tiles(read="12 - d0 * 4") + full_store()
    r = check_modules(parse_mlir(text, "pair.mlir"), None, Options())
    assert r.verdict is Verdict.INCORRECT
    assert r.functions[0].confirmation is not None and r.functions[0].confirmation.confirmed is True


EMPTY_TILES = ("  scf.forall (%i) in (4) {\n"
               "    %w = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)\n"
               "    %s = tensor.extract_slice %x[%w] [4] [1] : tensor<16xi32> to tensor<4xi32>\n"
               "    %e = tensor.empty() : tensor<4xi32>\n"
               "    %c = arith.cmpi eq, %i, %c0 : index\n"
               "    %t = arith.select %c, %e, %s : tensor<4xi32>\n"
               f"    iree_tensor_ext.dispatch.tensor.store %t, %b, offsets = [%w], sizes = [4], strides = [1] : tensor<4xi32> -> {view()}\n"
               "  }\n")


def test_undefined_elements_stored_in_a_forall_leave_their_positions_undefined():
    # iteration 0 stores tensor.empty elements to [0, 4), the others copy %x
    src = fn("src", EMPTY_TILES)
    assert check(src, full_store()).verdict is Verdict.CORRECT  # any value refines [0, 4)
    r = check(full_store(name="src"), src.replace("@src", "@tgt"))
    assert r.verdict is Verdict.INCORRECT
    assert r.functions[0].counterexample.index[0] < 4
    wrong = full_store(pre="  %z = arith.constant dense<0> : tensor<16xi32>\n", value="%z")
    r = check(src, wrong)  # positions [4, 16) are still compared
    assert r.verdict is Verdict.INCORRECT and r.functions[0].counterexample.index[0] >= 4
