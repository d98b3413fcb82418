"""A counterexample found by evaluation when the solver could not decide.

When the solver runs out of time on whether an output's values agree, or finds a counterexample
only through the abstract float model's uninterpreted arithmetic, irverify evaluates both
functions on a few seeded random inputs through its own semantics (``verify.evaluate``, no
solver; floats as ``cex.concrete.reproduce`` evaluates them), the second set of large magnitude
(where an ``exp`` overflows; only a NaN or infinity one side lacks counts on it); for an
abstract-model counterexample one ordinary set and the large one, before exact IEEE floats and
execution (``check._check_escalating``). Inputs on which the source is undefined are skipped; an
element of an output where the source is defined and the target computes another value (or is
poison) is a real counterexample under the op definitions: the verdict becomes ``incorrect``,
and with confirmation the counterexample is replayed on IREE like any other (a disagreement
between the two oracles is reported as such). Only functions whose arguments are tensors or
scalars are searched, a dynamic extent taking the solver's counterexample's value; a function
that does not decide is left ``unknown``.

Besides random values, the search tries inputs whose float arguments are all ``+0.0`` or all
``-0.0`` (each argument's sign in every combination), evaluated in IEEE arithmetic and compared
with the sign of a zero: a float sum of zeros is ``-0.0`` only when every term is, in any order
(IEEE 754-2019 §6.3), so padding a reduction with ``+0.0`` changes its result, which neither the
abstract float model (its folds are uninterpreted) nor random values (no zero sums) show. For
an abstract-model counterexample these sets come after exact IEEE floats, or first where it
rests on a float fold (``check.search_signed_zeros``); a fold whose orders give different values
is not evaluated (``float_fold.concrete_fold``), so such a set is skipped.

With ``Options.falsify_first`` (``validate-pipeline`` and the TVM pass instrument, where a pass
application is one large function and a wrong pass should be named in seconds), and for any
function computing a transcendental no float model interprets (``check._computes_transcendentals``:
its abstract-model counterexample would be settled by this evaluation anyway, after a solver
query that on an attention takes tens of seconds), one input set is evaluated on a few elements
of each output before the solver is asked at all; a difference is the verdict, otherwise the
solver decides as usual. Off for other functions: the solver's counterexamples are smaller.

Two more ways to settle what the solver did not: running both Relax functions on TVM with
random inputs (``search_by_execution``), and, after the abstract float model ran out of time,
a short proof over the reals (``holds_over_reals``): where it holds, random inputs cannot tell
the functions apart, so neither search is made, and the report says the results agree over the
reals.
"""

from __future__ import annotations

import time

import numpy as np

from irverify.ir.core import FloatType, Function, IndexType, IntType, Module, TensorType
from irverify.verify.verdict import Counterexample, FunctionReport, Verdict
from irverify.phases import timed

TRIES = 4  # input sets drawn
SAMPLE_ELEMENTS = (4, 32)  # elements of each output evaluated first (then more), for each input set
NOTE = ("found by irverify's concrete evaluation of the op definitions (IEEE rounding of each operation) on "
        "random inputs after the solver could not decide ({why})")
LARGE_NOTE = ("found by irverify's concrete evaluation of the op definitions (IEEE rounding of each operation) on "
              "random inputs of large magnitude (a NaN or infinity one side lacks) after the solver could not "
              "decide ({why})")
EARLY_NOTE = ("found by irverify's concrete evaluation of the op definitions (IEEE rounding of each operation) on "
              "random inputs, before any solver query")
ZERO_NOTE = ("found by irverify's IEEE-754 evaluation of the op definitions on inputs of signed zeros (the sign "
             "of a zero compared; a float sum of zeros is -0.0 only when every term is, in any order) after "
             "the solver could not decide ({why})")
ZERO_ARGS = 3  # float arguments whose signs of zero are varied: 2^3 input sets
ZERO_LIMIT_S = 10.0  # CPU seconds for the signed-zero sets alone (``random=False``)
# Evaluation tried before the solver (``Options.falsify_first``, and functions computing
# transcendentals): one input set, on the first SAMPLE_ELEMENTS of each output only (a wrong
# rewrite shows in any of them; the solver decides the rest), for at most this share of the query
# timeout and at most EARLY_LIMIT_S seconds of CPU time (encoding an attention for evaluation
# takes about 1 s per side).
EARLY_TRIES, EARLY_SHARE, EARLY_LIMIT_S = 1, 0.25, 5.0
# Tensor elements the concrete evaluation computes per CPU second, at least (it evaluates an
# op's elements one by one: about 7,000 per second for a two-op elementwise body). A search
# whose functions compute more elements than its budget allows is not started: the evaluation
# of one large op does not stop at the deadline (a 4096x32x128 dequantization ran 56 s past it).
ELEMENTS_PER_S = 4000


def _arg_shapes(fn: Function, dims: dict[str, int]) -> list[tuple[int, ...]] | None:
    """Each argument's shape (``()`` for a scalar): static extents from its type, dynamic ones
    from ``dims`` (``dim(%a, 0)``, as a counterexample of the solver names them); None when an
    argument is not a plain tensor or scalar, or a dynamic extent is not given."""
    shapes = []
    for a in fn.args:
        ty = a.type
        shape: tuple[int, ...] = ()
        if isinstance(ty, TensorType):
            if type(ty) is not TensorType or ty.encoding is not None:
                return None
            extents = [d if isinstance(d, int) else dims.get(_dim_key(a.name, k, d)) for k, d in enumerate(ty.shape)]
            if any(not isinstance(d, int) or d < 0 for d in extents):
                return None
            shape, ty = tuple(extents), ty.elem
        if not isinstance(ty, (IntType, FloatType, IndexType)):
            return None
        shapes.append(shape)
    return shapes


def _dim_key(arg: str, k: int, extent) -> str:
    """How a counterexample names a dynamic extent: a Relax symbolic variable by its name
    (``n``), any other as ``dim(%a, k)``."""
    return extent if isinstance(extent, str) and extent.isidentifier() else f"dim({arg}, {k})"


def _draw(ty, rng: np.random.Generator, shape=(), span=(-2, 2)):
    from irverify.cex.extract import numpy_dtype

    if isinstance(ty, FloatType):
        return np.asarray(rng.uniform(*span, shape)).round(3).astype(numpy_dtype(ty))
    if isinstance(ty, IndexType):
        return np.asarray(rng.integers(0, 4, shape)).astype(np.int64)
    if ty.width == 1:
        return np.asarray(rng.integers(0, 2, shape)).astype(np.bool_)
    return np.asarray(rng.integers(-8, 9, shape)).astype(numpy_dtype(ty))


def computed_elements(fn: Function) -> int:
    """The tensor and vector elements ``fn``'s ops compute, counting each op result of static
    extents once (a dynamic extent counts 1: its value comes from the inputs, which the search
    keeps small)."""
    total = 0
    todo = [fn.body] if fn.body is not None else []
    while todo:
        block = todo.pop()
        for op in block.ops:
            for r in op.results:
                if isinstance(r.type, TensorType):
                    n = 1
                    for d in r.type.shape:
                        n *= d if isinstance(d, int) else 1
                    total += n
            todo.extend(b for region in op.regions for b in region)
    return total


def _zero_sets(fn: Function, shapes: list[tuple[int, ...]], rng: np.random.Generator):
    """Input sets whose float arguments are splats of ``+0.0`` or ``-0.0``, the signs of the
    first ``ZERO_ARGS`` float arguments in every combination (later ones ``+0.0``); other
    arguments drawn as ``_draw`` does; each argument of its shape in ``shapes``."""
    from irverify.cex.extract import numpy_dtype

    floats = [i for i, a in enumerate(fn.args) if isinstance(getattr(a.type, "elem", a.type), FloatType)]
    if not floats:
        return
    varied = floats[:ZERO_ARGS]
    for signs in range(1 << len(varied)):
        args = []
        for i, (a, shape) in enumerate(zip(fn.args, shapes)):
            ty = a.type.elem if isinstance(a.type, TensorType) else a.type
            if i in floats:
                negative = i in varied and signs >> varied.index(i) & 1
                arr = np.full(shape, -0.0 if negative else 0.0, dtype=numpy_dtype(ty))
            else:
                arr = _draw(ty, rng, shape)
            args.append(arr if isinstance(a.type, TensorType) else arr[()])
        yield args


@timed("search")
def search_by_evaluation(report: FunctionReport, opts, src_mod: Module, s: Function, tgt_mod: Module,
                         g: Function, why: str, early: bool = False, random: bool = True,
                         zeros: bool = True, tries: int = TRIES) -> FunctionReport:
    """``report`` made ``incorrect`` when evaluation finds a difference (module docstring), else
    ``report`` itself; at most ``opts.timeout_s`` seconds of CPU time in all (``early``: one
    input set and ``EARLY_SHARE`` of it, at most ``EARLY_LIMIT_S``, before any query). Floats are
    evaluated as ``cex.concrete.reproduce`` does (IEEE rounding of each operation, sums in index
    order), and an element counts as different only beyond what the order of a sum explains
    (``cex.concrete._differ``). ``random``/``zeros``: whether the random and the signed-zero
    input sets are tried; ``tries``: the random sets of ordinary magnitude (one of large
    magnitude comes second, besides them)."""
    from irverify.cex.concrete import LARGE, NUMERIC, _rounding
    from irverify.verify.evaluate import evaluate_function

    # dynamic extents as the solver's counterexample chose them (consistent where the source is defined)
    shapes = _arg_shapes(s, report.counterexample.dims if report.counterexample is not None else {})
    if src_mod.frontend not in ("mlir", "relax") or shapes is None or [a.type for a in s.args] != [a.type for a in g.args]:
        return report
    budget = min(opts.timeout_s * EARLY_SHARE, EARLY_LIMIT_S) if early else opts.timeout_s
    budget = budget if random else min(budget, ZERO_LIMIT_S)
    if computed_elements(s) + computed_elements(g) > ELEMENTS_PER_S * budget:
        return report  # one evaluation would not finish in the budget
    deadline = time.process_time() + budget
    rng = np.random.default_rng(0)
    names = [a.name or f"%arg{i}" for i, a in enumerate(s.args)]
    funcs = {**NUMERIC, **_rounding()}
    sets = []
    if random:
        sets += [(kind, [_draw(a.type.elem, rng, shape, span) if isinstance(a.type, TensorType)
                         else _draw(a.type, rng, (), span)[()] for a, shape in zip(s.args, shapes)])
                 for kind, span in [("random", (-2, 2))] + ([] if early else [("large", LARGE)])
                 + [("random", (-2, 2))] * ((EARLY_TRIES if early else tries) - 1)]
    if zeros and not early and opts.fp != "real":  # (real arithmetic has one zero)
        sets += [("zeros", args) for args in _zero_sets(s, shapes, rng)]
    # random sets leave half the budget (at most ZERO_LIMIT_S) to the signed-zero sets after them
    zeros_share = min(budget / 2, ZERO_LIMIT_S) if any(kind == "zeros" for kind, _ in sets) and random else 0.0
    random_deadline = deadline - zeros_share
    random_done = False  # a random set ran out of time or could not be evaluated: on to the zeros

    def evaluate(args, elements, how, until):
        """``(source, target)`` evaluations, or the reason to leave this set: "ub" (the source is
        undefined or the target is where it is not: the solver's checks say so), "error"."""
        try:
            with np.errstate(all="ignore"):
                ev_s = evaluate_function(src_mod, s.name, args, deadline=until, readings=opts.readings,
                                         elements=elements, **how)
                if ev_s.ub:
                    return "ub"
                ev_t = evaluate_function(tgt_mod, g.name, args, deadline=until, readings=opts.readings,
                                         elements=elements, **how)
        except Exception:  # noqa: BLE001 - not evaluable in time or at all: no counterexample here
            return "error"
        return "ub" if ev_t.ub else (ev_s, ev_t)

    def found_in(kind, args, evaluations):
        ev_s, ev_t = evaluations
        found = _difference(ev_s, ev_t, kind == "zeros", kind == "large")
        if not found:
            return found  # () no difference, None: the outputs' shapes differ (left to the solver)
        k, idx, src, tgt, tgt_poison = found
        note = ZERO_NOTE if kind == "zeros" else EARLY_NOTE if early else LARGE_NOTE if kind == "large" else NOTE
        return _incorrect(report, opts, src_mod, s, tgt_mod, g, note.format(why=why),
                          names, args, k, list(idx), src[idx], "poison" if tgt_poison[idx] else tgt[idx])

    # random values: floats as reals rounded after each op (sums in index order), compared beyond
    # what another order explains; a few elements of each output first (a misplaced scale shows
    # in any of them), then more
    rounded = dict(fp_name="rounded-real", interpret=funcs)
    for kind, args in [(kind, args) for kind, args in sets if kind != "zeros"]:
        for elements in SAMPLE_ELEMENTS if early else (*SAMPLE_ELEMENTS, None):
            if random_done or time.process_time() > random_deadline:
                random_done = True
                break
            evaluations = evaluate(args, elements, rounded, random_deadline)
            if isinstance(evaluations, str):
                random_done = random_done or evaluations == "error"
                break
            found = found_in(kind, args, evaluations)
            if found is None:
                return report
            if found:
                return found
    # signed zeros: IEEE arithmetic (math functions in double precision, rounded), a zero's sign
    # compared too; every set on a few elements before any on more (splat inputs make most
    # outputs uniform: the set whose signs differ shows it in its first elements)
    ieee = dict(fp_name="ieee", interpret=funcs)
    zero_sets = [args for kind, args in sets if kind == "zeros"]
    left = set(range(len(zero_sets)))  # the sets still evaluated
    for elements in (*SAMPLE_ELEMENTS, None):
        for k, args in enumerate(zero_sets):
            if k not in left:
                continue
            if time.process_time() > deadline:
                return report
            evaluations = evaluate(args, elements, ieee, deadline)
            if isinstance(evaluations, str):  # (an error: e.g. a fold whose orders differ)
                left.discard(k)
                continue
            found = found_in("zeros", args, evaluations)
            if found is None:
                return report
            if found:
                return found
    return report


def _difference(ev_s, ev_t, exact: bool, large: bool = False):
    """The first output element (beyond a sum's order) where two evaluations differ and the
    source is defined: ``(output, index, source output, target output, target poison mask)``,
    ``()`` when none does, ``None`` when an output's shapes differ (``large``: inputs of large
    magnitude, where only a NaN or infinity one side lacks counts)."""
    from irverify.cex.concrete import _differ

    for k, (src, tgt) in enumerate(zip(ev_s.outputs, ev_t.outputs)):
        src, tgt = np.asarray(src), np.asarray(tgt)
        if src.shape != tgt.shape:
            return None
        src_poison = np.zeros(src.shape, bool) if ev_s.undefined[k] is None else np.asarray(ev_s.undefined[k])
        tgt_poison = np.zeros(tgt.shape, bool) if ev_t.undefined[k] is None else np.asarray(ev_t.undefined[k])
        if src.dtype.kind != "f":
            differ = src != tgt
        else:
            differ = _differ(src.astype(float), tgt.astype(float), large)
            if exact:
                differ |= (src == 0) & (tgt == 0) & (np.signbit(src) != np.signbit(tgt))
        differ = (differ | tgt_poison) & ~src_poison
        if differ.any():
            return k, tuple(int(i) for i in np.argwhere(differ)[0]), src, tgt, tgt_poison
    return ()


def _incorrect(report, opts, src_mod, s, tgt_mod, g, note, names, args, k, index, source_value, target_value):
    from irverify.cex.concrete import REFERENCE
    from irverify.frontends import frontend_named

    cex = Counterexample("value mismatch", output=f"result #{k}", index=index, arg_order=list(names),
                         source_value=source_value, target_value=target_value,
                         types={n: a.type for n, a in zip(names, s.args)},
                         value_type=getattr(g.result_types[k], "elem", g.result_types[k]))
    for n, a, v in zip(names, s.args, args):
        (cex.tensors if isinstance(a.type, TensorType) else cex.scalars)[n] = v
        if isinstance(a.type, TensorType):
            cex.dims.update({_dim_key(n, k, d): int(e) for k, (d, e) in enumerate(zip(a.type.shape, np.shape(v)))
                             if not isinstance(d, int)})
    out = FunctionReport(report.name, Verdict.INCORRECT, cex, notes=[note], model=report.model)
    out.oracles.append(REFERENCE)
    if opts.confirm and target_value != "poison":
        from irverify.verify.settle import oracle_disagreement

        conf = frontend_named(src_mod.frontend).confirm(src_mod, s, tgt_mod, g, cex, False)
        out.confirmation = conf
        if conf.confirmed is False and conf.source_output is not None:
            out.verdict, out.message = Verdict.UNKNOWN, oracle_disagreement(cex, conf)
    return out


SEARCHED = ("found by execution on random inputs after the solver could not decide ({why}): "
            "{backend} computes different outputs on them")


@timed("search")
def search_by_execution(report: FunctionReport, opts, src_mod: Module, s: Function,
                        tgt_mod: Module, g: Function) -> FunctionReport:
    """When the solver did not decide whether a result's values agree, run both functions on
    random inputs (a Relax function whose arguments all have static shapes; the frontend's
    ``confirm`` with an approximate encoding: random inputs, a relative tolerance, inputs on which
    irverify's exact semantics says the source is undefined skipped). Outputs that differ are a
    real counterexample: the report becomes ``incorrect``, confirmed by that execution."""
    import re

    import numpy as np

    from irverify.cex.extract import numpy_dtype
    from irverify.verify.check import UNDECIDED

    if not opts.confirm or src_mod.frontend != "relax":
        return report
    tensors = {}
    for a in s.args:
        if not (isinstance(a.type, TensorType) and all(isinstance(d, int) for d in a.type.shape)):
            return report
        tensors[a.name] = np.zeros(a.type.shape, dtype=numpy_dtype(a.type.elem))
    from irverify.frontends import frontend_named

    for label in dict.fromkeys(re.findall(r"value of (result #\d+)", report.message)):
        cex = Counterexample("value mismatch", tensors=dict(tensors), output=label,
                             arg_order=[a.name for a in s.args])
        conf = frontend_named(src_mod.frontend).confirm(src_mod, s, tgt_mod, g, cex, True)
        if conf.confirmed:
            from irverify.cex.confirm import show_difference
            from irverify.frontends.relax.confirm import RTOL

            show_difference(cex, conf.source_output, conf.target_output, RTOL)
            why = report.message[len(UNDECIDED) + 2:]
            notes = [SEARCHED.format(why=why, backend=conf.backend)]
            return FunctionReport(report.name, Verdict.INCORRECT, cex, conf, notes, model=report.model)
    return report


REAL_PROBE_S = 5.0  # CPU seconds for the proof over the reals tried after an abstract-float timeout
REAL_PROOF_NOTE = ("over the reals the results agree (a proof under --fp=real): only rounding, "
                   "overflow, NaN or a zero's sign could tell them apart")


def holds_over_reals(name: str, src_mod: Module, s: Function, tgt_mod: Module, g: Function, opts) -> bool:
    """After the abstract float model ran out of time on floats: is the pair proved equal over
    the reals (``--fp=real``), within ``REAL_PROBE_S``? (Equality over the reals, such as a
    scale moved across a matmul, is often fast to decide where uninterpreted float arithmetic
    is not; the report says so.)"""
    if opts.fp != "abstract":
        return False
    from dataclasses import replace

    from irverify.phases import phase
    from irverify.smt import solver
    from irverify.verify.check import _check_function

    with solver.budget(min(opts.timeout_s, REAL_PROBE_S)), phase("real"):
        real = _check_function(name, src_mod, s, tgt_mod, g,
                               replace(opts, fp="real", escalate=False, confirm=False, explain=False))
    return real.verdict == Verdict.CORRECT
