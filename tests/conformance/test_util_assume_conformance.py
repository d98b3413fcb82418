"""Conformance with IREE llvm-cpu of ``util.assume.int``: on inputs where one permutation of its
assumptions holds, its results are its operands, and the arithmetic IREE derives from the
assumed range (a division, a remainder, a comparison the range decides) gives irverify's values;
on inputs where none holds, irverify's evaluation reports UB (which execution cannot show).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from irverify.execute.iree import run_functions
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

MODULE = """
func.func @assumed(%i: index, %j: i32) -> (index, index, i32, i1) {
  %a:2 = util.assume.int %i[<umin = 16, umax = 4088, udiv = 8>, <umin = 0, umax = 7>],
                         %j[<umin = 1, umax = 100>, <udiv = 4>] : index, i32
  %c8 = arith.constant 8 : index
  %q = arith.divui %a#0, %c8 : index
  %r = arith.remui %a#0, %c8 : index
  %c4 = arith.constant 4 : i32
  %s = arith.addi %a#1, %c4 : i32
  %c4096 = arith.constant 4096 : index
  %lt = arith.cmpi ult, %a#0, %c4096 : index
  return %q, %r, %s, %lt : index, index, i32, i1
}
"""


def _holds(i: int, j: int) -> bool:
    first = 16 <= i <= 4088 and i % 8 == 0 and 1 <= j <= 100
    second = 0 <= i <= 7 and (j % (1 << 32)) % 4 == 0
    return first or second


def test_assume_int_matches_iree():
    rng = random.Random(7)
    good = [(8 * rng.randint(2, 511), rng.randint(1, 100)) for _ in range(6)]
    good += [(rng.randint(0, 7), 4 * rng.randint(-1000, 1000)) for _ in range(6)]
    module = parse_mlir(MODULE, "assume.mlir")
    runs = run_functions(MODULE, [("assumed", [np.int64(i), np.int32(j)]) for i, j in good])
    for (i, j), got in zip(good, runs):
        assert _holds(i, j)
        assert not isinstance(got, Exception), got
        ev = evaluate_function(module, "assumed", [i, j], fp_name="ieee")
        assert not ev.ub, (i, j, ev.ub)
        ours = [int(np.asarray(o)) for o in ev.outputs]
        theirs = [int(np.asarray(o)) for o in got]
        assert ours == theirs, (i, j, ours, theirs)


@pytest.mark.parametrize("i,j", [(8, 1), (4096, 50), (17, 3), (3, 5), (-1, 4)])
def test_assume_int_violated_is_ub(i, j):
    assert not _holds(i, j)
    ev = evaluate_function(parse_mlir(MODULE, "assume.mlir"), "assumed", [i, j], fp_name="ieee")
    assert ev.ub == ["util.assume.int: no permutation of its assumptions holds"]


# Bounds wider than the operand (uint64 fields, compared in arbitrary precision): umax = 300 on
# an i8 holds for every value, udiv = 256 on an i8 only for 0, umin = 65535 on an i16 only for
# 0xffff. The comparisons IREE's range analysis may fold from them are computed too.
WIDE = """
func.func @wide(%x: i8, %y: i8, %z: i16) -> (i8, i1, i8, i16, i1) {
  %a:3 = util.assume.int %x<umax = 300>, %y<udiv = 256>, %z<umin = 65535, umax = 70000> : i8, i8, i16
  %c45 = arith.constant 45 : i8
  %lt = arith.cmpi ult, %a#0, %c45 : i8
  %c1 = arith.constant 1 : i16
  %s = arith.addi %a#2, %c1 : i16
  %zero = arith.constant 0 : i8
  %isz = arith.cmpi eq, %a#1, %zero : i8
  return %a#0, %lt, %a#1, %s, %isz : i8, i1, i8, i16, i1
}
"""


def test_assume_int_bounds_wider_than_the_operand_match_iree():
    inputs = [(x, 0, -1) for x in (0, 44, 45, 100, 127, -128, -1)]
    module = parse_mlir(WIDE, "wide.mlir")
    runs = run_functions(WIDE, [("wide", [np.int8(x), np.int8(y), np.int16(z)]) for x, y, z in inputs])
    for (x, y, z), got in zip(inputs, runs):
        assert not isinstance(got, Exception), got
        ev = evaluate_function(module, "wide", [x, y, z], fp_name="ieee")
        assert not ev.ub, (x, ev.ub)
        ours = [int(np.asarray(o)) for o in ev.outputs]
        theirs = [int(np.asarray(o)) for o in got]
        assert ours == theirs, (x, ours, theirs)


@pytest.mark.parametrize("x,y,z", [(0, 1, -1), (0, -128, -1), (0, 0, 0), (0, 0, 65534 - 65536)])
def test_assume_int_wide_bounds_violated_is_ub(x, y, z):
    ev = evaluate_function(parse_mlir(WIDE, "wide.mlir"), "wide", [x, y, z], fp_name="ieee")
    assert ev.ub == ["util.assume.int: no permutation of its assumptions holds"]
