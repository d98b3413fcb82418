"""Observable witnesses: a counterexample a compiler engineer can watch fail on execution.

The first counterexample the solver finds may rest on a degenerate input (a dynamic dim of 0),
be undefined behaviour of the target, which execution cannot show, or have a dim so large
(> ``LARGE_DIM``) that its inputs cannot be written out and run. When it is, the same
refinement checks run again on inputs with every dynamic dim >= 1 (then >= 2), and for a large
dim also <= ``SMALL_DIM``, first asking for a value mismatch where the target is defined, then
for any failure; the first found replaces the degenerate one. This only chooses which counterexample is shown: the verdict was already
decided by the first one.
"""

from __future__ import annotations

from irverify.smt import terms as t
from irverify.verify.refinement import CHECK_UB, Outcome, run_checks

NOTE = "an earlier counterexample {why}; this one has every dynamic dim >= {k}"
LARGE_DIM = 1024
SMALL_DIM = 16


def degenerate(outcome: Outcome, dims: dict) -> str | None:
    """Why the outcome's counterexample may not show on execution, or ``None``."""
    if outcome.failure is None:
        return None
    if any(v == 0 for v in dims.values()):
        return "had a zero-sized dim"
    if any(v > LARGE_DIM for v in dims.values()):
        return f"had a dim of {max(dims.values())}, too large to run"
    if outcome.failure.check == CHECK_UB:
        return "was undefined behaviour of the target, which execution cannot show"
    return None


def observable(outcome: Outcome, inputs, src, tgt, fp, timeout_s: float, acceptable,
               small: bool = False) -> tuple[Outcome, str] | None:
    """A counterexample with every dynamic dim >= 1 (then >= 2) (and <= ``SMALL_DIM`` when
    ``small``), a value mismatch preferred; ``acceptable(failure)`` rejects failures that rest
    on something else (source poison). Returns the outcome and the dim bounds, or ``None``."""
    dims = [d for _, d in inputs.dims]
    tgt_defined = t.not_(t.or_(*(u.cond for u in tgt.state.ub)))
    at_most = tuple(d <= SMALL_DIM for d in dims) if small else ()
    for k in (1, 2):
        at_least = tuple(d >= k for d in dims) + at_most
        for extra in (at_least + (tgt_defined,), at_least):
            retry = run_checks(inputs, src, tgt, fp, timeout_s, extra=extra)
            if retry.failure is not None and acceptable(retry.failure):
                return retry, f"{k} and <= {SMALL_DIM}" if small else str(k)
        if not dims:
            break
    return None
