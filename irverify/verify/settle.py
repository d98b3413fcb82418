"""Settling a counterexample: which approximations it rests on, its confirmation by execution
or by irverify's concrete evaluation, and the verdict that follows (``incorrect``, or
``unknown`` where nothing reproduced a counterexample resting on an approximation, or where the
oracles disagree)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from irverify.ir.core import Function, Module
from irverify.model.assumptions import SUMMATION_ORDER
from irverify.phases import timed
from irverify.verify.verdict import FunctionReport, Verdict

if TYPE_CHECKING:
    from irverify.verify.check import Options

ABSTRACT_HINT = ("counterexample only under the abstract float model; retry with --fp=real or --fp=ieee")


def _opaque_approx(approx: list[str]) -> list[str]:
    """The opaque ops among the approximations (no float model decides through them)."""
    return [a for a in approx if a.startswith("opaque ")]


def _float_fold_approx(approx: list[str]) -> bool:
    """Does any approximation come from a reduction's fold (``linalg`` "... reduction as an
    uninterpreted fold", Relax "... reduction in ...")?"""
    return any("reduction" in a for a in approx)


def _float_approx(approx: list[str]) -> bool:
    """Does any approximation come from the float model (so exact IEEE floats may decide)?"""
    return any("float" in a or "abstract" in a for a in approx)


def _inexact_inputs(approx: list[str]) -> list[str]:
    """The approximations that make the counterexample's inputs and values inexact. A float sum
    taken exactly in index order (``SUMMATION_ORDER``, exact IEEE floats) does not: the solver's
    inputs and values are what that order computes, so execution compares its outputs on them
    bit for bit (if the compiler sums in another order and they agree, the report stays
    ``unknown``)."""
    return [a for a in approx if not a.startswith(SUMMATION_ORDER)]


@timed("confirm")
def confirm_or_settle(report: FunctionReport, approx: list[str], opts: Options, plan, src_mod: Module,
                      s: Function, tgt_mod: Module, g: Function) -> FunctionReport:
    """Confirm an ``incorrect`` report's counterexample by execution (or, without execution, by
    irverify's concrete evaluation when the encoding was approximate), then ``settle``."""
    cex = report.counterexample
    approximate = bool(_inexact_inputs(approx))
    if opts.confirm and plan is not None and plan.confirm is not None:
        report.confirmation = plan.confirm(cex, approximate)
    elif opts.confirm:
        from irverify.frontends import frontend_named

        report.confirmation = frontend_named(src_mod.frontend).confirm(src_mod, s, tgt_mod, g, cex, approximate)
    elif approx and plan is None and reproduced(report, src_mod, s, tgt_mod, g, opts.timeout_s, opts.readings):
        return report  # not executed (--no-confirm), but reproduced concretely
    conf = report.confirmation
    if approx and all(_loop_approx([a]) for a in approx) and _loops_run_agree(report, src_mod, s, tgt_mod, g, opts):
        return report
    unobservable = cex.check != "value mismatch" or cex.target_value == "poison"
    if not approx and plan is None and (conf.confirmed is None if conf else unobservable):
        from irverify.cex.concrete import REFERENCE, exact_witness

        evidence = exact_witness(src_mod, s, tgt_mod, g, cex, readings=opts.readings)  # the oracle execution could not be
        if evidence is not None:
            report.notes.append(f"confirmed by {REFERENCE}: {evidence}")
            report.oracles.append(REFERENCE)
    return settle(report, approx, opts)


def _loop_approx(approx: list[str]) -> bool:
    """Does an approximation come from a loop left uninterpreted (``scf.uninterpreted_loop``)?"""
    from irverify.semantics.scf import LOOP_APPROXIMATION

    return any(LOOP_APPROXIMATION in a for a in approx)


def _loops_run_agree(report: FunctionReport, src_mod: Module, s: Function, tgt_mod: Module, g: Function,
                     opts: Options) -> bool:
    """A counterexample that rests only on loops left uninterpreted, where irverify's concrete
    evaluation, running those loops for their iterations on the counterexample's inputs, gives
    the source and the target the same value: the candidate is not a counterexample of the op
    definitions, so the report is ``unknown``. If execution nonetheless shows the two programs
    differ there, that is a disagreement between the oracles (the compiler has been wrong on
    such loops), reported with both sides. True when the report was settled so."""
    from irverify.cex.concrete import exact_agreement

    cex, conf = report.counterexample, report.confirmation
    same = exact_agreement(src_mod, s, tgt_mod, g, cex, readings=opts.readings)
    if same is None:
        return False
    report.verdict, report.float_undecided = Verdict.UNKNOWN, False
    where = f"{cex.output}{list(cex.index) if cex.index else ''}"
    # the solver's values inside and after the loops are its model's, not the loops' own
    cex.source_value = cex.target_value = same
    if cex.intermediate:
        cex.intermediate = {}
        cex.intermediate_note = "the solver's values rest on the loops left uninterpreted; not shown"
    if conf is not None and conf.confirmed is True:
        report.message = oracle_disagreement(cex, conf, ours=(same, same))
    else:
        report.message = (f"the solver's candidate rests on loops left uninterpreted; running them on its inputs, "
                          f"irverify's evaluation gives the source and the target the same value at {where} "
                          f"({_shown(same)}), so it is not a counterexample")
    return True


def _observable(cex, outcome, inputs, src, tgt, fp, opts, unknown_src, inexact: bool = False):
    """Prefer a counterexample execution can show (``irverify.verify.witness``); ``inexact``:
    execution runs random inputs of the counterexample's shapes and its own only where they are
    ordinary, so its subnormal inputs need no replacing."""
    from irverify.cex.extract import counterexample
    from irverify.verify import witness

    from irverify.smt import solver

    if unknown_src or not opts.confirm:  # only execution needs an observable one
        return cex, ""
    why = witness.degenerate(outcome, cex.dims, cex)
    flushed = not inexact and witness.has_subnormal_input(cex)
    if why is None and not flushed:
        return cex, ""
    with solver.budget(opts.timeout_s):  # all the retries together get one query's timeout
        found = witness.observable(outcome, inputs, src, tgt, fp, opts.timeout_s,
                                   acceptable=lambda f: not source_unknown(f, src),
                                   small=bool(why) and why.endswith("too large to run"), normal=flushed)
    if found is None:
        return cex, ""
    better, k = found
    shown = counterexample(better.failure, inputs, fp, (src.state.trace, tgt.state.trace))
    if shown.poison_inputs or shown.target_value == "poison":  # execution cannot show poison either
        return cex, ""
    if why is None:
        return shown, witness.FLUSHED_NOTE
    return shown, witness.NOTE.format(why=why, k=k) + ("; none of its float inputs is subnormal" if flushed else "")


def reproduced(report: FunctionReport, src_mod: Module, s: Function, tgt_mod: Module, g: Function,
               budget_s: float, readings: dict | None = None) -> bool:
    """Reproduce the report's value-mismatch counterexample by irverify's concrete evaluation
    (``irverify.cex.concrete``) within ``budget_s`` seconds of CPU time (one query's timeout);
    when it does, the report becomes ``incorrect`` with a note."""
    from irverify.cex.concrete import reproduce

    cex = report.counterexample
    if cex is None or cex.check != "value mismatch":
        return False
    evidence = reproduce(src_mod, s, tgt_mod, g, cex, budget_s, readings)
    if evidence is None:
        return False
    report.verdict, report.message, report.float_undecided = Verdict.INCORRECT, "", False
    report.notes.append("reproduced by irverify's concrete evaluation (IEEE rounding, math "
                        "functions computed numerically), not executed: " + evidence)
    report.oracles.append("irverify's concrete evaluation (IEEE rounding, math functions computed numerically)")
    return True


def settle(report: FunctionReport, approx: list[str], opts: Options) -> FunctionReport:
    """Decide between ``incorrect`` and ``unknown`` once confirmation is known."""
    conf = report.confirmation
    confirmed = conf.confirmed if conf else None
    if confirmed is True:
        report.oracles.insert(0, conf.backend)
        return report
    if approx:
        report.verdict = Verdict.UNKNOWN
        opaque = _opaque_approx(approx)
        report.float_undecided = _float_approx(approx) and not opaque
        if opaque:  # another float model cannot help: irverify does not know these ops' values
            report.message = (f"counterexample through {', '.join(opaque)}, whose values irverify "
                              "does not model; not reproduced by execution")
        elif opts.fp == "abstract" and all(_float_approx([a]) for a in approx):
            report.message = ABSTRACT_HINT
        else:  # another float model would not remove these approximations
            other = [a for a in approx if opts.fp == "abstract" or not _float_approx([a])] or approx
            report.message = (f"counterexample only under irverify's approximation of {', '.join(other)}; "
                              "not reproduced by execution, so it may not be a real one")
        return report
    if confirmed is False:
        report.verdict = Verdict.UNKNOWN
        report.message = oracle_disagreement(report.counterexample, conf)
    return report


DISAGREE = "the oracles disagree"


def oracle_disagreement(cex, conf, ours: tuple | None = None) -> str:
    """The finding when irverify's exact semantics and the compiler's execution disagree on an
    exact counterexample: both oracles named, with what each computes there. One of them is
    wrong (the compiler, or irverify's model of an op), so it is neither a confirmed bug nor
    an error of irverify's. ``ours``: irverify's source and target values when they are not
    the counterexample's own (computed by the concrete evaluation)."""
    from irverify.cex.confirm import value_at

    src_value, tgt_value = ours or (cex.source_value, cex.target_value)
    ours = f"source {_shown(src_value)}, target {_shown(tgt_value)}"
    theirs = (f"source {_shown(value_at(conf.source_output, cex))}, "
              f"target {_shown(value_at(conf.target_output, cex))}")
    where = f" at {cex.output}{list(cex.index) if cex.index else ''}" if cex.output else ""
    return (f"{DISAGREE}{where}: irverify's reference semantics say {ours}; "
            f"{conf.backend} executing both programs says {theirs} (a finding about the compiler "
            f"or about irverify's model of an op, not a confirmed miscompile)")


def _shown(v) -> str:
    from irverify.verify.verdict import _plain

    return "not run" if v is None else str(_plain(v))


def source_unknown(failure, src) -> list[str]:
    """The source's ops that yield an unknown value (``Ctx.add_unknown``) in the failure's model."""
    from irverify.cex.extract import _true
    from irverify.verify.refinement import CHECK_UB

    if failure.check == CHECK_UB:
        from irverify.smt import terms as t

        # the source is defined here only through an unknown value's choice (a stale index in
        # range): another choice may make it undefined, which would allow the target's UB
        if not any(n.startswith("unknown.") for u in src.state.ub for n in t.uninterpreted_names(u.cond)):
            return []
    elif not _mentions_unknown(failure):
        return []
    return [f"{u.loc}: {u.reason}" if u.loc else u.reason
            for u in src.state.unknown if _true(failure.model, u.cond)]


def _mentions_unknown(failure) -> bool:
    """Can the differing source value carry an unknown value (does its term contain one)?"""
    from irverify.model.values import Scalar, Tensor
    from irverify.smt import terms as t

    out = failure.output
    if out is None:
        return True
    if isinstance(out.src, Scalar):
        return t.has_uninterpreted_app(out.src.term, prefix="unknown.")
    if isinstance(out.src, Tensor) and failure.index_vars:
        return t.has_uninterpreted_app(out.src.at(failure.index_vars), prefix="unknown.")
    return True


def _exact_ub_failure(failure, inputs, src, tgt) -> bool:
    """Is ``failure`` a target-UB counterexample whose query mentions no uninterpreted function
    (so it does not depend on any approximation)?"""
    from irverify.smt import terms as t
    from irverify.verify.refinement import CHECK_UB

    if failure.check != CHECK_UB:
        return False
    terms = [u.cond for u in src.state.ub + tgt.state.ub]
    terms += list(inputs.assumptions) + src.state.assumptions + tgt.state.assumptions
    return not t.has_uninterpreted_app(*terms)
