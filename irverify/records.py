"""The JSON Lines output of every subcommand (``--json``): one schema, versioned.

Every line is one JSON object with ``"schema": SCHEMA`` and ``"record"``: ``"case"`` (one per
checked case, as each finishes) or ``"summary"`` (last, once). A ``check`` of one unsplit input
prints one object only, its case record with the run's ``exit_code`` and ``time_s``
(``sole_case_record``): the whole output is one JSON object. A case record has the same keys
whatever the subcommand: ``input`` (what was checked), ``case`` (which ``// -----`` chunk),
``verdict``, ``kind`` (the failure kind, a small enum), ``oracle`` (what the verdict rests
on), ``assumptions`` (the contested-semantics readings it rests on), ``message``, ``model``,
``functions`` (one object per function pair, with the same ``verdict``/``kind``/``oracle``/
``assumptions`` keys) and ``timings``. The summary has the overall ``verdict``, the
``exit_code`` of the run and the verdict counts. Arrays of more than ``ARRAY_CAP`` elements are
replaced by a capped object (shape, size and the first elements); ``--save-inputs`` writes the
full values. ``docs/json.md`` documents every key; ``docs/irverify.schema.json`` is the
machine-readable schema that the tests check every subcommand's output against.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any

from irverify.verify.verdict import FunctionReport, Report, Verdict, worst

SCHEMA = 2  # 2: a check of one unsplit input prints one object (its case record), no summary
ARRAY_CAP = 1024  # elements; a larger array is replaced by a capped object
CAPPED_HEAD = 64  # elements of a capped array kept (flattened, in row-major order)

VERDICTS = ("correct", "incorrect", "unknown", "unsupported", "error")
COMMANDS = ("check", "check-suite", "validate-pass", "validate-lit", "validate-pipeline", "patterns")

# ``kind``: why a verdict is not ``correct`` (``None`` for ``correct``).
KINDS = {
    "incorrect": ("value-mismatch", "shape-mismatch", "target-ub", "signature-changed", "function-removed",
                  "counterexample-too-large"),
    "unknown": ("timeout", "memory-limit", "float-model", "opaque-op", "oracle-disagreement",
                "source-unknown", "undecided"),
    "unsupported": ("unsupported-construct",),
    "error": ("input-error", "signature-changed", "pass-failed", "memory-limit", "internal-error"),
}
# ``oracle``: what a verdict rests on (``None`` when there is no verdict to rest: unknown,
# unsupported, error).
ORACLES = ("solver", "identity", "types", "execution", "evaluation")


# ----------------------------------------------------------------------------- kinds and oracles


def function_kind(fn: FunctionReport) -> str | None:
    """The failure kind of one function's verdict."""
    from irverify.verify.refinement import CHECK_SHAPES, CHECK_UB

    if fn.verdict is Verdict.CORRECT:
        return None
    if fn.verdict is Verdict.INCORRECT:
        if fn.kind:  # set by the check (``signature-changed``)
            return fn.kind
        cex = fn.counterexample
        if cex is not None:
            return {CHECK_SHAPES: "shape-mismatch", CHECK_UB: "target-ub"}.get(cex.check, "value-mismatch")
        if fn.message.startswith("public function @"):
            return "function-removed"
        if "too large to print" in fn.message:
            return "counterexample-too-large"
        return "signature-changed"  # a result's type or count changed (``result_difference``)
    return message_kind(fn.verdict, fn.message)


def message_kind(verdict: Verdict, message: str) -> str | None:
    """The failure kind of a verdict known only by its message (a case that produced no
    function reports: a parse error, a time limit, a pass failure)."""
    if verdict is Verdict.CORRECT:
        return None
    if verdict is Verdict.UNSUPPORTED:
        return "unsupported-construct"
    if verdict is Verdict.UNKNOWN:
        return _unknown_kind(message)
    if verdict is Verdict.ERROR:
        return _error_kind(message)
    return "value-mismatch"


def _unknown_kind(message: str) -> str:
    text = message.lower()
    if "memory" in text and "limit" in text:
        return "memory-limit"
    if "time limit" in text or "wall limit" in text or "timeout" in text or "budget spent" in text:
        return "timeout"
    if "abstract float model" in text or "approximate model" in text or "float models" in text:
        return "float-model"
    if "whose values irverify does not model" in text:
        return "opaque-op"
    if text.startswith("the oracles disagree"):
        return "oracle-disagreement"
    if "source value is not determined" in text:
        return "source-unknown"
    return "undecided"


def _error_kind(message: str) -> str:
    if "internal error" in message or message.startswith("irverify failed") or "process checking" in message:
        return "internal-error"  # a crash, or a worker that died (whatever its memory limit)
    if message.startswith("memory limit"):
        return "memory-limit"
    if "pass failed" in message or "pass produced invalid IR" in message:
        return "pass-failed"
    if "signature of @" in message:
        return "signature-changed"
    return "input-error"


def function_oracle(fn: FunctionReport) -> str | None:
    """What one function's verdict rests on (``ORACLES``)."""
    if fn.verdict is Verdict.CORRECT:
        return "identity" if fn.model == "identical" else "solver"
    if fn.verdict is not Verdict.INCORRECT:
        return None
    if fn.counterexample is None:
        return "solver" if "too large to print" in fn.message else "types"
    if fn.confirmation is not None and fn.confirmation.confirmed:
        return "execution"
    if fn.oracles:
        return "evaluation"
    return "solver"


def function_assumptions(fn: FunctionReport) -> list[str]:
    """The readings of contested semantics a function's verdict rests on: the named readings
    of ``irverify.model.assumptions`` the check found the verdict to depend on
    (``affine-overflow=wrap``; each can be changed by its flag), then the readings the encoding
    states in a note where irverify fixes one reading of a definition that is silent (memref
    arguments as whole, non-aliasing buffers; a trace not compared; a PrimFunc kept opaque as a
    function of its structure)."""
    named = list(fn.assumptions)
    if not fn.notes:
        return named
    from irverify.semantics.flow import TRACE_NOTE
    from irverify.semantics.memref import ARGUMENT_NOTE

    fixed = {ARGUMENT_NOTE, TRACE_NOTE}
    noted = [n for n in fn.notes if n in fixed or n.startswith("call_tir of a PrimFunc kept opaque")]
    return list(dict.fromkeys(named + noted))


# ----------------------------------------------------------------------------- records


def function_record(fn: FunctionReport) -> dict:
    """One function pair's object: ``FunctionReport.to_json`` with ``kind``, ``oracle`` and
    ``assumptions``, its large arrays capped."""
    out = fn.to_json()
    out["kind"] = function_kind(fn)
    out["oracle"] = function_oracle(fn)
    out["assumptions"] = function_assumptions(fn)
    return cap_arrays(out)


def input_of(before: str, after: str | None = None, pass_: str | None = None, run: int | None = None,
             name: str | None = None) -> dict:
    """The ``input`` object: the source file (``before``; for ``validate-*`` the file the pass
    ran on, for ``patterns`` the catalogue file), the target file (``after``, ``None`` when a
    pass produced it or the file holds both sides), the pass (a pipeline or TVM pass expression),
    the lit RUN line (1-based) and a name (a ``check-suite`` pair, a ``patterns`` instance)."""
    return {"before": before, "after": after, "pass": pass_, "run": run, "name": name}


def case_record(command: str, input_: dict, verdict: Verdict, report: Report | None = None,
                message: str = "", time_s: float = 0.0, index: int = 0, line: int = 1,
                functions: list[dict] | None = None, model: str = "", **extra: Any) -> dict:
    """One case's record; ``extra`` adds the subcommand's own keys (``changed``, ``diff``,
    ``peak_rss_mib``, ``column``, ...; see ``docs/json.md``). ``functions`` and ``model``
    replace the report's (a ``check-suite`` pair split into cases gives its cases' functions)."""
    if functions is None:
        functions = [function_record(f) for f in report.functions] if report else []
    decisive = [f for f in functions if f["verdict"] == verdict.value]
    if decisive:
        kind, oracle = decisive[0]["kind"], decisive[0]["oracle"]
    else:
        kind, oracle = message_kind(verdict, message), None
    if verdict is Verdict.CORRECT:
        oracle = functions[0]["oracle"] if functions else None
        if any(f["oracle"] == "solver" for f in functions):
            oracle = "solver"
    assumptions = list(dict.fromkeys(a for f in functions for a in f["assumptions"]))
    return {
        "schema": SCHEMA, "record": "case", "command": command,
        "input": input_, "case": {"index": index, "line": line},
        "verdict": verdict.value, "kind": kind, "oracle": oracle, "assumptions": assumptions,
        "message": message, "model": report.model if report else model,
        "functions": functions, "timings": {"total_s": round(time_s, 4)},
        **extra,
    }


def summary_record(command: str, cases: list[dict], exit_code: int, total_s: float,
                   message: str = "", verdict: str | None = None, **extra: Any) -> dict:
    """The last record: the overall verdict (the worst of the cases', ``error`` when a run-level
    error left no case, unless given), the run's exit code, verdict counts and timings."""
    counts = Counter(c["verdict"] for c in cases)
    if verdict is None:
        verdict = worst([Verdict(c["verdict"]) for c in cases]).value if cases else \
            (Verdict.ERROR.value if exit_code else Verdict.CORRECT.value)
    times = sorted(c["timings"]["total_s"] for c in cases)

    def pct(q: float) -> float:
        return times[min(len(times) - 1, int(q * len(times)))] if times else 0.0

    return {
        "schema": SCHEMA, "record": "summary", "command": command,
        "verdict": verdict, "exit_code": exit_code, "message": message,
        "cases": len(cases), "verdicts": {v: counts.get(v, 0) for v in VERDICTS},
        "signature_changed": sum(1 for c in cases if signature_changed_only(c)),
        "timings": {"total_s": round(total_s, 4), "case_median_s": pct(0.5), "case_p90_s": pct(0.9),
                    "case_max_s": times[-1] if times else 0.0},
        **extra,
    }


def sole_case_record(record: dict, exit_code: int, time_s: float) -> dict:
    """The whole ``--json`` output of a run with exactly one case and nothing to summarise (a
    ``check`` of one unsplit input): its case record, with the run's ``exit_code`` and
    ``time_s`` (what a summary would add)."""
    return {**record, "exit_code": exit_code, "time_s": round(time_s, 4)}


def signature_changed_only(case: dict) -> bool:
    """Is a case ``incorrect`` only because public signatures changed (no miscompile)?"""
    bad = [f for f in case["functions"] if f["verdict"] == "incorrect"]
    return case["verdict"] == "incorrect" and bool(bad) and all(f["kind"] == "signature-changed" for f in bad)


def emit(record: dict, stream=None) -> None:
    """Print one record as one line, flushed (a reader sees each case as it finishes)."""
    print(json.dumps(record), file=stream or sys.stdout, flush=True)


def read_records(text: str) -> tuple[list[dict], dict | None]:
    """The case records and the summary of a subcommand's ``--json`` output (lines that are
    not records are skipped); the summary of a sole case record is derived from it."""
    cases, summary = [], None
    for line in text.splitlines():
        if not line.startswith("{"):
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError:
            continue
        if obj.get("record") == "case":
            cases.append(obj)
        elif obj.get("record") == "summary":
            summary = obj
    if summary is None and len(cases) == 1 and "exit_code" in cases[0]:  # sole_case_record
        case = cases[0]
        summary = summary_record(case["command"], cases, case["exit_code"], case["time_s"])
    return cases, summary


# ----------------------------------------------------------------------------- capping arrays


def cap_arrays(obj: Any, cap: int = ARRAY_CAP) -> Any:
    """``obj`` with every nested list of more than ``cap`` leaf elements replaced by
    ``{"capped": true, "shape", "size", "head"}`` (``head``: the first ``CAPPED_HEAD`` elements,
    flattened in row-major order; ``shape`` is ``None`` for a ragged list)."""
    if isinstance(obj, dict):
        return {k: cap_arrays(v, cap) for k, v in obj.items()}
    if not isinstance(obj, list):
        return obj
    size = _leaf_count(obj, cap)
    if size <= cap:
        return [cap_arrays(v, cap) for v in obj]
    flat = _flatten(obj)
    return {"capped": True, "shape": _shape(obj), "size": len(flat), "head": flat[:CAPPED_HEAD]}


def _leaf_count(obj: list, cap: int) -> int:
    """The number of leaves of a nested list, counted up to just past ``cap``."""
    n = 0
    stack = [obj]
    while stack and n <= cap:
        x = stack.pop()
        if isinstance(x, list):
            stack.extend(x)
        else:
            n += 1
    return n if not stack else cap + 1


def _flatten(obj: list) -> list:
    out: list = []
    stack = [iter(obj)]
    while stack:
        for x in stack[-1]:
            if isinstance(x, list):
                stack.append(iter(x))
                break
            out.append(x)
        else:
            stack.pop()
    return out


def _shape(obj: Any) -> list[int] | None:
    """The extents of a rectangular nested list (``None`` if ragged)."""
    if not isinstance(obj, list):
        return []
    inner = [_shape(x) for x in obj]
    if any(s is None or s != inner[0] for s in inner):
        return None
    return [len(obj)] + (inner[0] if inner else [])


def case_or_summary(text: str) -> dict:
    """The first case record of ``--json`` output (``read_records``), else its summary, else an
    ``error`` object: what one check of one pair reported."""
    cases, summary = read_records(text)
    return cases[0] if cases else summary or {"verdict": "error", "message": "no JSON output"}

