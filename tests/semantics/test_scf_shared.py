"""``scf.forall`` with ``shared_outs``: disjoint tiles, wrong offsets, conflicting writes and
reads of another iteration's tile, static and dynamic domains."""

from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.check import Options, check_modules
from irverify.verify.verdict import Verdict

NO_CONFIRM = Options(confirm=False)


def check(src, tgt):
    return check_modules(parse_mlir(src + tgt, "pair.mlir"), None, NO_CONFIRM)


def tiled(name="src", read="%i, %j", write="%i, %j", step="(2, 2)", out="%o", size="[2, 2]"):
    return f"""func.func @{name}(%a: tensor<4x4xi32>, %b: tensor<4x4xi32>) -> tensor<4x4xi32> {{
  %r = scf.forall (%i, %j) = (0, 0) to (4, 4) step {step} shared_outs(%o = %b) -> (tensor<4x4xi32>) {{
    %x = tensor.extract_slice %a[{read}] {size} [1, 1] : tensor<4x4xi32> to tensor<2x2xi32>
    %d = tensor.extract_slice {out}[{read}] {size} [1, 1] : tensor<4x4xi32> to tensor<2x2xi32>
    %y = arith.addi %x, %d : tensor<2x2xi32>
    scf.forall.in_parallel {{
      tensor.parallel_insert_slice %y into %o[{write}] {size} [1, 1] : tensor<2x2xi32> into tensor<4x4xi32>
    }}
  }} {{mapping = [#gpu.thread<y>, #gpu.thread<x>]}}
  return %r : tensor<4x4xi32>
}}
"""


WHOLE = """func.func @tgt(%a: tensor<4x4xi32>, %b: tensor<4x4xi32>) -> tensor<4x4xi32> {
  %y = arith.addi %a, %b : tensor<4x4xi32>
  return %y : tensor<4x4xi32>
}
"""


def test_disjoint_tiles_equal_the_whole_computation():
    assert check(tiled(), WHOLE).verdict is Verdict.CORRECT


PAIRS = """func.func @src(%a: tensor<8xi32>, %b: tensor<8xi32>) -> tensor<8xi32> {{
  %r = scf.forall (%i) in (4) shared_outs(%o = %b) -> (tensor<8xi32>) {{
    %ri = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %wi = affine.apply affine_map<(d0) -> ({write})>(%i)
    %x = tensor.extract_slice %a[%ri] [2] [1] : tensor<8xi32> to tensor<2xi32>
    scf.forall.in_parallel {{
      tensor.parallel_insert_slice %x into %o[%wi] [2] [1] : tensor<2xi32> into tensor<8xi32>
    }}
  }}
  return %r : tensor<8xi32>
}}
func.func @tgt(%a: tensor<8xi32>, %b: tensor<8xi32>) -> tensor<8xi32> {{
  return %a : tensor<8xi32>
}}
"""


def test_a_tile_written_at_the_wrong_offset_is_incorrect():
    assert check(PAIRS.format(write="d0 * 2"), "").verdict is Verdict.CORRECT
    r = check(PAIRS.format(write="6 - d0 * 2"), "")
    assert r.verdict is Verdict.INCORRECT


def test_reading_the_wrong_tile_of_the_input_is_incorrect():
    r = check(tiled(read="%i, 0", out="%b"), WHOLE)
    assert r.verdict is Verdict.INCORRECT


def test_conflicting_parallel_inserts_are_unsupported():
    r = check(tiled(write="0, %j"), WHOLE)
    assert r.verdict is Verdict.UNSUPPORTED
    assert "write one position twice" in r.functions[0].message


def test_reading_another_iterations_tile_of_the_shared_output_is_unsupported():
    r = check(tiled(read="%i, 0").replace("tensor.extract_slice %a[%i, 0]", "tensor.extract_slice %a[%i, %j]"), WHOLE)
    assert r.verdict is Verdict.UNSUPPORTED
    assert "another iteration writes" in r.functions[0].message


ROWS = """func.func @{name}(%a: tensor<?x4xi32>) -> tensor<?x4xi32> {{
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xi32>
  %e = tensor.empty(%n) : tensor<?x4xi32>
  %r = scf.forall (%i) in (%n) shared_outs(%o = %e) -> (tensor<?x4xi32>) {{
    %x = tensor.extract_slice %a[{row}, 0] [1, 4] [1, 1] : tensor<?x4xi32> to tensor<4xi32>
    scf.forall.in_parallel {{
      tensor.parallel_insert_slice %x into %o[%i, 0] [1, 4] [1, 1] : tensor<4xi32> into tensor<?x4xi32>
    }}
  }}
  return %r : tensor<?x4xi32>
}}
"""
COPY = """func.func @tgt(%a: tensor<?x4xi32>) -> tensor<?x4xi32> {
  return %a : tensor<?x4xi32>
}
"""


def test_dynamic_domain_rows_equal_a_copy():
    assert check(ROWS.format(name="src", row="%i"), COPY).verdict is Verdict.CORRECT


def test_dynamic_domain_wrong_row_is_incorrect():
    assert check(ROWS.format(name="src", row="0"), COPY).verdict is Verdict.INCORRECT


LARGE = """func.func @src(%a: tensor<512xi32>, %b: tensor<512xi32>) -> tensor<512xi32> {{
  %r = scf.forall (%i) in (128) shared_outs(%o = %b) -> (tensor<512xi32>) {{
    %ri = affine.apply affine_map<(d0) -> ({read})>(%i)
    %wi = affine.apply affine_map<(d0) -> ({write})>(%i)
    %x = tensor.extract_slice %a[%ri] [4] [1] : tensor<512xi32> to tensor<4xi32>
    scf.forall.in_parallel {{
      tensor.parallel_insert_slice %x into %o[%wi] [4] [1] : tensor<4xi32> into tensor<512xi32>
    }}
  }}
  return %r : tensor<512xi32>
}}
func.func @tgt(%a: tensor<512xi32>, %b: tensor<512xi32>) -> tensor<512xi32> {{
  return %a : tensor<512xi32>
}}
"""


def test_large_domain_tiles_use_the_closed_form_writer():
    assert check(LARGE.format(read="d0 * 4", write="d0 * 4"), "").verdict is Verdict.CORRECT
    assert check(LARGE.format(read="508 - d0 * 4", write="508 - d0 * 4"), "").verdict is Verdict.CORRECT
    assert check(LARGE.format(read="(d0 * 4 + 4) mod 512", write="d0 * 4"), "").verdict is Verdict.INCORRECT


def test_large_domain_without_a_closed_form_writer_is_unsupported():
    r = check(LARGE.format(read="(d0 * 20) mod 512", write="(d0 * 20) mod 512"), "")
    assert r.verdict is Verdict.UNSUPPORTED
    assert "no closed form" in r.functions[0].message
