"""Conformance of ``iree_linalg_ext.im2col`` (``irverify.semantics.linalg_ext_im2col``) with IREE.

Random convolution-like configurations: one to two window dims (random extents, strides,
dilations, kernels), an optional convolution-batch M dim with unit metadata, optional channel
and ``batch_pos`` dims, in a random input layout; M and K coordinates grouped at random into
output dims (expanded or collapsed), random ``input_k_perm``, ``output_perm`` and offsets, and
sometimes input padding (window dims) and output padding with a ``pad_value``. On i32 values
irverify's evaluation must equal both a numpy reference written from the op's definition and
IREE: llvm-cpu does not compile a lone ``im2col`` op, so the module is first decomposed by
IREE's own ``iree-linalg-ext-decompose-im2col`` pass (the decomposition its codegen pipelines
use), then compiled and run. A window along the innermost input dim is not dilated, nor strided
when M output dims are collapsed: that decomposition copies such windows as contiguous slices
(``testdata/iree/iree313_im2col_decompose_dilation``, ``iree313_im2col_decompose_stride``).
Configurations that read outside an unpadded input dim must be reported as UB by irverify
(they are not run).
"""

from __future__ import annotations

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_functions
from irverify.frontends.mlir.parse import parse_mlir, parse_mlir_native
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree


def _ty(shape) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + "i32>"


def _split(rng, items: list) -> list[list]:
    """``items`` cut into 1..len contiguous non-empty groups."""
    if not items:
        return []
    cuts = sorted(rng.choice(range(1, len(items)), size=int(rng.integers(0, len(items))), replace=False)) \
        if len(items) > 1 else []
    bounds = [0, *map(int, cuts), len(items)]
    return [items[a:b] for a, b in zip(bounds, bounds[1:])]


def config(rng, bad: bool = False) -> dict:
    """A random im2col configuration; ``bad``: an M dim reads past an unpadded input extent."""
    nwin = int(rng.integers(1, 3))
    roles = [("win", i) for i in range(nwin)]
    if rng.random() < 0.5:
        roles.append(("n", 0))
    if rng.random() < 0.7:
        roles.append(("chan", 0))
    if rng.random() < 0.4:
        roles.append(("batch", 0))
    rng.shuffle(roles)
    in_rank = len(roles)
    pad = rng.random() < 0.35
    m_pos = [d for d, r in enumerate(roles) if r[0] in ("win", "n")]
    k_pos = [d for d, r in enumerate(roles) if r[0] == "chan"]
    batch_pos = [d for d, r in enumerate(roles) if r[0] == "batch"]
    strides, dilations, kernel, out_ext, in_shape = [], [], [], [], [0] * in_rank
    pad_lo, pad_hi = [0] * in_rank, [0] * in_rank
    for d in m_pos:
        if roles[d][0] == "n":
            s = dl = k = 1
            o = int(rng.integers(1, 3))
            in_shape[d] = o
        else:
            s, dl, k, o = (int(rng.integers(1, 3)), int(rng.integers(1, 3)),
                           int(rng.integers(1, 4)), int(rng.integers(1, 4)))
            if d == in_rank - 1:  # IREE 3.13's decomposition ignores this dilation when it
                dl = 1            # copies K contiguously (testdata/iree/iree313_im2col_decompose_dilation)
            need = (o - 1) * s + (k - 1) * dl + 1
            if pad:
                pad_lo[d], pad_hi[d] = int(rng.integers(0, 3)), int(rng.integers(0, 3))
            in_shape[d] = max(1, need - pad_lo[d] - pad_hi[d] + int(rng.integers(0, 2)))
        strides.append(s), dilations.append(dl), kernel.append(k), out_ext.append(o)
    for d in k_pos + batch_pos:
        in_shape[d] = int(rng.integers(1, 4))
    # K coordinates in input order (window offsets of M dims, channel coords), then output order
    k_in = [kernel[m_pos.index(d)] if d in m_pos else in_shape[d] for d in range(in_rank) if d not in batch_pos]
    k_perm = [int(x) for x in rng.permutation(len(k_in))]
    k_out = [k_in[p] for p in k_perm]
    m_groups = _split(rng, out_ext)
    if len(m_groups) < len(m_pos) and in_rank - 1 in m_pos and roles[-1][0] == "win":
        # IREE 3.13's decomposition checks the metadata of the wrong M dim when M output dims
        # are collapsed, and copies a strided window contiguously: no stride there
        strides[m_pos.index(in_rank - 1)] = 1
    groups = [[in_shape[d]] for d in batch_pos] + m_groups + _split(rng, k_out)
    nb, nm = len(batch_pos), len(m_groups)
    offsets, extents = [], []
    for c, g in enumerate(groups):
        prod = int(np.prod(g))
        off = int(rng.integers(0, prod))
        ext = int(rng.integers(1, prod - off + 1))
        offsets.append(off), extents.append(ext)
    if bad:  # run one M output dim past its sizes (the first coordinate is not wrapped)
        c = nb + int(rng.integers(0, nm))
        extents[c] = int(np.prod(groups[c])) - offsets[c] + 2 * int(np.prod(groups[c][1:]))
    out_perm = [int(x) for x in rng.permutation(len(groups))]
    out_lo, out_hi = [0] * len(groups), [0] * len(groups)
    out_pad = rng.random() < 0.3 and not bad
    if out_pad:
        for a in range(len(groups)):
            out_lo[a], out_hi[a] = int(rng.integers(0, 2)), int(rng.integers(0, 2))
    out_shape = []
    for a, c in enumerate(out_perm):
        ext = extents[c]
        if out_pad and out_lo[a]:  # the valid region's indices start at offset + out_lo
            ext = max(1, ext - out_lo[a])
        out_shape.append(out_lo[a] + ext + out_hi[a])
    return dict(in_shape=in_shape, out_shape=out_shape, strides=strides, dilations=dilations,
                kernel=kernel, offsets=offsets, sizes=groups, batch_pos=batch_pos, m_pos=m_pos,
                k_pos=k_pos, k_perm=k_perm, out_perm=out_perm,
                pad=(pad_lo, pad_hi) if pad else None, out_pad=(out_lo, out_hi) if out_pad else None,
                pad_value=int(rng.integers(-50, 50)), bad=bad)


def _list(xs) -> str:
    return "[" + ", ".join(map(str, xs)) + "]"


def function(name: str, c: dict) -> str:
    pads = ""
    if c["pad"]:
        pads += f" input_pad_low = {_list(c['pad'][0])} input_pad_high = {_list(c['pad'][1])}"
    if c["out_pad"]:
        pads += f" output_pad_low = {_list(c['out_pad'][0])} output_pad_high = {_list(c['out_pad'][1])}"
    if c["pad"] or c["out_pad"]:
        pads += " pad_value(%pv : i32)"
    ti, to = _ty(c["in_shape"]), _ty(c["out_shape"])
    return (f"func.func @{name}(%in: {ti}) -> {to} {{\n"
            f"  %pv = arith.constant {c['pad_value']} : i32\n"
            f"  %e = tensor.empty() : {to}\n"
            f"  %r = iree_linalg_ext.im2col strides = {_list(c['strides'])} dilations = {_list(c['dilations'])}"
            f" kernel_size = {_list(c['kernel'])} offsets = {_list(c['offsets'])}"
            f" output_sizes = {_list(_list(g) for g in c['sizes'])} batch_pos = {_list(c['batch_pos'])}"
            f" m_pos = {_list(c['m_pos'])} k_pos = {_list(c['k_pos'])} input_k_perm = {_list(c['k_perm'])}"
            f" output_perm = {_list(c['out_perm'])}{pads} ins(%in : {ti}) outs(%e : {to}) -> {to}\n"
            f"  return %r : {to}\n}}\n")


def reference(c: dict, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The op's definition (LinalgExtOps.td, "Semantics"/"Padding"), and where it reads outside
    an unpadded input dim (UB without pad_value; an unknown value with one)."""
    out = np.zeros(c["out_shape"], dtype=np.int32)
    astray = np.zeros(c["out_shape"], dtype=bool)
    inv_out = np.argsort(c["out_perm"])
    inv_k = np.argsort(c["k_perm"])
    nb, nm = len(c["batch_pos"]), len(c["m_pos"])
    lo, hi = c["pad"] or ([0] * x.ndim, [0] * x.ndim)
    for p in np.ndindex(*c["out_shape"]):
        if c["out_pad"] and any(not (c["out_pad"][0][a] <= p[a] < c["out_shape"][a] - c["out_pad"][1][a])
                                for a in range(len(p))):
            out[p] = c["pad_value"]
            continue
        coords = []
        for cd, g in enumerate(c["sizes"]):
            idx = c["offsets"][cd] + p[inv_out[cd]]
            sub = []
            for k in range(len(g) - 1, 0, -1):
                sub.append(idx % g[k])
                idx //= g[k]
            coords += [idx, *reversed(sub)]
        bc, mc, kc = coords[:nb], coords[nb:nb + nm], coords[nb + nm:]
        kc = [kc[inv_k[i]] for i in range(len(kc))]
        it = iter(kc)
        window, chan = [], []
        for d in range(x.ndim):
            if d not in c["batch_pos"]:
                (window if d in c["m_pos"] else chan).append(next(it))
        src = [0] * x.ndim
        for i, d in enumerate(c["m_pos"]):
            src[d] = mc[i] * c["strides"][i] + window[i] * c["dilations"][i]
        for j, d in enumerate(c["k_pos"]):
            src[d] = chan[j]
        for b, d in enumerate(c["batch_pos"]):
            src[d] = bc[b]
        src = [s - lo[d] for d, s in enumerate(src)]
        inside = [0 <= s < n for s, n in zip(src, x.shape)]
        padded = [c["pad"] is not None and (lo[d] or hi[d]) for d in range(x.ndim)]
        if not all(ok for ok, pd in zip(inside, padded) if pd):
            out[p] = c["pad_value"]
        elif not all(inside):
            astray[p] = True
        else:
            out[p] = x[tuple(src)]
    return out, astray


def decomposed(module: str) -> str:
    from irverify.validate import run_iree_pipeline

    native = parse_mlir_native(module, "im2col.mlir")
    run_iree_pipeline(native, "builtin.module(func.func(iree-linalg-ext-decompose-im2col))", "decompose")
    return str(native)


def check(count: int, seed: int, run_iree: bool = True) -> None:
    rng = np.random.default_rng(seed)
    confs = [config(rng, bad=(k % 6 == 5)) for k in range(count)]
    text = "".join(function(f"f{k}", c) for k, c in enumerate(confs))
    module = parse_mlir(text, "im2col.mlir")
    inputs = [rng.integers(-1000, 1000, size=c["in_shape"]).astype(np.int32) for c in confs]
    runnable, undefined = [], 0
    for k, (c, x) in enumerate(zip(confs, inputs)):
        ref, astray = reference(c, x)
        ev = evaluate_function(module, f"f{k}", [x], fp_name="ieee")
        has_pad_value = bool(c["pad"] or c["out_pad"])
        assert bool(ev.ub) == (astray.any() and not has_pad_value), (c, ev.ub)
        if astray.any():
            undefined += 1
            if has_pad_value:  # those elements are unknown values, the others as defined
                mask = np.asarray(ev.undefined[0]) if ev.undefined[0] is not None else np.zeros_like(astray)
                assert np.array_equal(mask, astray), c
                assert np.array_equal(np.asarray(ev.outputs[0])[~astray], ref[~astray]), c
            continue
        assert np.array_equal(np.asarray(ev.outputs[0]), ref), (c, x, ev.outputs[0], ref)
        runnable.append((k, ref))
    assert 0 < undefined < count  # both kinds were drawn
    if not run_iree:
        return
    # only the defined ones are compiled (IREE rejects a module with a static out-of-bounds read)
    kept = "".join(function(f"f{k}", confs[k]) for k, _ in runnable)
    runs = run_functions(decomposed(kept), [(f"f{k}", [inputs[k]]) for k, _ in runnable], timeout_s=600)
    for (k, ref), run in zip(runnable, runs):
        assert not isinstance(run, ExecutionError), (confs[k], run)
        assert np.array_equal(run[0], ref), (confs[k], inputs[k], run[0], ref)


def test_im2col_matches_its_definition():
    """Fast sample: irverify's evaluation against the reference (no IREE compilation)."""
    check(6, 3, run_iree=False)


@pytest.mark.slow
@pytest.mark.parametrize("count,seed", [(8, 1), (30, 2)])
def test_im2col_matches_iree(count, seed):
    check(count, seed)
