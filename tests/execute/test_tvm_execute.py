"""Running Relax on TVM llvm in forked children: values, tuples, crashes, compile errors;
and the MLIR path never importing tvm."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("tvm")

from irverify.execute.tvm import run_functions  # noqa: E402

TEXT = """
from tvm.script import ir as I
from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def take(x: R.Tensor((4, 16), "float32"), i: R.Tensor((3,), "int64")):
        return R.take(x, i, axis=1, mode="fast")

    @R.function
    def pair(x: R.Tensor((2,), "float32")):
        return (R.add(x, x), R.astype(x, "int32"))
"""


def test_values_tuples_and_crash_isolation():
    x = np.arange(64, dtype=np.float32).reshape(4, 16)
    calls = [("take", [x, np.array([0, 15, 3])]),
             ("take", [x, np.array([0, 1_000_000_000, 3])]),  # far out of bounds: segfault
             ("pair", [np.array([1.5, -2.0], np.float32)])]
    ok, crashed, pair = run_functions(TEXT, calls)
    np.testing.assert_array_equal(ok[0], x[:, [0, 15, 3]])
    assert getattr(crashed, "kind", None) == "crash", crashed
    assert "signal" in str(crashed)
    np.testing.assert_array_equal(pair[0], [3.0, -4.0])
    np.testing.assert_array_equal(pair[1], [1, -2])
    assert pair[1].dtype == np.int32


def test_run_error_is_reported():
    (err,) = run_functions(TEXT, [("nope", [])])
    assert getattr(err, "kind", None) in ("run", "crash")


def test_mlir_path_does_not_import_tvm():
    code = ("import sys, irverify.cli\n"
            "from irverify.frontends import frontend_for\n"
            "frontend_for('x.mlir')\n"
            "assert not any(m == 'tvm' or m.startswith('tvm.') for m in sys.modules), 'tvm imported'\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_tuple_parameter_and_result():
    text = """
@I.ir_module
class Module:
    @R.function
    def f(p: R.Tuple(R.Tensor((2,), "float32"), R.Tensor((2,), "float32"))):
        return (R.add(p[0], p[1]), p[0])
"""
    (out,) = run_functions(text, [("f", [[np.array([1, 2], np.float32), np.array([10, 20], np.float32)]])])
    np.testing.assert_array_equal(out[0], [11, 22])
    np.testing.assert_array_equal(out[1], [1, 2])


HEAVY = """
from tvm.script import ir as I
from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def heavy(a: R.Tensor((1536, 1536), "float32")):
        return R.sum(R.matmul(R.matmul(a, a), a))
"""


def test_budget_is_cpu_time_and_a_spent_budget_is_a_timeout():
    """A child that computes past its budget ends as ``timeout`` (SIGXCPU), named as CPU time."""
    (err,) = run_functions(HEAVY, [("heavy", [np.ones((1536, 1536), np.float32)])], timeout_s=1)
    assert getattr(err, "kind", None) == "timeout", err
    assert "CPU time" in str(err)
