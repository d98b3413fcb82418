"""``R.nn.gelu``, ``R.nn.gelu_tanh``, ``R.nn.layer_norm`` and ``R.nn.rms_norm`` vs TVM (llvm), on
random shapes and values (NaN, infinities and signed zeros included).

irverify's side is ``evaluate_function(..., fp_name="ieee")``: exact IEEE arithmetic, the sums in
TVM's order, and the functions the float model leaves uninterpreted computed numerically.
``rsqrt`` is computed as TVM's llvm lowering computes it, ``1 / sqrt(x)`` with both operations
rounded to the format (float32 for ``layer_norm``/``rms_norm`` of float32 and float16, float64
for ``rms_norm`` of float64), so ``layer_norm`` and ``rms_norm`` must agree bit for bit (or both
be NaN). ``erf`` and ``tanh`` are ``math.erf``/``math.tanh`` rounded to the format, which TVM's
own ``erf``/``tanh`` may miss by an ulp (its float16 ``tanh`` by a few float16 ulps): ``gelu``
and ``gelu_tanh`` agree within a tolerance, NaN and infinities at the same positions.

A reduction of symbolic extent stays uninterpreted in irverify's evaluator, so the symbolic cases
have static normalised axes (the batch axes are symbolic)."""

from __future__ import annotations

import math

import numpy as np
import pytest

tvm = pytest.importorskip("tvm")

from irverify.verify.evaluate import evaluate_function  # noqa: E402
from tests.conformance.relax_cases import bitwise_equal, compile_and_run  # noqa: E402

RNG = np.random.default_rng(20270114)
NP = {"float16": np.float16, "float32": np.float32, "float64": np.float64}
NAN, INF = np.nan, np.inf
SPECIAL = [NAN, INF, -INF, 0.0, -0.0, 1e-30, -1e-30, 100.0, -100.0, 3.5, -3.5, 1e4, -1e4, 0.125]


def _rsqrt32(x: float) -> float:
    """TVM's float32 ``rsqrt``: ``1 / sqrt(x)``, each operation rounded to float32."""
    with np.errstate(all="ignore"):
        return float(np.float32(1.0) / np.sqrt(np.float32(x)))


def _rsqrt64(x: float) -> float:
    with np.errstate(all="ignore"):
        return float(np.float64(1.0) / np.sqrt(np.float64(x)))


INTERPRET32 = {"real.rsqrt": _rsqrt32, "real.erf": math.erf, "real.tanh": math.tanh}
INTERPRET64 = {"real.rsqrt": _rsqrt64, "real.erf": math.erf, "real.tanh": math.tanh}


def _tensor(shape, dtype="float32", lo=-3.0, hi=3.0, special=False):
    x = RNG.uniform(lo, hi, shape).astype(NP[dtype])
    if special:
        flat = x.reshape(-1)
        k = min(flat.size, len(SPECIAL))
        flat[:k] = np.asarray(SPECIAL[:k]).astype(NP[dtype])
    return x


def _ty(shape, dtype):
    dims = "".join(f'"{d}", ' if isinstance(d, str) else f"{d}, " for d in shape)
    return f'R.Tensor(({dims}), "{dtype}")'


def _ln(x_shape, p_shape, attrs, samples, dtype="float32"):
    params = f"x: {_ty(x_shape, dtype)}, g: {_ty(p_shape, dtype)}, b: {_ty(p_shape, dtype)}"
    return params, f"R.nn.layer_norm(x, g, b, {attrs})", samples


def _ln_args(x_shape, p_shape, dtype="float32", special=False, lo=-3.0, hi=3.0):
    return [_tensor(x_shape, dtype, lo, hi, special), _tensor(p_shape, dtype, -2, 2), _tensor(p_shape, dtype, -1, 1)]


def _rms(x_shape, p_shape, attrs, samples, dtype="float32"):
    return f"x: {_ty(x_shape, dtype)}, w: {_ty(p_shape, dtype)}", f"R.nn.rms_norm(x, w, {attrs})", samples


def _rms_args(x_shape, p_shape, dtype="float32", special=False, lo=-3.0, hi=3.0):
    return [_tensor(x_shape, dtype, lo, hi, special), _tensor(p_shape, dtype, -2, 2)]


def _unary(op, shape, dtype, samples):
    return f"x: {_ty(shape, dtype)}", f"R.nn.{op}(x)", samples


# name -> (params, body, samples)
GELU = {
    "gelu": _unary("gelu", ("n", "m"), "float32", [[_tensor((3, 5), lo=-6, hi=6)], [_tensor((2, 7), special=True)]]),
    "gelu_f16": _unary("gelu", (3, 6), "float16", [[_tensor((3, 6), "float16", -6, 6, special=True)]]),
    "gelu_f64": _unary("gelu", (4, 4), "float64", [[_tensor((4, 4), "float64", -8, 8, special=True)]]),
    "gelu_tanh": _unary("gelu_tanh", ("n",), "float32", [[_tensor((9,), lo=-6, hi=6)], [_tensor((14,), special=True)]]),
    "gelu_tanh_f16": _unary("gelu_tanh", (2, 8), "float16", [[_tensor((2, 8), "float16", -4, 4, special=True)]]),
    "gelu_tanh_f64": _unary("gelu_tanh", (3, 5), "float64", [[_tensor((3, 5), "float64", -8, 8, special=True)]]),
}
NORM = {
    "ln_last": _ln((2, 3, 4), (4,), "axes=[-1], epsilon=1e-5",
                   [_ln_args((2, 3, 4), (4,)), _ln_args((2, 3, 4), (4,), lo=-1e3, hi=1e3)]),
    "ln_two_axes": _ln((2, 3, 4), (3, 4), "axes=[-2, -1], epsilon=1e-3", [_ln_args((2, 3, 4), (3, 4))]),
    "ln_outer_axes": _ln((2, 3, 4), (2, 4), "axes=[0, 2], epsilon=0.25", [_ln_args((2, 3, 4), (2, 4))]),
    "ln_every_axis": _ln((3, 5), (3, 5), "axes=[0, 1]", [_ln_args((3, 5), (3, 5))]),
    "ln_special": _ln((2, 7), (7,), "axes=[1]", [_ln_args((2, 7), (7,), special=True)]),
    "ln_constant_rows": _ln((2, 4), (4,), "axes=[-1], epsilon=0.0",
                            [[np.ones((2, 4), np.float32), _tensor((4,)), _tensor((4,))]]),
    # center/scale are ignored by TVM's legalization: gamma and beta still apply
    "ln_no_center_scale": _ln((3, 4), (4,), "axes=[-1], center=False, scale=False", [_ln_args((3, 4), (4,))]),
    # axes not in increasing order: gamma (extents in the order of axes) is read at the indices
    # in increasing axis order, i.e. transposed (the extents are equal, so in bounds)
    "ln_unsorted": _ln((3, 2, 3), (3, 3), "axes=[2, 0], epsilon=1e-2", [_ln_args((3, 2, 3), (3, 3))]),
    "ln_symbolic_rows": _ln(("n", "m", 6), (6,), "axes=[-1]", [_ln_args((3, 2, 6), (6,)), _ln_args((0, 2, 6), (6,))]),
    "ln_f16": _ln((3, 5), (5,), "axes=[-1], epsilon=1e-3",
                  [_ln_args((3, 5), (5,), "float16"), _ln_args((3, 5), (5,), "float16", special=True)], "float16"),
    "ln_f16_large": _ln((2, 6), (6,), "axes=[1]", [_ln_args((2, 6), (6,), "float16", lo=-6e4, hi=6e4)], "float16"),
    "rms_last": _rms((2, 3, 4), (4,), "axes=[-1], epsilon=1e-5",
                     [_rms_args((2, 3, 4), (4,)), _rms_args((2, 3, 4), (4,), lo=-1e20, hi=1e20)]),
    "rms_two_axes": _rms((2, 3, 4), (3, 4), "axes=[1, 2], epsilon=0.5", [_rms_args((2, 3, 4), (3, 4))]),
    "rms_special": _rms((2, 7), (7,), "axes=[-1]", [_rms_args((2, 7), (7,), special=True)]),
    "rms_unsorted": _rms((2, 3, 3), (3, 3), "axes=[2, -2], epsilon=1e-2", [_rms_args((2, 3, 3), (3, 3))]),
    "rms_symbolic_rows": _rms(("n", 5), (5,), "axes=[1]", [_rms_args((4, 5), (5,)), _rms_args((0, 5), (5,))]),
    "rms_f16": _rms((3, 4), (4,), "axes=[-1], epsilon=1e-6",
                    [_rms_args((3, 4), (4,), "float16"), _rms_args((3, 4), (4,), "float16", special=True),
                     _rms_args((3, 4), (4,), "float16", lo=-6e4, hi=6e4)], "float16"),
    "rms_f64": _rms((2, 5), (5,), "axes=[-1], epsilon=1e-5",
                    [_rms_args((2, 5), (5,), "float64"), _rms_args((2, 5), (5,), "float64", lo=-1e40, hi=1e40),
                     _rms_args((2, 5), (5,), "float64", special=True)], "float64"),
}
CASES = {**GELU, **NORM}


@pytest.fixture(scope="module")
def compiled():
    return compile_and_run(CASES, "<gelu_layer_norm>")


def _close(a, b, x) -> bool:
    """Equal NaN and infinity positions; finite values within a relative ``tol`` of the larger
    magnitude of the input and the output (``gelu(x)`` is ``x`` times a factor in [0, 1] computed
    from ``erf``/``tanh``, whose error is absolute, scaled by ``|x|``)."""
    a, b, x = np.asarray(a), np.asarray(b), np.asarray(x)
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    tol = {np.float16: 4e-3, np.float32: 1e-6, np.float64: 1e-13}[a.dtype.type]
    a, b, x = a.astype(np.float64), b.astype(np.float64), x.astype(np.float64)
    if not np.array_equal(np.isnan(a), np.isnan(b)):
        return False
    inf = np.isinf(a) | np.isinf(b)
    if not np.array_equal(a[inf], b[inf]):
        return False
    fin = np.isfinite(a) & np.isfinite(b)
    scale = np.maximum(np.maximum(np.abs(x[fin]), np.abs(a[fin])), np.finfo(np.float64).tiny)
    return bool(np.all(np.abs(a[fin] - b[fin]) <= tol * scale))


def _interpret(name: str) -> dict:
    return INTERPRET64 if name == "rms_f64" else INTERPRET32


@pytest.mark.parametrize("name", list(GELU))
def test_gelu_matches_tvm(compiled, name):
    module, runs = compiled
    for args, theirs in zip(CASES[name][2], runs[name]):
        assert not isinstance(theirs, Exception), f"TVM failed: {theirs}"
        ev = evaluate_function(module, name, args, fp_name="ieee", interpret=_interpret(name))
        assert not ev.ub, ev.ub
        with np.errstate(all="ignore"):
            assert _close(ev.outputs[0], theirs[0], args[0]), f"{name}: irverify {ev.outputs[0]!r} vs TVM {theirs[0]!r}"


@pytest.mark.parametrize("name", list(NORM))
def test_norm_matches_tvm_bit_for_bit(compiled, name):
    module, runs = compiled
    for args, theirs in zip(CASES[name][2], runs[name]):
        assert not isinstance(theirs, Exception), f"TVM failed: {theirs}"
        ev = evaluate_function(module, name, args, fp_name="ieee", interpret=_interpret(name))
        assert not ev.ub, ev.ub
        assert bitwise_equal(ev.outputs[0], theirs[0]), f"{name}: irverify {ev.outputs[0]!r} vs TVM {theirs[0]!r}"


def test_center_and_scale_are_ignored_by_tvm(compiled):
    """The reason ``center``/``scale`` are not interpreted: TVM's result is the one with them."""
    _, runs = compiled
    x, g, b = CASES["ln_no_center_scale"][2][0]
    (theirs,) = runs["ln_no_center_scale"][0]
    mean = x.mean(axis=-1, keepdims=True)
    plain = (x - mean) / np.sqrt(((x - mean) ** 2).mean(axis=-1, keepdims=True) + 1e-5)
    assert np.allclose(theirs, plain * g + b, rtol=1e-4, atol=1e-5)
    assert not np.allclose(theirs, plain, rtol=1e-2)


def _module(params: str, body: str):
    from irverify.frontends.relax.parse import parse
    from tests.conformance.relax_cases import module_text

    return parse(module_text({"f": (params, body, [])}), "<norm>")


def test_unsorted_axes_of_different_extents_read_gamma_out_of_bounds():
    """``axes=[2, 0]`` on a (2, 3, 4) input: gamma (4, 2) is read at [i0, i2], outside its
    second extent: UB (TVM's compiled code reads outside the buffer)."""
    module = _module(*_ln((2, 3, 4), (4, 2), "axes=[2, 0]", [])[:2])
    ev = evaluate_function(module, "f", _ln_args((2, 3, 4), (4, 2)), fp_name="ieee", interpret=INTERPRET32)
    assert any("gamma is read outside its extents" in u for u in ev.ub), ev.ub


@pytest.mark.parametrize("case, message", [
    (_ln((2, 3), (3,), "axes=[-1]", [], "float64"), "layer_norm of f64"),
    (_rms((2, 3), (2, 3), "axes=[0, 1]", []), "rms_norm over axes"),
    (_rms((3, 4), (3,), "axes=[0]", []), "rms_norm over axes"),
    (_rms((3, 4, 2), (4,), "axes=[1]", []), "rms_norm over axes"),
    (_unary("gelu", (2, 3), "bfloat16", []), "'relax.nn.gelu' of bf16"),
])
def test_what_tvm_does_not_legalize_is_unsupported(case, message):
    """float64 ``layer_norm``, and ``rms_norm`` over every axis or over axes that are not the last
    ones, fail in TVM's legalization; bfloat16 ``gelu`` is not modelled."""
    from tvm import relax

    from irverify.errors import Unsupported

    module = _module(*case[:2])
    with pytest.raises(Unsupported, match=message):
        evaluate_function(module, "f", [], fp_name="ieee")
    if "bf16" not in message:
        with pytest.raises(tvm.error.InternalError):
            relax.transform.LegalizeOps()(module.native)
