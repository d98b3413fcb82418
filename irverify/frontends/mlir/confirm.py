"""Replaying a counterexample on IREE: run source and target on the same inputs.

IREE dispatches tensor computations to the ``llvm-cpu`` backend; a function on scalars only
stays in the host program, which IREE's VM interprets, so its report names ``IREE VM``
(the two can differ, e.g. in how a scalar ``i8`` is widened).

Outputs are compared bit for bit (floats: the same bits, or both NaN). When the encoding was
approximate (abstract floats), random inputs of the counterexample's shapes (floats in [-4, 4)
rounded to 2 decimals, integers in [-8, 8)) are tried as well (``irverify.cex.confirm``)."""

from __future__ import annotations

from irverify.cex.confirm import RandomInputs, candidates, decide, unobservable
from irverify.ir.core import Function, Module
from irverify.verify.verdict import Confirmation, Counterexample

BACKEND = "IREE llvm-cpu"
VM_BACKEND = "IREE VM"
RANDOM_INPUTS = RandomInputs(floats=(-4, 4), ints=(-8, 8), decimals=2)


def confirm(src_mod: Module, src_fn: Function, tgt_mod: Module, tgt_fn: Function,
            cex: Counterexample, approximate: bool) -> Confirmation:
    """Run both functions on the counterexample's inputs (and, for an approximate encoding, on
    random inputs of the same shapes) and compare the reported output; dispatch functions
    (HAL bindings) are run through ``dispatch_confirm``."""
    if _uses_dispatch_ops(src_fn) or _uses_dispatch_ops(tgt_fn):
        from irverify.frontends.mlir.dispatch_confirm import confirm_dispatch

        return confirm_dispatch(src_mod, src_fn, tgt_mod, tgt_fn, cex)
    backend = backend_for(src_fn, tgt_fn)
    if (ub := unobservable(cex, backend)) is not None:
        return ub
    try:
        cands = candidates(src_fn, cex, approximate, RANDOM_INPUTS)
        src_runs, tgt_runs = _run_both(src_mod, src_fn, tgt_mod, tgt_fn, [c.args for c in cands])
    except ValueError as e:
        return Confirmation(None, backend, f"not run: {e}")
    return decide(backend, src_fn, cex, cands, src_runs, tgt_runs, rtol=None)


def runs_in_vm(fn: Function) -> bool:
    """Does IREE run ``fn`` in its VM: no tensor or vector value anywhere in it (vectors are run
    as tensors, ``executable_text``), so nothing is dispatched to llvm-cpu?"""
    from irverify.ir.core import TensorType, VectorType

    def shaped(ty) -> bool:
        return isinstance(ty, (TensorType, VectorType))

    def ops(block):
        for op in block.ops:
            yield op
            for region in op.regions:
                for b in region:
                    yield from ops(b)

    if any(shaped(a.type) for a in fn.args) or any(shaped(t) for t in fn.result_types):
        return False
    return fn.body is None or not any(shaped(r.type) for op in ops(fn.body) for r in op.results)


def backend_for(src_fn: Function, tgt_fn: Function) -> str:
    """The backend label: ``IREE VM`` for scalar functions, ``IREE llvm-cpu`` otherwise."""
    vm = runs_in_vm(src_fn), runs_in_vm(tgt_fn)
    if vm[0] == vm[1]:
        return VM_BACKEND if vm[0] else BACKEND
    return f"{VM_BACKEND if vm[0] else BACKEND} (source), {VM_BACKEND if vm[1] else BACKEND} (target)"


def _uses_dispatch_ops(fn: Function) -> bool:
    return fn.body is not None and any(op.name.startswith(("hal.", "iree_tensor_ext.")) for op in fn.body.ops)


ELEMENTWISE_PREFIXES = ("arith.", "math.", "func.", "util.")


def executable_text(mod: Module) -> str:
    """The module's text as IREE can run it. IREE's entry points take no ``vector`` arguments;
    a module whose functions only compute elementwise (``arith``, ``math``, calls) means the same
    on tensors of the same shapes, so its ``vector<...>`` types are run as ``tensor<...>``."""
    from irverify.ir.core import VectorType

    fns = [f for f in mod.functions.values() if f.body is not None]
    uses_vectors = any(isinstance(ty, VectorType) for f in fns for ty in [a.type for a in f.args] + f.result_types)
    if uses_vectors and all(op.name.startswith(ELEMENTWISE_PREFIXES) and not op.regions
                            for f in fns for op in f.body.ops):
        return mod.text.replace("vector<", "tensor<")
    return mod.text


def _run_both(src_mod, src_fn, tgt_mod, tgt_fn, arg_lists):
    from irverify.execute.iree import run_functions

    if src_mod is tgt_mod:
        calls = [(src_fn.name, c) for c in arg_lists] + [(tgt_fn.name, c) for c in arg_lists]
        out = run_functions(executable_text(src_mod), calls)
        return out[: len(arg_lists)], out[len(arg_lists):]
    src_out = run_functions(executable_text(src_mod), [(src_fn.name, c) for c in arg_lists])
    tgt_out = run_functions(executable_text(tgt_mod), [(tgt_fn.name, c) for c in arg_lists])
    return src_out, tgt_out
