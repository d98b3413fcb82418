"""``scf.forall`` with ``shared_outs`` (tensor results) and ``tensor.parallel_insert_slice``.

Upstream docs: ``mlir/include/mlir/Dialect/SCF/IR/SCFOps.td`` (``ForallOp``, ``InParallelOp``) and
``mlir/include/mlir/Dialect/Tensor/IR/TensorOps.td`` (``ParallelInsertSliceOp``).

``%r = scf.forall (%i...) = (lb...) to (ub...) step (s...) shared_outs(%o = %init) { body;
scf.forall.in_parallel { tensor.parallel_insert_slice %v into %o[off][size][stride] } }``
runs the body once per point of the domain, in parallel. Each result is its ``shared_outs``
operand with the slices every iteration's ``parallel_insert_slice`` ops write replaced; the
docs: "If an index is updated exactly once, the value contained at that index in the resulting
tensor will be equal to the value at a corresponding index of a slice that was used for the
updated. If an index is not updated at all, its value will be equal to the one in the original
tensor", while "conflicting writes result in undefined semantics, in that the indices written to
by multiple parallel updates might contain data from any of the updates, or even a malformed bit
pattern".

Encoding (same iteration numbers ``k`` and UB rules as the store form in ``scf``):

* Inside the body a shared block argument reads as its ``shared_outs`` operand. It may only be
  read through ``tensor.extract_slice`` (directly in the body) and written through
  ``parallel_insert_slice``; a read of a position another iteration writes would observe a
  concurrent write, so it must be provably absent (for every input), else ``unsupported``.
* Conflicting writes are never resolved silently: unless the solver proves that no position is
  written by two (iteration, ``parallel_insert_slice``) pairs, the op is ``unsupported``.
* With writes disjoint, result element ``p`` is the value the unique writer of ``p`` wrote, or
  the initial element. With a static domain of at most ``EXPAND_LIMIT`` points the writer is
  chosen by an if-then-else over the points. Otherwise, for tiles whose offset in some
  dimension ``e`` is ``base + c * k_d``, the candidate ``k_d = floordiv(p_e - base, c)`` (for
  ``c > 0``; ``ceildiv(base - p_e, -c)`` for ``c < 0``) is used
  once the solver proves that it writes ``p`` whenever any iteration does; failing that, the
  op is unsupported.
* ``parallel_insert_slice`` has the bounds and size rules of ``tensor.insert_slice`` (UB when the
  slice leaves the destination or the source extents differ from the sizes); poison elements
  move with the value written.

Unsupported: large or dynamic domains without a closed-form writer, stores to memory in the body, other ops in ``scf.forall.in_parallel``, other uses
of a shared block argument, nested ``scf.forall``, calls, and assumptions depending on ``k``.
"""

from __future__ import annotations

import itertools
from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import Op
from irverify.semantics.common import walk_ops
from irverify.model.values import Scalar, Tensor
from irverify.smt import terms as t

EXPAND_LIMIT = 64
DISJOINT_TIMEOUT_S = 5.0
INSERT = "tensor.parallel_insert_slice"
READ = "tensor.extract_slice"


class _Insert:
    """One ``parallel_insert_slice``: which result it writes and where, in terms of ``k``."""

    def __init__(self, ctx, op: Op, env, out: int, dest: Tensor):
        from irverify.semantics.tensor_slices import (SLICE_ATTRS, check_bounds, dropped_dims, mixed_operands,
                                                       slice_position)

        self.op, self.out = op, out
        unknown = sorted(set(op.attrs) - set(SLICE_ATTRS) - {"operandSegmentSizes"})
        if unknown:
            raise Unsupported(f"attribute '{unknown[0]}' of '{op.name}'", op.loc)
        self.src: Tensor = env[op.operands[0].id]
        dynamic = [env[v.id] for v in op.operands[2:]]
        for v in dynamic:
            ctx.require_not_poison(v, f"an operand of '{op.name}'")
        self.offsets, self.sizes, self.strides = mixed_operands(op, dynamic)
        check_bounds(ctx, op, dest.dims, self.offsets, self.sizes, self.strides)
        self.dropped = dropped_dims(op, self.src.type.shape)
        kept = [k for k in range(dest.rank) if k not in self.dropped]
        for j, k in enumerate(kept):
            ctx.add_ub(self.src.dims[j] != self.sizes[k],
                       f"{op.name}: source dim {j} differs from size {k}")
        self._position = slice_position
        for k in range(dest.rank):  # fail early on unsupported strides
            slice_position(op, t.int_val(0), self.offsets[k], self.sizes[k], self.strides[k])

    def locate(self, p) -> tuple[Any, list[Any]]:
        """(is destination index ``p`` written, the source index written there)."""
        conds, sidx = [], []
        for k in range(len(p)):
            c, pos = self._position(self.op, p[k], self.offsets[k], self.sizes[k], self.strides[k])
            conds.append(c)
            if k not in self.dropped:
                sidx.append(pos)
        return t.and_(*conds), sidx


class _Result:
    """The parallel writes of one ``shared_outs`` result."""

    def __init__(self, init: Tensor, inserts: list[_Insert], ks, counts):
        self.init, self.inserts, self.ks, self.counts = init, inserts, ks, counts
        self.partial = init.defined is not None or any(i.src.defined is not None for i in inserts)
        self.writer = None  # p -> iteration numbers of the writer of p, in closed form

    def in_domain(self, ks) -> Any:
        return t.and_(*(t.in_range(k, n) for k, n in zip(ks, self.counts)))

    def at_iteration(self, ks, p) -> tuple[Any, Any, Any]:
        """(does iteration ``ks`` write ``p``, the value it writes, whether it is defined)."""
        written, value, defined = t.false(), None, t.true()
        for ins in self.inserts:
            w, sidx = ins.locate(p)
            v = ins.src.at(sidx)
            value = v if value is None else t.ite(w, v, value)
            if self.partial:
                defined = t.ite(w, ins.src.is_defined(sidx), defined)
            written = t.or_(written, w)
        pairs = list(zip(self.ks, ks))
        return tuple(t.substitute(x, pairs) for x in (written, value, defined))

    def points(self) -> list[list[Any]] | None:
        static = [t.static_int(n) for n in self.counts]
        if any(n is None for n in static):
            return None
        total = 1
        for n in static:
            total *= max(n, 0)
        if total > EXPAND_LIMIT:
            return None
        return [[t.int_val(i) for i in pt] for pt in itertools.product(*(range(max(n, 0)) for n in static))]

    def element(self, p) -> tuple[Any, Any]:
        """(value, defined) of result element ``p``."""
        value, defined = self.init.at(p), self.init.is_defined(p)
        pts = self.points()
        if pts is not None:
            for pt in reversed(pts):
                w, v, d = self.at_iteration(pt, p)
                value, defined = t.ite(w, v, value), (t.ite(w, d, defined) if self.partial else defined)
            return value, defined
        pk = self.writer(p)
        w, v, d = self.at_iteration(pk, p)
        w = t.and_(self.in_domain(pk), w)
        return t.ite(w, v, value), (t.ite(w, d, defined) if self.partial else defined)

    def tensor(self) -> Tensor:
        defined = (lambda idx: self.element(idx)[1]) if self.partial else None
        return Tensor(self.init.type, list(self.init.dims), lambda idx: self.element(idx)[0], defined)

    def closed_form_writer(self, ctx) -> bool:
        """Find the writer of ``p`` in closed form, for the usual tiling: some destination
        coordinate ``e`` of the first insert is ``base + c * k_d`` (``c`` a non-zero constant), so
        the candidate is ``k_d = floordiv(p_e - base, c)`` (``ceildiv(base - p_e, -c)`` for
        ``c < 0``). The candidate is kept only if the
        solver proves that whenever some iteration writes ``p``, the candidate does."""
        ins = self.inserts[0]
        zero = [(k, t.int_val(0)) for k in self.ks]
        forms = []
        for d, k in enumerate(self.ks):
            found = None
            for e, off in enumerate(ins.offsets):
                if not t.mentions(off, k):
                    continue
                base = t.simplify(t.substitute(off, zero))
                one = [(kk, t.int_val(1 if kk is k else 0)) for kk in self.ks]
                c = t.static_int(t.simplify(t.substitute(off, one) - base))
                if c is not None and c != 0:
                    found = (e, base, c)
                    break
            if found is None:
                return False
            forms.append(found)
        rank = self.init.rank

        def writer(p):  # the tile starting at base + c * k holds p (c < 0: tiles run backwards)
            return [t.floordiv(p[e] - base, t.int_val(c)) if c > 0 else t.ceildiv(base - p[e], t.int_val(-c))
                    for e, base, c in forms]

        p = [t.fresh_int("forall.p") for _ in range(rank)]
        kq = [t.fresh_int("forall.kq") for _ in self.ks]
        cand = writer(p)
        wq = self.at_iteration(kq, p)[0]
        wc = t.and_(self.in_domain(cand), self.at_iteration(cand, p)[0])
        if not _unsat(ctx, "scf.forall writer in closed form",
                      [self.init.in_bounds(p), self.in_domain(kq), wq, t.not_(wc)], self.ks):
            return False
        self.writer = writer
        return True



def _unsat(ctx, what: str, conds: list[Any], ks) -> bool:
    from irverify.smt import solver

    pre = list(ctx.inputs.assumptions) + [a for a in ctx.state.assumptions if not t.mentions(a, *ks)]
    # Only inputs on which the program is defined so far matter (UB recorded up to here).
    pre += [t.not_(u.cond) for u in ctx.state.ub if not t.mentions(u.cond, *ks)]
    return solver.check(what, pre + conds, DISJOINT_TIMEOUT_S).status == "unsat"


def _disjoint(ctx, res: _Result) -> bool:
    """No position of the result is written by two (iteration, insert) pairs, for every input."""
    rank = res.init.rank
    for a, b in itertools.combinations_with_replacement(range(len(res.inserts)), 2):
        k1 = [t.fresh_int("forall.ka") for _ in res.ks]
        k2 = [t.fresh_int("forall.kb") for _ in res.ks]
        p = [t.fresh_int("forall.p") for _ in range(rank)]
        w1 = t.substitute(res.inserts[a].locate(p)[0], list(zip(res.ks, k1)))
        w2 = t.substitute(res.inserts[b].locate(p)[0], list(zip(res.ks, k2)))
        conds = [res.in_domain(k1), res.in_domain(k2), res.init.in_bounds(p), w1, w2]
        if a == b:
            conds.append(t.or_(*(x != y for x, y in zip(k1, k2))))
        if not _unsat(ctx, "scf.forall disjoint parallel inserts", conds, res.ks):
            return False
    return True


def _reads_race_free(ctx, res: _Result, reads: list[tuple[Any, Any, Any]]) -> bool:
    """No iteration reads (through ``extract_slice`` of the shared argument) a position that
    another iteration writes."""
    rank = res.init.rank
    for offsets, sizes, strides in reads:
        k1 = [t.fresh_int("forall.ka") for _ in res.ks]
        k2 = [t.fresh_int("forall.kb") for _ in res.ks]
        i = [t.fresh_int("forall.r") for _ in range(rank)]
        sub1 = list(zip(res.ks, k1))
        q = [t.substitute(o + x * s, sub1) for o, x, s in zip(offsets, i, strides)]
        inside = t.and_(*(t.in_range(x, t.substitute(n, sub1)) for x, n in zip(i, sizes)))
        w2 = t.or_(*(t.substitute(ins.locate(q)[0], list(zip(res.ks, k2))) for ins in res.inserts))
        conds = [res.in_domain(k1), res.in_domain(k2), t.or_(*(x != y for x, y in zip(k1, k2))), inside, w2]
        if not _unsat(ctx, "scf.forall reads of shared outputs", conds, res.ks):
            return False
    return True


def _check_body(op: Op, body, shared_ids: set[int]) -> list[Op]:
    """Reject what the encoding does not model; return the body's reads of shared arguments."""
    term = body.ops[-1] if body.ops else None
    if term is None or term.name != "scf.forall.in_parallel":
        raise Unsupported("scf.forall body without scf.forall.in_parallel", op.loc)
    for b in (b for r in term.regions for b in r):
        for inner in b.ops:
            if inner.name != INSERT:
                raise Unsupported(f"'{inner.name}' in scf.forall.in_parallel", inner.loc)
            if inner.operands[1].id not in shared_ids or inner.operands[0].id in shared_ids or any(
                    v.id in shared_ids for v in inner.operands[2:]):
                raise Unsupported("tensor.parallel_insert_slice into a value that is not a shared output",
                                  inner.loc)
    reads = []
    for inner in body.ops[:-1]:
        for k, v in enumerate(inner.operands):
            if v.id in shared_ids:
                if inner.name != READ or k != 0:
                    raise Unsupported(f"shared output of scf.forall used by '{inner.name}'", inner.loc)
                reads.append(inner)
        for nested in walk_ops([inner]):
            if nested.name in ("scf.forall", "func.call", "util.call"):
                raise Unsupported(f"'{nested.name}' inside scf.forall", nested.loc)
            if nested is not inner and any(v.id in shared_ids for v in nested.operands):
                raise Unsupported("shared output of scf.forall used in a nested region", nested.loc)
    return reads


def forall_shared(ctx, op: Op, lb, ub, st, outs: list[Tensor]):
    """``scf.forall`` with ``shared_outs`` (see the module docstring); returns the results."""
    from irverify.semantics import iree
    from irverify.semantics.tensor import reject_encodings
    from irverify.semantics.tensor_slices import mixed_operands

    reject_encodings(op)
    body = op.regions[0][0]
    n = len(lb)
    if len(body.args) != n + len(outs) or len(op.results) != len(outs):
        raise Unsupported("scf.forall block arguments", op.loc)
    if not all(isinstance(o, Tensor) for o in outs):
        raise Unsupported("scf.forall with shared_outs that are not tensors", op.loc)
    shared_ids = {a.id: r for r, a in enumerate(body.args[n:])}
    read_ops = _check_body(op, body, set(shared_ids))
    for d, s in enumerate(st):
        ctx.add_ub(t.le(s, t.int_val(0)), f"scf.forall: non-positive step in dim {d}")
    counts = [t.simplify(t.int_max(t.int_val(0), t.ceildiv(u - lo, s))) for lo, u, s in zip(lb, ub, st)]
    ks = [t.fresh_int(f"forall.k{d}") for d in range(n)]
    ivs = [Scalar(t.simplify(lo + k * s), a.type) for lo, k, s, a in zip(lb, ks, st, body.args)]

    mem = iree.memory(ctx)
    entry = dict(mem.buffers)
    entry_outputs = dict(ctx.state.extra_outputs)
    n_assume, n_inputs = len(ctx.state.assumptions), len(ctx.inputs.assumptions)
    op_, env_ = ctx.op, ctx.env
    env = dict(ctx.env)
    env.update({a.id: v for a, v in zip(body.args, [*ivs, *outs])})
    inserts: list[_Insert] = []
    with ctx.elementwise(ks, counts):
        ctx.run_ops(body.ops, env)
        ctx.op, ctx.env = op, env
        for ins in body.ops[-1].regions[0][0].ops if body.ops[-1].regions else []:
            ctx.op = ins
            r = shared_ids[ins.operands[1].id]
            inserts.append(_Insert(ctx, ins, env, r, outs[r]))
    ctx.op, ctx.env = op_, env_
    if len(ctx.state.assumptions) != n_assume or any(
            t.mentions(a, *ks) for a in ctx.inputs.assumptions[n_inputs:]):
        raise Unsupported("assumptions depending on the iteration inside scf.forall", op.loc)
    if set(mem.buffers) != set(entry) or any(mem.buffers[b] is not entry[b] for b in entry) or any(
            ctx.state.extra_outputs[k] is not v for k, v in entry_outputs.items()) or set(
            ctx.state.extra_outputs) != set(entry_outputs):
        raise Unsupported("scf.forall with shared_outs that also writes memory", op.loc)

    results = []
    for r, init in enumerate(outs):
        res = _Result(init, [i for i in inserts if i.out == r], ks, counts)
        if not res.inserts:
            results.append(init)
            continue
        if not _disjoint(ctx, res):
            raise Unsupported("scf.forall whose parallel_insert_slice ops may write one position twice "
                              "(the result is not determined)", op.loc)
        reads = []
        for rd in read_ops:
            if shared_ids[rd.operands[0].id] == r:
                reads.append(mixed_operands(rd, [env[v.id] for v in rd.operands[1:]]))
        if reads and not _reads_race_free(ctx, res, reads):
            raise Unsupported("scf.forall reads a shared output where another iteration writes", op.loc)
        if res.points() is None and not res.closed_form_writer(ctx):
            raise Unsupported("scf.forall with shared_outs over a large or dynamic domain whose writer of "
                              "a position has no closed form", op.loc)
        results.append(res.tensor())
    return results
