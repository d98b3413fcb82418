"""What ``irverify --help`` and ``irverify COMMAND --help`` show besides the options: each
command's exit codes, and every option's default."""

from __future__ import annotations

import argparse

from irverify.verify.verdict import EXIT_CODES, SEVERITY, Verdict

# What each verdict means (README, "Verdicts and exit codes").
MEANING = {
    Verdict.CORRECT: "proved for all inputs and all dims",
    Verdict.INCORRECT: "counterexample found",
    Verdict.ERROR: "bad input (file:line:col), mismatched signatures, usage error",
    Verdict.UNSUPPORTED: "an op, attribute or construct is not modelled (named, with its location)",
    Verdict.UNKNOWN: "solver timeout, or a counterexample only under the abstract float model",
}


def verdict_codes(of_what: str) -> str:
    order = " < ".join(v.value for v in SEVERITY)
    rows = [f"  {EXIT_CODES[v]}  {v.value:<11}  {MEANING[v]}" for v in sorted(Verdict, key=EXIT_CODES.get)]
    return f"exit codes, of the worst verdict {of_what}\n({order}):\n" + "\n".join(rows)


# command -> its exit codes, as the command returns them (validate-lit gives its own epilog,
# ``cli.VALIDATE_LIT_EXIT``)
EXIT_HELP = {
    "check": verdict_codes("of the functions checked"),
    "check-suite": verdict_codes("over all pairs"),
    "validate-pass": verdict_codes("over all cases"),
    "validate-pipeline": verdict_codes("over all pass applications checked (2 also when iree-compile or the TVM compile fails)"),
    "patterns": ("exit codes:\n"
                 "  0  every verdict is the one its catalogue entry expects\n"
                 "  1  a verdict differs from the one its entry expects\n"
                 "  2  usage error, or an unknown entry name"),
    "ops": ("exit codes:\n"
            "  0  listed\n"
            "  2  usage error, or a dialect with no modelled or opaque op"),
}

TOP_LEVEL = """\
exit codes of check, check-suite, validate-pass and validate-pipeline, of the worst verdict:
  0 correct, 1 incorrect, 2 error (bad input or usage), 3 unsupported, 4 unknown;
of validate-lit, patterns and ops: see COMMAND --help."""


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Epilogs as written; an option's default appended to its help unless the help names it."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if (not action.option_strings or default in (None, False, argparse.SUPPRESS)
                or "default" in text or text == argparse.SUPPRESS):
            return text
        return f"{text} (default: %(default)s)"


def finish(parser: argparse.ArgumentParser) -> None:
    """Give every subcommand its exit codes (unless its epilog already has them) and defaults."""
    parser.formatter_class = HelpFormatter
    parser.epilog = parser.epilog or TOP_LEVEL
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                sub.formatter_class = HelpFormatter
                if name in EXIT_HELP and not (sub.epilog and "exit code" in sub.epilog):
                    sub.epilog = "\n\n".join(x for x in (sub.epilog, EXIT_HELP[name]) if x)
