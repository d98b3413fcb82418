"""The MLIR arm of the fuzzer, imports no TVM. Two kinds of programs:

* arithmetic chains (``mlir_prog`` programs, ``mlir_mutate`` targets, the ``mlir_interp``
  reference for UB and poison element by element), a quarter of the programs;
* registry-covering programs (``mlir_ops``: one generator per registered op, knob targets,
  UB-free by construction, poison and unwritten elements as tainted outputs), run by
  ``mlir_ops_run``.

Both run on IREE llvm-cpu."""

from __future__ import annotations

import random
import re

import numpy as np

from irverify.fuzz import mlir_interp, mlir_mutate, mlir_ops, mlir_prog
from irverify.fuzz.inputs import NP

NAME = "mlir"
SUFFIX = ".srctgt.mlir"
COMMENT = "//"
POISON = True  # the reference's masks are poison: a target poison where the source is not is a finding

CHAIN_SHARE = 0.25
FOCUS: list[str] = []  # when set (``tools/fuzz.py --ops``), registry programs are built around these ops


def generate(rng: random.Random):
    """An arithmetic chain (a quarter of the programs) or a registry-covering program."""
    if rng.random() < CHAIN_SHARE and not FOCUS:
        return mlir_prog.generate(rng)
    return mlir_ops.generate(rng, focus=rng.choice(FOCUS) if FOCUS else None)


def _ops(p) -> bool:
    return isinstance(p, mlir_ops.OpProg)


def transform(src, rng: random.Random):
    return mlir_ops.transform(src, rng) if _ops(src) else mlir_mutate.transform(src, rng)


def signature(p):
    return mlir_ops.signature(p) if _ops(p) else mlir_prog.signature(p)


def shrink_candidates(src, tgt):
    return mlir_ops.shrink_candidates(src, tgt) if _ops(src) else mlir_mutate.shrink_candidates(src, tgt)


def pair_text(src, tgt, names=("src", "tgt")) -> str:
    return mlir_ops.pair_text(src, tgt, names) if _ops(src) else mlir_prog.pair_text(src, tgt, names)


class Batch(str):
    """A module's text that also knows each function's program (for ``run``)."""

    progs: dict


def batch_text(pairs) -> str:
    """One module holding every (source, target, (name, name)) pair."""
    text = Batch("\n".join(pair_text(s, t, names) for s, t, names in pairs))
    text.progs = {n: p for s, t, names in pairs for n, p in zip(names, (s, t))}
    return text


def ops_of(p) -> set[str]:
    """The registered ops a program holds (for the per-op counts)."""
    if _ops(p):
        return set(p.ops)
    return mlir_ops.ops_in(mlir_prog.print_func(p, "f"))


def undefined(prog, args):
    """Chains: the reference interpreter. Registry programs are defined by construction; each
    output is poison (not compared) when it is tainted. A target keeps its source's taint: the
    source is the one judged."""
    if _ops(prog):
        return False, [np.bool_(t) for t in prog.taint]
    return mlir_interp.undefined(prog, args)


def unjudged(case) -> str:
    """Why an ``incorrect`` registry program's counterexample cannot be confirmed: it differs in
    an output the fuzzer does not compare (tainted: it may be poison, unwritten, or one of the
    values the definition allows), or ''."""
    if not _ops(case.src):
        return ""
    fns = case.report.get("functions") or []
    out = str(((fns[0].get("counterexample") or {}) if fns else {}).get("output", ""))
    p = case.src
    n_out, memrefs = len(p.outputs), p.memrefs()
    k = None
    if (m := re.match(r"result #(\d+)", out)):
        k = int(m.group(1))
    elif (m := re.match(r"memref %(\w+)", out)):
        k = next((n_out + j for j, v in enumerate(memrefs) if v.name == m.group(1)), None)
    elif (m := re.match(r"binding (\d+)", out)):
        k = n_out + len(memrefs) + int(m.group(1))
    if k is not None and k < len(p.taint) and p.taint[k]:
        return f"{out.split(' (')[0]} is tainted"
    return ""


def backend_faults(case, args, k, src_out, tgt_out):
    """Elements of result ``k`` where either side's execution differs from the reference
    interpreter's value (``mlir_interp.evaluate``), or None when it cannot say. Registry
    programs have no reference interpreter; a known-good rewrite of one (correct by the op
    definitions) that executes differently is a compiler discrepancy, written for a person to
    confirm (``*-backend.*``), as are differences of two sides that print the same."""
    if _ops(case.src):
        same = mlir_ops.print_func(case.src, "f") == mlir_ops.print_func(case.tgt, "f")
        if case.desc.startswith("rewrite") or same:
            return np.ones(np.asarray(src_out).shape, dtype=bool)
        return None
    masks = []
    for prog, out in ((case.src, src_out), (case.tgt, tgt_out)):
        ub, values, _ = mlir_interp.evaluate(prog, args)
        if ub or values is None or np.asarray(values).shape != np.asarray(out).shape:
            return None
        elem = prog.elem_of(prog.ret)
        masks.append(~mlir_interp.agrees(values, np.zeros(values.shape, dtype=bool), elem, out))
    return masks[0] | masks[1]


def run(module_text: str, calls: list):
    """Run the calls on IREE llvm-cpu: registry programs through ``mlir_ops_run``, chains here."""
    progs = getattr(module_text, "progs", {})
    if not any(_ops(p) for p in progs.values()):
        return _run_chains(module_text, calls)
    from irverify.fuzz import mlir_ops_run

    out: list = [None] * len(calls)
    ops_calls = [(i, c) for i, c in enumerate(calls) if _ops(progs[c[0]])]
    chain_calls = [(i, c) for i, c in enumerate(calls) if not _ops(progs[c[0]])]
    for (i, _), r in zip(ops_calls, mlir_ops_run.run(progs, [c for _, c in ops_calls])):
        out[i] = r
    if chain_calls:
        names = list(dict.fromkeys(c[0] for _, c in chain_calls))
        text = "\n".join(mlir_prog.print_func(progs[n], n) for n in names)
        for (i, _), r in zip(chain_calls, _run_chains(text, [c for _, c in chain_calls])):
            out[i] = r
    return out


def _run_chains(module_text: str, calls: list):
    """Functions on scalars run as 0-d tensor dispatches
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
    if _ops(prog):
        from irverify.fuzz import mlir_ops_run

        return mlir_ops_run.cex_args(prog, cex)
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
