"""Replaying a counterexample on TVM (llvm): run source and target on the same inputs.

Integers are compared exactly; floats bit for bit (both NaN counts as equal, ``-0`` differs from
``+0``) when the encoding was exact, and within ``RTOL`` relative (plus a tiny absolute slack)
when it approximated float arithmetic (TVM may round or sum in another order). A candidate input on which irverify's exact (IEEE)
semantics says the source is undefined is never used: differences there prove nothing. When
the encoding was approximate (abstract floats), random inputs of the counterexample's shapes
(floats in [-2, 2), integers in [0, 4); the first keeps the model's integer tensors) are tried
as well, and the model's own inputs only when its floats are ordinary (``irverify.cex.confirm``);
last, one input with floats in [-150, 150) on which only a NaN or infinity that the other side
does not have counts (``exp`` of such values overflows in every float dtype: softmax written
without its max subtraction shows here).
A target that crashes where the source ran confirms the counterexample.
"""

from __future__ import annotations

from irverify.cex.confirm import RandomInputs, candidates, decide, unobservable
from irverify.ir.core import Function, Module
from irverify.verify.verdict import Confirmation, Counterexample

BACKEND = "TVM llvm"
RTOL = 1e-5
RANDOM_INPUTS = RandomInputs(floats=(-2, 2), ints=(0, 4), keep_ints_first=True, model_only_if_ordinary=True,
                             large=(-150, 150))


def confirm(src_mod: Module, src_fn: Function, tgt_mod: Module, tgt_fn: Function,
            cex: Counterexample, approximate: bool) -> Confirmation:
    """Run both functions on the counterexample's inputs (and, for an approximate encoding,
    on random inputs of the same shapes) and compare the reported output."""
    if (ub := unobservable(cex, BACKEND)) is not None:
        return ub
    try:
        cands = candidates(src_fn, cex, approximate, RANDOM_INPUTS)
    except ValueError as e:
        return Confirmation(None, BACKEND, f"not run: {e}")
    cands = [c for c in cands if not source_undefined(src_mod, src_fn, c.args)]
    if not cands:
        return Confirmation(None, BACKEND, "not run: the source is undefined on the counterexample's inputs")
    from irverify.execute.tvm import run_functions

    src_runs = run_functions(src_mod.native, [(src_fn.name, c.args) for c in cands])
    tgt_runs = run_functions(tgt_mod.native, [(tgt_fn.name, c.args) for c in cands])
    return decide(BACKEND, src_fn, cex, cands, src_runs, tgt_runs, rtol=RTOL if approximate else None,
                  target_failure=_crash)


def _crash(err: Exception) -> str | None:
    return f"target crashed where the source ran: {err}" if getattr(err, "kind", "") == "crash" else None


def source_undefined(mod: Module, fn: Function, args: list) -> bool:
    """Does irverify's exact semantics say the source is undefined on ``args``? The uninterpreted
    precondition of an opaque op on static extents (``relax_opaque.STATIC_SHAPE_UB``) does not
    count: TVM's type inference checked those extents, and execution decides."""
    from irverify.errors import Unsupported
    from irverify.semantics.relax_opaque import STATIC_SHAPE_UB
    from irverify.verify.evaluate import evaluate_function

    try:
        return bool(evaluate_function(mod, fn.name, args, fp_name="ieee", outputs_too=False,
                                      ub_kinds=lambda reason: not reason.endswith(STATIC_SHAPE_UB)).ub)
    except (Unsupported, ValueError, TypeError):
        return False
