"""``iree_linalg_ext.gather`` / ``scatter``: coordinates from ``dimension_map``, the combiner,
repeated indices under ``unique_indices(true)`` (unknown, never incorrect), out-of-bounds UB."""

from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.check import Options, check_modules
from irverify.verify.verdict import Verdict

NO_CONFIRM = Options(confirm=False)


def check(text):
    return check_modules(parse_mlir(text, "pair.mlir"), None, NO_CONFIRM)


GATHER = """func.func @src(%s: tensor<5x3xi32>, %i: tensor<2x1xi32>) -> tensor<2x3xi32> {
  %e = tensor.empty() : tensor<2x3xi32>
  %r = iree_linalg_ext.gather dimension_map = [0] ins(%s, %i : tensor<5x3xi32>, tensor<2x1xi32>) outs(%e : tensor<2x3xi32>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}
func.func @tgt(%s: tensor<5x3xi32>, %i: tensor<2x1xi32>) -> tensor<2x3xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.extract %i[%c0, %c0] : tensor<2x1xi32>
  %b = tensor.extract %i[%c1, %c0] : tensor<2x1xi32>
  %ia = arith.index_cast %a : i32 to index
  %ib = arith.index_cast %b : i32 to index
  %ra = tensor.extract_slice %s[%ia, 0] [1, 3] [1, 1] : tensor<5x3xi32> to tensor<1x3xi32>
  %rb = tensor.extract_slice %s[%ib, 0] [1, 3] [1, 1] : tensor<5x3xi32> to tensor<1x3xi32>
  %r = tensor.concat dim(0) %RA, %RB : (tensor<1x3xi32>, tensor<1x3xi32>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}
"""


def test_gather_reads_the_indexed_rows():
    assert check(GATHER.replace("%RA", "%ra").replace("%RB", "%rb")).verdict is Verdict.CORRECT
    assert check(GATHER.replace("%RA", "%rb").replace("%RB", "%ra")).verdict is Verdict.INCORRECT


SCATTER = """func.func @src(%u: tensor<2x3xi32>, %i: tensor<2x1xi32>, %o: tensor<4x3xi32>) -> tensor<4x3xi32> {{
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices({unique}) ins(%u, %i : tensor<2x3xi32>, tensor<2x1xi32>) outs(%o : tensor<4x3xi32>) {{
  ^bb0(%a: i32, %b: i32):
    {body}
  }} -> tensor<4x3xi32>
  return %r : tensor<4x3xi32>
}}
func.func @tgt(%u: tensor<2x3xi32>, %i: tensor<2x1xi32>, %o: tensor<4x3xi32>) -> tensor<4x3xi32> {{
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices({tunique}) ins(%u, %i : tensor<2x3xi32>, tensor<2x1xi32>) outs(%o : tensor<4x3xi32>) {{
  ^bb0(%a: i32, %b: i32):
    {tbody}
  }} -> tensor<4x3xi32>
  return %r : tensor<4x3xi32>
}}
"""
YIELD = "iree_linalg_ext.yield %a : i32"
ADD = "%c = arith.addi %a, %b : i32\n    iree_linalg_ext.yield %c : i32"
ADD_SWAPPED = "%c = arith.addi %b, %a : i32\n    iree_linalg_ext.yield %c : i32"
SUB = "%c = arith.subi %a, %b : i32\n    iree_linalg_ext.yield %c : i32"


def test_scatter_combines_with_the_region():
    assert check(SCATTER.format(unique="false", body=ADD, tunique="false", tbody=ADD_SWAPPED)).verdict is Verdict.CORRECT
    assert check(SCATTER.format(unique="false", body=ADD, tunique="false", tbody=SUB)).verdict is Verdict.INCORRECT


def test_repeated_indices_under_unique_indices_are_unknown_not_incorrect():
    same = SCATTER.format(unique="true", body=YIELD, tunique="true", tbody=YIELD)
    assert check(same).verdict is Verdict.CORRECT
    # the target writes the batch points in reverse order: equal unless two indices repeat
    text = same
    rev = text.split("func.func @tgt")[0] + """func.func @tgt(%u: tensor<2x3xi32>, %i: tensor<2x1xi32>, %o: tensor<4x3xi32>) -> tensor<4x3xi32> {
  %u1 = tensor.extract_slice %u[1, 0] [1, 3] [1, 1] : tensor<2x3xi32> to tensor<1x3xi32>
  %u0 = tensor.extract_slice %u[0, 0] [1, 3] [1, 1] : tensor<2x3xi32> to tensor<1x3xi32>
  %i1 = tensor.extract_slice %i[1, 0] [1, 1] [1, 1] : tensor<2x1xi32> to tensor<1x1xi32>
  %i0 = tensor.extract_slice %i[0, 0] [1, 1] [1, 1] : tensor<2x1xi32> to tensor<1x1xi32>
  %uu = tensor.concat dim(0) %u1, %u0 : (tensor<1x3xi32>, tensor<1x3xi32>) -> tensor<2x3xi32>
  %ii = tensor.concat dim(0) %i1, %i0 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<2x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true) ins(%uu, %ii : tensor<2x3xi32>, tensor<2x1xi32>) outs(%o : tensor<4x3xi32>) {
  ^bb0(%a: i32, %b: i32):
    iree_linalg_ext.yield %a : i32
  } -> tensor<4x3xi32>
  return %r : tensor<4x3xi32>
}
"""
    assert check(rev).verdict is Verdict.UNKNOWN


def test_an_out_of_bounds_index_is_ub():
    text = GATHER.replace("%RA", "%ra").replace("%RB", "%rb").replace(
        "func.func @src(%s: tensor<5x3xi32>, %i: tensor<2x1xi32>) -> tensor<2x3xi32> {\n",
        "func.func @src(%s: tensor<5x3xi32>, %j: tensor<2x1xi32>) -> tensor<2x3xi32> {\n"
        "  %i = arith.constant dense<[[1], [5]]> : tensor<2x1xi32>\n")
    r = check(text)
    assert r.verdict is Verdict.CORRECT
    assert r.functions[0].source_ub
