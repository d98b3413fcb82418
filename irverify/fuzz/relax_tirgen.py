"""Random TIR ``PrimFunc`` callees of ``R.call_tir`` for the Relax arm (TVMScript text, apache-tvm
0.27: ``T.sblock``, ``T.axis``, ``T.init``, ``T.where``, ``T.let``).

A ``PrimFunc`` is a list of loop nests, each ending in one block. Every construct irverify's
TIR subset accepts (``irverify.frontends.relax.tir_translate``) is drawn: serial, parallel,
vectorized and unrolled loops, spatial and reduction iter vars (bound to a loop or to a
constant), ``T.reads``/``T.writes``, ``T.init()``, ``T.let`` bindings, several stores in one
block, intermediate buffers (``T.sblock_alloc_buffer``), scalar parameters, symbolic buffer
extents, loads at computed indices, ``T.Select``, ``T.if_then_else``, ``T.likely``, casts, the
math intrinsics and integer division; and constructs outside the subset (the call then stays
opaque): a block predicate ``T.where``, an ``if`` statement in a block, a loop that does not
start at 0, an iter var bound to an expression. Output buffers are often written only in part
(a loop shorter than the buffer, a guarded store): the rest is stale memory in TVM.

``constructs(f)`` names the constructs a function uses (``tir.<name>``), for the run's counts.
``MUTATIONS`` change one construct of a copy (a loop bound, an init, a reduce var bound to a
constant, an operator, a constant, a load index, a loop kind, ``T.let`` inlined, ...).
"""

from __future__ import annotations

import copy
import math
import random
import re
from dataclasses import dataclass, field

FLOATS = ("float32", "float16", "float64")
INTS = ("int32", "int64", "int8")
FLOAT_CALLS = ("exp", "log", "sqrt", "rsqrt", "tanh", "sigmoid", "sin", "cos", "erf", "floor", "ceil", "trunc",
               "fabs", "round", "nearbyint")
LOOP_KINDS = ("serial", "parallel", "vectorized", "unroll")
# every construct a generated function may use (the fuzzer's registry of TIR constructs)
CONSTRUCTS = (
    "tir.loop.serial", "tir.loop.parallel", "tir.loop.vectorized", "tir.loop.unroll", "tir.loop.offset",
    "tir.block.spatial", "tir.block.reduce", "tir.block.const_bind", "tir.block.expr_bind", "tir.reads_writes",
    "tir.init", "tir.reduce.no_init", "tir.where", "tir.if_stmt", "tir.let", "tir.multi_store", "tir.alloc_buffer",
    "tir.scalar_param", "tir.symbolic_extent", "tir.partial_write", "tir.load_index_expr", "tir.select",
    "tir.if_then_else", "tir.likely", "tir.cast", "tir.call", "tir.pow", "tir.int_div", "tir.minmax",
    "tir.compare", "tir.logic", "tir.fill", "tir.symbolic_output")


@dataclass
class Loop:
    var: str
    extent: object  # int or a size-variable name
    kind: str = "serial"
    start: int = 0


@dataclass
class Iter:
    var: str
    kind: str  # "S" spatial, "R" reduce
    extent: object
    bind: object  # a loop var name, an int constant, or an expression string


@dataclass
class Block:
    name: str
    loops: list[Loop]
    iters: list[Iter]
    stores: list[tuple[str, list[str], str]]  # (buffer, index expressions, value)
    init: list[tuple[str, list[str], str]] | None = None
    lets: list[tuple[str, str, str]] = field(default_factory=list)  # (var, dtype, value)
    where: str | None = None
    guard: str | None = None  # an ``if`` statement around the stores
    annotate: bool = False
    reads: list[str] = field(default_factory=list)


@dataclass
class PrimFunc:
    params: list[tuple]  # ("buf", name, shape, dtype) / ("scalar", name, dtype), call order
    n_in: int
    allocs: list[tuple[str, tuple, str]]
    blocks: list[Block]
    uses: set = field(default_factory=set)
    ret: list | None = None  # the call's output types, when an output extent is symbolic ("m")

    def outputs(self) -> list[tuple]:
        return self.params[self.n_in:]

    def clone(self) -> PrimFunc:
        return copy.deepcopy(self)


def at(buf: str, ix) -> str:
    """``buf[ix]`` (``buf[()]`` for a 0-d buffer)."""
    return f"{buf}[{', '.join(ix) if ix else '()'}]"


def _ext(d) -> str:
    return f"T.int64({d})" if isinstance(d, int) else str(d)


def _shape(shape) -> str:
    return "(" + ", ".join(_ext(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def literal(v, dtype: str) -> str:
    """A scalar as a TVMScript literal (NaN and infinities as ``float("nan")``, ``float("inf")``)."""
    if dtype in FLOATS or dtype == "bfloat16":
        if math.isnan(v):
            return 'float("nan")'
        if math.isinf(v):
            return f'float("{"-" if v < 0 else ""}inf")'
        return repr(float(v))
    return str(bool(v)) if dtype == "bool" else str(int(v))


def const(v, dtype: str) -> str:
    return f"T.{dtype}({literal(v, dtype)})"


def render(f: PrimFunc, name: str, prefill: tuple | None = None) -> str:
    """The function as TVMScript; ``prefill`` ``(k, sentinel_fn)``: first fill every intermediate
    buffer with sentinel ``k`` (an execution variant: what stale memory holds). A symbolic
    extent ``n`` is the module-level size variable ``{name}_sz`` (``size_vars``): TVM requires
    each PrimFunc to define its own."""
    ps = []
    for p in f.params:
        ps.append(f'{p[1]}: T.Buffer({_shape(p[2])}, "{p[3]}")' if p[0] == "buf" else f"{p[1]}: T.{p[2]}")
    lines = ["    @T.prim_func(private=True, s_tir=True)", f"    def {name}({', '.join(ps)}):",
             '        T.func_attr({"tirx.noalias": True})']
    for a, shape, dt in f.allocs:
        lines.append(f'        {a} = T.sblock_alloc_buffer({_shape(shape)}, "{dt}")')
    blocks = list(f.blocks)
    if prefill is not None:
        k, sentinel = prefill
        for a, shape, dt in f.allocs:
            vs = [f"f{a}{j}" for j in range(len(shape))]
            blocks.insert(0, Block(f"fill_{a}", [Loop(v, d) for v, d in zip(vs, shape)],
                                   [Iter("w" + v, "S", d, v) for v, d in zip(vs, shape)],
                                   [(a, ["w" + v for v in vs], sentinel(dt, k))]))
    for b in blocks:
        lines += _block_lines(b)
    text = re.sub(r"\bn\b", f"{name}_sz", "\n".join(lines))
    return re.sub(r"\bm\b", f"{name}_m_sz", text) + "\n"


def size_vars(text: str) -> list[str]:
    """The module-level size variables the rendered PrimFuncs of ``text`` use."""
    return sorted(set(re.findall(r"\b(\w+_sz)\b", text)))


def _block_lines(b: Block) -> list[str]:
    out, ind = [], "        "
    for lp in b.loops:
        rng = f"{_ext(lp.start)}, {_ext(lp.extent)}" if lp.start else _ext(lp.extent)
        if lp.start and isinstance(lp.extent, int):
            rng = f"{_ext(lp.start)}, {_ext(lp.extent + lp.start)}"
        out.append(f"{ind}for {lp.var} in T.{lp.kind}({rng}):")
        ind += "    "
    out.append(f'{ind}with T.sblock("{b.name}"):')
    ind += "    "
    for it in b.iters:
        kind = "spatial" if it.kind == "S" else "reduce"
        bind = _ext(it.bind) if isinstance(it.bind, int) else it.bind
        out.append(f"{ind}{it.var} = T.axis.{kind}({_ext(it.extent)}, {bind})")
    if b.where:
        out.append(f"{ind}T.where({b.where})")
    if b.annotate:
        out.append(f"{ind}T.reads({', '.join(b.reads)})")
        writes = ", ".join(at(buf, ix) for buf, ix, _ in b.stores)
        out.append(f"{ind}T.writes({writes})")
    if b.init:
        out.append(f"{ind}with T.init():")
        out += [f"{ind}    {at(buf, ix)} = {v}" for buf, ix, v in b.init]
    for var, dt, v in b.lets:
        out.append(f"{ind}{var}: T.let[T.{dt}] = {v}")
    if b.guard:
        out.append(f"{ind}if {b.guard}:")
        ind += "    "
    out += [f"{ind}{at(buf, ix)} = {v}" for buf, ix, v in b.stores]
    return out


# ----------------------------------------------------------------------------- expressions


class _Expr:
    """Random TIR value expressions over loads of the block's inputs."""

    def __init__(self, rng: random.Random, uses: set, ivars: list[str]):
        self.rng, self.uses, self.ivars = rng, uses, ivars

    def value(self, dtype: str, loads: list[tuple[str, str]], depth: int = 2) -> str:
        rng = self.rng
        same = [x for x, d in loads if d == dtype]
        # a float cast to an integer type is poison out of range (LLVM fptosi): never drawn
        castable = [(x, d) for x, d in loads if d != dtype and not (d in FLOATS and dtype not in FLOATS)]
        if depth <= 0 or rng.random() < 0.25:
            if same and rng.random() < 0.8:
                return rng.choice(same)
            if castable and rng.random() < 0.5:
                self.uses.add("tir.cast")
                return f'T.Cast("{dtype}", {rng.choice(castable)[0]})'
            return self.constant(dtype)
        r = rng.random()
        a = lambda: self.value(dtype, loads, depth - 1)
        fl = dtype in FLOATS
        div = rng.choice(("T.floordiv", "T.floormod", "T.truncdiv", "T.truncmod"))
        forms = [  # (up to this draw, the construct, the expression)
            (0.35, None, lambda: self.arith(dtype, loads, depth)),
            (0.5, "tir.call" if fl else "tir.int_div",
             lambda: f"T.{rng.choice(FLOAT_CALLS)}({a()})" if fl else f"{div}({a()}, {const(rng.choice((2, 3, -3, 5)), dtype)})"),
            (0.55 if fl else 0.5, "tir.pow", lambda: f"T.pow({a()}, {a()})"),
            (0.65, "tir.minmax", lambda: f"T.{rng.choice(('max', 'min'))}({a()}, {a()})"),
            (0.8, "tir.select", lambda: f"T.Select({self.cond(dtype, loads, depth - 1)}, {a()}, {a()})"),
            (0.9, "tir.if_then_else", lambda: f"T.if_then_else({self.cond(dtype, loads, depth - 1)}, {a()}, {a()})"),
        ]
        for limit, construct, make in forms:
            if r < limit:
                if construct:
                    self.uses.add(construct)
                return make()
        if castable:
            self.uses.add("tir.cast")
            return f'T.Cast("{dtype}", {rng.choice(castable)[0]})'
        return a()

    def arith(self, dtype: str, loads, depth: int) -> str:
        """``a op b``; a float divisor is never a bare constant (TVMScript folds a constant
        division by zero into a parse error)."""
        rng = self.rng
        op = rng.choice("+-*/" if dtype in FLOATS else "+-*")
        a, b = self.value(dtype, loads, depth - 1), self.value(dtype, loads, depth - 1)
        same = [x for x, d in loads if d == dtype]
        if op == "/" and b.startswith("T.") and b.split("(")[0] in (f"T.{dtype}",):
            b = rng.choice(same) if same else b
            op = "/" if same else "*"
        return f"({a} {op} {b})"

    def cond(self, dtype: str, loads, depth: int) -> str:
        rng = self.rng
        self.uses.add("tir.compare")
        op = rng.choice(("<", "<=", ">", ">=", "==", "!="))
        if self.ivars and rng.random() < 0.3:
            c = f"{rng.choice(self.ivars)} {op} T.int64({rng.randint(0, 2)})"
        else:
            c = f"{self.value(dtype, loads, depth)} {op} {self.value(dtype, loads, depth)}"
        r = rng.random()
        if r < 0.15:
            self.uses.add("tir.likely")
            return f"T.likely({c})"
        if r < 0.3:
            self.uses.add("tir.logic")
            return f"T.Not({c})" if rng.random() < 0.5 else f"T.And({c}, {self.cond(dtype, loads, 0)})"
        return c

    def constant(self, dtype: str) -> str:
        rng = self.rng
        if dtype in FLOATS:
            big = 6.0e4 if dtype == "float16" else 1e30  # (TVMScript rejects a float16 literal over 65504)
            return const(rng.choice((0.0, -0.0, 1.0, -1.0, 2.0, 0.5, -1.5, 3.0, big, float("inf"), float("nan"))), dtype)
        lo = {"int8": -128, "int32": -(1 << 31), "int64": -(1 << 63)}[dtype]
        return const(rng.choice((0, 1, -1, 2, 7, lo, -lo - 1)), dtype)


# ----------------------------------------------------------------------------- functions


def generate(rng: random.Random, inputs: list[tuple[tuple, str]], scalar: bool = False):
    """A PrimFunc over tensors ``inputs`` ((shape, dtype), the first one decides the iteration
    space) and, with ``scalar``, one ``int64`` scalar parameter after them; its output types."""
    kinds = ["map", "map", "reduce", "reduce", "transform", "two_stage", "multi", "opaque", "opaque", "padded",
             "padded"]
    shape0 = inputs[0][0]
    if len(shape0) == 1 and isinstance(shape0[0], int):
        kinds.append("sym_out")
    if len(shape0) == 0:
        kinds = ["map", "opaque"]
    kind = rng.choice(kinds)
    if scalar:
        kind = "map"
    return _KINDS[kind](rng, inputs, scalar)


def _params(inputs, scalar):
    ps = [("buf", f"x{k}", shape, dt) for k, (shape, dt) in enumerate(inputs)]
    if scalar:
        ps.append(("scalar", "s0", "int64"))
    return ps


def _nest(rng, shape, uses, prefix="i", bump=None):
    """Loops over ``shape`` and their spatial iter vars (a loop may be one shorter than its dim:
    ``bump``)."""
    loops, iters = [], []
    for k, d in enumerate(shape):
        kind = rng.choice(LOOP_KINDS) if isinstance(d, int) else rng.choice(("serial", "parallel"))
        uses.add(f"tir.loop.{kind}")
        ext = d
        loops.append(Loop(f"{prefix}{k}", ext, kind))
        iters.append(Iter(f"v_{prefix}{k}", "S", ext, f"{prefix}{k}"))
    return loops, iters


def _map(rng, inputs, scalar):
    shape, dt = inputs[0]
    uses = {"tir.block.spatial"}
    params = _params(inputs, scalar)
    loops, iters = _nest(rng, shape, uses)
    ivars = [it.var for it in iters]
    idx = list(ivars)
    loads = [(at(f"x{k}", idx), d) for k, (s, d) in enumerate(inputs) if tuple(s) == tuple(shape)]
    if scalar:
        uses.add("tir.scalar_param")
        loads.append((f'T.Cast("{dt}", s0)' if dt != "int64" else "s0", dt))
    ex = _Expr(rng, uses, ivars)
    out_dt = dt if rng.random() < 0.8 else rng.choice([d for d in FLOATS[:1] + INTS[:1] if d != dt] or [dt])
    out_shape = list(shape)
    if shape and isinstance(shape[-1], int) and rng.random() < 0.35:  # the tail stays unwritten
        uses.add("tir.partial_write")
        out_shape[-1] = shape[-1] + rng.randint(1, 3)
    blk = Block("map", loops, iters, [("y0", idx, ex.value(out_dt, loads))])
    _decorate(rng, blk, loads, uses, ex, out_dt)
    fixed = [k for k, d in enumerate(shape) if isinstance(d, int) and d > 1]
    if len(shape) >= 2 and fixed and rng.random() < 0.15:  # one slice written: an iter var bound to a constant
        k = rng.choice(fixed)
        blk.loops = [lp for lp in blk.loops if lp.var != iters[k].bind]
        iters[k].bind = rng.randrange(shape[k])
        uses |= {"tir.block.const_bind", "tir.partial_write"}
    params.append(("buf", "y0", tuple(out_shape), out_dt))
    return PrimFunc(params, len(params) - 1, [], [blk], uses)


def _decorate(rng, blk: Block, loads, uses, ex: _Expr, dt):
    if rng.random() < 0.4:
        blk.annotate = True
        blk.reads = sorted({x for x, _ in loads if "[" in x})
        uses.add("tir.reads_writes")
    if rng.random() < 0.3:
        uses.add("tir.let")
        buf, ix, v = blk.stores[0]
        blk.lets.append(("t0", dt, v))
        blk.stores[0] = (buf, ix, "(t0 + t0)" if rng.random() < 0.5 else "t0")


def _reduce(rng, inputs, scalar):
    shape, dt = inputs[0]
    uses = {"tir.block.spatial", "tir.block.reduce"}
    params = _params(inputs, False)
    axis = rng.randrange(len(shape))
    loops, iters = _nest(rng, shape, uses)
    for k in range(len(shape)):
        if k == axis:
            iters[k].kind, iters[k].var = "R", f"v_k{k}"
            if loops[k].kind in ("parallel", "vectorized"):
                loops[k].kind = "serial"
    spatial = [it.var for it in iters if it.kind == "S"]
    src_ix = [it.var for it in iters]
    load = at("x0", src_ix)
    out_ix = spatial if spatial else ["T.int64(0)"]
    out_shape = tuple(d for k, d in enumerate(shape) if k != axis) or (1,)
    acc = at("y0", out_ix)
    comb = rng.choice(("+", "max", "min", "*", "other"))
    ex = _Expr(rng, uses, spatial)
    elem = load if rng.random() < 0.6 else ex.value(dt, [(load, dt)], 1)
    value = {"+": f"{acc} + {elem}", "max": f"T.max({acc}, {elem})", "min": f"T.min({acc}, {elem})",
             "*": f"{acc} * {elem}"}.get(comb, f"{acc} * {const(2, dt)} - {elem}")
    init_v = {"+": 0, "*": 1, "max": -3.0e38 if dt in FLOATS else -100, "min": 3.0e38 if dt in FLOATS else 100}.get(comb, 0)
    if dt == "float16" and comb in ("max", "min"):
        init_v = 60000.0 if comb == "min" else -60000.0
    if dt == "int8" and comb in ("max", "min"):
        init_v = 100 if comb == "min" else -100
    blk = Block("red", loops, iters, [("y0", out_ix, value)])
    if rng.random() < 0.85:
        uses.add("tir.init")
        blk.init = [("y0", out_ix, const(init_v, dt))]
    else:
        uses.add("tir.reduce.no_init")
    if rng.random() < 0.3:
        blk.annotate = True
        blk.reads = [load]
        uses.add("tir.reads_writes")
    params.append(("buf", "y0", out_shape, dt))
    f = PrimFunc(params, len(inputs), [], [blk], uses)
    if rng.random() < 0.1 and m_reduce_const(f, rng):  # T.init() never runs in TVM's lowering
        uses.add("tir.block.const_bind")
    return f


def _transform(rng, inputs, scalar):
    shape, dt = inputs[0]
    uses = {"tir.block.spatial", "tir.load_index_expr"}
    params = _params(inputs, False)
    rank = len(shape)
    if rank >= 2 and all(isinstance(d, int) for d in shape) and rng.random() < 0.5:
        perm = list(range(rank))
        rng.shuffle(perm)
        out_shape = tuple(shape[p] for p in perm)
        loops, iters = _nest(rng, out_shape, uses)
        src = ["?"] * rank
        for k, p in enumerate(perm):
            src[p] = iters[k].var
    else:
        out_shape = tuple(shape)
        loops, iters = _nest(rng, out_shape, uses)
        src = [it.var for it in iters]
        k = rng.randrange(rank)
        d = shape[k]
        v = iters[k].var
        src[k] = rng.choice((f"{_ext(d)} - T.int64(1) - {v}", f"({v} + T.int64(1)) % {_ext(d)}",
                             f"{v} // T.int64(2)"))
    blk = Block("move", loops, iters, [("y0", [it.var for it in iters], at("x0", src))])
    if rng.random() < 0.3:
        blk.annotate, blk.reads = True, [at("x0", src)]
        uses.add("tir.reads_writes")
    params.append(("buf", "y0", out_shape, dt))
    return PrimFunc(params, len(inputs), [], [blk], uses)


def _two_stage(rng, inputs, scalar):
    shape = inputs[0][0]
    f = _map(rng, inputs, False)
    uses = f.uses | {"tir.alloc_buffer"}
    first = f.blocks[0]
    first.stores = [("t_a", ix, v) for _, ix, v in first.stores]
    first.name = "stage0"
    f.allocs.append(("t_a", tuple(shape), f.params[-1][3]))
    out_dt = f.params[-1][3]
    f.params[-1] = ("buf", "y0", tuple(shape), out_dt)
    loops, iters = _nest(rng, shape, uses, prefix="j")
    ix = [it.var for it in iters]
    ex = _Expr(rng, uses, ix)
    loads = [(at("t_a", ix), out_dt)]
    if rng.random() < 0.3 and shape and isinstance(shape[-1], int) and shape[-1] > 1:
        # the first stage writes part of the intermediate buffer; the second reads all of it
        first.loops[-1].extent = shape[-1] - 1
        first.iters[-1].extent = shape[-1] - 1
        uses.add("tir.partial_write")
    f.blocks.append(Block("stage1", loops, iters, [("y0", ix, ex.value(out_dt, loads, 1))]))
    f.uses = uses
    return f


def _multi(rng, inputs, scalar):
    shape, dt = inputs[0]
    uses = {"tir.block.spatial", "tir.let", "tir.multi_store"}
    params = _params(inputs, False)
    loops, iters = _nest(rng, shape, uses)
    ix = [it.var for it in iters]
    ex = _Expr(rng, uses, ix)
    loads = [(at(f"x{k}", ix), d) for k, (s, d) in enumerate(inputs) if tuple(s) == tuple(shape)]
    blk = Block("two", loops, iters, [("y0", ix, "t0"), ("y1", ix, "t1")],
                lets=[("t0", dt, ex.value(dt, loads)), ("t1", dt, ex.value(dt, loads))])
    params += [("buf", "y0", tuple(shape), dt), ("buf", "y1", tuple(shape), dt)]
    return PrimFunc(params, len(inputs), [], [blk], uses)


def _opaque(rng, inputs, scalar):
    """A map with a construct outside the translatable subset."""
    f = _map(rng, inputs, False)
    blk = f.blocks[0]
    choice = rng.choice(("where", "if", "offset", "expr_bind") if blk.loops else ("if",))
    ivars = [it.var for it in blk.iters]
    if choice == "where":
        lp = rng.choice(blk.loops)
        blk.where = f"{lp.var} < {_ext(lp.extent)} - T.int64(1)" if isinstance(lp.extent, int) else f"{lp.var} >= T.int64(1)"
        f.uses.add("tir.where")
    elif choice == "if":
        cond = f"{ivars[0]} != T.int64(1)" if ivars else "T.bool(True)"
        blk.guard = cond
        f.uses.add("tir.if_stmt")
    elif choice == "offset":
        lp = blk.loops[0]
        if isinstance(lp.extent, int) and lp.extent > 1:
            lp.start, lp.extent = 1, lp.extent - 1
            blk.iters[0].bind = lp.var
            blk.iters[0].extent = lp.extent + 1
            f.uses.add("tir.loop.offset")
        else:
            blk.where = f"{lp.var} >= T.int64(1)"
            f.uses.add("tir.where")
    else:
        it = blk.iters[0]
        it.bind = f"{it.bind} + T.int64(0)"
        f.uses.add("tir.block.expr_bind")
    return f


def _fill_block(buf: str, shape, dt: str) -> Block:
    vs = [f"z{k}" for k in range(len(shape))]
    return Block(f"fill_{buf}", [Loop(v, d) for v, d in zip(vs, shape)],
                 [Iter("v_" + v, "S", d, v) for v, d in zip(vs, shape)], [(buf, ["v_" + v for v in vs], const(0, dt))])


def _padded(rng, inputs, scalar):
    """A map into an output longer than the input, whose other elements a first block sets to 0
    (``m_drop_fill`` removes that block: the target then leaves them unwritten)."""
    f = _map(rng, inputs, False)
    kind, name, shape, dt = f.params[-1]
    if tuple(shape) == tuple(inputs[0][0]) and shape and isinstance(shape[-1], int):
        shape = tuple(shape[:-1]) + (shape[-1] + rng.randint(1, 3),)
        f.params[-1] = (kind, name, shape, dt)
    f.blocks.insert(0, _fill_block(name, shape, dt))
    f.uses |= {"tir.fill", "tir.block.spatial", "tir.loop.serial"}
    return f


def _sym_out(rng, inputs, scalar):
    """An output of symbolic extent ``m`` (the call's ``out_ty`` decides it), each element read
    at an index that depends on ``m``; often through a construct outside the subset."""
    (d,), dt = inputs[0]
    uses = {"tir.symbolic_output", "tir.block.spatial", "tir.loop.serial", "tir.load_index_expr"}
    blk = Block("rev", [Loop("i0", "m")], [Iter("v_i0", "S", "m", "i0")],
                [("y0", ["v_i0"], f"x0[(m - T.int64(1) - v_i0) % T.int64({d})]")])
    r = rng.random()
    if r < 0.4:
        blk.where = "i0 < m"
        uses.add("tir.where")
    elif r < 0.7:
        blk.guard = "v_i0 >= T.int64(0)"
        uses.add("tir.if_stmt")
    out = d + rng.choice((0, 0, 1, 2))
    return PrimFunc(_params(inputs, False) + [("buf", "y0", ("m",), dt)], len(inputs), [], [blk], uses,
                    ret=[((out,), dt)])


_KINDS = {"map": _map, "reduce": _reduce, "transform": _transform, "two_stage": _two_stage, "multi": _multi,
          "opaque": _opaque, "padded": _padded, "sym_out": _sym_out}


# ----------------------------------------------------------------------------- mutations


def mutations(f: PrimFunc) -> list:
    """The mutations (name, function) that apply to ``f``; each changes a copy in place and
    returns a description, or None."""
    return [(n, m) for n, m in MUTATIONS if m(f.clone(), random.Random(0)) is not None]


def m_loop_bound(f, rng):
    cands = [(b, lp) for b in f.blocks for lp in b.loops if isinstance(lp.extent, int) and lp.extent > 1]
    if not cands:
        return None
    b, lp = rng.choice(cands)
    old = lp.extent
    lp.extent = old - 1
    for it in b.iters:
        if it.bind == lp.var:
            it.extent = lp.extent + lp.start
    return f"TIR loop {lp.var} of block {b.name}: extent {old} -> {lp.extent}"


def m_init(f, rng):
    b = next((b for b in f.blocks if b.init), None)
    if b is None:
        return None
    buf, ix, v = b.init[0]
    dt = next(p[3] for p in f.params + [("buf",) + a for a in f.allocs] if p[1] == buf)
    if rng.random() < 0.3:
        b.init = None
        return f"TIR block {b.name}: T.init() removed"
    b.init = [(buf, ix, const(rng.choice((1, 2, -1)), dt))]
    return f"TIR block {b.name}: T.init() value {v} -> {b.init[0][2]}"


def m_reduce_const(f, rng):
    """A reduce iter var bound to the constant 1 (its loop removed): TVM never runs T.init()."""
    for b in f.blocks:
        for it in b.iters:
            if it.kind == "R" and b.init and isinstance(it.extent, int) and it.extent > 1:
                b.loops = [lp for lp in b.loops if lp.var != it.bind]
                it.bind = 1
                return f"TIR block {b.name}: reduce var {it.var} bound to the constant 1"
    return None


def m_loop_kind(f, rng):
    cands = [lp for b in f.blocks for lp in b.loops if not any(it.kind == "R" and it.bind == lp.var for it in b.iters)
             and isinstance(lp.extent, int)]
    if not cands:
        return None
    lp = rng.choice(cands)
    old = lp.kind
    lp.kind = rng.choice([k for k in LOOP_KINDS if k != old])
    return f"rewrite: TIR loop {lp.var} {old} -> {lp.kind}"


def m_operator(f, rng):
    swaps = [(" + ", " - "), (" - ", " + "), (" * ", " + "), ("T.max(", "T.min("), ("T.min(", "T.max("),
             (" < ", " <= "), (" > ", " >= "), ("T.floordiv(", "T.truncdiv("), ("T.floormod(", "T.truncmod("),
             ("T.exp(", "T.sigmoid("), ("T.floor(", "T.ceil("), ("T.round(", "T.trunc(")]
    return _text_swap(f, rng, swaps, "operator")


def m_constant(f, rng):
    swaps = [("(0.0)", "(-0.0)"), ("(1.0)", "(2.0)"), ("(2)", "(3)"), ("(1)", "(0)"), ("(-1)", "(1)"),
             ("(0.5)", "(0.25)"), ('float("nan")', "0.0")]
    return _text_swap(f, rng, swaps, "constant")


def m_index(f, rng):
    swaps = [(" - T.int64(1) - ", " - T.int64(2) - "), ("+ T.int64(1)) %", "+ T.int64(2)) %"),
             ("// T.int64(2)", "// T.int64(3)")]
    return _text_swap(f, rng, swaps, "load index")


def _text_swap(f, rng, swaps, what):
    sites = []
    for b in f.blocks:
        for part in ("stores", "lets"):
            for k, item in enumerate(getattr(b, part)):
                v = item[2]
                sites += [(b, part, k, a, c) for a, c in swaps if a in v]
    if not sites:
        return None
    b, part, k, a, c = rng.choice(sites)
    items = getattr(b, part)
    item = items[k]
    n = item[2].count(a)
    j = rng.randrange(n)
    pieces = item[2].split(a)
    new = a.join(pieces[:j + 1]) + c + a.join(pieces[j + 1:])
    items[k] = (item[0], item[1], new)
    return f"TIR {what} in block {b.name}: {a.strip()} -> {c.strip()}"


def m_let_inline(f, rng):
    for b in f.blocks:
        if b.lets and len(b.stores) == 1:
            var, _, v = b.lets.pop()
            b.stores = [(buf, ix, val.replace(var, f"({v})")) for buf, ix, val in b.stores]
            return f"rewrite: TIR T.let {var} inlined in block {b.name}"
    return None


def m_annotate(f, rng):
    b = rng.choice(f.blocks)
    if not b.annotate:
        return None
    b.annotate = False
    return f"rewrite: TIR T.reads/T.writes dropped in block {b.name}"


def m_drop_fill(f, rng):
    """The block that sets an output's other elements is removed: they stay unwritten."""
    for k, b in enumerate(f.blocks):
        if b.name.startswith("fill_") and len(f.blocks) > 1:
            del f.blocks[k]
            return f"TIR block {b.name} removed (elements left unwritten)"
    return None


def m_add_fill(f, rng):
    """An output written in part gets a first block setting every element to 0 (the target
    defines what the source leaves unspecified)."""
    if "tir.partial_write" not in f.uses or any(b.name.startswith("fill_") for b in f.blocks):
        return None
    _, name, shape, dt = f.params[-1]
    if any(not isinstance(d, int) for d in shape):
        return None
    f.blocks.insert(0, _fill_block(name, shape, dt))
    return f"rewrite: TIR output {name} filled with 0 before it is written"


MUTATIONS = [("drop_fill", m_drop_fill), ("add_fill", m_add_fill), ("loop_bound", m_loop_bound), ("init", m_init), ("reduce_const", m_reduce_const),
             ("loop_kind", m_loop_kind), ("operator", m_operator), ("constant", m_constant), ("index", m_index),
             ("let_inline", m_let_inline), ("annotate", m_annotate)]
