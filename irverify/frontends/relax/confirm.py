"""Replaying a counterexample on TVM (llvm): run source and target on the same inputs.

Outputs are compared NaN-aware; float outputs count as different when they differ by more than
``RTOL`` relative (plus a tiny absolute slack), integers exactly. A candidate input on which
irverify's exact (IEEE) semantics says the source is undefined is never used: differences there
prove nothing. When the encoding was approximate (abstract floats), a few random inputs of the
counterexample's shapes are tried as well, and a difference found that way replaces the
counterexample's inputs (so what is printed is what was run).
"""

from __future__ import annotations

from irverify.ir.core import Function, Module, TensorType
from irverify.verify.verdict import Confirmation, Counterexample

BACKEND = "TVM llvm"
RANDOM_TRIES = 3
RTOL = 1e-5
ATOL = 1e-30


def confirm(src_mod: Module, src_fn: Function, tgt_mod: Module, tgt_fn: Function,
            cex: Counterexample, approximate: bool) -> Confirmation:
    """Run both functions on the counterexample's inputs (and, for an approximate encoding,
    on random inputs of the same shapes) and compare the reported output."""
    if cex.check.startswith("target has undefined"):
        return Confirmation(None, BACKEND, "undefined behaviour is not observable by execution")
    try:
        model_inputs = _call_args(src_fn, cex)
    except ValueError as e:
        return Confirmation(None, BACKEND, f"not run: {e}")
    candidates = []  # (inputs, taken from the solver's model?)
    if not approximate or _ordinary(model_inputs):
        candidates.append((model_inputs, True))
    if approximate:
        candidates += [(_random_args(src_fn, model_inputs, seed, keep_ints=seed == 0), False)
                       for seed in range(RANDOM_TRIES)]
    usable = [(c, m) for c, m in candidates if not _source_undefined(src_mod, src_fn, c)]
    if not usable:
        return Confirmation(None, BACKEND, "not run: the source is undefined on the counterexample's inputs")
    from irverify.execute.tvm import run_functions

    src_runs = run_functions(src_mod.native, [(src_fn.name, c) for c, _ in usable])
    tgt_runs = run_functions(tgt_mod.native, [(tgt_fn.name, c) for c, _ in usable])
    first_error = None
    for (c, from_model), s, g in zip(usable, src_runs, tgt_runs):
        if isinstance(s, Exception):
            first_error = first_error or s
            continue
        if isinstance(g, Exception):
            if getattr(g, "kind", "") == "crash":
                if not from_model:
                    _replace_inputs(src_fn, cex, c)
                return Confirmation(True, BACKEND, f"target crashed where the source ran: {g}")
            first_error = first_error or g
            continue
        differs, detail, sv, gv = compare(cex, s, g, use_index=from_model)
        if differs:
            if not from_model:
                _replace_inputs(src_fn, cex, c)
                detail += " (on random inputs of the counterexample's shapes)"
            return Confirmation(True, BACKEND, detail, sv, gv)
    ran = [(s, g, m) for (_, m), s, g in zip(usable, src_runs, tgt_runs)
           if not isinstance(s, Exception) and not isinstance(g, Exception)]
    if not ran:
        return Confirmation(None, BACKEND, f"could not run: {first_error}")
    s, g, m = ran[0]
    _, detail, sv, gv = compare(cex, s, g, use_index=m)
    what = "" if m else " (on random inputs of the counterexample's shapes)"
    return Confirmation(False, BACKEND, "execution agrees: " + detail + what, sv, gv)


def _call_args(fn: Function, cex: Counterexample) -> list:
    args = []
    for a in fn.args:
        if a.name in cex.tensors:
            args.append(cex.tensors[a.name])
        elif a.name in cex.scalars:
            args.append(cex.scalars[a.name])
        else:
            raise ValueError(f"no value for argument {a.name}")
    return args


def _ordinary(args: list) -> bool:
    """Are all float inputs finite and of moderate magnitude (0 or 1e-6 <= |x| <= 1e6)?

    Under the abstract float model the solver picks float inputs for their bit patterns only;
    overflow and underflow differences on such inputs are not what the counterexample is
    about, so they are replaced by ordinary random values."""
    import numpy as np

    for a in args:
        arr = np.asarray(a)
        if arr.dtype.kind != "f":
            continue
        with np.errstate(invalid="ignore"):
            mag = np.abs(arr.astype(np.float64))
        if not np.all(np.isfinite(mag) & ((mag == 0) | ((mag >= 1e-6) & (mag <= 1e6)))):
            return False
    return True


def _random_args(fn: Function, base: list, seed: int, keep_ints: bool = False) -> list:
    """Random floats in [-2, 2) and ints in [0, 4) of the shapes of ``base`` (whose integer
    tensors are kept with ``keep_ints``)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    args = []
    for a, value in zip(fn.args, base):
        arr = np.asarray(value)
        if not isinstance(a.type, TensorType):
            args.append(value)
        elif arr.dtype.kind == "f":
            args.append(rng.uniform(-2, 2, arr.shape).astype(arr.dtype))
        elif keep_ints:
            args.append(value)
        elif arr.dtype.kind == "b":
            args.append(rng.integers(0, 2, arr.shape).astype(arr.dtype))
        else:
            args.append(rng.integers(0, 4, arr.shape).astype(arr.dtype))
    return args


def _source_undefined(mod: Module, fn: Function, args: list) -> bool:
    """Does irverify's exact semantics say the source is undefined on ``args``?"""
    from irverify.errors import Unsupported
    from irverify.verify.evaluate import evaluate_function

    try:
        return bool(evaluate_function(mod, fn.name, args, fp_name="ieee", outputs_too=False).ub)
    except (Unsupported, ValueError, TypeError):
        return False


def _replace_inputs(fn: Function, cex: Counterexample, args: list) -> None:
    for a, v in zip(fn.args, args):
        if a.name in cex.tensors:
            cex.tensors[a.name] = v


def compare(cex: Counterexample, src_out: list, tgt_out: list, use_index: bool):
    """Do the outputs differ (at the counterexample's index, or anywhere)?"""
    import numpy as np

    k = int(cex.output.split("#")[1]) if cex.output.startswith("result #") else 0
    if k >= len(src_out) or k >= len(tgt_out):
        return False, "no such output", None, None
    s, g = np.asarray(src_out[k]), np.asarray(tgt_out[k])
    label = cex.output or f"result #{k}"
    if s.shape != g.shape or s.dtype != g.dtype:
        return True, f"{label}: source {s.dtype}{list(s.shape)}, target {g.dtype}{list(g.shape)}", s, g
    if use_index and cex.index and len(cex.index) == s.ndim and all(0 <= i < n for i, n in zip(cex.index, s.shape)):
        at = tuple(cex.index)
        if not close(s[at], g[at]):
            return True, f"{label}{list(cex.index)}: source {s[at]!r}, target {g[at]!r}{_max_diff(s, g)}", s, g
    bad = ~close(s, g)
    if np.any(bad):
        first = tuple(int(x) for x in np.argwhere(bad)[0]) if s.ndim else ()
        share = f"{int(bad.sum())} of {bad.size} elements differ"
        return True, f"{label}{list(first)}: source {s[first]!r}, target {g[first]!r} ({share}{_max_diff(s, g)})", s, g
    return False, f"{label} equal on both sides{_max_diff(s, g)}", s, g


def close(a, b):
    """Elementwise: equal (ints), or within ``RTOL`` / both NaN / same infinity (floats)."""
    import numpy as np

    a, b = np.asarray(a), np.asarray(b)
    if a.dtype.kind != "f":
        return a == b
    with np.errstate(invalid="ignore", over="ignore"):
        same = (a == b) | (np.isnan(a) & np.isnan(b))
        near = np.abs(a.astype(np.float64) - b.astype(np.float64)) <= ATOL + RTOL * np.maximum(np.abs(a), np.abs(b))
    return same | (near & np.isfinite(a) & np.isfinite(b))


def _max_diff(s, g) -> str:
    import numpy as np

    if s.dtype.kind != "f" or s.size == 0:
        return ""
    with np.errstate(invalid="ignore", over="ignore"):
        d = np.abs(s.astype(np.float64) - g.astype(np.float64))
    finite = d[np.isfinite(d)]
    return f"; max abs difference {finite.max():.3g}" if finite.size else ""
