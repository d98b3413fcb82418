"""The ``irverify`` command line: argparse sub-commands that call library functions."""

from __future__ import annotations

import argparse
import os
import sys

from irverify.errors import InputError, Unsupported
from irverify.verify.verdict import Verdict, worst

EXIT_ERROR = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # usage errors: one line, exit 2
        self.exit(EXIT_ERROR, f"irverify: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    from irverify.suite import DEFAULT_MEMORY_MIB

    from irverify import __version__

    p = _Parser(prog="irverify", description="Translation validation for tensor-compiler rewrites.")
    p.add_argument("--version", action="version", version=f"irverify {__version__}",
                   help="print the version and exit")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser, metavar="COMMAND")

    c = sub.add_parser("check", help="check that AFTER refines BEFORE (or @tgt refines @src in one file)")
    c.add_argument("before", help="the source program (.mlir or TVMScript .py; '-': standard input)")
    c.add_argument("after", nargs="?",
                   help="the target program; without it BEFORE holds both @src and @tgt")
    c.add_argument("--src-fn", metavar="NAME",
                   help="compare only this source function (default: pair functions by name, or @src)")
    c.add_argument("--tgt-fn", metavar="NAME",
                   help="compare only this target function (default: --src-fn's name, or @tgt)")
    _common(c, json_help=CHECK_JSON)
    c.add_argument("--emit-smt2", metavar="FILE", help="write the refinement queries as SMT-LIB2")
    c.add_argument("-v", "--verbose", action="store_true",
                   help="show the value of every op result of source and target on the counterexample")
    c.add_argument("--save-inputs", metavar="FILE.npz",
                   help="write the counterexample's full inputs, by the report's names, to a numpy "
                        ".npz file for replay (nothing is written without a counterexample)")
    from irverify.contracts import CONTRACT_NAMES

    c.add_argument("--contract", choices=CONTRACT_NAMES,
                   help="check through a pass contract (a pass that changes signatures or meaning on "
                        "purpose; see irverify/contracts/)")
    c.add_argument("--shared-transform", nargs="?", const="", default=None, metavar="F1,F2",
                   help="lift-transform-params: the pass ran with shared_transform=True (no value) "
                        "or with the listed functions")

    s = sub.add_parser("check-suite", help="check every pair under DIR; one JSON line per pair")
    s.add_argument("dir", help="the directory searched (recursively) for pairs")
    s.add_argument("-j", "--jobs", type=_positive(int), default=1, metavar="N",
                   help="check N pairs at a time, each in its own worker process (default 1); "
                        "the results do not depend on N")
    s.add_argument("--max-memory", type=_positive(int), default=DEFAULT_MEMORY_MIB, metavar="MIB",
                   help="memory each worker process may allocate (RLIMIT_DATA), in MiB (default "
                        "%(default)s); a pair that runs out is unknown, or an error if its worker dies")
    _common(s, json_help="print JSON Lines: one object per pair, then a summary object")

    v = sub.add_parser("validate-pass", help="run a real compiler pass, then check before vs after")
    v.add_argument("input", help="the input program (.mlir for --iree-pipeline, .py for --tvm-pass)")
    v.add_argument("--iree-pipeline", help="an MLIR pass pipeline, e.g. 'builtin.module(func.func(PASS))'")
    v.add_argument("--tvm-pass", help="a relax.transform expression, e.g. 'relax.transform.ReorderTakeAfterMatmul()'")
    v.add_argument("--pass-config", action="append", default=[], metavar="KEY=VALUE",
                   help="a PassContext config entry for --tvm-pass (repeatable)")
    v.add_argument("--split-input-file", action="store_true",
                   help="treat each '// -----' chunk of INPUT as its own case")
    v.add_argument("--emit-after", metavar="FILE",
                   help="write what the pass produced (cases joined by '// -----') to FILE")
    v.add_argument("--allow-unregistered-dialect", action="store_true",
                   help="parse ops of unregistered dialects, as iree-opt does with this flag")
    v.add_argument("--save-inputs", metavar="DIR", help=SAVE_INPUTS_DIR)
    _common(v, json_help=JSON_LINES)

    lt = sub.add_parser("validate-lit", help="replay the iree-opt RUN lines of lit test files and check every case",
                        epilog=VALIDATE_LIT_EXIT, formatter_class=argparse.RawDescriptionHelpFormatter)
    lt.add_argument("files", nargs="+", metavar="FILE", help="lit test files (.mlir with // RUN: lines)")
    lt.add_argument("-j", "--jobs", type=int, default=1, help="cases checked at once (forked processes)")
    lt.add_argument("--shard", metavar="I/N", help="check only the I-th of N interleaved shards of the cases")
    lt.add_argument("--case-timeout", type=float, default=120.0, metavar="S",
                    help="wall-clock limit per case; past it the case is unknown")
    lt.add_argument("--max-memory", type=_positive(int), default=8192, metavar="MIB", dest="memory_mb",
                    help="address space each case's process may use (RLIMIT_AS), in MiB")
    lt.add_argument("--memory-mb", type=_positive(int), default=argparse.SUPPRESS, dest="memory_mb",
                    help=argparse.SUPPRESS)  # the option's earlier name
    lt.add_argument("-v", "--verbose", action="store_true",
                    help="print the whole report of each failing case (incorrect or error) as it finishes")
    lt.add_argument("--save-inputs", metavar="DIR", help=SAVE_INPUTS_DIR)
    _common(lt, json_help=JSON_LINES)

    vp = sub.add_parser("validate-pipeline", help="compile with iree-compile and check every pass application "
                                                  "that changed the module")
    vp.add_argument("file", help="the input program: .mlir (compiled by iree-compile) or a TVMScript module .py "
                                 "(compiled by TVM for llvm)")
    vp.add_argument("compiler_flags", nargs="*", metavar="-- FLAG",
                    help="iree-compile flags after '--' (default target: local llvm-cpu)")
    from irverify.pipeline import PHASES

    vp.add_argument("--compile-from", choices=PHASES, default=None, help="the phase the input is at (default: start)")
    vp.add_argument("--compile-to", choices=PHASES, default=None,
                    help="the phase to stop after (default dispatch-creation)")
    from irverify.pipeline import TVM_PIPELINES

    vp.add_argument("--tvm-pipeline", choices=TVM_PIPELINES, default=None,
                    help="for a TVMScript module (.py): cpu = relax.get_default_pipeline(llvm), with fusion (the "
                         "default); build = what tvm.compile runs without a pipeline")
    vp.add_argument("--until", metavar="PASS", help="check nothing after the first application of PASS")
    vp.add_argument("--stop-at-first-incorrect", action="store_true", help="stop after the first incorrect pass")
    vp.add_argument("--bisect", action="store_true",
                    help="check the input against the last module; bisect over the passes only if that fails")
    _common(vp, json_help=JSON_LINES)

    pt = sub.add_parser("patterns", help="check the pattern catalogue: pattern x {static, dynamic, mixed}")
    pt.add_argument("names", nargs="*", metavar="NAME", help="catalogue entries (default: all)")
    pt.add_argument("--dir", help="pattern directory (default: the repository's patterns/)")
    _common(pt)

    ops = sub.add_parser("ops", help="list every modelled and opaque op, with its attributes, poison rule "
                                     "and memory effects")
    ops.add_argument("--dialect", metavar="D", help="only the ops of dialect D (a name prefix: relax, relax.nn)")
    ops_format = ops.add_mutually_exclusive_group()
    # not a JSON Lines record (``_fail`` prints an error to stderr, not as a summary record)
    ops_format.add_argument("--json", action="store_true", dest="ops_json",
                            help="print one JSON object: {\"ops\": [...]}")
    ops_format.add_argument("--markdown", action="store_true", help="print the README's table of supported ops")
    from irverify.cli_help import finish

    finish(p)
    return p


CHECK_JSON = ("print one JSON object, the case's record (verdict, functions, model, time_s, "
              "exit_code); a split input: JSON Lines, one record per case, then a summary (docs/json.md)")
JSON_LINES = "print JSON Lines: one record per case as it finishes, then a summary record (docs/json.md)"
SAVE_INPUTS_DIR = ("write the full counterexample inputs of each case that has one to "
                   "DIR/<file>[.run<R>].case<K>.npz (the JSON records cap large arrays)")
VALIDATE_LIT_EXIT = """\
RUN lines: an iree-opt/mlir-opt RUN line is replayed in-process (its pipeline or pass flags,
--split-input-file, --allow-unregistered-dialect); flags with no effect on the IR are ignored;
any other flag is dropped and the RUN line is listed as replayed without it; a RUN line with no
pass the installed compiler knows, or a pipeline it cannot parse, is not replayed (listed with
the reason); RUN lines of other tools (iree-compile, FileCheck, not iree-opt) are listed.

exit codes (lit's contract):
  0  every case checked is correct, unknown or unsupported, and every iree-opt RUN line was
     replayed as written
  1  a case is incorrect or error, or an iree-opt RUN line was not replayed or was replayed
     without some of its flags
  2  usage error, or no case was checked (no replayable iree-opt RUN line)"""


def _positive(kind):
    """An argparse type: a number of ``kind`` that must be > 0."""
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"invalid {kind.__name__} value: '{text}'") from None
        if not value > 0 or value != value or value == float("inf"):
            raise argparse.ArgumentTypeError(f"must be a finite number > 0, not '{text}'")
        return value

    parse.__name__ = kind.__name__
    return parse


def _common(p: argparse.ArgumentParser, json_help: str = JSON_LINES) -> None:
    p.add_argument("--json", action="store_true", help=json_help)
    p.add_argument("--timeout", type=_positive(float), default=20.0, metavar="S",
                   help="solver budget per query, in seconds of CPU time (default %(default)s)")
    p.add_argument("--no-confirm", action="store_true", help="do not run counterexamples on IREE/TVM")
    p.add_argument("--whole", action="store_true",
                   help="encode every function whole: no sharing of the ops a rewrite left unchanged, no cut "
                        "points, no 'unchanged' shortcut (slower; a check of the check)")
    p.add_argument("--fp", choices=["abstract", "real", "ieee"], default=None,
                   help="float model (default: abstract, escalating to exact IEEE where it cannot decide)")
    from irverify.model.assumptions import CONTESTED

    for c in CONTESTED.values():  # contested points of semantics: a verdict that depends on one names it
        p.add_argument(f"--{c.name}", choices=c.readings, default=None, dest=f"reading_{c.name.replace('-', '_')}",
                       help=f"default {c.default} ({c.why_default}); " + "; ".join(
                           f"{r}: {c.meaning[r]}" for r in c.readings))


def options_from(args):
    from irverify.verify.check import Options

    from irverify.model.assumptions import CONTESTED

    readings = {c.name: getattr(args, f"reading_{c.name.replace('-', '_')}", None) for c in CONTESTED.values()}
    return Options(fp=args.fp or "abstract", timeout_s=args.timeout, confirm=not args.no_confirm,
                   escalate=args.fp is None, verbose=getattr(args, "verbose", False),
                   align=not getattr(args, "whole", False),
                   readings={k: v for k, v in readings.items() if v is not None})


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # the reader went away (`irverify ... | head -1`): stop quietly
        _silence_stdout()
        return EXIT_ERROR


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that flushing it at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real stdout (e.g. captured by a test)
        pass


def _main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # A bare --shared-transform takes no value (it must not swallow the next file name).
    argv = ["--shared-transform=" if a == "--shared-transform" else a for a in argv]
    args = build_parser().parse_args(argv)
    try:
        if args.command == "check":
            return cmd_check(args)
        if args.command == "check-suite":
            from irverify.suite import run_suite

            return run_suite(args.dir, options_from(args), jobs=args.jobs, as_json=args.json,
                             memory_mib=args.max_memory)
        if args.command == "validate-pass":
            from irverify.validate import run_validate_pass

            return run_validate_pass(args, options_from(args))
        if args.command == "validate-lit":
            from irverify.lit_corpus import run_validate_lit

            return run_validate_lit(args, options_from(args))
        if args.command == "validate-pipeline":
            from irverify.pipeline import run_validate_pipeline

            return run_validate_pipeline(args, options_from(args))
        if args.command == "patterns":
            from irverify.patterns.run import main as run_patterns

            return run_patterns(args, options_from(args))
        if args.command == "ops":
            from irverify.ops_listing import run as list_ops

            return list_ops(args)
    except InputError as e:
        return _fail(args, Verdict.ERROR, str(e))
    except Unsupported as e:
        return _fail(args, Verdict.UNSUPPORTED, str(e))
    except KeyboardInterrupt:
        return _fail(args, Verdict.ERROR, "interrupted")
    except BrokenPipeError:
        raise
    except RecursionError:
        return _fail(args, Verdict.ERROR, "internal error: input nests too deeply")
    except Exception as e:  # never a traceback: an internal error is reported in one line
        if os.environ.get("IRVERIFY_DEBUG"):
            raise
        return _fail(args, Verdict.ERROR, f"internal error: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    return EXIT_ERROR


def cmd_check(args) -> int:
    from irverify.smt import solver

    if args.emit_smt2:
        solver.LOG.keep_smt2 = True
    if args.before == "-" and args.after == "-":
        raise InputError("only one input can be '-' (standard input)")
    chosen = (args.src_fn, args.tgt_fn)
    if any(chosen) and args.contract:
        raise InputError("--src-fn/--tgt-fn cannot be combined with --contract")
    if not args.json:
        return _check_inputs(args, chosen)
    import time

    from irverify.records import case_record, emit, input_of, sole_case_record

    start = time.perf_counter()
    try:
        return _check_inputs(args, chosen)
    except (InputError, Unsupported) as e:  # the one case has this verdict
        verdict = Verdict.ERROR if isinstance(e, InputError) else Verdict.UNSUPPORTED
        record = case_record("check", input_of(args.before, args.after), verdict, message=str(e),
                             time_s=time.perf_counter() - start)
        emit(sole_case_record(record, verdict.exit_code, time.perf_counter() - start))
        return verdict.exit_code


def _check_inputs(args, chosen) -> int:
    import time

    from irverify.cex.report import render
    from irverify.frontends import read
    from irverify.smt import solver
    from irverify.verify.check import check_modules

    start = time.perf_counter()
    inputs = [read(p) for p in (args.before, args.after) if p]
    from irverify.split import is_split

    if any(is_split(text) for text, _, _ in inputs):
        return _check_split(args, inputs, chosen)
    src, tgt = [frontend.parse(text, name) for text, name, frontend in inputs] + [None] * (2 - len(inputs))
    report = check_modules(src, tgt, options_from(args), contract=_contract_from(args), chosen=chosen)
    if args.emit_smt2:
        _write_smt2(args.emit_smt2, solver.LOG.smt2)
    saved = ""
    if args.save_inputs:
        from irverify.cex.save import save_inputs

        try:
            saved = args.save_inputs if save_inputs(args.save_inputs, report) else ""
            if not saved:
                print(f"irverify: note: no counterexample; {args.save_inputs} not written", file=sys.stderr)
        except InputError as e:  # the verdict stands; the file is not written
            saved = f"not saved: {e}"
            print(f"irverify: note: {e}; {args.save_inputs} not written", file=sys.stderr)
    if args.json:
        from irverify.records import case_record, emit, input_of, sole_case_record

        elapsed = time.perf_counter() - start
        record = case_record("check", input_of(args.before, args.after), report.verdict, report,
                             report.message, elapsed)
        from irverify import phases

        record["timings"]["phases"] = phases.snapshot()
        if saved:
            record["saved_inputs"] = saved
        emit(sole_case_record(record, report.verdict.exit_code, elapsed))
    else:
        print(render(report, verbose=args.verbose))
    return report.verdict.exit_code


def _check_split(args, inputs, chosen) -> int:
    """``check`` of inputs split by ``// -----`` lines (``irverify.split``), reported case by
    case: each case's header line, then its functions' reports exactly as an unsplit input
    prints them (so one FileCheck recipe fits both), then a table, the summary and the model
    (``--json``: one record per case, then a summary)."""
    from irverify.split import check_split
    from irverify.validate import print_results

    if args.contract or args.emit_smt2 or args.save_inputs:
        raise InputError("inputs split by '// -----' cannot be combined with --contract, --emit-smt2 "
                         "or --save-inputs")
    results = check_split(inputs, options_from(args), chosen)
    if args.json:
        from irverify.records import input_of

        return print_results(results, True, "check", input_of(args.before, args.after))[1]
    from irverify.cex.report import render_cases

    print(render_cases(results, verbose=args.verbose))
    return worst([r.verdict for r in results]).exit_code


def _contract_from(args):
    """The pass contract named by ``--contract`` (with its options), or None."""
    if args.contract is None:
        if args.shared_transform is not None:
            raise InputError("--shared-transform needs --contract lift-transform-params")
        return None
    from irverify.contracts import contract_named

    shared = args.shared_transform
    options = {}
    if shared is not None and args.contract != "lift-transform-params":
        raise InputError("--shared-transform needs --contract lift-transform-params")
    if shared is not None:
        names = [n.strip() for n in shared.split(",") if n.strip()]
        options["shared_transform"] = names or True
    return contract_named(args.contract, **options)


def _write_smt2(path: str, queries) -> None:
    from irverify.smt import solver

    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(solver.format_smt2(queries))
    except OSError as e:
        raise InputError(f"{path}: cannot write: {e.strerror}") from None


def _fail(args, verdict: Verdict, message: str) -> int:
    """A run that failed before it could check a case: a usage error, an unreadable input, an
    interruption. With ``--json`` only the summary record is printed (no case)."""
    if getattr(args, "json", False):
        from irverify.records import emit, summary_record

        emit(summary_record(args.command, [], verdict.exit_code, 0.0, message=message, verdict=verdict.value))
    elif verdict is Verdict.UNSUPPORTED and "unsupported: " in message:  # it names itself
        print(f"irverify: {message}", file=sys.stderr)
    else:
        print(f"irverify: {verdict.value}: {message}", file=sys.stderr)
    return verdict.exit_code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
