"""The output of ``irverify validate-lit``: results as cases finish, then lit-style sections.

Text: one line per case as it finishes (``VERDICT: FILE:LINE RUN#R @functions: kind: message
[time] (k of n)``), with ``-v`` the whole report of each failing (``incorrect`` or ``error``)
case below its line; on a terminal a progress bar (stderr) shows the cases done and the cases
running. Then: the failing cases, the unknown cases, the RUN lines not replayed (with the
reason), those replayed without some flags, those of other tools, the totals, the histograms of
unsupported constructs and error classes, and the outcome with the exit code.

``--json``: one case record per case as it finishes (``irverify.records``), then the summary
record, whose extra keys are ``files``, ``run_lines`` (every RUN line with its ``status``),
``incorrect_confirmed``, ``correct_unchanged``, ``unsupported`` and ``errors`` (histograms).
"""

from __future__ import annotations

import re
import sys
import time
from collections import Counter

from irverify.lit_corpus import NOT_REPLAYED, OTHER_TOOL, PARTIAL, REPLAYED, RunLine

FAILING = ("incorrect", "error")
EXIT_OK, EXIT_FAILED, EXIT_NOTHING = 0, 1, 2


class Reporter:
    """Prints ``validate-lit``'s results as they arrive and its summary at the end."""

    def __init__(self, runs: list[RunLine], total: int, as_json: bool, verbose: bool):
        from irverify.progress import Progress

        self.runs, self.total, self.as_json, self.verbose = runs, total, as_json, verbose
        self.done: list[tuple[int, dict]] = []  # (plan position, record)
        self.start = time.perf_counter()
        self.progress = Progress(total, unit="case")

    def tick(self, running) -> None:
        """Show the cases running (and for how long) on the progress bar."""
        shown = ", ".join(f"{job.run.path.rsplit('/', 1)[-1]}:{job.case.line} {seconds:.0f} s"
                          for job, seconds in running[:2])
        self.progress.status(f"running {shown}" + (" ..." if len(running) > 2 else ""))

    def case(self, job, record: dict, report: list[str]) -> None:
        self.done.append((job.number, record))
        if self.as_json:
            from irverify.records import emit

            self.progress.call(emit, record)
        else:
            self.progress.line(case_line(record, job.run) + f" ({len(self.done)} of {self.total})")
            if self.verbose and record["verdict"] in FAILING:  # the report below its case line
                body = report[1:] if report else ["  " + record["message"]]
                self.progress.line("\n".join([ln.rstrip() for ln in body] + [""]))
        self.progress.advance()

    def close(self) -> None:
        self.progress.close()

    def finish(self) -> int:
        """Print the summary; the exit code."""
        records = [r for _, r in sorted(self.done, key=lambda x: x[0])]
        summary = summarize(self.runs, records)
        code, outcome = exit_status(self.runs, records)
        if self.as_json:
            from irverify.records import emit, summary_record

            emit(summary_record("validate-lit", records, code, time.perf_counter() - self.start,
                                message=outcome, **summary))
        else:
            print_sections(self.runs, records, summary)
            print(outcome)
        return code


def exit_status(runs: list[RunLine], records: list[dict]) -> tuple[int, str]:
    """lit's contract: 2 when nothing was checked, 1 when a case failed or an iree-opt RUN line
    was not replayed as written, else 0; with a one-line outcome that says why."""
    if not records:
        why = "no iree-opt/mlir-opt RUN line" if not any(r.status in (REPLAYED, PARTIAL, NOT_REPLAYED)
                                                         for r in runs) else "no replayable case"
        return EXIT_NOTHING, (f"NOTHING CHECKED (exit {EXIT_NOTHING}): {why} in "
                              f"{_count(len({r.path for r in runs}), 'file')}")
    failing = sum(1 for r in records if r["verdict"] in FAILING)
    not_replayed = sum(1 for r in runs if r.status == NOT_REPLAYED)
    partial = sum(1 for r in runs if r.status == PARTIAL)
    reasons = [_count(failing, "failing case"),
               _count(not_replayed, "RUN line not replayed", "RUN lines not replayed"),
               _count(partial, "RUN line replayed without some flags", "RUN lines replayed without some flags")]
    reasons = [r for r, n in zip(reasons, (failing, not_replayed, partial)) if n]
    if reasons:
        return EXIT_FAILED, f"FAILED (exit {EXIT_FAILED}): " + ", ".join(reasons)
    return EXIT_OK, f"PASSED (exit {EXIT_OK}): {_count(len(records), 'case')}, none incorrect or error"


# ----------------------------------------------------------------------------- one case


def case_line(record: dict, run: RunLine) -> str:
    """``VERDICT: FILE:LINE RUN#R @f, @g[: why] [time]``."""
    names = ", ".join(f"@{f['name']}" for f in record["functions"] if f["verdict"] == record["verdict"]) \
        if record["verdict"] != "correct" else ", ".join(f"@{f['name']}" for f in record["functions"])
    where = f"{run.path}:{record['case']['line']} RUN#{run.index + 1}" + (f" {names}" if names else "")
    why = reason(record)
    return f"{record['verdict']}: {where}" + (f": {why}" if why else "") + f" [{record['timings']['total_s']:.2f} s]"


def _count(n: int, one: str, many: str = "") -> str:
    """``1 case``, ``2 cases`` (``many``: the plural when it is not ``one`` + s)."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def reason(record: dict) -> str:
    """Why a case is not ``correct``, in one line: its kind, and for an ``incorrect`` case where
    the results differ and which oracle showed it, else the message."""
    if record["verdict"] == "correct":
        return "unchanged by the pass" if record.get("changed") is False else ""
    fns = [f for f in record["functions"] if f["verdict"] == record["verdict"]]
    message = _first_line(fns[0]["message"] if fns and fns[0]["message"] else record["message"])
    if record["verdict"] == "unsupported":
        return message
    text = record["kind"] or ""
    if record["verdict"] != "incorrect" or not fns:
        return f"{text}: {message}" if message else text
    f = fns[0]
    cex = f["counterexample"] or {}
    if cex.get("output"):
        text += f" at {cex['output']}" + (str(cex["index"]) if cex.get("index") else "")
    backend = (f.get("execution") or {}).get("backend", "")
    text += {"execution": f", confirmed by {backend}",
             "evaluation": ", confirmed by irverify's concrete evaluation",
             "solver": ", found by the solver (not confirmed by execution)"}.get(f["oracle"], "")
    named = [a for a in f["assumptions"] if "=" in a]
    if named and contested(record):
        text += f" (rests on {', '.join(named)}; another reading decides it otherwise)"
    return text + (f": {message}" if message and not cex else "")


def _first_line(text: str, limit: int = 240) -> str:
    line = text.splitlines()[0] if text else ""
    return line if len(line) <= limit else line[:limit - 3] + "..."


# ----------------------------------------------------------------------------- summary


def construct(message: str) -> str:
    """The unsupported construct a message names, without locations and values
    (``op 'linalg.pack'``, ``attribute 'lowering_config' of 'linalg.generic'``)."""
    text = message.split("unsupported: ", 1)[-1]
    text = re.split(r"\s\(|;|: ", text, maxsplit=1)[0]
    text = re.sub(r"@[\w$.-]+", "@F", text)
    text = re.sub(r"affine_map<.*", "affine_map<...>", text)
    text = _elide_shaped_types(text)
    text = re.sub(r"\b\d+\b", "N", text)
    return text[:90]


def _elide_shaped_types(text: str) -> str:
    """``memref<?x4xf32, strided<[4, 1]>>`` -> ``memref<...>`` (likewise tensor, vector)."""
    out, i = [], 0
    for m in re.finditer(r"\b(memref|tensor|vector)<", text):
        if m.start() < i:
            continue
        depth, j = 0, m.end() - 1
        while j < len(text):
            depth += {"<": 1, ">": -1}.get(text[j], 0)
            if depth == 0:
                break
            j += 1
        out.append(text[i:m.start()] + m.group(1) + "<...>")
        i = j + 1
    return "".join(out) + text[i:]


def error_class(message: str) -> str:
    """An error's class: the compiler rejected the input, the pass failed, a time or memory
    limit, a module with only private functions, or irverify itself failed (with the exception
    type)."""
    if message.startswith("memory limit"):
        return "memory limit"
    if message.startswith("irverify failed"):
        return message.split(":")[0] + ": " + message.split(":")[1].strip()
    if "pass failed" in message:
        return "the pass failed on the input"
    if "pass produced invalid IR" in message:
        return "the pass produced invalid IR"
    if "signature" in message:
        return "signatures differ"
    if "no public function to check" in message:
        return "no public function to check"
    return "the installed compiler cannot parse the input"


def summarize(runs: list[RunLine], records: list[dict]) -> dict:
    """The keys ``validate-lit`` adds to the summary record."""
    confirmed = sum(1 for r in records if r["verdict"] == "incorrect"
                    and any(f.get("confirmed") for f in r["functions"]))
    unsupported = Counter(construct(r["message"]) for r in records if r["verdict"] == "unsupported")
    errors = Counter(error_class(r["message"]) for r in records if r["verdict"] == "error")
    return {
        "files": len({r.path for r in runs}),
        "run_lines": [r.to_json() for r in runs],
        "incorrect_confirmed": confirmed,
        "incorrect_contested": sum(1 for r in records if r["verdict"] == "incorrect" and contested(r)),
        # correct without encoding: the pass left the module unchanged
        "correct_unchanged": sum(1 for r in records if r["verdict"] == "correct" and r.get("changed") is False),
        "unsupported": dict(unsupported.most_common()), "errors": dict(errors.most_common()),
    }


def contested(record: dict) -> bool:
    """Does an ``incorrect`` case rest on a contested reading (``irverify.model.assumptions``:
    another reading of the semantics decides it otherwise)?"""
    from irverify.model.assumptions import CONTESTED

    return any(a.split("=")[0] in CONTESTED for f in record["functions"] if f["verdict"] == "incorrect"
               for a in f["assumptions"])


def print_sections(runs: list[RunLine], records: list[dict], summary: dict) -> None:
    by_run = {(r.path, r.index + 1): r for r in runs}

    def run_of(rec: dict) -> RunLine:
        return by_run[(rec["input"]["before"], rec["input"]["run"])]

    failing = [r for r in records if r["verdict"] in FAILING]
    unknown = [r for r in records if r["verdict"] == "unknown"]
    lines: list[str] = []
    if failing:
        lines.append(f"Failing cases ({len(failing)}):")
        lines += ["  " + case_line(r, run_of(r)) for r in failing]
        first = run_of(failing[0])
        lines.append(f"  (-v prints each failing case's report; one RUN line's cases alone: irverify validate-pass "
                     f"--iree-pipeline '{first.pipeline}' {first.path}{' --split-input-file' if first.split else ''})")
    if unknown:
        lines.append(f"Unknown cases ({len(unknown)}):")
        lines += ["  " + case_line(r, run_of(r)) for r in unknown]
    sections = ((NOT_REPLAYED, "RUN lines not replayed (their cases are not checked)"),
                (PARTIAL, "RUN lines replayed without some flags"),
                (OTHER_TOOL, "RUN lines of other tools (not replayed)"))
    for status, title in sections:
        chosen = [r for r in runs if r.status == status]
        if chosen:
            lines.append(f"{title} ({len(chosen)}):")
            lines += [f"  {r.label}: " + ("; ".join(r.dropped) if status == PARTIAL else r.problem) for r in chosen]
    if lines:
        print("\n" + "\n".join(lines))
    v = Counter(r["verdict"] for r in records)
    n = max(1, len(records))
    status = Counter(r.status for r in runs)
    labels = {REPLAYED: "replayed", PARTIAL: "replayed without some flags", NOT_REPLAYED: "not replayed",
              OTHER_TOOL: "of other tools"}
    kinds = ", ".join(f"{status[s]} {label}" for s, label in labels.items() if status[s])
    print()
    print(f"total: {_count(summary['files'], 'file')}, {_count(len(runs), 'RUN line')} ({kinds}), "
          f"{_count(len(records), 'case')}: "
          + ", ".join(f"{v[k]} {k} ({100 * v[k] / n:.1f}%)" for k in ("correct", "incorrect", "unknown",
                                                                     "unsupported", "error"))
          + f"; {summary['incorrect_confirmed']} incorrect confirmed by execution"
          + (f", {summary['incorrect_contested']} incorrect only under a contested reading (their assumptions)"
             if summary["incorrect_contested"] else ""))
    print(f"definitive (correct + incorrect): {100 * (v['correct'] + v['incorrect']) / n:.1f}%"
          f"; {summary['correct_unchanged']} of the correct cases are modules the pass left unchanged")
    times = sorted(r["timings"]["total_s"] for r in records)
    if times:
        def pct(q):
            return times[min(len(times) - 1, int(q * len(times)))]

        print(f"time per case: median {pct(0.5):.2f} s, p90 {pct(0.9):.2f} s, max {times[-1]:.2f} s")
    for title, key in (("unsupported constructs", "unsupported"), ("error classes", "errors")):
        if summary[key]:
            print(f"{title}:")
            for what, count in summary[key].items():
                print(f"  {count:5d}  {what}")
    sys.stdout.flush()
