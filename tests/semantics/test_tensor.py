"""Refinement tests of the ``tensor`` dialect semantics: hand-written source/target pairs."""

import pytest

from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.check import Options, check_modules
from irverify.verify.verdict import Verdict


def check(text: str, confirm: bool = False):
    module = parse_mlir(text, "pair.mlir")
    report = check_modules(module, None, Options(confirm=confirm, timeout_s=20.0))
    (fn,) = report.functions
    return fn


# Each case: (name, MLIR module with @src and @tgt, expected verdict).
CASES = [
    # --- extract_slice -------------------------------------------------------------------
    ("slice_of_slice", """
func.func @src(%t: tensor<?xi32>, %o1: index, %o2: index) -> tensor<3xi32> {
  %a = tensor.extract_slice %t[%o1][8][2] : tensor<?xi32> to tensor<8xi32>
  %b = tensor.extract_slice %a[%o2][3][3] : tensor<8xi32> to tensor<3xi32>
  return %b : tensor<3xi32>
}
func.func @tgt(%t: tensor<?xi32>, %o1: index, %o2: index) -> tensor<3xi32> {
  %c2 = arith.constant 2 : index
  %m = arith.muli %o2, %c2 : index
  %o = arith.addi %o1, %m : index
  %b = tensor.extract_slice %t[%o][3][6] : tensor<?xi32> to tensor<3xi32>
  return %b : tensor<3xi32>
}""", Verdict.CORRECT),
    ("slice_of_slice_wrong_stride", """
func.func @src(%t: tensor<?xi32>, %o1: index, %o2: index) -> tensor<3xi32> {
  %a = tensor.extract_slice %t[%o1][8][2] : tensor<?xi32> to tensor<8xi32>
  %b = tensor.extract_slice %a[%o2][3][3] : tensor<8xi32> to tensor<3xi32>
  return %b : tensor<3xi32>
}
func.func @tgt(%t: tensor<?xi32>, %o1: index, %o2: index) -> tensor<3xi32> {
  %c2 = arith.constant 2 : index
  %m = arith.muli %o2, %c2 : index
  %o = arith.addi %o1, %m : index
  %b = tensor.extract_slice %t[%o][3][4] : tensor<?xi32> to tensor<3xi32>
  return %b : tensor<3xi32>
}""", Verdict.INCORRECT),
    ("rank_reducing_slice_vs_extract", """
func.func @src(%t: tensor<?x?xi32>, %i: index, %j: index) -> i32 {
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %t[%i, %j][1, 1][1, 1] : tensor<?x?xi32> to tensor<1xi32>
  %v = tensor.extract %s[%c0] : tensor<1xi32>
  return %v : i32
}
func.func @tgt(%t: tensor<?x?xi32>, %i: index, %j: index) -> i32 {
  %v = tensor.extract %t[%i, %j] : tensor<?x?xi32>
  return %v : i32
}""", Verdict.CORRECT),
    ("rank_reducing_slice_row", """
func.func @src(%t: tensor<4x?xi32>, %i: index) -> tensor<?xi32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c1 : tensor<4x?xi32>
  %s = tensor.extract_slice %t[%i, 0][1, %n][1, 1] : tensor<4x?xi32> to tensor<?xi32>
  return %s : tensor<?xi32>
}
func.func @tgt(%t: tensor<4x?xi32>, %i: index) -> tensor<?xi32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c1 : tensor<4x?xi32>
  %s = tensor.extract_slice %t[%i, 0][1, %n][1, 1] : tensor<4x?xi32> to tensor<1x?xi32>
  %r = tensor.collapse_shape %s [[0, 1]] : tensor<1x?xi32> into tensor<?xi32>
  return %r : tensor<?xi32>
}""", Verdict.CORRECT),
    # --- collapse / expand ---------------------------------------------------------------
    ("collapse_expand_identity", """
func.func @src(%t: tensor<?x?xi32>) -> tensor<?x?xi32> {
  return %t : tensor<?x?xi32>
}
func.func @tgt(%t: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %t, %c1 : tensor<?x?xi32>
  %f = tensor.collapse_shape %t [[0, 1]] : tensor<?x?xi32> into tensor<?xi32>
  %e = tensor.expand_shape %f [[0, 1]] output_shape [%d0, %d1] : tensor<?xi32> into tensor<?x?xi32>
  return %e : tensor<?x?xi32>
}""", Verdict.CORRECT),
    ("wrong_reassociation", """
func.func @src(%t: tensor<?x?x?xi32>) -> tensor<?x?xi32> {
  %r = tensor.collapse_shape %t [[0, 1], [2]] : tensor<?x?x?xi32> into tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
func.func @tgt(%t: tensor<?x?x?xi32>) -> tensor<?x?xi32> {
  %r = tensor.collapse_shape %t [[0], [1, 2]] : tensor<?x?x?xi32> into tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}""", Verdict.INCORRECT),
    ("expand_static_vs_collapse_static", """
func.func @src(%t: tensor<24xi32>) -> tensor<2x3x4xi32> {
  %r = tensor.expand_shape %t [[0, 1, 2]] output_shape [2, 3, 4] : tensor<24xi32> into tensor<2x3x4xi32>
  return %r : tensor<2x3x4xi32>
}
func.func @tgt(%t: tensor<24xi32>) -> tensor<2x3x4xi32> {
  %a = tensor.expand_shape %t [[0, 1]] output_shape [6, 4] : tensor<24xi32> into tensor<6x4xi32>
  %r = tensor.expand_shape %a [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xi32> into tensor<2x3x4xi32>
  return %r : tensor<2x3x4xi32>
}""", Verdict.CORRECT),
    ("expand_introduces_ub", """
func.func @src(%t: tensor<?xi32>, %n: index) -> tensor<?xi32> {
  return %t : tensor<?xi32>
}
func.func @tgt(%t: tensor<?xi32>, %n: index) -> tensor<?xi32> {
  %e = tensor.expand_shape %t [[0, 1]] output_shape [%n, 4] : tensor<?xi32> into tensor<?x4xi32>
  %r = tensor.collapse_shape %e [[0, 1]] : tensor<?x4xi32> into tensor<?xi32>
  return %r : tensor<?xi32>
}""", Verdict.INCORRECT),
    # --- insert_slice --------------------------------------------------------------------
    ("insert_then_extract_slice", """
func.func @src(%x: tensor<2x3xi32>, %d: tensor<?x?xi32>, %i: index) -> tensor<2x3xi32> {
  %r = tensor.insert_slice %x into %d[%i, 1][2, 3][1, 1] : tensor<2x3xi32> into tensor<?x?xi32>
  %s = tensor.extract_slice %r[%i, 1][2, 3][1, 1] : tensor<?x?xi32> to tensor<2x3xi32>
  return %s : tensor<2x3xi32>
}
func.func @tgt(%x: tensor<2x3xi32>, %d: tensor<?x?xi32>, %i: index) -> tensor<2x3xi32> {
  return %x : tensor<2x3xi32>
}""", Verdict.CORRECT),
    ("insert_slice_other_offset", """
func.func @src(%x: tensor<2xi32>, %d: tensor<8xi32>) -> tensor<8xi32> {
  %r = tensor.insert_slice %x into %d[1][2][1] : tensor<2xi32> into tensor<8xi32>
  return %r : tensor<8xi32>
}
func.func @tgt(%x: tensor<2xi32>, %d: tensor<8xi32>) -> tensor<8xi32> {
  %r = tensor.insert_slice %x into %d[2][2][1] : tensor<2xi32> into tensor<8xi32>
  return %r : tensor<8xi32>
}""", Verdict.INCORRECT),
    ("insert_slice_strided_rank_reduced", """
func.func @src(%x: tensor<3xi32>, %d: tensor<4x8xi32>) -> i32 {
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %r = tensor.insert_slice %x into %d[2, 1][1, 3][1, 2] : tensor<3xi32> into tensor<4x8xi32>
  %v = tensor.extract %r[%c2, %c5] : tensor<4x8xi32>
  return %v : i32
}
func.func @tgt(%x: tensor<3xi32>, %d: tensor<4x8xi32>) -> i32 {
  %c2 = arith.constant 2 : index
  %v = tensor.extract %x[%c2] : tensor<3xi32>
  return %v : i32
}""", Verdict.CORRECT),
    ("insert_slice_into_empty_refined", """
func.func @src(%x: tensor<2xi32>, %d: tensor<8xi32>) -> tensor<8xi32> {
  %e = tensor.empty() : tensor<8xi32>
  %r = tensor.insert_slice %x into %e[3][2][1] : tensor<2xi32> into tensor<8xi32>
  return %r : tensor<8xi32>
}
func.func @tgt(%x: tensor<2xi32>, %d: tensor<8xi32>) -> tensor<8xi32> {
  %r = tensor.insert_slice %x into %d[3][2][1] : tensor<2xi32> into tensor<8xi32>
  return %r : tensor<8xi32>
}""", Verdict.CORRECT),
    ("insert_slice_into_empty_less_defined", """
func.func @src(%x: tensor<2xi32>, %d: tensor<8xi32>) -> tensor<8xi32> {
  %r = tensor.insert_slice %x into %d[3][2][1] : tensor<2xi32> into tensor<8xi32>
  return %r : tensor<8xi32>
}
func.func @tgt(%x: tensor<2xi32>, %d: tensor<8xi32>) -> tensor<8xi32> {
  %e = tensor.empty() : tensor<8xi32>
  %r = tensor.insert_slice %x into %e[3][2][1] : tensor<2xi32> into tensor<8xi32>
  return %r : tensor<8xi32>
}""", Verdict.INCORRECT),
    # --- pad -----------------------------------------------------------------------------
    ("pad_then_slice_interior", """
func.func @src(%t: tensor<?x?xi32>, %p: i32, %l: index) -> tensor<?x?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %t, %c1 : tensor<?x?xi32>
  %r = tensor.pad %t low[1, %l] high[2, 3] {
  ^bb0(%a: index, %b: index):
    tensor.yield %p : i32
  } : tensor<?x?xi32> to tensor<?x?xi32>
  %s = tensor.extract_slice %r[1, %l][%d0, %d1][1, 1] : tensor<?x?xi32> to tensor<?x?xi32>
  return %s : tensor<?x?xi32>
}
func.func @tgt(%t: tensor<?x?xi32>, %p: i32, %l: index) -> tensor<?x?xi32> {
  return %t : tensor<?x?xi32>
}""", Verdict.CORRECT),
    ("pad_other_value", """
func.func @src(%t: tensor<2x3xi32>) -> tensor<3x5xi32> {
  %c = arith.constant 0 : i32
  %r = tensor.pad %t low[1, 1] high[0, 1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %c : i32
  } : tensor<2x3xi32> to tensor<3x5xi32>
  return %r : tensor<3x5xi32>
}
func.func @tgt(%t: tensor<2x3xi32>) -> tensor<3x5xi32> {
  %c = arith.constant 1 : i32
  %r = tensor.pad %t low[1, 1] high[0, 1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %c : i32
  } : tensor<2x3xi32> to tensor<3x5xi32>
  return %r : tensor<3x5xi32>
}""", Verdict.INCORRECT),
    ("pad_split_low", """
func.func @src(%t: tensor<?xi32>, %p: i32) -> tensor<?xi32> {
  %r = tensor.pad %t low[3] high[0] {
  ^bb0(%a: index):
    tensor.yield %p : i32
  } : tensor<?xi32> to tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @tgt(%t: tensor<?xi32>, %p: i32) -> tensor<?xi32> {
  %a = tensor.pad %t low[1] high[0] {
  ^bb0(%i: index):
    tensor.yield %p : i32
  } : tensor<?xi32> to tensor<?xi32>
  %r = tensor.pad %a low[2] high[0] {
  ^bb0(%i: index):
    tensor.yield %p : i32
  } : tensor<?xi32> to tensor<?xi32>
  return %r : tensor<?xi32>
}""", Verdict.CORRECT),
    # --- UB-dependent correctness ----------------------------------------------------------
    ("correct_because_source_ub", """
func.func @src(%t: tensor<4xi32>, %i: index) -> i32 {
  %v = tensor.extract %t[%i] : tensor<4xi32>
  return %v : i32
}
func.func @tgt(%t: tensor<4xi32>, %i: index) -> i32 {
  %c3 = arith.constant 3 : index
  %j = arith.minui %i, %c3 : index
  %v = tensor.extract %t[%j] : tensor<4xi32>
  return %v : i32
}""", Verdict.CORRECT),
    ("extract_clamped_other_way", """
func.func @src(%t: tensor<4xi32>, %i: index) -> i32 {
  %c3 = arith.constant 3 : index
  %j = arith.minui %i, %c3 : index
  %v = tensor.extract %t[%j] : tensor<4xi32>
  return %v : i32
}
func.func @tgt(%t: tensor<4xi32>, %i: index) -> i32 {
  %v = tensor.extract %t[%i] : tensor<4xi32>
  return %v : i32
}""", Verdict.INCORRECT),
    ("extract_of_empty_is_ub", """
func.func @src(%i: index) -> i32 {
  %e = tensor.empty() : tensor<4xi32>
  %v = tensor.extract %e[%i] : tensor<4xi32>
  return %v : i32
}
func.func @tgt(%i: index) -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
}""", Verdict.CORRECT),
    # --- insert / extract / from_elements / splat / generate --------------------------------
    ("insert_then_extract", """
func.func @src(%t: tensor<?x?xi32>, %v: i32, %i: index, %j: index) -> i32 {
  %r = tensor.insert %v into %t[%i, %j] : tensor<?x?xi32>
  %x = tensor.extract %r[%i, %j] : tensor<?x?xi32>
  return %x : i32
}
func.func @tgt(%t: tensor<?x?xi32>, %v: i32, %i: index, %j: index) -> i32 {
  return %v : i32
}""", Verdict.CORRECT),
    ("insert_other_index", """
func.func @src(%t: tensor<?xi32>, %v: i32, %i: index) -> tensor<?xi32> {
  %r = tensor.insert %v into %t[%i] : tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @tgt(%t: tensor<?xi32>, %v: i32, %i: index) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %r = tensor.insert %v into %t[%c0] : tensor<?xi32>
  return %r : tensor<?xi32>
}""", Verdict.INCORRECT),
    ("from_elements_extract", """
func.func @src(%a: i32, %b: i32, %c: i32) -> i32 {
  %t = tensor.from_elements %a, %b, %c : tensor<3xi32>
  %c1 = arith.constant 1 : index
  %x = tensor.extract %t[%c1] : tensor<3xi32>
  return %x : i32
}
func.func @tgt(%a: i32, %b: i32, %c: i32) -> i32 {
  return %b : i32
}""", Verdict.CORRECT),
    ("from_elements_order", """
func.func @src(%a: i32, %b: i32) -> tensor<2xi32> {
  %t = tensor.from_elements %a, %b : tensor<2xi32>
  return %t : tensor<2xi32>
}
func.func @tgt(%a: i32, %b: i32) -> tensor<2xi32> {
  %t = tensor.from_elements %b, %a : tensor<2xi32>
  return %t : tensor<2xi32>
}""", Verdict.INCORRECT),
    ("generate_const_is_splat", """
func.func @src(%v: i32, %n: index) -> tensor<?x4xi32> {
  %t = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : i32
  } : tensor<?x4xi32>
  return %t : tensor<?x4xi32>
}
func.func @tgt(%v: i32, %n: index) -> tensor<?x4xi32> {
  %t = tensor.splat %v[%n] : tensor<?x4xi32>
  return %t : tensor<?x4xi32>
}""", Verdict.CORRECT),
    ("generate_index_shift", """
func.func @src(%n: index) -> tensor<?xindex> {
  %t = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?xindex>
  return %t : tensor<?xindex>
}
func.func @tgt(%n: index) -> tensor<?xindex> {
  %c1 = arith.constant 1 : index
  %t = tensor.generate %n {
  ^bb0(%i: index):
    %k = arith.addi %i, %c1 : index
    tensor.yield %k : index
  } : tensor<?xindex>
  return %t : tensor<?xindex>
}""", Verdict.INCORRECT),
    # --- concat / reshape / cast / dim ------------------------------------------------------
    ("concat_then_slice", """
func.func @src(%a: tensor<?x3xi32>, %b: tensor<?x3xi32>) -> tensor<?x3xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x3xi32>
  %r = tensor.concat dim(0) %a, %b : (tensor<?x3xi32>, tensor<?x3xi32>) -> tensor<?x3xi32>
  %s = tensor.extract_slice %r[0, 0][%n, 3][1, 1] : tensor<?x3xi32> to tensor<?x3xi32>
  return %s : tensor<?x3xi32>
}
func.func @tgt(%a: tensor<?x3xi32>, %b: tensor<?x3xi32>) -> tensor<?x3xi32> {
  return %a : tensor<?x3xi32>
}""", Verdict.CORRECT),
    ("concat_swapped", """
func.func @src(%a: tensor<2x?xi32>, %b: tensor<2x?xi32>) -> tensor<2x?xi32> {
  %r = tensor.concat dim(1) %a, %b : (tensor<2x?xi32>, tensor<2x?xi32>) -> tensor<2x?xi32>
  return %r : tensor<2x?xi32>
}
func.func @tgt(%a: tensor<2x?xi32>, %b: tensor<2x?xi32>) -> tensor<2x?xi32> {
  %r = tensor.concat dim(1) %b, %a : (tensor<2x?xi32>, tensor<2x?xi32>) -> tensor<2x?xi32>
  return %r : tensor<2x?xi32>
}""", Verdict.INCORRECT),
    ("reshape_is_expand", """
func.func @src(%t: tensor<6xi32>) -> tensor<2x3xi32> {
  %s = arith.constant dense<[2, 3]> : tensor<2xindex>
  %r = tensor.reshape %t(%s) : (tensor<6xi32>, tensor<2xindex>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}
func.func @tgt(%t: tensor<6xi32>) -> tensor<2x3xi32> {
  %r = tensor.expand_shape %t [[0, 1]] output_shape [2, 3] : tensor<6xi32> into tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}""", Verdict.CORRECT),
    ("reshape_other_shape", """
func.func @src(%t: tensor<6xi32>) -> tensor<?x?xi32> {
  %s = arith.constant dense<[2, 3]> : tensor<2xindex>
  %r = tensor.reshape %t(%s) : (tensor<6xi32>, tensor<2xindex>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
func.func @tgt(%t: tensor<6xi32>) -> tensor<?x?xi32> {
  %s = arith.constant dense<[3, 2]> : tensor<2xindex>
  %r = tensor.reshape %t(%s) : (tensor<6xi32>, tensor<2xindex>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}""", Verdict.INCORRECT),
    ("cast_roundtrip_source_ub", """
func.func @src(%t: tensor<?xi32>) -> tensor<?xi32> {
  %a = tensor.cast %t : tensor<?xi32> to tensor<4xi32>
  %b = tensor.cast %a : tensor<4xi32> to tensor<?xi32>
  return %b : tensor<?xi32>
}
func.func @tgt(%t: tensor<?xi32>) -> tensor<?xi32> {
  return %t : tensor<?xi32>
}""", Verdict.CORRECT),
    ("cast_adds_ub", """
func.func @src(%t: tensor<?xi32>) -> tensor<?xi32> {
  return %t : tensor<?xi32>
}
func.func @tgt(%t: tensor<?xi32>) -> tensor<?xi32> {
  %a = tensor.cast %t : tensor<?xi32> to tensor<4xi32>
  %b = tensor.cast %a : tensor<4xi32> to tensor<?xi32>
  return %b : tensor<?xi32>
}""", Verdict.INCORRECT),
    ("dim_of_collapse", """
func.func @src(%t: tensor<?x5xi32>) -> index {
  %c0 = arith.constant 0 : index
  %f = tensor.collapse_shape %t [[0, 1]] : tensor<?x5xi32> into tensor<?xi32>
  %d = tensor.dim %f, %c0 : tensor<?xi32>
  return %d : index
}
func.func @tgt(%t: tensor<?x5xi32>) -> index {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %d = tensor.dim %t, %c0 : tensor<?x5xi32>
  %r = arith.muli %d, %c5 : index
  return %r : index
}""", Verdict.CORRECT),
    ("dim_wrong_index", """
func.func @src(%t: tensor<?x?xi32>, %k: index) -> index {
  %d = tensor.dim %t, %k : tensor<?x?xi32>
  return %d : index
}
func.func @tgt(%t: tensor<?x?xi32>, %k: index) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?x?xi32>
  return %d : index
}""", Verdict.INCORRECT),
]


@pytest.mark.parametrize("name,text,expected", CASES, ids=[c[0] for c in CASES])
def test_pair(name, text, expected):
    report = check(text)
    assert report.verdict == expected, report.message


def test_source_ub_note_is_reported():
    text = dict((c[0], c[1]) for c in CASES)["correct_because_source_ub"]
    report = check(text)
    assert report.verdict == Verdict.CORRECT
    assert report.source_ub is not None


UNSUPPORTED = [
    ("pad_value_depends_on_index", """
func.func @src(%t: tensor<?xindex>) -> tensor<?xindex> {
  %r = tensor.pad %t low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?xindex> to tensor<?xindex>
  return %r : tensor<?xindex>
}
func.func @tgt(%t: tensor<?xindex>) -> tensor<?xindex> {
  %dead = arith.constant 0 : i8
  %r = tensor.pad %t low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?xindex> to tensor<?xindex>
  return %r : tensor<?xindex>
}"""),
    ("encoding", """
func.func @src(%t: tensor<4xi32, "enc">) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<4xi32, "enc">
  return %d : index
}
func.func @tgt(%t: tensor<4xi32, "enc">) -> index {
  %c4 = arith.constant 4 : index
  return %c4 : index
}"""),
]


@pytest.mark.parametrize("name,text", UNSUPPORTED, ids=[c[0] for c in UNSUPPORTED])
def test_unsupported(name, text):
    report = check(text)
    assert report.verdict == Verdict.UNSUPPORTED


@pytest.mark.parametrize("name", ["insert_slice_other_offset", "pad_other_value", "concat_swapped"])
def test_incorrect_is_confirmed_by_iree(name):
    text = dict((c[0], c[1]) for c in CASES)[name]
    report = check(text, confirm=True)
    assert report.verdict == Verdict.INCORRECT
    assert report.confirmation is not None and report.confirmation.confirmed is True, report.confirmation
