"""Conformance with IREE llvm-cpu of the named convolutions and poolings
(``irverify.semantics.linalg_conv``): on random shapes, strides, dilations and values, irverify's
evaluation of each op equals IREE's execution (i32: exact; f32 poolings by max/min: exact), and
a numpy reference written from the OpDSL definitions agrees with both."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_functions
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

# op -> (layout letters of input, kernel, output); window dims are h/w, the kernel's are k/l
# (kh, kw); 'p' in a pooling kernel is a placeholder for the window shape.
CONVS = {
    "conv_1d": ("W", "L", "W"),
    "conv_2d": ("HW", "KL", "HW"),
    "conv_1d_nwc_wcf": ("NWC", "LCF", "NWF"),
    "conv_2d_nhwc_hwcf": ("NHWC", "KLCF", "NHWF"),
    "conv_2d_nhwc_fhwc": ("NHWC", "FKLC", "NHWF"),
    "conv_2d_nchw_fchw": ("NCHW", "FCKL", "NFHW"),
    "depthwise_conv_1d_nwc_wc": ("NWC", "LC", "NWC"),
    "depthwise_conv_2d_nhwc_hwc": ("NHWC", "KLC", "NHWC"),
    "depthwise_conv_2d_nchw_chw": ("NCHW", "CKL", "NCHW"),
}
POOLS = {
    "pooling_nhwc_sum": ("NHWC", "sum", False),
    "pooling_nchw_sum": ("NCHW", "sum", False),
    "pooling_nhwc_max": ("NHWC", "max", False),
    "pooling_nhwc_min": ("NHWC", "min", False),
    "pooling_nhwc_max_unsigned": ("NHWC", "max", True),
    "pooling_nhwc_min_unsigned": ("NHWC", "min", True),
    "pooling_nchw_max": ("NCHW", "max", False),
}


def _shape(layout: str, sizes: dict[str, int]) -> tuple[int, ...]:
    return tuple(sizes[c] for c in layout)


def _ty(shape, elem="i32") -> str:
    return "tensor<" + "x".join(map(str, shape)) + f"x{elem}>"


def _sizes(rng, windows: int, unit: bool = False) -> tuple[dict[str, int], list[int], list[int]]:
    s = {"N": int(rng.integers(1, 3)), "C": int(rng.integers(1, 4)), "F": int(rng.integers(1, 4)),
         "K": int(rng.integers(1, 4)), "L": int(rng.integers(1, 4)),
         "h": int(rng.integers(1, 4)), "w": int(rng.integers(1, 4))}
    strides = [1 if unit else int(rng.integers(1, 3)) for _ in range(windows)]
    dilations = [1 if unit else int(rng.integers(1, 3)) for _ in range(windows)]
    win = {"H": ("h", "K"), "W": ("w", "L")}
    pos = 0
    for axis in ("H", "W"):
        if windows == 1 and axis == "H":
            continue
        out, k = win[axis]
        s[axis] = (s[out] - 1) * strides[pos] + (s[k] - 1) * dilations[pos] + 1
        pos += 1
    return s, strides, dilations


def _out_layout(layout: str) -> str:
    return layout.replace("H", "h").replace("W", "w")


def _attrs(op: str, windows: int, strides, dilations) -> str:
    if op in ("conv_1d", "conv_2d"):
        return ""
    return (f"{{strides = dense<{strides}> : tensor<{windows}xi64>, "
            f"dilations = dense<{dilations}> : tensor<{windows}xi64>}}")


def _windows(layout: str) -> int:
    return ("H" in layout) + ("W" in layout)


def _case(op: str, rng, elem: str = "i32"):
    """(function text, argument arrays, numpy reference) for one random instance of ``op``."""
    if op in CONVS:
        li, lk, lo = CONVS[op]
        windows = _windows(li)
        s, strides, dilations = _sizes(rng, windows, unit=op in ("conv_1d", "conv_2d"))
        if windows == 1:
            s["K"] = 1
        ins, ker, out = _shape(li, s), _shape(lk, s), _shape(_out_layout(lo), s)
    else:
        li, _, _ = POOLS[op]
        lo = li
        windows = 2
        s, strides, dilations = _sizes(rng, windows)
        ins, ker, out = _shape(li, s), (s["K"], s["L"]), _shape(_out_layout(lo), s)
    attrs = _attrs(op, windows, strides, dilations)
    text = (f"func.func @{op}(%i: {_ty(ins, elem)}, %k: {_ty(ker, elem)}, %o: {_ty(out, elem)}) -> {_ty(out, elem)} {{\n"
            f"  %r = linalg.{op} {attrs} ins(%i, %k : {_ty(ins, elem)}, {_ty(ker, elem)}) outs(%o : {_ty(out, elem)}) -> {_ty(out, elem)}\n"
            f"  return %r : {_ty(out, elem)}\n}}\n")
    if elem == "i32":
        args = [rng.integers(-50, 50, sh).astype(np.int32) for sh in (ins, ker, out)]
    else:
        args = [rng.standard_normal(sh).astype(np.float32) for sh in (ins, ker, out)]
    return text, args, _reference(op, s, strides, dilations, args)


def _reference(op: str, s, strides, dilations, args):
    """The OpDSL definition evaluated in numpy (int64 accumulation, wrapped to i32)."""
    inp, ker, acc = args
    pool = op in POOLS
    li = POOLS[op][0] if pool else CONVS[op][0]
    lk = "KL" if pool else CONVS[op][1]
    lo = _out_layout(li if pool else CONVS[op][2])
    kind, unsigned = (POOLS[op][1], POOLS[op][2]) if pool else ("conv", False)
    exact = acc.dtype == np.int32
    out = acc.astype(np.int64 if exact else np.float32).copy()
    windows = _windows(li)
    ranges = {c: range(s[c]) for c in "NCFKLhw"}
    if windows == 1:
        ranges["K"] = range(1)
    loops = sorted(set(lo) | set(lk) | set("C" if "C" in li else ""))

    for point in itertools.product(*(ranges[c] for c in loops)):
        v = dict(zip(loops, point))
        sh, sw = (strides + [1, 1])[:2] if windows == 2 else (1, strides[0])
        dh, dw = (dilations + [1, 1])[:2] if windows == 2 else (1, dilations[0])
        pos = {"N": v.get("N", 0), "C": v.get("C", 0), "H": v.get("h", 0) * sh + v.get("K", 0) * dh,
               "W": v.get("w", 0) * sw + v.get("L", 0) * dw}
        x = inp[tuple(pos[c] for c in li)]
        o = tuple(v[c] for c in lo)
        if kind == "conv":
            y = ker[tuple(v[c] for c in lk)]
            out[o] += (int(x) * int(y)) if exact else x * y
        elif kind == "sum":
            out[o] += int(x) if exact else x
        else:
            a, b = (int(out[o]), int(x)) if exact else (out[o], x)
            if unsigned:
                a, b = a & 0xFFFFFFFF, b & 0xFFFFFFFF
            r = max(a, b) if kind == "max" else min(a, b)
            out[o] = np.int64(np.uint32(r).view(np.int32)) if unsigned else r
    return ((out + 2**31) % 2**32 - 2**31).astype(np.int32) if exact else out


def _check(ops, seed: int, elem: str = "i32", make_case=None) -> None:
    """Each op on one random instance (``make_case(op, rng)``, by default ``_case``): irverify's
    evaluation, IREE's execution and the numpy reference agree."""
    rng = np.random.default_rng(seed)
    cases = {op: (make_case(op, rng) if make_case else _case(op, rng, elem)) for op in ops}
    text = "".join(c[0] for c in cases.values())
    runs = run_functions(text, [(op, c[1]) for op, c in cases.items()])
    module = parse_mlir(text, "conv.mlir")
    for (op, (_, args, want)), theirs in zip(cases.items(), runs):
        assert not isinstance(theirs, ExecutionError), (op, theirs)
        ev = evaluate_function(module, op, args, fp_name="ieee")
        ours = np.asarray(ev.outputs[0])
        assert ev.ub == [], op
        assert np.array_equal(ours, np.asarray(theirs[0])), (op, ours, theirs[0])
        assert np.array_equal(ours, want), (op, ours, want)


def test_conv_and_pooling_match_iree_sample():
    """One convolution and one pooling (the fast sample)."""
    _check(["conv_2d_nhwc_hwcf", "pooling_nchw_max"], seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 3, 4])
def test_every_conv_and_pooling_matches_iree(seed):
    _check(list(CONVS) + list(POOLS), seed)


@pytest.mark.slow
def test_float_max_min_poolings_match_iree():
    _check(["pooling_nhwc_max", "pooling_nhwc_min", "pooling_nchw_max"], seed=5, elem="f32")


# Quantized convolutions: i8 input and kernel, two i32 zero points, an i32 accumulator:
# O += (sext(I) - IZp) * (sext(K) - KZp) (OpDSL's conv_2d_nhwc_hwcf_q and the others).
QUANTIZED = {
    "conv_2d_nhwc_hwcf_q": ("NHWC", "KLCF", "NhwF"),
    "conv_2d_nhwc_fhwc_q": ("NHWC", "FKLC", "NhwF"),
    "conv_2d_nchw_fchw_q": ("NCHW", "FCKL", "NFhw"),
    "depthwise_conv_2d_nhwc_hwc_q": ("NHWC", "KLC", "NhwC"),
    "depthwise_conv_2d_nhwc_hwcm_q": ("NHWC", "KLCM", "NhwCM"),
    "depthwise_conv_2d_nhwc_hwcm": ("NHWC", "KLCM", "NhwCM"),
}


def _quantized_case(op: str, rng):
    li, lk, lo = QUANTIZED[op]
    s, strides, dilations = _sizes(rng, 2)
    s["M"] = int(rng.integers(1, 3))
    ins, ker, out = _shape(li, s), _shape(lk, s), _shape(lo, s)
    q = op.endswith("_q")
    zp_args = ", %izp: i32, %kzp: i32" if q else ""
    zp_ins, zp_tys = (", %izp, %kzp", ", i32, i32") if q else ("", "")
    text = (f"func.func @{op}(%i: {_ty(ins, 'i8')}, %k: {_ty(ker, 'i8')}{zp_args}, %o: {_ty(out)}) -> {_ty(out)} {{\n"
            f"  %r = linalg.{op} {_attrs(op, 2, strides, dilations)} ins(%i, %k{zp_ins} : {_ty(ins, 'i8')}, "
            f"{_ty(ker, 'i8')}{zp_tys}) outs(%o : {_ty(out)}) -> {_ty(out)}\n"
            f"  return %r : {_ty(out)}\n}}\n")
    inp = rng.integers(-128, 128, ins).astype(np.int8)
    kern = rng.integers(-128, 128, ker).astype(np.int8)
    izp, kzp = (np.int32(rng.integers(-200, 200)), np.int32(rng.integers(-200, 200))) if q else (0, 0)
    acc = rng.integers(-1000, 1000, out).astype(np.int32)
    want = acc.astype(np.int64).copy()
    depthwise = "depthwise" in op
    sh, sw = strides
    dh, dw = dilations
    for v in itertools.product(*(range(s[c]) for c in "NhwFCMKL")):
        v = dict(zip("NhwFCMKL", v))
        if depthwise and v["F"] or not depthwise and v["M"] or ("M" not in lk and v["M"]):
            continue
        pos = {"N": v["N"], "C": v["C"], "H": v["h"] * sh + v["K"] * dh, "W": v["w"] * sw + v["L"] * dw}
        x = int(inp[tuple(pos[c] for c in li)]) - int(izp)
        y = int(kern[tuple(v[c] for c in lk)]) - int(kzp)
        want[tuple(v[c] for c in lo)] += x * y
    want = ((want + 2**31) % 2**32 - 2**31).astype(np.int32)
    args = [inp, kern, izp, kzp, acc] if q else [inp, kern, acc]
    return text, args, want


@pytest.mark.parametrize("ops,seed", [
    (["conv_2d_nhwc_hwcf_q", "depthwise_conv_2d_nhwc_hwcm_q"], 11),
    pytest.param(list(QUANTIZED), 12, marks=pytest.mark.slow),
    pytest.param(list(QUANTIZED), 13, marks=pytest.mark.slow),
])
def test_quantized_convolutions_match_iree(ops, seed):
    _check(ops, seed, make_case=_quantized_case)
