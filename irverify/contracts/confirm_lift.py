"""Replaying a LiftTransformParams counterexample on TVM (llvm): the composition is executed.

Source: ``f_before(*x, *w)`` (or ``f_before(*x, *T0([w...]))``); target: ``T([w...])`` first,
then ``f_after(*x, *T's results)``. Each call runs in a forked child (``run_functions``) with a
fresh argument tuple (a transform built with ``consume_params`` mutates its tuple).
``R.builtin.stop_lift_params`` has no VM lowering, so it is removed (it is the identity) from
copies of both modules before building. Outputs are compared as in
``irverify.frontends.relax.confirm``.
"""

from __future__ import annotations

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
    shapes when the encoding was approximate) and compare the reported output."""
    import importlib

    rc = importlib.import_module("irverify.frontends.relax.confirm")  # the package re-exports confirm()

    binding_failure = cex.check.startswith("target has undefined") and any(
        "does not match parameter" in r for r in cex.ub_reasons)
    if cex.check.startswith("target has undefined") and not binding_failure:
        return Confirmation(None, BACKEND, "undefined behaviour is not observable by execution")
    shape_fn = Function("inputs", [Value(ty, name) for name, ty in inputs_spec], [], None)
    try:
        model_inputs = rc._call_args(shape_fn, cex)
    except ValueError as e:
        return Confirmation(None, BACKEND, f"not run: {e}")
    candidates = []
    if not approximate or rc._ordinary(model_inputs):
        candidates.append((model_inputs, True))
    if approximate:
        candidates += [(rc._random_args(shape_fn, model_inputs, seed, keep_ints=seed == 0), False)
                       for seed in range(rc.RANDOM_TRIES)]
    if t0 is None:
        candidates = [(c, m) for c, m in candidates if not rc._source_undefined(src, s, c)]
    if not candidates:
        return Confirmation(None, BACKEND, "not run: the source is undefined on the counterexample's inputs")
    src_native, tgt_native = strip_stop_lift_params(src.native), strip_stop_lift_params(tgt.native)
    src_runs = _run_composed(src_native, t0, s, k, [c for c, _ in candidates])
    tgt_runs = _run_composed(tgt_native, t_fn, g, k, [c for c, _ in candidates])
    first_error = None
    for (c, from_model), sr, gr in zip(candidates, src_runs, tgt_runs):
        if isinstance(sr, Exception):
            first_error = first_error or sr
            continue
        if isinstance(gr, Exception):
            kind = getattr(gr, "kind", "")
            if kind == "crash" or (binding_failure and kind == "run"):
                if not from_model:
                    rc._replace_inputs(shape_fn, cex, c)
                return Confirmation(True, BACKEND, f"the target composition failed where the source ran: {gr}")
            first_error = first_error or gr
            continue
        if binding_failure:
            continue
        differs, detail, sv, gv = rc.compare(cex, sr, gr, use_index=from_model)
        if differs:
            if not from_model:
                rc._replace_inputs(shape_fn, cex, c)
                detail += " (on random inputs of the counterexample's shapes)"
            return Confirmation(True, BACKEND, detail, sv, gv)
    ran = [(sr, gr, m) for (_, m), sr, gr in zip(candidates, src_runs, tgt_runs)
           if not isinstance(sr, Exception) and not isinstance(gr, Exception)]
    if not ran:
        return Confirmation(None, BACKEND, f"could not run: {first_error}")
    sr, gr, m = ran[0]
    if binding_failure:
        return Confirmation(False, BACKEND, "execution agrees: TVM accepted the transform's results as arguments")
    _, detail, sv, gv = rc.compare(cex, sr, gr, use_index=m)
    what = "" if m else " (on random inputs of the counterexample's shapes)"
    return Confirmation(False, BACKEND, "execution agrees: " + detail + what, sv, gv)


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
