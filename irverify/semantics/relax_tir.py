"""``R.call_tir(f, args, out_ty[, tir_vars])`` through the PrimFunc ``f``'s own semantics, when
``f`` is in the translatable subset (``irverify.frontends.relax.tir_translate``; attribute
``tir``); otherwise the call is the opaque op named by ``f``'s structural identity
(``relax_opaque``, attribute ``primfunc``), and ``--verbose`` notes why.

The call allocates the outputs of ``out_ty`` and runs ``f(*args, *outputs, *tir_vars)``
(https://tvm.apache.org/docs/reference/api/python/relax/op.html, ``call_tir``). A buffer
parameter's shape must match its tensor (a size variable is bound to the first extent it
meets; any other mismatch is UB, as TVM's argument check fails). Each block, in order, gives
its buffer a new value (``linalg.generic``-like): at every spatial point it writes
``value`` with the spatial iter vars bound to the point; a reduction folds ``value`` over
the reduction vars in loop order (row-major over their extents) from ``T.init()``'s value,
reading the element being reduced as the accumulator; where the reduction is empty the element
keeps its previous content. ``T.init()`` runs where TVM's ``LowerInitBlock`` guard holds: every
reduction iter var at its first value (0) as bound, so at the first point of the fold, and never
when a reduction iter var is bound to another constant (``tir_translate`` then drops the init).
Elements no block wrote are poison inside the PrimFunc (TVM returns uninitialised memory), and
so is what a block computes from them (a fold with a poison summand, an arm of ``Select`` that
is taken); a poison index or integer divisor is UB. The call's result holds stale memory there:
an unknown but fixed value (``_stale_where_unwritten``). A block writing outside its buffer is UB.

Scalars follow TIR as TVM's llvm backend lowers it:

* index arithmetic (loop and iter vars, size variables, integer constants, scalar parameters)
  is exact integer arithmetic whose result must fit its dtype (``add nsw``: an overflow is
  poison, and a poison index is UB); ``Div``/``Mod`` truncate, ``FloorDiv``/``FloorMod``
  round down, a zero divisor is UB; ``Cast`` between integer dtypes wraps;
* integer data (loaded elements) is two's complement with wrap-around, as ``relax.add`` on
  integers (``relax.int_arith``); division as ``floor_divide``; ``min``/``max`` signed;
* float ``+ - * /`` are ``relax.fbin`` (the float model ``ctx.fp``), ``T.max``/``T.min`` the
  ordered-compare select of ``relax.fminmax`` (``select(a > b, a, b)``), comparisons ordered
  (``!=`` is ``fcmp one``; ``x == x`` on one expression is the contested reading
  ``tir-self-compare``: ordered by default, true with ``--tir-self-compare=fold``),
  ``exp``/``log``/``sqrt``/``rsqrt``/``tanh``/``sigmoid``/``sin``/
  ``cos``/``erf``/``floor``/``ceil``/``trunc``/``fabs``/``pow`` the Relax ops' functions,
  ``round``/``nearbyint`` round half to even (``llvm.nearbyint``), ``Cast`` is ``relax.astype``;
* ``Select`` evaluates both operands (the UB of either counts), ``if_then_else`` only the
  taken one; a load at any index expression is UB outside the buffer.

A float sum ``acc + e`` from ``0`` is ``relax.reduce_add`` and a ``T.max(acc, e)`` /
``T.min(acc, e)`` / ``acc * e`` fold is ``relax.reduce_fold``, the functions ``R.sum``,
``R.matmul``, ``R.max`` and ``R.prod`` use, so an op and its legalised PrimFunc are the same function; any other fold is
unrolled (static extents up to ``relax.UNROLL_LIMIT``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from irverify.ir.core import FloatType, IntType, Op, TensorType, TupleType
from irverify.semantics.common import tensor_from_template
from irverify.semantics.registry import semantics
from irverify.semantics.relax import (
    UNROLL_LIMIT,
    cast,
    dim_term,
    dtype_name,
    fbin,
    fconst,
    fminmax,
    fpow,
    fun,
    int_arith,
    reduce_add,
    reduce_fold,
    unravel,
)
from irverify.model.values import Scalar, Tensor, TupleValue, any_poison
from irverify.smt import terms as t

FLOATS = {"float16": FloatType("f16"), "bfloat16": FloatType("bf16"), "float32": FloatType("f32"),
          "float64": FloatType("f64")}
WIDTHS = {"bool": 1, "int8": 8, "int16": 16, "int32": 32, "int64": 64}
_MATH = {"exp": "exp", "log": "log", "sqrt": "sqrt", "rsqrt": "rsqrt", "tanh": "tanh", "sigmoid": "sigmoid",
         "sin": "sin", "cos": "cos", "erf": "erf", "floor": "floor", "ceil": "ceil", "trunc": "trunc",
         "fabs": "abs", "round": "roundeven", "nearbyint": "roundeven"}
_FCMP = {"eq": "oeq", "ne": "one", "lt": "olt", "le": "ole", "gt": "ogt", "ge": "oge"}
_ICMP = {"eq": t.eq, "ne": t.distinct, "lt": t.slt, "le": t.sle, "gt": t.sgt, "ge": t.sge}
_INT_CMP = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "lt": lambda a, b: a < b,
            "le": lambda a, b: a <= b, "gt": lambda a, b: a > b, "ge": lambda a, b: a >= b}


class Fallback(Exception):
    """The description uses something the evaluation does not model: the call stays opaque."""


@dataclass
class V:
    """A TIR scalar: ``kind`` ``int`` (an exact Int, index arithmetic), ``bv`` (a bit-vector of
    the dtype's width; ``bool`` is 1 bit) or ``float``."""

    term: Any
    kind: str
    dtype: str
    poison: Any = None


def elem_type(dtype: str):
    if dtype in FLOATS:
        return FLOATS[dtype]
    return IntType(WIDTHS[dtype])


@semantics("relax.call_tir", attrs=("primfunc", "arg0", "tir"))
def call_tir(ctx, op: Op, *operands):
    """``R.call_tir``: the PrimFunc's semantics (module docstring), else the opaque op."""
    from irverify.semantics import relax_opaque

    desc = op.attrs.get("tir")
    if isinstance(desc, tuple) and desc and desc[0] == "tir":
        state = ctx.state
        snap = (len(state.ub), len(state.unknown), len(state.assumptions), set(state.approximations),
                [len(s) for s in ctx._ub_sinks])
        try:
            return _Eval(ctx, op, desc, operands).run()
        except Fallback as e:  # undo what the partial evaluation recorded
            del state.ub[snap[0]:], state.unknown[snap[1]:], state.assumptions[snap[2]:]
            state.approximations.clear()
            state.approximations.update(snap[3])
            for sink, n in zip(ctx._ub_sinks, snap[4]):
                del sink[n:]
            reason = str(e)
    else:
        reason = desc[1] if isinstance(desc, tuple) and len(desc) > 1 else "not translated"
    ctx.state.notes.add(f"call_tir of a PrimFunc kept opaque (its structural identity): {reason}")
    return relax_opaque.apply(ctx, op, *operands)


class _Eval:
    def __init__(self, ctx, op: Op, desc, operands):
        self.ctx, self.op = ctx, op
        _, self.params, self.allocs, self.blocks = desc
        self.operands = operands
        self.env: dict[str, V] = {}
        self.state: dict[tuple, Tensor] = {}
        self.dims: dict[tuple, list] = {}
        self.acc: V | None = None

    # -- binding -----------------------------------------------------------------------

    def run(self):
        ctx, op = self.ctx, self.op
        n_in = len(self.operands)
        rty = op.results[0].type
        out_types = list(rty.fields) if isinstance(rty, TupleType) else [rty]
        tir_vars = op.attrs.get("arg0") or []
        if len(self.params) != n_in + len(out_types) + len(tir_vars):
            raise Fallback("parameter count")
        for k, (p, v) in enumerate(zip(self.params, self.operands)):
            if p[0] == "buf":
                if not isinstance(v, Tensor) or v.rank != len(p[1]) or dtype_name(v.type.elem) != p[2]:
                    raise Fallback(f"argument {k} does not match its buffer")
                for d, term in zip(p[1], v.dims):
                    self.bind(d, term)
                self.state[("p", k)], self.dims[("p", k)] = v, list(v.dims)
            else:
                if not isinstance(v, Scalar) or v.poison is not None:
                    raise Fallback(f"scalar argument {k}")
                if isinstance(v.type, FloatType):  # a float scalar: a value, never a size
                    if p[1] not in FLOATS or FLOATS[p[1]] != v.type:
                        raise Fallback(f"scalar argument {k} of another dtype")
                    self.env[p[2]] = V(v.term, "float", p[1])
                    continue
                if p[1] in FLOATS:
                    raise Fallback(f"scalar argument {k} of another dtype")
                term = v.term if not t.is_bv(v.term) else t.bv_to_sint(v.term)
                self.bind(("var", p[1], p[2]), term)
        for j, d in enumerate(tir_vars):
            k = n_in + len(out_types) + j
            if self.params[k][0] != "scalar":
                raise Fallback("a tir_vars parameter that is not a scalar")
            self.bind(("var", self.params[k][1], self.params[k][2]), dim_term(ctx, d))
        outputs = []
        for j, ty in enumerate(out_types):
            k = n_in + j
            p = self.params[k]
            if not isinstance(ty, TensorType) or p[0] != "buf" or ty.rank != len(p[1]) or \
                    dtype_name(ty.elem) != p[2]:
                raise Fallback(f"output {j} does not match its buffer")
            dims = []
            for d, s in zip(p[1], ty.shape):
                if s is None:
                    dims.append(self.index(d))
                else:
                    term = dim_term(ctx, s)
                    self.bind(d, term)
                    dims.append(term)
            self.dims[("p", k)] = dims
            self.state[("p", k)] = _uninitialised(ctx, ty, dims)
            outputs.append((("p", k), ty))
        for k, (shape, dt) in enumerate(self.allocs):
            dims = [self.index(d) for d in shape]
            ty = TensorType((None,) * len(dims), elem_type(dt))
            self.dims[("a", k)] = dims
            self.state[("a", k)] = _uninitialised(ctx, ty, dims)
        for block in self.blocks:
            self.block(*block)
        results = [_stale_where_unwritten(ctx, op, ty, self.state[ref], j) for j, (ref, ty) in enumerate(outputs)]
        return TupleValue(results) if isinstance(rty, TupleType) else results[0]

    def bind(self, d, term) -> None:
        """A buffer dim (or scalar parameter) ``d`` meets the value ``term``: a size variable
        not yet bound is bound to it, anything else must equal it (UB otherwise)."""
        if d[0] == "var" and d[2] not in self.env:
            self.env[d[2]] = V(term, "int", d[1])
            return
        self.ctx.add_ub(self.index(d) != term, "call_tir: an argument does not match its buffer's shape")

    # -- blocks ------------------------------------------------------------------------

    def block(self, buf, store, spatial, reduce, init, value) -> None:
        ctx = self.ctx
        old = self.state[buf]
        dims = self.dims[buf]
        extents = {v[2]: self.index(e) for v, e in spatial + reduce}
        runs = t.and_(*(e > 0 for e in extents.values()))
        inside = []
        for s, d in zip(store, dims):
            if s[0] == "imm":
                inside.append(t.in_range(t.int_val(s[2]), d))
            else:
                inside.append(t.true() if _same(extents[s[2]], d) else extents[s[2]] <= d)
        ctx.add_ub(t.and_(runs, t.not_(t.and_(*inside))), "call_tir: a block writes outside its buffer")
        rvars = [v[2] for v, _ in reduce]
        rdims = [extents[n] for n in rvars]
        total = t.product(rdims) if rdims else t.int_val(1)
        ty = old.type

        def make(idx):
            saved = dict(self.env)
            covered = []
            for s, i in zip(store, idx):
                if s[0] == "imm":
                    d = self.dims[buf][len(covered)]
                    covered.append(t.true() if s[2] == 0 and _same(d, t.int_val(1)) else i == t.int_val(s[2]))
                else:
                    self.env[s[2]] = V(i, "int", s[1])
                    if not _same(extents[s[2]], self.dims[buf][len(covered)]):
                        covered.append(t.lt(i, extents[s[2]]))
                    else:
                        covered.append(t.true())
            cov = t.simplify(t.and_(*covered)) if covered else t.true()
            prev = V(old.at(idx), *self.kind_of(ty.elem), old.poison_at(idx))
            try:
                val = self.guarded(cov, lambda: self.element(prev, init, value, rvars, rdims, total))
            finally:
                self.env = saved
            term = self.store_term(val, ty.elem)
            if t.static_bool(cov) is True:
                return Scalar(term, ty.elem, val.poison)
            poison = None
            if val.poison is not None or prev.poison is not None:
                poison = t.ite(cov, val.poison if val.poison is not None else t.false(),
                               prev.poison if prev.poison is not None else t.false())
            return Scalar(t.ite(cov, term, prev.term), ty.elem, poison)

        self.state[buf] = tensor_from_template(ctx, ty, dims, make)

    def element(self, prev: V, init, value, rvars, rdims, total) -> V:
        start = self.with_acc(prev, init) if init is not None else prev
        if not rvars:  # T.init() runs at every point (no reduction var is past its first value)
            return self.with_acc(start, value)
        folded = self.fold(start, init, value, rvars, rdims, total)
        if t.static_bool(total > 0) is True:
            return folded
        empty = total == 0
        poison = any_poison(folded.poison, prev.poison)
        if poison is not None:
            poison = t.ite(empty, prev.poison if prev.poison is not None else t.false(),
                           folded.poison if folded.poison is not None else t.false())
        return V(t.ite(empty, self.coerce(prev, folded).term, folded.term), folded.kind, folded.dtype, poison)

    def fold(self, start: V, init, value, rvars, rdims, total) -> V:
        ctx = self.ctx
        dt = value[1]
        ety = elem_type(dt)

        def at(k, e):
            saved = dict(self.env)
            for n, i in zip(rvars, unravel(k, rdims)):
                self.env[n] = V(i, "int", "int64")
            try:
                return self.expr(e)
            finally:
                self.env = saved

        def plain(k, e):
            v = at(k, e)
            if v.poison is not None:  # a summand that is poison makes the fold poison
                ctx.poison_if(v.poison)
            return self.store_term(v, ety)

        op, args = value[0], value[2:]
        acc = ("acc", dt)
        if op in ("add", "max", "min", "mul") and len(args) == 2 and acc in args and not _uses_acc(
                args[1] if args[0] == acc else args[0]):
            other = args[1] if args[0] == acc else args[0]
            if op == "add" and _is_plus_zero(init) and start.poison is None:
                with ctx.poison_scope() as raised:
                    term = reduce_add(ctx, ety, total, lambda k: plain(k, other), "call_tir")
                return V(term, *self.kind_of(ety), any_poison(*raised))
            if op != "add" and args[0] == acc and start.poison is None:
                if op == "mul":
                    combine = ((lambda a, b: fbin(ctx, "mul", a, b, ety)) if isinstance(ety, FloatType)
                               else (lambda a, b: int_arith("mul", a, b)))
                elif isinstance(ety, FloatType):
                    combine = (lambda a, b: fminmax(ctx, a, b, ety, op == "max"))
                else:
                    combine = ((lambda a, b: t.ite(t.sge(a, b), a, b)) if op == "max"
                               else (lambda a, b: t.ite(t.sle(a, b), a, b)))
                init_term = self.store_term(start, ety)
                with ctx.poison_scope() as raised:
                    term = reduce_fold(ctx, ety, total, lambda k: plain(k, other), op, init_term, combine,
                                       "call_tir")
                return V(term, *self.kind_of(ety), any_poison(*raised))
        n = t.static_int(total)
        if n is None or n > UNROLL_LIMIT:
            raise Fallback("a reduction that is not a sum, product, max or min over a non-static extent")
        saved = self.acc
        cur = start
        try:
            for k in range(n):
                self.acc = cur
                cur = self.coerce_to(at(t.int_val(k), value), ety)
        finally:
            self.acc = saved
        return cur

    def with_acc(self, prev: V, e) -> V:
        saved, self.acc = self.acc, prev
        try:
            return self.expr(e)
        finally:
            self.acc = saved

    def guarded(self, cond, fn):
        """``fn()``, its UB counting only where ``cond`` holds."""
        if t.static_bool(cond) is True:
            return fn()
        sink: list = []
        self.ctx._ub_sinks.append(sink)
        try:
            out = fn()
        finally:
            self.ctx._ub_sinks.pop()
        for ub in sink:
            self.ctx.add_ub(t.and_(cond, ub.cond), ub.reason, ub.loc, ub.kind)
        return out

    # -- values ------------------------------------------------------------------------

    def kind_of(self, ety) -> tuple[str, str]:
        return ("float", dtype_name(ety)) if isinstance(ety, FloatType) else ("bv", dtype_name(ety))

    def store_term(self, v: V, ety):
        """``v`` as an element of a buffer of element type ``ety``."""
        v = self.coerce_to(v, ety)
        return v.term

    def coerce_to(self, v: V, ety) -> V:
        if isinstance(ety, FloatType):
            if v.kind != "float" or FLOATS[v.dtype] != ety:
                raise Fallback("a stored value of another dtype")
            return v
        if v.kind == "float":
            raise Fallback("a stored value of another dtype")
        if v.kind == "int":
            return V(t.int_to_bv(v.term, ety.width), "bv", dtype_name(ety), v.poison)
        if t.width(v.term) != ety.width:
            raise Fallback("a stored value of another width")
        return v

    def coerce(self, a: V, b: V) -> V:
        """``a`` in ``b``'s representation (same dtype)."""
        if a.kind == b.kind:
            return a
        if b.kind == "bv" and a.kind == "int":
            return V(t.int_to_bv(a.term, t.width(b.term)), "bv", b.dtype, a.poison)
        if b.kind == "int" and a.kind == "bv":
            return V(t.bv_to_sint(a.term), "int", b.dtype, a.poison)
        raise Fallback("mixing float and integer values")

    def index(self, e):
        """An index expression as an Int term (its poison is UB)."""
        v = self.expr(e)
        return self.as_index(v)

    def as_index(self, v: V):
        if v.kind == "float":
            raise Fallback("a float index")
        if v.poison is not None:
            self.ctx.add_ub(v.poison, "call_tir: an index is poison (its computation overflows its dtype, "
                                      "or it reads an element nobody wrote)")
        return v.term if v.kind == "int" else t.bv_to_sint(v.term)

    def expr(self, e) -> V:
        kind, dt = e[0], e[1]
        if kind == "imm":
            if dt in FLOATS:
                return V(fconst(self.ctx, e[2], FLOATS[dt]), "float", dt)
            if dt == "bool":
                return V(t.bv_val(int(e[2]), 1), "bv", dt)
            return V(t.int_val(e[2]), "int", dt)
        if kind == "var":
            if e[2] not in self.env:
                raise Fallback(f"unbound variable {e[2]}")
            return self.env[e[2]]
        if kind == "acc":
            if self.acc is None:
                raise Fallback("the accumulator outside a reduction")
            return self.acc
        if kind == "load":
            return self.load(e[2], e[3])
        if kind == "call":
            return self.call(dt, e[2], e[3])
        if kind == "select":
            c, a, b = (self.expr(x) for x in e[2:])
            return self.choose(c, a, b)
        if kind == "cast":
            return self.cast(dt, self.expr(e[2]))
        if kind == "not":
            a = self.expr(e[2])
            return V(t.bool_to_bv1(t.not_(self.truth(a))), "bv", "bool", a.poison)
        if kind == "eq" and e[2] == e[3]:
            folded = self.self_compare(self.expr(e[2]))
            if folded is not None:
                return folded
        return self.binary(kind, dt, self.expr(e[2]), self.expr(e[3]))

    def self_compare(self, a: V) -> V | None:
        """A float ``x == x`` (the same expression on both sides) under the contested reading
        ``tir-self-compare``: with ``fold`` true, as TVM's simplifier folds it; with ``ieee``
        (None here) the ordered comparison of ``binary``. (``x != x`` is ``fcmp one``, false
        under both readings.)"""
        if a.kind != "float" or self.ctx.reading("tir-self-compare") != "fold":
            return None
        return V(t.bv_val(1, 1), "bv", "bool", a.poison)

    def load(self, buf, indices) -> V:
        x = self.state.get(tuple(buf))
        if x is None:
            raise Fallback("a load of an unknown buffer")
        idx = [self.as_index(self.expr(i)) for i in indices]
        self.ctx.add_ub(t.not_(x.in_bounds(idx)), "call_tir: a load outside its buffer")
        return V(x.at(idx), *self.kind_of(x.type.elem), x.poison_at(idx))

    def truth(self, v: V):
        if v.kind != "bv" or t.width(v.term) != 1:
            raise Fallback("a condition that is not a bool")
        return t.bv1_to_bool(v.term)

    def choose(self, c: V, a: V, b: V) -> V:
        if a.kind != b.kind:
            a = self.coerce(a, b) if a.kind == "int" else a
            b = self.coerce(b, a)
        cond = self.truth(c)
        poison = None
        if a.poison is not None or b.poison is not None:
            poison = t.ite(cond, a.poison if a.poison is not None else t.false(),
                           b.poison if b.poison is not None else t.false())
        return V(t.ite(cond, a.term, b.term), a.kind, a.dtype, any_poison(c.poison, poison))

    def call(self, dt: str, name: str, args) -> V:
        ctx = self.ctx
        if name == "likely":
            return self.expr(args[0])
        if name == "if_then_else":
            c = self.expr(args[0])
            cond = self.truth(c)
            a = self.guarded(cond, lambda: self.expr(args[1]))
            b = self.guarded(t.not_(cond), lambda: self.expr(args[2]))
            return self.choose(c, a, b)
        xs = [self.expr(a) for a in args]
        if dt not in FLOATS or any(x.kind != "float" or x.dtype != dt for x in xs):
            raise Fallback(f"{name} on {dt}")
        ft = FLOATS[dt]
        if name == "pow":
            return V(fpow(ctx, xs[0].term, xs[1].term, ft), "float", dt, any_poison(*(x.poison for x in xs)))
        return V(fun(ctx, _MATH[name], xs[0].term, ft), "float", dt, xs[0].poison)

    def cast(self, dt: str, x: V) -> V:
        ctx = self.ctx
        if x.kind == "int":
            if dt in FLOATS:
                x = V(t.int_to_bv(x.term, WIDTHS[x.dtype]), "bv", x.dtype, x.poison)
            elif dt == "bool":
                return V(t.bool_to_bv1(x.term != t.int_val(0)), "bv", dt, x.poison)
            else:
                return V(t.wrap_signed(x.term, WIDTHS[dt]), "int", dt, x.poison)
        src = FLOATS[x.dtype] if x.kind == "float" else IntType(t.width(x.term))
        dst = elem_type(dt)
        term = cast(ctx, x.term, src, dst)
        return V(term, "float" if dt in FLOATS else "bv", dt, x.poison)

    def binary(self, op: str, dt: str, a: V, b: V) -> V:
        ctx = self.ctx
        poison = any_poison(a.poison, b.poison)
        if a.kind == "float" or b.kind == "float":
            if a.kind != b.kind or a.dtype != b.dtype:
                raise Fallback(f"{op} of {a.dtype} and {b.dtype}")
            ft = FLOATS[a.dtype]
            if op in _FCMP:
                return V(t.bool_to_bv1(ctx.fp.cmp(_FCMP[op], a.term, b.term, ft)), "bv", "bool", poison)
            if op in ("add", "sub", "mul", "div"):
                return V(fbin(ctx, op, a.term, b.term, ft), "float", dt, poison)
            if op in ("max", "min"):
                return V(fminmax(ctx, a.term, b.term, ft, op == "max"), "float", dt, poison)
            raise Fallback(f"float {op}")
        if op in ("div", "mod", "floordiv", "floormod") and b.poison is not None:
            ctx.add_ub(b.poison, f"call_tir: integer {op} by poison (an element nobody wrote, or an overflow)")
        if op in ("and", "or"):
            ta, tb = self.truth(a), self.truth(b)
            return V(t.bool_to_bv1(t.and_(ta, tb) if op == "and" else t.or_(ta, tb)), "bv", "bool", poison)
        if a.kind == "int" and b.kind == "int":
            return self.int_binary(op, dt, a.term, b.term, poison)
        if a.kind == "int":
            a = self.coerce(a, b)
        if b.kind == "int":
            b = self.coerce(b, a)
        x, y = a.term, b.term
        if t.width(x) != t.width(y):
            raise Fallback(f"{op} of different widths")
        if op in _ICMP:
            return V(t.bool_to_bv1(_ICMP[op](x, y)), "bv", "bool", poison)
        w = t.width(x)
        zero = t.bv_val(0, w)
        if op in ("add", "sub", "mul"):
            return V(int_arith(op, x, y), "bv", dt, poison)
        if op == "max":
            return V(t.ite(t.sge(x, y), x, y), "bv", dt, poison)
        if op == "min":
            return V(t.ite(t.sle(x, y), x, y), "bv", dt, poison)
        if op in ("div", "mod", "floordiv", "floormod"):
            ctx.add_ub(y == zero, f"call_tir: integer {op} by zero")
            ctx.add_ub(t.and_(x == t.bv_val(1 << (w - 1), w), y == t.bv_val(-1, w)),
                       f"call_tir: integer {op} overflows")
            q, r = t.sdiv(x, y), t.srem(x, y)
            adjust = t.and_(r != zero, t.slt(r, zero) != t.slt(y, zero))
            out = {"div": q, "mod": r, "floordiv": t.ite(adjust, q - 1, q), "floormod": t.ite(adjust, r + y, r)}
            return V(out[op], "bv", dt, poison)
        raise Fallback(f"integer {op}")

    def int_binary(self, op: str, dt: str, x, y, poison) -> V:
        """Index arithmetic: exact, poison where the result does not fit ``dt``."""
        ctx = self.ctx
        if op in _INT_CMP:
            return V(t.bool_to_bv1(_INT_CMP[op](x, y)), "bv", "bool", poison)
        if op in ("div", "mod", "floordiv", "floormod"):
            ctx.add_ub(y == 0, f"call_tir: integer {op} by zero")
        fns = {"add": lambda: x + y, "sub": lambda: x - y, "mul": lambda: x * y,
               "div": lambda: t.truncdiv(x, y), "mod": lambda: t.truncrem(x, y),
               "floordiv": lambda: t.floordiv(x, y), "floormod": lambda: t.floormod(x, y),
               "min": lambda: t.int_min(x, y), "max": lambda: t.int_max(x, y)}
        if op not in fns or dt not in WIDTHS or dt == "bool":
            raise Fallback(f"index {op} in {dt}")
        r = t.simplify(fns[op]())
        fits = t.simplify(t.in_signed_range(r, WIDTHS[dt]))
        if t.static_bool(fits) is not True:
            poison = any_poison(poison, t.not_(fits))
        return V(r, "int", dt, poison)


def _is_plus_zero(e) -> bool:
    """``e`` is the constant ``0`` (``+0.0`` for floats: ``-0.0 + x`` differs from ``+0.0 + x``)."""
    return e is not None and e[0] == "imm" and e[2] == 0 and math.copysign(1.0, e[2]) > 0


def _same(a, b) -> bool:
    return t.static_bool(t.simplify(a == b)) is True


def _uses_acc(e) -> bool:
    if not isinstance(e, tuple):
        return False
    if e and e[0] == "acc":
        return True
    return any(_uses_acc(x) for x in e[1:] if isinstance(x, tuple))


def _uninitialised(ctx, ty: TensorType, dims) -> Tensor:
    """A fresh buffer: every element poison (TVM allocates it uninitialised)."""
    from irverify.model.sorts import scalar_sort

    zero = t.zero_of(scalar_sort(ty.elem, ctx.fp))
    return Tensor(ty, list(dims), lambda idx: zero, lambda idx: t.false())


def _stale_where_unwritten(ctx, op: Op, ty: TensorType, x: Tensor, k: int) -> Tensor:
    """Output ``k`` of the call as Relax sees it. Inside the PrimFunc an element no block wrote
    is poison (so is what a block computes from it); once the call returns, such an element holds
    whatever the memory held: TVM returns the stale bytes, and later ops compute with them like
    any value, so there they are an unknown but fixed value (``unknown.relax.call_tir.stale``,
    a function of the index), not poison: poison would let a source that
    computes ``max(stale, m)`` be refined by a target returning less than ``m``, and a branch on
    it would be UB. The value is the call's unknown (``ctx.add_unknown``): a counterexample that
    rests on the source's stale memory is not reported ``incorrect``; the target's may be any
    value, as TVM's is."""
    from irverify.model.sorts import exists_in, scalar_sort
    from irverify.semantics.common import fresh_index

    dims = list(x.dims)
    if x.defined is None:
        return Tensor(ty, dims, x.elem, None)
    j = fresh_index(len(dims), "stale")
    unwritten = exists_in(j, dims, t.not_(x.defined(j)))
    if t.static_bool(t.simplify(unwritten)) is False:
        return Tensor(ty, dims, x.elem, None)
    ctx.add_unknown(unwritten, "call_tir: an output element nobody wrote (TVM returns stale memory)")
    # One function per (PrimFunc, output, n-th call of it in this function): two calls on one
    # side never share stale memory; the source's n-th call may share the target's, a choice
    # of the source's stale bytes that every target behaviour has (so a proof stays sound).
    calls = ctx.state.stale_calls
    key = (str(op.attrs.get("primfunc")), k)
    calls[key] = calls.get(key, 0) + 1
    name = "".join(c if c.isalnum() else "_" for c in f"{key[0]}.{k}.{calls[key]}")
    stale = t.uf(f"unknown.relax.call_tir.stale.{name}", *[t.int_sort()] * len(dims), scalar_sort(ty.elem, ctx.fp))
    elem, defined = x.elem, x.defined
    return Tensor(ty, dims, lambda idx: t.ite(defined(idx), elem(idx), stale(*idx)), None)
