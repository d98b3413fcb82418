"""Conformance of ``scf.forall`` with ``shared_outs`` (``tensor.parallel_insert_slice`` in
``scf.forall.in_parallel``), ``scf.for`` and ``scf.if`` with IREE llvm-cpu.

``scf.for`` (constant bounds, a tensor and a scalar carried) and ``scf.if`` (tensor and scalar
results) run as plain functions on random extents and values; irverify's evaluation must
equal IREE's outputs exactly.

IREE 3.13 compiles ``scf.forall`` with tensor results only inside a dispatch, so the op runs in a
dispatch kernel (the wrapper of ``irverify.frontends.mlir.dispatch_confirm``): extents and the
row step and scale are push constants, the tensors come from bindings and the result is stored
into the binding its shared output was loaded from (IREE bufferizes it in place; dynamic tile
sizes make IREE 3.13 fail on unbounded stack allocations, so tiles are 2x2). The 2x3 domain
writes the tile at rows ``i * max(step, 2)``, columns ``2 * j``: with a step of 3, or extents past the
tiles, elements keep the shared output's initial value; every tile reads its own tile of the
shared output. irverify encodes the kernel
once and evaluates the final contents of the output binding at each case's push constants and
buffers; they must equal IREE's element for element, and no case may be UB.

One host-side ``scf.for`` IREE 3.13 runs wrongly is kept as a reproducer
(``testdata/iree-bugs/vm_scf_for_addi_doubling.mlir``): the test checks that the installed IREE
still computes exactly the wrong values recorded there, and fails once it does not.
"""

from __future__ import annotations

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_host_module
from irverify.frontends.mlir.parse import parse_mlir
from tests.paths import TESTDATA

pytestmark = pytest.mark.iree

RO = "!iree_tensor_ext.dispatch.tensor<readonly:tensor<?x?xi32>>"
RW = "!iree_tensor_ext.dispatch.tensor<readwrite:tensor<?x?xi32>>"
ROB = "#hal.pipeline.binding<storage_buffer, ReadOnly>"

KERNEL = f"""
#l = #hal.pipeline.layout<constants = 4, bindings = [{ROB}, #hal.pipeline.binding<storage_buffer>]>
func.func @k() {{
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n = hal.interface.constant.load layout(#l) ordinal(0) : index
  %m = hal.interface.constant.load layout(#l) ordinal(1) : index
  %s = hal.interface.constant.load layout(#l) ordinal(2) : index
  %p2 = hal.interface.constant.load layout(#l) ordinal(3) : i32
  %in = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : {RO}{{%n, %m}}
  %out = hal.interface.binding.subspan layout(#l) binding(1) alignment(64) offset(%c0) : {RW}{{%n, %m}}
  %a = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0, 0], sizes = [%n, %m], strides = [1, 1] : {RO}{{%n, %m}} -> tensor<?x?xi32>
  %b = iree_tensor_ext.dispatch.tensor.load %out, offsets = [0, 0], sizes = [%n, %m], strides = [1, 1] : {RW}{{%n, %m}} -> tensor<?x?xi32>
  %s2 = arith.maxsi %s, %c2 : index
  %r = scf.forall (%i, %j) in (2, 3) shared_outs(%o = %b) -> (tensor<?x?xi32>) {{
    %oi = arith.muli %i, %s2 : index
    %oj = arith.muli %j, %c2 : index
    %x = tensor.extract_slice %a[%oi, %oj] [2, 2] [1, 1] : tensor<?x?xi32> to tensor<2x2xi32>
    %d = tensor.extract_slice %o[%oi, %oj] [2, 2] [1, 1] : tensor<?x?xi32> to tensor<2x2xi32>
    %jj = arith.index_cast %j : index to i32
    %y = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                         iterator_types = ["parallel", "parallel"]}} ins(%x : tensor<2x2xi32>) outs(%d : tensor<2x2xi32>) {{
    ^bb0(%u: i32, %v: i32):
      %q = arith.addi %jj, %p2 : i32
      %w = arith.muli %u, %q : i32
      %z = arith.subi %w, %v : i32
      linalg.yield %z : i32
    }} -> tensor<2x2xi32>
    scf.forall.in_parallel {{
      tensor.parallel_insert_slice %y into %o[%oi, %oj] [2, 2] [1, 1] : tensor<2x2xi32> into tensor<?x?xi32>
    }}
  }}
  iree_tensor_ext.dispatch.tensor.store %r, %out, offsets = [0, 0], sizes = [%n, %m], strides = [1, 1] : tensor<?x?xi32> -> {RW}{{%n, %m}}
  return
}}
"""


def _cases(rng, count):
    cases = []
    for c in range(count):
        step = int(rng.integers(2, 4))
        n, m = step + 2 + int(rng.integers(0, 4)), 6 + int(rng.integers(0, 4))
        bufs = [rng.integers(-1000, 1000, n * m).astype(np.int32) for _ in range(2)]
        cases.append(([n, m, step, int(rng.integers(-3, 4))], bufs))
    return cases


def _expected(pcs, bufs):
    """The kernel's result computed with numpy (to check that the cases exercise the tiles)."""
    n, m, step, p2 = pcs
    a, b = bufs[0].reshape(n, m).astype(np.int64), bufs[1].reshape(n, m).astype(np.int64)
    out = b.copy()
    for i in range(2):
        for j in range(3):
            rs, cs = slice(i * step, i * step + 2), slice(j * 2, j * 2 + 2)
            out[rs, cs] = a[rs, cs] * (j + p2) - b[rs, cs]
    return ((out + (1 << 31)) % (1 << 32) - (1 << 31)).astype(np.int32).reshape(-1)


def _irverify_contents(enc, inputs, pcs, bufs):
    from irverify.smt import terms as t
    from irverify.verify.evaluate import _may_hold

    pairs = []
    for k, v in enumerate(pcs):
        sym = inputs.symbols.get(f"push_constant.{k}")
        if sym is not None:
            pairs.append((sym, t.int_val(v) if t.sort_of(sym) == t.int_sort() else t.bv_val(v, 32)))
    for b, arr in enumerate(bufs):
        _, length, initial = inputs.symbols[f"binding.{b}"]
        contents = t.const_array(1, t.bv_val(0, 32))
        for i, x in enumerate(arr.tolist()):
            contents = t.store(contents, [t.int_val(i)], t.bv_val(int(x), 32))
        pairs += [(length, t.int_val(arr.size)), (initial, contents)]
    assert not any(_may_hold(t.simplify(t.substitute(u.cond, pairs))) for u in enc.state.ub), pcs
    buf = enc.state.extra_outputs["binding 1"]
    vals = [t.static_int(t.simplify(t.substitute(buf.read(t.int_val(p))[0], pairs))) for p in range(bufs[1].size)]
    return np.array([v - (1 << 32) if v >= 1 << 31 else v for v in vals], np.int64).astype(np.int32)


def _check(count, seed):
    from irverify.frontends.mlir.dispatch_confirm import wrap
    from irverify.smt.floats import theory
    from irverify.verify.encode import encode_function, make_inputs

    module = parse_mlir(KERNEL, "forall_shared.mlir")
    fn = module.functions["k"]
    fp = theory("abstract")
    inputs = make_inputs(fn, fp)
    enc = encode_function(fn, module, inputs, fp)
    cases = _cases(np.random.default_rng(seed), count)
    runs = run_host_module(wrap(module, fn).text,
                           [("main", [*pcs, *(b.copy() for b in bufs)]) for pcs, bufs in cases])
    kept = 0
    for (pcs, bufs), run in zip(cases, runs):
        assert not isinstance(run, ExecutionError), run
        ours = _irverify_contents(enc, inputs, pcs, bufs)
        assert np.array_equal(run[1], ours), f"push constants {pcs}: IREE {run[1]}, irverify {ours}"
        assert np.array_equal(ours, _expected(pcs, bufs))
        n, m, step, _ = pcs
        covered = np.zeros((n, m), bool)
        for i in range(2):
            covered[i * step:i * step + 2, :6] = True
        kept += int(np.count_nonzero(~covered))
    return kept


# IREE compiles the kernel in seconds and each case is evaluated element by element: slow set;
# tests/semantics/test_scf_shared.py is the fast sample of the encoding.
@pytest.mark.slow
@pytest.mark.parametrize("seed", [11, 12])
def test_forall_shared_outs_tiles_match_iree(seed):
    assert _check(12, seed) > 0  # some elements keep the initial value


CONTROL = r"""
func.func @loop(%x: tensor<?xi32>, %y: i32) -> (tensor<?xi32>, i32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %r:2 = scf.for %i = %c2 to %c7 step %c2 iter_args(%t = %x, %s = %y) -> (tensor<?xi32>, i32) {
    %ii = arith.index_cast %i : index to i32
    %u = arith.muli %s, %ii : i32
    %v = arith.subi %u, %ii : i32
    %w = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%t : tensor<?xi32>) {
    ^bb0(%o: i32):
      %m = arith.muli %o, %ii : i32
      %z = arith.addi %m, %v : i32
      linalg.yield %z : i32
    } -> tensor<?xi32>
    scf.yield %w, %v : tensor<?xi32>, i32
  }
  return %r#0, %r#1 : tensor<?xi32>, i32
}
func.func @branch(%c: i1, %x: tensor<?xi32>, %y: i32) -> (tensor<?xi32>, i32) {
  %r:2 = scf.if %c -> (tensor<?xi32>, i32) {
    %w = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%x : tensor<?xi32>) {
    ^bb0(%o: i32):
      %z = arith.muli %o, %y : i32
      linalg.yield %z : i32
    } -> tensor<?xi32>
    scf.yield %w, %y : tensor<?xi32>, i32
  } else {
    %k = arith.constant 3 : i32
    %s = arith.subi %y, %k : i32
    scf.yield %x, %s : tensor<?xi32>, i32
  }
  return %r#0, %r#1 : tensor<?xi32>, i32
}
"""


@pytest.mark.slow  # IREE's compilation alone takes a few seconds
def test_for_and_if_match_iree():
    from irverify.execute.iree import run_functions
    from irverify.verify.evaluate import evaluate_function

    rng = np.random.default_rng(3)
    calls = []
    for k in range(4):
        x = rng.integers(-1000, 1000, int(rng.integers(0, 9))).astype(np.int32)
        y = np.int32(rng.integers(-50, 50))
        calls += [("loop", [x, y]), ("branch", [np.bool_(k % 2), x, y])]
    module = parse_mlir(CONTROL, "control.mlir")
    for (name, args), run in zip(calls, run_functions(CONTROL, calls)):
        assert not isinstance(run, ExecutionError), run
        ev = evaluate_function(module, name, args, fp_name="ieee")
        assert ev.ub == []
        for ours, theirs in zip(ev.outputs, run):
            assert np.array_equal(np.asarray(ours), np.asarray(theirs)), (name, args, ours, theirs)


VM_DOUBLING = TESTDATA / "iree-bugs" / "vm_scf_for_addi_doubling.mlir"


def test_vm_scf_for_addi_doubling_still_miscompiled():
    """IREE 3.13 runs a host-side ``scf.for`` doubling an i32 with ``arith.addi %acc, %acc``
    as if its counter started at the accumulator's initial value (the entry branch's register
    moves, ``testdata/iree-bugs/vm_scf_for_addi_doubling.mlir``), while the IR is right down to
    the VM dialect and the ``arith.shli`` loop runs right. This fails when the installed IREE
    computes anything else than those recorded values (a fix included): then the reproducer and
    docs/findings.md are to be updated."""
    import re

    import iree.compiler.tools as ireec

    from irverify.execute.iree import run_functions

    text = VM_DOUBLING.read_text()
    calls = [(name, [np.int32(3), n]) for name in ("double", "double_shl") for n in range(8)]
    runs = run_functions(text, calls)
    assert not any(isinstance(r, ExecutionError) for r in runs), runs
    got = {name: [] for name in ("double", "double_shl")}
    for (name, _), run in zip(calls, runs):
        got[name].append(int(run[0]))
    assert got["double_shl"] == [3 << n for n in range(8)]  # 3, 6, 12, ..., 384: right
    assert got["double"] == [3, 3, 3, 3, 6, 12, 24, 48]  # observed on IREE 3.13, not 3 << n

    vm = ireec.compile_str(text, target_backends=["llvm-cpu"], extra_args=["--compile-to=vm"],
                           output_format=ireec.OutputFormat.MLIR_TEXT).decode()
    body = vm.split("vm.func private @double(", 1)[1].split("vm.func private @double_shl(", 1)[0]
    assert "vm.const.i64.zero" in body  # the counter starts at 0 ...
    assert re.search(r"= vm\.add\.i32 (%\w+), \1 ", body)  # ... and the body doubles: the IR is right
