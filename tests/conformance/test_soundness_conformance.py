"""Former wrong ``correct`` verdicts, settled by real execution.

Each case is a regression file of ``testdata/`` whose pair irverify once called ``correct``.
IREE llvm-cpu runs ``@src`` and ``@tgt`` on the given inputs and their outputs must really
differ (bit for bit), and irverify must give the expected verdict: ``incorrect``, or ``unknown``
where the solver cannot decide (checked without confirmation, so the verdict does not lean on
this execution).
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

# (regression file, inputs of @src and @tgt, irverify's verdict)
I = "incorrect"
CASES = [
    ("litmus/arith/constant-snan-f16-bad.srctgt.mlir", [], I),
    ("litmus/arith/constant-snan-bf16-bad.srctgt.mlir", [], I),
    ("litmus/arith/constant-snan-f32-bad.srctgt.mlir", [], I),
    ("litmus/arith/constant-snan-f64-bad.srctgt.mlir", [], I),
    ("litmus/arith/constant-snan-dense-splat-f16-bad.srctgt.mlir", [], I),
    ("litmus/arith/constant-snan-dense-splat-bf16-bad.srctgt.mlir", [], I),
    ("litmus/arith/constant-snan-dense-elements-f32-bad.srctgt.mlir", [], I),
    ("litmus/arith/constant-snan-dense-elements-bf16-bad.srctgt.mlir", [], I),
    ("litmus/arith/constant-snan-dense-elements-f64-bad.srctgt.mlir", [], I),
    ("litmus/arith/index-castui-i128-bad.srctgt.mlir", [np.array([-1, 5, -(2**63), 0], np.int64)], I),
    ("litmus/linalg/matmul-i1-addi-bad.srctgt.mlir",
     [np.ones((2, 3), bool), np.ones((3, 4), bool), np.zeros((2, 4), bool)], I),
    ("litmus/linalg/elementwise-add-i1-addi-bad.srctgt.mlir",
     [np.array([1, 1, 0, 0], bool), np.array([1, 0, 1, 0], bool), np.zeros(4, bool)], I),
    ("litmus/arith/index-narrow-timeout-unknown.srctgt.mlir", [np.zeros((1, 1, 40000), np.int8)], "unknown"),
    pytest.param("litmus/tensor/dim-narrow-i32-bad.srctgt.mlir", [np.zeros(2**31, np.int8)], I,
                 marks=pytest.mark.slow, id="dim-narrow-i32-bad.srctgt.mlir (a 2 GiB input)"),
]


def _bits(a: np.ndarray) -> bytes:
    return np.ascontiguousarray(a).tobytes()


def _id(c) -> str:
    return c.id if hasattr(c, "marks") else c[0].rsplit("/", 1)[1]


@pytest.mark.parametrize("path,args,expected", CASES, ids=[_id(c) for c in CASES])
def test_target_really_differs_and_irverify_does_not_say_correct(path, args, expected):
    text = (TESTDATA / path).read_text()
    src_out, tgt_out = run_functions(text, [("src", list(args)), ("tgt", list(args))])
    assert not isinstance(src_out, Exception), src_out
    assert not isinstance(tgt_out, Exception), tgt_out
    assert any(_bits(a) != _bits(b) for a, b in zip(src_out, tgt_out)), "IREE gives the same outputs"
    report = check_modules(parse_mlir(text, path), None, Options(confirm=False, timeout_s=2))
    assert report.verdict == Verdict(expected), report.functions[0].message


PUBLIC = TESTDATA / "regressions" / "Inputs" / "public-functions"


def _check_files(before: Path, after: Path):
    from irverify.frontends import load

    return check_modules(load(str(before)), load(str(after)), Options(confirm=False, timeout_s=10))


def test_specialised_public_function_really_differs_for_an_outside_caller():
    args = [np.int32(0), np.int32(-4)]
    src_out = run_functions((PUBLIC / "before.mlir").read_text(), [("helper", args)])[0][0]
    tgt_out = run_functions((PUBLIC / "specialised.mlir").read_text(), [("helper", args)])[0][0]
    assert int(src_out) == -4 and int(tgt_out) == 3
    report = _check_files(PUBLIC / "before.mlir", PUBLIC / "specialised.mlir")
    assert {f.name: f.verdict for f in report.functions} == {"helper": Verdict.INCORRECT, "main": Verdict.CORRECT}


def test_dropped_public_function_cannot_be_called_any_more():
    (tgt,) = run_functions((PUBLIC / "dropped.mlir").read_text(), [("helper", [np.int32(0), np.int32(1)])])
    assert isinstance(tgt, Exception)
    report = _check_files(PUBLIC / "before.mlir", PUBLIC / "dropped.mlir")
    assert {f.name: f.verdict for f in report.functions} == {"helper": Verdict.INCORRECT, "main": Verdict.CORRECT}
