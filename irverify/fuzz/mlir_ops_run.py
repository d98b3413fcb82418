"""Running ``mlir_ops`` programs on IREE llvm-cpu.

* Kernel programs (memrefs, vectors, dispatch-level ops) run as dispatch kernels:
  ``irverify.frontends.mlir.dispatch_confirm.wrap`` turns each function into a ``hal.executable``
  and a host ``@main``; the wrapped functions of one batch are merged into one module (each
  executable and host function renamed), compiled once. A call's outputs are its results
  (trimmed from their bindings and reshaped), then the final contents of its memref arguments
  and of the bindings the program declares.
* Host programs (``flow``, calls, encodings) run through IREE's whole pipeline
  (``irverify.execute.iree.run_functions``), a batch per module.
"""

from __future__ import annotations

import numpy as np

from irverify.fuzz import mlir_ops
from irverify.fuzz.mlir_ops import KERNEL, OpProg


def run(progs: dict[str, OpProg], calls: list) -> list:
    """One result list (or exception) per ``(function name, arguments)`` call."""
    out: list = [None] * len(calls)
    host = [(i, c) for i, c in enumerate(calls) if progs[c[0]].mode != KERNEL]
    kern = [(i, c) for i, c in enumerate(calls) if progs[c[0]].mode == KERNEL]
    if host:
        from irverify.execute.iree import run_functions

        names = list(dict.fromkeys(c[0] for _, c in host))
        text = "\n\n".join(mlir_ops.print_func(progs[n], n) for n in names)
        res = run_functions(text, [c for _, c in host], timeout_s=300.0)
        for (i, _), r in zip(host, res):
            out[i] = r
    if kern:
        for (i, _), r in zip(kern, _run_kernels(progs, [c for _, c in kern])):
            out[i] = r
    return out


class Failed(Exception):
    kind = "compile"


def _run_kernels(progs: dict[str, OpProg], calls: list) -> list:
    """All kernels in one module; when none of its calls runs (it does not compile, or IREE
    cannot load it: an executable that imports ``memcpy`` has "no executable loader"), each
    program's pair of functions (``X_src``/``X_tgt``, or one function) in a module of its own."""
    out = _run_kernel_module(progs, calls)
    groups = {}
    for i, (n, _) in enumerate(calls):
        groups.setdefault(n.rsplit("_", 1)[0] if n.endswith(("_src", "_tgt")) else n, []).append(i)
    if len(groups) < 2 or not all(isinstance(r, Exception) for r in out):
        return out
    for idx in groups.values():
        for i, r in zip(idx, _run_kernel_module(progs, [calls[i] for i in idx])):
            out[i] = r
    return out


def _run_kernel_module(progs: dict[str, OpProg], calls: list) -> list:
    from irverify.execute.iree import run_host_module
    from irverify.frontends.mlir.dispatch_confirm import NotRunnable, wrap
    from irverify.frontends.mlir.parse import parse_mlir

    names = list(dict.fromkeys(n for n, _ in calls))
    text = "\n\n".join(mlir_ops.print_func(progs[n], n) for n in names)
    try:
        mod = parse_mlir(text, "fuzz-kernels.mlir")
        wrapped = {n: wrap(mod, mod.functions[n], {k: v.elem for k, v in enumerate(progs[n].bindings)}) for n in names}
    except (NotRunnable, Exception) as e:  # noqa: BLE001 - reported as a compile failure of the batch
        return [Failed(f"compile: cannot wrap: {e}")] * len(calls)
    merged = _merge({n: w.text for n, w in wrapped.items()}, names)
    host_calls = []
    for n, args in calls:
        host_calls.append((f"main_{names.index(n)}", _host_args(wrapped[n], mod.functions[n], progs[n], args)))
    res = run_host_module(merged, host_calls, timeout_s=300.0)
    outs = []
    for (n, args), r in zip(calls, res):
        outs.append(r if isinstance(r, Exception) else _outputs(wrapped[n], mod.functions[n], progs[n], args, r))
    return outs


def _merge(texts: dict[str, str], names: list[str]) -> str:
    """One module holding every wrapped function: ``@ex``, ``@d`` and ``@main`` numbered (IREE
    links the executables into one module, where kernels of one name would clash)."""
    head, bodies = None, []
    for k, n in enumerate(names):
        lines = texts[n].rstrip().splitlines()
        head = head or lines[:2]
        body = "\n".join(lines[2:-1])
        body = body.replace("hal.executable private @ex {", f"hal.executable private @ex_{k} {{")
        body = body.replace("flow.dispatch @ex::@cpu::@d(", f"flow.dispatch @ex_{k}::@cpu::@d_{k}(")
        body = body.replace("hal.executable.export public @d ordinal(0)", f"hal.executable.export public @d_{k} ordinal(0)")
        body = body.replace("      func.func @d() {", f"      func.func @d_{k}() {{")
        body = body.replace("func.func @main(", f"func.func @main_{k}(")
        bodies.append(body)
    return "\n".join(head + bodies + ["}"])


def _host_args(w, fn, prog: OpProg, args: list) -> list:
    """The arguments of the wrapped ``@main``: push constants, then every binding's contents."""
    from irverify.execute.iree import numpy_dtype_for
    from irverify.frontends.mlir.dispatch_confirm import RESULT_CAPACITY_MIN

    pos = {a.name: i for i, a in enumerate(fn.args)}
    n_pc = w.constants + sum(1 for p in w.arg_plan if p[0] in ("index", "dim"))
    pcs = [0] * n_pc
    n_bind = len(w.binding_types)
    bufs: list = [None] * n_bind
    extra = list(args[len(fn.args):])  # the program's own push constants, then its bindings' contents
    for k in range(w.constants):
        pcs[k] = int(extra[k])
    for b in range(w.bindings):
        bufs[b] = np.asarray(extra[w.constants + b]).astype(numpy_dtype_for(w.binding_types[b])).reshape(-1)
    total = sum(np.asarray(a).size for a in args)
    for kind, name, slot in w.arg_plan:
        if kind == "index":
            pcs[slot] = int(args[pos[name]])
        elif kind == "dim":
            a, k = name.rsplit("#", 1)
            pcs[slot] = int(np.asarray(args[pos[a]]).shape[int(k)])
        else:
            bufs[slot] = np.ascontiguousarray(np.asarray(args[pos[name]]).astype(
                numpy_dtype_for(w.binding_types[slot])).reshape(-1))
    for j in range(n_bind):
        if bufs[j] is None:
            bufs[j] = np.zeros([max(RESULT_CAPACITY_MIN, 4 * total)], dtype=numpy_dtype_for(w.binding_types[j]))
        elif bufs[j].size == 0:
            bufs[j] = np.zeros([1], dtype=bufs[j].dtype)
    return [int(np.int64(p)) for p in pcs] + bufs


def _outputs(w, fn, prog: OpProg, args: list, res: list) -> list:
    pos = {a.name: i for i, a in enumerate(fn.args)}
    n_args = sum(1 for p in w.arg_plan if p[0] in ("tensor", "memref"))
    out = []
    for r, (ty, v) in enumerate(zip(w.result_types, prog.outputs)):
        shape = tuple(d if d is not None else v.shape[k] for k, d in enumerate(ty.shape))
        flat = res[w.bindings + n_args + r]
        size = int(np.prod(shape)) if shape else 1
        out.append(flat[:size].reshape(shape) if flat.size >= size else flat)
    for kind, name, slot in w.arg_plan:
        if kind == "memref":
            out.append(res[slot].reshape(np.asarray(args[pos[name]]).shape) if res[slot].size == np.asarray(args[pos[name]]).size
                       else res[slot])
    for b in range(w.bindings):
        out.append(res[b])
    return out


def cex_args(prog: OpProg, cex: dict) -> list | None:
    """A counterexample's inputs (``--json``) in argument order, when it gives every argument
    with the program's runtime shapes (index arguments inside their domain)."""
    from irverify.fuzz.inputs import NP

    out = []
    names = [a.val.name for a in prog.args]
    for i, (a, (elem, shape, domain)) in enumerate(zip(prog.args, mlir_ops.signature(prog))):
        key = "%" + names[i]
        if a.val.kind == "scalar":
            v = cex.get("scalars", {}).get(key, cex.get("scalars", {}).get(f"%arg{i}"))
            if v is None or (domain and not domain[0] <= int(v) <= domain[1]):
                return None
            out.append(NP[elem](int(v)))
            continue
        t = cex.get("tensors", {}).get(key, cex.get("tensors", {}).get(f"%arg{i}"))
        if t is None or isinstance(t, str) or a.val.kind == "memref":
            return None
        arr = np.asarray([float(x) if isinstance(x, str) else x for x in np.ravel(t)] if elem.startswith("f") else t)
        try:
            arr = arr.astype(NP[elem]).reshape(shape)
        except (ValueError, TypeError):
            return None
        if domain and arr.size and not (domain[0] <= arr.min() and arr.max() <= domain[1]):
            return None
        out.append(arr)
    if len(out) != len(prog.args) or _extra_inputs(prog):
        return None
    return out


def _extra_inputs(prog: OpProg) -> bool:
    return bool(prog.bindings or prog.constants)
