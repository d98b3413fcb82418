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


def assert_matches_tvm(cases: dict, label: str) -> None:
    """Every sample of every case: irverify's exact (IEEE) evaluation is defined everywhere and
    equals TVM's output bit for bit (``bitwise_equal``)."""
    from irverify.verify.evaluate import evaluate_function

    module, outputs = compile_and_run(cases, label)
    for name, (_, _, samples) in cases.items():
        for args, run in zip(samples, outputs[name]):
            assert not isinstance(run, Exception), run
            ev = evaluate_function(module, name, args, fp_name="ieee")
            assert not ev.ub and ev.undefined[0] is None, (name, ev.ub, ev.undefined)
            assert bitwise_equal(ev.outputs[0], run[0]), (name, args, ev.outputs[0], run[0])
