"""Memref arguments that may overlap (``irverify.semantics.memref_alias``): the encoding agrees
with a flat memory in which the arguments are placed at every relative offset (an independent
simulation: one Python list, loads and stores at ``start + index``), and the rule's exceptions
(``llvm.noalias``, ``--memref-args noalias``) hold. IREE cannot serve as the oracle here: it
gives every binding its own buffer and compiles them as not aliasing."""

from __future__ import annotations

import pytest

from irverify.frontends.mlir.parse import parse_mlir
from irverify.smt import terms as t
from irverify.verify.check import Options, check_modules

# Stores and loads through %a (4 elements) and %b (3 elements) at constant positions, in order.
PROGRAM = [("store", "a", 1, 10), ("load", "b", 0), ("store", "b", 2, 20), ("load", "a", 3),
           ("store", "b", 0, 30), ("load", "a", 1), ("store", "a", 0, 40), ("load", "b", 1)]
LENGTHS = {"a": 4, "b": 3}


def _function() -> str:
    lines = ["func.func @f(%a: memref<4xi32>, %b: memref<3xi32>) -> (i32, i32, i32, i32) {"]
    loads = []
    for k, step in enumerate(PROGRAM):
        lines.append(f"  %i{k} = arith.constant {step[2]} : index")
        if step[0] == "store":
            lines.append(f"  %v{k} = arith.constant {step[3]} : i32")
            lines.append(f"  memref.store %v{k}, %{step[1]}[%i{k}] : memref<{LENGTHS[step[1]]}xi32>")
        else:
            lines.append(f"  %x{k} = memref.load %{step[1]}[%i{k}] : memref<{LENGTHS[step[1]]}xi32>")
            loads.append(f"%x{k}")
    lines.append(f"  return {', '.join(loads)} : i32, i32, i32, i32\n}}")
    return "\n".join(lines)


def _simulate(start: dict[str, int], memory: list[int]) -> tuple[list[int], dict[str, list[int]]]:
    mem = list(memory)
    loads = []
    for step in PROGRAM:
        where = start[step[1]] + step[2]
        if step[0] == "store":
            mem[where] = step[3]
        else:
            loads.append(mem[where])
    return loads, {x: mem[start[x]:start[x] + n] for x, n in LENGTHS.items()}


@pytest.mark.parametrize("offset", range(-3, 5))
def test_overlapping_arguments_agree_with_a_flat_memory(offset):
    """%b starts ``offset`` elements after %a: every value loaded and the final contents of both
    arguments are what one flat memory holds."""
    from irverify.semantics.memref_alias import LAYOUT
    from irverify.smt.floats import theory
    from irverify.verify.encode import encode_function, make_inputs

    module = parse_mlir(_function(), "alias.mlir")
    fn = module.functions["f"]
    fp = theory("abstract")
    inputs = make_inputs(fn, fp, poison=False)
    enc = encode_function(fn, module, inputs, fp)
    group = inputs.symbols[LAYOUT].group_of["%a"]
    start = {"a": max(0, -offset)}
    start["b"] = start["a"] + offset
    initial = [100 + k for k in range(7)]
    arr = t.const_array(1, t.bv_val(0, 32))
    for k, x in enumerate(initial):
        arr = t.store(arr, [t.int_val(k)], t.bv_val(x, 32))
    pairs = [(group.memory, arr), (t.int_var("memref.shift(%a)"), t.int_val(start["a"])),
             (t.int_var("memref.shift(%b)"), t.int_val(start["b"] - 4))]

    def value(term) -> int:
        n = t.static_int(t.simplify(t.substitute(term, pairs)))
        assert n is not None
        return n % (1 << 32)

    loads, final = _simulate(start, initial)
    assert [value(r.term) for r in enc.results] == loads
    for x, n in LENGTHS.items():
        buf = enc.state.extra_outputs[f"memref %{x}"]
        assert [value(buf.read(t.int_val(k))[0]) for k in range(n)] == final[x], (x, offset)


SWAPPED = """
func.func @src(%a: memref<4xi32>{attr}, %b: memref<4xi32>, %i: index, %j: index) -> i32 {{
  %x = memref.load %a[%i] : memref<4xi32>
  %c7 = arith.constant 7 : i32
  memref.store %c7, %b[%j] : memref<4xi32>
  return %x : i32
}}
func.func @tgt(%a: memref<4xi32>{attr}, %b: memref<4xi32>, %i: index, %j: index) -> i32 {{
  %c7 = arith.constant 7 : i32
  memref.store %c7, %b[%j] : memref<4xi32>
  %x = memref.load %a[%i] : memref<4xi32>
  return %x : i32
}}
"""


@pytest.mark.parametrize("attr,flag,verdict,assumed", [
    ("", "may-alias", "incorrect", ["memref-args=may-alias"]),
    ("", "noalias", "correct", ["memref-args=noalias"]),
    (" {llvm.noalias}", "may-alias", "correct", []),
])
def test_the_rule_and_its_exceptions(attr, flag, verdict, assumed):
    """Both readings of the contested point decide the swapped accesses otherwise, so each
    verdict names the one it rests on; with llvm.noalias the reading does not matter."""
    report = check_modules(parse_mlir(SWAPPED.format(attr=attr), "s.mlir"), None,
                           Options(confirm=False, readings={"memref-args": flag}))
    fn = report.functions[0]
    assert fn.verdict.value == verdict, fn.message
    assert fn.assumptions == assumed


def test_an_overlapping_counterexample_is_not_run():
    """Execution gives every argument its own buffer: a counterexample that places them in
    overlapping memory is reported unconfirmed, never as a disagreement with IREE."""
    from irverify.semantics.memref_alias import overlap_in

    fn = check_modules(parse_mlir(SWAPPED.format(attr=""), "s.mlir"), None, Options(confirm=False)).functions[0]
    cex = fn.counterexample
    assert overlap_in(cex) == "%a and %b"
    assert isinstance(cex.scalars["offset of %b from %a (elements)"], int)


def test_overlap_in_reads_every_pair_of_a_group():
    from types import SimpleNamespace

    import numpy as np

    def cex(offsets, sizes):
        scalars = {f"offset of %{x} from %a (elements)": o for x, o in offsets.items()}
        tensors = {f"%{x} (initial)": np.zeros(n) for x, n in sizes.items()}
        return SimpleNamespace(scalars=scalars, tensors=tensors)

    from irverify.semantics.memref_alias import overlap_in

    assert overlap_in(cex({"b": 4, "c": 8}, {"a": 4, "b": 4, "c": 2})) is None
    assert overlap_in(cex({"b": 4, "c": 7}, {"a": 4, "b": 4, "c": 2})) == "%b and %c"
    assert overlap_in(cex({"b": -2, "c": 8}, {"a": 4, "b": 4, "c": 2})) == "%a and %b"
    assert overlap_in(cex({"b": 4}, {"a": 0, "b": 4})) is None
