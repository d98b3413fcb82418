"""``scf.for`` (unrolled when its bounds are constants) and ``scf.if`` with tensor and scalar
results: loop-carried values, dynamic trip counts, UB and poison only on the branch taken."""

from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.check import Options, check_modules
from irverify.verify.verdict import Verdict

NO_CONFIRM = Options(confirm=False)


def check(text):
    return check_modules(parse_mlir(text, "pair.mlir"), None, NO_CONFIRM)


LOOP = """func.func @src(%x: tensor<?xi32>, %n: index) -> tensor<?xi32> {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = {ub}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%t = %x) -> (tensor<?xi32>) {{
    %ii = arith.index_cast %i : index to i32
    %w = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}} outs(%t : tensor<?xi32>) {{
    ^bb0(%o: i32):
      %z = arith.addi %o, %ii : i32
      linalg.yield %z : i32
    }} -> tensor<?xi32>
    scf.yield %w : tensor<?xi32>
  }}
  return %r : tensor<?xi32>
}}
func.func @tgt(%x: tensor<?xi32>, %n: index) -> tensor<?xi32> {{
  %k = arith.constant {total} : i32
  %w = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}} outs(%x : tensor<?xi32>) {{
  ^bb0(%o: i32):
    %z = arith.addi %o, %k : i32
    linalg.yield %z : i32
  }} -> tensor<?xi32>
  return %w : tensor<?xi32>
}}
"""


def test_a_constant_loop_is_unrolled():
    assert check(LOOP.format(ub="arith.constant 4 : index", total=6)).verdict is Verdict.CORRECT
    assert check(LOOP.format(ub="arith.constant 4 : index", total=7)).verdict is Verdict.INCORRECT


def test_a_loop_that_runs_zero_times_returns_its_initial_values():
    assert check(LOOP.format(ub="arith.constant 0 : index", total=0)).verdict is Verdict.CORRECT


def test_a_dynamic_trip_count_is_an_uninterpreted_loop():
    """Not unrolled: the loop is an uninterpreted function of its body, so a target computing a
    constant instead is not proved, and the counterexample through the loop is unknown."""
    r = check(LOOP.format(ub="arith.addi %n, %c0 : index", total=6))
    assert r.verdict is Verdict.UNKNOWN
    assert any("'scf.for' as an uninterpreted function of its body" in n for n in r.functions[0].notes)


BRANCH = """func.func @src(%c: i1, %x: tensor<4xi32>) -> i32 {{
  %r = scf.if %c -> (i32) {{
    %c9 = arith.constant 9 : index
    %e = tensor.extract %x[%c9] : tensor<4xi32>
    scf.yield %e : i32
  }} else {{
    %z = arith.constant 0 : i32
    scf.yield %z : i32
  }}
  return %r : i32
}}
func.func @tgt(%c: i1, %x: tensor<4xi32>) -> i32 {{
  %z = arith.constant {value} : i32
  return %z : i32
}}
"""


def test_ub_of_a_branch_counts_only_when_it_is_taken():
    assert check(BRANCH.format(value=0)).verdict is Verdict.CORRECT
    assert check(BRANCH.format(value=1)).verdict is Verdict.INCORRECT


SELECT = """func.func @src(%c: i1, %x: tensor<?xi32>, %y: tensor<?xi32>) -> tensor<?xi32> {
  %r = scf.if %c -> (tensor<?xi32>) {
    scf.yield %x : tensor<?xi32>
  } else {
    scf.yield %y : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}
func.func @tgt(%c: i1, %x: tensor<?xi32>, %y: tensor<?xi32>) -> tensor<?xi32> {
  %r = arith.select %c, %X, %Y : tensor<?xi32>
  return %r : tensor<?xi32>
}
"""


def test_tensor_results_follow_the_condition():
    assert check(SELECT.replace("%X", "%x").replace("%Y", "%y")).verdict is Verdict.CORRECT
    assert check(SELECT.replace("%X", "%y").replace("%Y", "%x")).verdict is Verdict.INCORRECT


def test_a_branch_writing_memory_is_unsupported():
    text = """func.func @src(%c: i1, %m: memref<4xi32>, %v: i32) {
  %c0 = arith.constant 0 : index
  scf.if %c {
    memref.store %v, %m[%c0] : memref<4xi32>
  }
  return
}
func.func @tgt(%c: i1, %m: memref<4xi32>, %v: i32) {
  return
}
"""
    r = check(text)
    assert r.verdict is Verdict.UNSUPPORTED
    assert "write memory" in r.functions[0].message


def test_the_evaluation_runs_a_loop_whose_bounds_are_arguments():
    """``evaluate_function`` gives the encoder the scalar arguments as constants, so a loop
    bounded by one runs for its iterations (an uninterpreted function of its body in a proof)."""
    from irverify.verify.evaluate import evaluate_function

    m = parse_mlir("""
func.func @f(%x: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
    %d = arith.addi %acc, %acc : i32
    scf.yield %d : i32
  }
  return %r : i32
}""", "f.mlir")
    assert [int(evaluate_function(m, "f", [3, n]).outputs[0]) for n in (0, 1, 4, 40)] == [3, 6, 48, (3 << 40) % (1 << 32)]
