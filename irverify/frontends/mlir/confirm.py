"""Replaying a counterexample on IREE: run source and target on the same inputs.

IREE dispatches tensor computations to the ``llvm-cpu`` backend; a function on scalars only
would stay in the host program, which IREE's VM interprets, and IREE 3.13's VM is not a
faithful oracle for scalar code: it computes ``arith.shrui`` on a negative ``i8`` in its 32-bit
register, folds ``x + 0.0`` into ``x`` (wrong for ``x = -0.0``) and cannot compile ``f16``
constants, ``f64`` truncations or ``fptoui``. So a function on integer and float scalars is run
as a 0-d tensor dispatch (``dispatch_text``: its body inlined into a ``linalg.generic`` on 0-d
tensors), which IREE compiles for llvm-cpu; the report names ``IREE llvm-cpu (0-d tensor
dispatch)``. Only when that does not compile is the function run in the VM (``IREE VM``).

Outputs are compared bit for bit (floats: the same bits, or both NaN). When the encoding was
approximate (abstract floats), random inputs of the counterexample's shapes (floats in [-4, 4)
rounded to 2 decimals, integers in [-8, 8)) are tried as well (``irverify.cex.confirm``); random
integer tensors only where the source is defined on them (``_source_defined``)."""

from __future__ import annotations

from irverify.cex.confirm import RandomInputs, candidates, decide, unobservable
from irverify.ir.core import Function, Module
from irverify.verify.verdict import Confirmation, Counterexample
from irverify.phases import timed

BACKEND = "IREE llvm-cpu"
VM_BACKEND = "IREE VM"
RANDOM_INPUTS = RandomInputs(floats=(-4, 4), ints=(-8, 8), decimals=2)


@timed("execute")
def confirm(src_mod: Module, src_fn: Function, tgt_mod: Module, tgt_fn: Function,
            cex: Counterexample, approximate: bool) -> Confirmation:
    """Run both functions on the counterexample's inputs (and, for an approximate encoding, on
    random inputs of the same shapes) and compare the reported output; dispatch functions
    (HAL bindings) and functions of memref arguments (run as bindings) are run through
    ``dispatch_confirm``."""
    if any(_uses_dispatch_ops(f) or _has_memref_args(f) for f in (src_fn, tgt_fn)):
        from irverify.frontends.mlir.dispatch_confirm import confirm_dispatch
        from irverify.semantics.memref_alias import OVERLAP_NOT_RUN, overlap_in

        if (pair := overlap_in(cex)) is not None:  # execution gives each argument its own buffer
            return Confirmation(None, BACKEND, OVERLAP_NOT_RUN.format(pair=pair))
        return confirm_dispatch(src_mod, src_fn, tgt_mod, tgt_fn, cex)
    backend = backend_for(src_fn, tgt_fn)
    if (ub := unobservable(cex, backend)) is not None:
        return ub
    try:
        cands = _source_defined(src_mod, src_fn, cex, candidates(src_fn, cex, approximate, RANDOM_INPUTS))
        arg_lists = [c.args for c in cands]
        if dispatchable(src_fn) and dispatchable(tgt_fn):
            runs = _run_both_dispatched(src_mod, src_fn, tgt_mod, tgt_fn, arg_lists)
            if not all(isinstance(r, Exception) for side in runs for r in side):
                return decide(DISPATCH_BACKEND, src_fn, cex, cands, *runs, rtol=None)
        src_runs, tgt_runs = _run_both(src_mod, src_fn, tgt_mod, tgt_fn, arg_lists)
    except ValueError as e:
        return Confirmation(None, backend, f"not run: {e}")
    return decide(backend, src_fn, cex, cands, src_runs, tgt_runs, rtol=None)


def _source_defined(src_mod: Module, src_fn: Function, cex: Counterexample, cands: list) -> list:
    """The candidates with random integer tensors only where irverify's exact semantics say the
    source is defined on them (random integers may be out-of-bounds indices or zero divisors:
    a difference there shows nothing). Where the inputs are too large to evaluate
    (``EVALUATED_ELEMENTS``), a random candidate keeps the model's integer tensors instead (the
    model is an input on which the source is defined)."""
    import numpy as np

    from irverify.cex.concrete import EVALUATED_ELEMENTS
    from irverify.cex.confirm import call_args
    from irverify.errors import Unsupported
    from irverify.verify.evaluate import evaluate_function

    if all(c.from_model for c in cands):
        return cands
    model = next((c.args for c in cands if c.from_model), None) or call_args(src_fn, cex, build_large=False)
    out = []
    for c in cands:
        ints = [k for k, (a, m) in enumerate(zip(c.args, model))
                if np.asarray(m).dtype.kind in "iub" and np.asarray(a).shape != () and a is not m]
        if c.from_model or not ints:
            out.append(c)
            continue
        if sum(np.asarray(a).size for a in c.args) > EVALUATED_ELEMENTS:
            c.args = [model[k] if k in ints else a for k, a in enumerate(c.args)]
            out.append(c)
            continue
        try:
            ub = evaluate_function(src_mod, src_fn.name, c.args, fp_name="ieee", outputs_too=False).ub
        except (Unsupported, ValueError, TypeError):
            ub = ["not evaluable"]
        if not ub:
            out.append(c)
    return out


DISPATCH_BACKEND = "IREE llvm-cpu (0-d tensor dispatch)"
DISPATCH_TYPES = ("i1", "i8", "i16", "i32", "i64", "f16", "f32", "f64")
WRAPPER = "__irverify_dispatch_"


def dispatchable(fn: Function) -> bool:
    """Can ``fn`` run as a 0-d tensor dispatch: it runs in the VM (``runs_in_vm``), has a
    body and at least one result, and every argument and result is an integer or float scalar
    that may cross a dispatch boundary (not ``index``)?"""
    types = [a.type for a in fn.args] + list(fn.result_types)
    return (fn.body is not None and bool(fn.result_types) and runs_in_vm(fn)
            and all(str(t) in DISPATCH_TYPES for t in types))


def dispatch_text(mod: Module, fns: list[Function], keep_public: tuple[str, ...] = ()) -> str:
    """The module's text with every function but ``keep_public`` made private and, for each of
    ``fns``, a public ``@__irverify_dispatch_<name>`` taking and returning 0-d tensors whose
    ``linalg.generic`` body calls the function (IREE inlines the call, so the scalar code is
    dispatched)."""
    import re

    def private(m):
        return m.group(0) if m.group(1) in keep_public else f"func.func private @{m.group(1)}"

    text = re.sub(r"func\.func\s+(?:public\s+)?@([\w$.-]+)", private, mod.text)
    wrappers = []
    for fn in fns:
        args = [str(a.type) for a in fn.args]
        res = [str(t) for t in fn.result_types]
        params = ", ".join(f"%t{i}: tensor<{t}>" for i, t in enumerate(args))
        ins = ", ".join(f"%t{i}" for i in range(len(args)))
        maps = ", ".join(["affine_map<() -> ()>"] * (len(args) + len(res)))
        block = ", ".join([f"%a{i}: {t}" for i, t in enumerate(args)] + [f"%o{j}: {t}" for j, t in enumerate(res)])
        call_args = ", ".join(f"%a{i}" for i in range(len(args)))
        wrappers += [
            f"func.func @{WRAPPER}{fn.name[1:] if fn.name.startswith('@') else fn.name}({params}) -> "
            f"({', '.join(f'tensor<{t}>' for t in res)}) {{",
            *(f"  %e{j} = tensor.empty() : tensor<{t}>" for j, t in enumerate(res)),
            f"  %r:{len(res)} = linalg.generic {{indexing_maps = [{maps}], iterator_types = []}}"
            + (f" ins({ins} : {', '.join(f'tensor<{t}>' for t in args)})" if args else "")
            + f" outs({', '.join(f'%e{j}' for j in range(len(res)))} : {', '.join(f'tensor<{t}>' for t in res)}) {{",
            f"  ^bb0({block}):",
            f"    %v:{len(res)} = func.call @{fn.name.lstrip('@')}({call_args}) : ({', '.join(args)}) -> ({', '.join(res)})",
            f"    linalg.yield {', '.join(f'%v#{j}' for j in range(len(res)))} : {', '.join(res)}",
            f"  }} -> ({', '.join(f'tensor<{t}>' for t in res)})",
            f"  return {', '.join(f'%r#{j}' for j in range(len(res)))} : {', '.join(f'tensor<{t}>' for t in res)}",
            "}",
        ]
    body = "\n".join(wrappers)
    stripped = text.rstrip()
    if re.match(r"\s*module\b", text) and stripped.endswith("}"):  # inside an explicit module
        return stripped[:-1] + body + "\n}\n"
    return text + "\n" + body + "\n"


def _run_both_dispatched(src_mod, src_fn, tgt_mod, tgt_fn, arg_lists):
    """``_run_both`` through the 0-d tensor wrappers of ``dispatch_text``."""
    import numpy as np

    from irverify.execute.iree import numpy_dtype_for, run_functions

    def tensors(fn, args):
        return [np.array(v, dtype=numpy_dtype_for(str(a.type))) for a, v in zip(fn.args, args)]

    def run(mod, fns, calls):
        return run_functions(dispatch_text(mod, fns), calls)

    name = lambda fn: WRAPPER + fn.name.lstrip("@")  # noqa: E731
    if src_mod is tgt_mod:
        calls = [(name(src_fn), tensors(src_fn, c)) for c in arg_lists]
        calls += [(name(tgt_fn), tensors(tgt_fn, c)) for c in arg_lists]
        out = run(src_mod, [src_fn, tgt_fn] if src_fn is not tgt_fn else [src_fn], calls)
        return out[: len(arg_lists)], out[len(arg_lists):]
    return (run(src_mod, [src_fn], [(name(src_fn), tensors(src_fn, c)) for c in arg_lists]),
            run(tgt_mod, [tgt_fn], [(name(tgt_fn), tensors(tgt_fn, c)) for c in arg_lists]))


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


def _has_memref_args(fn: Function) -> bool:
    from irverify.ir.core import MemRefType

    return any(isinstance(a.type, MemRefType) for a in fn.args)


def _uses_dispatch_ops(fn: Function) -> bool:
    """Does ``fn`` run inside a dispatch (HAL interface ops, dispatch tensor views)? Compute
    barriers and the ABI's ``hal.tensor`` ops belong to host functions, which run as they are."""
    return fn.body is not None and any(op.name.startswith(("hal.interface.", "iree_tensor_ext.dispatch."))
                                       for op in fn.body.ops)


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
    return _without_hints(mod)


def _without_hints(mod: Module) -> str:
    """``mod``'s text without the codegen hints of ``registry.HINT_ATTRS`` (a CPU
    ``lowering_config`` on a tensor-level op stops IREE's compilation: "failed to set lowering
    configuration"); irverify reads them as meaning nothing (``dispatch_confirm.strip_hints``)."""
    from irverify.semantics.registry import HINT_ATTRS

    if not any(name in mod.text for name in HINT_ATTRS):
        return mod.text
    from irverify.frontends.mlir.dispatch_confirm import strip_hints
    from irverify.frontends.mlir.parse import parse_mlir_native

    native = parse_mlir_native(mod.text, mod.path)
    strip_hints(native.operation)
    return str(native)


def _run_both(src_mod, src_fn, tgt_mod, tgt_fn, arg_lists):
    from irverify.execute.iree import run_functions

    if src_mod is tgt_mod:
        calls = [(src_fn.name, c) for c in arg_lists] + [(tgt_fn.name, c) for c in arg_lists]
        out = run_functions(executable_text(src_mod), calls)
        return out[: len(arg_lists)], out[len(arg_lists):]
    src_out = run_functions(executable_text(src_mod), [(src_fn.name, c) for c in arg_lists])
    tgt_out = run_functions(executable_text(tgt_mod), [(tgt_fn.name, c) for c in arg_lists])
    return src_out, tgt_out
