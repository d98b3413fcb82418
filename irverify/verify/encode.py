"""Encoding a function: walk its ops, call each op's semantics, collect results, UB and assumptions."""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

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
    Value,
)
from irverify.semantics import registry
from irverify.semantics.values import Scalar, Tensor, TupleValue, Val
from irverify.smt import terms as t

# What every valid input satisfies, and nothing more: a dim is an index value (below 2^63), and
# a tensor's element count and byte size fit in index (``INDEX_LIMIT``). With one dynamic dim
# the size bound is linear and always assumed; a product of several dynamic dims is nonlinear,
# so it is kept in ``Inputs.size_limits`` and asserted only when a counterexample violates it.
INDEX_LIMIT = 1 << 63
INDEX_BITS = 64

# A domain of this many elements or fewer is expanded instead of quantified.
EXPAND_LIMIT = 64


@dataclass
class UB:
    """A condition under which the program has undefined behaviour, with a readable reason."""

    cond: Any
    reason: str
    loc: Location | None = None
    kind: str = "ub"  # "ub", or "unknown": a nondeterministic value (see ``Ctx.add_unknown``)


@dataclass
class Inputs:
    """Symbolic inputs shared by source and target: arguments by position, plus named
    environment symbols (push constants, binding buffers) created on first use."""

    fp: Any
    args: list[Val] = field(default_factory=list)
    arg_names: list[str] = field(default_factory=list)
    dims: list[tuple[str, Any]] = field(default_factory=list)  # (readable name, Int term)
    arrays: dict[str, Any] = field(default_factory=dict)  # tensor argument name -> array term
    symbols: dict[str, Any] = field(default_factory=dict)
    assumptions: list[Any] = field(default_factory=list)
    # Nonlinear facts every valid input satisfies (tensor sizes fit in index): asserted when a
    # counterexample needs them (``verify.refinement``).
    size_limits: list[Any] = field(default_factory=list)
    # Arrays a counterexample shows, with their dims, element type and the sign of the distinct
    # values preferred for them (1, 2, 3... for arguments; -1, -2, ... for initial memory).
    pretty: list[tuple[Any, list[Any], Any, int]] = field(default_factory=list)
    # Environment inputs to show in a counterexample: name -> (model, fp) -> ("scalar"|"tensor", value)
    extras: dict[str, Any] = field(default_factory=dict)
    # Argument name -> its poison condition (a Bool for a scalar, a Bool array for a tensor)
    poison: dict[str, Any] = field(default_factory=dict)
    poison_args: bool = True  # may arguments be poison?

    def symbol(self, key: str, make) -> Any:
        if key not in self.symbols:
            self.symbols[key] = make()
        return self.symbols[key]


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

    def call(self, name: str, args: Sequence[Val], loc: Location) -> list[Val]:
        fn = self.module.functions.get(name)
        if fn is None or fn.body is None:
            raise Unsupported(f"call to external function @{name}", loc)
        if self.depth > 16:
            raise Unsupported("recursive calls", loc)
        sub = Ctx(self.module, self.inputs, self.fp, self.state, self.depth + 1)
        sub._ub_sinks = self._ub_sinks
        sub._poison_scopes = self._poison_scopes
        return sub.run_block(fn.body, args)


def exists_in(vars_: Sequence[Any], dims: Sequence[Any], cond) -> Any:
    """``exists vars in [0, dims): cond``, expanded when the domain is small and static."""
    static = [t.static_int(d) for d in dims]
    if all(s is not None for s in static):
        total = 1
        for s in static:
            total *= s
        if total == 0:
            return t.false()
        if total <= EXPAND_LIMIT:
            import itertools

            cases = []
            for point in itertools.product(*(range(s) for s in static)):
                cases.append(t.substitute(cond, [(v, t.int_val(p)) for v, p in zip(vars_, point)]))
            return t.simplify(t.or_(*cases))
    bounds = t.and_(*(t.in_range(v, d) for v, d in zip(vars_, dims)))
    return t.exists(list(vars_), t.and_(bounds, cond))


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
    for op in ops:
        if op.name in TERMINATORS:
            return [env[v.id] for v in op.operands]
        sem = registry.lookup(op)
        ctx.op = op
        ctx.env = env
        args = [env[v.id] for v in op.operands]
        if not sem.poison:
            for a in args:
                ctx.require_not_poison(a, f"an operand of '{op.name}'")
        if not _accepts(sem.fn, len(args)):  # e.g. an optional operand the semantics do not model
            raise Unsupported(f"'{op.name}' with {len(args)} operands (the modelled form takes "
                              f"{_arity_text(sem.fn)})", op.loc)
        out = sem.fn(ctx, op, *args)
        results = [] if out is None else list(out) if isinstance(out, (list, tuple)) else [out]
        if len(results) != len(op.results):
            raise RuntimeError(f"{op.name} semantics returned {len(results)} values for {len(op.results)} results")
        for r, v in zip(op.results, results):
            env[r.id] = v
        if ops is ctx.body_ops and results:
            ctx.state.trace.append((op, results))
    return []


TERMINATORS = {"func.return", "util.return", "flow.return", "linalg.yield", "tensor.yield", "affine.yield", "scf.yield", "relax.return", "iree_linalg_ext.yield",
               "scf.forall.in_parallel"}


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


def poison_switch(inputs: Inputs) -> Any:
    """One Bool that must hold for any argument to be poison (so a query can rule poison
    arguments out by fixing it false)."""
    return inputs.symbol("poison-arguments", lambda: t.const("poison-arguments", t.bool_sort()))


def named_dim(inputs: Inputs, name: str) -> Any:
    """The symbolic dim called ``name`` (a Relax ``n``): one Int (>= 0) shared by every tensor
    dim and every shape attribute that names it, on both sides."""

    def make():
        v = t.int_var(name)
        inputs.dims.append((name, v))
        inputs.assumptions.append(t.and_(v >= 0, v < INDEX_LIMIT))
        return v

    return inputs.symbol("dim:" + name, make)


def assume_size_fits(inputs: Inputs, dims: Sequence[Any], elem: Type) -> None:
    """A tensor argument's element count and byte size fit in index: ``count * max(bits, 8) <
    8 * 2^63`` (linear with one dynamic dim; otherwise a lazily asserted size limit)."""
    bits = 64 if isinstance(elem, IndexType) else max(getattr(elem, "width", 8), 8)
    limit = (8 * INDEX_LIMIT - 1) // bits  # the largest element count
    static, dynamic = 1, []
    for d in dims:
        n = t.static_int(d)
        if n is None:
            dynamic.append(d)
        else:
            static *= n
    if not dynamic or static == 0:
        return
    if len(dynamic) == 1:
        inputs.assumptions.append(dynamic[0] <= limit // static)
        return
    inputs.size_limits.append(t.product(dynamic) <= limit // static)


def element(term, ty: Type):
    """An element read from a free array (an argument, initial memory, an opaque result):
    an ``index`` element is a 64-bit value, as a scalar ``index`` argument is, so the free Int
    is reduced to 64-bit two's complement. The reduction keeps every 64-bit value as it is
    and reaches each of them, so no input is lost, and needs no quantifier over the array."""
    return t.wrap_signed(term, INDEX_BITS) if isinstance(ty, IndexType) else term


def index_value(value: int) -> int:
    """A model's value of a free index element, read as :func:`element` reads it."""
    return (value + (1 << (INDEX_BITS - 1))) % (1 << INDEX_BITS) - (1 << (INDEX_BITS - 1))


def scalar_sort(ty: Type, fp):
    if isinstance(ty, IntType):
        return t.bv_sort(ty.width)
    if isinstance(ty, IndexType):
        return t.int_sort()
    if isinstance(ty, FloatType):
        return fp.sort(ty)
    raise Unsupported(f"element type {ty}")


@dataclass
class Encoded:
    results: list[Val]
    state: State


def encode_function(fn: Function, module: Module, inputs: Inputs, fp) -> Encoded:
    """Symbolically execute ``fn`` on ``inputs``."""
    if fn.body is None:
        raise Unsupported(f"function @{fn.name} has no body", fn.loc)
    for ty in fn.result_types:
        if isinstance(ty, DispatchTensorType):
            raise Unsupported(f"result of type {ty}", fn.loc)
    ctx = Ctx(module, inputs, fp)
    ctx.body_ops = fn.body.ops
    results = ctx.run_block(fn.body, inputs.args)
    return Encoded(results, ctx.state)
