"""Shared helpers of the conformance tests that run a function body as an IREE dispatch kernel
(IREE's entry points take no memrefs): every memref argument becomes a binding whose subspan
has the argument's type, every ``index`` argument a push constant, and the host returns the
final contents of every binding.

A case is ``(memrefs, indices, body)``: memref arguments as ``(name, type)``, the names of the
``index`` arguments, and the body's text (without ``return``)."""

from __future__ import annotations

import re

from irverify.frontends.mlir.dispatch_confirm import executable_module


def function_text(name: str, case) -> str:
    memrefs, indices, body = case
    params = [f"%{n}: {ty}" for n, ty in memrefs] + [f"%{n}: index" for n in indices]
    return f"func.func @{name}({', '.join(params)}) {{{body}  return\n}}\n"


def elem(ty: str) -> str:
    return re.search(r"x?(i\d+|f\d+)[,>]", ty).group(1)


def host_text(case) -> str:
    """One dispatch per function: bindings for the memrefs, push constants for the indices and
    for the dynamic dims; the host returns every binding's final contents."""
    memrefs, indices, body = case
    n_dyn = sum(ty.count("?") for _, ty in memrefs)
    n_pc = len(indices) + n_dyn
    layout = (f"#hal.pipeline.layout<constants = {n_pc}, bindings = ["
              + ", ".join(["#hal.pipeline.binding<storage_buffer>"] * len(memrefs)) + "]>")
    kernel = ["func.func @d() {", "  %irv_c0 = arith.constant 0 : index"]
    pc = 0
    for n in indices:
        kernel.append(f"  %{n} = hal.interface.constant.load layout({layout}) ordinal({pc}) : index")
        pc += 1
    for b, (n, ty) in enumerate(memrefs):
        dyn = []
        for k in range(ty.count("?")):
            kernel.append(f"  %irv_{n}{k} = hal.interface.constant.load layout({layout}) ordinal({pc}) : index")
            dyn.append(f"%irv_{n}{k}")
            pc += 1
        dims = "{" + ", ".join(dyn) + "}" if dyn else ""
        kernel.append(f"  %{n} = hal.interface.binding.subspan layout({layout}) binding({b}) alignment(64) "
                      f"offset(%irv_c0) : {ty}{dims}")
    kernel += ["  " + line for line in body.strip().splitlines()] + ["  return", "}"]
    elems = [elem(ty) for _, ty in memrefs]
    host_args = [f"%pc{k}: i32" for k in range(n_pc)] + [f"%b{j}: tensor<?x{e}>" for j, e in enumerate(elems)]
    res = ", ".join(f"tensor<?x{e}>" for e in elems)
    host = [f"func.func @main({', '.join(host_args)}) -> ({res}) {{", "  %c0 = arith.constant 0 : index"]
    host += [f"  %l{j} = tensor.dim %b{j}, %c0 : tensor<?x{e}>" for j, e in enumerate(elems)]
    operands = [f"%pc{k}" for k in range(n_pc)] + [f"%b{j}" for j in range(len(elems))]
    types = ["i32"] * n_pc + [f"tensor<?x{e}>{{%l{j}}}" for j, e in enumerate(elems)]
    ties = ", ".join(f"%b{j}{{%l{j}}}" for j in range(len(elems)))
    host.append(f"  %r:{len(elems)} = flow.dispatch @ex::@cpu::@d({', '.join(operands)}) : "
                f"({', '.join(types)}) -> ({ties})")
    host.append(f"  return {', '.join(f'%r#{j}' for j in range(len(elems)))} : {res}")
    host.append("}")
    return executable_module(layout, kernel, host)
