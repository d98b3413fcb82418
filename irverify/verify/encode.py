"""Encoding a function: walk its ops, call each op's semantics, collect results, UB and assumptions."""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from irverify.phases import timed
from irverify.errors import Unsupported
from irverify.ir.core import (
    Block,
    DispatchTensorType,
    FloatType,
    Function,
    IndexType,
    IntType,
    Location,
    MemRefType,
    Module,
    Op,
    ShapeType,
    TensorType,
    TupleType,
    Type,
    UnknownTensorType,
)
from irverify.model.inputs import Inputs, assume_size_fits, named_dim, poison_switch
from irverify.model.sorts import INDEX_LIMIT, element, exists_in, scalar_sort
from irverify.model.values import Scalar, Tensor, TupleValue, Val
from irverify.semantics import registry
from irverify.verify import poison_rule
from irverify.smt import terms as t

# What every valid input satisfies, and nothing more: a dim is an index value (below 2^63), and
# a tensor's element count and byte size fit in index (``INDEX_LIMIT``). With one dynamic dim
# the size bound is linear and always assumed; a product of several dynamic dims is nonlinear,
# so it is kept in ``Inputs.size_limits`` and asserted only when a counterexample violates it.


@dataclass
class UB:
    """A condition under which the program has undefined behaviour, with a readable reason."""

    cond: Any
    reason: str
    loc: Location | None = None
    kind: str = "ub"  # "ub", or "unknown": a nondeterministic value (see ``Ctx.add_unknown``)


@dataclass
class State:
    """What encoding one function produced besides its results."""

    ub: list[UB] = field(default_factory=list)
    unknown: list[UB] = field(default_factory=list)
    assumptions: list[Any] = field(default_factory=list)
    approximations: set[str] = field(default_factory=set)
    extra_outputs: dict[str, Any] = field(default_factory=dict)
    # (op, result values) of each op of the function's own body, in order (``--verbose``)
    trace: list[tuple[Any, list[Any]]] = field(default_factory=list)
    notes: set[str] = field(default_factory=set)  # assumptions a verdict rests on, for the report
    consulted: set[str] = field(default_factory=set)  # contested readings the encoding depended on
    # (PrimFunc, output) -> calls of it so far (``relax_tir._stale_where_unwritten``)
    stale_calls: dict[tuple, int] = field(default_factory=dict)


class Ctx:
    """What a semantics function may use: the float theory, UB recording, regions and calls."""

    def __init__(self, module: Module, inputs: Inputs, fp, state: State | None = None, depth: int = 0):
        self.module = module
        self.inputs = inputs
        self.fp = fp
        self.state = state or State()
        self.depth = depth
        self._ub_sinks: list[list[UB]] = []
        self.body_ops: Sequence[Op] | None = None  # the ops whose results ``State.trace`` records
        self._poison_scopes: list[list[Any]] = []
        self.op: Op | None = None
        self.env: dict[int, Val] = {}  # values in scope at the op being encoded
        self.producers: dict[int, Op] = {}  # value id -> the op whose result it is (ops encoded so far)
        # Target body ops aligned with source ops (``verify.align``): id(op) -> (source op, the
        # source's values); such an op takes the source's values instead of being encoded.
        self.reuse: dict[int, tuple[Op, dict[int, Val]]] = {}
        self.unclean: set[int] = set()  # ids of ops whose encoding left an unknown value
        self.values: dict[int, Val] = {}  # value id -> value, of every op encoded (any region)
        self.loop_index: list[Any] | None = None  # loop indices of the enclosing linalg body (linalg.index)

    # -- UB and approximations ------------------------------------------------------------

    def add_ub(self, cond, reason: str, loc: Location | None = None, kind: str = "ub") -> None:
        if t.static_bool(cond) is False:
            return
        record = UB(cond, reason, loc or (self.op.loc if self.op else None), kind)
        if self._ub_sinks:
            self._ub_sinks[-1].append(record)
        else:
            (self.state.unknown if kind == "unknown" else self.state.ub).append(record)

    def add_unknown(self, cond, reason: str) -> None:
        """Record where an op yields a value the encoding does not pin down (a nondeterministic
        choice between operands, uninitialised memory of a backend): a deterministic unknown. A
        counterexample that rests on the source's unknown value is not reported as incorrect."""
        self.add_ub(cond, reason, kind="unknown")

    # -- poison ---------------------------------------------------------------------------

    def poison_if(self, cond) -> None:
        """The value being computed (inside ``poison_scope``) is poison where ``cond`` holds."""
        if t.is_false_literal(cond):
            return
        if not self._poison_scopes:
            raise RuntimeError("poison outside a value computation")
        self._poison_scopes[-1].append(cond)

    @contextmanager
    def poison_scope(self) -> Iterator[list[Any]]:
        """Collect the poison conditions ops raise while computing one value."""
        scope: list[Any] = []
        self._poison_scopes.append(scope)
        try:
            yield scope
        finally:
            self._poison_scopes.pop()

    def require_not_poison(self, value: Val, what: str) -> None:
        """Using a poison scalar as an index, a size or an offset is UB (as a load or a store
        through a poison address, or a branch on poison, is in LLVM)."""
        if isinstance(value, Scalar) and value.poison is not None:
            self.add_ub(value.poison, f"{what} is poison")

    def reading(self, name: str) -> str:
        """The chosen reading of the contested point ``name`` (``model.assumptions``); asked only
        where the choice matters, so the check knows the verdict may depend on it."""
        from irverify.model.assumptions import CONTESTED

        self.state.consulted.add(name)
        return self.inputs.readings.get(name, CONTESTED[name].default)

    def assume(self, cond) -> None:
        """A fact that holds by construction (e.g. a decomposition of an index)."""
        self.state.assumptions.append(cond)

    def approximate(self, what: str) -> None:
        """Declare that the encoding over-approximates (counterexamples need confirmation)."""
        self.state.approximations.add(what)

    @contextmanager
    def elementwise(self, vars_: Sequence[Any], dims: Sequence[Any]) -> Iterator[None]:
        """UB raised while computing one element at symbolic index ``vars_`` becomes
        ``exists index in dims: cond`` (UB if any element's computation is undefined)."""
        sink: list[UB] = []
        self._ub_sinks.append(sink)
        try:
            yield
        finally:
            self._ub_sinks.pop()
        for ub in sink:
            self.add_ub(exists_in(vars_, dims, ub.cond), ub.reason, ub.loc, ub.kind)

    # -- regions and calls ---------------------------------------------------------------

    def run_block(self, block: Block, args: Sequence[Val]) -> list[Val]:
        """Evaluate a block with its arguments bound; returns the terminator's operands."""
        env = dict(self.env)  # values of enclosing scopes are visible inside a region
        env.update({a.id: v for a, v in zip(block.args, args)})
        return run_ops(self, block.ops, env)

    def run_ops(self, ops: Sequence[Op], env: dict[int, Val]) -> list[Val]:
        """Evaluate ``ops`` in ``env`` (updated with their results); returns the terminator's
        operands."""
        return run_ops(self, ops, env)

    def call(self, name: str, args: Sequence[Val], loc: Location) -> list[Val]:
        fn = self.module.functions.get(name)
        if fn is None or fn.body is None:
            raise Unsupported(f"call to external function @{name}", loc)
        if self.depth > 16:
            raise Unsupported("recursive calls", loc)
        sub = Ctx(self.module, self.inputs, self.fp, self.state, self.depth + 1)
        sub._ub_sinks = self._ub_sinks
        sub._poison_scopes = self._poison_scopes
        # (a function called once is walked into by the alignment, ``align.once_called``: its ops'
        # values are the caller's encoding's, and aligned ops in it reuse the source's values)
        sub.values, sub.unclean, sub.reuse, sub.producers = self.values, self.unclean, self.reuse, self.producers
        return sub.run_block(fn.body, args)


@functools.lru_cache(maxsize=None)
def _operand_range(fn) -> tuple[int, float]:
    """How many operand values a semantics function ``fn(ctx, op, *operands)`` takes."""
    params = list(inspect.signature(fn).parameters.values())[2:]
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    low = sum(1 for p in positional if p.default is p.empty)
    if any(p.kind is p.VAR_POSITIONAL for p in params):
        return low, math.inf
    return low, len(positional)


def _accepts(fn, n: int) -> bool:
    low, high = _operand_range(fn)
    return low <= n <= high


def _arity_text(fn) -> str:
    low, high = _operand_range(fn)
    return f"{low} or more" if high == math.inf else str(low) if low == high else f"{low} to {high}"


def run_ops(ctx: Ctx, ops: Sequence[Op], env: dict[int, Val]) -> list[Val]:
    body = ops is ctx.body_ops
    for op in ops:
        if op.name in TERMINATORS:
            return [env[v.id] for v in op.operands]
        if id(op) in ctx.reuse:  # the same op on the same values as a source op (``verify.align``)
            src_op, src_values = ctx.reuse[id(op)]
            results = [src_values[r.id] for r in src_op.results]
            for r, v in zip(op.results, results):
                env[r.id] = ctx.values[r.id] = v
                ctx.producers[r.id] = op
            if body:
                ctx.state.trace.append((op, results))
            continue
        marks = _unknown_marks(ctx.state)
        sem = registry.lookup(op)
        ctx.op = op
        ctx.env = env
        args = [env[v.id] for v in op.operands]
        if not _accepts(sem.fn, len(args)):  # e.g. an optional operand the semantics do not model
            raise Unsupported(f"'{op.name}' with {len(args)} operands (the modelled form takes "
                              f"{_arity_text(sem.fn)})", op.loc)
        ub_positions = poison_rule.apply_ub_rule(ctx, sem, op, args)
        propagating = poison_rule.propagating_operands(args, ub_positions)
        before = poison_rule.snapshot(ctx) if propagating else None
        out = sem.fn(ctx, op, *args)
        results = [] if out is None else list(out) if isinstance(out, (list, tuple)) else [out]
        if len(results) != len(op.results):
            raise RuntimeError(f"{op.name} semantics returned {len(results)} values for {len(op.results)} results")
        if propagating:
            poison_rule.check_kept(ctx, op, propagating, results, before)
        for r, v in zip(op.results, results):
            env[r.id] = ctx.values[r.id] = v
            ctx.producers[r.id] = op
        if body and results:
            ctx.state.trace.append((op, results))
        if _unknown_marks(ctx.state) != marks:
            ctx.unclean.add(id(op))
    return []


def _unknown_marks(state: State) -> tuple[int, int, int]:
    """How many unknown values, extra outputs and stale calls the encoding has recorded."""
    return len(state.unknown), len(state.extra_outputs), sum(state.stale_calls.values())


TERMINATORS = registry.TERMINATORS


# ----------------------------------------------------------------------------- inputs


def make_inputs(fn: Function, fp, poison: bool = True) -> Inputs:
    """Fresh symbolic values for ``fn``'s arguments: a free Int per ``?`` dim (>= 0) and a free
    array per tensor. With ``poison`` (MLIR functions) arguments may be poison, as in Alive2: a
    free Bool per scalar argument, a free Bool array per tensor argument (element-wise poison).
    Relax has no poison: its arguments are the runtime's concrete tensors."""
    inputs = Inputs(fp=fp, poison_args=poison)
    for i, arg in enumerate(fn.args):
        name = arg.name or f"%arg{i}"
        inputs.arg_names.append(name)
        inputs.args.append(symbolic_value(arg.type, name, inputs, Location(fn.loc.file, fn.loc.line, fn.loc.col)))
    return inputs


def symbolic_value(ty: Type, name: str, inputs: Inputs, loc: Location) -> Val:
    fp = inputs.fp
    if isinstance(ty, (IntType, IndexType, FloatType)):
        term = t.const(name, scalar_sort(ty, fp))
        if isinstance(ty, IndexType):
            inputs.assumptions.append(t.in_signed_range(term, 64))
        if not inputs.poison_args:
            return Scalar(term, ty)
        poison = inputs.poison[name] = t.and_(poison_switch(inputs), t.const(f"poison({name})", t.bool_sort()))
        return Scalar(term, ty, poison)
    if isinstance(ty, TensorType):
        dims = []
        for k, d in enumerate(ty.shape):
            if d is None:
                v = t.int_var(f"dim({name},{k})")
                inputs.dims.append((f"dim({name}, {k})", v))
                inputs.assumptions.append(t.and_(v >= 0, v < INDEX_LIMIT))
                dims.append(v)
            elif isinstance(d, str):
                dims.append(named_dim(inputs, d))
            else:
                dims.append(t.int_val(d))
        assume_size_fits(inputs, dims, ty.elem)
        arr = t.array_var(name, ty.rank, scalar_sort(ty.elem, fp))
        inputs.arrays[name] = arr
        inputs.pretty.append((arr, dims, ty.elem, 1))
        if not inputs.poison_args:
            return Tensor(ty, dims, lambda idx, arr=arr: element(t.select(arr, idx), ty.elem))
        poison = inputs.poison[name] = t.array_var(f"poison({name})", ty.rank, t.bool_sort())
        on = poison_switch(inputs)
        return Tensor(ty, dims, lambda idx, arr=arr: element(t.select(arr, idx), ty.elem),
                      lambda idx, poison=poison, on=on: t.not_(t.and_(on, t.select(poison, idx))))
    if isinstance(ty, MemRefType):
        from irverify.semantics.memref import argument

        return argument(ty, name, inputs, loc)
    if isinstance(ty, TupleType):
        return TupleValue([symbolic_value(f, f"{name}.{i}", inputs, loc) for i, f in enumerate(ty.fields)])
    if isinstance(ty, ShapeType) and ty.free:  # R.Shape(ndim=k): k int64 values
        return TupleValue([symbolic_value(IndexType(), f"{name}[{k}]", inputs, loc) for k in range(len(ty.dims))])
    if isinstance(ty, ShapeType):  # a Relax shape: its values are the dims it names
        return TupleValue([Scalar(t.int_val(d) if isinstance(d, int) else named_dim(inputs, d), IndexType())
                           for d in ty.dims])
    if isinstance(ty, UnknownTensorType):
        from irverify.semantics.relax_opaque import symbolic_input

        return symbolic_input(ty, name)
    raise Unsupported(f"argument of type {ty}", loc)


@dataclass
class Encoded:
    results: list[Val]
    state: State
    values: dict[int, Val] = field(default_factory=dict)  # value id -> value, of every op encoded
    unclean: set[int] = field(default_factory=set)  # ids of ops whose encoding left an unknown


@timed("encode")
def encode_function(fn: Function, module: Module, inputs: Inputs, fp,
                    reuse: tuple[dict[int, Op], Encoded] | None = None) -> Encoded:
    """Symbolically execute ``fn`` on ``inputs``. ``reuse``: the body ops aligned with source
    ops (``verify.align.align``) and the source's encoding; each takes the source op's values
    (unless the source op's encoding left an unknown value: then it is encoded again)."""
    if fn.body is None:
        raise Unsupported(f"function @{fn.name} has no body", fn.loc)
    for ty in fn.result_types:
        if isinstance(ty, DispatchTensorType):
            raise Unsupported(f"result of type {ty}", fn.loc)
    if inputs.readings.get("subnormals") == "flush":  # (``model.assumptions.SUBNORMALS``)
        from irverify.smt.flush import flushing

        fp = flushing(fp)
    ctx = Ctx(module, inputs, fp)
    ctx.body_ops = fn.body.ops
    if reuse is not None:
        aligned, src = reuse
        ctx.reuse = {k: (op, src.values) for k, op in aligned.items() if id(op) not in src.unclean}
    env = {a.id: v for a, v in zip(fn.body.args, inputs.args)}
    results = run_ops(ctx, fn.body.ops, env)
    return Encoded(results, ctx.state, ctx.values, ctx.unclean)
