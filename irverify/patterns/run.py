"""``irverify patterns [NAME...]``: instantiate every shape family of the catalogue, produce the
after IR (the entry's real pass run in-process, or its after-template), check every instance,
and print a table pattern x {static, dynamic, mixed} -> the worst verdict over the instances of
that column.

Exit code: 0 when every column has the verdict the entry expects (``expect``; default
``correct``), 1 otherwise, 2 for a bad catalogue or an unknown name.
"""

from __future__ import annotations

import dataclasses
import json
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

    def to_json(self) -> dict:
        return {
            "instance": self.instance.label,
            "column": self.instance.column,
            "verdict": self.verdict.value,
            "message": self.message,
            "functions": [f.to_json() for f in self.report.functions] if self.report else [],
            "time_s": round(self.time_s, 4),
        }


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

    def to_json(self) -> dict:
        p = self.pattern
        return {
            "name": p.name, "project": p.project, "rewrite": p.rewrite, "source": p.source,
            "file": p.path, "line": p.line, "fp": p.fp,
            "columns": {c: (v.value if (v := self.column(c)) else None) for c in COLUMNS},
            "expected": p.expect, "ok": self.ok,
            "instances": [r.to_json() for r in self.instances],
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


def run_patterns(patterns: list[Pattern], opts) -> list[PatternResult]:
    return [PatternResult(p, [check_instance(p, i, opts) for i in p.instances()]) for p in patterns]


# ----------------------------------------------------------------------------- output


def format_table(results: list[PatternResult]) -> str:
    """The pattern x column table; a verdict the entry does not expect is marked with ``!``."""
    width = max([len("pattern")] + [len(r.pattern.name) for r in results])
    head = f"{'pattern':<{width}}  " + "  ".join(f"{c:<13}" for c in COLUMNS) + "  instances"
    lines = [head, "-" * len(head)]
    for r in results:
        cells = []
        for c in COLUMNS:
            v = r.column(c)
            text = "-" if v is None else v.value
            if v is not None and v.value != r.pattern.expect[c]:
                text += " !"
            cells.append(f"{text:<13}")
        lines.append(f"{r.pattern.name:<{width}}  " + "  ".join(cells) + f"  {len(r.instances)}")
    return "\n".join(lines)


def format_details(results: list[PatternResult]) -> list[str]:
    lines = []
    for r in results:
        for i in r.instances:
            if i.verdict is not Verdict.CORRECT:
                lines.append(f"{r.pattern.name} {i.instance.label} ({i.instance.column}): {i.verdict.value}"
                             + (f": {i.message}" if i.message else ""))
    return lines


def main(args, opts) -> int:
    from irverify.patterns.catalogue import load_catalogue, select

    patterns = select(load_catalogue(getattr(args, "dir", None)), list(args.names))
    results = run_patterns(patterns, opts)
    ok = all(r.ok for r in results)
    if args.json:
        print(json.dumps({"ok": ok, "patterns": [r.to_json() for r in results]}))
    else:
        print(format_table(results))
        details = format_details(results)
        if details:
            print()
            print("\n".join(details))
        if not ok:
            print("\n! differs from the verdict the entry expects")
    return 0 if ok else 1
