"""The Relax arm of the fuzzer: programs built from one generator per registered Relax op
(``relax_ops``) and random TIR callees (``relax_tirgen``), targets made by the nodes'
known-good rewrites and mutations, operand and TIR mutations and TVM's own ``LegalizeOps``
(``relax_legal``), executed on TVM llvm.

Oracle: TVM's execution, with definedness judged by execution alone (never by irverify): a
program that can hold unspecified values (a ``call_tir`` output, an out-of-range float to
integer ``astype``) runs in ``relax_prog.N_VARIANTS`` variants that give them different
sentinels; a source element that differs between them is unspecified and not compared. A
target element that differs between variants where the source's does not is a witness (the
target is unspecified where the source is defined), and so is a difference of values there.
"""

from __future__ import annotations

import random
import re

import numpy as np

from irverify.fuzz import inputs as inp
from irverify.fuzz import relax_ops as ro
from irverify.fuzz import relax_prog as rp
from irverify.fuzz import relax_tirgen as tg

NAME = "relax"
SUFFIX = ".srctgt.py"
COMMENT = "#"
# irverify's check of one pair runs in a child limited to this much CPU time (a pair whose check
# takes longer, e.g. over a constant of a thousand elements, is counted unknown)
CHECK_CPU_S = 120

signature = rp.signature
pair_text = rp.pair_text

PARAM_SHAPES = [(4,), (3,), (2, 3), (3, 2), (2, 2), (2, 3, 2), (1, 4), (6,)]
PARAM_DTYPES = ("float32", "float32", "float32", "int32", "int64", "int8", "float16", "float64")


def all_generated() -> list[str]:
    """Every registry op and TIR construct a program can contain."""
    return sorted(ro.GENERATORS) + list(tg.CONSTRUCTS)


def generate(rng: random.Random) -> rp.Prog:
    """Parameters, then a focus op (uniform over the generators, so every op appears) among
    two to six other ops (and often a ``call_tir``); every value no later op reads is returned
    (the last four of them)."""
    sym = rng.random() < 0.15
    params = []
    for k in range(rng.randint(1, 3)):
        shape = rng.choice(PARAM_SHAPES)
        if sym and k == 0 or sym and rng.random() < 0.5:
            shape = ("n",) + shape[1:]
        params.append(rp.Val(f"a{k}", shape, rng.choice(PARAM_DTYPES)))
    if rng.random() < 0.5:
        params.append(rp.Val(f"a{len(params)}", rng.choice(PARAM_SHAPES), "float32"))
    prog = rp.Prog(params, [], [])
    b = rp.Builder(rng, prog)
    names = sorted(ro.GENERATORS)
    focus = rng.choice(names)
    plan = [rng.choice(names) for _ in range(rng.randint(2, 6))]
    plan.insert(rng.randrange(len(plan) + 1), focus)
    if rng.random() < 0.4:  # a TIR callee in four programs of ten
        plan.insert(rng.randrange(len(plan) + 1), "relax.call_tir")
    for op in plan:
        _emit(b, rng, op, retry=op == focus)
    if not prog.nodes:
        ro.GENERATORS["relax.add"](b, rng, "relax.add")
    prog.outs = _leaves(prog)[-4:]
    return prog


def _leaves(prog) -> list[str]:
    """The tensor values no later node reads (so that every node is live)."""
    out = []
    for i, n in enumerate(prog.nodes):
        if n.shape is None or n.dtype in ("bfloat16", "float8_e4m3fn"):
            continue
        later = " ".join(m.expr + " " + " ".join(str(m.meta.get(k, "")) for k in ("cond", "then", "else", "ins"))
                         for m in prog.nodes[i + 1:])
        if not re.search(rf"\b{n.res}\b", later):
            out.append(n.res)
    return out


def _emit(b, rng, op, retry=False):
    if ro.GENERATORS[op](b, rng, op) is not None or not retry:
        return
    # the pool had nothing this op takes: a fresh static parameter of a kind most ops take
    for shape, dt in (((2, 3), "float32"), ((4,), "int64"), ((3, 3), "int32"), ((2, 4), "float32")):
        b.prog.params.append(rp.Val(f"a{len(b.prog.params)}", shape, dt))
        b.pool.append(b.prog.params[-1])
        if ro.GENERATORS[op](b, rng, op) is not None:
            return


def retry_args(report: dict) -> tuple:
    """An ``unknown`` that names ``--fp=ieee`` as the way to decide is checked again with it."""
    text = report.get("message", "") + " ".join(f.get("message", "") for f in report.get("functions", []))
    return ("--fp", "ieee") if "--fp=ieee" in text else ()


def ops_of(prog) -> set[str]:
    return prog.ops()


# ----------------------------------------------------------------------------- targets


def transform(src, rng: random.Random):
    """A target: a node's alternative (rewrite or mutation), an operand, a TIR mutation, a
    ``call_tir`` result extent, or TVM's ``LegalizeOps`` (sometimes with a TIR mutation)."""
    choices = [(alternative, 5), (operand, 1), (tir_mutation, 3), (out_ty_grown, 1), (out_ty_changed, 1),
               (legalize, 2)]
    fns = [f for f, w in choices for _ in range(w)]
    for _ in range(12):
        f = rng.choice(fns)
        tgt = src.clone()
        desc = f(tgt, rng)
        if desc:
            return tgt, desc
    return src.clone(), "identity (no transformation applied)"


def alternative(p, rng):
    nodes = [n for n in p.nodes if n.alts]
    if not nodes:
        return None
    n = rng.choice(nodes)
    a = rng.choice(n.alts)
    if a.expr == "SWAP":
        n.meta["then"], n.meta["else"] = n.meta["else"], n.meta["then"]
    else:
        n.expr = a.expr
        n.meta.pop("f2i", None) if "astype" not in a.expr else None
    n.uses = tuple(n.uses) + tuple(a.uses)
    n.alts = []
    return f"{a.kind}: {a.desc} at {n.res} ({n.op})"


def operand(p, rng):
    cands = []
    for i, n in enumerate(p.nodes):
        if n.op in ("relax.call_tir", "relax.if") or not n.shape:
            continue
        for a in n.args:
            try:
                va = p.value(a)
            except KeyError:
                continue
            if va.shape is None:
                continue
            others = [v for v in p.params + [rp.Val(m.res, m.shape, m.dtype) for m in p.nodes[:i]]
                      if v.shape == va.shape and v.dtype == va.dtype and v.name != a]
            if others and re.search(rf"\b{a}\b", n.expr):
                cands.append((n, a, others))
    if not cands:
        return None
    n, a, others = rng.choice(cands)
    new = rng.choice(others).name
    n.expr = re.sub(rf"\b{a}\b", new, n.expr)
    n.args = [new if x == a else x for x in n.args]
    return f"mutation: operand {a} -> {new} at {n.res} ({n.op})"


def tir_mutation(p, rng):
    calls = [n for n in p.nodes if n.op == "relax.call_tir"]
    if not calls:
        return None
    n = rng.choice(calls)
    prim = n.meta["prim"]
    fns = [m for _, m in tg.MUTATIONS]
    rng.shuffle(fns)
    if rng.random() < 0.5:  # half the time, first those that leave output elements unwritten
        fns = [tg.m_drop_fill, tg.m_reduce_const, tg.m_loop_bound] + fns
    for m in fns:
        desc = m(prim, rng)
        if desc:
            return (desc if desc.startswith("rewrite") else "mutation: " + desc) + f" at {n.res}"
    return None


def out_ty_grown(p, rng):
    """The call's output buffer and ``out_ty`` grown on the last dim, the result sliced back."""
    calls = [n for n in p.nodes if n.op == "relax.call_tir" and len(n.meta["outs"]) == 1
             and n.shape and isinstance(n.shape[-1], int) and not n.meta["prim"].ret]
    if not calls:
        return None
    n = rng.choice(calls)
    prim = n.meta["prim"]
    (shape, dt), = n.meta["outs"]
    extra = rng.randint(1, 4)
    grown = tuple(shape[:-1]) + (shape[-1] + extra,)
    k = len(prim.params) - 1
    prim.params[k] = ("buf", prim.params[k][1], grown, dt)
    n.meta["outs"] = [(grown, dt)]
    i = p.nodes.index(n)
    old = n.res
    n.res = old + "_g"
    axis = len(shape) - 1
    p.nodes.insert(i + 1, rp.Node(old, "relax.strided_slice",
                                  f"R.strided_slice({n.res}, axes=[{axis}], begin=[0], end=[{shape[-1]}])",
                                  shape, dt, [n.res]))
    return f"rewrite: call_tir out_ty {list(shape)} -> {list(grown)}, sliced back at {old}"


def out_ty_changed(p, rng):
    """A call whose PrimFunc's output extent is symbolic gets a longer ``out_ty``, the result
    sliced back: the PrimFunc computes another function (its values depend on the extent)."""
    calls = [n for n in p.nodes if n.op == "relax.call_tir" and n.meta["prim"].ret]
    if not calls:
        return None
    n = rng.choice(calls)
    (shape, dt), = n.meta["outs"]
    grown = (shape[0] + rng.randint(1, 4),)
    n.meta["outs"] = [(grown, dt)]
    i = p.nodes.index(n)
    old = n.res
    n.res = old + "_g"
    p.nodes.insert(i + 1, rp.Node(old, "relax.strided_slice", f"R.strided_slice({n.res}, axes=[0], begin=[0], end=[{shape[0]}])",
                                  shape, dt, [n.res]))
    return f"mutation: call_tir out_ty {list(shape)} -> {list(grown)} (a symbolic output extent), sliced back at {old}"


def legalize(p, rng):
    from irverify.fuzz import relax_legal

    return relax_legal.legalize(p, rng)


# ----------------------------------------------------------------------------- execution


def batch_text(pairs) -> str:
    """One module holding every (source, target, (name, name)) pair, with the execution
    variants of the pairs that need them."""
    funcs = []
    for s, t, (a, b) in pairs:
        var = s.needs_variants() or t.needs_variants()
        funcs += [(s, a, var), (t, b, var)]
    return rp.module_text(funcs, variants=True)


class Outputs(list):
    """The results of one call (variant 0), with every variant's results in ``variants``."""

    variants: list


def run(module_text: str, calls: list):
    from irverify.execute.tvm import run_functions

    expanded, plan = [], []
    for name, args in calls:
        names = [f"{name}__s{k}" for k in range(rp.N_VARIANTS)] if f"def {name}__s0(" in module_text else [name]
        plan.append((len(expanded), len(names)))
        expanded += [(nm, args) for nm in names]
    res = run_functions(module_text, expanded, timeout_s=300.0)
    out = []
    for start, count in plan:
        got = res[start:start + count]
        bad = next((r for r in got if isinstance(r, Exception)), None)
        if bad is not None:
            out.append(bad)
            continue
        o = Outputs(got[0])
        o.variants = got
        out.append(o)
    return out


def _f64(a) -> np.ndarray:
    a = np.asarray(a)
    if a.dtype.kind != "f" and a.dtype.name != "bfloat16":
        return a
    with np.errstate(invalid="ignore"):  # widening a signalling NaN raises the invalid flag; still a NaN
        return a.astype(np.float64)


def _same(a, b) -> np.ndarray:
    return inp.same(_f64(a), _f64(b))


def defined_mask(out) -> list[np.ndarray]:
    """Per result, the elements equal in every variant."""
    vs = getattr(out, "variants", [out])
    masks = []
    for k, first in enumerate(vs[0]):
        m = np.ones(np.shape(first), dtype=bool)
        for v in vs[1:]:
            if np.shape(v[k]) != np.shape(first):
                return [np.zeros(np.shape(x), dtype=bool) for x in vs[0]]
            m &= _same(first, v[k])
        masks.append(m)
    return masks


def witness(case, src_out, tgt_out, args) -> str:
    """A defined source element the target does not match, or ''."""
    if isinstance(src_out, Exception):
        return ""
    if isinstance(tgt_out, Exception):
        return f"the target fails to run where the source runs: {tgt_out}"
    if len(src_out) != len(tgt_out):
        return f"{len(src_out)} source results, {len(tgt_out)} target results"
    sdef, tdef = defined_mask(src_out), defined_mask(tgt_out)
    for k, (s, g) in enumerate(zip(src_out, tgt_out)):
        s, g = np.asarray(s), np.asarray(g)
        if s.shape != g.shape or s.dtype != g.dtype:
            return f"result #{k}: source {s.dtype}{list(s.shape)}, target {g.dtype}{list(g.shape)}"
        unspec = sdef[k] & ~tdef[k]
        if np.any(unspec):
            at = tuple(int(x) for x in np.argwhere(unspec)[0]) if s.ndim else ()
            vals = [np.asarray(v[k])[at] for v in getattr(tgt_out, "variants", [tgt_out])]
            return (f"result #{k}{list(at)}: the target is unspecified where the source is defined (source {s[at]!r}, "
                    f"target {vals!r} in the execution variants)")
        bad = sdef[k] & ~_same(s, g)
        if np.any(bad):
            at = tuple(int(x) for x in np.argwhere(bad)[0]) if s.ndim else ()
            return f"result #{k}{list(at)}: source {s[at]!r}, target {g[at]!r}"
    return ""


# ----------------------------------------------------------------------------- shrinking


def shrink_candidates(src, tgt):
    """Drop an output, then a node the target shares unchanged with the source (its uses
    replaced by a same-typed earlier value)."""
    if len(src.outs) > 1:
        for k in range(len(src.outs)):
            a, b = src.clone(), tgt.clone()
            a.outs, b.outs = [src.outs[k]], [tgt.outs[k]]
            yield _dce(a), _dce(b)
    if getattr(tgt, "legal", None):
        return
    tdefs = {n.res: n for n in tgt.nodes}
    for i, n in enumerate(src.nodes):
        o = tdefs.get(n.res)
        if o is None or (o.expr, o.meta.get("then")) != (n.expr, n.meta.get("then")) or n.op == "relax.call_tir":
            continue
        repl = next((v for v in src.params + [rp.Val(m.res, m.shape, m.dtype) for m in src.nodes[:i]]
                     if v.shape == n.shape and v.dtype == n.dtype), None)
        if repl is None:
            continue
        a, b = src.clone(), tgt.clone()
        for q in (a, b):
            _replace(q, n.res, repl.name)
        yield _dce(a), _dce(b)


def _replace(p, old, new):
    p.nodes = [m for m in p.nodes if m.res != old]
    for m in p.nodes:
        m.expr = re.sub(rf"\b{old}\b", new, m.expr)
        m.args = [new if x == old else x for x in m.args]
        for key in ("cond", "then", "else"):
            if key in m.meta:
                m.meta[key] = re.sub(rf"\b{old}\b", new, m.meta[key])
        if "ins" in m.meta:
            m.meta["ins"] = [new if x == old else x for x in m.meta["ins"]]
    p.outs = [new if x == old else x for x in p.outs]


def _dce(p):
    live = set(p.outs)
    keep = []
    for m in reversed(p.nodes):
        text = m.expr + " ".join(str(m.meta.get(k, "")) for k in ("cond", "then", "else", "ins"))
        if m.res in live:
            keep.append(m)
            live |= set(re.findall(r"\b\w+\b", text))
    p.nodes = list(reversed(keep))
    p.helpers = [h for h in p.helpers if any(f"HELPER{h[0]}" in m.expr for m in p.nodes)]
    return p


def cex_args(prog, cex: dict):
    out = []
    ts = cex.get("tensors", {})
    for i, (v, (elem, shape)) in enumerate(zip(prog.params, signature(prog))):
        x = ts.get(v.name, ts.get("%" + v.name, ts.get(f"%arg{i}")))
        if x is None:
            return None
        arr = np.asarray(_floats(x), dtype=inp.NP[elem])
        if any(d is not None and d != s for d, s in zip(shape, arr.shape)) or arr.ndim != len(shape):
            return None
        out.append(arr)
    dyn = {arr.shape[k] for arr, (_, shape) in zip(out, signature(prog)) for k, d in enumerate(shape) if d is None}
    return out if len(dyn) <= 1 else None


def _floats(v):
    if isinstance(v, list):
        return [_floats(x) for x in v]
    return float(v) if isinstance(v, str) else v
