"""``scf`` dialect: ``scf.forall`` without shared outputs, in dispatch-level IR; ``scf.for`` and
``scf.if`` (see their functions).

Upstream doc: ``mlir/include/mlir/Dialect/SCF/IR/SCFOps.td`` (``ForallOp``, ``InParallelOp``).

``scf.forall (%i...) = (lb...) to (ub...) step (s...) { body }`` runs ``body`` once for every
point of the iteration domain ``i_d = lb_d + k_d * s_d``, ``0 <= k_d < ceildiv(ub_d - lb_d, s_d)``,
in parallel and in no particular order. A ``mapping`` attribute only says how iterations are
distributed over hardware (threads, warps, workgroups); it does not change the meaning and is
accepted. A non-positive step is UB.

Encoding. The body is evaluated once at fresh iteration numbers ``k``:

* UB raised inside the body is UB if it happens at some iteration (``exists k in domain``).
* Stores to bindings in the body (``iree_tensor_ext.dispatch.tensor.store``, and memref stores
  into memref arguments or allocations, ``irverify.semantics.memref``) are combined into
  one parallel write of the binding (``ForallStore``): the final contents at flat unit position
  ``p`` are the value written at ``p`` by the iteration that writes ``p`` (the body's last store
  writing ``p`` within that iteration), or the previous contents when no iteration writes it.
  An undefined stored element (of ``tensor.empty``) leaves its position undefined.
* Two different iterations writing the same position with *different* values is a data race.
  It is not UB of the function: as in LLVM's memory model (LangRef, "Memory Model for
  Concurrent Operations": a non-atomic read that may see more than one write returns
  ``undef``), the raced position holds an unspecified value afterwards. The position is
  *undefined*, like an element of ``tensor.empty``: the source promises nothing there, every
  other position of the binding (and every other binding) is still compared, and a target that
  races where the source does not is incorrect. Iterations that write *identical* values do not
  race: the position holds that value (the bits every writer stores). Writers that agree on
  the bits but not on whether the element is defined race too.
* With a static domain of at most ``EXPAND_LIMIT`` points the writing iteration is chosen by an
  if-then-else over the points (exact, quantifier-free), and ``p`` is raced when some writer's
  value differs from the chosen one. Otherwise a fresh uninterpreted "picker" ``pick(p)`` names
  a writer of ``p``, defined by the assumption
  ``forall p, k: k in domain and W(k, p) -> pick(p) in domain and W(pick(p), p)`` (a Skolem
  function: it restricts no input), and ``p`` is raced when
  ``exists k in domain: W(k, p) and V(k, p) != V(pick(p), p)``. When no two iterations write
  one position (checked first) nothing is raced.
* Loads in the body read the binding as it was at forall entry. A binding that the body both
  loads and stores, or a body that reads any memref and stores to memory, is unsupported (a load of a position another iteration writes would be a
  race, which is not modelled).

Tensor results (``shared_outs`` with ``tensor.parallel_insert_slice``) are encoded in
``scf_shared``.

Unsupported: a non-empty ``scf.forall.in_parallel``, nested
``scf.forall``, calls in the body, stores through a view created inside the body or of another
element type than the binding's units, and body assumptions that depend on the iteration.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import Block, Op
from irverify.semantics.common import operand_segments, static_or_dynamic, walk_ops
from irverify.semantics.registry import semantics
from irverify.model.values import Scalar, Tensor
from irverify.smt import terms as t

# A static domain with at most this many points is expanded (no picker function).
EXPAND_LIMIT = 64

LOAD = "iree_tensor_ext.dispatch.tensor.load"
# Memref ops that read memory: a body holding one may not store to memory (a read of an element
# another iteration writes would be a race, which is not modelled).
MEMREF_READS = ("memref.load", "memref.copy", "iree_codegen.load_from_buffer")
SUBSPAN = "hal.interface.binding.subspan"


@dataclass
class ForallStore:
    """The stores of one ``scf.forall`` body to one binding, in parallel over the domain.

    It plays the part of ``iree.Store`` in ``iree.Buffer.read``: ``locate(p, side)`` returns
    (is ``p`` written by some iteration, ``[value written at p]``, or ``[value, defined]`` when
    positions may be undefined) and ``value.at(...)`` / ``value.defined(...)`` read them back."""

    view: Any  # a view of the binding's unit type (for ``Buffer.read``)
    ks: list[Any]  # the iteration numbers the inner stores' terms are written in
    counts: list[Any]
    inner: tuple  # iree.Store objects, in body order
    picks: list[Any] | None  # uninterpreted pickers (Int -> Int), or None when expanded
    racy: bool = False  # may two iterations write different values to one position?
    value: Tensor = None  # type: ignore[assignment]

    def __post_init__(self):
        self.mark_racy(self.racy)

    @property
    def partial(self) -> bool:
        """Whether some stored elements may be undefined (``tensor.empty``, poison)."""
        return any(st.value.defined is not None for st in self.inner)

    def mark_racy(self, racy: bool) -> None:
        """Whether positions may be raced (then undefined)."""
        self.racy = racy
        defined = (lambda idx: idx[1]) if racy or self.partial else None
        self.value = Tensor(self.inner[0].value.type, [], lambda idx: idx[0], defined)

    def in_domain(self, ks) -> Any:
        return t.and_(*(t.in_range(k, n) for k, n in zip(ks, self.counts)))

    def at_iteration(self, ks, p, side):
        """(does iteration ``ks`` write ``p``, the value it writes there, whether that value is
        defined)."""
        written, value, defined = t.false(), None, t.true()
        for st in self.inner:
            w, idx = st.locate(p, side)
            v = st.value.at(idx)
            value = v if value is None else t.ite(w, v, value)
            if st.value.defined is not None or t.static_bool(defined) is not True:
                defined = t.ite(w, st.value.is_defined(idx), defined)
            written = t.or_(written, w)
        pairs = list(zip(self.ks, ks))
        return tuple(t.substitute(x, pairs) for x in (written, value, defined))

    def points(self) -> list[list[Any]]:
        static = [t.static_int(n) for n in self.counts]
        return [[t.int_val(i) for i in pt] for pt in itertools.product(*(range(max(n, 0)) for n in static))]

    def locate(self, p, side):
        if self.picks is None:
            written, value, defined, writes, partial = t.false(), None, t.true(), [], self.partial
            for pt in reversed(self.points()):
                w, v, d = self.at_iteration(pt, p, side)
                writes.append((w, v, d))
                value = v if value is None else t.ite(w, v, value)
                defined = t.ite(w, d, defined) if partial else defined
                written = t.or_(written, w)
            if value is None:  # empty domain: nothing is written
                zero = [(k, t.int_val(0)) for k in self.ks]
                junk = t.substitute(self.inner[0].value.at([t.int_val(0)] * self.inner[0].value.rank), zero)
                return t.false(), self._result(junk, t.true(), None)
            raced = None
            if self.racy:  # some writer's value (or definedness) differs from the chosen one
                raced = t.or_(*(t.and_(w, t.or_(v != value, d != defined) if partial else v != value)
                                for w, v, d in writes))
            return t.simplify(written), self._result(value, defined, raced)
        pk = [f(p) for f in self.picks]
        w, v, d = self.at_iteration(pk, p, side)
        raced = None
        if self.racy:  # some iteration writes another value than the picked one
            kq = [t.fresh_int("forall.kr") for _ in self.ks]
            wq, vq, dq = self.at_iteration(kq, p, side)
            differ = t.or_(vq != v, dq != d) if self.partial else vq != v
            raced = t.exists(kq, t.and_(self.in_domain(kq), wq, differ))
        return t.and_(self.in_domain(pk), w), self._result(v, d, raced)

    def _result(self, value, defined, raced) -> list[Any]:
        if self.value.defined is None:
            return [value]
        return [value, defined if raced is None else t.and_(t.not_(raced), defined)]


def _check_body(ctx, op: Op, body: Block) -> set[int]:
    """Reject effects the encoding does not model; return the bindings the body loads."""
    term = body.ops[-1] if body.ops else None
    if term is None or term.name != "scf.forall.in_parallel":
        raise Unsupported("scf.forall body without scf.forall.in_parallel", op.loc)
    if any(b.ops for r in term.regions for b in r) or term.operands:
        raise Unsupported("scf.forall.in_parallel with parallel_insert_slice ops", term.loc)
    defs: dict[int, Op] = {}
    for inner in walk_ops(body.ops):
        for r in inner.results:
            defs[r.id] = inner
    loaded: set[int] = set()
    for inner in walk_ops(body.ops[:-1]):
        if inner.name in ("scf.forall", "func.call", "scf.forall.in_parallel"):
            raise Unsupported(f"'{inner.name}' inside scf.forall", inner.loc)
        if inner.name in MEMREF_READS:
            loaded.add("memref")  # a read of memory another iteration may write: see forall()
        if inner.name == LOAD:
            src = inner.operands[0]
            if src.id in ctx.env and hasattr(ctx.env[src.id], "binding"):
                loaded.add(ctx.env[src.id].binding)
            elif src.id in defs and defs[src.id].name == SUBSPAN:
                loaded.add(int(defs[src.id].attrs["binding"]))
            else:
                raise Unsupported("load of an unknown binding inside scf.forall", inner.loc)
    return loaded


@semantics("scf.forall", attrs=("staticLowerBound", "staticUpperBound", "staticStep", "mapping"),
           poison_ub={"segment 0": "a lower bound", "segment 1": "an upper bound", "segment 2": "a step"},
           memory="regions")
def forall(ctx, op: Op, *args):
    """Run the body for every point of the domain, in parallel (see the module docstring)."""
    from irverify.semantics import iree

    lbs, ubs, steps, outs = operand_segments(op, args, 4)
    lb = static_or_dynamic(op.attrs["staticLowerBound"], lbs)
    ub = static_or_dynamic(op.attrs["staticUpperBound"], ubs)
    st = static_or_dynamic(op.attrs["staticStep"], steps)
    if len(op.regions) != 1 or len(op.regions[0]) != 1:
        raise Unsupported("scf.forall region", op.loc)
    if outs or op.results:
        from irverify.semantics.scf_shared import forall_shared

        return forall_shared(ctx, op, lb, ub, st, outs)
    body = op.regions[0][0]
    if not (len(lb) == len(ub) == len(st) == len(body.args)):
        raise Unsupported("scf.forall bounds", op.loc)
    loaded = _check_body(ctx, op, body)
    for d, s in enumerate(st):
        ctx.add_ub(t.le(s, t.int_val(0)), f"scf.forall: non-positive step in dim {d}")
    counts = [t.simplify(t.int_max(t.int_val(0), t.ceildiv(u - lo, s))) for lo, u, s in zip(lb, ub, st)]
    ks = [t.fresh_int(f"forall.k{d}") for d in range(len(lb))]
    ivs = [Scalar(t.simplify(lo + k * s), a.type) for lo, k, s, a in zip(lb, ks, st, body.args)]

    mem = iree.memory(ctx)
    entry = dict(mem.buffers)
    entry_outputs = dict(ctx.state.extra_outputs)
    n_assume, n_inputs = len(ctx.state.assumptions), len(ctx.inputs.assumptions)
    op_, env_ = ctx.op, ctx.env
    with ctx.elementwise(ks, counts):
        ctx.run_block(body, ivs)
    ctx.op, ctx.env = op_, env_
    if len(ctx.state.assumptions) != n_assume or any(
            t.mentions(a, *ks) for a in ctx.inputs.assumptions[n_inputs:]):
        raise Unsupported("assumptions depending on the iteration inside scf.forall", op.loc)

    for key in sorted(set(ctx.state.extra_outputs) - set(entry_outputs)):
        if not key.startswith(("binding ", "memref ")):
            raise Unsupported(f"output '{key}' written inside scf.forall", op.loc)
    for b, buf in list(mem.buffers.items()):
        before = entry[b] if b in entry else buf.unwritten()
        n = len(before.stores)
        if len(buf.stores) < n or any(x is not y for x, y in zip(buf.stores, before.stores)):
            raise Unsupported(f"binding {b} rewritten inside scf.forall", op.loc)
        inner = buf.stores[n:]
        if not inner:
            continue
        if b in loaded or "memref" in loaded:
            raise Unsupported(f"scf.forall body both loads and stores {buf.label}", op.loc)
        for s in inner:
            view = s.view
            if view.elem != buf.elem:
                raise Unsupported(f"store of {view.elem} into binding {b} of {buf.elem} units "
                                  "inside scf.forall", op.loc)
            if any(t.mentions(x, *ks) for x in [view.offset, *view.dims]):
                raise Unsupported("store through a view that depends on the scf.forall iteration", op.loc)
        fs = _parallel_store(ctx, inner, ks, counts)
        new = before.with_store(fs)
        mem.buffers[b] = new
        if str(b).startswith("memref ") or isinstance(b, int):
            ctx.state.extra_outputs[buf.label] = new


def _parallel_store(ctx, inner, ks, counts) -> ForallStore:
    static = [t.static_int(n) for n in counts]
    total = None
    if all(n is not None for n in static):
        total = 1
        for n in static:
            total *= max(n, 0)
    expand = total is not None and total <= EXPAND_LIMIT
    picks = None if expand else [t.uf(t.fresh_name(f"forall.pick{d}"), t.int_sort(), t.int_sort())
                                 for d in range(len(ks))]
    fs = ForallStore(inner[0].view, ks, counts, tuple(inner), picks)
    p = t.fresh_int("forall.p")
    if not expand:
        # The picker names a writer of p whenever there is one.
        kq = [t.fresh_int("forall.kq") for _ in ks]
        wq = fs.at_iteration(kq, p, None)[0]
        pk = [f(p) for f in picks]
        wp = fs.at_iteration(pk, p, None)[0]
        ctx.assume(t.forall([p, *kq], t.implies(t.and_(fs.in_domain(kq), wq), t.and_(fs.in_domain(pk), wp))))
    if _disjoint(ctx, fs):
        return fs
    # Some position may be written by two iterations: where their values differ it is raced.
    fs.mark_racy(True)
    return fs


DISJOINT_TIMEOUT_S = 5.0


def _disjoint(ctx, fs: ForallStore) -> bool:
    """Is every position written by at most one iteration (for every input)? Then no race
    is possible and none is recorded."""
    from irverify.smt import solver

    p = t.fresh_int("forall.p")
    k1 = [t.fresh_int("forall.ka") for _ in fs.ks]
    k2 = [t.fresh_int("forall.kb") for _ in fs.ks]
    w1 = fs.at_iteration(k1, p, None)[0]
    w2 = fs.at_iteration(k2, p, None)[0]
    differ = t.or_(*(a != b for a, b in zip(k1, k2)))
    pre = list(ctx.inputs.assumptions) + [a for a in ctx.state.assumptions if not t.mentions(a, *fs.ks)]
    res = solver.check("scf.forall disjoint writes",
                       pre + [fs.in_domain(k1), fs.in_domain(k2), differ, w1, w2], DISJOINT_TIMEOUT_S)
    return res.status == "unsat"


# ----------------------------------------------------------------------------- scf.for, scf.if

# A loop with constant bounds and at most this many iterations is unrolled.
UNROLL_LIMIT = 32


def _static_bound(v: Scalar) -> int | None:
    """The constant value of a loop bound (integers read as signed, as ``scf.for`` compares)."""
    from irverify.ir.core import IntType

    n = t.static_int(t.simplify(v.term))
    if n is not None and isinstance(v.type, IntType) and n >= 1 << (v.type.width - 1):
        n -= 1 << v.type.width
    return n


@semantics("scf.for", poison_ub={"0:3": "a bound or step"}, memory="regions")
def for_(ctx, op: Op, lb: Scalar, ub: Scalar, step: Scalar, *inits):
    """``scf.for %iv = %lb to %ub step %step iter_args(...)``
    (https://mlir.llvm.org/docs/Dialects/SCFDialect/#scffor-scfforop): the body runs for
    ``iv = lb, lb + step, ...`` while ``iv < ub`` (signed), in order, each iteration receiving
    the previous one's ``scf.yield`` values (the initial ones first); the results are the last
    yielded values (the initial ones when the loop runs zero times). The step must be positive.

    Encoding: loops whose bounds and step are constants and that run at most ``UNROLL_LIMIT``
    times (under concrete evaluation, where the arguments are constants, ``Inputs.loop_limit``)
    are unrolled (exact: the iterations run in sequence, their UB, stores and poison as
    written). A poison bound or step is UB (a branch on poison); poison ``iter_args`` flow
    through. Other loops are uninterpreted functions of their body and of the values they
    read (``uninterpreted_loop``), or unsupported when the body is not pure."""
    from irverify.ir.core import IndexType

    for v, what in ((lb, "lower bound"), (ub, "upper bound"), (step, "step")):
        ctx.require_not_poison(v, f"the {what} of 'scf.for'")
    lo, hi, st = (_static_bound(v) for v in (lb, ub, step))
    if lo is None or hi is None or st is None:
        return uninterpreted_loop(ctx, op, [lb, ub, step, *inits],
                                  "scf.for with a dynamic trip count (only loops with constant bounds are unrolled)")
    if st <= 0:
        raise Unsupported("scf.for with a non-positive step", op.loc)
    ivs = range(lo, hi, st)
    limit = ctx.inputs.loop_limit or UNROLL_LIMIT
    if len(ivs) > limit:
        return uninterpreted_loop(ctx, op, [lb, ub, step, *inits],
                                  f"scf.for with {len(ivs)} iterations (at most {limit} are unrolled)")
    if len(op.regions) != 1 or len(op.regions[0]) != 1:
        raise Unsupported("scf.for region", op.loc)
    body = op.regions[0][0]
    op_, env_ = ctx.op, ctx.env
    values = list(inits)
    for i in ivs:
        term = t.int_val(i) if isinstance(lb.type, IndexType) else t.bv_val(i % (1 << lb.type.width), lb.type.width)
        values = ctx.run_block(body, [Scalar(term, lb.type), *values])
    ctx.op, ctx.env = op_, env_
    return values


def _select(c, a, b):
    """``c ? a : b`` for two values of one result type (poison and definedness follow)."""
    if isinstance(a, Scalar) and isinstance(b, Scalar):
        poison = None
        if a.poison is not None or b.poison is not None:
            poison = t.ite(c, a.is_poison(), b.is_poison())
        return Scalar(t.ite(c, a.term, b.term), a.type, poison)
    if isinstance(a, Tensor) and isinstance(b, Tensor) and a.rank == b.rank:
        dims = [t.simplify(t.ite(c, x, y)) for x, y in zip(a.dims, b.dims)]
        defined = None
        if a.defined is not None or b.defined is not None:
            defined = lambda idx: t.ite(c, a.is_defined(idx), b.is_defined(idx))  # noqa: E731
        return Tensor(a.type, dims, lambda idx: t.ite(c, a.at(idx), b.at(idx)), defined)
    return None


@semantics("scf.if", poison_ub={"0": "the condition"}, memory="regions")
def if_(ctx, op: Op, cond: Scalar):
    """``scf.if %c { A } else { B }`` (https://mlir.llvm.org/docs/Dialects/SCFDialect/#scfif-scfifop):
    the results are the ``scf.yield`` values of the branch ``%c`` selects. UB and facts of a
    branch hold only when it is taken; a poison condition is UB (a branch on poison). Branches
    that write memory are unsupported (stores would need to be conditional)."""
    from irverify.semantics import iree

    ctx.require_not_poison(cond, "the condition of 'scf.if'")
    c = t.bv1_to_bool(cond.term)
    mem = iree.memory(ctx)
    entry, entry_outputs = dict(mem.buffers), dict(ctx.state.extra_outputs)
    op_, env_ = ctx.op, ctx.env
    branches = []
    for guard, region in ((c, op.regions[0]), (t.not_(c), op.regions[1] if len(op.regions) > 1 else [])):
        if not region:
            branches.append([])
            continue
        sink: list = []
        ctx._ub_sinks.append(sink)
        facts, inputs_facts = len(ctx.state.assumptions), len(ctx.inputs.assumptions)
        try:
            branches.append(ctx.run_block(region[0], []))
        finally:
            ctx._ub_sinks.pop()
            ctx.op, ctx.env = op_, env_
        if len(ctx.inputs.assumptions) != inputs_facts:
            raise Unsupported("input facts established inside scf.if", op.loc)
        new_facts = ctx.state.assumptions[facts:]
        del ctx.state.assumptions[facts:]
        ctx.state.assumptions += [t.implies(guard, a) for a in new_facts]
        for ub in sink:
            ctx.add_ub(t.and_(guard, ub.cond), ub.reason, ub.loc, ub.kind)
    if set(mem.buffers) != set(entry) or any(mem.buffers[b] is not entry[b] for b in entry) or any(
            ctx.state.extra_outputs.get(k) is not v for k, v in entry_outputs.items()) or set(
            ctx.state.extra_outputs) != set(entry_outputs):
        raise Unsupported("scf.if whose branches write memory", op.loc)
    if not op.results:
        return None
    then, other = branches
    if len(then) != len(op.results) or len(other) != len(op.results):
        raise Unsupported("scf.if results", op.loc)
    out = []
    for a, b in zip(then, other):
        v = _select(c, a, b)
        if v is None:
            raise Unsupported(f"scf.if result of kind {type(a).__name__}", op.loc)
        out.append(v)
    return out


# ----------------------------------------------------------------------------- uninterpreted loops
#
# A loop irverify does not unroll is, when its body computes on values only, an uninterpreted
# function of the loop and of every value it reads: its operands (bounds, step, initial
# iter_args) and the values of enclosing scopes its body uses. The function is named by the
# loop's exact identity (``opaque.identity``: operand and result types, every attribute as MLIR
# printed it, the body's ops with their attributes, types and operand wiring, nested regions
# included; compiler hints left out). Two loops with the same identity on the same values
# compute the same results (a loop is deterministic), so a rewrite that leaves a loop as it was,
# around it or inside its hints, is proved; anything that needs the loop's values is an
# approximation (``ctx.approximate``): a counterexample through it must be confirmed. A body
# must have semantics irverify knows for every op (so that none has an effect it does not
# model), no memory (no memref, dispatch tensor or binding values) and no call or dispatch (the
# callee's body is not part of the identity).


LOOP_APPROXIMATION = "as an uninterpreted function of its body"


def uninterpreted_loop(ctx, op: Op, operands: list, why: str) -> list:
    """The results of loop ``op`` as uninterpreted functions of its identity and of the values it
    reads (see above); ``Unsupported(why)`` when its body is not pure value computation."""
    from irverify.semantics import opaque

    _check_pure_body(op.regions, op, why)
    captured: list = []
    opaque.identity(op, captured)
    values = []
    for v in captured:
        if v.id not in ctx.env:
            raise Unsupported(why, op.loc, "the body uses a value irverify has not encoded")
        values.append(ctx.env[v.id])
    key = opaque.function_name("loop", op)
    ctx.approximate(f"'{op.name}' {LOOP_APPROXIMATION} ({why.split(' (')[0]})")
    return opaque.uninterpreted_results(ctx, op, key, [*operands, *values], f"'{op.name}'")


def _check_pure_body(regions, loop: Op, why: str) -> None:
    """Reject a body that touches memory, calls a symbol or holds an op irverify does not know."""
    from irverify.ir.core import DispatchTensorType, MemRefType
    from irverify.semantics.registry import TERMINATORS, is_pure, lookup

    for inner in walk_ops([b for r in regions for blk in r for b in blk.ops]):
        if any(isinstance(v.type, (MemRefType, DispatchTensorType)) for v in [*inner.operands, *inner.results]):
            raise Unsupported(why, loop.loc, f"its body accesses memory ('{inner.name}')")
        if "callee" in inner.attrs or "entry_points" in inner.attrs:  # another symbol's body
            raise Unsupported(why, loop.loc, f"its body calls a symbol ('{inner.name}')")
        if inner.name not in ("scf.yield", "linalg.yield", "tensor.yield", "iree_linalg_ext.yield"):
            lookup(inner)  # unknown ops or attributes are unsupported
        if inner.name not in TERMINATORS and not is_pure(inner):
            raise Unsupported(why, loop.loc, f"its body holds '{inner.name}', which is not a pure function "
                                             "of its operands")

