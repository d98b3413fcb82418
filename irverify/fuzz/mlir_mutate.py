"""Targets for fuzzed MLIR programs: random mutations and known-good rewrites, and shrinking.

``transform(src, rng)`` returns ``(target, description)``. Mutations (change a constant, an
operand, a predicate, an overflow flag, an op, a cast, a select's arms, a reduction's dim or
combiner, an extracted index or a slice offset) are usually wrong and sometimes harmless;
rewrites (commute, swap a comparison, reassociate integer ops, ``x*2 -> x+x``, insert an
identity, drop overflow flags, ``a-b -> a+(0-b)``, invert a select, print the chain as a
``linalg.generic`` instead of ``arith`` on tensors or back) are always correct.
``shrink_candidates(src, tgt)`` yields smaller pairs that keep the two programs' shared parts
aligned, for reducing a reproducer.
"""

from __future__ import annotations

import random

from irverify.fuzz import mlir_prog as mp
from irverify.fuzz.mlir_prog import CMPF, CMPI, COMMUTATIVE, FLOAT_BINARY, INT_BINARY, Op, Prog, is_int

SWAPPED_CMPI = {"eq": "eq", "ne": "ne", "slt": "sgt", "sle": "sge", "sgt": "slt", "sge": "sle",
                "ult": "ugt", "ule": "uge", "ugt": "ult", "uge": "ule"}
SWAPPED_CMPF = {p: p[0] + {"gt": "lt", "lt": "gt", "ge": "le", "le": "ge"}.get(p[1:], p[1:])
                if p[0] in "ou" and len(p) == 3 else p for p in CMPF}
ASSOC = ("addi", "muli", "andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui")
CASTS = {"extsi": "extui", "extui": "extsi", "sitofp": "uitofp", "uitofp": "sitofp",
         "fptosi": "fptoui", "fptoui": "fptosi", "index_cast": "index_castui", "index_castui": "index_cast"}


def transform(src: Prog, rng: random.Random) -> tuple[Prog, str]:
    """A target for ``src``: a rewrite (about 45%) or a mutation; ``src`` is not changed."""
    rewrites = [commute, swap_cmp, reassociate, times_two, identity, drop_flags, sub_to_add,
                invert_select, restyle, renamed, collapse_extract]
    mutations = [m_const, m_operand, m_pred, m_flags, m_kind, m_cast, m_select, m_tail, m_swap]
    pool = rewrites if rng.random() < 0.45 else mutations
    for _ in range(12):
        f = rng.choice(pool)
        tgt = src.clone()
        desc = f(tgt, rng)
        if desc:
            return tgt, desc
    tgt = src.clone()
    return tgt, "identity (no transformation applied)"


def _fresh(p: Prog, base: str) -> str:
    names = {n for n, _ in p.args} | {o.res for o in p.ops}
    k = 0
    while f"{base}x{k}" in names:
        k += 1
    return f"{base}x{k}"


def _insert_before(p: Prog, i: int, *ops: Op) -> None:
    p.ops[i:i] = list(ops)


def _index(p: Prog, name: str) -> int:
    return next(i for i, o in enumerate(p.ops) if o.res == name)


def _replace_uses(p: Prog, old: str, new: str, after: int) -> None:
    for o in p.ops[after + 1:]:
        o.args = [new if a == old else a for a in o.args]
    if p.ret == old:
        p.ret = new


# ----------------------------------------------------------------------------- rewrites


def commute(p: Prog, rng) -> str | None:
    ops = [o for o in p.ops if o.kind in COMMUTATIVE]
    if not ops:
        return None
    o = rng.choice(ops)
    o.args.reverse()
    return f"rewrite: commute {o.kind} %{o.res}"


def swap_cmp(p: Prog, rng) -> str | None:
    ops = [o for o in p.ops if o.kind in ("cmpi", "cmpf")]
    if not ops:
        return None
    o = rng.choice(ops)
    o.args.reverse()
    o.attrs["pred"] = (SWAPPED_CMPI if o.kind == "cmpi" else SWAPPED_CMPF)[o.attrs["pred"]]
    return f"rewrite: swap the operands and predicate of {o.kind} %{o.res}"


def reassociate(p: Prog, rng) -> str | None:
    defs = {o.res: o for o in p.ops}
    cands = [(i, o) for i, o in enumerate(p.ops) if o.kind in ASSOC and not o.attrs.get("flags")
             and o.args[0] in defs and defs[o.args[0]].kind == o.kind and not defs[o.args[0]].attrs.get("flags")]
    if not cands:
        return None
    i, o = rng.choice(cands)
    inner = defs[o.args[0]]
    a, b = inner.args
    c = o.args[1]
    new = Op(_fresh(p, o.res), o.kind, [b, c], o.elem)
    _insert_before(p, i, new)
    o.args = [a, new.res]
    return f"rewrite: reassociate ({o.kind} ({o.kind} a, b), c) at %{o.res}"


def times_two(p: Prog, rng) -> str | None:
    defs = {o.res: o for o in p.ops}
    cands = [o for o in p.ops if o.kind == "muli" and o.args[1] in defs and defs[o.args[1]].kind == "const"
             and defs[o.args[1]].attrs["value"] == 2]
    if not cands:
        cands = [o for o in p.ops if o.kind == "addi" and o.args[0] == o.args[1]]
        if not cands or (p.shape is not None and None in p.shape):
            return None  # the constant 2 needs a static shape
        o = rng.choice(cands)
        two = Op(_fresh(p, o.res), "const", [], o.elem, {"value": 2})
        _insert_before(p, _index(p, o.res), two)
        o.kind, o.args = "muli", [o.args[0], two.res]
        return f"rewrite: x + x -> x * 2 at %{o.res}"
    o = rng.choice(cands)
    o.kind, o.args = "addi", [o.args[0], o.args[0]]
    return f"rewrite: x * 2 -> x + x at %{o.res}"


def identity(p: Prog, rng) -> str | None:
    if not p.ops or (p.shape is not None and None in p.shape):
        return None  # constants need a static shape
    o = rng.choice(p.ops)
    i = _index(p, o.res)
    e = o.elem
    if e == "i1":
        choices = [("andi", 1), ("ori", 0), ("xori", 0)]
    elif is_int(e):
        choices = [("addi", 0), ("muli", 1), ("ori", 0), ("xori", 0), ("andi", -1), ("subi", 0),
                   ("divsi", 1), ("divui", 1), ("shli", 0), ("shrui", 0)]
    else:
        choices = [("mulf", 0x3F800000 if e == "f32" else 0x3FF0000000000000),
                   ("addf", 0x80000000 if e == "f32" else 0x8000000000000000),
                   ("subf", 0), ("divf", 0x3F800000 if e == "f32" else 0x3FF0000000000000), ("negf2", None)]
    kind, value = rng.choice(choices)
    new = _fresh(p, o.res)
    if kind == "negf2":
        n1 = Op(new + "n", "negf", [o.res], e)
        n2 = Op(new, "negf", [n1.res], e)
        p.ops[i + 1:i + 1] = [n1, n2]
        _replace_uses(p, o.res, new, i + 2)
        return f"rewrite: negf(negf(x)) for %{o.res}"
    c = Op(new + "c", "const", [], e, {"value": value})
    n = Op(new, kind, [o.res, c.res], e)
    p.ops[i + 1:i + 1] = [c, n]
    _replace_uses(p, o.res, new, i + 2)
    return f"rewrite: {kind} %{o.res}, identity"


def drop_flags(p: Prog, rng) -> str | None:
    ops = [o for o in p.ops if o.attrs.get("flags")]
    if not ops:
        return None
    o = rng.choice(ops)
    flags = list(o.attrs["flags"])
    flags.remove(rng.choice(flags))
    o.attrs["flags"] = tuple(flags)
    return f"rewrite: drop a flag of {o.kind} %{o.res}"


def sub_to_add(p: Prog, rng) -> str | None:
    if p.shape is not None and None in p.shape:
        return None
    ops = [(i, o) for i, o in enumerate(p.ops) if o.kind == "subi" and not o.attrs.get("flags")]
    if not ops:
        return None
    i, o = rng.choice(ops)
    z = Op(_fresh(p, o.res) + "z", "const", [], o.elem, {"value": 0})
    neg = Op(_fresh(p, o.res), "subi", [z.res, o.args[1]], o.elem)
    _insert_before(p, i, z, neg)
    o.kind, o.args = "addi", [o.args[0], neg.res]
    return f"rewrite: a - b -> a + (0 - b) at %{o.res}"


def invert_select(p: Prog, rng) -> str | None:
    if p.shape is not None and None in p.shape:
        return None
    ops = [(i, o) for i, o in enumerate(p.ops) if o.kind == "select"]
    if not ops:
        return None
    i, o = rng.choice(ops)
    t = Op(_fresh(p, o.res) + "t", "const", [], "i1", {"value": 1})
    n = Op(_fresh(p, o.res), "xori", [o.args[0], t.res], "i1")
    _insert_before(p, i, t, n)
    o.args = [n.res, o.args[2], o.args[1]]
    return f"rewrite: select(c, a, b) -> select(!c, b, a) at %{o.res}"


def restyle(p: Prog, rng) -> str | None:
    if p.shape is None or None in p.shape:
        return None
    p.style = "arith" if p.style == "generic" else "generic"
    return f"rewrite: print the chain as {p.style}"


def renamed(p: Prog, rng) -> str | None:
    ops = [o for o in p.ops if mp.named_ok(o, p.shape)]
    if not ops or p.style == "generic":
        return None
    o = rng.choice(ops)
    o.attrs["named"] = not o.attrs.get("named")
    return f"rewrite: %{o.res} as {'linalg.elementwise' if o.attrs['named'] else 'arith'}"


# ----------------------------------------------------------------------------- mutations


def m_const(p: Prog, rng) -> str | None:
    ops = [o for o in p.ops if o.kind == "const"]
    if not ops:
        return None
    o = rng.choice(ops)
    old = o.attrs["value"]
    g = mp.Gen(rng)
    for _ in range(5):
        o.attrs["value"] = mp._const(g, o.elem).attrs["value"]
        if o.attrs["value"] != old:
            break
    else:
        o.attrs["value"] = old + 1
    return f"mutation: constant %{o.res} {old} -> {o.attrs['value']}"


def m_operand(p: Prog, rng) -> str | None:
    if not p.ops:
        return None
    i = rng.randrange(len(p.ops))
    o = p.ops[i]
    if not o.args:
        return None
    k = rng.randrange(len(o.args))
    elem = p.elem_of(o.args[k])
    avail = [n for n, e in p.args if e == elem] + [x.res for x in p.ops[:i] if x.elem == elem]
    if p.head and p.head["elem"] == elem:
        avail.append(p.head["res"])
    avail = [a for a in avail if a != o.args[k]]
    if not avail:
        return None
    o.args[k] = rng.choice(avail)
    return f"mutation: operand {k} of %{o.res} -> %{o.args[k]}"


def m_pred(p: Prog, rng) -> str | None:
    ops = [o for o in p.ops if o.kind in ("cmpi", "cmpf")]
    if not ops:
        return None
    o = rng.choice(ops)
    o.attrs["pred"] = rng.choice([x for x in (CMPI if o.kind == "cmpi" else CMPF) if x != o.attrs["pred"]])
    return f"mutation: predicate of %{o.res} -> {o.attrs['pred']}"


def m_flags(p: Prog, rng) -> str | None:
    ops = [o for o in p.ops if o.kind in mp.FLAGGED]
    if not ops:
        return None
    o = rng.choice(ops)
    old = tuple(o.attrs.get("flags", ()))
    new = rng.choice([f for f in [(), ("nsw",), ("nuw",), ("nsw", "nuw")] if f != old])
    o.attrs["flags"] = new
    return f"mutation: flags of %{o.res} {old} -> {new}"


def m_kind(p: Prog, rng) -> str | None:
    ops = [o for o in p.ops if o.kind in INT_BINARY + FLOAT_BINARY]
    if not ops:
        return None
    o = rng.choice(ops)
    group = INT_BINARY if o.kind in INT_BINARY else FLOAT_BINARY
    if o.elem == "i1":
        group = ("andi", "ori", "xori")
    old = o.kind
    o.kind = rng.choice([k for k in group if k != old])
    if o.kind not in mp.FLAGGED:
        o.attrs.pop("flags", None)
    return f"mutation: %{o.res} {old} -> {o.kind}"


def m_cast(p: Prog, rng) -> str | None:
    ops = [o for o in p.ops if o.kind in CASTS]
    if not ops:
        return None
    o = rng.choice(ops)
    old = o.kind
    o.kind = CASTS[old]
    return f"mutation: %{o.res} {old} -> {o.kind}"


def m_select(p: Prog, rng) -> str | None:
    ops = [o for o in p.ops if o.kind == "select"]
    if not ops:
        return None
    o = rng.choice(ops)
    o.args[1], o.args[2] = o.args[2], o.args[1]
    return f"mutation: swap the arms of select %{o.res}"


def m_swap(p: Prog, rng) -> str | None:
    ops = [o for o in p.ops if len(o.args) == 2 and o.kind not in COMMUTATIVE]
    if not ops:
        return None
    o = rng.choice(ops)
    o.args.reverse()
    return f"mutation: swap the operands of {o.kind} %{o.res}"


def m_tail(p: Prog, rng) -> str | None:
    tl = p.tail
    if not tl:
        return None
    k = tl["kind"]
    if k == "reduce":
        what = rng.choice(["dim", "comb", "init"])
        if what == "dim" and len(p.shape) > 1 and p.shape[0] == p.shape[1]:
            tl["dim"] = 1 - tl["dim"]
            return "mutation: reduction dimension"
        if what == "comb":
            opts = ["addi", "muli", "maxsi", "minui", "xori"] if is_int(p.elem_of(p.ret)) else ["addf", "maximumf", "minimumf", "mulf"]
            tl["comb"] = rng.choice([c for c in opts if c != tl["comb"]])
            return f"mutation: reduction combiner -> {tl['comb']}"
        tl["init"] = mp._const(mp.Gen(rng), p.elem_of(p.ret)).attrs["value"]
        return "mutation: reduction init"
    if k in ("extract", "insert", "cextract"):
        d = rng.randrange(len(p.shape))
        if p.shape[d] < 2:
            return None
        tl["index"][d] = (tl["index"][d] + 1) % p.shape[d]
        return f"mutation: {k} index"
    if k == "slice":
        d = rng.randrange(len(p.shape))
        room = mp.slice_room(p.shape[d], tl["sizes"][d], tl["strides"][d])
        if room == 0:
            if tl["strides"][d] == 2 and tl["sizes"][d] * 2 - 1 <= p.shape[d]:
                tl["strides"][d], tl["offsets"][d] = 1, 0
                return "mutation: slice stride 2 -> 1"
            return None
        tl["offsets"][d] = (tl["offsets"][d] + 1) % (room + 1)
        return "mutation: slice offset"
    if k == "expand":
        tl["out"] = tuple(reversed(tl["out"]))
        return None  # a different result type: not a pair irverify could compare
    return None


def collapse_extract(p: Prog, rng) -> str | None:
    """``extract t[i, j]`` -> ``extract (collapse t)[i * n + j]`` (or back)."""
    if not p.tail or p.tail["kind"] not in ("extract", "cextract") or len(p.shape) != 2:
        return None
    p.tail["kind"] = "cextract" if p.tail["kind"] == "extract" else "extract"
    return f"rewrite: tensor.extract through collapse_shape ({p.tail['kind']})"


# ----------------------------------------------------------------------------- shrinking


def dce(p: Prog) -> None:
    live = {p.ret}
    for o in reversed(p.ops):
        if o.res in live:
            live.update(o.args)
    p.ops = [o for o in p.ops if o.res in live]


def shrink_candidates(src: Prog, tgt: Prog):
    """Smaller (source, target) pairs: drop the tail of both, print both as ``arith``, or
    bypass an op that both programs define identically (its uses read one of its operands)."""
    if src.tail and tgt.tail and src.tail == tgt.tail:
        a, b = src.clone(), tgt.clone()
        a.tail = b.tail = None
        yield a, b
    if src.style == "generic" or tgt.style == "generic":
        a, b = src.clone(), tgt.clone()
        a.style = b.style = "arith"
        yield a, b
    tdefs = {o.res: o for o in tgt.ops}
    for o in reversed(src.ops):
        other = tdefs.get(o.res)
        if other is None or (other.kind, other.args, other.attrs) != (o.kind, o.args, o.attrs):
            continue
        same = [a for a in o.args if src.elem_of(a) == o.elem]
        for repl in same[:2]:
            a, b = src.clone(), tgt.clone()
            ok = True
            for q in (a, b):
                i = _index(q, o.res)
                _replace_uses(q, o.res, repl, i)
                q.ops = [x for x in q.ops if x.res != o.res]
                dce(q)
                ok = ok and bool(q.ops)
            if ok:
                yield a, b
