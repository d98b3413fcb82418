"""Validate every pass of a TVM compile in-process: ``irverify.tvm.ValidatePasses``.

A TVM pass instrument that checks each pass application which changed the module, on the
``IRModule`` objects themselves (bound weights included; no TVMScript round trip)::

    import tvm
    from tvm import relax
    from irverify.tvm import ValidatePasses

    check = ValidatePasses(raise_on_incorrect=True)
    target = tvm.target.Target("llvm")
    with tvm.transform.PassContext(instruments=[check]):
        tvm.compile(mod, target=target, relax_pipeline=relax.get_default_pipeline(target))
    print(check.summary())

A pass is checked when it is a leaf (no other pass ran inside it on its module: a
``Sequential`` is not checked again as a whole; passes a pass runs on another module, such as
the build ``FoldConstant`` makes of the PrimFuncs it evaluates, are not part of it) and its output
is not structurally equal to its input; a pass that ran others and then changed the module itself
is checked from the last one's output to its own. Its input and
output modules are translated (``frontends.relax.parse.translate_module``) and compared as
``irverify check`` compares two files: Relax functions paired by name, PrimFuncs through the
``call_tir`` of the functions that call them, a function the pass left unchanged ``correct``
without a query (``verify.align``). What irverify does not model makes the application
``unsupported``, naming the construct: memory planning and VM lowering (``R.builtin.*``,
``R.memory.*``, ``R.vm.*``, from ``CallTIRRewrite`` on) and modules holding only PrimFuncs (the
TIR build after the Relax pipeline) are not modelled. ``until`` names a pass after whose first
application nothing more is checked, ``stop_before`` one from whose first application on
nothing is (``irverify validate-pipeline`` stops before ``LOWERING``, ``CallTIRRewrite``, unless
given ``--until``); the changed applications not checked are counted in the summary.

Each checked application is a ``PassCheck`` in ``results`` (``report`` prints its line as it is
checked); ``raise_on_incorrect`` raises ``IncorrectPass`` at the first ``incorrect`` one, which
ends the compile (TVM hands it on as a ``RuntimeError`` whose message starts ``irverify: pass``;
the instrument keeps it in ``raised``, and ``compile_validated`` raises it again as itself). A counterexample is confirmed, unless ``Options.confirm`` is off, by running
the module before and after the pass on TVM (llvm).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import tvm_ffi
from tvm.ir.instrument import pass_instrument

from irverify.errors import InputError, Unsupported
from irverify.validate import Case, CaseResult, check_case
from irverify.verify.verdict import Verdict, worst

NOT_MODELLED_TIR_ONLY = ("the module holds only PrimFuncs (the TIR build after the Relax pipeline): irverify "
                         "checks TIR through the Relax functions that call it")


class IncorrectPass(Exception):
    """Raised by ``ValidatePasses(raise_on_incorrect=True)`` at the first ``incorrect`` pass."""

    def __init__(self, check: PassCheck):
        self.check = check
        res = check.result
        why = res.message or next((f"@{f.name}: {f.message}" if f.message else f"@{f.name}"
                                   for f in (res.report.functions if res.report else [])
                                   if f.verdict is Verdict.INCORRECT), "")
        super().__init__(f"irverify: pass {check.index} {check.name} is incorrect: {why.splitlines()[0] if why else ''}")


@dataclass
class PassCheck:
    """One checked pass application: its index (1-based, among the leaf passes that ran), the
    pass's name and the result of the check."""

    index: int
    name: str
    result: CaseResult
    before: object = None  # the IRModule objects, kept only for an application that is not correct
    after: object = None

    @property
    def flag(self) -> str:
        return self.name

    scope = ""  # (an IREE application names what it ran on; a TVM pass runs on the module)


def _has_relax_function(mod) -> bool:
    from tvm import relax

    return any(isinstance(f, relax.Function) for f in mod.functions.values())


def check_pass(index: int, name: str, before, after, opts, label: str = "IRModule") -> CaseResult:
    """The module before a pass against the module after it."""
    from irverify.frontends.relax.parse import translate_module

    def produce(res: CaseResult):
        res.changed = True
        if not _has_relax_function(before):
            raise Unsupported(f"{label} (before pass {index} {name}): {NOT_MODELLED_TIR_ONLY}")
        src = translate_module(before, f"{label} (before pass {index} {name})", "")
        tgt = translate_module(after, f"{label} (after pass {index} {name})", "")
        return src, tgt, None

    res = check_case(Case(index, 1, ""), opts, produce)
    if res.verdict is not Verdict.CORRECT:
        res.before_text, res.after_text = _script(before), _script(after)
    return res


def _script(mod) -> str:
    try:
        return mod.script()
    except Exception:  # noqa: BLE001 - printing is only for the report's diff
        return ""


class _Frame:
    """A pass that is running: ``at`` is the module its own steps have reached (its input, then
    the output of each pass it ran on it), ``at_copy`` a copy of it taken then."""

    def __init__(self, name: str, mod, copy, unrelated: bool):
        self.name, self.at, self.at_copy, self.unrelated = name, mod, copy, unrelated
        self.steps = False  # it ran passes on its module


@pass_instrument
class ValidatePasses:
    """Check every leaf pass application that changes the module (see the module docstring).

    ``options``: ``irverify.verify.check.Options`` (default: the CLI's, evaluation on random
    inputs tried first as ``validate-pipeline`` does); ``report``:
    called with each ``PassCheck`` as soon as it is checked; ``until``: the name of the last pass
    to check; ``label``: how the module is named in messages."""

    def __init__(self, options=None, raise_on_incorrect: bool = False, until: str | None = None,
                 report: Callable[[PassCheck], None] | None = None, label: str = "IRModule",
                 stop_before: str | None = None):
        from irverify.verify.check import Options

        self.options = options or Options(falsify_first=True)
        self.raise_on_incorrect = raise_on_incorrect
        self.until, self.stop_before = until, stop_before
        self.unchecked = 0  # applications that changed the module after checking stopped
        self.report = report
        self.label = label
        self.results: list[PassCheck] = []
        self.passes_run = 0  # leaf pass applications, changed or not
        self.changed = 0
        self.start = time.perf_counter()
        self._stack: list[_Frame] = []
        self._done = False
        self._checking = False  # a check confirming a counterexample compiles with TVM too
        self.raised: IncorrectPass | None = None

    def enter_pass_ctx(self):
        self.start = time.perf_counter()

    def run_before_pass(self, mod, info):
        if self._checking:
            return
        parent = self._stack[-1] if self._stack else None
        # A pass run on the module its parent is at (a Sequential's next pass) is one of the
        # parent's steps; one run on another module (FoldConstant building the PrimFuncs it
        # evaluates) belongs to a compile of its own, and is not checked.
        unrelated = parent is not None and (parent.unrelated or not mod.same_as(parent.at))
        if parent is not None and not unrelated:
            parent.steps = True
        # a copy: a pass written in Python may update the module it was given in place
        self._stack.append(_Frame(info.name, mod, None if unrelated else mod.clone(), unrelated))

    def run_after_pass(self, mod, info):
        if self._checking:
            return
        frame = self._stack.pop()
        if frame.unrelated:
            return
        if self._stack:
            self._stack[-1].at, self._stack[-1].at_copy = mod, mod.clone()
        if frame.steps and mod.same_as(frame.at):
            return  # a pass that only ran others (a Sequential): they were checked
        # a leaf, or what a pass changed after the last pass it ran
        self._step(frame.name, frame.at_copy, mod)

    def _step(self, name: str, before, mod) -> None:
        self.passes_run += 1
        self._done = self._done or name == self.stop_before
        changed = not tvm_ffi.structural_equal(before, mod, map_free_vars=False)
        if self._done:
            self.unchecked += changed
            return
        self._done = name == self.until
        if not changed:
            return
        self.changed += 1
        self._checking = True
        try:
            res = check_pass(self.changed, name, before, mod, self.options, self.label)
        finally:
            self._checking = False
        check = PassCheck(self.changed, name, res)
        if res.verdict is not Verdict.CORRECT:
            check.before, check.after = before, mod
        self.results.append(check)
        if self.report is not None:
            self.report(check)
        if self.raise_on_incorrect and res.verdict is Verdict.INCORRECT:
            self.raised = IncorrectPass(check)  # TVM passes the exception on as a RuntimeError
            raise self.raised

    @property
    def verdict(self) -> Verdict:
        """The worst verdict of the checked applications (``correct`` when none was checked)."""
        return worst([c.result.verdict for c in self.results]) if self.results else Verdict.CORRECT

    def first_incorrect(self) -> PassCheck | None:
        return next((c for c in self.results if c.result.verdict is Verdict.INCORRECT), None)

    def summary(self) -> str:
        from collections import Counter

        counts = Counter(c.result.verdict.value for c in self.results)
        times = sorted(c.result.time_s for c in self.results)
        definitive = counts["correct"] + counts["incorrect"]
        parts = ", ".join(f"{counts[v.value]} {v.value}" for v in Verdict if counts[v.value])
        share = f"{100 * definitive / len(self.results):.0f}% definitive" if self.results else "nothing checked"
        median = times[len(times) // 2] if times else 0.0
        stopped = ""
        if self.unchecked:
            where = f"from {self.stop_before} on" if self.stop_before else f"after {self.until}"
            stopped = f" ({self.unchecked} more {where} not checked)"
        return (f"{self.label}: {self.passes_run} passes ran, {self.changed + self.unchecked} changed the module; "
                f"{len(self.results)} checked{stopped}: {parts or 'none'}; {share}; median {median:.2f} s, "
                f"max {times[-1] if times else 0.0:.2f} s, total {time.perf_counter() - self.start:.1f} s")


def line(check: PassCheck) -> str:
    """One line per checked application: index, pass, verdict, time and, when it is not
    ``correct``, why."""
    res = check.result
    why = "" if res.verdict is Verdict.CORRECT else f"  {res.message.splitlines()[0][:160]}" if res.message else ""
    return f"{check.index:4d} {check.name:<56} {res.verdict.value:<11} {res.time_s:7.2f} s{why}"


# ----------------------------------------------------------------------------- a module file


# The first pass of TVM's lowering to memory and the VM (``R.builtin.alloc_tensor``,
# ``R.memory.*``, ``R.vm.*``), which irverify does not model: the CLI checks the passes before
# it unless ``--until`` names another last pass.
LOWERING = "CallTIRRewrite"


def relax_pipeline(name: str, target):
    """``cpu``: ``relax.get_default_pipeline(target)`` (legalisation, constant folding, fusion,
    then lowering); ``build``: what ``tvm.compile`` runs when given no pipeline
    (``relax.pipeline.default_build_pipeline``, no fusion)."""
    from tvm import relax

    if name == "cpu":
        return relax.get_default_pipeline(target)
    if name == "build":
        return relax.pipeline.default_build_pipeline()
    from irverify.pipeline import TVM_PIPELINES

    raise InputError(f"unknown TVM pipeline '{name}' (expected one of {', '.join(TVM_PIPELINES)})")


def compile_validated(mod, instrument: ValidatePasses, pipeline: str = "cpu", where: str = "IRModule") -> None:
    """Compile ``mod`` for llvm under ``instrument``; a failure of the compiler itself is
    ``InputError`` naming ``where`` (``IncorrectPass`` propagates)."""
    import tvm

    target = tvm.target.Target("llvm")
    try:
        with tvm.transform.PassContext(instruments=[instrument]):
            tvm.compile(mod, target=target, relax_pipeline=relax_pipeline(pipeline, target))
    except InputError:
        raise
    except Exception as e:  # noqa: BLE001 - TVM raises many kinds
        if instrument.raised is not None:
            raise instrument.raised from None
        from irverify.validate import one_line

        raise InputError(f"{where}: TVM compile failed: {one_line(e)}") from None


def run_validate_tvm_pipeline(args, text: str, opts) -> int:
    """``irverify validate-pipeline MODULE.py``: compile the TVMScript module for llvm under
    ``ValidatePasses`` and report as ``validate-pipeline`` does for IREE."""
    from irverify.frontends.relax.parse import load_native
    from irverify.pipeline import _details, _line
    from irverify.records import emit, summary_record

    path = args.file
    for flag, given in (("--compile-from", args.compile_from), ("--compile-to", args.compile_to),
                        ("--bisect", args.bisect), ("compiler flags after '--'", args.compiler_flags)):
        if given:
            raise InputError(f"{flag} applies to an IREE input (.mlir); a TVMScript module is compiled by TVM")
    mod, _ = load_native(text, path)
    input_ = {"before": path, "after": None, "pass": None, "run": None, "name": None}
    records: list[dict] = []

    def report(check: PassCheck) -> None:
        if args.json:
            records.append(check.result.record("validate-pipeline", {**input_, "pass": check.name, "name": check.name}))
            emit(records[-1])
        else:
            print(_line(check, check.result), flush=True)

    instrument = ValidatePasses(opts, raise_on_incorrect=args.stop_at_first_incorrect, until=args.until,
                                report=report, label=path, stop_before=None if args.until else LOWERING)
    try:
        compile_validated(mod, instrument, args.tvm_pipeline or "cpu", path)
    except IncorrectPass:
        pass  # --stop-at-first-incorrect: reported already
    overall = instrument.verdict
    if args.json:
        emit(summary_record("validate-pipeline", records, overall.exit_code, time.perf_counter() - instrument.start))
        return overall.exit_code
    _details([(c, c.result) for c in instrument.results])
    print("\n" + instrument.summary())
    return overall.exit_code
