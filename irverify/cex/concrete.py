"""Reproducing an abstract-float counterexample with irverify's own concrete semantics.

Used when execution is switched off (``--no-confirm``): both functions are evaluated over the
reals, with ``exp``, ``log``, ``sqrt``, ... computed numerically, on the counterexample's shapes
(its inputs, then a few random finite inputs). A relative difference far above anything
float rounding of such small computations can produce is reported as reproduced; the report
says that the evidence comes from this evaluation, not from running the compiler.
"""

from __future__ import annotations

import math

from irverify.ir.core import Function, Module, TensorType
from irverify.verify.verdict import Counterexample

NUMERIC = {"real.exp": math.exp, "real.log": math.log, "real.sqrt": math.sqrt,
           "real.rsqrt": lambda x: 1 / math.sqrt(x), "real.tanh": math.tanh, "real.erf": math.erf,
           "real.sigmoid": lambda x: 1 / (1 + math.exp(-x)), "real.pow": math.pow,
           "real.floor": math.floor, "real.ceil": math.ceil, "real.sin": math.sin, "real.cos": math.cos}
RELATIVE = 1e-2  # far above the rounding error of a few float operations on inputs in [-2, 2]
TRIES = 3


def reproduce(src_mod: Module, s: Function, tgt_mod: Module, g: Function, cex: Counterexample) -> str | None:
    """A one-line description of an output difference found by concrete evaluation, or None."""
    import numpy as np

    from irverify.verify.evaluate import evaluate_function

    if not cex.output.startswith("result #"):
        return None
    k = int(cex.output.split("#")[1])
    rng = np.random.default_rng(0)
    for attempt in range(TRIES):
        args = []
        for a in s.args:
            if a.name in cex.tensors and isinstance(a.type, TensorType):
                shape = np.asarray(cex.tensors[a.name]).shape
                dtype = np.asarray(cex.tensors[a.name]).dtype
                if dtype.kind != "f":
                    args.append(np.asarray(cex.tensors[a.name]))
                else:
                    args.append(rng.uniform(-2, 2, shape).round(3).astype(dtype))
            elif a.name in cex.scalars:
                args.append(cex.scalars[a.name])
            else:
                return None
        try:
            ev_s = evaluate_function(src_mod, s.name, args, fp_name="real", interpret=NUMERIC)
            ev_t = evaluate_function(tgt_mod, g.name, args, fp_name="real", interpret=NUMERIC)
        except Exception:  # noqa: BLE001 - anything not evaluable concretely: no evidence
            return None
        if ev_s.ub or ev_t.ub or k >= len(ev_s.outputs):
            continue
        a_out, b_out = np.asarray(ev_s.outputs[k], float), np.asarray(ev_t.outputs[k], float)
        if a_out.shape != b_out.shape or a_out.dtype.kind != "f":
            continue
        scale = max(1.0, float(np.max(np.abs(a_out))) if a_out.size else 1.0)
        diff = np.abs(a_out - b_out)
        if a_out.size and np.nanmax(diff) > RELATIVE * scale:
            where = tuple(int(i) for i in np.unravel_index(int(np.nanargmax(diff)), diff.shape))
            return (f"{cex.output}{list(where)}: source {a_out[where]:.6g}, target {b_out[where]:.6g} "
                    f"({int((diff > RELATIVE * scale).sum())} of {diff.size} elements differ) on random "
                    f"inputs of the counterexample's shapes")
        del attempt
    return None
