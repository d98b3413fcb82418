"""Running a table of small Relax functions on TVM once, for the Relax conformance tests.

A table maps a function name to ``(params, body, samples)``: the TVMScript parameter list, the
returned expression, and the argument lists to run it on."""

from __future__ import annotations


def module_text(cases: dict) -> str:
    """One ``@I.ir_module`` holding a ``@R.function`` per case, returning its body."""
    out = ["@I.ir_module", "class Module:"]
    for name, (params, body, _) in cases.items():
        out += ["    @R.function", f"    def {name}({params}):", f"        return {body}", ""]
    return "\n".join(out)


def compile_and_run(cases: dict, label: str):
    """``(module, outputs)``: the parsed module and, per case, TVM's output for each sample."""
    from irverify.execute.tvm import run_functions
    from irverify.frontends.relax.parse import parse

    module = parse(module_text(cases), label)
    calls = [(name, args) for name, (_, _, samples) in cases.items() for args in samples]
    outs = iter(run_functions(module.native, calls))
    return module, {name: [next(outs) for _ in samples] for name, (_, _, samples) in cases.items()}


def bitwise_equal(a, b) -> bool:
    """The same shape, dtype and bits, any two NaNs alike (payloads are unspecified)."""
    import numpy as np

    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    nan = np.isnan(a) & np.isnan(b)
    return bool(np.all(nan | (a.view(f"u{a.itemsize}") == b.view(f"u{b.itemsize}"))))
