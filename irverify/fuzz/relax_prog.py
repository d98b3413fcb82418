"""Random Relax programs for the fuzzer (TVMScript text): the program model, the builder the op
generators of ``relax_ops`` use, and the printers.

A program is a function of tensor parameters (static extents, or a leading symbolic dim ``n``)
whose body is a list of bindings, one per generated node; it returns one or more of them. A
node is one registered Relax op (``node.op``, the registry's name) written as a TVMScript
expression, with its result type, the values it reads, and its alternatives: other
expressions of the same result type, each a known-good rewrite or a mutation, from which
``relax_arm`` makes targets. Nodes of ``R.call_tir`` carry their ``PrimFunc``
(``relax_tirgen``); a program may also carry private helper functions (``R.call``) and
``if`` nodes.

Execution variants (``print_func(..., variant=k)``): to tell where TVM leaves a result
unspecified without asking irverify, each program that can hold unspecified values runs in
``N_VARIANTS`` variants that give those values different sentinels: every ``call_tir`` output
starts filled with sentinel ``k`` (``R.call_tir_inplace`` on an ``R.full`` buffer: stale memory),
every intermediate TIR buffer too, and ``R.astype`` of an out-of-range float to an integer
type gives sentinel ``k`` (LLVM's ``fptosi`` is poison there). A result element that differs
between the variants of the source is unspecified.
"""

from __future__ import annotations

import copy
import math
import random
from dataclasses import dataclass, field

from irverify.fuzz import relax_tirgen as tg

FLOATS = ("float32", "float16", "float64")
INTS = ("int32", "int64", "int8")
N_VARIANTS = 3
INT_RANGE = {"int8": (-128, 127), "int16": (-32768, 32767), "int32": (-(1 << 31), (1 << 31) - 1),
             "int64": (-(1 << 63), (1 << 63) - 1)}


def sentinel(dtype: str, k: int):
    """The value stale memory holds in variant ``k``."""
    if dtype in FLOATS:
        return (-7.25, float("nan"), 60000.0 if dtype == "float16" else 3.0e38)[k]
    if dtype == "bool":
        return (True, False, True)[k]
    lo, hi = INT_RANGE[dtype]
    return (-7, lo, hi)[k]


def tir_sentinel(dtype: str, k: int) -> str:
    return tg.const(sentinel(dtype, k), dtype)


def rconst(v, dtype: str) -> str:
    """``R.const`` of a Python scalar."""
    return f'R.const({tg.literal(v, dtype)}, "{dtype}")'


def fill_lines(var: str, shape: str, dtype: str, k: int) -> list[str]:
    """Bind ``var`` to a new tensor of ``shape`` (text) filled with sentinel ``k``. (A NaN is
    made as ``0 / 0``: TVM 0.27 fails to build ``R.full`` of a NaN ``float16``/``float64``.)"""
    v = sentinel(dtype, k)
    if isinstance(v, float) and math.isnan(v):
        return [f'{var}_z = R.full({shape}, {rconst(0.0, dtype)}, "{dtype}")', f"{var} = R.divide({var}_z, {var}_z)"]
    return [f'{var} = R.full({shape}, {rconst(v, dtype)}, "{dtype}")']


def shape_text(shape) -> str:
    return "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def tensor_type(shape, dtype, param=False) -> str:
    dims = ", ".join(f'"{d}"' if param and isinstance(d, str) else str(d) for d in shape)
    return f'R.Tensor(({dims}{"," if len(shape) == 1 else ""}), "{dtype}")'


@dataclass
class Val:
    name: str
    shape: tuple
    dtype: str

    @property
    def static(self) -> bool:
        return all(isinstance(d, int) for d in self.shape)

    @property
    def size(self) -> int:
        n = 1
        for d in self.shape:
            n *= d if isinstance(d, int) else 3
        return n


@dataclass
class Alt:
    kind: str  # "rewrite" or "mutation"
    expr: str
    desc: str
    uses: tuple = ()  # registry ops the expression uses besides the node's own


@dataclass
class Node:
    res: str
    op: str
    expr: str
    shape: tuple | None  # None: not a tensor (a tuple, a shape, a prim value)
    dtype: str | None
    args: list[str]
    alts: list[Alt] = field(default_factory=list)
    uses: tuple = ()
    meta: dict = field(default_factory=dict)  # call_tir: prim, ins, outs; astype: f2i; if: branches


@dataclass
class Prog:
    params: list[Val]
    nodes: list[Node]
    outs: list[str]
    helpers: list = field(default_factory=list)  # [(name suffix, text template with {name})]
    legal: str | None = None  # the printed module of TVM's LegalizeOps (``relax_legal``)
    legal_unspec: bool = False  # ... mutated, so that it may leave outputs unwritten

    def clone(self) -> Prog:
        return copy.deepcopy(self)

    def ops(self) -> set[str]:
        """The registry ops and TIR constructs the program uses."""
        out = set()
        for n in self.nodes:
            out.add(n.op)
            out.update(n.uses)
            if n.op == "relax.call_tir":
                out.update(n.meta["prim"].uses)
        return out

    def value(self, name: str):
        for p in self.params:
            if p.name == name:
                return p
        for n in self.nodes:
            if n.res == name:
                return Val(n.res, n.shape, n.dtype)
        raise KeyError(name)

    def needs_variants(self) -> bool:
        if self.legal is not None:
            return self.legal_unspec
        return any(n.op == "relax.call_tir" or n.meta.get("f2i") for n in self.nodes)

    def symbolic(self) -> bool:
        return any(isinstance(d, str) for p in self.params for d in p.shape)


class Builder:
    """What an op generator sees: the values computed so far and a way to add a node."""

    def __init__(self, rng: random.Random, prog: Prog):
        self.rng, self.prog = rng, prog
        self.pool: list[Val] = list(prog.params)
        self.count = 0

    def fresh(self, prefix: str = "v") -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def pick(self, dtypes=None, static=False, rank=None, min_rank=0, max_size=64, pred=None) -> Val | None:
        """A value of the pool (later ones preferred); values over ``max_size`` elements (large
        constants) only where the caller allows them."""
        cands = [v for v in self.pool if (dtypes is None or v.dtype in dtypes) and (not static or v.static)
                 and (rank is None or len(v.shape) == rank) and len(v.shape) >= min_rank
                 and (max_size is None or v.size <= max_size) and (pred is None or pred(v))]
        if not cands:
            return None
        # later values are preferred: programs chain
        weights = [1 + k for k in range(len(cands))]
        return self.rng.choices(cands, weights)[0]

    def same(self, v: Val) -> Val | None:
        """Another value of ``v``'s type, if any (or ``v`` itself)."""
        cands = [w for w in self.pool if w.shape == v.shape and w.dtype == v.dtype and (w.size <= 64 or w is v)]
        return self.rng.choice(cands) if cands else None

    def emit(self, op: str, expr: str, shape, dtype, args, alts=(), uses=(), **meta) -> Val:
        node = Node(self.fresh(), op, expr, tuple(shape) if shape is not None else None, dtype, list(args),
                    [a for a in alts if a is not None and a.expr != expr], tuple(uses), dict(meta))
        self.prog.nodes.append(node)
        v = Val(node.res, node.shape, dtype)
        if shape is not None and dtype not in ("float8_e4m3fn", "bfloat16"):
            self.pool.append(v)
        return v

    def temp(self, op: str, expr: str, shape, dtype, args, uses=(), **meta) -> Val:
        """A node that later generators do not pick (a tuple, a shape, a condition)."""
        v = self.emit(op, expr, shape, dtype, args, (), uses, **meta)
        if v in self.pool:
            self.pool.remove(v)
        return v


# ----------------------------------------------------------------------------- printing


def call_tir_expr(node: Node, prim_name: str, variant: int | None = None, tmp: str = "") -> list[str]:
    """The lines binding ``node.res`` to the ``call_tir`` (in an execution variant: to
    ``call_tir_inplace`` on outputs pre-filled with the sentinel)."""
    m = node.meta
    outs = m["outs"]
    ty = ", ".join(tensor_type(s, d) for s, d in outs)
    ty = ty if len(outs) == 1 else f"[{ty}]"
    ins = list(m["ins"])
    if variant is None:
        args = ", ".join(ins) + ("," if len(ins) == 1 else "")
        return [f"{node.res} = R.call_tir(cls.{prim_name}, ({args}), out_ty={ty})"]
    lines = []
    for j, (s, d) in enumerate(outs):
        lines += fill_lines(f"{node.res}_p{j}", shape_text(s), d, variant)
        ins.append(f"{node.res}_p{j}")
    idx = list(range(len(m["ins"]), len(ins)))
    lines.append(f"{node.res} = R.call_tir_inplace(cls.{prim_name}, ({', '.join(ins)},), "
                 f"inplace_indices={idx if len(idx) > 1 else idx[0]}, out_ty={ty})")
    return lines


def _node_lines(node: Node, fname: str, k: int, variant: int | None, run: bool = False) -> list[str]:
    if node.op == "relax.call_tir":
        return call_tir_expr(node, f"{fname}_f{k}", variant)
    if node.op == "relax.if":
        c, then, other = node.meta["cond"], node.meta["then"], node.meta["else"]
        return [f"if {c}:", f"    {node.res} = {then}", "else:", f"    {node.res} = {other}"]
    expr = node.expr.replace("cls.HELPER", f"cls.{fname}_h")
    if run:  # relax.build takes R.builtin.stop_lift_params only after LiftTransformParams
        expr = strip_stop_lift(expr)
    if variant is not None and node.meta.get("f2i"):
        x, dt = node.args[0], node.dtype
        lo, hi = INT_RANGE[dt]
        src = node.meta["f2i"]
        # in range: lo - 1 < x < hi + 1 (written with bounds the source type holds exactly)
        lo_c, hi_c = (float(lo) - 1, float(hi) + 1) if dt == "int8" or dt == "int16" else (float(lo), float(hi) + 1)
        cmp_lo = "R.greater" if lo_c < lo else "R.greater_equal"
        return [f"{node.res}_ok = R.logical_and({cmp_lo}({x}, {rconst(lo_c, src)}), R.less({x}, {rconst(hi_c, src)}))",
                f"{node.res} = R.where({node.res}_ok, {expr}, {rconst(sentinel(dt, variant), dt)})"]
    return [f"{node.res} = {expr}"]


def strip_stop_lift(text: str) -> str:
    """``R.builtin.stop_lift_params(x)`` as ``x`` (an identity, for execution)."""
    import re

    return re.sub(r"R\.builtin\.stop_lift_params\((\w+)\)", r"\1", text)


def print_func(p: Prog, name: str, variant: int | None = None, run: bool = False) -> str:
    """The function ``name`` (with its PrimFuncs ``name_fK`` and helpers ``name_hK``); ``run``:
    for execution."""
    fname = name if variant is None else f"{name}__s{variant}"
    if p.legal is not None:
        from irverify.fuzz import relax_legal

        text = relax_legal.render(p, fname, variant)
        return strip_stop_lift(text) if run else text
    params = ", ".join(f"{v.name}: {tensor_type(v.shape, v.dtype, param=True)}" for v in p.params)
    body = ["cls = Module"]
    if p.symbolic():
        body.append("n = T.int64()")
    prims = []
    for k, node in enumerate(p.nodes):
        body += _node_lines(node, fname, k, variant, run)
        if node.op == "relax.call_tir":
            prefill = None if variant is None else (variant, tir_sentinel)
            prims.append(tg.render(node.meta["prim"], f"{fname}_f{k}", prefill))
    ret = p.outs[0] if len(p.outs) == 1 else "(" + ", ".join(p.outs) + ")"
    body.append(f"return {ret}")
    text = "".join(prims)
    for suffix, template in p.helpers:
        text += template.replace("{name}", f"{fname}_h{suffix}")
    text += f"    @R.function\n    def {fname}({params}):\n" + "".join(f"        {ln}\n" for ln in body)
    return text


def module_text(funcs: list[tuple], variants: bool = False) -> str:
    """One module holding every (program, name[, with variants]); with ``variants`` (a module
    to run), each program marked so also as its execution variants ``name__sK``."""
    parts = []
    for p, name, *flag in funcs:
        parts.append(print_func(p, name, run=variants))
        if variants and (flag[0] if flag else p.needs_variants()):
            parts += [print_func(p, name, k, run=True) for k in range(N_VARIANTS)]
    head = "".join(f"{v} = T.int64()\n" for v in tg.size_vars("".join(parts)))
    return head + "@I.ir_module\nclass Module:\n" + "\n".join(parts)


def pair_text(src: Prog, tgt: Prog, names=("src", "tgt")) -> str:
    return module_text([(src, names[0]), (tgt, names[1])])


def signature(p: Prog) -> list[tuple[str, tuple]]:
    return [(v.dtype, tuple(None if isinstance(d, str) else d for d in v.shape)) for v in p.params]
