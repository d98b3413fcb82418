#!/usr/bin/env python3
"""Run irverify on the mlir-tv peer suite and compare with the suite's expected verdicts.

    tools/run_mlir_tv.py [SUITE_DIR] [--jobs N] [--timeout S] [--no-confirm] [--json]
                         [--filter SUBSTR] [--identity] [--fp MODEL]

``SUITE_DIR`` (default ``testdata/peer-suites/mlir-tv`` in the repository) holds
``manifest.tsv``. Pairs whose ``dialects`` include one of ``EXCLUDED_DIALECTS`` are skipped
(the count is printed); the rest (tensor/linalg/arith/func/affine) are checked in parallel with
``irverify.suite.run_pairs``, each once, exactly as ``irverify check`` runs without flags (no
retries with other options; irverify itself escalates to exact IEEE floats where the abstract
model cannot decide, and the JSON ``model`` of a pair says which model decided).

Figures (235 pairs selected; plain command line, IREE confirmation on, ``--timeout 10``, on a
2-core machine shared with other jobs, load average about 15):

* before floats by default (commit 3094dff, abstract floats only; the same run as
  ``python tools/run_mlir_tv.py -j 2 --retry-fp none`` then): 0 soundness failures, agreement
  132/207 = 63.8%, 67 ``unknown`` (59 of them the abstract float model), 122 s;
* after (``python tools/run_mlir_tv.py -j 2``): 0 soundness failures, agreement 184/211 =
  87.2%, 19 ``unknown``, 399 s. The 27 disagreements: 7 by design, 2 inputs MLIR's verifier
  rejects, 4 shifts by the bit width (poison, not tracked through later ops), 6 solver timeouts
  of float-conversion comparisons under the machine's load (each decides in under 2 s of CPU
  alone), 7 float reductions or opaque convolutions (an uninterpreted fold in an unspecified
  order), 1 ``tensor.pad`` (``pad2``).
* later (``python tools/run_mlir_tv.py -j 2``, load average about 12): before float reductions
  in every order, named convolutions and the overrides, 194/211 = 91.9% (17 disagreements: 7 by
  design, 5 float reductions, 2 opaque convolutions, 2 invalid inputs, ``pad2``); after, 0
  soundness failures, 205/208 = 98.6% with the 5 overrides below (201/209 = 96.2% on the
  suite's own labels), 359 s. The 3 disagreements: ``pad2`` (the target pads a tensor whose
  dim 0 can be 2^63 - 3, so its extent overflows index: irverify's dims are unbounded, mlir-tv
  bounds them), ``nhwc_filter`` (the convolution against its im2col form with a 14x14 output:
  a solver timeout) and ``shift`` (a wall-clock timeout under load; it decides in 0.4 s).
* 2026-11-26 (``python tools/run_mlir_tv.py -j 1``, next to a fuzzing run, 339 s): 0 soundness
  failures, 208/210 = 99.0% (204/211 = 96.7% on the suite's own labels). The 2 disagreements:
  ``pad2`` (as above) and ``trunc_cmpf_eq-bad`` (``unknown``: its counterexample compared two
  subnormal f64 inputs, which IREE's llvm-cpu code flushes to zero, so execution disagreed;
  counterexamples with subnormal inputs are now retried without them, and the pair is
  ``incorrect``, confirmed).

Each pair prints ``name expected verdict STATUS reason`` where STATUS is

* ``AGREE``: irverify's verdict matches the suite's ``expected`` column;
* ``DISAGREE``: it does not; the reason says why, and ``by design:`` marks the differences that
  come from the suite's own semantic choices (mlir-tv flags in ``args``/``semantic_args``, reads
  of uninitialised ``tensor.empty`` contents) rather than from irverify;
* ``UNSUPPORTED``: irverify does not model an op or construct of the pair (named in the reason);
* ``NO-EXPECTATION``: the suite itself marks the pair UNSUPPORTED (no expected verdict), or the
  manifest records that its files do not parse/verify with MLIR 3.13 (``parse_modernized`` = 0)
  and irverify rejects them.

``EXPECTATION_OVERRIDES`` replaces the manifest's label of a few pairs whose label does not hold
for the IR as IREE runs it; each entry says why, the line of such a pair says so, and the summary
gives the agreement on the suite's own labels as well.

The summary gives (a) the soundness failures: pairs irverify calls ``correct`` although the suite
says ``not-equivalent`` (must be zero; listed loudly), (b) the agreement on the pairs irverify
supports (verdict other than ``unsupported``, with an expectation), (c) counts per verdict.
``--identity`` also checks src against src and tgt against tgt (both must be ``correct``) unless
the pair says ``SKIP-IDCHECK``. The exit code is 1 when there is a soundness failure (or an
identity check is ``incorrect``), else 0.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

DEFAULT_SUITE = REPO_ROOT / "testdata" / "peer-suites" / "mlir-tv"
EXCLUDED_DIALECTS = ("tosa", "memref", "bufferization", "sparse_tensor", "shape", "math")
SKIP_IDCHECK = "[SKIP-IDCHECK]"

AGREE, DISAGREE, UNSUPPORTED, NO_EXPECTATION = "AGREE", "DISAGREE", "UNSUPPORTED", "NO-EXPECTATION"

# Reason categories (``Outcome.category``).
CAT_AGREE = "agree"
CAT_UNSUPPORTED = "unsupported"
CAT_NO_EXPECTATION = "no-expectation"
CAT_SOUNDNESS = "soundness"  # correct vs not-equivalent: an irverify bug
CAT_IDENTITY = "identity"  # an identity check that is not correct
CAT_BY_DESIGN = "by-design"  # the suite's semantics differ from irverify's on purpose
CAT_ABSTRACT_FLOAT = "abstract-float"  # cannot decide under the abstract float model
CAT_TIMEOUT = "timeout"
CAT_INPUT = "input"  # irverify rejects the input (parse, signatures)
CAT_INTERNAL = "internal-error"
CAT_COUNTEREXAMPLE = "counterexample"  # incorrect where the suite expects correct
CAT_OTHER = "other"

SHIFT_OPS = {"arith.shli", "arith.shrsi", "arith.shrui"}

# Pairs whose expected verdict in the manifest does not hold for the IR as IREE compiles and runs
# it (IEEE floats, 64-bit index, no mlir-tv flags): pair name -> (the expectation used instead,
# why). Each was checked by reasoning about the op definitions and, where a counterexample is
# named, by running both sides on IREE (llvm-cpu). The suite's files are never edited; the
# summary reports the agreement both with these overrides and on the suite's own labels.
EXPECTATION_OVERRIDES: dict[str, tuple[str, str]] = {
    "litmus/linalg-loops/sum-assoc": (
        "not-equivalent",
        "sums 10,000 floats in row-major vs column-major order; IEEE addition is not associative "
        "(the suite's verdict needs mlir-tv's --associative); IREE execution shows different sums"),
    "litmus/linalg-loops/sum-assoc-f64": (
        "not-equivalent",
        "as sum-assoc on f64: the verdict needs mlir-tv's --associative; IREE execution shows "
        "different sums"),
    "litmus/tensor-ops/use-neg-zero": (
        "not-equivalent",
        "pads with -0.0 vs +0.0: the results differ in the sign of zero (the suite's verdict needs "
        "mlir-tv's -use-neg-zero); IREE execution shows -0.0 vs 0.0"),
    "litmus/arith-ops/shli_index_ub": (
        "not-equivalent",
        "index is 64-bit on IREE's llvm-cpu target (32-bit in mlir-tv), so shli by 32 is defined "
        "(v << 32), not poison; the target's constant 0xf0f0f0f0 differs at v = 0 on IREE"),
    "litmus/linalg-ops/dot_assoc_varlen": (
        "unsupported/unknown",
        "the pair's EXPECT line is mlir-tv's own unsupported message ('Only an array of constant "
        "length is supported'): mlir-tv gives no verdict"),
}

ABSTRACT_MARK = "abstract float model"


@dataclass(frozen=True)
class Case:
    """One manifest row (or an identity check derived from one)."""

    name: str
    src: str  # absolute paths
    tgt: str
    expected: str
    dialects: tuple[str, ...] = ()
    ops: tuple[str, ...] = ()
    keyword: str = ""
    args: str = ""
    semantic_args: bool = False
    parses: bool = True
    note: str = ""
    skip_idcheck: bool = False
    identity: bool = False
    suite_expected: str = ""  # the manifest's own label when an override replaces it
    override: str = ""  # why (EXPECTATION_OVERRIDES)


@dataclass
class Outcome:
    status: str
    category: str
    reason: str

    @property
    def soundness(self) -> bool:
        return self.category == CAT_SOUNDNESS


@dataclass
class Result:
    case: Case
    record: dict
    outcome: Outcome
    model: str = "abstract"  # the float model of the verdict shown
    suite_outcome: Outcome | None = None  # against the manifest's own label (when overridden)


@dataclass
class Summary:
    selected: int
    skipped: int
    results: list[Result] = field(default_factory=list)
    time_s: float = 0.0
    jobs: int = 1

    @property
    def soundness_failures(self) -> list[Result]:
        return [r for r in self.results if r.outcome.soundness]

    @property
    def identity_failures(self) -> list[Result]:
        return [r for r in self.results if r.case.identity and r.record["verdict"] == "incorrect"]

    @property
    def supported(self) -> list[Result]:
        """Pairs with an expectation whose verdict is not ``unsupported``."""
        return [r for r in self.results
                if r.outcome.status in (AGREE, DISAGREE)]

    @property
    def agreement(self) -> float:
        sup = self.supported
        return 100.0 * sum(r.outcome.status == AGREE for r in sup) / len(sup) if sup else 0.0

    def suite_label_agreement(self) -> tuple[int, int]:
        """(agree, supported) against the manifest's own labels, ignoring the overrides."""
        outs = [r.suite_outcome or r.outcome for r in self.results]
        sup = [o for o in outs if o.status in (AGREE, DISAGREE)]
        return sum(o.status == AGREE for o in sup), len(sup)

    def verdict_counts(self) -> Counter:
        return Counter(r.record["verdict"] for r in self.results)

    def status_counts(self) -> Counter:
        return Counter(r.outcome.status for r in self.results)


# ----------------------------------------------------------------------------- manifest


def read_manifest(suite_dir: str | os.PathLike) -> list[Case]:
    suite = Path(suite_dir)
    path = suite / "manifest.tsv"
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    cases = []
    for r in rows:
        args = r.get("args", "") or ""
        expected, why = EXPECTATION_OVERRIDES.get(r["name"], (r["expected"], ""))
        cases.append(Case(
            name=r["name"],
            src=str((suite / r["src"]).resolve()),
            tgt=str((suite / r["tgt"]).resolve()),
            expected=expected,
            suite_expected=r["expected"],
            override=why,
            dialects=tuple(d for d in r.get("dialects", "").split(",") if d),
            ops=tuple(o for o in r.get("ops", "").split(",") if o),
            keyword=r.get("mlirtv_keyword", "") or "",
            args=args.replace(SKIP_IDCHECK, "").strip(),
            semantic_args=(r.get("semantic_args") or "0").strip() == "1",
            parses=(r.get("parse_modernized") or "1").strip() == "1",
            note=r.get("note", "") or "",
            skip_idcheck=SKIP_IDCHECK in args,
        ))
    return cases


def select(cases: list[Case], substr: str = "") -> tuple[list[Case], list[Case]]:
    """(selected, skipped): skipped pairs use an excluded dialect; ``substr`` filters by name
    (pairs it filters out are neither selected nor counted as skipped)."""
    chosen = [c for c in cases if substr in c.name]
    skipped = [c for c in chosen if set(c.dialects) & set(EXCLUDED_DIALECTS)]
    selected = [c for c in chosen if not set(c.dialects) & set(EXCLUDED_DIALECTS)]
    return selected, skipped


def identity_cases(cases: list[Case]) -> list[Case]:
    """src vs src and tgt vs tgt for every pair without ``SKIP-IDCHECK`` (both must be correct)."""
    out = []
    for c in cases:
        if c.skip_idcheck:
            continue
        for side, path in (("src", c.src), ("tgt", c.tgt)):
            out.append(Case(f"{c.name} [{side}={side}]", path, path, "equivalent", c.dialects, c.ops,
                            c.keyword, c.args, c.semantic_args, c.parses, c.note, identity=True))
    return out


def sample(cases: list[Case], n: int) -> list[Case]:
    """``n`` cases chosen deterministically, skipping ``long-opts`` (slow by construction): half
    of them spread evenly over the ``not-equivalent`` pairs (where a soundness failure would
    show), the rest spread evenly over the other pairs; returned sorted by name."""
    pool = sorted((c for c in cases if not c.name.startswith("long-opts/")), key=lambda c: c.name)
    if len(pool) <= n:
        return pool
    bad = [c for c in pool if c.expected == "not-equivalent"]
    rest = [c for c in pool if c.expected != "not-equivalent"]
    n_bad = min(n // 2, len(bad))
    picked = _spread(bad, n_bad) + _spread(rest, n - n_bad)
    return sorted(picked, key=lambda c: c.name)


def _spread(items: list[Case], n: int) -> list[Case]:
    if len(items) <= n:
        return list(items)
    step = len(items) / n
    return [items[int(k * step)] for k in range(n)]


# ----------------------------------------------------------------------------- classification


def _strip_location(message: str) -> str:
    """``file:line:col: unsupported: op 'x'`` -> ``unsupported: op 'x'``."""
    key = "unsupported: "
    k = message.find(key)
    return message[k:] if k >= 0 else message


def _strip_path(reason: str) -> str:
    """``/long/path/file.mlir:6:10: text`` -> ``file.mlir:6:10: text``."""
    head, sep, rest = reason.partition(": ")
    return (os.path.basename(head) + sep + rest) if sep and os.sep in head else reason


def _functions(record: dict) -> list[dict]:
    return record.get("functions") or []


def _worst_function(record: dict) -> dict | None:
    for f in _functions(record):
        if f.get("verdict") == record["verdict"]:
            return f
    return None


def _source_ub_reasons(record: dict) -> list[str]:
    out = []
    for f in _functions(record):
        ub = f.get("source_ub") or {}
        out += ub.get("conditions", [])
    return out


def _cex_summary(f: dict | None) -> str:
    if not f or not f.get("counterexample"):
        return ""
    cex = f["counterexample"]
    where = f" at {cex.get('output')}" if cex.get("output") else ""
    idx = f" index {cex['index']}" if cex.get("index") else ""
    vals = ""
    if cex.get("check") == "value mismatch":
        vals = f" (src {cex.get('source_value')!r}, tgt {cex.get('target_value')!r})"
    conf = {True: "confirmed by IREE", False: "NOT reproduced by IREE", None: "not run on IREE"}[f.get("confirmed")]
    return f"{cex.get('check')}{where}{idx}{vals}; {conf}"


def empty_read_poison(case: Case, timeout_s: float = 10.0) -> str | None:
    """A reason when some input that is not poison makes an output of the source poison
    (through ``tensor.empty`` contents, which are poison), else ``None``.

    This is what makes a ``correct`` verdict on a pair the suite calls not-equivalent a
    difference of semantics rather than an irverify bug: irverify reads ``tensor.empty``
    contents as poison (which any target value refines), the suite's label reads them as
    arbitrary values."""
    from irverify.errors import InputError, Unsupported
    from irverify.frontends import load
    from irverify.model.values import Scalar, Tensor
    from irverify.smt import solver
    from irverify.smt import terms as t
    from irverify.smt.floats import theory
    from irverify.verify.encode import encode_function, make_inputs
    from irverify.verify.refinement import no_poison_inputs

    try:
        module = load(case.src)
        fp = theory("abstract")
        for fn in module.functions.values():
            if fn.body is None:
                continue
            inputs = make_inputs(fn, fp)
            enc = encode_function(fn, module, inputs, fp)
            pre = list(inputs.assumptions) + enc.state.assumptions + no_poison_inputs(inputs)
            pre.append(t.not_(t.or_(*(u.cond for u in enc.state.ub))))
            for k, r in enumerate(enc.results):
                if isinstance(r, Scalar) and r.poison is not None:
                    poison = r.poison
                elif isinstance(r, Tensor) and r.defined is not None:
                    idx = [t.fresh_int("idx") for _ in range(r.rank)]
                    poison = t.and_(r.in_bounds(idx), t.not_(r.defined(idx)))
                else:
                    continue
                if solver.check("poison from tensor.empty", pre + [poison], timeout_s).status == "sat":
                    empties = [op.loc for op in fn.body.ops if op.name == "tensor.empty"]
                    where = f" ({empties[0]}: tensor.empty)" if empties else ""
                    return f"@{fn.name} result #{k} is poison: it reads tensor.empty contents{where}"
    except (InputError, Unsupported):
        return None
    return None


def _associative(case: Case) -> bool:
    return "--associative" in case.args or "-associative" in case.args.split()


def classify(case: Case, record: dict) -> Outcome:
    """Compare irverify's verdict on ``case`` with its expectation (the suite's, or the override
    in ``EXPECTATION_OVERRIDES``), with a one-line reason."""
    out = _classify(case, record)
    if case.override:
        note = f"expectation overridden (the suite says {case.suite_expected}): {case.override}"
        out = Outcome(out.status, out.category, note + (f"; {out.reason}" if out.reason else ""))
    return out


def suite_label_outcome(case: Case, record: dict) -> Outcome:
    """The classification against the manifest's own label, ignoring any override."""
    if not case.override:
        return classify(case, record)
    return _classify(replace(case, expected=case.suite_expected, override=""), record)


def _classify(case: Case, record: dict) -> Outcome:
    verdict = record["verdict"]
    message = record.get("message", "") or ""
    f = _worst_function(record)
    fmsg = (f.get("message") if f else "") or ""

    if case.expected == "unsupported/unknown" and not case.identity:
        reason = "the suite marks this pair UNSUPPORTED (no expected verdict)"
        if verdict == "unsupported":
            reason += "; irverify: " + _strip_location(message)
        return Outcome(NO_EXPECTATION, CAT_NO_EXPECTATION, reason)
    if verdict == "unsupported":
        return Outcome(UNSUPPORTED, CAT_UNSUPPORTED, _strip_location(message) or "unsupported")

    want_correct = case.expected in ("equivalent", "src-ub/other")
    if want_correct and verdict == "correct":
        if case.expected == "src-ub/other" and not _source_ub_reasons(record):
            return Outcome(AGREE, CAT_AGREE, "correct (no source_ub note)")
        return Outcome(AGREE, CAT_AGREE, "")
    if case.expected == "not-equivalent" and verdict == "incorrect":
        return Outcome(AGREE, CAT_AGREE, _cex_summary(f))

    # Disagreements.
    if verdict == "correct":  # the suite says not-equivalent
        uninit = empty_read_poison(case) if "tensor.empty" in case.ops else None
        if uninit:
            return Outcome(DISAGREE, CAT_BY_DESIGN,
                           "by design: reads tensor.empty: poison in irverify (so anything refines the source), "
                           "the suite's label reads it as arbitrary values: " + _strip_path(uninit))
        return Outcome(DISAGREE, CAT_SOUNDNESS,
                       "SOUNDNESS: irverify proves refinement but the suite says not-equivalent"
                       + (f" ({case.note})" if case.note else ""))
    if verdict == "error":
        if message.startswith("internal error") or "internal error" in message:
            return Outcome(DISAGREE, CAT_INTERNAL, message)
        if not case.parses:  # the manifest's parse_modernized = 0: no verdict applies to invalid IR
            return Outcome(NO_EXPECTATION, CAT_NO_EXPECTATION,
                           "the manifest records that this pair does not parse/verify with MLIR 3.13 "
                           "(parse_modernized = 0), so no verdict applies; irverify rejects it: " + message)
        return Outcome(DISAGREE, CAT_INPUT, "irverify rejects the input: " + message)
    if verdict == "unknown":
        if "internal error" in fmsg:
            return Outcome(DISAGREE, CAT_INTERNAL, "irverify's exact semantics disagree with IREE execution: "
                           + _cex_summary(f))
        if ABSTRACT_MARK in fmsg or ABSTRACT_MARK in message:
            if _associative(case) and case.semantic_args:
                return Outcome(DISAGREE, CAT_BY_DESIGN,
                               f"by design: needs mlir-tv's `{case.args}` (float addition treated as "
                               "associative); abstract float model cannot prove it")
            conf = {True: "reproduced", False: "not reproduced by execution",
                    None: "not run on IREE"}[(f or {}).get("confirmed")]
            return Outcome(DISAGREE, CAT_ABSTRACT_FLOAT,
                           f"abstract float model: cannot prove the float identity (counterexample {conf})"
                           if case.expected != "not-equivalent" else
                           f"abstract float model: counterexample only under the abstraction ({conf})")
        if "wall limit" in message or "timeout" in (message + fmsg) or "solver could not decide" in fmsg:
            return Outcome(DISAGREE, CAT_TIMEOUT, (message or fmsg))
        return Outcome(DISAGREE, CAT_OTHER, message or fmsg or "unknown")
    if verdict == "incorrect":  # the suite says equivalent (or src always UB)
        cex = (f or {}).get("counterexample") or {}
        summary = _cex_summary(f)
        if case.identity:
            return Outcome(DISAGREE, CAT_IDENTITY, "IDENTITY CHECK FAILED (nondeterministic encoding?): " + summary)
        if cex.get("target_value") == "poison" and "tensor.empty" in case.ops:
            return Outcome(DISAGREE, CAT_BY_DESIGN,
                           "by design: tgt reads tensor.empty contents (poison in irverify; mlir-tv treats "
                           "them as arbitrary values): " + summary)
        if case.semantic_args:
            return Outcome(DISAGREE, CAT_BY_DESIGN,
                           f"by design: the suite's verdict holds only under mlir-tv's `{case.args}`: {summary}")
        if case.expected == "src-ub/other" and set(case.ops) & SHIFT_OPS and "index" in case.name:
            return Outcome(DISAGREE, CAT_BY_DESIGN,
                           "by design: index is 64-bit in irverify (as on IREE's llvm-cpu target) and "
                           "32-bit in mlir-tv, so this shift is defined, not poison: " + summary)
        if case.expected == "src-ub/other":
            return Outcome(DISAGREE, CAT_COUNTEREXAMPLE,
                           "the suite says src is always undefined; irverify finds a defined input: " + summary)
        return Outcome(DISAGREE, CAT_COUNTEREXAMPLE, "counterexample where the suite expects refinement: " + summary)
    return Outcome(DISAGREE, CAT_OTHER, f"{verdict}: {message}")


# ----------------------------------------------------------------------------- running


def run_cases(cases: list[Case], opts, jobs: int, on_result=None) -> list[Result]:
    """Check ``cases`` (in parallel with ``jobs`` workers) exactly as ``irverify check`` does with
    ``opts`` (by default the plain command line: abstract floats, escalating on its own to exact
    IEEE floats where they cannot decide); results in the order of ``cases``."""
    from irverify.suite import PairSpec, run_pairs

    specs = [PairSpec(c.name, c.src, None if c.identity else c.tgt, c.src, None if c.identity else c.tgt,
                      same=c.identity) for c in cases]
    results: list[Result] = []
    for case, record in zip(cases, run_pairs(specs, opts, jobs)):
        result = Result(case, record, classify(case, record), model_of(record, opts.fp),
                        suite_label_outcome(case, record) if case.override else None)
        if on_result is not None:
            on_result(result)
        results.append(result)
    return results


def model_of(record: dict, fp: str) -> str:
    """The float model that gave the verdict: ``ieee`` when irverify escalated a function to
    exact IEEE floats, else the model asked for."""
    models = {f.get("model") for f in _functions(record)}
    return "ieee" if "ieee" in models else fp


def run(suite_dir, opts, jobs: int = 1, substr: str = "", identity: bool = False,
        cases: list[Case] | None = None, on_result=None) -> Summary:
    """Select, check and classify; ``cases`` overrides the selection from the manifest."""
    all_cases = read_manifest(suite_dir)
    selected, skipped = select(all_cases, substr)
    if cases is not None:
        selected = cases
    todo = list(selected) + (identity_cases(selected) if identity else [])
    start = time.perf_counter()
    results = run_cases(todo, opts, jobs, on_result)
    return Summary(len(selected), len(skipped), results, time.perf_counter() - start, jobs)


# ----------------------------------------------------------------------------- output


def pair_line(r: Result) -> str:
    return (f"{r.case.name:<60} {r.case.expected:<20} {r.record['verdict']:<11} {r.outcome.status:<14} "
            f"{r.outcome.reason}").rstrip()


def pair_json(r: Result) -> dict:
    return {"name": r.case.name, "expected": r.case.expected, "verdict": r.record["verdict"],
            "status": r.outcome.status, "category": r.outcome.category, "reason": r.outcome.reason,
            "soundness_failure": r.outcome.soundness, "identity": r.case.identity,
            "model": r.model, "time_s": r.record["timings"]["total_s"], "message": r.record.get("message", ""),
            "functions": [{k: f.get(k) for k in ("name", "verdict", "confirmed", "oracles", "message")}
                          | {"has_counterexample": f.get("counterexample") is not None}
                          for f in _functions(r.record)]}


def summary_json(s: Summary, skipped_dialects: str) -> dict:
    sup = s.supported
    return {
        "selected": s.selected,
        "skipped": s.skipped,
        "skipped_dialects": skipped_dialects,
        "checked": len(s.results),
        "soundness_failures": [r.case.name for r in s.soundness_failures],
        "correct_vs_not_equivalent_by_design": [
            r.case.name for r in s.results
            if r.case.expected == "not-equivalent" and r.record["verdict"] == "correct" and not r.outcome.soundness],
        "identity_failures": [r.case.name for r in s.identity_failures],
        "supported": len(sup),
        "agree": sum(r.outcome.status == AGREE for r in sup),
        "agreement_pct": round(s.agreement, 1),
        "overridden": [r.case.name for r in s.results if r.case.override],
        "suite_label_agree": s.suite_label_agreement()[0],
        "suite_label_supported": s.suite_label_agreement()[1],
        "verdicts": dict(s.verdict_counts()),
        "statuses": dict(s.status_counts()),
        "disagreement_categories": dict(Counter(r.outcome.category for r in s.results
                                                if r.outcome.status == DISAGREE)),
        "time_s": round(s.time_s, 2),
        "jobs": s.jobs,
    }


def print_summary(s: Summary, out=sys.stdout) -> None:
    j = summary_json(s, ", ".join(EXCLUDED_DIALECTS))
    p = lambda *a: print(*a, file=out)  # noqa: E731
    p("")
    p("=" * 100)
    p(f"mlir-tv peer suite: {s.selected} pairs selected, {s.skipped} skipped "
      f"(they use {', '.join(EXCLUDED_DIALECTS)}); {len(s.results)} checks run "
      f"in {s.time_s:.1f} s with -j {s.jobs}")
    fails = s.soundness_failures
    if fails:
        p("!" * 100)
        p(f"!!! SOUNDNESS FAILURES: {len(fails)} pair(s) where irverify says correct and the suite "
          f"says not-equivalent:")
        for r in fails:
            p(f"!!!   {r.case.name}: {r.outcome.reason}")
        p("!" * 100)
    else:
        p("(a) soundness failures (irverify correct, suite not-equivalent): 0")
    lenient = [r for r in s.results if r.case.expected == "not-equivalent" and r.record["verdict"] == "correct"
               and not r.outcome.soundness]
    if lenient:
        p(f"    correct vs not-equivalent explained by a semantic difference by design ({len(lenient)}, "
          f"not counted as soundness failures):")
        for r in lenient:
            p(f"      {r.case.name}: {r.outcome.reason}")
    if s.identity_failures:
        p(f"!!! IDENTITY CHECKS INCORRECT: {', '.join(r.case.name for r in s.identity_failures)}")
    p(f"(b) agreement on supported pairs: {j['agree']}/{j['supported']} = {s.agreement:.1f}%"
      + (f" (with {len(j['overridden'])} expectation overrides)" if j["overridden"] else ""))
    if j["overridden"]:
        a, n = j["suite_label_agree"], j["suite_label_supported"]
        p(f"    on the suite's own labels (no overrides): {a}/{n} = {100.0 * a / n if n else 0:.1f}%")
        for r in s.results:
            if r.case.override:
                p(f"      override {r.case.name}: {r.case.suite_expected} -> {r.case.expected}: {r.case.override}")
    own = [r for r in s.supported if r.outcome.category != CAT_BY_DESIGN]
    if len(own) != len(s.supported):
        agree = sum(r.outcome.status == AGREE for r in own)
        p(f"    excluding by-design differences: {agree}/{len(own)} = {100.0 * agree / len(own):.1f}%")
    p(f"(c) verdicts: " + ", ".join(f"{k} {v}" for k, v in sorted(j["verdicts"].items())))
    p(f"    statuses: " + ", ".join(f"{k} {v}" for k, v in sorted(j["statuses"].items())))
    if j["disagreement_categories"]:
        p(f"    disagreements by reason: " + ", ".join(
            f"{k} {v}" for k, v in sorted(j["disagreement_categories"].items())))
    disagreements = [r for r in s.results if r.outcome.status == DISAGREE]
    if disagreements:
        p("disagreements:")
        for r in disagreements:
            p(f"  {r.case.name} ({r.case.expected} vs {r.record['verdict']}): {r.outcome.reason}")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="run_mlir_tv.py", description=__doc__.split("\n\n")[0])
    p.add_argument("suite", nargs="?", default=str(DEFAULT_SUITE), help="folder holding manifest.tsv")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--timeout", type=float, default=10.0, metavar="S", help="solver timeout per query")
    p.add_argument("--no-confirm", action="store_true", help="do not run counterexamples on IREE")
    p.add_argument("--fp", choices=["abstract", "real", "ieee"], default=None,
                   help="an explicit float model, as irverify check --fp (default: none, as a user runs it)")
    p.add_argument("--json", action="store_true", help="one JSON object per pair, then a summary object")
    p.add_argument("--filter", default="", metavar="SUBSTR", help="only pairs whose name contains SUBSTR")
    p.add_argument("--identity", action="store_true", help="also check src vs src and tgt vs tgt")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from irverify.verify.check import Options

    opts = Options(fp=args.fp or "abstract", timeout_s=args.timeout, confirm=not args.no_confirm,
                   escalate=args.fp is None)
    if not (Path(args.suite) / "manifest.tsv").is_file():
        print(f"run_mlir_tv.py: error: {args.suite}/manifest.tsv not found", file=sys.stderr)
        return 2

    def show(r: Result) -> None:
        print(json.dumps(pair_json(r)) if args.json else pair_line(r), flush=True)

    summary = run(args.suite, opts, args.jobs, args.filter, args.identity, on_result=show)
    if args.json:
        print(json.dumps({"summary": summary_json(summary, ", ".join(EXCLUDED_DIALECTS))}))
    else:
        print_summary(summary)
    return 1 if summary.soundness_failures or summary.identity_failures else 0


if __name__ == "__main__":
    sys.exit(main())
