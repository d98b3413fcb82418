"""The MLIR arm of the fuzzer: ``mlir_prog`` programs, ``mlir_mutate`` targets, IREE llvm-cpu
execution and the ``mlir_interp`` reference for UB and poison. Imports no TVM."""

from __future__ import annotations

import numpy as np

from irverify.fuzz import mlir_interp, mlir_mutate, mlir_prog
from irverify.fuzz.inputs import NP

NAME = "mlir"
SUFFIX = ".srctgt.mlir"
COMMENT = "//"
POISON = True  # the reference's masks are poison: a target poison where the source is not is a finding

generate = mlir_prog.generate
transform = mlir_mutate.transform
signature = mlir_prog.signature
shrink_candidates = mlir_mutate.shrink_candidates


def pair_text(src, tgt, names=("src", "tgt")) -> str:
    return mlir_prog.pair_text(src, tgt, names)


def batch_text(pairs) -> str:
    """One module holding every (source, target, (name, name)) pair."""
    return "\n".join(mlir_prog.pair_text(s, t, names) for s, t, names in pairs)


def undefined(prog, args):
    return mlir_interp.undefined(prog, args)


def backend_faults(case, args, k, src_out, tgt_out):
    """Elements of result ``k`` where either side's execution differs from the reference
    interpreter's value (``mlir_interp.evaluate``), or None when it cannot say."""
    masks = []
    for prog, out in ((case.src, src_out), (case.tgt, tgt_out)):
        ub, values, poison = mlir_interp.evaluate(prog, args)
        if ub or values is None or np.asarray(values).shape != np.asarray(out).shape:
            return None
        elem = prog.elem_of(prog.ret)
        masks.append(~mlir_interp.agrees(values, np.zeros(values.shape, dtype=bool), elem, out))
    return masks[0] | masks[1]


def run(module_text: str, calls: list):
    """Run the calls on IREE llvm-cpu. Functions on scalars run as 0-d tensor dispatches
    (``irverify.frontends.mlir.confirm.dispatch_text``), as irverify's own confirmation does:
    IREE's VM computes some scalar ops differently from their definitions."""
    from irverify.execute.iree import numpy_dtype_for, run_functions
    from irverify.frontends.mlir.confirm import WRAPPER, dispatch_text, dispatchable
    from irverify.frontends.mlir.parse import parse_mlir

    mod = parse_mlir(module_text, "fuzz.mlir")
    called = {name: mod.functions[name] for name, _ in calls}
    wrapped = [f for f in called.values() if dispatchable(f)]
    if not wrapped:
        return run_functions(module_text, calls, timeout_s=300.0)
    direct = tuple(n for n, f in called.items() if not dispatchable(f))
    text = dispatch_text(mod, wrapped, keep_public=direct)

    def call(name, args):
        fn = called[name]
        if name in direct:
            return name, args
        return WRAPPER + name, [np.array(v, dtype=numpy_dtype_for(str(a.type))) for a, v in zip(fn.args, args)]

    return run_functions(text, [call(n, a) for n, a in calls], timeout_s=300.0)


def arg_names(prog) -> list[str]:
    names = [n for n, _ in prog.args]
    h = prog.head
    if h:
        names += [h["lhs"], h["rhs"]] + ([h["acc"]] if h["init"] == "arg" else [])
    if prog.tail and prog.tail["kind"] == "insert":
        names.append(prog.tail["scalar"])
    return names


def _value(v, elem):
    if isinstance(v, list):
        return np.array([_value(x, elem) for x in v], dtype=NP[elem]) if v else np.zeros(0, NP[elem])
    if isinstance(v, str):
        return float(v)
    return v


def cex_args(prog, cex: dict) -> list | None:
    """A counterexample's inputs (``--json``) in argument order, with the program's shapes."""
    out = []
    for i, (name, (elem, shape)) in enumerate(zip(arg_names(prog), signature(prog))):
        key = "%" + name
        if key not in cex.get("scalars", {}) and key not in cex.get("tensors", {}):
            key = f"%arg{i}"  # irverify names arguments by position
        if shape is None:
            if key not in cex.get("scalars", {}):
                return None
            v = cex["scalars"][key]
            out.append(NP[elem](float(v) if isinstance(v, str) else v) if elem not in ("i1",) else bool(v))
        else:
            if key not in cex.get("tensors", {}):
                return None
            arr = np.asarray(_value(cex["tensors"][key], elem), dtype=NP[elem])
            if arr.ndim != len(shape) or any(d is not None and d != n for d, n in zip(shape, arr.shape)):
                return None
            out.append(arr)
    return out
