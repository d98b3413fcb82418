"""Conformance of the IREE memory model (subspan views, dispatch.tensor.load/store, rank
reduction, byte offsets) with IREE llvm-cpu: random view shapes, offsets, sizes and strides,
fed as push constants to a few dispatch kernels compiled once each; irverify's final buffer
contents must equal the executed wrapper's exactly."""

import numpy as np
import pytest

from irverify.frontends.mlir.dispatch_confirm import wrap
from irverify.frontends.mlir.parse import parse_mlir
from irverify.smt import terms as t
from irverify.smt.floats import theory
from irverify.verify.encode import encode_function, make_inputs

pytestmark = pytest.mark.iree

LAYOUT = ("#hal.pipeline.layout<constants = {n}, bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, "
          "#hal.pipeline.binding<storage_buffer>]>")

# 2-D, everything dynamic: load a strided slice of binding 0, store it strided into binding 1.
DYNAMIC_2D = """
#l = {layout}
func.func @k() {{
  %c4 = arith.constant 4 : index
  {pcs}
  %ib = arith.muli %p2, %c4 : index
  %ob = arith.muli %p15, %c4 : index
  %in = hal.interface.binding.subspan layout(#l) binding(0) alignment(4) offset(%ib) flags(ReadOnly)
      : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x?xi32>>{{%p0, %p1}}
  %v = iree_tensor_ext.dispatch.tensor.load %in, offsets = [%p3, %p4], sizes = [%p5, %p6], strides = [%p7, %p8]
      : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x?xi32>>{{%p0, %p1}} -> tensor<?x?xi32>
  %out = hal.interface.binding.subspan layout(#l) binding(1) alignment(4) offset(%ob)
      : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x?xi32>>{{%p9, %p10}}
  iree_tensor_ext.dispatch.tensor.store %v, %out, offsets = [%p11, %p12], sizes = [%p5, %p6], strides = [%p13, %p14]
      : tensor<?x?xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x?xi32>>{{%p9, %p10}}
  return
}}
"""

# Rank-reducing load (drops a unit dim of a ?x5x? view) and rank-reducing store (into the
# last, static, dim of a ?x?x3 view), f32 elements, static and dynamic entries mixed.
REDUCING_3D = """
#l = {layout}
func.func @k() {{
  %c4 = arith.constant 4 : index
  {pcs}
  %ib = arith.muli %p2, %c4 : index
  %ob = arith.muli %p15, %c4 : index
  %in = hal.interface.binding.subspan layout(#l) binding(0) alignment(4) offset(%ib) flags(ReadOnly)
      : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x5x?xf32>>{{%p0, %p1}}
  %v = iree_tensor_ext.dispatch.tensor.load %in, offsets = [%p3, 3, %p4], sizes = [%p5, 1, %p6], strides = [%p7, 1, %p8]
      : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x5x?xf32>>{{%p0, %p1}} -> tensor<?x?xf32>
  %out = hal.interface.binding.subspan layout(#l) binding(1) alignment(4) offset(%ob)
      : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x?x3xf32>>{{%p9, %p10}}
  iree_tensor_ext.dispatch.tensor.store %v, %out, offsets = [%p11, %p12, 2], sizes = [%p5, %p6, 1], strides = [%p13, %p14, 1]
      : tensor<?x?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x?x3xf32>>{{%p9, %p10}}
  return
}}
"""

N_PC = 16


def kernel(template: str) -> str:
    pcs = "\n  ".join(f"%p{k} = hal.interface.constant.load layout(#l) ordinal({k}) : index" for k in range(N_PC))
    return template.format(layout=LAYOUT.format(n=N_PC), pcs=pcs)


def slice_params(rng, d):
    """(offset, size, stride) of an in-bounds slice of an extent-``d`` dim."""
    st = int(rng.integers(1, 4))
    size = int(rng.integers(0, (d - 1) // st + 2)) if d > 0 else 0
    off = int(rng.integers(0, d - (size - 1) * st)) if size > 0 else int(rng.integers(0, d + 1))
    return off, size, st


def random_case(rng, big: bool, out_last: int | None):
    d0 = int(rng.integers(0, 7))
    d1 = int(rng.integers(0, 41 if big else 7))
    o0, s0, st0 = slice_params(rng, d0)
    o1, s1, st1 = slice_params(rng, d1)
    so, sst, e = [], [], []
    for s in (s0, s1):
        stride, off = int(rng.integers(1, 4)), int(rng.integers(0, 4))
        e.append(off + (s - 1) * stride + 1 + int(rng.integers(0, 3)) if s > 0 else int(rng.integers(0, 5)))
        so.append(off)
        sst.append(stride)
    ioff, ooff = int(rng.integers(0, 5)), int(rng.integers(0, 5))
    if rng.random() < 0.1:  # occasionally out of bounds: irverify must call it UB
        o0 += d0 + 1
    pcs = [d0, d1, ioff, o0, o1, s0, s1, st0, st1, e[0], e[1], so[0], so[1], sst[0], sst[1], ooff]
    inner_in = 5 if out_last is not None else 1
    inner_out = out_last or 1
    n_in = ioff + d0 * d1 * inner_in + int(rng.integers(0, 4))
    n_out = ooff + e[0] * e[1] * inner_out + int(rng.integers(0, 4))
    return pcs, n_in, n_out


def model_final(module, pcs, buffers, fp):
    """irverify's final contents of binding 1 (or None if the program has UB on these inputs)."""
    fn = module.functions["k"]
    inputs = make_inputs(fn, fp)
    enc = encode_function(fn, module, inputs, fp)
    pairs = []
    for k, v in enumerate(pcs):
        key = f"push_constant.{k}"
        if key in inputs.symbols:
            pairs.append((inputs.symbols[key], t.int_val(v)))
    for b, arr in enumerate(buffers):
        elem, length, initial = inputs.symbols[f"binding.{b}"]
        pairs.append((length, t.int_val(arr.size)))
        contents = t.const_array(1, _const(fp, elem, 0))
        for i, x in enumerate(arr.tolist()):
            contents = t.store(contents, [t.int_val(i)], _const(fp, elem, x))
        pairs.append((initial, contents))
    if any(t.static_bool(t.substitute(u.cond, pairs)) is not False for u in enc.state.ub):
        return None
    buf = enc.state.extra_outputs["binding 1"]
    out = []
    for p in range(buffers[1].size):
        v = t.simplify(t.substitute(buf.read(t.int_val(p))[0], pairs))
        out.append(fp.python_value(v, buf.elem) if hasattr(buf.elem, "name") else _signed(t.static_int(v), 32))
    return np.array(out, dtype=buffers[1].dtype)


def _const(fp, elem, x):
    return fp.const(float(x), elem) if hasattr(elem, "name") else t.bv_val(int(x), elem.width)


def _signed(n, w):
    return n - (1 << w) if n >= 1 << (w - 1) else n


def same_bits(a, b):
    if a.dtype.kind == "f":
        return np.array_equal(a.view(np.int32), b.view(np.int32))
    return np.array_equal(a, b)


@pytest.mark.parametrize("template,dtype,out_last", [
    (DYNAMIC_2D, np.int32, None),
    pytest.param(REDUCING_3D, np.float32, 3, marks=pytest.mark.slow),
],
                         ids=["dynamic_2d_i32", "rank_reducing_3d_f32"])
def test_load_store_subspan_match_iree(template, dtype, out_last):
    from irverify.execute.iree import run_host_module

    text = kernel(template)
    module = parse_mlir(text, "kernel.mlir")
    wrapped = wrap(module, module.functions["k"])
    fp = theory("abstract")  # values are only moved: bit patterns are exact
    rng = np.random.default_rng(7 if dtype is np.int32 else 11)
    cases = []
    for n in range(24):
        pcs, n_in, n_out = random_case(rng, big=(n % 4 == 3), out_last=out_last)
        if dtype is np.int32:
            inb = rng.integers(-1000, 1000, n_in).astype(dtype)
        else:
            inb = rng.uniform(-8, 8, n_in).astype(dtype)
        outb = (-(np.arange(n_out) + 1)).astype(dtype)
        cases.append((pcs, inb, outb))
    runs = run_host_module(wrapped.text, [("main", [*pcs, inb.copy(), outb.copy()]) for pcs, inb, outb in cases])
    checked = 0
    for (pcs, inb, outb), run in zip(cases, runs):
        expected = model_final(module, pcs, [inb, outb], fp)
        if expected is None:
            continue
        assert not isinstance(run, Exception), run
        assert same_bits(run[1], expected), f"push constants {pcs}: IREE {run[1]}, irverify {expected}"
        checked += 1
    assert checked >= 12
