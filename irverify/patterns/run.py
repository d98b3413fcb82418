"""``irverify patterns [NAME...]``: instantiate every shape family of the catalogue, produce the
after IR (the entry's real pass run in-process, or its after-template), check every instance,
and print a table pattern x {static, dynamic, mixed} -> the worst verdict over the instances of
that column.

Exit code: 0 when every column has the verdict the entry expects (``expect``; default
``correct``), 1 otherwise, 2 for a bad catalogue or an unknown name.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field

from irverify.errors import InputError, Unsupported
from irverify.ir.core import Module
from irverify.patterns.spec import COLUMNS, Instance, Pattern
from irverify.verify.verdict import Report, Verdict, worst

TRANSFORM_PIPELINE = "builtin.module(transform-interpreter, iree-transform-dialect-drop-schedule)"
TRANSFORM_SCHEDULE = """\
module attributes {{transform.with_named_sequence}} {{
  transform.named_sequence @__transform_main(%root: !transform.any_op {{transform.readonly}}) {{
    %f = transform.structured.match ops{{["func.func"]}} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {{
      transform.apply_patterns.{name}
    }} : !transform.any_op
    transform.yield
  }}
}}
"""


@dataclass
class InstanceResult:
    pattern: str
    instance: Instance
    verdict: Verdict
    report: Report | None = None
    message: str = ""
    before_text: str = ""
    after_text: str = ""
    time_s: float = 0.0

    def record(self, p: Pattern, index: int) -> dict:
        """The instance's case record (``irverify.records``): ``input.name`` is
        ``PATTERN/INSTANCE``, ``case.line`` the line of its shape; with its ``column`` and the
        verdict the entry ``expected`` there."""
        from irverify.records import case_record, input_of

        input_ = input_of(p.path, None, p.pass_text if p.pass_kind else None, name=f"{p.name}/{self.instance.label}")
        return case_record("patterns", input_, self.verdict, self.report, self.message, self.time_s,
                           index, self.instance.shape.line, column=self.instance.column,
                           expected=p.expect[self.instance.column])


@dataclass
class PatternResult:
    pattern: Pattern
    instances: list[InstanceResult] = field(default_factory=list)

    def column(self, col: str) -> Verdict | None:
        vs = [r.verdict for r in self.instances if r.instance.column == col]
        return worst(vs) if vs else None

    @property
    def ok(self) -> bool:
        return all(self.column(c) is None or self.column(c).value == self.pattern.expect[c] for c in COLUMNS)

    def summary(self) -> dict:
        """The entry's row of the table (the ``patterns`` list of the summary record)."""
        p = self.pattern
        return {
            "name": p.name, "project": p.project, "rewrite": p.rewrite, "source": p.source,
            "issue": p.issue or None, "file": p.path, "line": p.line, "fp": p.fp,
            "columns": {c: (v.value if (v := self.column(c)) else None) for c in COLUMNS},
            "expected": p.expect, "why": p.why or None, "ok": self.ok,
        }


# ----------------------------------------------------------------------------- producing the pair


def instance_texts(p: Pattern, inst: Instance) -> tuple[str, str]:
    """The before and after IR text of one instance."""
    before = inst.render(inst.shape.before)
    if p.pass_kind is None:
        return before, inst.render(inst.shape.after_for(inst.column))
    if p.pass_kind == "tvm":
        return before, ""  # the after module is produced from the parsed IRModule
    return before, run_mlir_pass(p, before, where(p, inst))


def where(p: Pattern, inst: Instance) -> str:
    """A pseudo path naming the instance in messages: ``file:line:pattern/instance``."""
    return f"{p.path}:{inst.shape.before.line}:{p.name}/{inst.label}"


def run_mlir_pass(p: Pattern, text: str, path: str) -> str:
    """The entry's IREE pipeline, or its transform-dialect patterns, run in-process on ``text``."""
    from iree.compiler import ir

    from irverify.frontends.mlir.parse import mlir_context, parse_mlir_native
    from irverify.validate import one_line, run_iree_pipeline

    module = parse_mlir_native(text, path)
    if p.pass_kind == "transform":
        try:
            _add_schedule(module, p.pass_text, mlir_context())
        except (ValueError, ir.MLIRError) as e:
            raise InputError(f"{path}: transform '{p.pass_text}' failed: {one_line(e)}") from None
    run_iree_pipeline(module, p.pass_text if p.pass_kind == "iree" else TRANSFORM_PIPELINE, path)
    if p.pass_kind == "transform" and "transform.with_named_sequence" in module.operation.attributes:
        del module.operation.attributes["transform.with_named_sequence"]
    return module.operation.get_asm(use_local_scope=True)


def _add_schedule(module, name: str, ctx) -> None:
    """Append a transform schedule applying ``transform.apply_patterns.<name>`` to every function."""
    from iree.compiler import ir

    schedule = ir.Module.parse(TRANSFORM_SCHEDULE.format(name=name), ctx)
    module.operation.attributes["transform.with_named_sequence"] = ir.UnitAttr.get(ctx)
    with ir.InsertionPoint(module.body):
        for op in schedule.body.operations:
            op.operation.clone()


def instance_modules(p: Pattern, inst: Instance) -> tuple[Module, Module, str, str]:
    """Parsed before and after modules of one instance, with their texts."""
    path = where(p, inst)
    before_text, after_text = instance_texts(p, inst)
    if inst.shape.before.lang == "tvmscript":
        from irverify.frontends.relax.parse import parse, translate_module

        before = parse(before_text, path)
        if p.pass_kind == "tvm":
            after_mod = run_tvm_pass(p, before.native, path)
            after_text = after_mod.script()
            return before, translate_module(after_mod, path, after_text), before_text, after_text
        return before, parse(after_text, path), before_text, after_text
    from irverify.frontends.mlir.parse import parse_mlir

    return parse_mlir(before_text, path), parse_mlir(after_text, path), before_text, after_text


def run_tvm_pass(p: Pattern, mod, path: str):
    """Apply the entry's ``relax.transform`` expression to an ``IRModule``."""
    from irverify.validate import apply_tvm_pass, make_tvm_pass

    return apply_tvm_pass(make_tvm_pass(p.pass_text), mod, {}, path)


def pass_contract(p: Pattern):
    """The pass contract of a ``tvm`` pass that changes signatures (``LiftTransformParams``:
    the composition ``f_before(x, w) == f_after(x, *T((w,)))``), or None."""
    if p.pass_kind != "tvm":
        return None
    from irverify.contracts import contract_for_pass

    return contract_for_pass(p.pass_text)


def check_instance(p: Pattern, inst: Instance, opts) -> InstanceResult:
    from irverify.verify.check import check_modules

    start = time.perf_counter()
    if p.fp is not None and p.fp != opts.fp:
        opts = dataclasses.replace(opts, fp=p.fp)
    res = InstanceResult(p.name, inst, Verdict.ERROR)
    try:
        before, after, res.before_text, res.after_text = instance_modules(p, inst)
        report = check_modules(before, after, opts, contract=pass_contract(p))
        res.report, res.verdict = report, report.verdict
        res.message = report.message or "; ".join(
            f"@{f.name}: {f.message or (f.counterexample.check if f.counterexample else '')}"
            for f in report.functions if f.verdict is not Verdict.CORRECT)
    except InputError as e:
        res.verdict, res.message = Verdict.ERROR, str(e)
    except Unsupported as e:
        res.verdict, res.message = Verdict.UNSUPPORTED, str(e)
    res.time_s = time.perf_counter() - start
    return res


def run_patterns(patterns: list[Pattern], opts, on_instance=None) -> list[PatternResult]:
    """Check every instance of every entry; ``on_instance(pattern, index, result)`` is called
    as each one is checked."""
    results = []
    for p in patterns:
        res = PatternResult(p)
        for k, inst in enumerate(p.instances()):
            res.instances.append(check_instance(p, inst, opts))
            if on_instance is not None:
                on_instance(p, k, res.instances[-1])
        results.append(res)
    return results


# ----------------------------------------------------------------------------- output


def cell(r: PatternResult, col: str) -> str:
    """A table cell: the column's verdict; ``(expected)`` when the entry expects a verdict other
    than correct and got it; ``! expected V`` when it differs from the expected ``V``."""
    v = r.column(col)
    if v is None:
        return "-"
    expected = r.pattern.expect[col]
    if v.value != expected:
        return f"{v.value} ! expected {expected}"
    return v.value + (" (expected)" if expected != "correct" else "")


def format_table(results: list[PatternResult]) -> str:
    """The pattern x column table, saying which verdicts are expected (see ``cell``)."""
    width = max([len("pattern")] + [len(r.pattern.name) for r in results])
    cells = [[cell(r, c) for c in COLUMNS] for r in results]
    widths = [max([len(c)] + [len(row[k]) for row in cells]) for k, c in enumerate(COLUMNS)]
    head = f"{'pattern':<{width}}  " + "  ".join(f"{c:<{w}}" for c, w in zip(COLUMNS, widths)) + "  instances"
    lines = [head, "-" * len(head)]
    for r, row in zip(results, cells):
        lines.append(f"{r.pattern.name:<{width}}  " + "  ".join(f"{t:<{w}}" for t, w in zip(row, widths))
                     + f"  {len(r.instances)}")
    return "\n".join(lines)


def format_reasons(results: list[PatternResult]) -> list[str]:
    """Why each entry that expects a verdict other than ``correct`` expects it (its ``why``, else
    its ``doc``), with the issue it comes from."""
    lines = []
    for r in results:
        p = r.pattern
        if all(v == "correct" for v in p.expect.values()):
            continue
        values = set(p.expect.values())
        expected = values.pop() if len(values) == 1 else ", ".join(f"{c} {v}" for c, v in p.expect.items())
        issue = f" [{p.issue}]" if p.issue else ""
        lines.append(f"{p.name}: expects {expected}{issue}: {p.why or p.doc or 'no reason given'}")
    return lines


def instance_line(p: Pattern, res: InstanceResult) -> str:
    """One instance as it is checked: ``VERDICT: PATTERN INSTANCE (COLUMN)[: message] [time]``."""
    expected = p.expect[res.instance.column]
    mark = "" if res.verdict.value == expected else f" ! expected {expected}"
    msg = f": {res.message.splitlines()[0]}" if res.message and res.verdict is not Verdict.CORRECT else ""
    return (f"{res.verdict.value}: {p.name} {res.instance.label} ({res.instance.column}){mark}{msg} "
            f"[{res.time_s:.2f} s]")


def main(args, opts) -> int:
    from irverify.patterns.catalogue import load_catalogue, select
    from irverify.progress import Progress
    from irverify.records import emit, summary_record

    patterns = select(load_catalogue(getattr(args, "dir", None)), list(args.names))
    total = sum(len(p.instances()) for p in patterns)
    start = time.perf_counter()
    records: list[dict] = []
    progress = Progress(total, unit="instance")
    done = 0

    def on_instance(p: Pattern, k: int, res: InstanceResult) -> None:
        nonlocal done
        done += 1
        if args.json:
            records.append(res.record(p, k))
            progress.call(emit, records[-1])
        else:
            progress.line(instance_line(p, res) + f" ({done} of {total})")
        progress.status(p.name)
        progress.advance()

    try:
        results = run_patterns(patterns, opts, on_instance)
    finally:
        progress.close()
    ok = all(r.ok for r in results)
    code = 0 if ok else 1
    if args.json:
        emit(summary_record("patterns", records, code, time.perf_counter() - start, ok=ok,
                            patterns=[r.summary() for r in results]))
        return code
    print()
    print(format_table(results))
    reasons = format_reasons(results)
    if reasons:
        print()
        print("Expected verdicts other than correct:")
        print("\n".join("  " + line for line in reasons))
    print()
    print("all verdicts as expected" if ok else "! a verdict differs from the one the entry expects (exit 1)")
    return code
