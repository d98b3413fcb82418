"""The human-readable report, in Alive2's order: verdict, failed check, inputs (dims first),
the differing output, source value, target value, then what execution showed."""

from __future__ import annotations

from irverify.verify.verdict import Counterexample, FunctionReport, Report

MAX_PRINTED_ELEMENTS = 64


def render(report: Report) -> str:
    lines: list[str] = []
    for fn in report.functions:
        lines += render_function(fn)
        lines.append("")
    lines.append(f"verdict: {report.verdict.value}")
    lines.append(f"model: {report.model}")
    return "\n".join(lines)


def render_function(fn: FunctionReport) -> list[str]:
    lines = [f"@{fn.name}: {fn.verdict.value}"]
    if fn.message:
        lines.append(f"  {fn.message}")
    if fn.counterexample is not None:
        lines += render_counterexample(fn.counterexample)
    if fn.confirmation is not None:
        c = fn.confirmation
        answer = {True: "true", False: "false", None: "not run"}[c.confirmed]
        if c.confirmed is None and c.source_output is not None:
            answer = "undecided"  # ran, but the outputs cannot decide (a poison target value)
        lines.append(f"confirmed: {answer} ({c.backend}) {c.detail}".rstrip())
        if c.source_output is not None and _small(c.source_output):
            lines.append(f"  source output: {_fmt(c.source_output)}")
            lines.append(f"  target output: {_fmt(c.target_output)}")
    for note in fn.notes:
        lines.append(f"note: {note}")
    if fn.source_ub:
        for cond in fn.source_ub.get("conditions", []):
            lines.append(f"source_ub: {cond}")
        inp = fn.source_ub.get("input", {})
        trigger = ", ".join(f"{k} = {v}" for k, v in {**inp.get("dims", {}), **inp.get("scalars", {})}.items())
        tensors = ", ".join(f"{k} = {_fmt(v)}" for k, v in inp.get("tensors", {}).items())
        lines.append(f"source_ub input: {', '.join(x for x in (trigger, tensors) if x)}")
    return lines


def render_counterexample(cex: Counterexample) -> list[str]:
    lines = [f"ERROR: {cex.check}", "", "Example:"]
    for name, v in cex.dims.items():
        lines.append(f"  {name} = {v}")
    for name, v in cex.scalars.items():
        lines.append(f"  {name} = {_fmt(v)}")
    for name, v in cex.tensors.items():
        lines.append(f"  {name} : {_shape(v)} = {_fmt(v)}")
        where = cex.poison_inputs.get(name)
        if isinstance(where, list):
            shown = ", ".join(map(str, where[:16])) + (" ..." if len(where) > 16 else "")
            lines.append(f"  {name} is poison at {shown}")
    lines.append("")
    if cex.ub_reasons:
        for r in cex.ub_reasons:
            lines.append(f"Target UB: {r}")
        return lines
    where = f"{cex.output}" + (f" at {cex.index}" if cex.index else "")
    if where:
        lines.append(f"Differing output: {where}")
    lines.append(f"Source value: {_fmt(cex.source_value)}")
    lines.append(f"Target value: {_fmt(cex.target_value)}")
    return lines


def _shape(v) -> str:
    shape = getattr(v, "shape", None)
    dtype = getattr(v, "dtype", None)
    return f"{'x'.join(map(str, shape)) or 'scalar'} {dtype}" if shape is not None else ""


def _small(v) -> bool:
    size = getattr(v, "size", None)
    return size is None or size <= MAX_PRINTED_ELEMENTS


def _fmt(v) -> str:
    try:
        import numpy as np
    except ImportError:  # pragma: no cover
        return str(v)
    if isinstance(v, np.ndarray):
        if v.size > MAX_PRINTED_ELEMENTS:
            flat = v.reshape(-1)
            head = " ".join(str(x) for x in flat[:MAX_PRINTED_ELEMENTS])
            return f"[{head} ...] ({v.size} elements)"
        return np.array2string(v, separator=", ", max_line_width=120).replace("\n", "")
    return str(v)
