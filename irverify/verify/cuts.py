"""Changed ops proved one at a time, through cut points: the scale mechanism of a large check.

``verify.align`` shares every target op that is the same op on the same values as a source op.
A pass that rewrites a few ops (a named op generalised, two elementwise ops fused) leaves the
rest of the function unaligned too, because their operands are now the rewritten ops' results.
This module proves the rewritten ops on their own and lets the alignment go on past them:

* The *frontier* is every value both sides share: the function's arguments and the results of
  aligned ops. For the first unaligned target op (in the order the walk visits ops), its
  *cone* is the unaligned target ops it depends on back to the frontier (scalar constants and
  ``tensor.empty`` ops are copied in, not cut: their value, or the extents they declare,
  matter); a candidate source op of the same result types (never a ``tensor.empty``) has its
  own cone back to the frontier.
* The two cones become two small functions whose arguments are the frontier values they read
  (one argument per shared value), and the target cone is checked against the source cone
  (``check_function``: every refinement check, UB and poison included) for **all** values of
  those arguments, under a small solver budget.
* When it is ``correct``, the target op is aligned with the source op (``align(proven=...)``):
  later target ops reading it now align with their source copies, and a function whose every
  op is aligned or proved is ``correct`` without a whole-function query.

Soundness: the cone check holds for every frontier value, so in particular for the values the
whole function gives them; wherever the source cone is defined, the target op's value refines
the source op's, refinement is monotone in the operands of every op (poison and UB included),
and wherever the target cone is undefined so is the source cone, whose ops run unconditionally
(the walk visits only top-level ops, once-run regions and functions called once), so dropping
the target op's own UB is sound as for an aligned op; where the source cone is undefined, so is
the whole source.
The converse does not hold: a cone check that fails proves nothing (the function may constrain
the frontier values), so the op is left unaligned and the whole function decides it; and a
verdict other than ``correct`` reached with proved cuts is checked again without them
(``check.check_function``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from irverify.ir.core import Block, Function, IndexType, Op, TensorType, Value
from irverify.verify.align import Alignment, labelled_alignment, shareable, unchanged

CONE = "irverify.cut"  # the name of a cone function
MIN_OPS = 8  # a function with fewer target ops is checked whole (a cone would be most of it)
MAX_CONE = 12  # ops per side in one cone check
CANDIDATES = 3  # source ops tried per target op
CONE_BUDGET_S = 4.0  # solver CPU seconds per cone check
TOTAL_BUDGET_FACTOR = 3.0  # all cone checks of a function: this many times the query timeout,
SHARE_OF_BUDGET = 0.25  # and at most this share of an enclosing solver budget (``validate-lit``)
MAX_FAILURES = 8  # target ops in a row checked and proved against no source op: stop


@dataclass
class Cuts:
    """What cut points proved: the alignment with proved ops, how many, and what it cost."""

    alignment: Alignment
    covered: frozenset[int] = frozenset()  # ids of the other ops of proved target cones
    proved: int = 0
    tried: int = 0
    seconds: float = 0.0
    assumptions: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the cone checks' reports noted (a real-only proof)

    @property
    def note(self) -> str:
        return (f"cut points: {self.proved} changed op(s) proved on their own against source ops "
                f"({self.tried} cone check(s), {self.seconds:.1f} s); every other op of the target is "
                "the source's own op on the same values")


def _captured(op: Op) -> list[Value]:
    """The values ``op``'s regions read from outside ``op``."""
    inside: set[int] = set()
    reads: list[Value] = []

    def walk(o: Op) -> None:
        for region in o.regions:
            for block in region:
                inside.update(a.id for a in block.args)
                for inner in block.ops:
                    for v in inner.operands:
                        if v.id not in inside:
                            reads.append(v)
                    walk(inner)
                    inside.update(r.id for r in inner.results)

    walk(op)
    return [v for v in reads if v.id not in inside]


def _reads(op: Op) -> list[Value]:
    return list(op.operands) + _captured(op)


def _is_constant(op: Op) -> bool:
    from irverify.semantics.opaque import constant_text

    return constant_text(op) is not None


# Ops a cone takes in rather than cutting at their results: a ``tensor.empty`` is defined by
# the extents it is given, and cut it would be a tensor of any extent, unrelated to the index
# values the rest of the cone reads (the target's elementwise op writing into a fresh
# ``tensor.empty(%n)`` would be undefined for the frontier values where its extent is not %n,
# the source's counterpart defined: a cut not taken for no reason in the function).
COPIED = ("tensor.empty",)


def _cone(root: Op, defs: dict[int, Op], shared, limit: int = MAX_CONE) -> tuple[list[Op], list[Value]] | None:
    """The ops ``root`` depends on back to shared values (``shared(value)``), ``root`` included,
    and the shared values they read; None when the cone is larger than ``limit``, reaches a
    value defined by no visited op, or holds an op that is not a pure function of its values
    (``align.shareable``: a proof of the values says nothing of what an op writes, and the
    ops of a proved target cone are dropped by ``unchanged``)."""
    ops: dict[int, Op] = {}
    frontier: dict[int, Value] = {}
    stack = [root]
    while stack:
        op = stack.pop()
        if id(op) in ops:
            continue
        ops[id(op)] = op
        if len(ops) > limit or not (shareable(op) or _is_constant(op)):
            return None
        for v in _reads(op):
            if v.id in frontier:
                continue
            producer = defs.get(v.id)
            if producer is not None and (_is_constant(producer) or producer.name in COPIED):
                stack.append(producer)
            elif shared(v):
                frontier[v.id] = v
            elif producer is not None:
                stack.append(producer)
            else:
                return None
    return list(ops.values()), list(frontier.values())


def _function(name: str, ops_in_order: list[Op], cone: list[Op], args: list[Value], root: Op,
              prelude: list[Op] = ()) -> Function:
    chosen = {id(op) for op in cone}
    body = list(prelude) + [op for op in ops_in_order if id(op) in chosen]
    ret = Op("func.return", list(root.results), [], {}, [], root.loc)
    return Function(name, args, [r.type for r in root.results], Block(args, body + [ret]), root.loc)


def prove_cuts(src_mod, s: Function, tgt_mod, g: Function, opts) -> Cuts:
    """Align ``g`` with ``s``, proving unaligned target ops against source ops through cut points
    (module docstring) within ``TOTAL_BUDGET_FACTOR * opts.timeout_s`` seconds."""
    from irverify.semantics.common import walk_ops
    from irverify.verify.check import check_function
    from irverify.verify.verdict import Verdict
    from irverify.smt import solver

    start = time.perf_counter()
    proven: dict[int, Op] = {}
    cuts = Cuts(labelled_alignment(s, g, modules=(src_mod, tgt_mod)))
    if len(cuts.alignment.tgt_ops) < MIN_OPS or unchanged(s, g, cuts.alignment.aligned):
        return cuts
    allowed = TOTAL_BUDGET_FACTOR * opts.timeout_s
    left = solver.budget_left()
    if left is not None:
        allowed = min(allowed, SHARE_OF_BUDGET * max(left, 0.0))
    deadline = start + allowed
    failures = 0
    # (no early evaluation, no counterexample and no second float model: a cone's failure is no
    # finding, only a cut not taken; exact IEEE floats did not prove cones the abstract model
    # refuted, within a cone's budget)
    cone_opts = replace(opts, confirm=False, timeout_s=min(opts.timeout_s, CONE_BUDGET_S), cuts=False,
                        falsify_first=False, explain=False, escalate=False)
    given_up: set[int] = set()
    # (every op defining a value, at any depth: the alignment walks into dispatch bodies, whose
    # ops are then listed without the dispatch op that gives its results their extents)
    extent_defs = ({r.id: op for op in (*walk_ops(s.body.ops), *cuts.alignment.src_ops) for r in op.results},
                   {r.id: op for op in (*walk_ops(g.body.ops), *cuts.alignment.tgt_ops) for r in op.results})
    while time.perf_counter() < deadline and failures < MAX_FAILURES:
        al = cuts.alignment
        src_defs = {r.id: op for op in al.src_ops for r in op.results}
        tgt_defs = {r.id: op for op in al.tgt_ops for r in op.results}
        # a label is shared when both sides have a value with it
        tgt_labels = {lab for lab in al.tgt_label.values() if lab[0] != "tgt"}
        target = next((op for op in al.tgt_ops if id(op) not in al.aligned and id(op) not in given_up
                       and shareable(op) and not _is_constant(op)), None)
        if target is None:
            break
        given_up.add(id(target))
        # (a value labelled through a chain of reshapes is not a frontier value: the other side
        # may read the chain's intermediate value, so the cone takes the chain's ops)
        tgt_cone = _cone(target, tgt_defs, lambda v: al.tgt_label.get(v.id, ("tgt",))[0] != "tgt"
                         and v.id not in al.through_reshapes)
        if tgt_cone is None:
            continue
        used = {id(op) for op in al.aligned.values()}
        types = [r.type for r in target.results]
        # (a tensor.empty is no counterpart: every value refines its poison elements, and the
        # cut would take the op that computes the target's value away from the proof)
        candidates = [op for op in al.src_ops if id(op) not in used and shareable(op) and not _is_constant(op)
                      and op.name not in COPIED and [r.type for r in op.results] == types]
        frontier_labels = {al.tgt_label[v.id] for v in tgt_cone[1]}
        ranked = []
        for cand in candidates:
            src_cone = _cone(cand, src_defs, lambda v: al.src_label.get(v.id) in tgt_labels
                             and v.id not in al.through_reshapes)
            if src_cone is None:
                continue
            labels = {al.src_label[v.id] for v in src_cone[1]}
            # the source op computing from the same shared values is the likely counterpart
            jaccard = len(labels & frontier_labels) / max(1, len(labels | frontier_labels))
            ranked.append((-jaccard, len(src_cone[0]), len(ranked), cand, src_cone))
        ranked.sort(key=lambda r: r[:3])
        failures += bool(ranked)
        for _, _, _, cand, src_cone in ranked[:CANDIDATES]:
            if time.perf_counter() >= deadline:
                break
            pair = _cone_pair(al, src_cone, tgt_cone, cand, target, extent_defs)
            if pair is None:
                continue
            cs, cg = pair
            cuts.tried += 1
            # (in copies of the modules that also hold the cone functions: evaluation and
            # witnesses look functions up by name)
            cone_src = replace(src_mod, functions={**src_mod.functions, CONE: cs})
            cone_tgt = replace(tgt_mod, functions={**tgt_mod.functions, CONE: cg})
            with solver.budget(cone_opts.timeout_s):
                report = check_function(CONE, cone_src, cs, cone_tgt, cg, cone_opts)
            # (a cone whose source is undefined for some frontier values is proved where it is
            # defined: where it is not, the source op, which runs unconditionally, makes the
            # whole source undefined. Taken only where every such condition is about extents,
            # as for operands of dynamic extent that must agree, which the cone's frontier
            # decouples: other UB, an index out of bounds, is left to the whole function, whose
            # report says where the source is undefined in terms of its own inputs.)
            if report.verdict == Verdict.CORRECT and _extent_ub_only(report.source_ub):
                proven[id(target)] = cand
                cuts.covered = cuts.covered | {id(op) for op in tgt_cone[0] if op is not target}
                cuts.proved += 1
                failures = 0
                cuts.assumptions += [a for a in report.assumptions if a not in cuts.assumptions]
                # (a cone's own source UB is about frontier values the function may never give it
                # together, extents that disagree: no note of the function's source)
                cuts.notes += [n for n in report.notes if n not in cuts.notes
                               and not n.startswith(("unchanged:", "cut points:", "source_ub:"))]
                cuts.alignment = labelled_alignment(s, g, proven, (src_mod, tgt_mod))
                break
        if unchanged(s, g, cuts.alignment.aligned, cuts.covered):
            break
    cuts.seconds = time.perf_counter() - start
    return cuts


EXTENT_WORDS = ("extent", "negative size")  # how the semantics' UB messages name a size condition


def _extent_ub_only(source_ub: dict | None) -> bool:
    """Is every condition of a cone's ``source_ub`` note one of extents or sizes (operands whose
    dynamic extents must agree, a ``tensor.empty`` of a size that must not be negative: the
    messages of the semantics say so, ``EXTENT_WORDS``), or is there none?"""
    return not source_ub or all(any(w in c for w in EXTENT_WORDS) for c in source_ub.get("conditions") or ["?"])


def _cone_pair(al: Alignment, src_cone, tgt_cone, cand: Op, target: Op,
               defs: tuple[dict, dict] = ({}, {})) -> tuple[Function, Function] | None:
    """The two cone functions on the union of their frontiers, one argument per shared label in
    the same order on both sides; None when a frontier value has no counterpart of its type or
    shares its label with another value of its side.

    A frontier ``index`` value that the function's ops make a dynamic extent of a frontier
    tensor (``align.traced_extent``: the extent a ``flow.dispatch.workgroups``, ``tensor.empty``,
    reshape... was given) is no argument: both cone functions compute it as ``tensor.dim`` of
    that tensor, so the cones are checked for the frontier values the function can give them
    together (a target's ``flow.tensor.reshape %x{%n}`` declares ``%x``'s extent ``%n``, true
    in the function and undefined where a free ``%n`` differs)."""
    from irverify.verify.align import traced_extent, traced_index

    (s_ops, s_front), (g_ops, g_front) = src_cone, tgt_cone
    by_label: dict = {}
    for side, front, labels in ((0, s_front, al.src_label), (1, g_front, al.tgt_label)):
        for v in front:
            pair = by_label.setdefault(labels[v.id], [None, None])
            if pair[side] is not None:  # two values of one side with one label (a repeated op,
                return None  # ``align``): the cone function has one argument per label
            pair[side] = v
    derived: dict = {}  # label of an index value -> (label of a tensor, the dim it is the extent of)
    for side, side_defs in enumerate(defs):
        # what each frontier index value is, as ``traced_extent`` names extents
        # (None, an extent not traced, names nothing: two untraced extents are not one value)
        named = {}
        for label in sorted(by_label, key=repr):
            w = by_label[label][side]
            if w is not None and isinstance(w.type, IndexType):
                key = traced_index(w, side_defs)
                if key is not None:
                    named.setdefault(key, label)
        for label in sorted(by_label, key=repr):
            v = by_label[label][side]
            if v is None or not isinstance(v.type, TensorType):
                continue
            for k, d in enumerate(v.type.shape):
                extent = None if isinstance(d, int) else traced_extent(v, k, side_defs)
                w_label = named.get(extent) if extent is not None else None
                if w_label is not None and w_label not in derived:
                    derived[w_label] = (label, k)
    s_args, g_args = [], []
    s_pre: list[Op] = []
    g_pre: list[Op] = []
    arg_of: dict = {}
    for label in sorted(by_label, key=repr):
        sv, gv = by_label[label]
        if sv is not None and gv is not None and sv.type != gv.type:
            return None
        if label in derived:
            continue
        ty = (sv or gv).type
        # (one name per argument: inputs and counterexamples are keyed by name, and frontier
        # values of different functions, a callee's and its caller's, may share one)
        name = f"%cut{len(s_args)}"
        s_args.append(Value(ty, name, sv.id) if sv is not None else Value(ty, name))
        g_args.append(Value(ty, name, gv.id) if gv is not None else Value(ty, name))
        arg_of[label] = (s_args[-1], g_args[-1])
    for label, (tensor_label, k) in derived.items():
        if tensor_label not in arg_of:
            return None
        for side, pre in ((0, s_pre), (1, g_pre)):
            v = by_label[label][side]
            if v is None:
                continue
            position = Value(IndexType(), f"%cut_dim{len(pre)}")
            pre.append(Op("arith.constant", [], [position], {"value": k}, [], target.loc))
            pre.append(Op("tensor.dim", [arg_of[tensor_label][side], position], [v], {}, [], target.loc))
    if len({a.id for a in s_args}) != len(s_args) or len({a.id for a in g_args}) != len(g_args):
        return None
    return (_function(CONE, al.src_ops, s_ops, s_args, cand, s_pre),
            _function(CONE, al.tgt_ops, g_ops, g_args, target, g_pre))
