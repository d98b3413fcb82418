"""Replaying a counterexample on IREE (llvm-cpu): run source and target on the same inputs."""

from __future__ import annotations

from irverify.ir.core import Function, Module, TensorType
from irverify.verify.verdict import Confirmation, Counterexample

BACKEND = "IREE llvm-cpu"
RANDOM_TRIES = 3


def confirm(src_mod: Module, src_fn: Function, tgt_mod: Module, tgt_fn: Function,
            cex: Counterexample, approximate: bool) -> Confirmation:
    """Run both functions on the counterexample's inputs and compare the reported output.

    When the encoding was approximate (abstract floats) and the counterexample's own values do
    not show a difference, a few random inputs of the same shapes are tried; a difference found
    that way replaces the counterexample's inputs (so what is printed is what was run)."""
    if _uses_dispatch_ops(src_fn) or _uses_dispatch_ops(tgt_fn):
        from irverify.frontends.mlir.dispatch_confirm import confirm_dispatch

        return confirm_dispatch(src_mod, src_fn, tgt_mod, tgt_fn, cex)
    if cex.check.startswith("target has undefined"):
        return Confirmation(None, BACKEND, "undefined behaviour is not observable by execution")
    candidates = [_call_args(src_fn, cex.scalars, cex.tensors)]
    if approximate:
        candidates += [_random_args(src_fn, cex, seed) for seed in range(RANDOM_TRIES)]
    try:
        src_runs, tgt_runs = _run_both(src_mod, src_fn, tgt_mod, tgt_fn, candidates)
    except ValueError as e:
        return Confirmation(None, BACKEND, f"not run: {e}")
    first_error = None
    for k, (args, s, g) in enumerate(zip(candidates, src_runs, tgt_runs)):
        if isinstance(s, Exception) or isinstance(g, Exception):
            first_error = first_error or (s if isinstance(s, Exception) else g)
            continue
        differs, detail, sv, gv = _compare(cex, s, g, use_index=(k == 0))
        if differs:
            if k > 0:
                _replace_inputs(src_fn, cex, args)
                detail += " (on random inputs of the counterexample's shapes)"
            return Confirmation(True, BACKEND, detail, sv, gv)
    if first_error is not None and all(isinstance(x, Exception) for x in src_runs + tgt_runs):
        return Confirmation(None, BACKEND, f"could not run: {first_error}")
    s, g = src_runs[0], tgt_runs[0]
    if isinstance(s, Exception) or isinstance(g, Exception):
        return Confirmation(None, BACKEND, f"could not run: {s if isinstance(s, Exception) else g}")
    _, detail, sv, gv = _compare(cex, s, g, use_index=True)
    return Confirmation(False, BACKEND, "execution agrees: " + detail, sv, gv)


def _uses_dispatch_ops(fn: Function) -> bool:
    return fn.body is not None and any(op.name.startswith(("hal.", "iree_tensor_ext.")) for op in fn.body.ops)


def _call_args(fn: Function, scalars: dict, tensors: dict) -> list:
    args = []
    for a in fn.args:
        name = a.name
        if name in tensors:
            args.append(tensors[name])
        elif name in scalars:
            args.append(scalars[name])
        else:
            raise ValueError(f"no value for argument {name}")
    return args


def _random_args(fn: Function, cex: Counterexample, seed: int) -> list:
    import numpy as np

    rng = np.random.default_rng(seed)
    args = []
    for a, value in zip(fn.args, _call_args(fn, cex.scalars, cex.tensors)):
        if isinstance(a.type, TensorType):
            arr = np.asarray(value)
            if arr.dtype.kind == "f":
                args.append(rng.uniform(-4, 4, arr.shape).round(2).astype(arr.dtype))
            elif arr.dtype.kind == "b":
                args.append(rng.integers(0, 2, arr.shape).astype(arr.dtype))
            else:
                args.append(rng.integers(-8, 8, arr.shape).astype(arr.dtype))
        else:
            args.append(value)
    return args


def _replace_inputs(fn: Function, cex: Counterexample, args: list) -> None:
    for a, v in zip(fn.args, args):
        if a.name in cex.tensors:
            cex.tensors[a.name] = v


def _run_both(src_mod, src_fn, tgt_mod, tgt_fn, candidates):
    from irverify.execute.iree import run_functions

    if src_mod is tgt_mod:
        calls = [(src_fn.name, c) for c in candidates] + [(tgt_fn.name, c) for c in candidates]
        out = run_functions(src_mod.text, calls)
        return out[: len(candidates)], out[len(candidates):]
    src_out = run_functions(src_mod.text, [(src_fn.name, c) for c in candidates])
    tgt_out = run_functions(tgt_mod.text, [(tgt_fn.name, c) for c in candidates])
    return src_out, tgt_out


def _compare(cex: Counterexample, src_out: list, tgt_out: list, use_index: bool):
    """Do the outputs differ (at the counterexample's index, or anywhere)?"""
    import numpy as np

    k = int(cex.output.split("#")[1]) if cex.output.startswith("result #") else 0
    if k >= len(src_out) or k >= len(tgt_out):
        return False, "no such output", None, None
    s, g = np.asarray(src_out[k]), np.asarray(tgt_out[k])
    if s.shape != g.shape:
        return True, f"{cex.output}: source shape {list(s.shape)}, target shape {list(g.shape)}", s, g
    if use_index and cex.index and len(cex.index) == s.ndim and all(
            0 <= i < n for i, n in zip(cex.index, s.shape)):
        at = tuple(cex.index)
        if not _same(s[at], g[at]):
            return True, f"{cex.output}{list(cex.index)}: source {s[at]!r}, target {g[at]!r}", s, g
    diff = ~_same(s, g)
    if np.any(diff):
        first = tuple(int(x) for x in np.argwhere(diff)[0]) if s.ndim else ()
        return True, f"{cex.output}{list(first)}: source {s[first]!r}, target {g[first]!r}", s, g
    return False, f"{cex.output} identical on both sides", s, g


def _same(a, b):
    import numpy as np

    a, b = np.asarray(a), np.asarray(b)
    if a.dtype.kind == "f":  # the same bits (so -0.0 differs from +0.0), or both NaN
        return ((a == b) & (np.signbit(a) == np.signbit(b))) | (np.isnan(a) & np.isnan(b))
    return a == b
