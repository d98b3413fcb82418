"""``R.nn.softmax`` and the softmax inside ``R.nn.attention`` vs TVM (llvm), as TVM computes
them: the row maximum is subtracted before ``exp`` (and, under a causal mask, the masked scores
take part in that maximum as 0). Inputs of large magnitude make the difference visible: the
naive ``exp(x) / sum(exp(x))`` overflows (or underflows) to NaN where softmax gives numbers.

irverify's side is ``evaluate_function(..., fp_name="ieee")`` with ``exp`` computed numerically
(``fp.exp.f32`` of a constant: ``math.exp`` rounded to float32); ``+ - * /`` are exact IEEE.
Finite outputs must agree within a relative ``1e-5`` (TVM's ``expf`` and summation order may
differ in the last bits); NaN and infinities must be at the same positions.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

tvm = pytest.importorskip("tvm")

from irverify.verify.evaluate import evaluate_function  # noqa: E402
from tests.conformance.relax_cases import compile_and_run  # noqa: E402

NAN, INF = np.nan, np.inf
EXP = {"real.exp": math.exp}
BIG = np.array([[100, 90, -50, 3], [-120, -130, -110, -140], [1, 2, 3, 4], [88.8, 89, 0, -1],
                [NAN, 1, 2, 3], [INF, 1, 2, 3], [-INF, -INF, 0, 1], [-INF, -INF, -INF, -INF]], np.float32)
QK = (1, 3, 2, 4)


def _attention_args(seed: int, scale: float):
    rng = np.random.default_rng(seed)
    return [(rng.uniform(-1, 1, QK) * scale).astype(np.float32) for _ in range(3)]


# name -> (params, body, samples)
CASES = {
    "softmax": ('x: R.Tensor((8, 4), "float32")', "R.nn.softmax(x, axis=-1)", [[BIG]]),
    "softmax_axis0": ('x: R.Tensor((4, 8), "float32")', "R.nn.softmax(x, axis=0)", [[BIG.T.copy()]]),
    "naive": ('x: R.Tensor((8, 4), "float32")',
              "R.divide(R.exp(x), R.sum(R.exp(x), axis=[-1], keepdims=True))", [[BIG]]),
    "max_subtracted": ('x: R.Tensor((8, 4), "float32")',
                       "R.divide(R.exp(R.subtract(x, R.max(x, axis=[-1], keepdims=True))), "
                       "R.sum(R.exp(R.subtract(x, R.max(x, axis=[-1], keepdims=True))), axis=[-1], keepdims=True))",
                       [[BIG]]),
}
ATTN = f'q: R.Tensor({QK}, "float32"), k: R.Tensor({QK}, "float32"), v: R.Tensor({QK}, "float32")'
for _name, _attrs in (("attention", "scale=0.5"), ("attention_default", ""),
                      ("attention_topleft", 'causal_mask="TopLeft"'),
                      ("attention_bottomright", 'causal_mask="BottomRight"')):
    CASES[_name] = (ATTN, f"R.nn.attention(q, k, v{', ' if _attrs else ''}{_attrs})",
                    [_attention_args(0, 1.0), _attention_args(1, 30.0), _attention_args(2, 60.0)])
# causal: every unmasked score is very negative, so the maximum is the 0 of a masked position and
# exp underflows to 0 in every position of the first row (0 / 0 = NaN on TVM)
_Q = np.zeros(QK, np.float32)
_Q[..., 0] = 20.0
_K = np.zeros(QK, np.float32)
_K[..., 0] = -20.0
CASES["attention_topleft_negative"] = (ATTN, 'R.nn.attention(q, k, v, causal_mask="TopLeft")',
                                       [[_Q, _K, np.ones(QK, np.float32)]])


@pytest.fixture(scope="module")
def compiled():
    return compile_and_run(CASES, "<softmax>")


def close(a, b) -> bool:
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    if a.shape != b.shape or not np.array_equal(np.isnan(a), np.isnan(b)):
        return False
    fin = np.isfinite(a) & np.isfinite(b)
    if not np.array_equal(a[~fin & ~np.isnan(a)], b[~fin & ~np.isnan(b)]):
        return False
    return bool(np.allclose(a[fin], b[fin], rtol=1e-5, atol=1e-30))


SLOW = {"attention", "attention_default", "attention_topleft", "attention_bottomright"}  # ~4 s each


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW else n for n in CASES])
def test_softmax_as_tvm_computes_it(compiled, name):
    module, runs = compiled
    for args, theirs in zip(CASES[name][2], runs[name]):
        assert not isinstance(theirs, Exception), f"TVM failed: {theirs}"
        ev = evaluate_function(module, name, args, fp_name="ieee", interpret=EXP)
        assert not ev.ub, ev.ub
        with np.errstate(all="ignore"):
            assert close(ev.outputs[0], theirs[0]), f"{name}: irverify {ev.outputs[0]!r} vs TVM {theirs[0]!r}"


def test_naive_softmax_differs_on_large_inputs(compiled):
    """The overflow the max subtraction avoids is real on TVM: NaN rows in the naive form only."""
    _, runs = compiled
    soft, naive = np.asarray(runs["softmax"][0][0]), np.asarray(runs["naive"][0][0])
    assert not np.isnan(soft[:4]).any() and np.isnan(naive[0]).any() and np.isnan(naive[1]).all()


def test_causal_maximum_counts_masked_zeros(compiled):
    """TVM takes the row maximum over the trilu-masked scores: 0 beats every unmasked -200, so
    the first row underflows to 0 / 0."""
    _, runs = compiled
    out = np.asarray(runs["attention_topleft_negative"][0][0])
    assert np.isnan(out[0, 0]).all()
