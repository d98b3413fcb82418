"""Verdicts, exit codes and the report objects (the ``--json`` schema is ``Report.to_json``)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class Verdict(enum.Enum):
    CORRECT = "correct"
    INCORRECT = "incorrect"
    ERROR = "error"
    UNSUPPORTED = "unsupported"
    UNKNOWN = "unknown"

    @property
    def exit_code(self) -> int:
        return EXIT_CODES[self]


EXIT_CODES = {
    Verdict.CORRECT: 0,
    Verdict.INCORRECT: 1,
    Verdict.ERROR: 2,
    Verdict.UNSUPPORTED: 3,
    Verdict.UNKNOWN: 4,
}

# When functions disagree, the overall verdict is the worst one in this order.
SEVERITY = [Verdict.CORRECT, Verdict.UNKNOWN, Verdict.UNSUPPORTED, Verdict.INCORRECT, Verdict.ERROR]


def worst(verdicts: list[Verdict]) -> Verdict:
    return max(verdicts, key=SEVERITY.index, default=Verdict.CORRECT)


@dataclass
class Counterexample:
    """A concrete input on which the target does not refine the source."""

    check: str  # which refinement check failed (its fixed message)
    dims: dict[str, int] = field(default_factory=dict)
    scalars: dict[str, Any] = field(default_factory=dict)
    tensors: dict[str, Any] = field(default_factory=dict)  # name -> numpy array
    output: str = ""  # which output differs ("result #0", "binding 0")
    index: list[int] = field(default_factory=list)
    source_value: Any = None
    target_value: Any = None
    ub_reasons: list[str] = field(default_factory=list)
    arg_order: list[str] = field(default_factory=list)  # argument names in call order
    # Arguments that are poison: name -> True (a scalar) or the poison indices (a tensor)
    poison_inputs: dict[str, Any] = field(default_factory=dict)
    # The arguments' declared types (irverify ``Type``s) and the differing element's type
    types: dict[str, Any] = field(default_factory=dict)
    value_type: Any = None
    # --verbose: "source"/"target" -> [{"name", "type", "value", "poison"}] (``cex.extract``)
    intermediate: dict[str, list] = field(default_factory=dict)
    intermediate_note: str = ""  # why intermediate values asked for are not given
    verbose: bool = field(default=True, repr=False)  # intermediate values asked for (JSON gives them)

    def to_json(self) -> dict:
        return {
            "check": self.check,
            "dims": self.dims,
            "scalars": {k: _plain(v) for k, v in self.scalars.items()},
            "tensors": {k: _plain(v) for k, v in self.tensors.items()},
            "output": self.output,
            "index": self.index,
            "source_value": _plain(self.source_value),
            "target_value": _plain(self.target_value),
            "ub_reasons": self.ub_reasons,
            "types": {k: str(v) for k, v in self.types.items()},
            "value_type": str(self.value_type) if self.value_type is not None else None,
            **({"poison_inputs": {k: _plain(v) for k, v in self.poison_inputs.items()}}
               if self.poison_inputs else {}),  # only when some argument is poison
            **({"intermediate": {side: [{"name": e["name"], "type": str(e["type"]), "value": _plain(e["value"]),
                                         **({"poison": e["poison"]} if e["poison"] else {})} for e in entries]
                                 for side, entries in self.intermediate.items()}}
               if self.intermediate and self.verbose else {}),  # only with --verbose
            **({"intermediate_note": self.intermediate_note} if self.intermediate_note and self.verbose else {}),
        }


@dataclass
class Confirmation:
    """What running both programs on the real compiler showed."""

    confirmed: bool | None  # None: not run or not applicable
    backend: str = ""
    detail: str = ""
    source_output: Any = None
    target_output: Any = None

    def to_json(self) -> dict:
        return {"confirmed": self.confirmed, "backend": self.backend, "detail": self.detail,
                "source_output": _plain(self.source_output), "target_output": _plain(self.target_output)}


@dataclass
class FunctionReport:
    name: str
    verdict: Verdict
    counterexample: Counterexample | None = None
    confirmation: Confirmation | None = None
    notes: list[str] = field(default_factory=list)
    source_ub: dict | None = None
    message: str = ""
    model: str = ""  # the float theory that gave the verdict ("abstract", "ieee", "real")
    float_undecided: bool = False  # unknown only because of an approximate float model
    pending_approx: list[str] = field(default_factory=list, repr=False)  # confirmation deferred
    oracles: list[str] = field(default_factory=list)  # what confirmed the counterexample
    kind: str = ""  # what kind of finding an ``incorrect`` is: "signature-changed", or "" (a miscompile)
    excerpt: list[str] = field(default_factory=list, repr=False)  # the text report's echo of the lines
    # contested readings the verdict rests on ("affine-overflow=wrap"; ``model.assumptions``)
    assumptions: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            **({"kind": self.kind} if self.kind else {}),
            "name": self.name,
            "model": self.model,
            "verdict": self.verdict.value,
            "counterexample": self.counterexample.to_json() if self.counterexample else None,
            "confirmed": self.confirmation.confirmed if self.confirmation else None,
            "execution": self.confirmation.to_json() if self.confirmation else None,
            "oracles": self.oracles,
            "notes": self.notes,
            "assumptions": self.assumptions,
            "source_ub": self.source_ub,
            "message": self.message,
        }


@dataclass
class Report:
    verdict: Verdict
    functions: list[FunctionReport]
    model: str
    time_s: float = 0.0
    message: str = ""

    def to_json(self) -> dict:
        return {
            "verdict": self.verdict.value,
            "functions": [f.to_json() for f in self.functions],
            "model": self.model,
            "time_s": round(self.time_s, 4),
            "message": self.message,
        }


def _plain(v: Any) -> Any:
    """numpy arrays and scalars as JSON-friendly Python values (NaN/inf as strings)."""
    try:
        import numpy as np
    except ImportError:  # pragma: no cover
        np = None
    if np is not None and isinstance(v, np.ndarray):
        return [_plain(x) for x in v.tolist()] if v.ndim else _plain(v.item())
    if np is not None and isinstance(v, np.generic):
        return _plain(v.item())
    if isinstance(v, list):
        return [_plain(x) for x in v]
    if isinstance(v, float) and (v != v or v in (float("inf"), float("-inf"))):
        return str(v)
    return v
