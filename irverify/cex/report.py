"""The human-readable report, in Alive2's order: verdict, failed check, inputs (dims first),
the differing output, source value, target value, then what execution showed. Values are
printed by ``irverify.cex.format`` (integers in decimal and hex, floats exactly in their own
format, ``poison``, large tensors elided around the differing element)."""

from __future__ import annotations

from irverify.cex.format import array_text, element_text, first_difference, scalar_text, value_type_text
from irverify.ir.core import IndexType, IntType
from irverify.verify.verdict import SEVERITY, Counterexample, FunctionReport, Report, Verdict


def render(report: Report, verbose: bool = False) -> str:
    """The whole report: each function's, then the verdict and the model (once per run)."""
    lines: list[str] = []
    for fn in report.functions:
        lines += render_function(fn, verbose)
        lines.append("")
    lines.append(f"verdict: {report.verdict.value}")
    lines.append(f"model: {report.model}")
    return "\n".join(lines)


SIGNATURE_ERROR = "public signature changed"
# Notes that say what confirmed a counterexample: they belong on the one ``confirmed:`` line.
CONFIRMING_NOTES = ("confirmed by ", "reproduced by ")


def render_function(fn: FunctionReport, verbose: bool = False) -> list[str]:
    """One function's report. An ``incorrect`` one: ``ERROR: <failed check>`` right under the
    header line, the lines of source and target the counterexample exercises, the inputs, the
    intermediate values where the two sides part (``verbose``: every one), the differing
    output and one ``confirmed:`` line. An ``unknown`` one says why it is unknown, and shows
    its candidate counterexample as such, never under ``ERROR``."""
    lines = [f"@{fn.name}: {fn.verdict.value}"]
    cex = fn.counterexample
    if fn.kind == "signature-changed":
        lines.append(f"ERROR: {SIGNATURE_ERROR}")
    if fn.message:
        lines.append(f"  {fn.message}")
    if cex is not None:
        confirmed = fn.verdict is Verdict.INCORRECT
        heading = f"ERROR: {cex.check}" if confirmed else \
            f"Candidate counterexample ({cex.check}), not a confirmed one:"
        lines += [heading, *([""] + fn.excerpt if fn.excerpt else [])]
        lines += render_counterexample(cex, verbose, heading=False)
    confirmation = confirmation_line(fn)
    if confirmation:
        lines.append(confirmation)
    c = fn.confirmation
    if c is not None and c.source_output is not None:
        focus = first_difference(c.source_output, c.target_output)
        if focus is None and cex is not None and cex.index:
            focus = cex.index
        lines.append(f"  source output: {_fmt(c.source_output, focus=focus)}")
        lines.append(f"  target output: {_fmt(c.target_output, focus=focus)}")
    for note in fn.notes:
        if not note.startswith(CONFIRMING_NOTES):
            lines.append(f"note: {note}")
    if fn.source_ub:
        for cond in fn.source_ub.get("conditions", []):
            lines.append(f"source_ub: {cond}")
        inp = fn.source_ub.get("input", {})
        trigger = ", ".join(f"{k} = {v}" for k, v in {**inp.get("dims", {}), **inp.get("scalars", {})}.items())
        tensors = ", ".join(f"{k} = {_fmt(v)}" for k, v in inp.get("tensors", {}).items())
        lines.append(f"source_ub input: {', '.join(x for x in (trigger, tensors) if x)}")
    return lines


def confirmation_line(fn: FunctionReport) -> str:
    """The one line saying what confirmed the counterexample: execution on the compiler
    (``confirmed: true|false|undecided|not run (BACKEND) detail``), or, where execution did
    not decide, irverify's concrete evaluation with what it showed (then the line also says
    why execution did not decide); ``''`` when nothing was tried."""
    c = fn.confirmation
    evidence = [n for n in fn.notes if n.startswith(CONFIRMING_NOTES)]
    answer = None
    if c is not None:
        answer = {True: "true", False: "false", None: "not run"}[c.confirmed]
        if c.confirmed is None and c.source_output is not None:
            answer = "undecided"  # ran, but the outputs cannot decide (a poison target value)
    detail = c.detail if c is not None else ""
    if answer == "not run" and detail.startswith("not run: "):
        detail = detail[len("not run: "):]
    if evidence and answer != "true" and answer != "false":
        how, _, what = evidence[0].partition(": ")
        oracle = how.split(" by ", 1)[1]
        line = f"confirmed: true ({oracle}) {what}".rstrip()
        if c is not None and c.backend:
            line += f"; {c.backend}: {answer}" + (f" ({detail})" if detail else "")
        return line
    if c is None:
        return ""
    if not c.backend:
        return f"confirmed: {answer}" + (f" ({detail})" if detail else "")
    return f"confirmed: {answer} ({c.backend}) {detail}".rstrip()


def render_counterexample(cex: Counterexample, verbose: bool = True, heading: bool = True) -> list[str]:
    """The failed check (``heading``), the inputs (dims first; each argument with its type,
    integers also in hex, poison shown as poison), the intermediate values (``verbose``: all of
    them; otherwise those where the sides part, ``parting_values``) and the differing output's
    source and target values."""
    lines = ([f"ERROR: {cex.check}"] if heading else []) + ["", "Example:"]
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
    shown = cex.intermediate if verbose else parting_values(cex.intermediate)
    for side, title in (("source", "Source"), ("target", "Target")):
        if shown.get(side):
            lines.append(f"{title}:")
            for e in shown[side]:
                if e is None:
                    lines.append("  ... (--verbose shows every value)")
                    continue
                ty = e["type"]
                value = e["value"]
                if isinstance(value, str) or not getattr(value, "ndim", 0):
                    lines.append(f"  {e['name']} : {ty} = {scalar_text(value, ty)}")
                else:
                    lines.append(f"  {e['name']} : {value_type_text(value, ty)} = "
                                 f"{array_text(value, getattr(ty, 'elem', None), focus, e['poison'])}")
            lines.append("")
    if cex.intermediate_note and (verbose or cex.intermediate):
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


PARTING_VALUES = 8  # per side, without --verbose


def parting_values(intermediate: dict[str, list]) -> dict[str, list]:
    """The intermediate values where source and target part: an op result is left out when the
    other side has a result of the same name, type and value (a value both compute alike). At
    most ``PARTING_VALUES`` per side, the last ones (nearest the output); ``None`` marks values
    left out for that limit."""
    def key(e) -> tuple:
        return (e["name"], str(e["type"]), _fingerprint(e["value"]), _fingerprint(e["poison"]))

    keys = {side: {key(e) for e in entries} for side, entries in intermediate.items()}
    out = {}
    for side, entries in intermediate.items():
        other = keys.get("target" if side == "source" else "source", set())
        parted = [e for e in entries if key(e) not in other]
        out[side] = ([None] + parted[-PARTING_VALUES:]) if len(parted) > PARTING_VALUES else parted
    return out


def _fingerprint(v) -> str:
    import numpy as np

    if isinstance(v, np.ndarray):
        return f"{v.shape}{v.dtype}{v.tobytes().hex()}"
    return repr(v)


def only_signature_changes(report: Report) -> bool:
    """Is the report ``incorrect`` only because public signatures changed (no miscompile)?"""
    bad = [f for f in report.functions if f.verdict is Verdict.INCORRECT]
    return report.verdict is Verdict.INCORRECT and all(f.kind == "signature-changed" for f in bad)


def render_cases(results: list, verbose: bool = False) -> str:
    """The report of an input split by ``// -----`` (``irverify.validate.CaseResult`` objects):
    per case a header line ``// ----- case K (line L): VERDICT [...]``, then each function's
    report as an unsplit input prints it, unindented; then a table of the cases, the summary
    (signature changes counted apart) and the model, once."""
    lines: list[str] = []
    for r in results:
        changed = {True: "changed, ", False: "unchanged, ", None: ""}[r.changed]
        lines.append(f"// ----- case {r.case.index} (line {r.case.line}): {r.verdict.value} "
                     f"[{changed}{r.time_s:.2f} s]")
        if r.report is None:
            lines.append(f"{r.verdict.value}: {r.message}")
        else:
            for fn in r.report.functions:
                lines += render_function(fn, verbose)
        if r.quotes_diff():
            from irverify.validate import changed_lines

            lines.append("the pass changed:")
            lines += ["  " + line for line in changed_lines(r.before_text, r.after_text)]
        lines.append("")
    lines.append(f"{'case':>4}  {'line':>5}  {'verdict':<11}  {'changed':<9}  {'time_s':>7}  functions")
    for r in results:
        names = ", ".join(f"@{f.name}" for f in r.report.functions) if r.report else ""
        changed = {True: "yes", False: "no", None: "-"}[r.changed]
        lines.append(f"{r.case.index:>4}  {r.case.line:>5}  {r.verdict.value:<11}  {changed:<9}  "
                     f"{r.time_s:>7.2f}  {names}")
    counts = {v: sum(1 for r in results if r.verdict is v) for v in Verdict}
    overall = max((r.verdict for r in results), key=SEVERITY.index, default=Verdict.CORRECT)
    summary = ", ".join(f"{n} {v.value}" for v, n in counts.items() if n)
    signatures = sum(1 for r in results if r.report is not None and only_signature_changes(r.report))
    if signatures:
        summary += f" ({signatures} of them: the pass changed a public signature)"
    lines.append(f"summary: {len(results)} cases: {summary}; verdict: {overall.value}")
    models = sorted({r.report.model for r in results if r.report is not None and r.report.model}, key=len)
    if models:
        lines.append(f"model: {models[0]}")
    return "\n".join(lines)
