"""Index shifts by a constant amount (``arith.shli``/``shrsi``/``shrui``), which irverify encodes
in integer arithmetic (``_index_shift_by_constant``) rather than through the 64-bit pattern:
the two encodings agree at corner and random 64-bit operands, and irverify's evaluation equals
IREE llvm-cpu's execution at corner and random values."""

from __future__ import annotations

import numpy as np
import pytest
import z3

from irverify.semantics.arith import _index_bitwise, _index_shift_by_constant
from irverify.smt import terms as t

AMOUNTS = [0, 1, 4, 33, 63]
OPS = {"shli": t.shl, "shrsi": t.ashr, "shrui": t.lshr}


@pytest.mark.parametrize("name", sorted(OPS))
def test_constant_shift_encoding_equals_the_bit_pattern_shift(name):
    """At corners and random 64-bit values (a proof over all of them mixes integers and
    bit-vectors, which is what the integer encoding avoids: too slow for the solver)."""
    rng = np.random.default_rng(11)
    values = [0, 1, -1, 2, -2, -(1 << 63), (1 << 63) - 1, 1 << 62, -(1 << 62) - 3]
    values += [int(v) for v in rng.integers(-(1 << 63), (1 << 63) - 1, 16, dtype=np.int64)]
    for k in AMOUNTS + [2, 31, 32, 62]:
        for v in values:
            x = z3.IntVal(v)
            fast = z3.simplify(_index_shift_by_constant(name, x, k)).as_long()
            bits = z3.simplify(_index_bitwise(OPS[name])(x, z3.IntVal(k))).as_long()
            assert fast == bits, (name, k, v, fast, bits)


@pytest.mark.iree
@pytest.mark.slow
def test_constant_index_shifts_match_iree():
    from irverify.execute.iree import ExecutionError, run_functions
    from irverify.frontends.mlir.parse import parse_mlir
    from irverify.verify.evaluate import evaluate_function

    ty, io = "tensor<8xindex>", "tensor<8xi64>"  # index tensors cannot cross IREE's dispatch boundary
    text = "".join(
        f"func.func @{name}_{k}(%a: {io}) -> {io} {{\n"
        f"  %x = arith.index_cast %a : {io} to {ty}\n"
        f"  %c = arith.constant dense<{k}> : {ty}\n"
        f"  %r = arith.{name} %x, %c : {ty}\n"
        f"  %o = arith.index_cast %r : {ty} to {io}\n  return %o : {io}\n}}\n"
        for name in OPS for k in AMOUNTS)
    rng = np.random.default_rng(3)
    corners = np.array([0, 1, -1, -(2 ** 63), 2 ** 63 - 1, 12345, -98765, 2 ** 40 + 7], dtype=np.int64)
    inputs = [corners, rng.integers(-(2 ** 63), 2 ** 63 - 1, 8, dtype=np.int64)]
    calls = [(f"{name}_{k}", [x]) for name in OPS for k in AMOUNTS for x in inputs]
    runs = run_functions(text, calls)
    module = parse_mlir(text, "shift.mlir")
    for (fn, args), theirs in zip(calls, runs):
        assert not isinstance(theirs, ExecutionError), (fn, theirs)
        ours = np.asarray(evaluate_function(module, fn, args, fp_name="ieee").outputs[0], dtype=np.int64)
        assert np.array_equal(ours, np.asarray(theirs[0], dtype=np.int64)), (fn, args, ours, theirs[0])
