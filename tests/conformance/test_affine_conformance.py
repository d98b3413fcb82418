"""Conformance of irverify's ``affine.apply``/``affine.min``/``affine.max`` with IREE llvm-cpu.

Affine ops take ``index`` scalars, so each function is called once per input tuple (IREE runs
all calls of one compiled module in one child process). Values include negatives, zero and
large magnitudes; ``test_index_limits_agree_with_iree`` adds ``INT64_MIN``/``INT64_MAX``, where
``+`` wraps and an overflowing ``*`` is poison (``lower-affine`` emits ``arith.muli
overflow<nsw>``): a poison result shows as an arbitrary value on execution, so it is not
compared. A ``mod``/``floordiv``/``ceildiv`` by a symbol that is not positive is UB for
irverify and is left out of the IREE calls (``test_nonpositive_divisor_is_ub`` checks it).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_functions
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

MAPS = {
    # name: (op, map, number of dims, number of symbols)
    "lin": ("affine.apply", "affine_map<(d0, d1) -> (d0 * 4 + d1 - 7)>", 2, 0),
    "fdiv": ("affine.apply", "affine_map<(d0, d1) -> ((d0 * 4 + d1) floordiv 4)>", 2, 0),
    "cdiv": ("affine.apply", "affine_map<(d0, d1) -> ((d0 - d1) ceildiv 3)>", 2, 0),
    "mod": ("affine.apply", "affine_map<(d0, d1) -> ((d0 + d1 * 5) mod 6)>", 2, 0),
    "sym": ("affine.apply", "affine_map<(d0)[s0, s1] -> (d0 * s0 + s1 * 2)>", 1, 2),
    "symdiv": ("affine.apply", "affine_map<(d0)[s0] -> (d0 floordiv s0 + d0 mod s0 + d0 ceildiv s0)>", 1, 1),
    "nested": ("affine.apply", "affine_map<(d0, d1)[s0] -> (((d0 mod 8) * 3 + d1 floordiv 2) ceildiv 5 + s0 * -3)>", 2, 1),
    "min": ("affine.min", "affine_map<(d0, d1)[s0] -> (d0, d1 + 2, s0 * 3 - d0, 16)>", 2, 1),
    "max": ("affine.max", "affine_map<(d0, d1)[s0] -> (d0 - d1, d1 floordiv 3, -s0)>", 2, 1),
    "minmod": ("affine.min", "affine_map<(d0)[s0] -> (d0 mod 4, s0 - d0 ceildiv 2)>", 1, 1),
    "wrap": ("affine.apply", "affine_map<(d0, d1) -> (d0 + d1 + 1)>", 2, 0),
    "edges": ("affine.apply", "affine_map<(d0) -> (d0 ceildiv 3 + d0 floordiv 5 + d0 mod 7)>", 1, 0),
    "mulwrap": ("affine.apply", "affine_map<(d0) -> (d0 * 3 + 1)>", 1, 0),
}
INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1
LIMITS = [INT64_MIN, INT64_MIN + 1, INT64_MIN + 2, -(1 << 62), (1 << 62) - 1, 1 << 62, INT64_MAX - 1,
          INT64_MAX, -1, 0, 1]
DIVIDES_BY_SYMBOL = {"symdiv"}


def module_text() -> str:
    out = []
    for name, (op, amap, nd, ns) in MAPS.items():
        n = nd + ns
        params = ", ".join(f"%x{i}: index" for i in range(n))
        dims = ", ".join(f"%x{i}" for i in range(nd))
        syms = ", ".join(f"%x{i}" for i in range(nd, n))
        operands = f"({dims})" + (f"[{syms}]" if ns else "")
        out.append(f"func.func @{name}({params}) -> index {{\n  %r = {op} {amap}{operands}\n"
                   f"  return %r : index\n}}")
    return "\n".join(out)


def values(rng: random.Random) -> list[int]:
    return [0, 1, -1, 2, -2, 3, -3, 4, 5, -5, 7, 8, -8, 100, -100, (1 << 40) + 3, -(1 << 40) - 5] + \
        [rng.randint(-1000, 1000) for _ in range(8)]


def calls(rng: random.Random) -> tuple[list[tuple[str, list[int]]], list[tuple[str, list[int]]]]:
    """(defined calls, calls whose divisor symbol is not positive)."""
    vals = values(rng)
    good, bad = [], []
    for name, (_, _, nd, ns) in MAPS.items():
        for _ in range(30):
            args = [rng.choice(vals) for _ in range(nd + ns)]
            if name in DIVIDES_BY_SYMBOL:
                (bad if args[-1] <= 0 else good).append((name, args))
            else:
                good.append((name, args))
        if name in DIVIDES_BY_SYMBOL:
            good += [(name, [rng.choice(vals), d]) for d in (1, 2, 3, 7, 1 << 40)]
    return good, bad


@pytest.fixture(scope="module")
def setup():
    text = module_text()
    good, bad = calls(random.Random(7))
    return parse_mlir(text, "affine.mlir"), good, bad, run_functions(text, good)


def test_affine_agrees_with_iree(setup):
    module, good, _, iree = setup
    mismatches = []
    for (name, args), got in zip(good, iree):
        assert not isinstance(got, ExecutionError), f"@{name}{args}: {got}"
        ev = evaluate_function(module, name, args, fp_name="ieee")
        assert ev.ub == [], f"@{name}{args}: unexpected UB {ev.ub}"
        if ev.undefined[0] is not None:  # poison (an overflowing product): any value
            continue
        if int(ev.outputs[0]) != int(np.asarray(got[0])):
            mismatches.append(f"@{name}{args}: irverify {int(ev.outputs[0])}, IREE {int(np.asarray(got[0]))}")
    assert not mismatches, "\n".join(mismatches[:20])
    assert len(good) >= 250


def test_index_limits_agree_with_iree():
    """Wrapping ``+``, ``floordiv``/``ceildiv``/``mod`` at the ends of index (``ceildiv`` of
    INT64_MIN wraps in the expansion), and ``*`` whose overflow is poison."""
    text = module_text()
    module = parse_mlir(text, "affine.mlir")
    cases = [("wrap", [a, b]) for a in LIMITS for b in LIMITS[::2]]
    cases += [("edges", [a]) for a in LIMITS] + [("mulwrap", [a]) for a in LIMITS]
    iree = run_functions(text, cases)
    compared, poison, mismatches = 0, [], []
    for (name, args), got in zip(cases, iree):
        assert not isinstance(got, ExecutionError), f"@{name}{args}: {got}"
        ev = evaluate_function(module, name, args, fp_name="ieee")
        assert ev.ub == [], f"@{name}{args}: unexpected UB {ev.ub}"
        if ev.undefined[0] is not None:
            poison.append((name, args))
            continue
        compared += 1
        if int(ev.outputs[0]) != int(np.asarray(got[0])):
            mismatches.append(f"@{name}{args}: irverify {int(ev.outputs[0])}, IREE {int(np.asarray(got[0]))}")
    assert not mismatches, "\n".join(mismatches[:20])
    assert compared >= 70
    # poison exactly where the product overflows
    assert poison and all(n == "mulwrap" and not INT64_MIN <= a[0] * 3 <= INT64_MAX for n, a in poison)
    assert len(poison) == sum(not INT64_MIN <= a * 3 <= INT64_MAX for a in LIMITS)


def test_nonpositive_divisor_is_ub(setup):
    module, _, bad, _ = setup
    assert len(bad) >= 5
    negative = [(name, args) for name, args in bad if args[-1] < 0]
    assert len(negative) >= 3
    for name, args in negative:
        assert evaluate_function(module, name, args, fp_name="ieee").ub, f"@{name}{args} should be UB"
    for name, args in bad:  # a zero divisor: UB reported, or no value at all
        if args[-1] == 0:
            try:
                assert evaluate_function(module, name, args, fp_name="ieee").ub, f"@{name}{args} should be UB"
            except ValueError as e:
                assert "/0" in str(e)


def test_every_op_and_expression_kind_is_exercised():
    text = module_text()
    for word in ("affine.apply", "affine.min", "affine.max", "floordiv", "ceildiv", "mod", "*", "+", "-"):
        assert word in text, word
