"""The human-readable report, in Alive2's order: verdict, failed check, inputs (dims first),
the differing output, source value, target value, then what execution showed. Values are
printed by ``irverify.cex.format`` (integers in decimal and hex, floats exactly in their own
format, ``poison``, large tensors elided around the differing element)."""

from __future__ import annotations

from irverify.cex.format import array_text, element_text, first_difference, scalar_text, value_type_text
from irverify.ir.core import IndexType, IntType
from irverify.verify.verdict import Counterexample, FunctionReport, Report


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
    cex = fn.counterexample
    if cex is not None:
        lines += render_counterexample(cex)
    if fn.confirmation is not None:
        c = fn.confirmation
        answer = {True: "true", False: "false", None: "not run"}[c.confirmed]
        if c.confirmed is None and c.source_output is not None:
            answer = "undecided"  # ran, but the outputs cannot decide (a poison target value)
        lines.append(f"confirmed: {answer} ({c.backend}) {c.detail}".rstrip())
        if c.source_output is not None:
            focus = first_difference(c.source_output, c.target_output)
            if focus is None and cex is not None and cex.index:
                focus = cex.index
            lines.append(f"  source output: {_fmt(c.source_output, focus=focus)}")
            lines.append(f"  target output: {_fmt(c.target_output, focus=focus)}")
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
    """The failed check, the inputs (dims first; each argument with its type, integers also in
    hex, poison shown as poison) and the differing output's source and target values."""
    lines = [f"ERROR: {cex.check}", "", "Example:"]
    for name, v in cex.dims.items():
        lines.append(f"  {name} = {v}")
    focus = cex.index or None
    for name, v in cex.scalars.items():
        ty = cex.types.get(name)
        typed = f" : {ty}" if ty is not None else ""
        lines.append(f"  {name}{typed} = {scalar_text(v, ty)}")
    for name, v in cex.tensors.items():
        ty = cex.types.get(name)
        elem = getattr(ty, "elem", None)
        where = cex.poison_inputs.get(name)
        if isinstance(v, str):  # too large to have been materialised
            lines.append(f"  {name} : {ty} = {v}" if ty is not None else f"  {name} = {v}")
            continue
        lines.append(f"  {name} : {value_type_text(v, ty)} = {array_text(v, elem, focus, where)}")
        if _hex_helps(v, elem):
            lines.append(f"    hex: {array_text(v, elem, focus, where, as_hex=True)}")
        if isinstance(where, list):
            shown = ", ".join(map(str, where[:16])) + (" ..." if len(where) > 16 else "")
            lines.append(f"  {name} is poison at {shown}")
    lines.append("")
    for side, title in (("source", "Source"), ("target", "Target")):
        if side in cex.intermediate:
            lines.append(f"{title}:")
            for e in cex.intermediate[side]:
                ty = e["type"]
                value = e["value"]
                if isinstance(value, str) or not getattr(value, "ndim", 0):
                    lines.append(f"  {e['name']} : {ty} = {scalar_text(value, ty)}")
                else:
                    lines.append(f"  {e['name']} : {value_type_text(value, ty)} = "
                                 f"{array_text(value, getattr(ty, 'elem', None), focus, e['poison'])}")
            lines.append("")
    if cex.intermediate_note:
        lines += [f"Intermediate values: {cex.intermediate_note}", ""]
    if cex.ub_reasons:
        for r in cex.ub_reasons:
            lines.append(f"Target UB: {r}")
        return lines
    where = f"{cex.output}" + (f" at {cex.index}" if cex.index else "")
    if where:
        typed = f" : {cex.value_type}" if cex.value_type is not None else ""
        lines.append(f"Differing output: {where}{typed}")
    lines.append(f"Source value: {_value(cex.source_value, cex.value_type)}")
    lines.append(f"Target value: {_value(cex.target_value, cex.value_type)}")
    return lines


def _hex_helps(v, elem) -> bool:
    """Does an integer tensor need its hex line: is some element negative or at least
    ``HEX_FROM`` (the decimal alone does not show such bits plainly)?"""
    import numpy as np

    if not isinstance(elem, (IntType, IndexType)) or elem == IntType(1) or not getattr(v, "size", 0):
        return False
    a = np.asarray(v)
    if a.dtype == object:
        return True
    return bool(np.any(a < 0) or np.any(a >= HEX_FROM))


HEX_FROM = 1024


def _value(v, ty) -> str:
    if getattr(v, "ndim", 0):
        return array_text(v, ty)
    return scalar_text(v, ty)


def _fmt(v, ty=None, focus=None) -> str:
    """A value without a known irverify type (execution outputs, environment inputs)."""
    if getattr(v, "ndim", None) is not None and getattr(v, "ndim") > 0:
        return array_text(v, ty, focus)
    if isinstance(v, list):
        try:
            import numpy as np

            return array_text(np.asarray(v), ty, focus)
        except (ValueError, TypeError):
            return str(v)
    return element_text(v, ty)
