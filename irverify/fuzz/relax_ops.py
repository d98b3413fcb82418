"""One generator per registered Relax op (``GENERATORS``, keyed by the registry's name).

A generator ``g(b, rng, op)`` picks operands from the builder ``b`` (``relax_prog.Builder``) and
emits one node of ``op``, with its alternatives: known-good rewrites and mutations of the same
result type (another op, an attribute, an axis, an operand order, a constant, a dtype, an
extent), or returns None when the pool has nothing it can take. ``tests/fuzz`` fails when an
op is registered (``irverify.semantics.registry.registered_ops()``) without a generator here.
Operands avoid undefined behaviour in the source by construction (integer divisors are
nonzero constants or ``maximum(x, 1)``, ``take`` indices are in range, shapes agree); a
mutation may make the target undefined.
"""

from __future__ import annotations

import math

from irverify.fuzz import relax_tirgen as tg
from irverify.fuzz.relax_prog import FLOATS, INTS, Alt, rconst, shape_text, tensor_type

GENERATORS: dict = {}
NUM = FLOATS + INTS


def gen(*names):
    def register(fn):
        for n in names:
            if n in GENERATORS:
                raise RuntimeError(f"two generators for {n}")
            GENERATORS[n] = fn
        return fn
    return register


def R_(kind, expr, desc, *uses):
    return Alt(kind, expr, desc, tuple(uses))


def _scalar_consts(dtype):
    if dtype in FLOATS:
        return (0.0, -0.0, 1.0, -1.0, 2.0, 0.5, -1.5, 3.0, 1e30 if dtype != "float16" else 1e4, float("inf"),
                float("nan"), 1e-40 if dtype != "float16" else 1e-7)
    lo = {"int8": -128, "int32": -(1 << 31), "int64": -(1 << 63)}[dtype]
    return (0, 1, -1, 2, 7, lo, -lo - 1)


def _operand(b, rng, x):
    """A second operand for ``x``: a value of its type, a broadcast row, or a scalar constant."""
    r = rng.random()
    if r < 0.55 and (y := b.same(x)) is not None:
        return y.name, ()
    if r < 0.7 and x.shape:
        row = b.pick(dtypes=(x.dtype,), pred=lambda v: v.shape == x.shape[-1:])
        if row is not None:
            return row.name, ()
    return rconst(rng.choice(_scalar_consts(x.dtype)), x.dtype), ("relax.const",)


ARITH = {"relax.add": NUM, "relax.subtract": NUM, "relax.multiply": NUM, "relax.maximum": NUM,
         "relax.minimum": NUM, "relax.divide": FLOATS, "relax.power": ("float32", "float64")}
COMMUTATIVE = ("relax.add", "relax.multiply", "relax.maximum", "relax.minimum")


@gen(*ARITH)
def g_arith(b, rng, op):
    x = b.pick(dtypes=ARITH[op])
    if x is None:
        return None
    y, uses = _operand(b, rng, x)
    if rng.random() < 0.3:
        x_name, y = y, x.name  # the constant or row first (broadcast from the left)
    else:
        x_name = x.name
    f = op.split(".")[1]
    alts = [R_("mutation", f"R.{o.split('.')[1]}({x_name}, {y})", f"{f} -> {o}", *uses)
            for o in ARITH if o != op and x.dtype in ARITH[o]]
    exact = op in COMMUTATIVE and (x.dtype in INTS or op in ("relax.add", "relax.multiply"))
    alts.append(R_("rewrite" if exact else "mutation", f"R.{f}({y}, {x_name})", f"commute {f}", *uses))
    if op == "relax.add":
        alts.append(R_("rewrite", f"R.subtract({x_name}, R.negative({y}))", "a + b -> a - (-b)", "relax.negative", *uses))
    if op == "relax.multiply" and y.startswith("R.const(2"):
        alts.append(R_("rewrite", f"R.add({x_name}, {x_name})", "x * 2 -> x + x"))
    if op == "relax.subtract" and x.dtype in INTS:
        alts.append(R_("rewrite", f"R.add({x_name}, R.negative({y}))", "a - b -> a + (-b)", "relax.negative", *uses))
    return b.emit(op, f"R.{f}({x_name}, {y})", x.shape, x.dtype, [x.name], alts, uses)


@gen("relax.floor_divide")
def g_floor_divide(b, rng, op):
    x = b.pick(dtypes=NUM)
    if x is None:
        return None
    if x.dtype in INTS:  # a divisor that is never 0 nor -1
        d = b.same(x)
        div = f"R.maximum({d.name}, {rconst(1, x.dtype)})" if rng.random() < 0.5 else rconst(rng.choice((2, 3, 7, -2)), x.dtype)
        uses = ("relax.maximum", "relax.const")
    else:
        div, uses = _operand(b, rng, x)
    alts = [R_("mutation", f"R.floor_divide({div}, {x.name})" if x.dtype in FLOATS else f"R.subtract({x.name}, {div})",
               "operands swapped" if x.dtype in FLOATS else "floor_divide -> subtract", *uses)]
    if x.dtype in FLOATS:
        alts.append(R_("rewrite", f"R.floor(R.divide({x.name}, {div}))", "floor_divide -> floor(a / b)", "relax.floor",
                       "relax.divide", *uses))
    return b.emit(op, f"R.floor_divide({x.name}, {div})", x.shape, x.dtype, [x.name], alts, uses)


CMP = ("relax.equal", "relax.not_equal", "relax.less", "relax.less_equal", "relax.greater", "relax.greater_equal")
SWAPPED = {"equal": "equal", "not_equal": "not_equal", "less": "greater", "greater": "less",
           "less_equal": "greater_equal", "greater_equal": "less_equal"}


@gen(*CMP)
def g_compare(b, rng, op):
    x = b.pick(dtypes=NUM)
    if x is None:
        return None
    y, uses = _operand(b, rng, x)
    f = op.split(".")[1]
    alts = [R_("rewrite", f"R.{SWAPPED[f]}({y}, {x.name})", "swap a comparison", *uses)]
    alts += [R_("mutation", f"R.{o.split('.')[1]}({x.name}, {y})", f"{f} -> {o}", *uses) for o in CMP if o != op]
    return b.emit(op, f"R.{f}({x.name}, {y})", x.shape, "bool", [x.name], alts, uses)


@gen("relax.where")
def g_where(b, rng, op):
    x = b.pick(dtypes=NUM + ("bool",))
    if x is None:
        return None
    c = b.pick(dtypes=("bool",), pred=lambda v: v.shape == x.shape)
    uses = ()
    if c is None or x.dtype == "bool":
        if x.dtype == "bool":
            cond = x.name
        else:
            cond = f"R.less({x.name}, {rconst(0, x.dtype)})"
            uses = ("relax.less", "relax.const")
    else:
        cond = c.name
    if x.dtype == "bool":
        y = b.pick(dtypes=NUM)
        if y is None or y.shape != x.shape:
            return None
        a, bb = y.name, (b.same(y) or y).name
        out = y
    else:
        a, bb = x.name, (b.same(x) or x).name
        out = x
    alts = [R_("mutation", f"R.where({cond}, {bb}, {a})", "swap the arms of where", *uses)]
    if a == bb:
        alts.append(R_("rewrite", a, "where(c, x, x) -> x"))
    return b.emit(op, f"R.where({cond}, {a}, {bb})", out.shape, out.dtype, [out.name], alts, uses)


UNARY_F = ("relax.exp", "relax.log", "relax.sqrt", "relax.rsqrt", "relax.tanh", "relax.sigmoid", "relax.sin",
           "relax.cos", "relax.erf", "relax.floor", "relax.ceil", "relax.round", "relax.trunc", "relax.abs")


@gen(*UNARY_F, "relax.negative")
def g_unary(b, rng, op):
    x = b.pick(dtypes=FLOATS if op != "relax.negative" else NUM)
    if x is None:
        return None
    f = op.split(".")[1]
    others = [o for o in UNARY_F + ("relax.negative",) if o != op and (x.dtype in FLOATS or o == "relax.negative")]
    alts = [R_("mutation", f"R.{o.split('.')[1]}({x.name})", f"{f} -> {o}") for o in rng.sample(others, min(3, len(others)))]
    known = {"floor": f"R.negative(R.ceil(R.negative({x.name})))", "ceil": f"R.negative(R.floor(R.negative({x.name})))",
             "trunc": f"R.where(R.less({x.name}, {rconst(0.0, x.dtype)}), R.ceil({x.name}), R.floor({x.name}))",
             "abs": f"R.maximum({x.name}, R.negative({x.name}))",
             "negative": f"R.subtract({rconst(0, x.dtype)}, {x.name})" if x.dtype in INTS else f"R.multiply({x.name}, {rconst(-1.0, x.dtype)})",
             "round": f"R.floor(R.add({x.name}, {rconst(0.5, x.dtype)}))",
             "sigmoid": f"R.divide({rconst(1.0, x.dtype)}, R.add({rconst(1.0, x.dtype)}, R.exp(R.negative({x.name}))))",
             "rsqrt": f"R.divide({rconst(1.0, x.dtype)}, R.sqrt({x.name}))"}
    if f in known:
        kind = "mutation" if f in ("round", "sigmoid", "rsqrt", "negative") and x.dtype in FLOATS else "rewrite"
        alts.append(R_(kind, known[f], f"{f} written out"))
    return b.emit(op, f"R.{f}({x.name})", x.shape, x.dtype, [x.name], alts)


@gen("relax.astype")
def g_astype(b, rng, op):
    x = b.pick(dtypes=NUM + ("bool",))
    if x is None:
        return None
    r = rng.random()
    if r < 0.1 and x.dtype == "float32":  # through a type the fuzzer's inputs do not hold
        mid = rng.choice(("bfloat16", "float8_e4m3fn"))
        e = f'R.astype(R.astype({x.name}, "{mid}"), "float32")'
        return b.emit(op, e, x.shape, "float32", [x.name],
                      [R_("mutation", x.name, f"astype through {mid} dropped")])
    dst = rng.choice([d for d in NUM + ("bool",) if d != x.dtype])
    alts = []
    meta = {}
    if x.dtype in FLOATS and dst in INTS:
        meta["f2i"] = x.dtype
        alts.append(R_("mutation", f'R.astype(R.floor({x.name}), "{dst}")', "astype(x) -> astype(floor(x))", "relax.floor"))
        alts.append(R_("rewrite", f'R.astype(R.trunc({x.name}), "{dst}")', "astype(x) -> astype(trunc(x))", "relax.trunc"))
    if x.dtype != "float64" and dst != "bool":
        alts.append(R_("rewrite" if x.dtype in ("float32", "float16") or dst == "float64" else "mutation",
                       f'R.astype(R.astype({x.name}, "float64"), "{dst}")', "astype through float64"))
    return b.emit(op, f'R.astype({x.name}, "{dst}")', x.shape, dst, [x.name], alts, **meta)


@gen("relax.nn.relu", "relax.nn.silu")
def g_activation(b, rng, op):
    x = b.pick(dtypes=FLOATS if op == "relax.nn.silu" else NUM)
    if x is None:
        return None
    f = op.split(".")[-1]
    if f == "relu":
        alts = [R_("rewrite", f"R.maximum({x.name}, {rconst(0, x.dtype)})", "relu -> maximum(x, 0)", "relax.maximum"),
                R_("mutation", f"R.maximum({rconst(0, x.dtype)}, {x.name})", "relu -> maximum(0, x)", "relax.maximum")]
    else:
        alts = [R_("rewrite", f"R.multiply({x.name}, R.sigmoid({x.name}))", "silu -> x * sigmoid(x)", "relax.sigmoid"),
                R_("mutation", f"R.nn.relu({x.name})", "silu -> relu", "relax.nn.relu")]
    return b.emit(op, f"R.nn.{f}({x.name})", x.shape, x.dtype, [x.name], alts)


@gen("relax.clip")
def g_clip(b, rng, op):
    x = b.pick(dtypes=NUM)
    if x is None:
        return None
    lo = rng.choice((-1.5, -0.1, 0.0, -7.9, -128.0))
    hi = rng.choice((0.1, 1.0, 6.0, 100.7, 126.99))
    if rng.random() < 0.15:
        lo, hi = hi, lo  # an empty range: every element becomes lo
    as_dtype = (lambda v: float(v)) if x.dtype in FLOATS else math.trunc
    lo_c, hi_c = rconst(as_dtype(lo), x.dtype), rconst(as_dtype(hi), x.dtype)
    alts = [R_("rewrite", f"R.maximum(R.minimum({x.name}, {hi_c}), {lo_c})", "clip -> maximum(minimum(x, max), min)",
               "relax.maximum", "relax.minimum", "relax.const"),
            R_("mutation", f"R.clip({x.name}, {hi!r}, {lo!r})", "clip bounds swapped"),
            R_("mutation", f"R.minimum(R.maximum({x.name}, {lo_c}), {hi_c})", "clip -> minimum(maximum(x, min), max)",
               "relax.maximum", "relax.minimum", "relax.const")]
    return b.emit(op, f"R.clip({x.name}, {lo!r}, {hi!r})", x.shape, x.dtype, [x.name], alts)


@gen("relax.tril", "relax.triu")
def g_trilu(b, rng, op):
    x = b.pick(min_rank=2)
    if x is None:
        return None
    name, other = ("tril", "triu") if op == "relax.tril" else ("triu", "tril")
    k = rng.choice((-2, -1, 0, 1, 2, 5))
    alts = [R_("rewrite", f"R.{name}(R.{name}({x.name}, {k}), {k})", f"{name} is idempotent", op),
            R_("mutation", f"R.{name}({x.name}, {k + 1})", "diagonal moved by one"),
            R_("mutation", f"R.{other}({x.name}, {k})", f"{name} -> {other}", f"relax.{other}")]
    return b.emit(op, f"R.{name}({x.name}, {k})", x.shape, x.dtype, [x.name], alts)


@gen("relax.cumsum", "relax.cumprod")
def g_scan(b, rng, op):
    x = b.pick(dtypes=NUM, min_rank=1, max_size=24)
    if x is None:
        return None
    name, other = ("cumsum", "cumprod") if op == "relax.cumsum" else ("cumprod", "cumsum")
    flat = x.static and rng.random() < 0.2
    axis = None if flat else rng.randrange(len(x.shape))
    at = "" if flat else f", axis={axis}"
    shape = (x.size,) if flat else x.shape
    combine = "R.add" if name == "cumsum" else "R.multiply"
    alts = [R_("mutation", f"R.{name}({x.name}{at}, exclusive=True)", "exclusive scan"),
            R_("mutation", f"R.{other}({x.name}{at})", f"{name} -> {other}", f"relax.{other}")]
    if not flat:  # inclusive = exclusive combined with the element (a float sum: +0 + x0 drops a -0)
        alts.append(R_("rewrite" if x.dtype in INTS else "mutation",
                       f"{combine}(R.{name}({x.name}{at}, exclusive=True), {x.name})",
                       "inclusive from the exclusive scan", "relax.add" if name == "cumsum" else "relax.multiply"))
        if len(x.shape) >= 2:
            other_axis = (axis + 1) % len(x.shape)  # (the result type is the same: only values differ)
            alts.append(R_("mutation", f"R.{name}({x.name}, axis={other_axis})", "another axis"))
    return b.emit(op, f"R.{name}({x.name}{at})", shape, x.dtype, [x.name], alts)


@gen("relax.nn.softmax")
def g_softmax(b, rng, op):
    x = b.pick(dtypes=("float32", "float64"), min_rank=1)
    if x is None:
        return None
    a = rng.randrange(len(x.shape))
    e = f"R.nn.softmax({x.name}, axis={a})"
    explicit = (f"R.divide(R.exp(R.subtract({x.name}, R.max({x.name}, axis=[{a}], keepdims=True))), "
                f"R.sum(R.exp(R.subtract({x.name}, R.max({x.name}, axis=[{a}], keepdims=True))), axis=[{a}], keepdims=True))")
    naive = f"R.divide(R.exp({x.name}), R.sum(R.exp({x.name}), axis=[{a}], keepdims=True))"
    alts = [R_("rewrite", explicit, "softmax written out (exp(x - max) / sum)", "relax.max", "relax.sum", "relax.exp"),
            R_("mutation", naive, "softmax without its max subtraction", "relax.sum", "relax.exp")]
    alts += [R_("mutation", f"R.nn.softmax({x.name}, axis={o})", "softmax axis")
             for o in range(len(x.shape)) if o != a]
    return b.emit(op, e, x.shape, x.dtype, [x.name], alts)


REDUCE = ("relax.sum", "relax.mean", "relax.max", "relax.min", "relax.prod")


@gen(*REDUCE)
def g_reduce(b, rng, op):
    x = b.pick(dtypes=NUM if op != "relax.mean" else FLOATS, min_rank=1)
    if x is None:
        return None
    f = op.split(".")[1]
    rank = len(x.shape)
    axes = sorted(rng.sample(range(rank), rng.randint(1, rank))) if rng.random() < 0.8 else None
    keep = rng.random() < 0.3

    def text(fn, ax, kd=keep):
        a = "" if ax is None else f", axis={ax}"
        return f"R.{fn}({x.name}{a}, keepdims={kd})"

    gone = range(rank) if axes is None else axes
    shape = tuple((1 if k in gone else d) for k, d in enumerate(x.shape) if keep or k not in gone)
    alts = [R_("mutation", text(o.split(".")[1], axes), f"{f} -> {o}") for o in REDUCE
            if o != op and (o != "relax.mean" or x.dtype in FLOATS)]
    if axes is not None and len(axes) == 1:
        same = [k for k in range(rank) if k != axes[0] and x.shape[k] == x.shape[axes[0]]]
        alts += [R_("mutation", text(f, [k]), "reduction axis") for k in same]
    if axes is not None and len(axes) >= 2 and not keep and (x.dtype in INTS or f in ("max", "min")):
        inner = f"R.{f}({x.name}, axis=[{axes[-1]}], keepdims=False)"
        alts.append(R_("rewrite" if x.dtype in INTS else "mutation", f"R.{f}({inner}, axis={axes[:-1]}, keepdims=False)",
                       "reduction split into two"))
    if axes is None and rng.random() < 0.5:
        alts.append(R_("rewrite", text(f, list(range(rank))), "axis=None -> every axis"))
    return b.emit(op, text(f, axes), shape, x.dtype, [x.name], alts)


@gen("relax.matmul")
def g_matmul(b, rng, op):
    x = b.pick(dtypes=("float32", "int32", "float16", "int8"), static=True, min_rank=1, max_size=64)
    if x is None:
        return None
    k = x.shape[-1]
    y = b.pick(dtypes=(x.dtype,), static=True, pred=lambda v: len(v.shape) == 2 and v.shape[0] == k)
    uses = ()
    if y is None:
        n = rng.randint(1, 3)
        vals = [[rng.choice((1, -1, 2, 0)) for _ in range(n)] for _ in range(k)]
        yname = rconst_tensor(vals, x.dtype)
        uses = ("relax.const",)
        yshape = (k, n)
    else:
        yname, yshape = y.name, y.shape
    out_dtype = x.dtype
    shape = x.shape[:-1] + yshape[1:]
    e = f"R.matmul({x.name}, {yname})"
    alts = []
    if x.dtype == "int8" or (x.dtype == "float16" and rng.random() < 0.5):
        out_dtype = "int32" if x.dtype == "int8" else "float32"
        e = f'R.matmul({x.name}, {yname}, out_dtype="{out_dtype}")'
        alts.append(R_("mutation", f'R.astype(R.matmul({x.name}, {yname}), "{out_dtype}")',
                       "out_dtype -> astype after the product", "relax.astype"))
    if len(x.shape) == 2:
        alts.append(R_("rewrite", f'R.einsum(({x.name}, {yname}), "ij,jk->ik")' if out_dtype == x.dtype else e,
                       "matmul -> einsum", "relax.einsum"))
        if yshape[0] == yshape[1] and x.shape[0] == x.shape[1]:
            alts.append(R_("mutation", e.replace(f"({x.name}, {yname}", f"({yname}, {x.name}"), "matmul operands swapped"))
    return b.emit(op, e, shape, out_dtype, [x.name], alts, uses)


def rconst_tensor(vals, dtype) -> str:
    return f'R.const({vals!r}, "{dtype}")'


@gen("relax.einsum")
def g_einsum(b, rng, op):
    x = b.pick(dtypes=("float32", "int32"), static=True, rank=2)
    if x is None:
        return None
    m, k = x.shape
    form = rng.choice(("mm", "t", "row"))
    if form == "mm" and (y := b.pick(dtypes=(x.dtype,), static=True, pred=lambda v: v.shape[:1] == (k,) and len(v.shape) == 2)):
        e = f'R.einsum(({x.name}, {y.name}), "ij,jk->ik")'
        alts = [R_("rewrite", f"R.matmul({x.name}, {y.name})", "einsum -> matmul", "relax.matmul")]
        if y.shape[1] == k and m == k:
            alts.append(R_("mutation", f'R.einsum(({x.name}, {y.name}), "ij,kj->ik")', "einsum subscripts"))
        return b.emit(op, e, (m, y.shape[1]), x.dtype, [x.name, y.name], alts)
    if form == "row":
        e = f'R.einsum(({x.name},), "ij->i")'
        alts = [R_("rewrite" if x.dtype in INTS else "mutation", f"R.sum({x.name}, axis=[1])", "einsum -> sum", "relax.sum")]
        if m == k:
            alts.append(R_("mutation", f'R.einsum(({x.name},), "ij->j")', "einsum subscripts"))
            alts.append(R_("mutation", f'R.einsum(({x.name},), "ii->i")', "einsum diagonal"))
        return b.emit(op, e, (m,), x.dtype, [x.name], alts)
    e = f'R.einsum(({x.name},), "ij->ji")'
    alts = [R_("rewrite", f"R.permute_dims({x.name}, axes=[1, 0])", "einsum -> permute_dims", "relax.permute_dims")]
    if m == k:
        alts.append(R_("mutation", x.name, "einsum transpose dropped"))
    return b.emit(op, e, (k, m), x.dtype, [x.name], alts)


@gen("relax.take")
def g_take(b, rng, op):
    x = b.pick(static=True, min_rank=1, dtypes=NUM, max_size=None)
    if x is None:
        return None
    axis = rng.randrange(len(x.shape))
    d = x.shape[axis]
    idx = [rng.randrange(d) for _ in range(rng.randint(1, 3))]
    mode = rng.choice(("fast", "clip", "wrap") + (("nan",) if x.dtype in FLOATS else ()))
    dt = rng.choice(("int64", "int32"))

    def text(ix, md):
        return f'R.take({x.name}, {rconst_tensor(ix, dt)}, axis={axis}, mode="{md}")'

    alts = [R_("rewrite", text(idx, m), "take mode (indices in range)") for m in ("fast", "clip", "wrap") if m != mode]
    bumped = list(idx)
    j = rng.randrange(len(idx))
    bumped[j] = (idx[j] + 1) % d
    if bumped != idx:
        alts.append(R_("mutation", text(bumped, mode), "take index"))
    alts.append(R_("rewrite" if mode in ("wrap",) else "mutation", text([i - d for i in idx], mode), "take indices counted from the end"))
    alts.append(R_("mutation", text([i + d for i in idx], mode), "take indices out of range"))
    shape = x.shape[:axis] + (len(idx),) + x.shape[axis + 1:]
    return b.emit(op, text(idx, mode), shape, x.dtype, [x.name], alts, ("relax.const",))


@gen("relax.permute_dims")
def g_permute(b, rng, op):
    x = b.pick(min_rank=2)
    if x is None:
        return None
    rank = len(x.shape)
    perm = list(range(rank))
    while perm == list(range(rank)):
        rng.shuffle(perm)
    shape = tuple(x.shape[p] for p in perm)
    alts = []
    for i in range(rank):
        for j in range(i + 1, rank):
            q = list(perm)
            q[i], q[j] = q[j], q[i]
            if tuple(x.shape[p] for p in q) == shape and q != perm:
                alts.append(R_("mutation", f"R.permute_dims({x.name}, axes={q})", "permutation"))
    if rank == 2:
        alts.append(R_("rewrite", f"R.permute_dims({x.name})", "axes=None reverses"))
    return b.emit(op, f"R.permute_dims({x.name}, axes={perm})", shape, x.dtype, [x.name], alts)


def _factor(n: int, rng) -> tuple:
    divs = [d for d in range(1, n + 1) if n % d == 0]
    a = rng.choice(divs)
    return (a, n // a)


@gen("relax.reshape", "relax.shape")
def g_reshape(b, rng, op):
    x = b.pick(static=True, min_rank=1)
    if x is None:
        return None
    new = _factor(x.size, rng) if rng.random() < 0.7 else (x.size,)
    uses = ()
    target = shape_text(new)
    if op == "relax.shape" and rng.random() < 0.3 or rng.random() < 0.03:  # (unsupported by irverify)
        s = b.temp("relax.shape", f"R.shape({list(new)})", None, None, [])
        target, uses = s.name, ("relax.shape",)
    elif op == "relax.shape":
        target, uses = f"R.shape({list(new)})", ("relax.shape",)
    alts = [R_("rewrite", f"R.reshape({x.name}, {shape_text((-1,) + new[1:])})", "reshape with -1")]
    if len(new) == 2 and len(x.shape) == 2 and new == (x.shape[1], x.shape[0]) and new[0] != new[1]:
        alts.append(R_("mutation", f"R.permute_dims({x.name})", "reshape -> transpose", "relax.permute_dims"))
    alts.append(R_("rewrite", f"R.reshape(R.flatten({x.name}), {shape_text(new)})", "through flatten", "relax.flatten"))
    return b.emit("relax.reshape", f"R.reshape({x.name}, {target})", new, x.dtype, [x.name], alts, uses)


@gen("relax.flatten")
def g_flatten(b, rng, op):
    x = b.pick(min_rank=1)
    if x is None:
        return None
    n = x.size if x.static else "n" if len(x.shape) == 1 else None
    if n is None:
        return None
    alts = [R_("rewrite", f"R.reshape({x.name}, R.shape([{n}]))", "flatten -> reshape", "relax.reshape")] if x.static else []
    if len(x.shape) == 2 and x.shape[0] == x.shape[1]:
        alts.append(R_("mutation", f"R.flatten(R.permute_dims({x.name}))", "flatten of the transpose", "relax.permute_dims"))
    return b.emit(op, f"R.flatten({x.name})", (n,), x.dtype, [x.name], alts)


@gen("relax.repeat")
def g_repeat(b, rng, op):
    x = b.pick(static=True, min_rank=1, max_size=24)
    if x is None:
        return None
    r = rng.randint(1, 3)
    axis = rng.randrange(len(x.shape))
    shape = tuple(d * r if k == axis else d for k, d in enumerate(x.shape))
    alts = [R_("mutation", f"R.repeat({x.name}, {r}, axis={a})", "repeat axis") for a in range(len(x.shape))
            if a != axis and tuple(d * r if k == a else d for k, d in enumerate(x.shape)) == shape]
    if len(x.shape) == 1:
        alts.append(R_("rewrite", f"R.repeat({x.name}, {r})", "repeat axis=None on 1-D"))
        alts.append(R_("mutation", f"R.tile({x.name}, [{r}])", "repeat -> tile"))
    return b.emit(op, f"R.repeat({x.name}, {r}, axis={axis})", shape, x.dtype, [x.name], alts)


@gen("relax.expand_dims", "relax.squeeze")
def g_expand_squeeze(b, rng, op):
    x = b.pick(max_size=64)
    if x is None:
        return None
    rank = len(x.shape)
    if op == "relax.squeeze":
        ones = [k for k, d in enumerate(x.shape) if d == 1]
        if not ones:
            a = rng.randrange(rank + 1)
            x = b.temp("relax.expand_dims", f"R.expand_dims({x.name}, axis=[{a}])",
                       x.shape[:a] + (1,) + x.shape[a:], x.dtype, [x.name])
            ones = [a]
        a = rng.choice(ones)
        shape = tuple(d for k, d in enumerate(x.shape) if k != a)
        alts = [R_("rewrite", f"R.squeeze({x.name})", "squeeze every unit dim")] if len(ones) == 1 and x.static else []
        if x.static:
            alts.append(R_("rewrite", f"R.reshape({x.name}, {shape_text(shape)})", "squeeze -> reshape", "relax.reshape"))
        return b.emit(op, f"R.squeeze({x.name}, axis=[{a}])", shape, x.dtype, [x.name], alts, ("relax.expand_dims",))
    a = rng.randrange(-rank - 1, rank + 1)
    pos = a if a >= 0 else a + rank + 1
    shape = x.shape[:pos] + (1,) + x.shape[pos:]
    alts = [R_("rewrite", f"R.reshape({x.name}, {shape_text(shape)})", "expand_dims -> reshape", "relax.reshape")] if x.static else []
    alts += [R_("mutation", f"R.expand_dims({x.name}, axis=[{o}])", "expand_dims axis") for o in range(rank + 1)
             if o != pos and x.shape[:o] + (1,) + x.shape[o:] == shape and x.shape[min(o, pos):max(o, pos)] != (1,) * abs(o - pos)]
    return b.emit(op, f"R.expand_dims({x.name}, axis=[{a}])", shape, x.dtype, [x.name], alts)


@gen("relax.strided_slice")
def g_slice(b, rng, op):
    x = b.pick(static=True, min_rank=1, pred=lambda v: max(v.shape) >= 2, max_size=None)
    if x is None:
        return None
    axis = rng.choice([k for k, d in enumerate(x.shape) if d >= 2])
    d = x.shape[axis]
    stride = rng.choice((1, 1, 2, -1))
    if stride > 0:
        beg = rng.randrange(d - 1)
        end = rng.randint(beg + 1, d)
        n = (end - beg + stride - 1) // stride
    else:
        beg = rng.randint(1, d - 1)
        end = rng.randrange(-1, beg) if rng.random() < 0.5 else -d - 1
        lo = max(end, -1) if end >= -1 else -1
        n = (beg - lo - stride - 1) // -stride
    shape = tuple(n if k == axis else s for k, s in enumerate(x.shape))

    def text(bg, en, st=stride):
        return f"R.strided_slice({x.name}, axes=[{axis}], begin=[{bg}], end=[{en}], strides=[{st}])"

    alts = [R_("rewrite", text(beg - d, end - d if end > 0 else end), "negative begin/end")]
    if stride > 0 and end < d:
        alts.append(R_("mutation", text(beg + 1, end + 1), "slice offset"))
    if stride > 0 and end == d:
        alts.append(R_("rewrite", text(beg, d + 5), "end past the extent (clamped)"))
    return b.emit(op, text(beg, end), shape, x.dtype, [x.name], alts)


@gen("relax.concat", "relax.split", "relax.tuple", "relax.tuple_get_item")
def g_concat_split(b, rng, op):
    x = b.pick(min_rank=1, max_size=64)
    if x is None:
        return None
    if op in ("relax.concat", "relax.tuple"):
        y = b.same(x) or x
        axis = rng.randrange(len(x.shape))
        if not isinstance(x.shape[axis], int):
            axis = len(x.shape) - 1
            if not isinstance(x.shape[axis], int):
                return None
        shape = tuple(d * 2 if k == axis else d for k, d in enumerate(x.shape))
        if op == "relax.tuple":  # a tuple value, read back through tuple_get_item
            t = b.temp("relax.tuple", f"({x.name}, {y.name})", None, None, [x.name, y.name])
            e = f"R.concat(({t.name}[1], {t.name}[0]), axis={axis})"
            return b.emit("relax.concat", e, shape, x.dtype, [t.name],
                          [R_("mutation", f"R.concat(({t.name}[0], {t.name}[1]), axis={axis})", "concat order"),
                           R_("rewrite", f"R.concat(({y.name}, {x.name}), axis={axis})", "tuple items inlined")],
                          ("relax.tuple", "relax.tuple_get_item"))
        # (no "concat axis" mutation: along another axis the result has another type, e.g.
        # (2,3,2)+(2,3,2) is (2,3,4) along axis 2 and (4,3,2) along axis 0)
        alts = [R_("mutation", f"R.concat(({y.name}, {x.name}), axis={axis})", "concat order")]
        return b.emit(op, f"R.concat(({x.name}, {y.name}), axis={axis})", shape, x.dtype, [x.name, y.name], alts)
    axis = next((k for k, d in enumerate(x.shape) if isinstance(d, int) and d >= 2), None)
    if axis is None:
        return None
    d = x.shape[axis]
    if rng.random() < 0.5 and d % 2 == 0:
        spec, pieces = "2", [d // 2, d // 2]
    else:
        cut = rng.randint(1, d - 1)
        spec, pieces = f"[{cut}]", [cut, d - cut]
    t = b.temp("relax.split", f"R.split({x.name}, indices_or_sections={spec}, axis={axis})", None, None, [x.name])
    j = rng.randrange(len(pieces))
    shape = tuple(pieces[j] if k == axis else s for k, s in enumerate(x.shape))
    alts = [R_("mutation", f"{t.name}[{1 - j}]", "split piece")] if pieces[0] == pieces[1] else []
    beg = sum(pieces[:j])
    alts.append(R_("rewrite", f"R.strided_slice({x.name}, axes=[{axis}], begin=[{beg}], end=[{beg + pieces[j]}])",
                   "split piece -> strided_slice", "relax.strided_slice"))
    return b.emit("relax.tuple_get_item", f"{t.name}[{j}]", shape, x.dtype, [t.name], alts, ("relax.split",))


@gen("relax.broadcast_to")
def g_broadcast(b, rng, op):
    x = b.pick(static=True, max_size=16)
    if x is None:
        return None
    shape = tuple(rng.choice((d, 3)) if d == 1 else d for d in x.shape)
    if rng.random() < 0.7 or shape == x.shape:
        shape = (rng.randint(1, 3),) + shape
    e = f"R.broadcast_to({x.name}, R.shape({list(shape)}))"
    alts = [R_("rewrite", f"R.add({x.name}, R.zeros(R.shape({list(shape)}), \"{x.dtype}\"))" if x.dtype in INTS else e,
               "broadcast_to -> x + zeros", "relax.zeros", "relax.add")]
    if x.dtype in FLOATS:
        alts.append(R_("mutation", f"R.add({x.name}, R.zeros(R.shape({list(shape)}), \"{x.dtype}\"))",
                       "broadcast_to -> x + zeros (-0.0 + 0.0 is +0.0)", "relax.zeros", "relax.add"))
    return b.emit(op, e, shape, x.dtype, [x.name], alts, ("relax.shape",))


CREATE = ("relax.zeros", "relax.ones", "relax.full", "relax.zeros_like", "relax.ones_like", "relax.full_like")


@gen(*CREATE)
def g_create(b, rng, op):
    x = b.pick(dtypes=NUM)
    if x is None or (op in ("relax.zeros", "relax.ones", "relax.full") and not (x.static and x.shape)):
        return None
    f = op.split(".")[1]
    dt = x.dtype
    v = rng.choice(_scalar_consts(dt))
    if dt in ("float16", "float64") and math.isnan(v):  # (TVM 0.27 fails to build R.full of a NaN in these)
        v = float("inf")
    fill = rconst(v, dt)
    shape = f"R.shape({list(x.shape)})"
    texts = {"zeros": f'R.zeros({shape}, "{dt}")', "ones": f'R.ones({shape}, "{dt}")',
             "full": f'R.full({shape}, {fill}, "{dt}")', "zeros_like": f"R.zeros_like({x.name})",
             "ones_like": f"R.ones_like({x.name})", "full_like": f"R.full_like({x.name}, {fill})"}
    if not (x.static and x.shape):  # (TVM fails to build R.full of a 0-d shape)
        texts = {k: v for k, v in texts.items() if k.endswith("_like")}
    created = b.temp(op, texts[f], x.shape, dt, [x.name] if f.endswith("_like") else [], ("relax.const",) if "full" in f else ())
    alts = []
    for other, t in texts.items():
        if other == f:
            continue
        same = {frozenset(("zeros", "zeros_like")), frozenset(("ones", "ones_like")), frozenset(("full", "full_like"))}
        kind = "rewrite" if frozenset((f, other)) in same else "mutation"
        alts.append(R_(kind, f"R.add({x.name}, {t})", f"{f} -> {other}", f"relax.{other}"))
    return b.emit("relax.add", f"R.add({x.name}, {created.name})", x.shape, dt, [x.name, created.name], alts, (op,))


@gen("relax.arange")
def g_arange(b, rng, op):
    x = b.pick(dtypes=("int64", "int32"), static=True, rank=1)
    if x is None:
        return None
    n = x.shape[0]
    start, step = rng.randint(-3, 3), rng.choice((1, 2, 3))  # (TVM mistypes a negative step)
    end = start + n * step
    dt = x.dtype
    e = f'R.arange({start}, {end}, {step}, "{dt}")'
    alts = [R_("mutation", f'R.add({x.name}, R.arange({start + 1}, {end + 1}, {step}, "{dt}"))', "arange start"),
            R_("rewrite", f'R.add({x.name}, R.arange({start}, {end - step + (1 if step > 0 else -1)}, {step}, "{dt}"))',
               "arange end inside the last step")]
    a = b.temp(op, e, (n,), dt, [])
    return b.emit("relax.add", f"R.add({x.name}, {a.name})", (n,), dt, [x.name, a.name], alts, (op,))


@gen("relax.const")
def g_const(b, rng, op):
    dt = rng.choice(("float32", "float32", "int32", "int8", "float16", "int64"))
    r = rng.random()
    if r < 0.1:  # over 1000 elements
        shape = (rng.choice((3, 5, 2)), rng.choice((401, 512, 600)))
    elif r < 0.5:
        shape = ()
    else:
        shape = rng.choice(((4,), (2, 3), (3,)))
    n = 1
    for d in shape:
        n *= d
    pool = _scalar_consts(dt)
    flat = [rng.choice(pool) if rng.random() < 0.3 else rng.choice(pool[:5]) for _ in range(n)]
    if not shape:
        e = rconst(flat[0], dt)
    else:
        e = _nested_const(flat, shape, dt)
    k = rng.randrange(n)
    other = list(flat)
    other[k] = rng.choice([v for v in pool if repr(v) != repr(flat[k])])
    alt = rconst(other[0], dt) if not shape else _nested_const(other, shape, dt)
    return b.emit(op, e, shape, dt, [], [R_("mutation", alt, f"constant element {k}")])


def _nested_const(flat, shape, dt):
    def lit(v):
        return tg.literal(v, dt)

    def nest(vals, dims):
        if len(dims) == 1:
            return "[" + ", ".join(lit(v) for v in vals) + "]"
        step = len(vals) // dims[0]
        return "[" + ", ".join(nest(vals[i * step:(i + 1) * step], dims[1:]) for i in range(dims[0])) + "]"

    return f'R.const({nest(flat, shape)}, "{dt}")'


@gen("relax.shape_to_tensor")
def g_shape_to_tensor(b, rng, op):
    dims = [rng.randint(1, 9) for _ in range(rng.randint(1, 3))]
    s = b.temp("relax.shape", f"R.shape({dims})", None, None, [])
    alts = [R_("rewrite", rconst_tensor(dims, "int64"), "shape_to_tensor folded", "relax.const"),
            R_("mutation", f"R.shape_to_tensor(R.shape({[d + 1 for d in dims]}))", "shape value")]
    return b.emit(op, f"R.shape_to_tensor({s.name})", (len(dims),), "int64", [s.name], alts, ("relax.shape",))


@gen("relax.builtin.stop_lift_params", "relax.match_cast")
def g_identity_like(b, rng, op):
    x = b.pick()
    if x is None:
        return None
    if op == "relax.builtin.stop_lift_params":
        return b.emit(op, f"R.builtin.stop_lift_params({x.name})", x.shape, x.dtype, [x.name],
                      [R_("rewrite", x.name, "stop_lift_params dropped")])
    dims = list(x.shape)
    shape = x.shape
    if x.static and len(dims) >= 1 and rng.random() < 0.4:  # forget an extent, then recover it
        e = f"R.match_cast({x.name}, {tensor_type(tuple(dims), x.dtype)})"
    else:
        e = f"R.match_cast({x.name}, {tensor_type(x.shape, x.dtype)})"
    alts = [R_("rewrite", x.name, "match_cast dropped")]
    if x.dtype in FLOATS:
        alts.append(R_("mutation", f"R.match_cast(R.negative({x.name}), {tensor_type(x.shape, x.dtype)})", "match_cast of -x"))
    return b.emit(op, e, shape, x.dtype, [x.name], alts)


@gen("relax.call")
def g_call(b, rng, op):
    x = b.pick(dtypes=NUM)
    if x is None:
        return None
    k = len(b.prog.helpers)
    c = rconst(rng.choice(_scalar_consts(x.dtype)[:5]), x.dtype)
    fn = rng.choice(("add", "multiply", "maximum"))
    body = f"R.{fn}(h, {c})"
    ty = tensor_type(x.shape, x.dtype, param=True)
    template = (f"    @R.function(private=True)\n    def {{name}}(h: {ty}):\n"
                + ("        n = T.int64()\n" if not x.static else "") + f"        return {body}\n\n")
    b.prog.helpers.append((str(k), template))
    alts = [R_("rewrite", body.replace("(h,", f"({x.name},"), "call inlined", f"relax.{fn}", "relax.const"),
            R_("mutation", f"R.subtract({x.name}, {c})" if x.dtype in INTS else body.replace("(h,", f"({c},").replace(f", {c})", f", {x.name})"),
               "call inlined wrongly")]
    return b.emit(op, f"cls.HELPER{k}({x.name})", x.shape, x.dtype, [x.name], alts, (f"relax.{fn}", "relax.const"))


@gen("relax.if")
def g_if(b, rng, op):
    x = b.pick(dtypes=NUM)
    if x is None:
        return None
    red = f"R.sum({x.name})" if x.shape else x.name
    cond = b.temp("relax.greater", f"R.greater({red}, {rconst(0, x.dtype)})", (), "bool", [x.name], ("relax.sum",))
    y = b.same(x) or x
    then, other = f"R.add({x.name}, {y.name})", f"R.multiply({x.name}, {y.name})"
    node = b.emit(op, "", x.shape, x.dtype, [x.name, y.name, cond.name], (), ("relax.add", "relax.multiply"),
                  cond=cond.name, then=then, **{"else": other})
    last = b.prog.nodes[-1]
    last.alts = [R_("mutation", "SWAP", "if branches swapped")]
    return node


@gen("relax.prim_value", "relax.call_tir")
def g_call_tir(b, rng, op):
    x = b.pick(dtypes=("float32", "int32", "float16", "int64", "int8", "float64"),
               max_size=48, pred=lambda v: v.static or len(v.shape) <= 2)
    if x is None:
        return None
    inputs = [(x.shape, x.dtype)]
    ins = [x.name]
    if rng.random() < 0.4 and (y := b.same(x)) is not None:
        inputs.append((y.shape, y.dtype))
        ins.append(y.name)
    scalar = op == "relax.prim_value" or rng.random() < 0.1
    prim = tg.generate(rng, inputs, scalar)
    if x.shape and isinstance(x.shape[0], str):
        prim.uses.add("tir.symbolic_extent")
    uses = ()
    if scalar:
        ins.append(f"R.prim_value(T.int64({rng.randint(0, 3)}))")
        uses = ("relax.prim_value",)
    outs = prim.ret or [(p[2], p[3]) for p in prim.outputs()]
    node_op = "relax.call_tir"
    if len(outs) == 1:
        return b.emit(node_op, "", outs[0][0], outs[0][1], [x.name] + ins[1:], (), uses, prim=prim, ins=ins, outs=outs)
    t = b.temp(node_op, "", None, None, list(ins), uses, prim=prim, ins=ins, outs=outs)
    j = rng.randrange(len(outs))
    return b.emit("relax.tuple_get_item", f"{t.name}[{j}]", outs[j][0], outs[j][1], [t.name],
                  [R_("mutation", f"{t.name}[{1 - j}]", "call_tir output")] if outs[0] == outs[1] else [])


from irverify.fuzz import relax_ops_nn  # noqa: F401  (relax.nn.*, quantize, image ops)
