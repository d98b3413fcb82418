"""Replaying a counterexample of dispatch-level IR (HAL bindings, push constants) on IREE llvm-cpu.

Each side's function is wrapped, unchanged, in a hand-written executable and called from a
host function (``notes/iree.md`` §7.1):

* the pipeline layout (none for a function that uses no HAL interface) is extended with one
  push constant per ``index`` argument and per dynamic dim of a tensor or memref argument, one
  binding per tensor argument (loaded in full at the top of the kernel), one binding per memref
  argument (the memref is that binding, ``hal.interface.binding.subspan ... : memref<...>``,
  written in place) and one binding per returned tensor (stored in full before ``return``);
* the kernel is ``func.func @d()`` inside ``hal.executable @ex`` / ``hal.executable.variant
  @cpu``, exported with a constant 1x1x1 workgroup count;
* the host ``@main`` takes the push constants as ``i32`` and every binding as a flat 1-D
  tensor, and calls ``flow.dispatch @ex::@cpu::@d`` with every result tied to its binding;
* it is compiled with ``--iree-llvmcpu-disable-distribution`` once per side, without the
  compiler hints irverify gives no meaning (``semantics.registry.HINT_ATTRS``: a GPU
  ``lowering_config`` cannot be compiled for the CPU; see ``strip_hints``).

Inputs: push constants and binding lengths from the counterexample; a binding's initial
contents from the counterexample when it has them, else distinct negative sentinels
``-(i+1)`` so that unwritten elements stay visible; tensor arguments from the counterexample.
The final contents of every binding (and so of every memref argument) are compared element by
element.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from irverify.ir.core import DispatchTensorType, Function, IndexType, MemRefType, Module, TensorType
from irverify.verify.verdict import Confirmation, Counterexample

BACKEND = "IREE llvm-cpu (dispatch wrapper)"
CPU_TARGET = ('#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "generic", '
              'data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", '
              'native_vector_size = 16 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>')
RESULT_CAPACITY_MIN = 1024


class NotRunnable(Exception):
    """The function cannot be wrapped (say why)."""


@dataclass
class Wrapped:
    """A host module for one side and how to build its inputs."""

    text: str
    constants: int  # push constants of the original layout
    bindings: int  # bindings of the original layout
    binding_types: dict[int, str]  # original binding -> element type
    arg_plan: list[tuple[str, str, int]] = field(default_factory=list)  # (kind, name, slot)
    result_types: list[TensorType] = field(default_factory=list)
    memref_shapes: dict[int, tuple] = field(default_factory=dict)  # binding -> memref argument shape


# ----------------------------------------------------------------------------- wrapping


def _layouts(op, found: set) -> None:
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                inner = inner.operation
                if inner.name.startswith("hal.") and "layout" in inner.attributes:
                    found.add(str(inner.attributes["layout"]))
                _layouts(inner, found)


def strip_hints(op) -> None:
    """Delete, in place, the attributes of ``HINT_ATTRS`` (``lowering_config``,
    ``compilation_info``, ...) from every op nested in the native ``op``. irverify reads them as
    meaning nothing (a value it did not accept as a hint made the verdict ``unsupported``
    before any confirmation), so the program run means what irverify checked; left in, a
    GPU-only configuration stops the CPU compilation."""
    from irverify.semantics.registry import HINT_ATTRS

    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                inner = inner.operation
                for name in HINT_ATTRS:
                    if name in inner.attributes:
                        del inner.attributes[name]
                strip_hints(inner)


def _set_layouts(op, attr) -> None:
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                inner = inner.operation
                if inner.name.startswith("hal.") and "layout" in inner.attributes:
                    inner.attributes["layout"] = attr
                _set_layouts(inner, attr)


def _split_layout(text: str) -> tuple[int, list[str], str]:
    """(constants, binding attrs, trailing flags text) of ``#hal.pipeline.layout<...>``."""
    m = re.fullmatch(r"#hal\.pipeline\.layout<(?:constants = (\d+), )?bindings = \[(.*)\](.*)>", text, re.S)
    if not m:
        raise NotRunnable(f"pipeline layout {text}")
    constants = int(m.group(1) or 0)
    bindings, depth, cur = [], 0, ""
    for ch in m.group(2):
        if ch == "," and depth == 0:
            bindings.append(cur.strip())
            cur = ""
            continue
        depth += ch in "<[("
        depth -= ch in ">])"
        cur += ch
    if cur.strip():
        bindings.append(cur.strip())
    return constants, bindings, m.group(3)


def _find_function(native, name: str):
    from irverify.frontends.mlir.parse import _top_level_ops

    for op in _top_level_ops(native):
        if op.name == "func.func" and str(op.attributes["sym_name"]).strip('"') == name:
            return op
    raise NotRunnable(f"function @{name} not found")


def _binding_types(fn: Function) -> dict[int, str]:
    """Each binding's unit type, as irverify's memory model takes it (``semantics/iree.py``): the
    element type of its first view. Other views of the binding reinterpret its bytes in the
    kernel; the host passes the binding as a flat tensor of units."""
    out: dict[int, str] = {}

    def walk(ops):
        for op in ops:
            if op.name == "hal.interface.binding.subspan":
                ty = op.results[0].type
                if isinstance(ty, DispatchTensorType):
                    out.setdefault(int(op.attrs["binding"]), str(ty.tensor.elem))
            for region in op.regions:
                for block in region:
                    walk(block.ops)

    walk(fn.body.ops if fn.body else [])
    return out


def _tensor_text(ty: TensorType) -> str:
    return str(ty)


def _dynamic_dims(wrapped: Wrapped, prologue: list[str], i: int, arg, pc: int) -> tuple[list[str], list[str], int]:
    """Load each dynamic dim of argument ``i`` from a new push constant (from ordinal ``pc``):
    (every dim's size as kernel text, the dynamic ones, the next free ordinal)."""
    sizes, dyn = [], []
    for k, d in enumerate(arg.type.shape):
        if d is None:
            v = f"%irv_d{i}_{k}"
            prologue.append(f"{v} = hal.interface.constant.load layout(LAYOUT) ordinal({pc}) : index")
            wrapped.arg_plan.append(("dim", f"{arg.name}#{k}", pc))
            pc += 1
            sizes.append(v)
            dyn.append(v)
        else:
            sizes.append(str(d))
    return sizes, dyn, pc


def wrap(mod: Module, fn: Function, units: dict[int, str] | None = None) -> Wrapped:
    """Build the host module text wrapping ``fn`` (see the module docstring); ``units`` fixes the
    host element type of original bindings (the source's, so that both sides pass the same
    buffers)."""
    from iree.compiler import ir

    from irverify.frontends.mlir.parse import mlir_context, parse_mlir_native

    native = parse_mlir_native(mod.text, mod.path)
    func = _find_function(native, fn.name)
    strip_hints(func)
    found: set[str] = set()
    _layouts(func, found)
    if len(found) > 1:
        raise NotRunnable(f"{len(found)} pipeline layouts in @{fn.name} (need at most one)")
    constants, bindings, tail = _split_layout(found.pop()) if found else (0, [], "")
    wrapped = Wrapped("", constants, len(bindings), {**_binding_types(fn), **(units or {})})

    extra_pc = constants
    extra_b = len(bindings)
    prologue: list[str] = []
    for i, a in enumerate(fn.args):
        name = f"%arg{i}"
        if isinstance(a.type, IndexType):
            prologue.append(f"{name} = hal.interface.constant.load layout(LAYOUT) ordinal({extra_pc}) : index")
            wrapped.arg_plan.append(("index", a.name, extra_pc))
            extra_pc += 1
        elif isinstance(a.type, TensorType):
            sizes, dyn, extra_pc = _dynamic_dims(wrapped, prologue, i, a, extra_pc)
            wrapped.arg_plan.append(("tensor", a.name, extra_b))
            dt = f"!iree_tensor_ext.dispatch.tensor<readonly:{_tensor_text(a.type)}>"
            dims = "{" + ", ".join(dyn) + "}" if dyn else ""
            prologue.append(f"%irv_s{i} = hal.interface.binding.subspan layout(LAYOUT) binding({extra_b}) "
                            f"alignment(64) offset(%irv_c0) : {dt}{dims}")
            r = a.type.rank
            prologue.append(f"{name} = iree_tensor_ext.dispatch.tensor.load %irv_s{i}, offsets = [{', '.join(['0'] * r)}], "
                            f"sizes = [{', '.join(sizes)}], strides = [{', '.join(['1'] * r)}] : {dt}{dims} -> {_tensor_text(a.type)}")
            extra_b += 1
        elif isinstance(a.type, MemRefType):  # a binding viewed as the memref, written in place
            if a.type.strides is not None or a.type.space is not None:
                raise NotRunnable(f"argument of type {a.type} (only identity layouts are passed)")
            _, dyn, extra_pc = _dynamic_dims(wrapped, prologue, i, a, extra_pc)
            wrapped.arg_plan.append(("memref", a.name, extra_b))
            wrapped.memref_shapes[extra_b] = a.type.shape
            dims = "{" + ", ".join(dyn) + "}" if dyn else ""
            prologue.append(f"{name} = hal.interface.binding.subspan layout(LAYOUT) binding({extra_b}) "
                            f"alignment(64) offset(%irv_c0) : {a.type}{dims}")
            extra_b += 1
        else:
            raise NotRunnable(f"argument of type {a.type}")
    result_bindings = []
    for ty in fn.result_types:
        if not isinstance(ty, TensorType):
            raise NotRunnable(f"result of type {ty}")
        result_bindings.append(extra_b)
        wrapped.result_types.append(ty)
        extra_b += 1

    new_bindings = bindings + ["#hal.pipeline.binding<storage_buffer>"] * (extra_b - len(bindings))
    layout = f"#hal.pipeline.layout<constants = {extra_pc}, bindings = [{', '.join(new_bindings)}]{tail}>"
    if found:
        with mlir_context():
            _set_layouts(func, ir.Attribute.parse(layout))
    text = func.get_asm(use_local_scope=True)
    lines = text.rstrip().splitlines()
    if not lines[0].rstrip().endswith("{") or lines[-1].strip() != "}":
        raise NotRunnable("unexpected function layout in the printed IR")
    for i in range(len(fn.args)):
        if f"%arg{i}" not in lines[0]:
            raise NotRunnable("unexpected argument names in the printed IR")
    body = lines[1:-1]
    ret = body[-1].strip()
    if not ret.startswith("return"):
        raise NotRunnable("the function body does not end with a return")
    operands = ret[len("return"):].split(" : ")[0].strip()
    names = [n.strip() for n in operands.split(",")] if operands else []
    epilogue = []
    for r, (v, ty, b) in enumerate(zip(names, wrapped.result_types, result_bindings)):
        sizes, dyn = [], []
        for k, d in enumerate(ty.shape):
            if d is None:
                epilogue.append(f"%irv_c{k}_{r} = arith.constant {k} : index")
                epilogue.append(f"%irv_rd{r}_{k} = tensor.dim {v}, %irv_c{k}_{r} : {_tensor_text(ty)}")
                sizes.append(f"%irv_rd{r}_{k}")
                dyn.append(f"%irv_rd{r}_{k}")
            else:
                sizes.append(str(d))
        dt = f"!iree_tensor_ext.dispatch.tensor<writeonly:{_tensor_text(ty)}>"
        dims = "{" + ", ".join(dyn) + "}" if dyn else ""
        epilogue.append(f"%irv_r{r} = hal.interface.binding.subspan layout(LAYOUT) binding({b}) "
                        f"alignment(64) offset(%irv_c0) : {dt}{dims}")
        rank = ty.rank
        epilogue.append(f"iree_tensor_ext.dispatch.tensor.store {v}, %irv_r{r}, offsets = [{', '.join(['0'] * rank)}], "
                        f"sizes = [{', '.join(sizes)}], strides = [{', '.join(['1'] * rank)}] : {_tensor_text(ty)} -> {dt}{dims}")
    kernel = ["func.func @d() {", "  %irv_c0 = arith.constant 0 : index"]
    kernel += ["  " + s.replace("LAYOUT", layout) for s in prologue]
    kernel += body[:-1]
    kernel += ["  " + s.replace("LAYOUT", layout) for s in epilogue]
    kernel += ["  return", "}"]

    n_bind = extra_b
    host_args = [f"%pc{k}: i32" for k in range(extra_pc)]
    elem_of = [_binding_elem(wrapped, j, fn) for j in range(n_bind)]
    host_args += [f"%b{j}: tensor<?x{elem_of[j]}>" for j in range(n_bind)]
    res_types = ", ".join(f"tensor<?x{elem_of[j]}>" for j in range(n_bind))
    host = ["func.func @main(" + ", ".join(host_args) + f") -> ({res_types}) {{",
            "  %c0 = arith.constant 0 : index"]
    host += [f"  %l{j} = tensor.dim %b{j}, %c0 : tensor<?x{elem_of[j]}>" for j in range(n_bind)]
    operands = [f"%pc{k}" for k in range(extra_pc)] + [f"%b{j}" for j in range(n_bind)]
    types = ["i32"] * extra_pc + [f"tensor<?x{elem_of[j]}>{{%l{j}}}" for j in range(n_bind)]
    ties = ", ".join(f"%b{j}{{%l{j}}}" for j in range(n_bind))
    host.append(f"  %r:{n_bind} = flow.dispatch @ex::@cpu::@d({', '.join(operands)}) : "
                f"({', '.join(types)}) -> ({ties})")
    host.append(f"  return {', '.join(f'%r#{j}' for j in range(n_bind))} : {res_types}")
    host.append("}")
    wrapped.text = executable_module(layout, kernel, host)
    wrapped.binding_types = {j: elem_of[j] for j in range(n_bind)}
    return wrapped


def _binding_elem(w: Wrapped, j: int, fn: Function) -> str:
    if j < w.bindings:
        return w.binding_types.get(j, "i32")
    for kind, name, slot in w.arg_plan:
        if kind in ("tensor", "memref") and slot == j:
            arg = next(a for a in fn.args if a.name == name)
            return str(arg.type.elem)
    k = j - w.bindings - _n_args(w)
    return str(w.result_types[k].elem)


# ----------------------------------------------------------------------------- inputs


def _cex_value(d: dict, prefix: str):
    for name, v in d.items():
        if name == prefix or name.startswith(prefix + " "):
            return v
    return None


def build_inputs(w: Wrapped, fn: Function, cex: Counterexample, sentinels: bool = False) -> tuple[list, int]:
    """(arguments of @main, number of original bindings) for the counterexample. With
    ``sentinels`` (a target-UB counterexample, whose values do not matter), bindings hold
    ``-(i+1)`` and tensor arguments ``1..n`` so that misplaced elements become visible."""
    import numpy as np

    from irverify.execute.iree import numpy_dtype_for

    n_pc = w.constants + sum(1 for p in w.arg_plan if p[0] in ("index", "dim"))
    pcs = [0] * n_pc
    for k in range(w.constants):
        v = _cex_value(cex.dims, f"push constant {k}")
        pcs[k] = int(v) if v is not None else 0
    n_bind = len(w.binding_types)
    bufs: list = [None] * n_bind
    total_in = 0
    for b in range(w.bindings):
        dt = numpy_dtype_for(w.binding_types[b])
        init = None if sentinels else cex.tensors.get(f"binding {b} (initial)")
        n = _cex_value(cex.dims, f"binding {b} length")
        if init is not None:
            init = np.asarray(init)
            if init.dtype.itemsize != np.dtype(dt).itemsize:
                raise NotRunnable(f"binding {b} holds {init.dtype} units in the counterexample, "
                                  f"{w.binding_types[b]} in the runner")
            arr = init.astype(dt).reshape(-1)
        else:
            n = max(int(n), 1) if n is not None else 1
            arr = (-(np.arange(n) + 1)).astype(dt)
        if arr.size == 0:  # IREE buffers of length 0 are awkward; one extra element is unobservable
            arr = np.array([-1]).astype(dt)
        bufs[b] = arr
        total_in += arr.size
    for kind, name, slot in w.arg_plan:
        if kind == "index":
            pcs[slot] = int(cex.scalars[name])
        elif kind == "dim" and name.rsplit("#", 1)[0] in cex.tensors:
            arg, k = name.rsplit("#", 1)
            pcs[slot] = int(np.asarray(cex.tensors[arg]).shape[int(k)])
        elif kind == "dim":  # of a memref argument
            arg, k = name.rsplit("#", 1)
            pcs[slot] = int(cex.dims[f"dim({arg}, {k})"])
        elif kind == "memref":
            init = cex.tensors.get(f"{name} (initial)")
            if isinstance(init, str):
                raise ValueError(f"memref {name} is {init.strip('<>')}: too large to run")
            dt = numpy_dtype_for(w.binding_types[slot])
            if init is None or sentinels:
                n = int(np.prod([d if d is not None else cex.dims[f"dim({name}, {k})"]
                                 for k, d in enumerate(w.memref_shapes[slot])]))
                init = -(np.arange(n) + 1)
            arr = np.asarray(init).astype(dt).reshape(-1)
            bufs[slot] = arr if arr.size else np.array([-1]).astype(dt)
            total_in += arr.size
        elif kind == "tensor":
            arr = np.asarray(cex.tensors[name])
            if sentinels:
                arr = (np.arange(arr.size) + 1).reshape(arr.shape)
            bufs[slot] = np.ascontiguousarray(arr.astype(numpy_dtype_for(w.binding_types[slot])).reshape(-1))
            total_in += arr.size
    for j in range(n_bind):
        if bufs[j] is None:  # a result binding: large enough for any result built from the inputs
            n = max(RESULT_CAPACITY_MIN, 4 * total_in)
            bufs[j] = np.zeros([n], dtype=numpy_dtype_for(w.binding_types[j]))
    pcs = [int(np.int64(p)) for p in pcs]
    return pcs + bufs, w.bindings


# ----------------------------------------------------------------------------- confirmation


def confirm_dispatch(src_mod: Module, src_fn: Function, tgt_mod: Module, tgt_fn: Function,
                     cex: Counterexample) -> Confirmation:
    """Run both wrapped functions on the counterexample's inputs; compare every binding."""
    from irverify.execute.iree import ExecutionError, run_host_module

    target_ub = cex.check.startswith("target has undefined")
    try:
        sides, units = [], None
        for mod, fn in ((src_mod, src_fn), (tgt_mod, tgt_fn)):
            w = wrap(mod, fn, units)
            units = {b: w.binding_types[b] for b in range(w.bindings)}
            _name_as_source(w, fn, src_fn)
            args, n_orig = build_inputs(w, fn, cex, sentinels=target_ub)
            sides.append((w, args, n_orig))
    except (NotRunnable, KeyError, ValueError) as e:
        return Confirmation(None, BACKEND, f"not run: {e}")
    outs = []
    for w, args, _ in sides:
        res = run_host_module(w.text, [("main", args)])[0]
        if isinstance(res, ExecutionError):
            return Confirmation(None, BACKEND, f"could not run: {res}")
        outs.append(res)
    (ws, _, ns), (wt, _, nt) = sides
    diffs, src_view, tgt_view = [], {}, {}
    for b in range(max(ns, nt)):
        s = outs[0][b] if b < ns else None
        g = outs[1][b] if b < nt else None
        if s is None or g is None:
            continue
        src_view[f"binding {b}"], tgt_view[f"binding {b}"] = s, g
        bad = _differ(s, g)
        if bad:
            diffs.append(f"binding {b} differs at flat positions {_positions(bad)}")
    for (kind, name, slot), (_, _, tslot) in zip(ws.arg_plan, wt.arg_plan):
        if kind == "memref":  # the final contents of a memref argument
            s, g = outs[0][slot], outs[1][tslot]
            src_view[f"memref {name}"], tgt_view[f"memref {name}"] = s, g
            bad = _differ(s, g)
            if bad:
                diffs.append(f"memref {name} differs at flat positions {_positions(bad)}")
    for r, ty in enumerate(ws.result_types):
        s, g = outs[0][ns + _n_args(ws) + r], outs[1][nt + _n_args(wt) + r]
        n = min(s.size, g.size)
        bad = _differ(s[:n], g[:n])
        if bad:
            diffs.append(f"result #{r} differs at flat positions {_positions(bad)} (row-major)")
    if target_ub:
        if diffs:
            return Confirmation(True, BACKEND, "the target's undefined behaviour is observable: " + "; ".join(diffs)
                                + " (bindings hold sentinels -(i+1), tensor arguments 1..n)")
        return Confirmation(None, BACKEND, "undefined behaviour not observable by execution on these inputs")
    if diffs:
        so = src_view.get(cex.output.split(" (")[0])
        go = tgt_view.get(cex.output.split(" (")[0])
        return Confirmation(True, BACKEND, "; ".join(diffs), so, go)
    if cex.target_value == "poison" or cex.poison_inputs:
        from irverify.cex.confirm import POISON_AGREES

        return Confirmation(None, BACKEND, POISON_AGREES, None, None)
    detail = "execution agrees: every binding and result is identical on both sides"
    return Confirmation(False, BACKEND, detail, None, None)


def _name_as_source(w: Wrapped, fn: Function, src_fn: Function) -> None:
    """Name ``w``'s arguments as the source's at the same position: the counterexample's inputs
    are keyed by the source's argument names, which the target may spell differently."""
    rename = {a.name: b.name for a, b in zip(fn.args, src_fn.args)}

    def renamed(kind: str, name: str) -> str:
        if kind == "dim":
            arg, k = name.rsplit("#", 1)
            return f"{rename.get(arg, arg)}#{k}"
        return rename.get(name, name)

    w.arg_plan = [(kind, renamed(kind, name), slot) for kind, name, slot in w.arg_plan]


def _n_args(w: Wrapped) -> int:
    return sum(1 for p in w.arg_plan if p[0] in ("tensor", "memref"))


def _differ(s, g) -> list[int]:
    import numpy as np

    if s.shape != g.shape:
        return list(range(max(s.size, g.size)))
    same = (s == g) | (np.isnan(s) & np.isnan(g)) if s.dtype.kind == "f" else (s == g)
    return [int(i) for i in np.flatnonzero(~same)]


def _positions(bad: list[int]) -> str:
    shown = ", ".join(map(str, bad[:32]))
    return f"[{shown}{', ...' if len(bad) > 32 else ''}] ({len(bad)} in all)"


def executable_module(layout: str, kernel: list[str], host: list[str]) -> str:
    """A module that IREE compiles for llvm-cpu: one ``hal.executable`` whose single export
    ``@d`` (pipeline layout ``layout``, one workgroup) holds the ``kernel`` lines, followed by the
    ``host`` lines (a function that ``flow.dispatch``-es it)."""
    return "\n".join([
        f"#cpu = {CPU_TARGET}",
        "module attributes {hal.device.targets = [#hal.device.target<\"local\", [#cpu]> : !hal.device]} {",
        "hal.executable private @ex {",
        "  hal.executable.variant public @cpu target(#cpu) {",
        f"    hal.executable.export public @d ordinal(0) layout({layout}) count(%dev: !hal.device) -> (index, index, index) {{",
        "      %c1 = arith.constant 1 : index",
        "      hal.return %c1, %c1, %c1 : index, index, index",
        "    }",
        "    builtin.module {",
        *("      " + k for k in kernel),
        "    }",
        "  }",
        "}",
        *host,
        "}",
    ])
