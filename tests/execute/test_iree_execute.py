"""Tests for irverify.execute.iree: concrete execution of MLIR functions on IREE llvm-cpu."""
import sys

import numpy as np
import pytest

from irverify.execute import iree as ex
from irverify.execute.iree import ExecutionError, numpy_dtype_for, run_functions

MODULE = r"""
func.func @add(%a: tensor<?x4xi32>, %b: tensor<?x4xi32>) -> tensor<?x4xi32> {
  %r = arith.addi %a, %b : tensor<?x4xi32>
  return %r : tensor<?x4xi32>
}
func.func @twice(%a: tensor<?x4xi32>) -> tensor<?x4xi32> {
  %r = func.call @add(%a, %a) : (tensor<?x4xi32>, tensor<?x4xi32>) -> tensor<?x4xi32>
  return %r : tensor<?x4xi32>
}
func.func @at(%a: tensor<?xi32>, %i: index) -> i32 {
  %v = tensor.extract %a[%i] : tensor<?xi32>
  return %v : i32
}
func.func @len(%a: tensor<?xi64>) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?xi64>
  return %d : index
}
func.func @divmod(%a: i64, %b: i64) -> (i64, i64) {
  %q = arith.divsi %a, %b : i64
  %r = arith.remsi %a, %b : i64
  return %q, %r : i64, i64
}
func.func @axpy(%s: f32, %x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %e = tensor.empty() : tensor<3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>,
                                        affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x, %y : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) {
  ^bb0(%xi: f32, %yi: f32, %o: f32):
    %m = arith.mulf %s, %xi : f32
    %t = arith.addf %m, %yi : f32
    linalg.yield %t : f32
  } -> tensor<3xf32>
  return %r : tensor<3xf32>
}
func.func @f64_add(%x: f64, %t: tensor<2xf64>) -> (f64, tensor<2xf64>) {
  %c = arith.constant 0.1 : f64
  %r = arith.addf %x, %c : f64
  %u = arith.addf %t, %t : tensor<2xf64>
  return %r, %u : f64, tensor<2xf64>
}
func.func @narrow(%z: i8, %h: f16, %b: i1) -> (i8, f16, i1) {
  %c = arith.constant -1 : i8
  %r = arith.addi %z, %c : i8
  %t = arith.constant true
  %x = arith.xori %b, %t : i1
  return %r, %h, %x : i8, f16, i1
}
func.func @sink(%a: tensor<2xi32>) {
  return
}
func.func @slice4(%a: tensor<?xi32>, %i: index) -> tensor<4xi32> {
  %v = tensor.extract_slice %a[%i][4][1] : tensor<?xi32> to tensor<4xi32>
  %r = arith.addi %v, %v : tensor<4xi32>
  return %r : tensor<4xi32>
}
"""


@pytest.fixture(scope="module")
def basic():
    a = np.arange(12, dtype=np.int32).reshape(3, 4)
    calls = [
        ("add", [a, a + 1]),                                   # 0
        ("add", [np.zeros((0, 4), np.int32)] * 2),             # 1: empty dynamic dim
        ("twice", [a]),                                        # 2: func.call inside the module
        ("at", [np.array([5, 6, 7], np.int32), 2]),            # 3: index scalar argument
        ("at", [np.array([5, 6, 7], np.int32), np.int64(0)]),  # 4: numpy scalar argument
        ("len", [np.arange(7, dtype=np.int64)]),               # 5: index result
        ("divmod", [-7, 2]),                                   # 6: two scalar results
        ("axpy", [np.float32(2.0), np.array([1, 2, 3], np.float32),
                  np.array([0.5, 0.25, 0.125], np.float32)]),  # 7: float function
        ("f64_add", [0.1, np.array([0.1, 1e300])]),            # 8: f64 kept as f64
        ("narrow", [-128, 1.5, True]),                         # 9: narrow scalars wrap
        ("sink", [np.array([1, 2], np.int32)]),                # 10: no results
        ("add", [a.astype(np.int64), a]),                      # 11: wrong dtype
        ("add", [np.zeros((2, 3), np.int32)] * 2),             # 12: wrong static dim
        ("nosuch", []),                                        # 13: unknown function
        ("at", [np.array([1], np.int32)]),                     # 14: wrong arity
        ("at", [np.array([9], np.int32), 0]),                  # 15: fine again
    ]
    return a, run_functions(MODULE, calls)


def test_tensor_add_dynamic_dims(basic):
    a, res = basic
    (out,) = res[0]
    assert out.dtype == np.int32 and out.shape == (3, 4)
    np.testing.assert_array_equal(out, 2 * a + 1)
    assert res[1][0].shape == (0, 4)


def test_func_call_between_functions(basic):
    a, res = basic
    np.testing.assert_array_equal(res[2][0], 2 * a)


def test_index_argument_and_scalar_result(basic):
    _, res = basic
    assert len(res[3]) == 1 and res[3][0].shape == () and res[3][0].dtype == np.int32
    assert int(res[3][0]) == 7 and int(res[4][0]) == 5
    assert res[5][0].shape == () and res[5][0].dtype == np.int64 and int(res[5][0]) == 7


def test_two_results(basic):
    _, res = basic
    q, r = res[6]
    assert (int(q), int(r)) == (-3, -1) and q.dtype == np.int64


def test_float_functions(basic):
    _, res = basic
    np.testing.assert_array_equal(res[7][0], np.array([2.5, 4.25, 6.125], np.float32))
    s, t = res[8]
    assert s.dtype == np.float64 and float(s) == 0.1 + 0.1
    np.testing.assert_array_equal(t, np.array([0.2, 2e300]))


def test_narrow_scalars(basic):
    _, res = basic
    z, h, b = res[9]
    assert z.dtype == np.int8 and int(z) == 127
    assert h.dtype == np.float16 and float(h) == 1.5
    assert b.dtype == np.bool_ and not bool(b)


def test_no_results(basic):
    assert basic[1][10] == []


def test_bad_calls_are_run_errors(basic):
    _, res = basic
    for k, needle in [(11, "dtype"), (12, "shape"), (13, "no exported function"), (14, "arguments")]:
        assert isinstance(res[k], ExecutionError) and res[k].kind == "run", res[k]
        assert needle in str(res[k]) and "\n" not in str(res[k])
    assert int(res[15][0]) == 9  # a failing call does not disturb the ones after it


def test_compile_error():
    res = run_functions("func.func @f(%a: i32) -> i32 { %r = foo.bar %a : i32 return %r : i32 }",
                        [("f", [1]), ("f", [2])])
    assert len(res) == 2
    for r in res:
        assert isinstance(r, ExecutionError) and r.kind == "compile"
        assert "error" in str(r) and "\n" not in str(r)


def test_empty_calls():
    assert run_functions("this is not MLIR", []) == []


def test_crash_in_one_call_isolated():
    data = np.arange(8, dtype=np.int32)
    res = run_functions(MODULE, [("slice4", [data, 1]), ("slice4", [data, 2**44]),
                                 ("slice4", [data, 4])])
    np.testing.assert_array_equal(res[0][0], 2 * data[1:5])
    assert isinstance(res[1], ExecutionError) and res[1].kind == "crash"
    assert "SIG" in str(res[1])
    np.testing.assert_array_equal(res[2][0], 2 * data[4:8])


def test_timeout(monkeypatch):
    monkeypatch.setattr(ex, "_child_command", lambda wd, start: ["sleep", "30"])
    res = run_functions(MODULE, [("sink", [np.zeros(2, np.int32)])] * 2, timeout_s=0.5)
    assert [r.kind for r in res] == ["timeout", "timeout"]


def test_signal_death_reported(monkeypatch):
    monkeypatch.setattr(ex, "_child_command", lambda wd, start: ["sh", "-c", "kill -ABRT $$"])
    (r,) = run_functions(MODULE, [("sink", [np.zeros(2, np.int32)])])
    assert r.kind == "crash" and "SIGABRT" in str(r)


def test_error_pickles():
    import pickle
    e = pickle.loads(pickle.dumps(ExecutionError("timeout", "x\ny", "detail")))
    assert (e.kind, str(e), e.detail) == ("timeout", "timeout: x y", "detail")


def test_numpy_dtype_for():
    assert numpy_dtype_for("i1") == np.bool_
    assert numpy_dtype_for("i8") == np.int8 and numpy_dtype_for("i16") == np.int16
    assert numpy_dtype_for("i32") == np.int32 and numpy_dtype_for("i64") == np.int64
    assert numpy_dtype_for("index") == np.int64
    assert numpy_dtype_for("f16") == np.float16 and numpy_dtype_for("f32") == np.float32
    assert numpy_dtype_for("f64") == np.float64
    with pytest.raises(ValueError):
        numpy_dtype_for("bf16")


def test_parent_does_not_import_iree_runtime():
    """Running functions must not import IREE into the calling process (a fresh interpreter)."""
    import subprocess

    code = ("import sys; from irverify.execute.iree import run_functions; "
            "out = run_functions('func.func @f(%a: i32) -> i32 { return %a : i32 }', [('f', [3])]); "
            "assert int(out[0][0]) == 3, out; "
            "print(sorted(m for m in sys.modules if m.startswith('iree') or m.startswith('tvm')))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "[]"
