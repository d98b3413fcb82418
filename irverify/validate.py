"""``irverify validate-pass``: run a real compiler pass on an input, then check every function
before against after.

IREE (``--iree-pipeline``): each case (the whole file, or each ``// -----`` chunk with
``--split-input-file``) is parsed with the MLIR bindings bundled with iree-base-compiler, the
pipeline runs in-process on a copy (``PassManager.parse(PIPELINE).run``), the output is
verified, and ``check_modules`` compares the functions before and after. The after module's
text is the printed pass output, so a counterexample can be confirmed by compiling it.

TVM (``--tvm-pass``): the module is parsed with ``tvm.script.from_source``, the pass expression
(evaluated with only ``tvm`` and ``relax`` in scope) runs under
``PassContext(config=--pass-config entries)``, the output must satisfy
``relax.analysis.well_formed``, and both modules are translated and compared; a
``LiftTransformParams`` pass is checked through its contract (``irverify.contracts``) with the
options written in the expression.

Output: one verdict per case and a summary; a case whose verdict is not ``correct`` quotes the
lines the pass changed (a unified diff of the printed module, at most ``DIFF_LINES`` lines);
``--emit-after FILE`` writes the whole pass output (cases joined by ``// -----``). With
``--json``: JSON Lines of ``irverify.records``, one record per case as it is checked (with
``changed``, and ``diff`` where the text report quotes one), then the summary record.
``--allow-unregistered-dialect`` parses ops of unregistered dialects (as iree-opt does);
``--save-inputs DIR`` writes each counterexample's full inputs. The exit code is that of the
worst verdict.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from irverify.errors import InputError, Unsupported
from irverify.verify.verdict import Report, Verdict, worst
from irverify.phases import timed

SPLIT_MARKER = "// -----"
DIFF_LINES = 24


@dataclass
class Case:
    """One input case: its text (padded with blank lines so line numbers match the file)."""

    index: int
    line: int
    text: str


@dataclass
class CaseResult:
    case: Case
    verdict: Verdict
    report: Report | None = None
    message: str = ""
    changed: bool | None = None
    before_text: str = ""
    after_text: str = ""
    time_s: float = 0.0
    functions: list[str] = field(default_factory=list)

    def record(self, command: str, input_: dict) -> dict:
        """The case's JSON record (``irverify.records``): with ``changed`` and, where the text
        report quotes one, the ``diff`` of what the pass changed."""
        from irverify.records import case_record

        extra = {"changed": self.changed}
        if self.quotes_diff():
            extra["diff"] = changed_lines(self.before_text, self.after_text)
        return case_record(command, input_, self.verdict, self.report, self.message, self.time_s,
                           self.case.index, self.case.line, **extra)

    def quotes_diff(self) -> bool:
        """A report quotes what the pass changed where the verdict is not ``correct``."""
        return bool(self.changed and self.after_text and self.verdict is not Verdict.CORRECT)


def changed_lines(before: str, after: str, limit: int = DIFF_LINES) -> list[str]:
    """The lines a pass changed: a unified diff (one line of context, no file headers) of the
    printed module before and after, cut after ``limit`` lines with a note saying how many are
    left out."""
    import difflib

    diff = [ln for ln in difflib.unified_diff(before.splitlines(), after.splitlines(), n=1, lineterm="")
            if not ln.startswith(("---", "+++"))]
    if len(diff) > limit:
        diff = diff[:limit] + [f"... {len(diff) - limit} more lines (--emit-after FILE writes the whole output)"]
    return diff


def split_cases(text: str, split: bool) -> list[Case]:
    """The cases of an input; each chunk keeps its original line numbers (leading blank lines)."""
    if not split:
        return [Case(0, 1, text)]
    cases, chunk, start = [], [], 0
    lines = text.splitlines(keepends=True)
    for n, line in enumerate(lines):
        if line.strip() == SPLIT_MARKER:
            cases.append(Case(len(cases), start + 1, "\n" * start + "".join(chunk)))
            chunk, start = [], n + 1
        else:
            chunk.append(line)
    cases.append(Case(len(cases), start + 1, "\n" * start + "".join(chunk)))
    return cases


def run_validate_pass(args, opts) -> int:
    if bool(args.iree_pipeline) == bool(args.tvm_pass):
        raise InputError("validate-pass needs exactly one of --iree-pipeline and --tvm-pass")
    try:
        with open(args.input, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise InputError(f"{args.input}: cannot read: {e.strerror}") from None
    if args.tvm_pass:
        if args.allow_unregistered_dialect:
            raise InputError("--allow-unregistered-dialect applies to --iree-pipeline only")
        results = validate_tvm(args, text, opts)
    else:
        if args.pass_config:
            raise InputError("--pass-config applies to --tvm-pass only")
        results = validate_iree(args.iree_pipeline, args.input, text, args.split_input_file, opts,
                                args.allow_unregistered_dialect)
    from irverify.records import input_of

    saver = InputsSaver(args.save_inputs, args.input) if args.save_inputs else None
    results, code = print_results(results, args.json, "validate-pass",
                                  input_of(args.input, pass_=args.iree_pipeline or args.tvm_pass), saver)
    if args.emit_after:
        write_after(args.emit_after, results)
    return code


# ----------------------------------------------------------------------------- IREE


def validate_iree(pipeline: str, path: str, text: str, split: bool, opts, allow_unregistered: bool = False):
    """The results of ``pipeline`` on every case of ``text``, each yielded as it is checked
    (the pipeline is parsed first: one that does not parse is an ``InputError``)."""
    from iree.compiler import ir, passmanager

    from irverify.frontends.mlir.parse import mlir_context

    ctx = mlir_context()
    try:
        passmanager.PassManager.parse(pipeline, ctx)
    except (ValueError, ir.MLIRError) as e:
        raise InputError(f"invalid pass pipeline '{pipeline}': {one_line(e)}") from None
    cases = split_cases(text, split)
    return (validate_iree_case(pipeline, path, case, opts, allow_unregistered) for case in cases)


def validate_iree_case(pipeline: str, path: str, case: Case, opts, allow_unregistered: bool = False) -> CaseResult:
    """Run ``pipeline`` on one case and check before against after (``allow_unregistered``:
    ops of unregistered dialects parse, as with ``iree-opt --allow-unregistered-dialect``)."""
    from irverify.contracts import contract_for_pipeline
    from irverify.frontends.mlir.parse import parse_mlir_native, translate_module

    def produce(res: CaseResult):
        before_native = parse_mlir_native(case.text, path, allow_unregistered)
        after_native = parse_mlir_native(case.text, path, allow_unregistered)
        run_iree_pipeline(after_native, pipeline, f"{path}:{case.line}", allow_unregistered)
        res.before_text = before_native.operation.get_asm(use_local_scope=True)
        res.after_text = after_native.operation.get_asm(use_local_scope=True)
        res.changed = res.before_text != res.after_text
        return (translate_module(before_native, case.text, path),
                translate_module(after_native, res.after_text, path, case.text), contract_for_pipeline(pipeline))

    return check_case(case, opts, produce)


@timed("pass")
def run_iree_pipeline(native, pipeline: str, where: str, allow_unregistered: bool = False) -> None:
    """Run an MLIR pass pipeline in place, in-process (``PassManager.parse(pipeline).run``), on
    a parsed module, and verify its output; a failure is ``InputError('<where>: pass ...')``."""
    from iree.compiler import ir, passmanager

    from irverify.frontends.mlir.parse import mlir_context

    try:
        passmanager.PassManager.parse(pipeline, mlir_context(allow_unregistered)).run(native.operation)
    except (ValueError, ir.MLIRError) as e:
        raise InputError(f"{where}: pass failed: {one_line(e)}") from None
    try:
        native.operation.verify()
    except ir.MLIRError as e:
        raise InputError(f"{where}: pass produced invalid IR: {one_line(e)}") from None


def check_case(case: Case, opts, produce) -> CaseResult:
    """Check one case: ``produce(result)`` returns ``(before, after, contract)`` (and records the
    pass output in ``result``); bad input and unmodelled ops become the case's verdict."""
    from irverify.verify.check import check_modules

    start = time.perf_counter()
    res = CaseResult(case, Verdict.ERROR)
    try:
        before, after, contract = produce(res)
        report = unchanged_report(before, after) if res.changed is False else \
            check_modules(before, after, opts, contract=contract)
        res.report, res.verdict = report, report.verdict
        res.message = report.message or "; ".join(f"@{f.name}: {f.message}" for f in report.functions if f.message)
    except InputError as e:
        res.verdict, res.message = Verdict.ERROR, str(e)
    except Unsupported as e:
        res.verdict, res.message = Verdict.UNSUPPORTED, str(e)
    res.time_s = time.perf_counter() - start
    return res


UNCHANGED = "the pass left the module unchanged (the same IR before and after): a program refines itself"


def unchanged_report(before, after) -> Report:
    """The verdict on a module the pass did not change (its printed IR, or its structure for
    Relax, is the same before and after): ``correct`` for every function that would be checked,
    without encoding it; whatever a program computes, it computes the same on both sides."""
    from irverify.verify.check import pair_functions
    from irverify.verify.verdict import FunctionReport

    fns = [FunctionReport(name, Verdict.CORRECT, notes=[UNCHANGED], model="identical")
           for name, _, _ in pair_functions(before, after)]
    return Report(Verdict.CORRECT, fns, "identical IR: nothing to encode", message="")


def one_line(e: Exception) -> str:
    """A compiler exception as one line: its first diagnostic, else its first lines joined."""
    diags = getattr(e, "error_diagnostics", None) or []
    if diags:
        return diags[0].message.splitlines()[0].strip()
    lines = [ln.strip() for ln in str(e).splitlines() if ln.strip()]
    return " ".join(lines[:3]) if lines else type(e).__name__


# ----------------------------------------------------------------------------- TVM


def validate_tvm(args, text: str, opts) -> list[CaseResult]:
    """Run a ``relax.transform`` pass on a TVMScript module and check before against after."""
    if args.split_input_file:
        raise InputError("--split-input-file applies to --iree-pipeline only")
    from irverify.contracts import contract_for_pass

    contract = contract_for_pass(args.tvm_pass)
    config = parse_pass_config(args.pass_config)
    pass_obj = make_tvm_pass(args.tvm_pass)
    return [validate_tvm_case(pass_obj, config, contract, args.input, Case(0, 1, text), opts)]


def parse_pass_config(entries: list[str]) -> dict:
    """``KEY=VALUE`` entries as a ``PassContext`` config (values are Python literals, otherwise
    strings)."""
    import ast

    config = {}
    for entry in entries:
        key, sep, value = entry.partition("=")
        if not sep or not key.strip():
            raise InputError(f"--pass-config expects KEY=VALUE, got '{entry}'")
        try:
            config[key.strip()] = ast.literal_eval(value.strip())
        except (ValueError, SyntaxError):
            config[key.strip()] = value.strip()
    return config


def make_tvm_pass(expression: str):
    """Evaluate a pass expression with only ``tvm`` and ``relax`` in scope."""
    import tvm
    from tvm import relax

    try:
        obj = eval(expression, {"__builtins__": {}}, {"tvm": tvm, "relax": relax})  # noqa: S307
    except Exception as e:  # noqa: BLE001 - any error in the user's expression
        raise InputError(f"invalid TVM pass expression '{expression}': {type(e).__name__}: {one_line(e)}") from None
    if not isinstance(obj, tvm.transform.Pass):
        raise InputError(f"'{expression}' is a {type(obj).__name__}, not a tvm.transform.Pass")
    return obj


def validate_tvm_case(pass_obj, config: dict, contract, path: str, case: Case, opts) -> CaseResult:
    """Parse ``case`` with TVM, apply the pass under ``PassContext(config)``, require a
    well-formed output, and check before against after (through ``contract`` if given)."""
    import tvm
    import tvm_ffi

    from irverify.frontends.relax.parse import _blank_imports, _diagnostic, _quiet_stderr, translate_module

    def produce(res: CaseResult):
        blanked, def_lines = _blank_imports(case.text, path)
        with _quiet_stderr():
            try:
                before_native = tvm.script.from_source(blanked)
                pass_input = tvm.script.from_source(blanked)
            except Exception as e:  # noqa: BLE001 - TVM raises DiagnosticError and others
                raise InputError(_diagnostic(str(e), path)) from None
            after_native = apply_tvm_pass(pass_obj, pass_input, config, f"{path}:{case.line}")
        res.changed = not tvm_ffi.structural_equal(before_native, after_native, map_free_vars=False)
        res.before_text = before_native.script()
        res.after_text = after_native.script()
        return (translate_module(before_native, path, case.text, def_lines),
                translate_module(after_native, f"{path} (after pass)", res.after_text), contract)

    return check_case(case, opts, produce)


def apply_tvm_pass(pass_obj, native, config: dict, where: str):
    """Apply a TVM pass to an ``IRModule`` under ``PassContext(config)``; the output must be well
    formed (``relax.analysis``); a failure is ``InputError('<where>: pass ...')``."""
    import tvm
    from tvm import relax

    try:
        with tvm.transform.PassContext(config=config):
            after = pass_obj(native)
    except Exception as e:  # noqa: BLE001 - TVM raises many kinds
        raise InputError(f"{where}: pass failed: {one_line(e)}") from None
    try:
        relax.analysis.well_formed(after)
        ok = relax.analysis.check_well_formed(after)
    except Exception as e:  # noqa: BLE001
        raise InputError(f"{where}: pass produced invalid IR: {one_line(e)}") from None
    if ok is False:
        raise InputError(f"{where}: pass produced invalid IR (relax.analysis.check_well_formed)")
    return after


# ----------------------------------------------------------------------------- output


def write_after(path: str, results: list[CaseResult]) -> None:
    """Write what the pass produced for every case (``// -----`` between cases; a case the pass
    did not produce an output for is a comment giving its message)."""
    chunks = []
    for r in results:
        text = r.after_text.rstrip("\n") if r.after_text else \
            f"// case {r.case.index} (line {r.case.line}): no pass output: {r.message}"
        chunks.append(text + "\n")
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(f"\n{SPLIT_MARKER}\n\n".join(chunks))
    except OSError as e:
        raise InputError(f"{path}: cannot write: {e.strerror}") from None


class InputsSaver:
    """``--save-inputs DIR`` of a command with many cases: the full counterexample inputs of
    each case that has one, in ``DIR/<input file stem>[.run<R>].case<K>.npz``
    (``irverify.cex.save``)."""

    def __init__(self, directory: str, path: str):
        import os

        self.directory, self.stem = directory, os.path.splitext(os.path.basename(path))[0]
        try:
            os.makedirs(directory, exist_ok=True)
        except OSError as e:
            raise InputError(f"{directory}: cannot create: {e.strerror}") from None

    def save(self, report: Report | None, case: Case, run: int | None = None) -> str | None:
        """Write the case's counterexample inputs; the file written, or None."""
        import os

        from irverify.cex.save import save_inputs

        if report is None or not any(f.counterexample is not None for f in report.functions):
            return None
        name = f"{self.stem}{f'.run{run}' if run else ''}.case{case.index}.npz"
        path = os.path.join(self.directory, name)
        try:
            return path if save_inputs(path, report) else None
        except InputError as e:  # an input too large to have been materialised
            return f"not saved: {e}"


def case_report_lines(r: CaseResult) -> list[str]:
    """One case's whole text report (``validate-lit -v``): its header line, then each function's
    report (``irverify.cex.report``, with intermediate values) and the lines the pass changed."""
    from irverify.cex.report import render_function

    names = ", ".join(f"@{f.name}" for f in r.report.functions) if r.report else ""
    changed = {True: "changed", False: "unchanged", None: "-"}[r.changed]
    lines = [f"case {r.case.index} (line {r.case.line}) {names}: {r.verdict.value} [{changed}, {r.time_s:.2f} s]"]
    if r.report is None:
        lines.append(f"  {r.message}")
    elif r.verdict is not Verdict.CORRECT:
        lines += ["  " + line for fn in r.report.functions for line in render_function(fn, verbose=True)]
    if r.quotes_diff():
        lines.append("  the pass changed:")
        lines += ["    " + line for line in changed_lines(r.before_text, r.after_text)]
    return lines


def print_results(results, as_json: bool, command: str, input_: dict,
                  saver: InputsSaver | None = None) -> tuple[list[CaseResult], int]:
    """With ``as_json``, print each case's record as it is checked, then the summary record;
    else the text report of every case (``irverify.cex.report.render_cases``). Returns the
    results and the exit code (that of the worst verdict)."""
    from irverify.records import emit, summary_record

    start = time.perf_counter()
    done: list[CaseResult] = []
    records = []
    saved: dict[int, str] = {}
    for r in results:
        done.append(r)
        if saver and (path := saver.save(r.report, r.case)):
            saved[r.case.index] = path
        if as_json:
            records.append(r.record(command, input_))
            if r.case.index in saved:
                records[-1]["saved_inputs"] = saved[r.case.index]
            emit(records[-1])
    overall = worst([r.verdict for r in done])
    if as_json:
        emit(summary_record(command, records, overall.exit_code, time.perf_counter() - start))
        return done, overall.exit_code
    from irverify.cex.report import render_cases

    print(render_cases(done))
    for index, path in saved.items():
        print(f"inputs of case {index}: {path}")
    return done, overall.exit_code
