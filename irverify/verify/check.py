"""Checking two modules: pair functions, check each pair, confirm counterexamples, aggregate."""

from __future__ import annotations

import time
import weakref
from dataclasses import dataclass, field, replace

from irverify.errors import InputError, Unsupported
from irverify.ir.core import Function, Module, TensorType
from irverify.smt.floats import theory
from irverify.model.assumptions import SUMMATION_ORDER
from irverify.verify.verdict import FunctionReport, Report, Verdict, worst
from irverify.verify.align import call_sites, unchanged
from irverify.verify.signature import (  # noqa: F401  (re-exported)
    SIGNATURE_CHANGED, SIGNATURE_ERROR, _encoding_materialised, check_signatures, result_difference,
    signature_change, signature_report)
from irverify.phases import timed
from irverify.verify.search import REAL_PROOF_NOTE, search_by_execution
from irverify.verify.settle import (
    ABSTRACT_HINT, DISAGREE, _exact_ub_failure, _float_approx, _float_fold_approx, _inexact_inputs, _observable,
    _opaque_approx, confirm_or_settle, source_unknown)

_INTS = "exact integers, 64-bit index, tensor sizes < 2^63 bytes"
MODEL_DESCRIPTIONS = {
    "abstract": "abstract floats (uninterpreted arithmetic on IEEE bit patterns), " + _INTS,
    "ieee": "IEEE-754 floats (round to nearest even), " + _INTS,
    "real": "floats as real numbers, " + _INTS,
}
IEEE_TIMEOUT_HINT = ("exact IEEE-754 floats did not decide in time; retry with --fp=real to take the "
                     "proof over the reals, or with --fp=ieee and a larger --timeout")
FLOAT_TIMEOUT_HINT = ("the float models did not decide in time; retry with --fp=real (equality over "
                      "the reals, such as a scale moved across a matmul, is often fast to decide) "
                      "or with --fp=ieee and a larger --timeout")
ESCALATED = "decided under exact IEEE-754 floats (round to nearest even): the abstract float model could not decide"
# Escalation to exact IEEE floats is tried when every statically shaped tensor of the pair has
# at most this many elements (dynamic extents stay symbolic: one element stands for all). An
# elementwise check is one query over a symbolic index whatever the extents, and all the IEEE
# queries of a function share one query's budget, so the bound only keeps out huge signatures.
ESCALATE_ELEMENTS = 1 << 24


# Words of ops through which a program can see the bits of a NaN (its payload or sign).
NAN_BITS_OBSERVERS = ("bitcast", "copysign", "reinterpret", "view")


@dataclass
class Options:
    """``fp``: the float theory. With ``escalate`` (the default, i.e. no ``--fp`` given), a
    function the abstract model leaves undecided is checked again under exact IEEE floats."""

    fp: str = "abstract"
    timeout_s: float = 20.0
    confirm: bool = True
    escalate: bool = True
    verbose: bool = False  # counterexamples carry the intermediate values
    readings: dict = field(default_factory=dict)  # contested point -> chosen reading (model.assumptions)
    falsify_first: bool = False  # evaluate on random inputs before the solver (``verify.search``)
    cuts: bool = True  # prove changed ops on their own through cut points (``verify.cuts``)
    align: bool = True  # share the target's ops that are the source's (``verify.align``); False: ``--whole``
    # False (a cut cone, ``verify.cuts``, whose failure is no finding): only whether the pair is
    # proved; a failure gets no counterexample, search, confirmation or other reading
    explain: bool = True


def called_functions(module: Module) -> set[str]:
    return set(call_sites(module))


def pair_functions(src: Module, tgt: Module | None) -> list[tuple[str, Function, Function]]:
    """Pairs (name, source function, target function).

    One module: ``@src`` against ``@tgt``. Two modules: every public source function with a body
    is checked against the target's function of that name, even when other functions call it
    (callers outside the module see it); a private function is checked through its call sites
    only. A target function with a body that the source lacks is an error unless it is called
    (a helper the rewrite introduced) or private. Public source functions the target no longer
    defines are not paired: ``removed_public_functions`` reports them. A module with no public
    function pairs its uncalled private ones (``uncalled_private_pairs``)."""
    if tgt is None:
        fs = src.functions
        if "src" not in fs or "tgt" not in fs:
            raise InputError(f"{src.path}: a single input must define both @src and @tgt")
        return [("src", fs["src"], fs["tgt"])]
    removed = set(removed_public_functions(src, tgt))
    pairs = [(name, f, tgt.functions[name]) for name, f in sorted(src.functions.items())
             if f.body is not None and f.public and name not in removed]
    if not pairs:  # nothing pairs by name: not a rewrite of this module
        if removed:
            raise InputError(f"{src.path}: function @{sorted(removed)[0]} has no counterpart in {tgt.path}")
        if getattr(src, "executables", None):  # valid input irverify does not check
            raise Unsupported(f"functions inside 'hal.executable' @{src.executables[0]} (its exports, their "
                              "conditions and workgroup counts are not modelled)")
        uncalled = uncalled_private_pairs(src, tgt)
        if uncalled:
            return uncalled
        if any(f.body is not None for f in src.functions.values()):  # valid input, nothing public
            raise Unsupported("a module whose functions are all private (a private function is checked "
                              "through its public callers, and this module has none)")
        raise InputError(f"{src.path}: no public function to check (private functions are checked "
                         "through their callers)")
    t_entries = {n for n, f in tgt.functions.items() if f.body is not None and f.public} - called_functions(tgt)
    only_tgt = sorted(t_entries - set(src.functions))
    if only_tgt:
        raise InputError(f"{tgt.path}: function @{only_tgt[0]} has no counterpart in {src.path}")
    return pairs


PRIVATE_AS_PUBLIC = ("private, and nothing in the module calls it (the module has no public function): checked "
                     "as if it were public, for every input a caller could pass")


def uncalled_private_pairs(src: Module, tgt: Module) -> list[tuple[str, Function, Function]]:
    """In an MLIR module whose functions are all private (IREE's pass tests use such modules),
    the private functions nothing calls, each paired with the target's function of that name
    when it has a body and the same signature: each is checked as a public function is (a
    stronger check than the module's, whose behaviour no caller can see). A function the
    target drops or re-types is not paired."""
    if src.frontend != "mlir":
        return []
    called = called_functions(src)
    pairs = []
    for name, f in sorted(src.functions.items()):
        g = tgt.functions.get(name)
        if f.body is None or f.public or name in called or g is None or g.body is None:
            continue
        try:
            if signature_change(f, g, src.frontend) is not None:
                continue
        except Unsupported:
            continue
        pairs.append((name, f, g))
    return pairs


def chosen_pair(src: Module, tgt: Module | None, src_fn: str | None, tgt_fn: str | None):
    """The one pair named by ``--src-fn``/``--tgt-fn``: in one module they default to ``src`` and
    ``tgt``; with two modules a missing name is the other one's. Named ``src_fn``, or
    ``src_fn/@tgt_fn`` when the names differ."""
    if tgt is None:
        src_fn, tgt_fn = src_fn or "src", tgt_fn or "tgt"
    else:
        src_fn, tgt_fn = src_fn or tgt_fn, tgt_fn or src_fn
    found = []
    for mod, name in ((src, src_fn), (tgt or src, tgt_fn)):
        f = mod.functions.get(name.lstrip("@"))
        if f is None or f.body is None:
            raise InputError(f"{mod.path}: no function @{name.lstrip('@')} with a body")
        found.append(f)
    s, g = found
    label = s.name if s.name == g.name else f"{s.name}/@{g.name}"
    return [(label, s, g)]


def removed_public_functions(src: Module, tgt: Module) -> list[str]:
    """Public source functions with a body that the target does not define as public functions
    with a body: callers outside the module lose them, so each is a finding (``incorrect``)."""
    out = []
    for name, f in sorted(src.functions.items()):
        g = tgt.functions.get(name)
        if f.body is not None and f.public and (g is None or g.body is None or not g.public):
            out.append(name)
    return out


REMOVED = ("public function @{name} is not defined (as a public function) by the target: callers "
           "outside the module can no longer call it")


def check_modules(src: Module, tgt: Module | None, opts: Options, contract=None,
                  chosen: tuple[str | None, str | None] = (None, None)) -> Report:
    """Check every function pair; with a pass ``contract`` (``irverify.contracts``) the pairs and
    the encoding of each side come from the contract; ``chosen`` (``--src-fn``/``--tgt-fn``)
    names the one source and target function to compare instead."""
    start = time.perf_counter()
    if contract is not None:
        opts = contract.options(opts) if hasattr(contract, "options") else opts
        planned = contract.pairs(src, tgt)
        reports = [check_function(p.name, src, p.src_fn, tgt or src, p.tgt_fn, opts, plan=p) for p in planned]
        for p, r in zip(planned, reports):
            if p.description:
                r.notes.insert(0, f"contract {contract.name}: {p.description}")
        return Report(worst([r.verdict for r in reports]), reports, model_description(opts, reports),
                      time.perf_counter() - start)
    if tgt is not None:
        from irverify.contracts import suggest_contract

        suggest_contract(src, tgt)  # a pass that changes signatures by design: name its contract
    pairs = chosen_pair(src, tgt, *chosen) if any(chosen) else pair_functions(src, tgt)
    reports = []
    materialised = {name for name, s, g in pairs if _encoding_materialised(s, g)}
    for name, s, g in pairs:
        if name in materialised:
            reports.append(FunctionReport(name, Verdict.UNSUPPORTED, message=(
                f"{g.loc}: unsupported: materialised tensor encoding of an argument (source "
                f"{s.signature}, target {g.signature}; only a layout contract relates them)")))
            continue
    for name, s, g in pairs:
        if name in materialised:
            continue
        try:
            changed = signature_change(s, g, src.frontend)
        except Unsupported as e:
            reports.append(FunctionReport(name, Verdict.UNSUPPORTED, message=str(e)))
            continue
        if changed is not None:
            reports.append(signature_report(name, s, g, changed))
        else:
            reports.append(check_function(name, src, s, tgt or src, g, opts))
            if tgt is not None and not s.public and not any(chosen):
                reports[-1].notes.insert(0, PRIVATE_AS_PUBLIC)
    for name in removed_public_functions(src, tgt) if tgt is not None and not any(chosen) else []:
        reports.append(FunctionReport(name, Verdict.INCORRECT, message=REMOVED.format(name=name),
                                      kind=SIGNATURE_CHANGED))
    reports.sort(key=lambda r: r.name)
    verdict = worst([r.verdict for r in reports])
    return Report(verdict, reports, model_description(opts, reports), time.perf_counter() - start)


def model_description(opts: Options, reports: list[FunctionReport]) -> str:
    """The model of the report; names the functions decided under exact IEEE floats."""
    out = MODEL_DESCRIPTIONS[opts.fp]
    escalated = [r.name for r in reports if r.model == "ieee" and opts.fp != "ieee"]
    if escalated:
        out += "; exact IEEE-754 floats for " + ", ".join(f"@{n}" for n in escalated)
    return out


def check_function(name: str, src_mod: Module, s: Function, tgt_mod: Module, g: Function,
                   opts: Options, plan=None) -> FunctionReport:
    """Encode both sides on shared inputs and run the refinement checks (``plan``: a
    ``ContractPair`` that makes the inputs and encodes each side). When the abstract float
    model cannot decide (a timeout, or a counterexample that exists only in the abstraction and
    is not reproduced), the same check runs again under exact IEEE floats if ``opts.escalate``
    and the shapes are small enough (``ESCALATE_ELEMENTS``), its queries sharing one timeout
    (``opts.timeout_s``) in all; an IEEE verdict of ``correct`` or ``incorrect`` replaces the
    undecided one and says so in its notes and ``model``."""
    early = _falsify_first(name, src_mod, s, tgt_mod, g, opts) if plan is None else None
    if early is not None:  # a difference on random inputs: no cut points (solver work) first
        return _check_function_whole(name, src_mod, s, tgt_mod, g, opts, plan, early)
    cuts = _cuts(src_mod, s, tgt_mod, g, opts) if opts.align and plan is None and s.body is not None else None
    if cuts is not None and unchanged(s, g, cuts.alignment.aligned, cuts.covered):
        return FunctionReport(name, Verdict.CORRECT, notes=[cuts.note] + cuts.notes if cuts.proved else [UNCHANGED],
                              assumptions=list(cuts.assumptions))
    report = _check_function_whole(name, src_mod, s, tgt_mod, g, opts, plan)
    if cuts is not None and cuts.proved:
        if report.verdict == Verdict.CORRECT:
            report.notes += [cuts.note] + [n for n in cuts.notes if n not in report.notes]
            report.assumptions += [a for a in cuts.assumptions if a not in report.assumptions]
        elif not (report.confirmation is not None and report.confirmation.confirmed
                  or report.verdict == Verdict.INCORRECT and report.oracles):
            # a verdict reached through proved cuts that no execution or concrete evaluation of
            # the whole functions confirmed: the cuts may hide context the function gives them
            # (``verify.cuts``); decide it without them
            report = check_function(name, src_mod, s, tgt_mod, g, replace(opts, cuts=False), plan)
    return report


def _falsify_first(name: str, src_mod: Module, s: Function, tgt_mod: Module, g: Function,
                   opts: Options) -> FunctionReport | None:
    """With ``opts.falsify_first``, or when a side computes a transcendental
    (``_computes_transcendentals``), the report of a difference found by evaluating both
    functions on random inputs (``verify.search``), or None: none found, or the alignment
    shows the target computing with the source's own ops (nothing to evaluate)."""
    if opts.fp == "real" or s.body is None or g.body is None or not (
            opts.falsify_first or (opts.explain and _computes_transcendentals(s, g))):
        return None
    if opts.align and src_mod.frontend == tgt_mod.frontend:
        from irverify.verify.align import labelled_alignment

        if unchanged(s, g, labelled_alignment(s, g, modules=(src_mod, tgt_mod)).aligned):
            return None
    from irverify.verify.search import search_by_evaluation

    base = FunctionReport(name, Verdict.UNKNOWN, model=opts.fp)
    found = search_by_evaluation(base, opts, src_mod, s, tgt_mod, g, "", early=True)
    return None if found is base else found


TRANSCENDENTALS = frozenset({"exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "tanh", "erf", "erfc",
                             "sigmoid", "powf", "power", "sin", "cos", "tan", "softmax", "attention",
                             "attention_bias", "gelu", "gelu_tanh", "silu"})
"""Ops whose float function every model leaves uninterpreted (the last word of the op's name)."""


def _computes_transcendentals(*fns: Function) -> bool:
    """Does one of ``fns`` compute a float function no float model interprets (``exp``,
    ``softmax``...)? Then an abstract-model counterexample rests on it and is settled by
    evaluation on random inputs anyway (``_check_escalating``): that evaluation comes first,
    before a solver query that on an attention takes tens of seconds."""
    from irverify.semantics.common import walk_ops

    return any(op.name.rsplit(".", 1)[-1] in TRANSCENDENTALS
               for fn in fns if fn.body is not None for op in walk_ops(fn.body.ops))


def _check_function_whole(name: str, src_mod: Module, s: Function, tgt_mod: Module, g: Function,
                          opts: Options, plan=None, early: FunctionReport | None = None) -> FunctionReport:
    """``check_function`` past the alignment shortcut (``early``: what ``_falsify_first`` found)."""
    consulted: set[str] = set()
    report = early or _check_escalating(name, src_mod, s, tgt_mod, g, opts, plan, consulted)
    if not opts.explain and report.verdict != Verdict.CORRECT:
        return report
    if (report.verdict == Verdict.UNKNOWN and report.message.startswith(UNDECIDED) and plan is None
            and REAL_PROOF_NOTE not in report.notes):  # (random inputs cannot tell apart what the reals equate)
        report = search_by_execution(report, opts, src_mod, s, tgt_mod, g)  # (evaluation: ``_check_escalating``)
    elif report.verdict == Verdict.UNKNOWN and SYMBOLIC in report.message and plan is None:
        from irverify.verify.search import search_by_evaluation

        report = search_by_evaluation(report, opts, src_mod, s, tgt_mod, g, "its counterexample " + SYMBOLIC)
    disagreed = (report.verdict == Verdict.UNKNOWN and report.message.startswith(DISAGREE)
                 or any(DISAGREE in note for note in report.notes))  # (also under exact IEEE floats)
    from irverify.verify.witness import subnormal_constant, subnormal_counterexample

    if opts.fp != "real" and "subnormals" not in opts.readings and (
            disagreed or subnormal_counterexample(report)
            or (report.verdict in (Verdict.CORRECT, Verdict.INCORRECT) and subnormal_constant(s, g))):
        consulted.add("subnormals")  # a compiler that flushes subnormals may explain it
    if consulted and (report.verdict in (Verdict.CORRECT, Verdict.INCORRECT) or disagreed):
        # an oracle disagreement may be the contested point itself (the compiler follows the
        # other reading): name it there too
        _name_readings(report, sorted(consulted), name, src_mod, s, tgt_mod, g, opts, plan)
    if report.counterexample is not None:
        report.excerpt = _excerpt(src_mod, s, tgt_mod, g, report.counterexample.output)
    return report


UNCHANGED = ("unchanged: the target computes its results with the source's own ops on the same values "
             "(no query needed)")


def _aligned(src_mod: Module, s: Function, tgt_mod: Module, g: Function, opts: Options) -> dict:
    """The target's ops aligned with source ops (``verify.align``), within one frontend, with
    the ops proved through cut points (``verify.cuts``) when ``opts.cuts``."""
    cuts = _cuts(src_mod, s, tgt_mod, g, opts) if opts.align else None
    return {} if cuts is None else cuts.alignment.aligned


_CUTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # target function -> (source, key, Cuts)


def _cuts(src_mod: Module, s: Function, tgt_mod: Module, g: Function, opts: Options):  # -> Cuts | None
    """``verify.cuts.prove_cuts`` once per pair and reading (a cut proved under abstract floats
    holds under exact IEEE floats too; ``--fp=real`` proves its own)."""
    from irverify.verify.cuts import Cuts, prove_cuts
    from irverify.verify.align import labelled_alignment

    if src_mod.frontend != tgt_mod.frontend:
        return None  # (nothing aligns across frontends)
    key = (opts.fp == "real", opts.cuts, tuple(sorted(opts.readings.items())))
    hit = _CUTS.get(g)
    if hit is not None and hit[0] is s and hit[1] == key:
        return hit[2]
    cuts = prove_cuts(src_mod, s, tgt_mod, g, opts) if opts.cuts \
        else Cuts(labelled_alignment(s, g, modules=(src_mod, tgt_mod)))
    _CUTS[g] = (s, key, cuts)
    return cuts


def _name_readings(report: FunctionReport, consulted: list[str], name: str, src_mod: Module, s: Function,
                   tgt_mod: Module, g: Function, opts: Options, plan) -> None:
    """The encoding depended on contested points of semantics: decide the function under each
    other reading (unconfirmed; only its verdict is compared) and name the reading the verdict
    rests on where another one decides it otherwise or cannot decide it. Where execution
    disagrees with irverify and another reading proves the pair, the finding says so."""
    from dataclasses import replace

    from irverify.model.assumptions import CONTESTED

    for point in consulted:
        contested = CONTESTED[point]
        chosen = opts.readings.get(point, contested.default)
        others = []
        for other in contested.readings:
            if other == chosen:
                continue
            alt_opts = replace(opts, readings={**opts.readings, point: other}, confirm=False)
            alt = (_falsify_first(name, src_mod, s, tgt_mod, g, alt_opts) if plan is None else None) \
                or _check_escalating(name, src_mod, s, tgt_mod, g, alt_opts, plan)
            if alt.verdict != report.verdict:
                others.append(f"--{point}={other}: {alt.verdict.value}")
            if alt.verdict == Verdict.CORRECT:
                why = (f"under --{point}={other} the pair is correct: the compiler may follow that reading")
                if report.message.startswith(DISAGREE):
                    report.message += "; " + why
                else:
                    report.notes = [n + "; " + why if DISAGREE in n else n for n in report.notes]
        if others:
            report.assumptions.append(f"{point}={chosen}")
            report.notes.append(f"assumption: {contested.describe(chosen)} (under " + "; ".join(others) + ")")


def _excerpt(src_mod: Module, s: Function, tgt_mod: Module, g: Function, output: str) -> list[str]:
    """The report's echo of the source and target lines the counterexample exercises."""
    from irverify.cex.excerpt import exercised_lines, excerpt_text

    out = excerpt_text("Source", src_mod.path, exercised_lines(src_mod, s, output))
    out += excerpt_text("Target", tgt_mod.path, exercised_lines(tgt_mod, g, output))
    return out


def search_signed_zeros(report: FunctionReport, opts: Options, plan, src_mod: Module, s: Function,
                        tgt_mod: Module, g: Function) -> FunctionReport:
    """An abstract-model counterexample not reproduced: looked for on signed-zero inputs
    (``search.search_by_evaluation``)."""
    if plan is not None or report.verdict != Verdict.UNKNOWN or not report.float_undecided or not opts.explain:
        return report
    from irverify.verify.search import search_by_evaluation

    return search_by_evaluation(report, opts, src_mod, s, tgt_mod, g,
                                "its counterexample rests on uninterpreted float arithmetic", random=False)


def _check_escalating(name: str, src_mod: Module, s: Function, tgt_mod: Module, g: Function,
                      opts: Options, plan=None, consulted: set | None = None) -> FunctionReport:
    escalate = opts.escalate and opts.fp == "abstract" and small_enough(s, g)
    # An abstract model's counterexample: evaluation first, then exact IEEE floats, then execution
    # (for a contract, whose programs irverify does not evaluate, execution before exact IEEE).
    report = _check_function(name, src_mod, s, tgt_mod, g, opts, plan, defer=escalate, consulted=consulted)
    report.model = opts.fp
    from irverify.verify.search import TRIES, holds_over_reals, search_by_evaluation

    zeros_searched = False  # signed-zero inputs evaluated (search_by_evaluation)
    if plan is None and opts.explain and report.verdict == Verdict.UNKNOWN and (
            report.message.startswith(UNDECIDED) or (report.pending_approx and report.counterexample is not None)):
        # A difference evaluation finds comes first, for an abstract model's counterexample also
        # before exact IEEE floats (whose queries on a softmax run out of time) and execution: a
        # misplaced scale differs on every random input, and the counterexample shown is then
        # the evaluated one, whose values are real (the abstract model's rest on uninterpreted
        # float arithmetic). Where evaluation finds nothing, exact IEEE floats are tried next,
        # and only then signed zeros (a rounding exact IEEE floats find is the deeper difference).

        why = (report.message[len(UNDECIDED) + 2:] if report.message.startswith(UNDECIDED)
               else "its counterexample rests on uninterpreted float arithmetic")
        if report.message.startswith(UNDECIDED) and report.float_undecided \
                and holds_over_reals(name, src_mod, s, tgt_mod, g, opts):  # (without floats the same query)
            # random values cannot tell apart what agrees over the reals (only overflow,
            # rounding or a zero's sign can, which exact IEEE floats and signed zeros look for)
            report.notes.append(REAL_PROOF_NOTE)
        else:
            pending = not report.message.startswith(UNDECIDED)  # an abstract model's counterexample
            ieee_next = escalate and report.float_undecided and pending
            if pending and _float_fold_approx(report.pending_approx):
                # a float fold: signed zeros first (padding a sum with +0.0; IEEE keeps folds uninterpreted)
                found = search_signed_zeros(report, opts, plan, src_mod, s, tgt_mod, g)
                if found is not report:
                    return found
                zeros_searched = True
            # (before a counterexample is confirmed, one random set and one of large magnitude)
            found = search_by_evaluation(report, opts, src_mod, s, tgt_mod, g, why,
                                         zeros=not (ieee_next or zeros_searched), tries=1 if pending else TRIES)
            if found is not report:
                return found
            zeros_searched = zeros_searched or not ieee_next
    if not (escalate and report.verdict == Verdict.UNKNOWN and report.float_undecided):
        if zeros_searched:
            return _with_timeout_hint(report, opts)
        return _with_timeout_hint(search_signed_zeros(report, opts, plan, src_mod, s, tgt_mod, g), opts)
    zeros_first = _float_fold_approx(report.pending_approx) and not zeros_searched  # IEEE keeps such folds uninterpreted
    if zeros_first:
        found = search_signed_zeros(report, opts, plan, src_mod, s, tgt_mod, g)
        if found is not report:
            return found
    from dataclasses import replace

    from irverify.smt import solver

    from irverify.phases import phase

    executed = None  # a contract's counterexample run before exact IEEE floats, not confirmed
    if plan is not None and opts.confirm and plan.confirm is not None and report.pending_approx \
            and report.counterexample is not None:
        import copy

        executed = _deferred_confirmation(copy.deepcopy(report), opts, plan, src_mod, s, tgt_mod, g)
        if executed.confirmation is not None and executed.confirmation.confirmed:
            return executed
    with solver.budget(opts.timeout_s), phase("ieee"):  # all IEEE queries together get one query's timeout
        exact = _check_function(name, src_mod, s, tgt_mod, g, replace(opts, fp="ieee", escalate=False), plan)
    if exact.verdict in (Verdict.CORRECT, Verdict.INCORRECT):
        exact.model = "ieee"
        why = "its counterexample rests on uninterpreted float arithmetic" if report.message == ABSTRACT_HINT else report.message
        exact.notes.insert(0, ESCALATED + (f" ({why})" if why else ""))
        return exact
    report.notes.append(f"exact IEEE-754 floats: {exact.verdict.value}"
                        + (f" ({exact.message})" if exact.message else ""))
    if not zeros_first and not zeros_searched:
        found = search_signed_zeros(report, opts, plan, src_mod, s, tgt_mod, g)
        if found is not report:
            return found
    if executed is not None:
        executed.notes = report.notes + [n for n in executed.notes if n not in report.notes]
        report = executed
    elif report.pending_approx and report.counterexample is not None:
        report = _deferred_confirmation(report, opts, plan, src_mod, s, tgt_mod, g)
    return _with_timeout_hint(report, opts)


def _deferred_confirmation(report: FunctionReport, opts: Options, plan, src_mod: Module, s: Function,
                           tgt_mod: Module, g: Function) -> FunctionReport:
    """Confirm (or settle) the abstract model's counterexample that ``defer`` held back."""
    report.verdict, report.message, report.float_undecided = Verdict.INCORRECT, "", False
    report = confirm_or_settle(report, report.pending_approx, opts, plan, src_mod, s, tgt_mod, g)
    report.model = opts.fp
    return report


UNDECIDED = "solver could not decide"
NOT_EXPLAINED = "a counterexample exists (not extracted: a cut cone's failure is no finding)"
SYMBOLIC = "solver's model leaves a value it needs symbolic"


def _with_timeout_hint(report: FunctionReport, opts: Options) -> FunctionReport:
    """An ``unknown`` from a solver timeout under an approximate float model names the
    models that may decide."""
    if (report.verdict == Verdict.UNKNOWN and report.float_undecided and opts.fp == "abstract"
            and report.message.startswith("solver could not decide")):
        report.notes.append(IEEE_TIMEOUT_HINT if REAL_PROOF_NOTE in report.notes else FLOAT_TIMEOUT_HINT)
    return report


def small_enough(*fns: Function) -> bool:
    """Are the statically shaped tensors of these functions' signatures small enough for an
    exact IEEE check (``ESCALATE_ELEMENTS``)?"""
    from irverify.ir.core import TensorType

    for fn in fns:
        for ty in [a.type for a in fn.args] + list(fn.result_types):
            if isinstance(ty, TensorType):
                count = 1
                for d in ty.shape:
                    count *= d if isinstance(d, int) and d >= 0 else 1
                if count > ESCALATE_ELEMENTS:
                    return False
    return True


def _check_function(name: str, src_mod: Module, s: Function, tgt_mod: Module, g: Function,
                    opts: Options, plan=None, defer: bool = False, consulted: set | None = None) -> FunctionReport:
    """One check under ``opts.fp``. With ``defer``, a counterexample found through an
    approximation is returned ``unknown`` with ``pending_approx`` set, unconfirmed."""
    from irverify.cex.extract import TooLarge, counterexample, source_ub_note
    from irverify.smt import solver
    from irverify.smt.solver import NotConcrete
    from irverify.verify.encode import encode_function, make_inputs
    from irverify.verify.refinement import run_checks, source_ub_witness

    from irverify.smt.terms import reset_names

    reset_names()  # deterministic names in exported queries
    fp = theory(opts.fp)
    if opts.fp == "ieee" and not any(w in m.text for m in (src_mod, tgt_mod) for w in NAN_BITS_OBSERVERS):
        fp.canonical_nan = True
    try:
        inputs = make_inputs(s, fp, src_mod.frontend == "mlir") if plan is None else plan.make_inputs(fp)
        inputs.readings = dict(opts.readings)
        src = encode_function(s, src_mod, inputs, fp) if plan is None else plan.encode_source(inputs, fp)
        if plan is None:  # the ops the rewrite left unchanged take the source's values
            tgt = encode_function(g, tgt_mod, inputs, fp, reuse=(_aligned(src_mod, s, tgt_mod, g, opts), src))
        else:
            tgt = plan.encode_target(inputs, fp)
        if consulted is not None:
            consulted |= src.state.consulted | tgt.state.consulted
        with solver.isolated(opts.fp == "ieee"):  # z3 turns IEEE terms into bits uninterruptibly
            outcome = run_checks(inputs, src, tgt, fp, opts.timeout_s, small=opts.explain)
    except Unsupported as e:
        return FunctionReport(name, Verdict.UNSUPPORTED, message=str(e))
    approx = sorted(src.state.approximations | tgt.state.approximations)
    if plan is not None and plan.exact:  # exact for the property the contract states
        approx = [a for a in approx if a not in plan.exact]
    if approx and outcome.failure is not None and _exact_ub_failure(outcome.failure, inputs, src, tgt):
        approx = []  # the target-UB query applies no approximated operation: the witness is exact
    notes = sorted(src.state.notes | tgt.state.notes)
    if outcome.failure is None:
        if outcome.unknown:
            return FunctionReport(name, Verdict.UNKNOWN, notes=notes + outcome.unknown,
                                  message="solver could not decide: " + "; ".join(outcome.unknown),
                                  float_undecided=_float_approx(approx))
        if opts.fp == "real":
            notes.append("real-only: equal over the reals, not bitwise")
        report = FunctionReport(name, Verdict.CORRECT, notes=notes)
        witness = source_ub_witness(inputs, src, tgt, opts.timeout_s)
        if witness is not None:
            report.source_ub = source_ub_note(witness, inputs, src.state, fp)
            # the solver's witness is exact unless the source's encoding approximated something
            if src.state.approximations and (plan is None or plan.plain_source):
                from irverify.cex.ub_witness import concrete_source_ub

                report.source_ub = concrete_source_ub(src_mod, s, report.source_ub) or report.source_ub
            report.notes.append("source_ub: the source is undefined on some inputs; correct where it is defined")
        return report
    if not opts.explain:
        approximate = _float_approx(approx) and defer and not _opaque_approx(approx)
        return FunctionReport(name, Verdict.UNKNOWN if approximate else Verdict.INCORRECT, notes=notes,
                              message=NOT_EXPLAINED, float_undecided=approximate)
    unknown_src = source_unknown(outcome.failure, src)
    if unknown_src:  # a counterexample resting on an unknown source value: look for one that does not
        from irverify.smt import terms as t

        no_unknown = t.not_(t.or_(*(u.cond for u in src.state.unknown)))
        retry = run_checks(inputs, src, tgt, fp, opts.timeout_s, extra=(no_unknown,))
        skip = frozenset({outcome.failure.output.label}) if outcome.failure.output else frozenset()
        if retry.failure is None and skip:  # or one on another output
            retry = run_checks(inputs, src, tgt, fp, opts.timeout_s, skip=skip)
        if retry.failure is not None and not source_unknown(retry.failure, src):
            outcome, unknown_src = retry, []
    try:
        cex = counterexample(outcome.failure, inputs, fp, (src.state.trace, tgt.state.trace))
        # (an approximate Relax counterexample's own inputs run on TVM only where its floats are
        # ordinary, ``frontends.relax.confirm``: a subnormal one needs no replacing)
        cex, witness_note = _observable(cex, outcome, inputs, src, tgt, fp, opts, unknown_src,
                                        inexact=bool(_inexact_inputs(approx)) and src_mod.frontend == "relax")
        cex.verbose = opts.verbose
        if witness_note:
            notes.append(witness_note)
    except NotConcrete as e:
        if not (unknown_src or approx):
            raise
        why = "; ".join(unknown_src) or "approximations: " + ", ".join(approx)
        return FunctionReport(name, Verdict.UNKNOWN, notes=notes + [why],
                              message=f"counterexample found under the model's unknowns ({why}), but the "
                                      f"{SYMBOLIC} (an uninterpreted function of whole tensors), so it cannot be "
                                      "printed or confirmed")
    except TooLarge as e:
        if unknown_src or approx:  # resting on an unknown or an approximation, and unconfirmable
            why = "; ".join(unknown_src) or "approximations: " + ", ".join(approx)
            return FunctionReport(name, Verdict.UNKNOWN, notes=notes + [why],
                                  message=f"counterexample found under the model's unknowns ({why}) but too "
                                          f"large to print or confirm by execution ({e})")
        return FunctionReport(name, Verdict.INCORRECT, notes=notes,
                              message=f"counterexample found but too large to print ({e})")
    report = FunctionReport(name, Verdict.INCORRECT, cex, notes=notes)
    if unknown_src:
        report.verdict = Verdict.UNKNOWN
        report.message = ("the source value is not determined on this input (" + "; ".join(unknown_src) +
                          "): irverify models it as an unknown value and does not track it "
                          "through later ops, so this counterexample is not reported as incorrect")
        return report
    if approx:
        report.notes.append("approximations: " + ", ".join(approx))
    elif plan is None:
        from irverify.cex.concrete import first_differing_element

        first_differing_element(src_mod, s, tgt_mod, g, cex, readings=opts.readings)
    if defer and _float_approx(approx) and not _opaque_approx(approx):
        # exact IEEE floats may decide first; confirmation after them
        report.verdict, report.message, report.float_undecided = Verdict.UNKNOWN, ABSTRACT_HINT, True
        report.pending_approx = approx
        return report
    return confirm_or_settle(report, approx, opts, plan, src_mod, s, tgt_mod, g)
