"""``irverify validate-pipeline``: every pass application of a real IREE compile, checked.

``iree-compile`` runs from a phase to a phase (``--compile-from``, ``--compile-to``; compiler
flags after ``--``) with ``--mlir-print-ir-after-all --mlir-print-ir-after-change
--mlir-print-ir-module-scope``: it prints the whole module after each pass application that
changed it. Each such application is one case, the module before it (the previous dump, or the
input for the first) against the module after it, checked as ``irverify check`` checks two
files (functions paired by name; IREE's synchronous ABI wrapper read as the function it wraps,
``frontends.mlir.abi``; a function the pass left unchanged is ``correct`` without a query,
``verify.align``). The report has one line per application: its index, the pass, the verdict,
the time and, when it is not ``correct``, why (the blocking construct of an ``unsupported``).

A TVMScript module (``.py``) is compiled for llvm by TVM instead, in-process, under the pass
instrument ``irverify.tvm.ValidatePasses`` (``--tvm-pipeline``: which Relax pipeline).
``--until PASS`` checks nothing after the first application of PASS. Each application is
evaluated on random inputs before the solver is asked (``Options.falsify_first``): a wrong pass
is named in seconds.

``--bisect`` checks the input against the last module first: when that is ``correct`` nothing
else is checked; otherwise the first application whose output no longer refines the input is
found by bisection (the first whose output is not proved to refine the input; the ones before
it are), and that application is checked on its own.
"""

from __future__ import annotations

import os
import re
import subprocess
import time
from dataclasses import dataclass

from irverify.errors import InputError
from irverify.validate import Case, CaseResult, check_case
from irverify.verify.verdict import Verdict

# The header IREE prints before each module: "// -----// IR Dump After NamePass: arg (scope) //----- //"
DUMP = re.compile(r"^// -----// IR Dump After (\S+?)(?:: (.*?))? \((.*)\) //----- //\s*$")
# Flags for a CPU compile unless the user's flags after ``--`` choose a target.
DEFAULT_TARGET = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu"]
TVM_PIPELINES = ("cpu", "build")  # ``irverify.tvm.relax_pipeline``
PHASES = ("start", "input", "abi", "preprocessing", "global-optimization", "dispatch-creation", "flow", "stream",
          "executable-sources", "executable-configurations", "executable-targets", "hal", "vm", "end")


@dataclass
class Application:
    """One pass application that changed the module."""

    index: int  # 1-based, in the order the passes ran
    name: str  # the pass's class name (``CanonicalizerPass``)
    arg: str  # its command-line form with options (``canonicalize{...}``)
    scope: str  # what it ran on (``'util.func' operation: @mlp``)
    before: str
    after: str

    @property
    def flag(self) -> str:
        """The pass as ``iree-opt`` spells it, without options."""
        return self.arg.split("{", 1)[0] if self.arg else self.name


def iree_compile() -> str:
    from iree.compiler.tools.binaries import find_tool

    return find_tool("iree-compile")


def compile_command(path: str, compile_from: str | None, compile_to: str, flags: list[str]) -> list[str]:
    target = [] if any(f.startswith(("--iree-hal-target-device", "--iree-hal-target-backends")) for f in flags) \
        else DEFAULT_TARGET
    phase = [f"--compile-from={compile_from}"] if compile_from else []
    return [iree_compile(), path, *phase, f"--compile-to={compile_to}", *target, *flags,
            "--mlir-print-ir-after-all", "--mlir-print-ir-after-change", "--mlir-print-ir-module-scope",
            "--mlir-disable-threading", "-o", os.devnull]


def capture(path: str, text: str, compile_from: str | None, compile_to: str, flags: list[str],
            timeout_s: float = 600.0) -> list[Application]:
    """Run ``iree-compile`` and split what it printed into the applications that changed the
    module (an ``InputError`` with the compiler's first error when it fails)."""
    cmd = compile_command(path, compile_from, compile_to, flags)
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        raise InputError(f"iree-compile did not finish in {timeout_s:.0f} s") from None
    if proc.returncode != 0:
        errors = [ln for ln in proc.stderr.splitlines() if "error:" in ln] or proc.stderr.splitlines()[-1:]
        raise InputError(f"iree-compile failed: {errors[0].strip() if errors else f'exit {proc.returncode}'}")
    return split_dumps(proc.stderr, text)


def split_dumps(printed: str, input_text: str) -> list[Application]:
    """The applications in ``printed`` (IREE's module-scope dumps), each with the module before it."""
    apps: list[Application] = []
    header, lines = None, []

    def close():
        if header is not None:
            before = apps[-1].after if apps else input_text
            apps.append(Application(len(apps) + 1, *header, before, "\n".join(lines).strip() + "\n"))

    for line in printed.splitlines():
        m = DUMP.match(line)
        if m:
            close()
            header, lines = (m.group(1), m.group(2) or "", m.group(3)), []
        elif header is not None:
            lines.append(line)
    close()
    return apps


def check_application(app: Application, path: str, opts) -> CaseResult:
    """The application's before against its after, as ``irverify check`` checks two files."""
    from irverify.frontends.mlir.parse import parse_mlir

    def produce(res: CaseResult):
        res.changed = app.before != app.after
        res.before_text, res.after_text = app.before, app.after
        before = parse_mlir(app.before, f"{path} (before pass {app.index} {app.flag})")
        after = parse_mlir(app.after, f"{path} (after pass {app.index} {app.flag})")
        return before, after, None

    return check_case(Case(app.index, 1, ""), opts, produce)


def check_pair(before_text: str, after_text: str, label: str, opts) -> CaseResult:
    app = Application(0, label, label, "", before_text, after_text)
    return check_application(app, label, opts)


def bisect(apps: list[Application], input_text: str, path: str, opts) -> tuple[CaseResult, list[CaseResult]]:
    """The input against the last module; when that is not ``correct``, the first application
    whose output is not proved to refine the input (``incorrect``, or undecided: every output
    before it was proved to, by the checks made), checked on its own."""
    whole = check_pair(input_text, apps[-1].after, f"input vs after pass {apps[-1].index}", opts)
    steps = [whole]
    if whole.verdict is Verdict.CORRECT:
        return whole, steps
    lo, hi = 0, len(apps) - 1  # apps[hi] is the first known not to refine; apps[:lo] refine
    while lo < hi:
        mid = (lo + hi) // 2
        r = check_pair(input_text, apps[mid].after, f"input vs after pass {apps[mid].index}", opts)
        steps.append(r)
        if r.verdict is Verdict.CORRECT:
            lo = mid + 1
        else:
            hi = mid
    return check_application(apps[hi], path, opts), steps


def run_validate_pipeline(args, opts) -> int:
    from dataclasses import replace

    from irverify.records import emit, summary_record
    from irverify.verify.verdict import worst

    path = args.file
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise InputError(f"cannot read {path}: {e.strerror}") from None
    opts = replace(opts, falsify_first=True)  # a pass application is one large function
    if path.endswith(".py"):
        from irverify.tvm import run_validate_tvm_pipeline

        return run_validate_tvm_pipeline(args, text, opts)
    if args.tvm_pipeline is not None:
        raise InputError("--tvm-pipeline applies to a TVMScript module (.py)")
    args.compile_to = args.compile_to or "dispatch-creation"
    start = time.perf_counter()
    apps = capture(path, text, args.compile_from, args.compile_to, args.compiler_flags)
    input_ = {"before": path, "after": None, "pass": None, "run": None, "name": None}
    results: list[tuple[Application, CaseResult]] = []
    records: list[dict] = []

    def report(app: Application, res: CaseResult) -> None:
        """Print the application's line, or its JSON record, as soon as it is checked."""
        results.append((app, res))
        if args.json:
            records.append(res.record("validate-pipeline", {**input_, "pass": app.flag, "name": app.name}))
            emit(records[-1])
        elif not args.bisect:
            print(_line(app, res), flush=True)

    if args.bisect and apps:
        found, _ = bisect(apps, text, path, opts)
        if found.case.index:  # (0: the input against the last module, which is correct)
            report(apps[found.case.index - 1], found)
    else:
        for app in apps:
            res = check_application(app, path, opts)
            report(app, res)
            if args.stop_at_first_incorrect and res.verdict is Verdict.INCORRECT:
                break
            if args.until in (app.name, app.flag):
                break
    overall = worst([r.verdict for _, r in results]) if results else Verdict.CORRECT
    total = time.perf_counter() - start
    if args.json:
        emit(summary_record("validate-pipeline", records, overall.exit_code, total))
        return overall.exit_code
    if args.bisect:
        if not results:
            print(f"{path}: the last module refines the input ({len(apps)} applications changed the module)")
        for app, res in results:
            print("first failing application:\n" + _line(app, res))
    _details(results)
    print(_summary(path, apps, results, args, total))
    return overall.exit_code


def _line(app, res: CaseResult) -> str:
    why = "" if res.verdict is Verdict.CORRECT else f"  {res.message.splitlines()[0][:160]}" if res.message else ""
    return f"{app.index:4d} {app.flag:<56} {res.verdict.value:<11} {res.time_s:7.2f} s{why}"


def _details(results) -> None:
    """The function reports of the applications that are not ``correct`` or ``unsupported``."""
    from irverify.cex.report import render_function

    for app, res in results:
        if res.report is None or res.verdict in (Verdict.CORRECT, Verdict.UNSUPPORTED):
            continue
        print(f"\npass {app.index} {app.flag}" + (f" ({app.scope})" if app.scope else "") + f": {res.verdict.value}")
        for fn in res.report.functions:
            if fn.verdict is not Verdict.CORRECT:
                print("\n".join("  " + line for line in render_function(fn, verbose=False)))


def _summary(path: str, apps, results, args, total: float) -> str:
    from collections import Counter

    counts = Counter(r.verdict.value for _, r in results)
    times = sorted(r.time_s for _, r in results)
    definitive = counts["correct"] + counts["incorrect"]
    median = times[len(times) // 2] if times else 0.0
    parts = ", ".join(f"{counts[v.value]} {v.value}" for v in Verdict if counts[v.value])
    share = f"{100 * definitive / len(results):.0f}% definitive" if results else "nothing checked"
    return (f"\n{path}: iree-compile --compile-to={args.compile_to}: {len(apps)} pass applications changed the "
            f"module; {len(results)} checked: {parts or 'none'}; {share}; median {median:.2f} s, "
            f"max {times[-1] if times else 0.0:.2f} s, total {total:.1f} s")
