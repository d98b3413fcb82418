"""Mutation fuzzing of the lit corpora: mutate the target of every case irverify proves
``correct``, check each mutant with ``irverify check``, and execute both sides.

For every case of a corpus (``corpora.py``) the driver

1. checks the case's before against its after exactly as ``irverify check BEFORE AFTER --json
   --no-confirm`` does (in-process, through ``irverify.cli.main``); a case that is not
   ``correct`` is counted and left;
2. lists the mutation sites of the target (``corpus_mlir.sites`` / ``corpus_relax.sites``) and
   applies up to ``mutants`` of them, taking the six operators in turn (a mutant the verifier
   rejects, or one that prints as the target or as an earlier mutant, is counted and replaced);
3. checks every mutant against the same before;
4. executes the source (twice on every input set: ``corpus_exec``) and every mutant judged
   ``correct`` or ``incorrect`` on the same inputs (IREE llvm-cpu or TVM llvm).

A ``correct`` mutant whose execution differs where the source's runs agree is **unsound**
unless irverify's reference evaluation says the source is undefined on those inputs (then it is
counted apart, ``differs where the source is undefined``, and written too, for a look). An
``incorrect`` mutant whose execution never differs on the fuzzer's inputs is checked again with
confirmation (``irverify check`` without ``--no-confirm``, which replays the counterexample);
when that does not confirm it either, it is an *unconfirmed incorrect* (a possible false
alarm). Findings are written to ``findings`` with the before, the mutant and the inputs.

Each case runs in a forked child with a wall-clock limit (``case_timeout``); records are JSON
objects (``kind``: ``case`` or ``mutant``), appended as they are made.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import signal
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from irverify.fuzz.corpus_mlir import OPERATORS

DEFAULT_MUTANTS = 6
MAX_ATTEMPTS = 40
CHECK_TIMEOUT_S = 10.0


@dataclass
class CorpusCase:
    """One case of a corpus: how to get its before and after texts."""

    corpus: str
    label: str
    suffix: str  # ".mlir" or ".py"
    load: object  # () -> (before_text, after_text); a single-file case gives (text, None)
    arm: str = "mlir"


# ----------------------------------------------------------------------------- checking


def check_texts(before: str, after: str | None, suffix: str, timeout_s: float = CHECK_TIMEOUT_S,
                confirm: bool = False, whole: bool = False) -> dict:
    """``irverify check BEFORE [AFTER] --json [--no-confirm] --timeout S`` on texts, in-process;
    the case's JSON record (``irverify.records``; the summary when no case was checked: the
    summary has no per-function reports, which the oracles below read)."""
    from irverify.cli import main

    paths = []
    try:
        for text, name in ((before, "before"), (after, "after")):
            if text is None:
                continue
            with tempfile.NamedTemporaryFile("w", suffix=f".{name}{suffix}", delete=False, encoding="utf-8") as f:
                f.write(text)
                paths.append(f.name)
        out = io.StringIO()
        argv = ["check", *paths, "--json", "--timeout", str(timeout_s)] + ([] if confirm else ["--no-confirm"]) \
            + (["--whole"] if whole else [])
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            main(argv)
    finally:
        for p in paths:
            os.unlink(p)
    from irverify.records import case_or_summary

    return case_or_summary(out.getvalue())


def report_message(rep: dict) -> str:
    msgs = [rep.get("message", "")] + [f.get("message", "") for f in rep.get("functions", [])]
    return "; ".join(m for m in msgs if m)[:300]


def confirmed(rep: dict) -> bool:
    return any(f.get("confirmed") for f in rep.get("functions", []))


def _target_ub(rep: dict) -> bool:
    return any(str((f.get("counterexample") or {}).get("check", "")).startswith("target has undefined")
               for f in rep.get("functions", []) if f.get("verdict") == "incorrect")


def _execution_detail(rep: dict) -> str:
    return "; ".join(f"{(f.get('execution') or {}).get('backend', '')}: {(f.get('execution') or {}).get('detail', '')}"
                     for f in rep.get("functions", []) if f.get("execution"))[:300]


def unobservable(rep: dict) -> bool:
    """Is an ``incorrect`` report's counterexample one that execution cannot show (a poison
    target value, target UB, a poison argument), and did irverify's reference evaluation of the
    op definitions confirm it?"""
    from irverify.cex.concrete import REFERENCE

    for f in rep.get("functions", []):
        cex = f.get("counterexample") or {}
        hidden = cex.get("target_value") == "poison" or str(cex.get("check", "")).startswith("target has undefined") \
            or bool(cex.get("poison_inputs"))
        if f.get("verdict") == "incorrect" and hidden and REFERENCE in (f.get("oracles") or []):
            return True
    return False


# ----------------------------------------------------------------------------- mutants


def arm_module(arm: str):
    """The arm's ``sites``, ``apply``, ``op_name_at``, ``Rejected`` and ``Runner``."""
    from types import SimpleNamespace

    if arm == "relax":
        from irverify.fuzz import corpus_relax as m
        return SimpleNamespace(sites=m.sites, apply=m.apply, op_name_at=m.op_name_at, Rejected=m.Rejected,
                               Runner=m.Runner)
    from irverify.fuzz import corpus_exec, corpus_mlir as m
    return SimpleNamespace(sites=m.sites, apply=m.apply, op_name_at=m.op_name_at, Rejected=m.Rejected,
                           Runner=corpus_exec.Runner)


def pick_sites(sites: list, rng: random.Random) -> list:
    """The sites in the order they are tried: the operators in turn (in a random order), each
    operator's sites shuffled."""
    by_op = defaultdict(list)
    for s in sites:
        by_op[s.operator].append(s)
    for v in by_op.values():
        rng.shuffle(v)
    ops = [o for o in OPERATORS if by_op[o]]
    rng.shuffle(ops)
    order = []
    while any(by_op[o] for o in ops):
        for o in ops:
            if by_op[o]:
                order.append(by_op[o].pop())
    return order


def make_mutants(arm, after: str, scope: tuple, count: int, rng: random.Random, stats: Counter) -> list:
    """Up to ``count`` distinct mutants ``(site, text)`` of ``after``; ``stats`` counts the
    sites, the rejected and the unchanged mutants."""
    all_sites = arm.sites(after, scope)
    stats["sites"] += len(all_sites)
    seen = set()
    out = []
    for site in pick_sites(all_sites, rng)[:MAX_ATTEMPTS]:
        if len(out) >= count:
            break
        try:
            text = arm.apply(after, site, scope)
        except arm.Rejected as e:  # by the verifier (or, Relax, not printable as text)
            stats["unprintable" if type(e).__name__ == "Unprintable" else "rejected"] += 1
            continue
        except Exception as e:  # noqa: BLE001 - a mutation the bindings cannot make is skipped, counted
            stats["edit failed"] += 1
            stats[f"edit failed: {type(e).__name__}"] += 1
            continue
        if text is None or text in seen:
            stats["unchanged"] += 1
            continue
        seen.add(text)
        out.append((site, text))
    return out


# ----------------------------------------------------------------------------- one case


def run_case(case: CorpusCase, mutants: int, seed: int, emit, findings: str | None,
             timeout_s: float = CHECK_TIMEOUT_S) -> None:
    """Check, mutate, check the mutants and execute them; ``emit(record)`` for the case and for
    every mutant."""
    arm = arm_module(case.arm)
    record = {"kind": "case", "corpus": case.corpus, "case": case.label}
    start = time.perf_counter()
    try:
        before, after = case.load()
    except Exception as e:  # noqa: BLE001 - a case that cannot be produced is counted, never fatal
        emit({**record, "verdict": "error", "message": f"not produced: {type(e).__name__}: {str(e)[:200]}"})
        return
    single = after is None
    target = before if single else after
    rep = check_texts(before, after, case.suffix, timeout_s)
    record.update(verdict=rep.get("verdict", "error"), message=report_message(rep))
    if record["verdict"] != "correct":
        emit({**record, "time_s": round(time.perf_counter() - start, 2)})
        return
    rng = random.Random(f"{seed}:{case.corpus}:{case.label}")
    stats: Counter = Counter()
    scope = ("tgt",) if single else ()
    try:
        muts = make_mutants(arm, target, scope, mutants, rng, stats)
    except Exception as e:  # noqa: BLE001
        emit({**record, "mutants": 0, "message": f"sites failed: {type(e).__name__}: {str(e)[:200]}"})
        return
    record.update(mutants=len(muts), **{k.replace(" ", "_"): v for k, v in stats.items()})
    runner = None
    for k, (site, text) in enumerate(muts):
        mrec = {"kind": "mutant", "corpus": case.corpus, "case": case.label, "mutant": k,
                "operator": site.operator, "site": site.describe(arm.op_name_at(target, site, scope))}
        t0 = time.perf_counter()
        mrep = check_texts(*_pair(before, text, single), case.suffix, timeout_s)
        mrec.update(verdict=mrep.get("verdict", "error"), message=report_message(mrep),
                    check_s=round(time.perf_counter() - t0, 2))
        if mrec["verdict"] in ("correct", "incorrect"):
            try:
                runner = runner or arm.Runner(before, case.label, single, seed)
            except Exception as e:  # noqa: BLE001 - the source cannot be prepared for running: counted
                mrec.update(executed=0, run_error=f"source not runnable: {type(e).__name__}: {str(e)[:200]}")
            else:
                _execute(arm, runner, case, k, before, text, single, mrec, timeout_s, findings)
        emit(mrec)
    record["time_s"] = round(time.perf_counter() - start, 2)
    if runner is not None:
        record["not_executable"] = runner.skips()
    emit(record)


def _execute(arm, runner, case: CorpusCase, k: int, before: str, text: str, single: bool, mrec: dict,
             timeout_s: float, findings: str | None) -> None:
    t0 = time.perf_counter()
    try:
        outcome = runner.run_mutant(text)
    except Exception as e:  # noqa: BLE001 - e.g. the mutant does not translate: not executed, counted
        mrec.update(executed=0, run_error=f"{type(e).__name__}: {str(e)[:200]}")
        return
    mrec.update(executed=outcome.executed, run_s=round(time.perf_counter() - t0, 2))
    if outcome.run_error:
        mrec["run_error"] = outcome.run_error
    if outcome.witness:
        mrec["witness"] = outcome.witness
    if mrec["verdict"] == "correct" and outcome.witness:
        mrec["finding"] = "source undefined (reference)" if outcome.source_ub else "unsound"
        if outcome.source_ub:
            mrec["source_ub"] = outcome.source_ub
        if outcome.reference:
            mrec["reference"] = outcome.reference
        if findings:
            mrec["files"] = write_finding(findings, case, k, before, text, single, mrec, outcome)
    elif mrec["verdict"] == "incorrect" and not outcome.witness and outcome.executed:
        again = check_texts(*_pair(before, text, single), case.suffix, timeout_s, confirm=True)
        if confirmed(again):
            mrec["confirmed_by"] = "irverify's counterexample replay"
        elif unobservable(again):
            mrec["confirmed_by"] = "irverify's reference evaluation (poison or UB, not observable by execution)"
        else:
            mrec["finding"] = "unconfirmed incorrect"
            mrec["replay"] = report_message(again) or _execution_detail(again)
            if _target_ub(again):
                mrec["target_ub"] = True
            if findings:
                mrec["files"] = write_finding(findings, case, k, before, text, single, mrec, outcome)
    elif mrec["verdict"] == "incorrect" and outcome.witness:
        mrec["confirmed_by"] = "fuzzer execution"


def _pair(before: str, mutant: str, single: bool) -> tuple[str, str | None]:
    """What ``irverify check`` is given: the mutated single file, or the before and the mutant."""
    return (mutant, None) if single else (before, mutant)


def _safe(label: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in label)[-120:]


def write_finding(outdir: str, case: CorpusCase, k: int, before: str, text: str, single: bool, mrec: dict,
                  outcome) -> list[str]:
    """Write the before, the mutant, the inputs that show the difference (``.npz``) and a note."""
    import numpy as np

    os.makedirs(outdir, exist_ok=True)
    base = os.path.join(outdir, f"{case.corpus}-{_safe(case.label)}-m{k}-{mrec['finding'].split()[0]}")
    files = []
    if single:
        files.append(base + f".srctgt{case.suffix}")
        with open(files[-1], "w", encoding="utf-8") as f:
            f.write(text)
    else:
        for name, body in (("before", before), ("after", text)):
            files.append(f"{base}.{name}{case.suffix}")
            with open(files[-1], "w", encoding="utf-8") as f:
                f.write(body)
    if outcome.inputs is not None:
        files.append(base + ".inputs.npz")
        np.savez(files[-1], **outcome.inputs)
    files.append(base + ".txt")
    with open(files[-1], "w", encoding="utf-8") as f:
        f.write(json.dumps(mrec, indent=1, default=str) + "\n")
    return files


# ----------------------------------------------------------------------------- running many cases


def run_corpus(cases: list[CorpusCase], mutants: int = DEFAULT_MUTANTS, seed: int = 1,
               findings: str | None = None, case_timeout: float = 900.0, on_record=None,
               timeout_s: float = CHECK_TIMEOUT_S) -> list[dict]:
    """Run every case in a forked child (at most ``case_timeout`` s of wall-clock time each);
    the records of all cases, in order (``on_record`` sees each as it arrives)."""
    records = []
    for case in cases:
        for rec in _run_forked(case, mutants, seed, findings, case_timeout, timeout_s):
            records.append(rec)
            if on_record:
                on_record(rec)
    return records


def _run_forked(case, mutants, seed, findings, case_timeout, timeout_s) -> list[dict]:
    fd, path = tempfile.mkstemp(prefix="irverify-mutate-", suffix=".jsonl")
    os.close(fd)
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        try:
            os.setpgid(0, 0)

            def emit(rec):
                with open(path, "a", encoding="utf-8") as f:
                    f.write(json.dumps(rec, default=str) + "\n")

            try:
                run_case(case, mutants, seed, emit, findings, timeout_s)
            except BaseException as e:  # noqa: BLE001 - recorded, never a traceback
                emit({"kind": "case", "corpus": case.corpus, "case": case.label, "verdict": "error",
                      "message": f"fuzzer failed: {type(e).__name__}: {str(e)[:200]}"})
        finally:
            os._exit(0)
    status = None
    while time.perf_counter() - start < case_timeout:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.2)
    else:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    with open(path, encoding="utf-8") as f:
        recs = [json.loads(line) for line in f if line.strip()]
    os.unlink(path)
    if not any(r["kind"] == "case" for r in recs):
        how = f"time limit ({case_timeout:g} s)" if status is None else f"the child ended with status {status}"
        recs.append({"kind": "case", "corpus": case.corpus, "case": case.label, "verdict": "unknown"
                     if status is None else "error", "message": f"fuzzer: {how}", "partial": True,
                     "mutants": sum(1 for r in recs if r["kind"] == "mutant")})
    return recs


# ----------------------------------------------------------------------------- summary


@dataclass
class CorpusSummary:
    corpus: str
    cases: int = 0
    correct: int = 0
    mutated: int = 0
    mutants: int = 0
    rejected: int = 0
    verdicts: Counter = field(default_factory=Counter)
    executed: int = 0
    unsound: int = 0
    source_undefined: int = 0
    unconfirmed: int = 0
    unconfirmed_ub: int = 0  # of them, target UB (not observable by execution)
    confirmed: int = 0
    time_s: float = 0.0


def summarize(records: list[dict]) -> dict[str, CorpusSummary]:
    out: dict[str, CorpusSummary] = {}
    for r in records:
        s = out.setdefault(r["corpus"], CorpusSummary(r["corpus"]))
        if r["kind"] == "case":
            s.cases += 1
            # a case stopped at its time limit was correct if it got as far as its mutants
            s.correct += r.get("verdict") == "correct" or r.get("mutants", 0) > 0
            s.mutated += r.get("mutants", 0) > 0
            s.rejected += r.get("rejected", 0)
            s.time_s += r.get("time_s", 0.0)
            continue
        s.mutants += 1
        s.verdicts[r["verdict"]] += 1
        s.executed += r.get("executed", 0) > 0
        s.unsound += r.get("finding") == "unsound"
        s.source_undefined += r.get("finding") == "source undefined (reference)"
        s.unconfirmed += r.get("finding") == "unconfirmed incorrect"
        s.unconfirmed_ub += r.get("finding") == "unconfirmed incorrect" and bool(r.get("target_ub"))
        s.confirmed += "confirmed_by" in r
    return out


def table(summaries: dict[str, CorpusSummary]) -> str:
    """A Markdown table: cases, cases proved correct and mutated, mutants by verdict, mutants
    executed, unsound, differing where the source is undefined, unconfirmed incorrect (and how
    many of those are target UB, which execution cannot show)."""
    head = ("| corpus | cases | correct | mutated | mutants | rejected by verifier | m. correct | m. incorrect "
            "| m. unknown | m. unsupported | m. error | executed | **unsound** | differs, source undefined "
            "| unconfirmed incorrect |")
    rows = [head, "|" + "---|" * 15]
    total = CorpusSummary("total")
    for s in summaries.values():
        rows.append(_row(s))
        for f in ("cases", "correct", "mutated", "mutants", "rejected", "executed", "unsound", "source_undefined",
                  "unconfirmed", "unconfirmed_ub"):
            setattr(total, f, getattr(total, f) + getattr(s, f))
        total.verdicts.update(s.verdicts)
    if len(summaries) > 1:
        rows.append(_row(total))
    return "\n".join(rows)


def _row(s: CorpusSummary) -> str:
    v = s.verdicts
    cells = [s.corpus, s.cases, s.correct, s.mutated, s.mutants, s.rejected, v["correct"], v["incorrect"],
             v["unknown"], v["unsupported"], v["error"], s.executed, f"**{s.unsound}**", s.source_undefined,
             f"{s.unconfirmed} ({s.unconfirmed_ub} target UB)"]
    return "| " + " | ".join(str(c) for c in cells) + " |"
