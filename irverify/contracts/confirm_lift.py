"""Replaying a LiftTransformParams counterexample on TVM (llvm): the composition is executed.

Source: ``f_before(*x, *w)`` (or ``f_before(*x, *T0([w...]))``); target: ``T([w...])`` first,
then ``f_after(*x, *T's results)``. Each call runs in a forked child (``run_functions``) with a
fresh argument tuple (a transform built with ``consume_params`` mutates its tuple).
``R.builtin.stop_lift_params`` has no VM lowering, so it is removed (it is the identity) from
copies of both modules before building. Inputs are chosen and outputs
compared as in ``irverify.frontends.relax.confirm``.
"""

from __future__ import annotations

from irverify.cex.confirm import candidates, decide, unobservable
from irverify.ir.core import Function, Module, TupleType, Value
from irverify.verify.verdict import Confirmation, Counterexample

BACKEND = "TVM llvm"


def strip_stop_lift_params(native):
    """A copy of a Relax ``IRModule`` with every ``R.builtin.stop_lift_params(x)`` replaced by ``x``."""
    import tvm
    from tvm import relax

    @relax.expr_functor.mutator
    class _Strip(relax.PyExprMutator):
        def visit_call_(self, call):  # noqa: N802 - TVM's visitor naming
            call = super().visit_call_(call)
            if isinstance(call.op, tvm.ir.Op) and call.op.name == "relax.builtin.stop_lift_params":
                return call.args[0]
            return call

    funcs = {gv: (_Strip().visit_expr(f) if isinstance(f, relax.Function) else f)
             for gv, f in native.functions.items()}
    return tvm.IRModule(funcs, attrs=native.attrs)


def confirm_composition(src: Module, s: Function, t0: Function | None, tgt: Module, g: Function,
                        t_fn: Function, k: int, inputs_spec: list, cex: Counterexample,
                        approximate: bool) -> Confirmation:
    """Run both compositions on the counterexample's inputs (plus random inputs of the same
    shapes when the encoding was approximate) and compare the reported output. When the target
    is undefined because the transform's results do not match the new parameters, the
    counterexample is confirmed by the target composition failing where the source ran."""
    from irverify.frontends.relax.confirm import RANDOM_INPUTS, RTOL, source_undefined

    binding_failure = cex.check.startswith("target has undefined") and any(
        "does not match parameter" in r for r in cex.ub_reasons)
    if not binding_failure and (ub := unobservable(cex, BACKEND)) is not None:
        return ub
    shape_fn = Function("inputs", [Value(ty, name) for name, ty in inputs_spec], [], None)
    try:
        cands = candidates(shape_fn, cex, approximate, RANDOM_INPUTS)
    except ValueError as e:
        return Confirmation(None, BACKEND, f"not run: {e}")
    if t0 is None:
        cands = [c for c in cands if not source_undefined(src, s, c.args)]
    if not cands:
        return Confirmation(None, BACKEND, "not run: the source is undefined on the counterexample's inputs")
    src_native, tgt_native = strip_stop_lift_params(src.native), strip_stop_lift_params(tgt.native)
    src_runs = _run_composed(src_native, t0, s, k, [c.args for c in cands])
    tgt_runs = _run_composed(tgt_native, t_fn, g, k, [c.args for c in cands])

    def target_failure(err: Exception) -> str | None:
        kind = getattr(err, "kind", "")
        if kind == "crash" or (binding_failure and kind == "run"):
            return f"the target composition failed where the source ran: {err}"
        return None

    return decide(BACKEND, shape_fn, cex, cands, src_runs, tgt_runs, rtol=RTOL, target_failure=target_failure,
                  outputs=not binding_failure,
                  agrees="TVM accepted the transform's results as arguments" if binding_failure else None)


def _run_composed(native, transform: Function | None, fn: Function, k: int, arg_lists: list) -> list:
    """``fn(*x, *transform([w...]))`` (or ``fn(*x, *w)``) for each argument list; one result or
    ``ExecutionError`` per list."""
    from irverify.execute.tvm import run_functions

    if transform is None:
        return run_functions(native, [(fn.name, args) for args in arg_lists])
    t_runs = run_functions(native, [(transform.name, [list(args[k:])]) for args in arg_lists])
    calls, where = [], []
    for n, (args, leaves) in enumerate(zip(arg_lists, t_runs)):
        if isinstance(leaves, Exception):
            continue
        calls.append((fn.name, list(args[:k]) + _regroup([p.type for p in fn.args[k:]], list(leaves))))
        where.append(n)
    results: list = list(t_runs)
    for n, r in zip(where, run_functions(native, calls) if calls else []):
        results[n] = r
    return results


def _regroup(types: list, leaves: list) -> list:
    out = []
    for ty in types:
        out.append(_regroup(list(ty.fields), leaves) if isinstance(ty, TupleType) else leaves.pop(0))
    return out
