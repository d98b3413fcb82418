"""The Relax arm of the fuzzer: ``relax_prog`` programs, targets made by mutations and
known-good rewrites, TVM (llvm) execution.

Rewrites: commute ``add``/``multiply``/``maximum``/``minimum``, swap a comparison, ``x*2 ->
x+x`` (exact for floats too), reassociate integer ``add``/``multiply`` (TVM wraps), insert an
identity (``x+0`` for integers, ``x + -0.0``, ``x*1``, ``x/1``, ``-(-x)``), invert a ``where``,
``floor(x) -> -ceil(-x)``, ``trunc(x) -> where(x < 0, ceil(x), floor(x))``, ``R.nn.softmax``
written out as TVM computes it (``exp(x - max) / sum``) and back.
Mutations: a constant, an operand, an op (the roundings among the unary ops), a comparison,
the arms of a ``where``, the axis of a reduction, softmax or ``take``, ``take``'s indices or
mode, a permutation, ``round(x) -> floor(x + 0.5)``, ``astype(x) -> astype(floor(x))`` (float
to int), a softmax written without its max subtraction.
"""

from __future__ import annotations

import random

import numpy as np

from irverify.fuzz import relax_prog as rp
from irverify.fuzz.mlir_mutate import _fresh, _index, _replace_uses, dce
from irverify.fuzz.mlir_prog import Op

NAME = "relax"
SUFFIX = ".srctgt.py"
COMMENT = "#"
# The reference's masks are unspecified values (irverify models ``astype`` out of range as an
# unknown value), not poison: they excuse differences in the source only.
POISON = False

generate = rp.generate
signature = rp.signature
pair_text = rp.pair_text


def batch_text(pairs) -> str:
    """One module holding every (source, target, (name, name)) pair."""
    return rp.module_text([f for s, t, (a, b) in pairs for f in ((s, a), (t, b))])


def undefined(prog, args):
    return rp.undefined(prog, args)


def run(module_text: str, calls: list):
    from irverify.execute.tvm import run_functions

    return run_functions(module_text, calls, timeout_s=300.0)


def transform(src, rng: random.Random):
    rewrites = [commute, swap_cmp, times_two, reassociate, identity, invert_where, floor_neg_ceil,
                trunc_select, softmax_form]
    mutations = [m_const, m_operand, m_kind, m_cmp, m_where, m_tail, m_round_half_up, m_astype_floor,
                 m_softmax_naive]
    # the rewrites and mutations of roundings, astype and softmax apply to few programs: when
    # one does, it is tried first half of the time
    targeted = [floor_neg_ceil, trunc_select, softmax_form, m_round_half_up, m_softmax_naive]
    if rng.random() < 0.2:  # float-to-int astype is common
        targeted.append(m_astype_floor)
    if rng.random() < 0.5:
        rng.shuffle(targeted)
        for f in targeted:
            tgt = src.clone()
            desc = f(tgt, rng)
            if desc:
                return tgt, desc
    pool = rewrites if rng.random() < 0.45 else mutations
    for _ in range(12):
        f = rng.choice(pool)
        tgt = src.clone()
        desc = f(tgt, rng)
        if desc:
            return tgt, desc
    return src.clone(), "identity (no transformation applied)"


def _pick(p, rng, pred):
    ops = [o for o in p.ops if pred(o)]
    return rng.choice(ops) if ops else None


def commute(p, rng):
    o = _pick(p, rng, lambda o: o.kind in rp.COMMUTATIVE)
    if not o:
        return None
    o.args.reverse()
    return f"rewrite: commute {o.kind} {o.res}"


def swap_cmp(p, rng):
    o = _pick(p, rng, lambda o: o.kind in rp.CMP)
    if not o:
        return None
    o.args.reverse()
    o.kind = rp.SWAPPED[o.kind]
    return f"rewrite: swap the comparison {o.res}"


def times_two(p, rng):
    o = _pick(p, rng, lambda o: o.kind == "add" and o.args[0] == o.args[1])
    if o:
        c = Op(_fresh(p, o.res), "const", [], o.elem, {"value": 2.0 if o.elem in rp.FLOATS else 2})
        p.ops.insert(_index(p, o.res), c)
        o.kind, o.args = "multiply", [o.args[0], c.res]
        return f"rewrite: x + x -> x * 2 at {o.res}"
    defs = {x.res: x for x in p.ops}
    o = _pick(p, rng, lambda o: o.kind == "multiply" and o.args[1] in defs and defs[o.args[1]].kind == "const"
              and defs[o.args[1]].attrs["value"] == 2)
    if not o:
        return None
    o.kind, o.args = "add", [o.args[0], o.args[0]]
    return f"rewrite: x * 2 -> x + x at {o.res}"


def reassociate(p, rng):
    defs = {x.res: x for x in p.ops}
    cands = [o for o in p.ops if o.kind in ("add", "multiply") and o.elem not in rp.FLOATS
             and o.args[0] in defs and defs[o.args[0]].kind == o.kind]
    if not cands:
        return None
    o = rng.choice(cands)
    a, b = defs[o.args[0]].args
    new = Op(_fresh(p, o.res), o.kind, [b, o.args[1]], o.elem)
    p.ops.insert(_index(p, o.res), new)
    o.args = [a, new.res]
    return f"rewrite: reassociate integer {o.kind} at {o.res}"


def identity(p, rng):
    o = _pick(p, rng, lambda o: o.elem != "bool" and o.kind != "const")
    if not o:
        return None
    i = _index(p, o.res)
    fl = o.elem in rp.FLOATS
    kind, value = rng.choice([("add", -0.0 if fl else 0), ("multiply", 1.0 if fl else 1),
                              ("subtract", 0.0 if fl else 0), ("negative2", None)]
                             + ([("divide", 1.0)] if fl else []))
    new = _fresh(p, o.res)
    if kind == "negative2":
        added = [Op(new + "n", "negative", [o.res], o.elem), Op(new, "negative", [new + "n"], o.elem)]
    else:
        added = [Op(new + "c", "const", [], o.elem, {"value": value}), Op(new, kind, [o.res, new + "c"], o.elem)]
    p.ops[i + 1:i + 1] = added
    _replace_uses(p, o.res, new, i + len(added))
    return f"rewrite: identity {kind} after {o.res}"


def invert_where(p, rng):
    o = _pick(p, rng, lambda o: o.kind == "where")
    if not o:
        return None
    defs = {x.res: x for x in p.ops}
    c = defs.get(o.args[0])
    inv = {"less": "greater_equal", "greater_equal": "less", "greater": "less_equal", "less_equal": "greater",
           "equal": "not_equal", "not_equal": "equal"}
    if c is None or c.kind not in inv or p.elem_of(c.args[0]) not in rp.INTS:
        return None  # negating a float comparison is wrong for NaN
    n = Op(_fresh(p, o.res), inv[c.kind], list(c.args), "bool")
    p.ops.insert(_index(p, o.res), n)
    o.args = [n.res, o.args[2], o.args[1]]
    return f"rewrite: where(c, a, b) -> where(!c, b, a) at {o.res}"


def _insert_before(p, o, added):
    i = _index(p, o.res)
    p.ops[i:i] = added


def floor_neg_ceil(p, rng):
    o = _pick(p, rng, lambda o: o.kind == "floor")
    if not o:
        return None
    n = _fresh(p, o.res)
    _insert_before(p, o, [Op(n + "n", "negative", [o.args[0]], o.elem), Op(n, "ceil", [n + "n"], o.elem)])
    o.kind, o.args = "negative", [n]
    return f"rewrite: floor(x) -> -ceil(-x) at {o.res}"


def trunc_select(p, rng):
    o = _pick(p, rng, lambda o: o.kind == "trunc")
    if not o:
        return None
    n, x = _fresh(p, o.res), o.args[0]
    _insert_before(p, o, [Op(n + "z", "const", [], o.elem, {"value": 0.0}),
                          Op(n + "l", "less", [x, n + "z"], "bool"), Op(n + "c", "ceil", [x], o.elem),
                          Op(n + "f", "floor", [x], o.elem)])
    o.kind, o.args = "where", [n + "l", n + "c", n + "f"]
    return f"rewrite: trunc(x) -> where(x < 0, ceil(x), floor(x)) at {o.res}"


def softmax_form(p, rng):
    tl = p.tail
    if not tl or tl["kind"] != "softmax" or tl["form"] == "naive":
        return None
    old = tl["form"]
    tl["form"] = "explicit" if old == "op" else "op"
    return f"rewrite: softmax {old} -> {tl['form']} (exp(x - max) / sum)"


def m_round_half_up(p, rng):
    o = _pick(p, rng, lambda o: o.kind == "round")
    if not o:
        return None
    n = _fresh(p, o.res)
    _insert_before(p, o, [Op(n + "h", "const", [], o.elem, {"value": 0.5}),
                          Op(n, "add", [o.args[0], n + "h"], o.elem)])
    o.kind, o.args = "floor", [n]
    return f"mutation: round(x) -> floor(x + 0.5) at {o.res}"


def m_astype_floor(p, rng):
    o = _pick(p, rng, lambda o: o.kind == "astype" and o.elem in rp.INTS and p.elem_of(o.args[0]) in rp.FLOATS)
    if not o:
        return None
    n = _fresh(p, o.res)
    _insert_before(p, o, [Op(n, "floor", [o.args[0]], p.elem_of(o.args[0]))])
    o.args = [n]
    return f"mutation: astype(x) -> astype(floor(x)) at {o.res}"


def m_softmax_naive(p, rng):
    tl = p.tail
    if not tl or tl["kind"] != "softmax" or tl["form"] == "naive":
        return None
    old, tl["form"] = tl["form"], "naive"
    return f"mutation: softmax {old} -> exp(x) / sum(exp(x)) (no max subtraction)"


def m_const(p, rng):
    o = _pick(p, rng, lambda o: o.kind == "const")
    if not o:
        return None
    old = o.attrs["value"]
    opts = rp.FLOAT_CONSTS if o.elem in rp.FLOATS else rp._int_consts(o.elem)
    o.attrs["value"] = rng.choice([v for v in opts if repr(v) != repr(old)])
    return f"mutation: constant {o.res} {old} -> {o.attrs['value']}"


def m_operand(p, rng):
    if not p.ops:
        return None
    i = rng.randrange(len(p.ops))
    o = p.ops[i]
    if not o.args:
        return None
    k = rng.randrange(len(o.args))
    e = p.elem_of(o.args[k])
    avail = [n for n, t in p.args if t == e] + [x.res for x in p.ops[:i] if x.elem == e and x.kind != "const"]
    if o.args[k] in {x.res for x in p.ops if x.kind == "const"}:
        return None
    if p.head and p.head["elem"] == e:
        avail.append(p.head["res"])
    avail = [a for a in avail if a != o.args[k]]
    if not avail:
        return None
    o.args[k] = rng.choice(avail)
    return f"mutation: operand {k} of {o.res}"


def m_kind(p, rng):
    o = _pick(p, rng, lambda o: o.kind in rp.BINARY + ("divide",) + rp.UNARY_ANY + rp.UNARY_FLOAT)
    if not o:
        return None
    old = o.kind
    if old in rp.BINARY + ("divide",):
        group = rp.BINARY + (("divide",) if o.elem in rp.FLOATS else ())
    else:
        group = ("negative",) + (("abs",) + rp.UNARY_FLOAT if o.elem in rp.FLOATS else ())
    others = [k for k in group if k != old]
    if not others:
        return None
    o.kind = rng.choice(others)
    return f"mutation: {o.res} {old} -> {o.kind}"


def m_cmp(p, rng):
    o = _pick(p, rng, lambda o: o.kind in rp.CMP)
    if not o:
        return None
    old = o.kind
    o.kind = rng.choice([k for k in rp.CMP if k != old])
    return f"mutation: {o.res} {old} -> {o.kind}"


def m_where(p, rng):
    o = _pick(p, rng, lambda o: o.kind == "where")
    if not o:
        return None
    o.args[1], o.args[2] = o.args[2], o.args[1]
    return f"mutation: swap the arms of where {o.res}"


def m_tail(p, rng):
    tl = p.tail
    if not tl:
        return None
    k = tl["kind"]
    if k == "softmax":
        if len(p.shape) < 2:
            return None
        tl["axis"] = rng.choice([a for a in range(len(p.shape)) if a != tl["axis"]])
        return "mutation: softmax axis"
    if k in ("sum", "max", "min", "mean"):
        same = [a for a in range(len(p.shape)) if a != tl["axis"]
                and rp.result_shape(p) == tuple(d for i, d in enumerate(p.shape) if i != a)]
        if same:
            tl["axis"] = rng.choice(same)
            return "mutation: reduction axis"
        tl["kind"] = rng.choice([x for x in ("sum", "max", "min") if x != k])
        return f"mutation: reduction {k} -> {tl['kind']}"
    if k == "take":
        if rng.random() < 0.5:
            tl["mode"] = rng.choice([m for m in ("fast", "clip", "wrap") if m != tl["mode"]])
            return "mutation: take mode (indices in range)"
        j = rng.randrange(len(tl["indices"]))
        n = p.shape[tl["axis"]]
        if n < 2:
            return None
        tl["indices"][j] = (tl["indices"][j] + 1) % n
        return "mutation: take index"
    if k == "permute":
        perm = list(tl["axes"])
        i, j = rng.sample(range(len(perm)), 2)
        perm[i], perm[j] = perm[j], perm[i]
        shape_now = rp.result_shape(p)
        tl["axes"] = perm
        if rp.result_shape(p) != shape_now:
            return None
        return "mutation: permutation"
    return None


def shrink_candidates(src, tgt):
    if src.tail and src.tail == tgt.tail:
        a, b = src.clone(), tgt.clone()
        a.tail = b.tail = None
        yield a, b
    tdefs = {o.res: o for o in tgt.ops}
    for o in reversed(src.ops):
        other = tdefs.get(o.res)
        if other is None or (other.kind, other.args, other.attrs) != (o.kind, o.args, o.attrs):
            continue
        for repl in [a for a in o.args if src.elem_of(a) == o.elem][:2]:
            a, b = src.clone(), tgt.clone()
            for q in (a, b):
                _replace_uses(q, o.res, repl, _index(q, o.res))
                q.ops = [x for x in q.ops if x.res != o.res]
                dce(q)
            if a.ops and b.ops:
                yield a, b


def _arg_names(prog):
    names = [n for n, _ in prog.args]
    if prog.head:
        names += [prog.head["lhs"], prog.head["rhs"]]
    return names


def cex_args(prog, cex: dict):
    out = []
    for i, (name, (elem, shape)) in enumerate(zip(_arg_names(prog), signature(prog))):
        ts = cex.get("tensors", {})
        v = ts.get(name, ts.get("%" + name, ts.get(f"%arg{i}")))
        if v is None:
            return None
        arr = np.asarray(_floats(v), dtype=rp.NP[elem])
        if arr.shape != tuple(shape):
            return None
        out.append(arr)
    return out


def _floats(v):
    if isinstance(v, list):
        return [_floats(x) for x in v]
    return float(v) if isinstance(v, str) else v
