"""Reproducing an abstract-float counterexample with irverify's own concrete semantics.

Used when execution is switched off (``--no-confirm``): both functions are evaluated on the
counterexample's shapes (its inputs, then a few random finite inputs) with every float
operation and conversion rounded to its format as IEEE does (``rounded-real``: Python floats,
then rounding to nearest even; for ``+ - * /`` and ``sqrt`` of formats up to ``f32`` this
double rounding is innocuous, and ``f64`` is computed directly), and ``exp``, ``log``, ...
computed numerically; a last try uses inputs of large magnitude, on which only a NaN or
infinity that one side lacks counts (an ``exp`` overflow). Over unrounded reals, ops whose real and IEEE results differ (a
``truncf`` of a constant, an overflow to infinity, a cancellation) would show differences
that no execution has. A relative difference far above what the numerical math functions can
produce is reported as reproduced; the report says that the evidence comes from this
evaluation, not from running the compiler.
"""

from __future__ import annotations

import math

import numpy as np

from irverify.ir.core import Function, Module, TensorType
from irverify.verify.verdict import Counterexample
from irverify.phases import timed

def _ieee(f, fallback):
    """``f`` on Python floats, with IEEE 754's value where ``math`` raises instead: an overflow
    gives an infinity, a domain error NaN, a pole an infinity (``exp(1000.0)`` is ``inf``, as an
    ``exp`` computed in any float format overflows; ``log(0.0)`` is ``-inf``; ``floor(inf)``
    is ``inf``): ``fallback``, the same function on numpy's double-precision floats, there."""
    def fn(*args):
        try:
            return f(*args)
        except (OverflowError, ValueError, ZeroDivisionError):
            with np.errstate(all="ignore"):
                return float(fallback(*(np.float64(a) for a in args)))
    return fn


def _rsqrt(x: float) -> float:
    return 1 / math.sqrt(x)


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def _round_half_away(x: float) -> float:
    return math.copysign(math.floor(abs(x) + 0.5), x) if math.isfinite(x) else x


NUMERIC = {"real.exp": _ieee(math.exp, np.exp), "real.log": _ieee(math.log, np.log),
           "real.sqrt": _ieee(math.sqrt, np.sqrt), "real.rsqrt": _ieee(_rsqrt, lambda x: 1 / np.sqrt(x)),
           "real.tanh": math.tanh, "real.erf": math.erf,
           "real.sigmoid": _ieee(_sigmoid, lambda x: 1 / (1 + np.exp(-x))),
           "real.pow": _ieee(math.pow, np.power), "real.floor": _ieee(math.floor, np.floor),
           "real.ceil": _ieee(math.ceil, np.ceil), "real.sin": _ieee(math.sin, np.sin),
           "real.cos": _ieee(math.cos, np.cos), "real.trunc": _ieee(math.trunc, np.trunc),
           "real.roundeven": _ieee(round, np.rint),  # Python's round: halfway cases to even
           "real.round": _round_half_away}  # halfway away from zero


def _round_bf16(x: float) -> float:
    from fractions import Fraction

    from irverify.ir.float_bits import round_fraction
    from irverify.smt.floats import bits_to_float
    from irverify.ir.core import FloatType

    if x != x or x in (float("inf"), float("-inf")):
        return x
    return bits_to_float(round_fraction(Fraction(x), "bf16"), FloatType("bf16"))


def _greater(a: float, b: float, larger: bool) -> float:
    """The larger (smaller) of two numbers, ``-0 < +0`` (IEEE 754-2019 §9.6)."""
    if a == b:
        return a if (math.copysign(1.0, a) > 0) == larger else b
    return max(a, b) if larger else min(a, b)


def _minmax(larger: bool, propagate_nan: bool):
    """``maximum``/``minimum`` (a NaN operand gives NaN) or ``maxnum``/``minnum`` (the other
    operand), as ``arith.maximumf``... compute them, on Python floats."""
    def fn(a: float, b: float) -> float:
        if math.isnan(a) or math.isnan(b):
            return float("nan") if propagate_nan else (b if math.isnan(a) else a)
        return _greater(a, b, larger)

    return fn


def _rounding() -> dict:
    import numpy as np

    from irverify.semantics.arith import CMPF_PREDICATES

    return {"real.round.f64": float, "real.round.f32": lambda x: float(np.float32(x)),
            "real.round.f16": lambda x: float(np.float16(x)), "real.round.bf16": _round_bf16,
            "real.nonfinite.inf": lambda: float("inf"), "real.nonfinite.-inf": lambda: float("-inf"),
            "real.nonfinite.nan": lambda: float("nan"),
            "real.maximum": _minmax(True, True), "real.minimum": _minmax(False, True),
            "real.maxnum": _minmax(True, False), "real.minnum": _minmax(False, False),
            "real.is_nan": math.isnan, "real.is_nonfinite": lambda x: not math.isfinite(x),
            **{f"real.cmp.{pred}": _compare(pred) for pred in CMPF_PREDICATES if pred not in ("false", "true")}}


def _compare(pred: str):
    """``arith.cmpf`` predicate ``pred`` on Python floats: ordered (``o*``) ones are false and
    unordered (``u*``) ones true when an operand is NaN (MLIR ArithOps, ``arith.cmpf``)."""
    import operator

    if pred in ("ord", "uno"):
        return lambda a, b: (math.isnan(a) or math.isnan(b)) == (pred == "uno")
    rel = {"eq": operator.eq, "gt": operator.gt, "ge": operator.ge, "lt": operator.lt, "le": operator.le,
           "ne": operator.ne}[pred[1:]]
    return lambda a, b: pred[0] == "u" if math.isnan(a) or math.isnan(b) else rel(a, b)


RELATIVE = 1e-2  # far above the rounding error of a few float operations on inputs in [-2, 2]
TRIES = 3
LARGE = (-150, 150)  # a last try: exp of such values overflows in every float format


@timed("search")
def reproduce(src_mod: Module, s: Function, tgt_mod: Module, g: Function, cex: Counterexample,
              budget_s: float = 60.0, readings: dict | None = None) -> str | None:
    """A one-line description of an output difference found by concrete evaluation, or None
    (also when all the tries together would take more than ``budget_s`` seconds of CPU time)."""
    import time

    import numpy as np

    from irverify.verify.evaluate import evaluate_function

    if not cex.output.startswith("result #"):
        return None
    k = int(cex.output.split("#")[1])
    rng = np.random.default_rng(0)
    funcs = {**NUMERIC, **_rounding()}
    deadline = time.process_time() + budget_s
    for attempt in range(TRIES + 1):
        large = attempt == TRIES  # only a NaN or infinity one side lacks counts on these inputs
        args = []
        for a in s.args:
            if a.name in cex.tensors and isinstance(a.type, TensorType):
                shape = np.asarray(cex.tensors[a.name]).shape
                dtype = np.asarray(cex.tensors[a.name]).dtype
                if dtype.kind != "f":
                    args.append(np.asarray(cex.tensors[a.name]))
                else:
                    args.append(rng.uniform(*(LARGE if large else (-2, 2)), shape).round(3).astype(dtype))
            elif a.name in cex.scalars:
                args.append(cex.scalars[a.name])
            else:
                return None
        try:
            with np.errstate(all="ignore"):
                ev_s = evaluate_function(src_mod, s.name, args, fp_name="rounded-real", interpret=funcs,
                                         deadline=deadline, readings=readings)
                ev_t = evaluate_function(tgt_mod, g.name, args, fp_name="rounded-real", interpret=funcs,
                                         deadline=deadline, readings=readings)
        except Exception:  # noqa: BLE001 - anything not evaluable concretely: no evidence
            return None
        if ev_s.ub or ev_t.ub or k >= len(ev_s.outputs):
            continue
        a_out, b_out = np.asarray(ev_s.outputs[k], float), np.asarray(ev_t.outputs[k], float)
        if a_out.shape != b_out.shape or a_out.dtype.kind != "f":
            continue
        differ = _differ(a_out, b_out, large)
        if differ.any():
            where = tuple(int(i) for i in np.argwhere(differ)[0])
            return (f"{cex.output}{list(where)}: source {a_out[where]:.6g}, target {b_out[where]:.6g} "
                    f"({int(differ.sum())} of {differ.size} elements differ) on random "
                    f"{'large-magnitude ' if large else ''}inputs of the counterexample's shapes")
        del attempt
    return None


def _differ(a, b, large: bool = False):
    """Elements that differ by more than the numerical math functions can explain: a relative
    difference above ``RELATIVE`` of the source's largest finite magnitude, or a non-finite
    value on one side that the other does not have (NaN against non-NaN, different infinities);
    ``large`` (inputs of large magnitude, whose rounding differences grow with them): only the
    latter."""
    with np.errstate(all="ignore"):
        finite = np.isfinite(a) & np.isfinite(b)
        same = (a == b) | (np.isnan(a) & np.isnan(b))
        mags = np.abs(a[np.isfinite(a)])
        scale = max(1.0, float(mags.max()) if mags.size else 1.0)
        far = np.where(finite, not large and np.abs(a - b) > RELATIVE * scale, True)
    return ~same & far


REFERENCE = "irverify's concrete evaluation of the op definitions (no compiler involved)"
EVALUATED_ELEMENTS = 4096  # larger inputs: the element-by-element evaluation costs too much
UB_EVALUATED_ELEMENTS = 1 << 17  # UB alone: only the input arrays its conditions read are built


def _evaluate_both(src_mod: Module, s: Function, tgt_mod: Module, g: Function, cex: Counterexample,
                   readings: dict | None, ub_only: bool = False):
    """Both functions evaluated at the counterexample's inputs (exact IEEE floats, every op as
    its definition says, poison inputs as poison), or None when they cannot be (missing inputs,
    inputs too large, an op the evaluation cannot run)."""
    import numpy as np

    from irverify.cex.confirm import call_args
    from irverify.verify.evaluate import evaluate_function

    try:
        args = call_args(s, cex, build_large=ub_only)  # named as the source's arguments
    except ValueError:
        return None
    # the target takes the same positional arguments (it may name them otherwise)
    if sum(np.asarray(a).size for a in args) > (UB_EVALUATED_ELEMENTS if ub_only else EVALUATED_ELEMENTS):
        return None
    try:
        with np.errstate(all="ignore"):
            return [evaluate_function(mod, fn.name, args, fp_name="ieee", outputs_too=not ub_only,
                                      poison=cex.poison_inputs, readings=readings)
                    for mod, fn in ((src_mod, s), (tgt_mod, g))]
    except Exception:  # noqa: BLE001 - not evaluable concretely
        return None


def _at_counterexample(ev_s, ev_t, cex: Counterexample):
    """The source's and target's evaluated elements at the counterexample's output and index,
    each ``(value, poison)``; None when the output is not a result or the index does not fit."""
    import numpy as np

    if not cex.output.startswith("result #"):
        return None
    k = int(cex.output.split("#")[1])
    if k >= len(ev_s.outputs) or k >= len(ev_t.outputs):
        return None
    at = tuple(cex.index)
    out = []
    for ev in (ev_s, ev_t):
        a = np.asarray(ev.outputs[k])
        if len(at) != a.ndim or any(not 0 <= i < n for i, n in zip(at, a.shape)):
            return None
        mask = ev.undefined[k]
        out.append((a[at].item(), mask is not None and bool(np.asarray(mask)[at])))
    return out


def exact_witness(src_mod: Module, s: Function, tgt_mod: Module, g: Function,
                  cex: Counterexample, readings: dict | None = None) -> str | None:
    """Evaluate both functions at an exact counterexample's inputs (``_evaluate_both``) and say
    what shows the failure there: target UB where the source has none, a poison target element
    where the source's is defined, or two different values. None when the evaluation shows
    nothing (or cannot run: missing inputs, inputs too large, outputs that are not results)."""
    ub_only = cex.check.startswith("target has undefined")
    ev = _evaluate_both(src_mod, s, tgt_mod, g, cex, readings, ub_only)
    if ev is None or ev[0].ub:
        return None  # not evaluable, or the source is undefined on these inputs: nothing to compare
    if ev[1].ub:
        return f"the target is undefined on these inputs ({ev[1].ub[0]}), the source is not"
    if ub_only:
        return None
    got = _at_counterexample(*ev, cex)
    if got is None:
        return None
    (x, src_poison), (y, tgt_poison) = got
    where = f"{cex.output}{list(cex.index) if cex.index else ''}"
    if src_poison:
        return None
    if tgt_poison:
        return f"{where}: the target is poison, the source {x!r}"
    if _same(x, y):
        return None
    return f"{where}: source {x!r}, target {y!r}"


def exact_agreement(src_mod: Module, s: Function, tgt_mod: Module, g: Function,
                    cex: Counterexample, readings: dict | None = None):
    """The value both functions compute at a value-mismatch counterexample's output and index
    when irverify's exact evaluation (``_evaluate_both``) runs both and they agree there (no UB,
    no poison, the same value): the solver's candidate is then not a counterexample of the op
    definitions (it rests on an approximation, such as a loop left uninterpreted, that the
    evaluation does not make). None otherwise."""
    if cex.check != "value mismatch":
        return None
    ev = _evaluate_both(src_mod, s, tgt_mod, g, cex, readings)
    if ev is None or ev[0].ub or ev[1].ub:
        return None
    got = _at_counterexample(*ev, cex)
    if got is None:
        return None
    (x, src_poison), (y, tgt_poison) = got
    if src_poison or tgt_poison or not _same(x, y):
        return None
    return x


def _same(x, y) -> bool:
    """Equal values; any two NaNs are the same (payloads are unspecified); -0.0 and 0.0 differ."""
    if isinstance(x, float) and isinstance(y, float):
        if math.isnan(x) and math.isnan(y):
            return True
        return x == y and math.copysign(1, x) == math.copysign(1, y)
    return x == y


def first_differing_element(src_mod: Module, s: Function, tgt_mod: Module, g: Function,
                            cex: Counterexample, readings: dict | None = None) -> bool:
    """Move an exact value-mismatch counterexample on a tensor result to the lexicographically
    first element where the two functions differ on its inputs (the solver names any differing
    element). Both functions are evaluated with the op definitions (exact IEEE floats, without
    the solver); an element the source leaves poison is not compared, a poison target element
    where the source's is defined differs. True when the counterexample was moved."""
    import numpy as np

    from irverify.cex.confirm import call_args, equal
    from irverify.verify.evaluate import evaluate_function

    if cex.check != "value mismatch" or not cex.index or not cex.output.startswith("result #"):
        return False
    try:
        args = call_args(s, cex)
    except ValueError:
        return False
    if sum(np.asarray(a).size for a in args) > EVALUATED_ELEMENTS:
        return False
    k = int(cex.output.split("#")[1])
    try:
        with np.errstate(all="ignore"):
            ev = [evaluate_function(mod, fn.name, args, fp_name="ieee", poison=cex.poison_inputs, readings=readings)
                  for mod, fn in ((src_mod, s), (tgt_mod, g))]
    except Exception:  # noqa: BLE001 - not evaluable concretely: keep the solver's element
        return False
    if ev[0].ub or ev[1].ub or k >= len(ev[0].outputs) or k >= len(ev[1].outputs):
        return False
    a, b = np.asarray(ev[0].outputs[k]), np.asarray(ev[1].outputs[k])
    if a.shape != b.shape or a.ndim != len(cex.index) or a.size > EVALUATED_ELEMENTS:
        return False
    src_poison = _mask(ev[0].undefined[k], a.shape)
    tgt_poison = _mask(ev[1].undefined[k], a.shape)
    try:
        differ = ~src_poison & (tgt_poison | ~equal(a, b, None))
    except TypeError:
        return False
    if not differ[tuple(cex.index)] or not differ.any():  # the evaluation does not show the solver's
        return False
    first = tuple(int(i) for i in np.argwhere(differ)[0])
    if list(first) == list(cex.index):
        return False
    cex.index = list(first)
    cex.source_value = a[first].item() if a[first].dtype.kind != "f" else a[first]
    cex.target_value = "poison" if tgt_poison[first] else (b[first].item() if b[first].dtype.kind != "f" else b[first])
    return True


def _mask(undefined, shape):
    import numpy as np

    return np.zeros(shape, dtype=bool) if undefined is None else np.asarray(undefined, dtype=bool)
