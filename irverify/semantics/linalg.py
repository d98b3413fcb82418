"""``linalg`` dialect semantics (https://mlir.llvm.org/docs/Dialects/Linalg/): structured ops
on tensors.

Every structured op is encoded as its ``linalg.generic`` form: indexing maps, iterator types and
a scalar body (a region). Named ops (``linalg_named.py``) build that form themselves.

* Output maps must be permutations of the parallel dims. Input maps are linear in the loop dims
  (``d0``, a broadcast ``0``, a convolution window ``d1 * 2 + d4``, a shifted read ``d0 + 1``);
  ``mod``/``floordiv``/``ceildiv`` and products of dims are unsupported.
* Loop extents come from the operand dims that a map indexes by a plain loop dim. Operands that
  disagree on an extent are UB (the op's precondition; nothing checks it at run time), and so is
  any read outside an operand: a linear index takes its extremes at the corners of the loop
  box, so a non-empty iteration space reads out of bounds iff the smallest index is negative or
  the largest reaches the operand's extent (a broadcast from an empty dim included).
* An output element is the body evaluated at the loop index (``linalg.index`` reads it).
  An element nobody wrote (of a ``tensor.empty`` init or input) is poison (not UB): the body
  computes with it as with any poison value, so an output is poison where the body's yielded
  value is, and an init that the body does not read (or a first iteration that selects past
  it) leaves no poison behind. An integer reduction's result is poison where the init or any
  summand is.
* Reductions fold the body over the reduction dims (flattened row-major into one index). Integer
  bodies with static reduction extents up to ``UNROLL_LIMIT`` elements are unrolled exactly in
  loop order (under ``--fp=real`` float bodies too, up to ``REAL_UNROLL_LIMIT``). Otherwise the
  body must be ``acc' = OP(acc, f(inputs...))`` (or ``OP(f, acc)``) for an associative and
  commutative OP; the result is an uninterpreted ``reduce_OP(init, summands, n)`` over the
  summand array masked to ``[0, n)`` (declared as an approximation: the compiler may reorder).
  Float reductions always use that fold outside ``--fp=real``; the float theory adds what every
  order computes (``irverify.smt.float_fold``: one element, constants, NaN propagation). Other
  bodies are unsupported.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from irverify.errors import Unsupported
from irverify.ir.affine import AffineMap, BinExpr, Const, Dim
from irverify.ir.core import Block, EnumAttr, IndexType, IntType, Op, Value
from irverify.semantics.common import tensor_from_template
from irverify.semantics.registry import semantics
from irverify.model.values import Scalar, Tensor, any_poison
from irverify.smt import terms as t
from irverify.smt.float_fold import is_exact as fold_is_exact



# Static reduction sizes unrolled exactly (integer bodies / float bodies under --fp=real). An
# unrolled integer sum is a flat ``bvadd`` that z3's simplifier puts in a canonical order, so a
# sum split into lanes and partial sums (a reassociation, exact for wrapping integers) meets
# the source's sum as the same term.
UNROLL_LIMIT = 256
REAL_UNROLL_LIMIT = 1024

# Associative and commutative reduction operations: arith op -> (fold name, float theory op).
ASSOCIATIVE = {
    "arith.addi": ("addi", None), "arith.muli": ("muli", None), "arith.andi": ("andi", None),
    "arith.ori": ("ori", None), "arith.xori": ("xori", None), "arith.maxsi": ("maxsi", None),
    "arith.minsi": ("minsi", None), "arith.maxui": ("maxui", None), "arith.minui": ("minui", None),
    "arith.addf": ("addf", "add"), "arith.mulf": ("mulf", "mul"),
    "arith.maximumf": ("maximumf", "maximum"), "arith.minimumf": ("minimumf", "minimum"),
    "arith.maxnumf": ("maxnumf", "maxnum"), "arith.minnumf": ("minnumf", "minnum"),
}


@dataclass
class Structured:
    """The generic form of a structured op: maps (inputs then outputs), iterator kinds
    (``parallel``/``reduction``) and the scalar body (inputs' then outputs' element args)."""

    maps: list[AffineMap]
    iterators: list[str]
    body: Block
    n_ins: int


# ----------------------------------------------------------------------------- linalg.generic


@semantics("linalg.generic", attrs=("indexing_maps", "iterator_types", "doc", "linalg.memoized_indexing_maps"))
def generic(ctx, op: Op, *operands):
    """``linalg.generic``: the loop nest over the maps' iteration space running the region.

    ``linalg.memoized_indexing_maps`` is the cache of a named op's maps (``getIndexingMaps``);
    ``linalg-generalize-named-ops`` copies it onto the generic it builds (from ``linalg.matvec``,
    ``linalg.dot``, ...). A generic reads its maps from ``indexing_maps`` only, so the copy is
    accepted when it repeats them, and unsupported otherwise (rather than guessing which wins)."""
    n_ins = len(operands) - len(op.results)
    maps = op.attrs["indexing_maps"]
    if not all(isinstance(m, AffineMap) for m in maps):
        raise Unsupported("linalg.generic indexing_maps that are not affine maps", op.loc)
    memo = op.attrs.get("linalg.memoized_indexing_maps")
    if memo is not None and list(memo) != list(maps):
        raise Unsupported("linalg.generic whose linalg.memoized_indexing_maps differ from its indexing_maps",
                          op.loc, f"value {memo}")
    iterators = [iterator_kind(op, it) for it in op.attrs["iterator_types"]]
    if len(op.regions) != 1 or len(op.regions[0]) != 1:
        raise Unsupported("linalg.generic without a single-block body", op.loc)
    spec = Structured(list(maps), iterators, op.regions[0][0], n_ins)
    return run_structured(ctx, op, spec, list(operands[:n_ins]), list(operands[n_ins:]))


def iterator_kind(op: Op, it: Any) -> str:
    if isinstance(it, EnumAttr) and it.kind == "linalg.iterator_type" and it.value in ("parallel", "reduction"):
        return it.value
    raise Unsupported(f"iterator type {it} of '{op.name}'", op.loc)


@semantics("linalg.index", attrs=("dim",))
def index(ctx, op: Op):
    """The current index of loop ``dim`` of the enclosing structured op."""
    loop = ctx.loop_index
    dim = op.attrs["dim"]
    if loop is None or not 0 <= dim < len(loop):
        raise Unsupported("linalg.index outside a structured op body", op.loc)
    return Scalar(loop[dim], IndexType())


# ----------------------------------------------------------------------------- the shared encoding


def apply_map(m: AffineMap, loop: Sequence[Any]) -> list[Any]:
    return [_eval(r, loop) for r in m.results]


def _eval(e: Any, loop: Sequence[Any]) -> Any:
    if isinstance(e, Dim):
        return loop[e.pos]
    if isinstance(e, Const):
        return t.int_val(e.value)
    a, b = _eval(e.lhs, loop), _eval(e.rhs, loop)
    return a + b if e.kind == "add" else a * b


def linear_form(e: Any) -> tuple[dict[int, int], int] | None:
    """``e`` as ``sum(c_d * d) + c0`` (coefficients per loop dim, constant), or ``None`` when it
    is not linear in the dims (``mod``, ``floordiv``, ``ceildiv``, a product of dims)."""
    if isinstance(e, Dim):
        return {e.pos: 1}, 0
    if isinstance(e, Const):
        return {}, e.value
    if not isinstance(e, BinExpr) or e.kind not in ("add", "mul"):
        return None
    lhs, rhs = linear_form(e.lhs), linear_form(e.rhs)
    if lhs is None or rhs is None:
        return None
    if e.kind == "add":
        coeffs = dict(lhs[0])
        for d, c in rhs[0].items():
            coeffs[d] = coeffs.get(d, 0) + c
        return coeffs, lhs[1] + rhs[1]
    if lhs[0] and rhs[0]:
        return None
    (coeffs, c0), k = (lhs, rhs[1]) if not rhs[0] else (rhs, lhs[1])
    return {d: c * k for d, c in coeffs.items()}, c0 * k


def run_structured(ctx, op: Op, spec: Structured, ins: list[Any], outs: list[Any]) -> list[Tensor]:
    """Encode a structured op from its generic form; returns one tensor per output."""
    _validate(op, spec, ins, outs)
    extents = _loop_extents(ctx, op, spec, ins + outs)
    par = [d for d, k in enumerate(spec.iterators) if k == "parallel"]
    red = [d for d, k in enumerate(spec.iterators) if k == "reduction"]
    body = _BodyInfo(spec)
    results = []
    for k, init in enumerate(outs):
        out_map = spec.maps[spec.n_ins + k]
        ttype = op.results[k].type
        if not red:
            results.append(_parallel_result(ctx, op, spec, body, ins, outs, k, extents))
            continue
        results.append(_reduction_result(ctx, op, spec, body, ins, outs, k, extents, par, red, out_map, ttype))
    return results


def _validate(op: Op, spec: Structured, ins: list[Any], outs: list[Any]) -> None:
    n = len(spec.iterators)
    if len(spec.maps) != len(ins) + len(outs):
        raise Unsupported(f"'{op.name}' with {len(spec.maps)} indexing maps for {len(ins) + len(outs)} operands", op.loc)
    if len(op.results) != len(outs) or not all(isinstance(o, Tensor) for o in outs):
        raise Unsupported(f"'{op.name}' on non-tensor outputs", op.loc)
    for pos, (m, v) in enumerate(zip(spec.maps, ins + outs)):
        if m.num_syms or m.num_dims != n:
            raise Unsupported(f"indexing map {m} of '{op.name}' (symbols or a wrong number of dims)", op.loc)
        if not m.is_projected_permutation() and (pos >= spec.n_ins or any(linear_form(r) is None for r in m.results)):
            raise Unsupported(f"indexing map {m} of '{op.name}' (inputs: linear in the loop dims; outputs: "
                              "projected permutations)", op.loc)
        if isinstance(v, Scalar) and m.results:
            raise Unsupported(f"scalar operand of '{op.name}' with a non-empty indexing map", op.loc)
        if isinstance(v, Tensor) and v.rank != len(m.results):
            raise Unsupported(f"indexing map {m} of '{op.name}' does not match the operand rank", op.loc)
        if not isinstance(v, (Scalar, Tensor)):
            raise Unsupported(f"operand of '{op.name}' that is neither a scalar nor a tensor", op.loc)
    par = {d for d, k in enumerate(spec.iterators) if k == "parallel"}
    for m in spec.maps[spec.n_ins:]:
        dims = [r.pos for r in m.results if isinstance(r, Dim)]
        if len(dims) != len(m.results) or set(dims) != par:
            raise Unsupported(f"output indexing map {m} of '{op.name}' (must be a permutation of the parallel dims)", op.loc)
    block = spec.body
    term = block.ops[-1] if block.ops else None
    if len(block.args) != len(ins) + len(outs) or term is None or term.name != "linalg.yield" \
            or len(term.operands) != len(outs):
        raise Unsupported(f"body of '{op.name}' does not match its operands", op.loc)


def _loop_extents(ctx, op: Op, spec: Structured, operands: list[Any]) -> list[Any]:
    """Each loop dim's extent from the first operand dim it indexes (static ones first); every
    other operand dim it indexes must agree (UB otherwise)."""
    uses: list[list[Any]] = [[] for _ in spec.iterators]
    computed: list[tuple[tuple[dict[int, int], int], Any]] = []  # (linear form, operand extent)
    for m, v in zip(spec.maps, operands):
        for pos, r in enumerate(m.results):
            if isinstance(r, Dim):
                uses[r.pos].append(v.dims[pos])
            else:
                computed.append((linear_form(r), v.dims[pos]))
    extents = []
    for d, cands in enumerate(uses):
        if not cands:
            raise Unsupported(f"loop dim {d} of '{op.name}' is not bound by any operand", op.loc)
        statics = [c for c in cands if t.static_int(c) is not None]
        ext = statics[0] if statics else cands[0]
        for c in cands:
            if c is not ext:
                ctx.add_ub(c != ext, f"{op.name}: operands disagree on the extent of loop dim {d}")
        extents.append(ext)
    nonempty = t.and_(*(e > 0 for e in extents))
    for (coeffs, c0), dim in computed:
        # A linear index takes its extremes at the corners of the loop box: every index is in
        # [0, dim) iff the smallest is >= 0 and the largest < dim (when the box is not empty).
        lo, hi = t.int_val(c0), t.int_val(c0)
        for d, c in coeffs.items():
            reach = extents[d] - 1
            if c > 0:
                hi = hi + reach * c
            elif c < 0:
                lo = lo + reach * c
        ctx.add_ub(t.and_(nonempty, t.or_(lo < 0, hi >= dim)),
                   f"{op.name}: an indexing map reads outside an operand")
    return extents


class _BodyInfo:
    """Which block arguments the body computes with, and which outputs yield an argument as is."""

    def __init__(self, spec: Structured):
        block = spec.body
        self.block = block
        self.args = block.args
        self.yields = block.ops[-1].operands
        self.computed: set[int] = set()
        for o in block.ops[:-1]:
            self.computed |= {v.id for v in o.operands}
            for region in o.regions:
                for b in region:
                    for inner in b.ops:
                        self.computed |= {v.id for v in inner.operands}


def _read(val: Any, idx: list[Any]) -> Scalar:
    """An operand's element at ``idx`` as a scalar (poison where it was never written)."""
    return val if isinstance(val, Scalar) else val.scalar_at(idx)


def _eval_block(ctx, block: Block, args: list[Scalar], loop: list[Any]) -> list[Scalar]:
    """Run a body block at loop index ``loop``; returns the yielded scalars."""
    saved_loop, saved_env = ctx.loop_index, ctx.env
    ctx.loop_index = loop
    try:
        return list(ctx.run_block(block, args))
    finally:
        ctx.loop_index, ctx.env = saved_loop, saved_env


def _body_args(ctx, op: Op, spec: Structured, info: _BodyInfo, ins, outs, loop, accs=None) -> list[Scalar]:
    """Body arguments at ``loop``: input elements through their maps, then the outputs' current
    values (``accs``) or their init elements."""
    args = []
    for i, (m, v) in enumerate(zip(spec.maps, ins)):
        x = _read(v, apply_map(m, loop))
        args.append(Scalar(x.term, info.args[i].type, x.poison))
    for j, init in enumerate(outs):
        a = info.args[spec.n_ins + j]
        if accs is not None:
            x = accs[j]
        else:
            x = _read(init, apply_map(spec.maps[spec.n_ins + j], loop))
        args.append(Scalar(x.term, a.type, x.poison))
    return args


def _loop_from_output(spec: Structured, k: int, idx: list[Any], loop: list[Any]) -> list[Any]:
    out_map = spec.maps[spec.n_ins + k]
    loop = list(loop)
    for pos, r in enumerate(out_map.results):
        loop[r.pos] = idx[pos]
    return loop


def _parallel_result(ctx, op, spec: Structured, info: _BodyInfo, ins, outs, k: int, extents) -> Tensor:
    init: Tensor = outs[k]

    def make(idx):
        loop = _loop_from_output(spec, k, idx, [t.int_val(0)] * len(extents))
        return _eval_block(ctx, spec.body, _body_args(ctx, op, spec, info, ins, outs, loop), loop)[k]

    return tensor_from_template(ctx, op.results[k].type, init.dims, make)


# ----------------------------------------------------------------------------- reductions


def _is_exact_type(ty) -> bool:
    return isinstance(ty, (IntType, IndexType))


def _reduction_result(ctx, op, spec, info, ins, outs, k, extents, par, red, out_map, ttype) -> Tensor:
    init: Tensor = outs[k]
    red_ext = [extents[d] for d in red]
    static = [t.static_int(e) for e in red_ext]
    total = None
    if all(s is not None for s in static):
        total = 1
        for s in static:
            total *= s
    out_types = [r.type.elem for r in op.results]
    exact = all(_is_exact_type(ty) for ty in out_types)
    if total is not None and ((exact and total <= UNROLL_LIMIT) or
                              (ctx.fp.name == "real" and total <= REAL_UNROLL_LIMIT)):
        return _unrolled(ctx, op, spec, info, ins, outs, k, extents, red, static, total)
    return _folded(ctx, op, spec, info, ins, outs, k, extents, red, red_ext)


def _unrolled(ctx, op, spec, info, ins, outs, k, extents, red, static, total) -> Tensor:
    """Sequential evaluation in loop order over a small static reduction domain."""
    init: Tensor = outs[k]
    if total > 0 and info.args[spec.n_ins + k].id not in info.computed:
        raise Unsupported(f"reduction in '{op.name}' whose body does not read its accumulator", op.loc)

    def make(idx):
        loop = _loop_from_output(spec, k, idx, [t.int_val(0)] * len(extents))
        accs = []
        for j, o in enumerate(outs):
            accs.append(_read(o, apply_map(spec.maps[spec.n_ins + j], loop)))
        for point in itertools.product(*(range(s) for s in static)):
            for d, p in zip(red, point):
                loop[d] = t.int_val(p)
            accs = _eval_block(ctx, spec.body, _body_args(ctx, op, spec, info, ins, outs, loop, accs), list(loop))
        return accs[k]

    return tensor_from_template(ctx, op.results[k].type, init.dims, make)


def _fold_pattern(op: Op, spec: Structured, info: _BodyInfo, k: int) -> tuple[Op, Value]:
    """``yield_k = OP(acc_k, f)`` with ``f`` independent of every output argument: (OP, f)."""
    acc = info.args[spec.n_ins + k]
    why = f"reduction body of '{op.name}' is not OP(acc, f(inputs)) for an associative, commutative OP"
    y = info.yields[k]
    producers = {r.id: o for o in spec.body.ops[:-1] for r in o.results}
    comb = producers.get(y.id)
    if comb is None or comb.name not in ASSOCIATIVE or len(comb.operands) != 2:
        raise Unsupported(why, op.loc, "the yielded value is not produced by such an op")
    flags = comb.attrs.get("fastmath", comb.attrs.get("overflowFlags"))
    if flags is not None and not (isinstance(flags, EnumAttr) and flags.value == "none"):
        raise Unsupported(why, op.loc, f"the combining op carries flags {flags}")
    a, b = comb.operands
    if a is acc and b is not acc:
        f = b
    elif b is acc and a is not acc:
        f = a
    else:
        raise Unsupported(why, op.loc, "the combining op does not take the accumulator once")
    outs_args = {v.id for v in info.args[spec.n_ins:]}
    if _depends_on(f, producers, outs_args):
        raise Unsupported(why, op.loc, "the summand depends on an output argument")
    other_uses = [o for o in spec.body.ops if o is not comb and any(v is acc for v in o.operands)]
    if other_uses:
        raise Unsupported(why, op.loc, "the accumulator has other uses")
    return comb, f


def _depends_on(v: Value, producers: dict[int, Op], ids: set[int]) -> bool:
    seen: set[int] = set()
    stack = [v]
    while stack:
        x = stack.pop()
        if x.id in ids:
            return True
        if x.id in seen:
            continue
        seen.add(x.id)
        o = producers.get(x.id)
        if o is not None:
            stack.extend(o.operands)
            if o.regions:
                return True  # conservatively: nested regions may capture anything
    return False


def _summand_block(spec: Structured, f: Value, op: Op) -> Block:
    """The body sliced to the ops ``f`` needs, yielding ``f``."""
    producers = {r.id: o for o in spec.body.ops[:-1] for r in o.results}
    needed: set[int] = set()
    stack = [f]
    while stack:
        x = stack.pop()
        o = producers.get(x.id)
        if o is not None and id(o) not in needed:
            needed.add(id(o))
            stack.extend(o.operands)
    ops = [o for o in spec.body.ops[:-1] if id(o) in needed]
    return Block(spec.body.args, ops + [Op("linalg.yield", [f], [], {}, [], op.loc)])


def _decompose(q: Any, exts: list[Any]) -> list[Any]:
    """Row-major coordinates of flat index ``q`` over extents ``exts``."""
    if len(exts) == 1:
        return [q]
    coords = []
    rest = q
    for e in reversed(exts[1:]):
        coords.append(t.floormod(rest, e))
        rest = t.floordiv(rest, e)
    coords.append(rest)
    return list(reversed(coords))


def _folded(ctx, op, spec, info, ins, outs, k, extents, red, red_ext) -> Tensor:
    """``reduce_OP(init, lambda q. f(q) masked to [0, n), n)``; the identity on init if n = 0."""
    comb, f = _fold_pattern(op, spec, info, k)
    fold_name, fp_op = ASSOCIATIVE[comb.name]
    init: Tensor = outs[k]
    elem = op.results[k].type.elem
    block = _summand_block(spec, f, op)
    n = t.product(red_ext)
    if fp_op is None:
        ctx.approximate("integer reduction as an uninterpreted fold")
    elif not fold_is_exact(fp_op, n):  # e.g. one element or none: one order, computed exactly
        ctx.approximate("float reduction as an uninterpreted fold")

    def make(idx):
        loop = _loop_from_output(spec, k, idx, [t.int_val(0)] * len(extents))
        acc0 = init.scalar_at(idx)
        q = t.fresh_int("q")
        with ctx.elementwise([q], [n]):
            for d, c in zip(red, _decompose(q, red_ext)):
                loop[d] = c
            args = _body_args(ctx, op, spec, info, ins, outs, loop, accs=[o.scalar_at(apply_map(
                spec.maps[spec.n_ins + j], loop)) for j, o in enumerate(outs)])
            summand = _eval_block(ctx, block, args, list(loop))[0]
        s = summand.term
        arr = t.canonical_lambda([q], t.ite(t.in_range(q, n), s, t.zero_of(t.sort_of(s))))
        folded = t.reduce(fold_name, acc0.term, arr, n) if fp_op is None else ctx.fp.reduce(
            fp_op, acc0.term, arr, n, elem)
        from irverify.model.sorts import exists_in

        poison = any_poison(acc0.poison, None if summand.poison is None else exists_in([q], [n], summand.poison))
        return Scalar(t.ite(n == 0, acc0.term, folded), elem, poison)

    return tensor_from_template(ctx, op.results[k].type, init.dims, make)


from irverify.semantics import linalg_named  # noqa: E402,F401  (registers the named ops)
from irverify.semantics import linalg_pack  # noqa: E402,F401  (registers pack/unpack)
