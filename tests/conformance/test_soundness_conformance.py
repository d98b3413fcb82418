"""Former wrong ``correct`` verdicts, settled by real execution.

Each case is a regression file of ``testdata/`` whose pair irverify once called ``correct``.
IREE llvm-cpu runs ``@src`` and ``@tgt`` on the given inputs and their outputs must really
differ (bit for bit), and irverify must say ``incorrect`` (checked without confirmation, so the
verdict does not lean on this execution).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from irverify.execute.iree import run_functions
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.check import Options, check_modules
from irverify.verify.verdict import Verdict

pytestmark = pytest.mark.iree

TESTDATA = Path(__file__).resolve().parents[2] / "testdata"

# (regression file, inputs of @src and @tgt)
CASES = [
    ("litmus/arith/constant-snan-f16-bad.srctgt.mlir", []),
    ("litmus/arith/constant-snan-bf16-bad.srctgt.mlir", []),
    ("litmus/arith/constant-snan-f32-bad.srctgt.mlir", []),
    ("litmus/arith/constant-snan-f64-bad.srctgt.mlir", []),
    ("litmus/arith/constant-snan-dense-splat-f16-bad.srctgt.mlir", []),
    ("litmus/arith/constant-snan-dense-splat-bf16-bad.srctgt.mlir", []),
    ("litmus/arith/constant-snan-dense-elements-f32-bad.srctgt.mlir", []),
    ("litmus/arith/constant-snan-dense-elements-bf16-bad.srctgt.mlir", []),
    ("litmus/arith/constant-snan-dense-elements-f64-bad.srctgt.mlir", []),
    ("litmus/arith/index-castui-i128-bad.srctgt.mlir", [np.array([-1, 5, -(2**63), 0], np.int64)]),
    ("litmus/linalg/matmul-i1-addi-bad.srctgt.mlir",
     [np.ones((2, 3), bool), np.ones((3, 4), bool), np.zeros((2, 4), bool)]),
    ("litmus/linalg/elementwise-add-i1-addi-bad.srctgt.mlir",
     [np.array([1, 1, 0, 0], bool), np.array([1, 0, 1, 0], bool), np.zeros(4, bool)]),
]


def _bits(a: np.ndarray) -> bytes:
    return np.ascontiguousarray(a).tobytes()


@pytest.fixture(scope="module")
def executions():
    """All cases in one IREE module each, run once per module."""
    out = {}
    for path, args in CASES:
        text = (TESTDATA / path).read_text()
        out[path] = run_functions(text, [("src", list(args)), ("tgt", list(args))])
    return out


@pytest.mark.parametrize("path,args", CASES, ids=[c[0].rsplit("/", 1)[1] for c in CASES])
def test_target_really_differs_and_irverify_says_incorrect(path, args, executions):
    src_out, tgt_out = executions[path]
    assert not isinstance(src_out, Exception), src_out
    assert not isinstance(tgt_out, Exception), tgt_out
    assert any(_bits(a) != _bits(b) for a, b in zip(src_out, tgt_out)), "IREE gives the same outputs"
    text = (TESTDATA / path).read_text()
    report = check_modules(parse_mlir(text, path), None, Options(confirm=False, timeout_s=30))
    assert report.verdict == Verdict.INCORRECT, report.functions[0].message
