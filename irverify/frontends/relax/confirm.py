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
A target that crashes where the source ran confirms the counterexample. An output element the
source computes from memory nobody wrote (poison, by irverify's exact semantics) never confirms
a difference: TVM returns stale memory there, which any target value refines.
"""

from __future__ import annotations

from irverify.cex.confirm import RandomInputs, candidates, decide, unobservable
from irverify.ir.core import Function, Module
from irverify.verify.verdict import Confirmation, Counterexample
from irverify.phases import timed

BACKEND = "TVM llvm"
RTOL = 1e-5
RANDOM_INPUTS = RandomInputs(floats=(-2, 2), ints=(0, 4), keep_ints_first=True, model_only_if_ordinary=True,
                             large=(-150, 150))


@timed("execute")
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
    if _may_leave_unwritten(src_mod):
        tgt_runs = [_source_where_poison(src_mod, src_fn, c.args, s, g) for c, s, g in zip(cands, src_runs, tgt_runs)]
    return decide(BACKEND, src_fn, cex, cands, src_runs, tgt_runs, rtol=RTOL if approximate else None,
                  target_failure=_crash)


def _may_leave_unwritten(mod: Module) -> bool:
    """Can a function of ``mod`` hold elements nobody wrote (it calls a PrimFunc)?"""
    from irverify.semantics.common import walk_ops

    return any(op.name == "relax.call_tir" for fn in mod.functions.values() if fn.body is not None
               for op in walk_ops(fn.body.ops))


def _source_where_poison(mod: Module, fn: Function, args: list, src_out, tgt_out):
    """The target's outputs with the source's values where irverify says the source's are
    poison (elements computed from memory nobody wrote): TVM shows stale memory there, and any
    target value refines them, so they never confirm a difference."""
    import numpy as np

    from irverify.cex.concrete import NUMERIC, _rounding
    from irverify.verify.evaluate import evaluate_function

    if isinstance(src_out, Exception) or isinstance(tgt_out, Exception):
        return tgt_out
    try:  # math functions computed numerically: only the masks matter here
        with np.errstate(all="ignore"):
            masks = evaluate_function(mod, fn.name, args, fp_name="rounded-real",
                                      interpret={**NUMERIC, **_rounding()}).undefined
    except Exception:  # noqa: BLE001 - not evaluable concretely: nothing to mask
        return tgt_out
    out = list(tgt_out)
    for k, (mask, s, g) in enumerate(zip(masks, src_out, tgt_out)):
        s, g = np.asarray(s), np.asarray(g)
        if mask is not None and s.shape == g.shape == np.shape(mask) and s.dtype == g.dtype:
            out[k] = np.where(mask, s, g)
    return out


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


def batch_norm_in_inference_mode(native, names):
    """A copy of the TVM module ``native`` in which every training-mode ``R.nn.batch_norm`` of
    the functions ``names`` has ``training=False`` (``contracts.inference``: the source that
    ``DecomposeOpsForInference`` promises to preserve, to execute)."""
    import tvm
    from tvm import relax

    @relax.expr_functor.mutator
    class Inference(relax.PyExprMutator):
        def visit_call_(self, call):
            call = super().visit_call_(call)
            if isinstance(call.op, tvm.ir.Op) and call.op.name == "relax.nn.batch_norm" and call.attrs.training:
                a = call.attrs
                return relax.op.nn.batch_norm(*call.args, axis=int(a.axis), epsilon=float(a.epsilon),
                                              center=bool(a.center), scale=bool(a.scale),
                                              momentum=float(a.momentum), training=False)
            return call

    out = tvm.IRModule(dict(native.functions.items()), attrs=native.attrs)
    for gv, f in native.functions.items():
        if isinstance(f, relax.Function) and gv.name_hint in names:
            out[gv] = Inference(native).visit_expr(f)
    return out
