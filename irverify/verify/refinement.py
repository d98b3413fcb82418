"""The refinement check of one function pair, in Alive2's order.

1. ``result shapes``: wherever both sides are defined, every result has the same extents
   (a target that is undefined there is caught by the next check).
2. ``target UB``: the target is undefined only where the source is.
3. ``value``: wherever the source is defined, every source output element (or scalar) that is
   not poison is not poison in the target and equals it (floats: same bits, or both NaN).

Each check is one satisfiability query for a counterexample. A counterexample whose tensor
sizes do not fit in index is not an input: the query is repeated with the inputs' size limits.
A query that times out is retried with every dynamic dimension bounded by ``BOUND``: a
counterexample found so is reported, but finding none proves nothing for larger dims (the
check stays undecided: "no counterexample with dims <= BOUND").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from irverify.ir.core import FloatType, TensorType
from irverify.model.values import Scalar, Tensor
from irverify.smt import solver
from irverify.smt import terms as t
from irverify.model.inputs import Inputs
from irverify.verify.encode import Encoded

BOUND = 8
MINIMISE_BOUNDS = (1, 2, 3, 4, 8, 16, 64, 256, 4096, 1 << 16, 1 << 24, 1 << 31, 1 << 32, 1 << 48)

CHECK_SHAPES = "result shapes differ"
CHECK_UB = "target has undefined behaviour where the source is defined"
CHECK_VALUE = "value mismatch"


@dataclass
class Output:
    """One observable output: a function result or the final contents of a binding."""

    label: str
    src: Any
    tgt: Any


@dataclass
class Failure:
    check: str
    model: Any
    output: Output | None = None
    index_vars: list[Any] = field(default_factory=list)
    ub_terms: list[Any] = field(default_factory=list)
    # found with every argument not poison: the substitution saying so (the model leaves them free)
    no_poison_args: list[Any] = field(default_factory=list)


@dataclass
class Outcome:
    failure: Failure | None
    unknown: list[str]


def outputs_of(src: Encoded, tgt: Encoded) -> list[Output]:
    outs = [Output(f"result #{k}", s, g) for k, (s, g) in enumerate(zip(src.results, tgt.results))]
    for key in sorted(set(src.state.extra_outputs) | set(tgt.state.extra_outputs)):
        s = src.state.extra_outputs.get(key)
        g = tgt.state.extra_outputs.get(key)
        outs.append(Output(key, s, g))
    return outs


def run_checks(inputs: Inputs, src: Encoded, tgt: Encoded, fp, timeout_s: float,
               extra: tuple = (), skip: frozenset = frozenset(), small: bool = True) -> Outcome:
    """Run the checks in order; ``extra`` restricts the inputs searched for a counterexample,
    ``skip`` names outputs whose values are not compared; ``small``: a counterexample is made
    small and readable (``minimise``; not when only whether one exists matters)."""
    pre = list(inputs.assumptions) + src.state.assumptions + tgt.state.assumptions + list(extra)
    src_ub = t.or_(*(u.cond for u in src.state.ub))
    tgt_ub = t.or_(*(u.cond for u in tgt.state.ub))
    src_ok = t.not_(src_ub)
    dims = [d for _, d in inputs.dims]
    unknown: list[str] = []
    outputs = outputs_of(src, tgt)

    def query(name: str, formula, make_failure, prefer=True) -> Failure | None:
        """``prefer``: look for a counterexample without poison arguments first (``False``: the
        formula says none is poison)."""
        res, used = solve(name, pre + [formula], inputs, timeout_s)
        if res.status == "unknown" and dims:
            bounds = [d <= BOUND for d in dims]
            retry, limits = solve(name + " (bounded)", pre + bounds + [formula], inputs, timeout_s)
            if retry.status == "sat":
                res, used = retry, bounds + limits
            elif retry.status == "unsat":
                res.reason = f"{res.reason or 'timeout'}; no counterexample with dynamic dims <= {BOUND}"
        if res.status == "unknown":
            res, used = _try_zero_inputs(name, pre + [formula], inputs, fp, timeout_s) or (res, used)
        if res.status == "unknown":
            unknown.append(f"{name}: {res.reason or 'timeout'}")
            return None
        if res.status == "unsat":
            return None
        if not small:
            return make_failure(res.model)
        model = minimise(name, pre + used + [formula], dims, res.model, timeout_s, inputs.pretty, fp,
                         prefer=no_poison_inputs(inputs) if prefer else ())
        return make_failure(model if fits(model, inputs) else res.model)

    # 1. result shapes
    for out in outputs:
        if isinstance(out.src, Tensor) and isinstance(out.tgt, Tensor):
            differ = t.or_(*(a != b for a, b in zip(out.src.dims, out.tgt.dims)))
            if t.static_bool(differ) is False:
                continue
            f = query(f"shapes of {out.label}", t.and_(src_ok, t.not_(tgt_ub), differ),
                      lambda m, out=out: Failure(CHECK_SHAPES, m, out))
            if f:
                return Outcome(f, unknown)

    # 2. target UB
    if t.static_bool(tgt_ub) is not False:
        f = query("target UB", t.and_(tgt_ub, src_ok),
                  lambda m: Failure(CHECK_UB, m, ub_terms=[u for u in tgt.state.ub]))
        if f:
            return Outcome(f, unknown)

    # 3. values: first where both are defined and differ, then where the target is poison and
    # the source is not. Which arguments are poison changes no value term (only poison
    # conditions), so the first query is asked with no poison argument, which is cheaper (and
    # its counterexamples can be executed); an opaque op's value depends on its operands'
    # poison, so with one the arguments stay free.
    opaque = any(a.startswith("opaque op") for a in src.state.approximations | tgt.state.approximations)
    clear = [] if opaque else clear_poison_inputs(inputs)
    for out in outputs:
        if out.label in skip:
            continue
        poison_f, value_f, idx = value_mismatch_split(out, fp)
        for what, formula, ok in ((f"value of {out.label}", value_f, src_ok),
                                  (f"poison of {out.label}", poison_f, src_ok)):
            if formula is None or t.static_bool(formula) is False:
                continue
            cleared = bool(clear) and what.startswith("value")
            if cleared:
                formula, ok = t.substitute(formula, clear), t.substitute(ok, clear)
            if isinstance(out.src, Tensor) and false_at_every_index(formula, idx, out.src.dims):
                continue
            f = query(what, t.and_(ok, formula),
                      lambda m, out=out, idx=idx, c=cleared: Failure(CHECK_VALUE, m, out, idx,
                                                                     no_poison_args=clear if c else []),
                      prefer=not cleared)
            if f:
                return Outcome(f, unknown)
    return Outcome(None, unknown)


# Static output elements up to which a value query is first decided index by index.
SPLIT_ELEMENTS = 64


def false_at_every_index(formula, idx: list[Any], dims: list[Any]) -> bool:
    """Does ``formula`` simplify to false at every index of a static output of at most
    ``SPLIT_ELEMENTS`` elements? Element terms that are the same term once the index is a
    constant (a chain of reshapes, a value both sides compute alike) then need no solver, which
    otherwise has to prove index arithmetic such as ``(4i + j) floordiv 4 = i`` under a
    bit-vector product. The first index that does not simplify to false stops the split."""
    sizes = [t.static_int(d) for d in dims]
    if not idx or None in sizes or len(sizes) != len(idx):
        return False
    count = 1
    for n in sizes:
        count *= n
    if count > SPLIT_ELEMENTS:
        return False
    points: list[list] = [[]]
    for var, n in zip(idx, sizes):
        if t.static_int(var) is None:  # (a dim of extent 1 is compared at 0 already)
            points = [p + [(var, t.int_val(k))] for p in points for k in range(n)]
    return all(t.static_bool(t.substitute(formula, p)) is False for p in points)


def clear_poison_inputs(inputs: Inputs) -> list[tuple[Any, Any]]:
    """Substitution pairs making every argument not poison."""
    if not inputs.poison:
        return []
    from irverify.model.inputs import poison_switch

    return [(poison_switch(inputs), t.false())]


def index_vars(x: Tensor) -> list[Any]:
    """The symbolic index at which two tensors are compared: a fresh variable per dim, except
    0 where the extent is statically 1 (the only in-bounds value; the two sides may index such
    a dim as 0 or by the variable, and the solver need not prove them equal)."""
    return [t.int_val(0) if t.static_int(d) == 1 else t.fresh_int("idx") for d in x.dims]


def value_mismatch_split(out: Output, fp) -> tuple[Any, Any, list[Any]]:
    """(a formula true where the target's output is poison and the source's is not, one true
    where both are defined and differ, the index variables); outputs that compare themselves
    (bindings) give a single formula as the second."""
    s, g = out.src, out.tgt
    if isinstance(s, Scalar) and isinstance(g, Scalar):
        src_def = t.not_(s.is_poison())
        tgt_poison = None if g.poison is None else t.and_(src_def, g.poison)
        differ = t.and_(src_def, t.not_(g.is_poison()), t.not_(refines(s.term, g.term, s.type, fp)))
        return tgt_poison, differ, []
    if isinstance(s, Tensor) and isinstance(g, Tensor):
        idx = index_vars(s)
        where = t.and_(s.in_bounds(idx), s.is_defined(idx))
        tgt_poison = None if g.defined is None else t.and_(where, t.not_(g.is_defined(idx)))
        differ = t.and_(where, g.is_defined(idx), t.not_(refines(s.at(idx), g.at(idx), s.type.elem, fp)))
        return tgt_poison, differ, idx
    formula, idx = value_mismatch(out, fp)
    return None, formula, idx


def solve(name: str, assertions: list[Any], inputs: Inputs, timeout_s: float):
    """``(result, size limits asserted)``: a model in which some tensor argument does not fit in
    index is not an input, so the query is then repeated with the inputs' size limits."""
    res = solver.check(name, assertions, timeout_s)
    if res.status != "sat" or fits(res.model, inputs):
        return res, []
    limits = list(inputs.size_limits)
    return solver.check(name + " (sizes)", assertions + limits, timeout_s), limits


def fits(model, inputs: Inputs) -> bool:
    """Does ``model`` satisfy every size limit of the inputs?"""
    return all(t.static_bool(solver.evaluate(model, c)) is True for c in inputs.size_limits)


HINT_TIMEOUT_S = 3.0


def _try_zero_inputs(name: str, assertions: list[Any], inputs: Inputs, fp, timeout_s: float):
    """After a timeout, look for a counterexample with one tensor argument fixed to zeros (a
    model found under the restriction is still a counterexample; nonlinear real queries such
    as a misplaced attention scale become linear this way): ``(result, size limits asserted)``,
    ``None`` if none is found. The arguments' queries share ``HINT_TIMEOUT_S``."""
    with solver.budget(min(HINT_TIMEOUT_S, timeout_s)):
        for arg_name, val in zip(inputs.arg_names, inputs.args):
            if not isinstance(val, Tensor) or val.rank == 0 or arg_name not in inputs.arrays:
                continue
            elem = val.type.elem
            zero = fp.const(0.0, elem) if isinstance(elem, FloatType) else (
                t.int_val(0) if not hasattr(elem, "width") else t.bv_val(0, elem.width))
            hint = inputs.arrays[arg_name] == t.const_array(val.rank, zero)
            res, used = solve(f"{name} ({arg_name} = 0)", assertions + [hint], inputs, min(HINT_TIMEOUT_S, timeout_s))
            if res.status == "sat":
                return res, used
    return None


def value_mismatch(out: Output, fp) -> tuple[Any, list[Any]]:
    """A formula true when the target's output differs from a defined source output."""
    s, g = out.src, out.tgt
    if isinstance(s, Scalar) and isinstance(g, Scalar):
        ok = refines(s.term, g.term, s.type, fp)
        if g.poison is not None:
            ok = t.and_(t.not_(g.poison), ok)
        return (t.not_(ok) if s.poison is None else t.and_(t.not_(s.poison), t.not_(ok))), []
    if isinstance(s, Tensor) and isinstance(g, Tensor):
        idx = index_vars(s)
        ok = t.and_(g.is_defined(idx), refines(s.at(idx), g.at(idx), s.type.elem, fp))
        return t.and_(s.in_bounds(idx), s.is_defined(idx), t.not_(ok)), idx
    if s is None and hasattr(g, "unwritten"):  # a binding only the target writes
        s = g.unwritten()
    if hasattr(s, "mismatch"):  # memory outputs (bindings) know how to compare themselves
        return s.mismatch(g, fp)
    if hasattr(g, "mismatch"):  # an opaque value against a modelled one
        from irverify.errors import Unsupported

        raise Unsupported(f"comparing a {type(s).__name__} result with an opaque {type(g).__name__}")
    raise TypeError(f"cannot compare {type(s).__name__} with {type(g).__name__}")


def refines(src_term, tgt_term, ty, fp):
    if isinstance(ty, TensorType):
        ty = ty.elem
    if isinstance(ty, FloatType):
        return fp.refines(src_term, tgt_term, ty)
    return src_term == tgt_term


def no_poison_inputs(inputs: Inputs) -> list[Any]:
    """Constraints saying that no argument is poison."""
    if not inputs.poison:
        return []
    from irverify.model.inputs import poison_switch

    return [t.not_(poison_switch(inputs))]


def minimise(name: str, assertions: list[Any], dims: list[Any], model, timeout_s: float,
             pretty=(), fp=None, prefer=()):
    """Prefer a counterexample without poison arguments (``prefer``), then one with small
    dynamic dimensions (all dims <= 1, then 2, ...; the bounds share twice one query's budget),
    then one whose input elements are distinct small numbers (so the output shows where each went)."""
    budget = min(2.0, timeout_s)
    if prefer:
        res = solver.check(f"{name} (no poison inputs)", assertions + list(prefer), budget)
        if res.status == "sat":
            model = res.model
            assertions = assertions + list(prefer)
    with solver.budget(2 * budget):  # (a query timing out at one bound rarely ends at the next)
        for b in MINIMISE_BOUNDS if dims else ():
            bounds = [d <= b for d in dims]
            res = solver.check(f"{name} (minimise <= {b})", assertions + bounds, budget)
            if res.status == "sat":
                model = res.model
                assertions = assertions + bounds
                break
            if all(solver.int_value(model, d) <= b for d in dims) or solver.budget_left() <= 0.05:
                break
    if not pretty or fp is None:
        return model
    fixed = [d == solver.int_value(model, d) for d in dims]
    distinct = distinct_values(model, pretty, fp)
    if not distinct:
        return model
    res = solver.check(f"{name} (distinct inputs)", assertions + fixed + distinct, budget)
    return res.model if res.status == "sat" else model


PRETTY_LIMIT = 256


def distinct_values(model, pretty, fp) -> list[Any]:
    """Constraints giving every element of each small input array a distinct small value."""
    import itertools

    from irverify.ir.core import FloatType, IndexType, IntType

    out = []
    for arr, dims, elem, sign in pretty:
        shape = [solver.int_value(model, d) for d in dims]
        count = 1
        for n in shape:
            count *= max(n, 0)
        if count > PRETTY_LIMIT or max(shape, default=0) > PRETTY_LIMIT or (isinstance(elem, IntType) and elem.width < 8):
            continue
        if isinstance(elem, FloatType) and elem.is_small:  # no float constants of these formats
            continue
        for k, idx in enumerate(itertools.product(*(range(n) for n in shape))):
            v = sign * (k + 1)
            if isinstance(elem, IntType):
                term = t.bv_val(v, elem.width)
            elif isinstance(elem, IndexType):
                term = t.int_val(v)
            elif isinstance(elem, FloatType):
                term = fp.const(float(v), elem)
            else:
                continue
            out.append(t.select(arr, [t.int_val(i) for i in idx]) == term)
    return out


def source_ub_witness(inputs: Inputs, src: Encoded, tgt: Encoded, timeout_s: float):
    """A model in which the source has UB, or ``None`` (no UB, or not found in time)."""
    if not src.state.ub:
        return None
    pre = list(inputs.assumptions) + src.state.assumptions + tgt.state.assumptions
    src_ub = t.or_(*(u.cond for u in src.state.ub))
    if t.static_bool(src_ub) is False:
        return None
    res, used = solve("source UB", pre + [src_ub], inputs, timeout_s)
    if res.status != "sat":
        return None
    dims = [d for _, d in inputs.dims]
    return minimise("source UB", pre + used + [src_ub], dims, res.model, timeout_s)
