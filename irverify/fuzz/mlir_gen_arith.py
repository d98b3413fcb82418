"""Fuzz generators for scalar and elementwise ops: ``arith``, ``math``, ``ub``, ``util``,
``affine`` and ``func.call`` (see ``mlir_ops``).

Each instance works on a scalar or on a small tensor (sometimes with a dynamic dim) and is
defined on every input by construction: divisors are made nonzero and positive
(``andi d, INT_MAX`` then ``ori 1``), shift amounts are masked below the width unless the result
is marked tainted, ``fptosi``/``fptoui`` read a converted ``i8`` or taint their result, affine
operands are ``index`` arguments drawn from small ranges, and ``util.assume.int`` is applied to
values that satisfy it. A result that may be poison (an overflow flag, an unmasked shift, a
poison operand) is tainted.
"""

from __future__ import annotations

from irverify.fuzz.mlir_ops import (
    FLOATS,
    HOST,
    INTS,
    WIDTH,
    Body,
    emit,
    generator,
    int_bounds,
    is_int,
    tensor_ty,
)

INT_BINARY = ("addi", "subi", "muli", "andi", "ori", "xori", "shli", "shrsi", "shrui", "divsi", "divui",
              "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi", "maxsi", "maxui", "minsi", "minui")
DIVISIONS = ("divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi")
SHIFTS = ("shli", "shrsi", "shrui")
COMMUTATIVE = ("addi", "muli", "andi", "ori", "xori", "maxsi", "maxui", "minsi", "minui",
               "addf", "mulf", "maximumf", "minimumf", "maxnumf", "minnumf")
FLOAT_BINARY = ("addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf")
CMPI = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
CMPF = ("false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une",
        "uno", "true")
SWAP_CMPI = {"eq": "eq", "ne": "ne", "slt": "sgt", "sle": "sge", "sgt": "slt", "sge": "sle", "ult": "ugt",
             "ule": "uge", "ugt": "ult", "uge": "ule"}
MATH_UNARY = ("absf", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "cos", "cosh", "erf",
              "erfc", "exp", "exp2", "expm1", "floor", "log", "log10", "log1p", "log2", "round", "roundeven",
              "rsqrt", "sin", "sinh", "sqrt", "tan", "tanh", "trunc")
MATH_BINARY = ("atan2", "copysign", "powf")
SHAPES = ((4,), (3,), (2, 3), (2, 2), (5,), (1,))


def shape_of(b: Body, scalar_ok: bool = True):
    """A scalar (None), a small static shape, or one with a dynamic dim: (shape, dyn)."""
    r = b.rng.random()
    if scalar_ok and r < 0.3:
        return None, ()
    shape = b.rng.choice(SHAPES)
    if r > 0.85:
        return shape, (len(shape) - 1,)
    return shape, ()


def operand(b: Body, elem: str, shape, dyn=(), poison_ok: bool = True):
    """A scalar or tensor operand of ``elem``; a dynamically shaped one is a new argument or a
    value of the same dynamic type from the pool."""
    if shape is None:
        return b.scalar(elem, poison_ok=poison_ok)
    if dyn:
        same = [v for v in b.pool if v.elem == elem and v.shape == tuple(shape) and v.dyn == tuple(dyn)
                and (poison_ok or not v.poison)]
        if same and b.rng.random() < 0.5:
            return b.use(b.rng.choice(same))
        return b.tensor(elem, shape, poison_ok=False, dyn=dyn)
    return b.tensor(elem, shape, poison_ok=poison_ok)


def ty(elem: str, shape, dyn=()) -> str:
    return elem if shape is None else tensor_ty(elem, shape, dyn)


def elementwise(b: Body, operands: list, out_elem: str, body, shape, dyn=()) -> str:
    return b.elementwise(operands, out_elem, body, shape, dyn)


def emit_op(b: Body, text: str) -> str:
    return emit(b, text, "v")


def positive(b: Body, x: str, elem: str) -> str:
    """Scalar ``x`` made a divisor in [1, INT_MAX] (``andi INT_MAX``, ``ori 1``): never 0 or -1."""
    one = b.const_scalar(elem, 1)
    mx = b.const_scalar(elem, int_bounds(elem)[1])
    a = emit_op(b, f"arith.andi {x}, {mx.ref} : {elem}")
    return emit_op(b, f"arith.ori {a}, {one.ref} : {elem}")


def result(b: Body, ref: str, elem: str, shape, dyn, poison: bool) -> None:
    b.result(b.value(ref.lstrip("%"), elem, shape, "scalar" if shape is None else "tensor", dyn, poison))


@generator(*(f"arith.{k}" for k in INT_BINARY))
def int_binary(b: Body, op: str) -> None:
    k = op.split(".")[1]
    rng = b.rng
    elem = rng.choice(INTS + ("i32", "index") if k not in SHIFTS else INTS)
    shape, dyn = shape_of(b)
    if elem == "index" and shape is not None:
        elem = "i32"
    x = operand(b, elem, shape, dyn, poison_ok=True)
    y = operand(b, elem, shape, dyn, poison_ok=k not in DIVISIONS)
    poison = x.poison or y.poison
    masked = k in SHIFTS and rng.random() < 0.7
    poison = poison or (k in SHIFTS and not masked)
    flagged = k in ("addi", "subi", "muli") and rng.random() < 0.35
    same_class = [o for o in INT_BINARY if (o in DIVISIONS) == (k in DIVISIONS)]
    if flagged:
        same_class = ["addi", "subi", "muli"]
    kind = b.knob(k, [o for o in same_class if o != k], what="op")
    flags = ""
    if flagged:
        f = rng.choice(["nsw", "nuw", "nsw, nuw"])
        flags = " overflow<" + b.knob(f, ["nsw", "nuw", "nsw, nuw"], what="overflow flags") + ">"
        poison = True

    def body(r):
        xr, yr = r
        if k in DIVISIONS:
            yr = positive(b, yr, elem)
        if masked:
            m = b.const_scalar(elem, WIDTH[elem] - 1)
            yr = emit_op(b, f"arith.andi {yr}, {m.ref} : {elem}")
        if k in COMMUTATIVE:
            ops_ = b.knob(f"{xr}, {yr}", rewrites=[f"{yr}, {xr}"], what="operand order")
        elif k in DIVISIONS:
            ops_ = f"{xr}, {yr}"
        else:
            ops_ = b.knob(f"{xr}, {yr}", [f"{yr}, {xr}"], what="operand order")
        return emit_op(b, f"arith.{kind} {ops_}{flags} : {elem}")

    result(b, elementwise(b, [x, y], elem, body, shape, dyn), elem, shape, dyn, poison)


@generator(*(f"arith.{k}" for k in FLOAT_BINARY))
def float_binary(b: Body, op: str) -> None:
    k = op.split(".")[1]
    elem = b.rng.choice(FLOATS + FLOATS + ("f16", "bf16"))
    shape, dyn = shape_of(b)
    if k in ("maxnumf", "minnumf"):  # on scalars and on f16/bf16 IREE calls libm's fmaxf (unlinkable)
        shape, dyn = shape or (4,), dyn
        elem = b.rng.choice(FLOATS)
    x = operand(b, elem, shape, dyn)
    y = operand(b, elem, shape, dyn)
    kind = b.knob(k, [o for o in FLOAT_BINARY if o != k and (o not in ("maxnumf", "minnumf") or elem in FLOATS)],
                  what="op")

    def body(r):
        xr, yr = r
        if k in COMMUTATIVE:
            ops_ = b.knob(f"{xr}, {yr}", rewrites=[f"{yr}, {xr}"], what="operand order")
        else:
            ops_ = b.knob(f"{xr}, {yr}", [f"{yr}, {xr}"], what="operand order")
        return emit_op(b, f"arith.{kind} {ops_} : {elem}")

    # maxnumf/minnumf of +0 and -0 may return either: tainted (the definition leaves it open)
    poison = x.poison or y.poison or k in ("maxnumf", "minnumf")
    result(b, elementwise(b, [x, y], elem, body, shape, dyn), elem, shape, dyn, poison)


@generator("arith.negf")
def negf(b: Body, op: str) -> None:
    elem = b.rng.choice(FLOATS + ("f16", "bf16"))
    shape, dyn = shape_of(b)
    x = operand(b, elem, shape, dyn)
    kind = b.knob("arith.negf", ["math.absf"], what="op")
    ref = elementwise(b, [x], elem, lambda r: emit_op(b, f"{kind} {r[0]} : {elem}"), shape, dyn)
    result(b, ref, elem, shape, dyn, x.poison)


@generator("arith.cmpi", "arith.cmpf")
def compare(b: Body, op: str) -> None:
    ints = op == "arith.cmpi"
    elem = b.rng.choice(INTS + ("index",)) if ints else b.rng.choice(FLOATS + ("f16",))
    shape, dyn = shape_of(b)
    if elem == "index" and shape is not None:
        elem = "i64"
    x = operand(b, elem, shape, dyn)
    y = operand(b, elem, shape, dyn)
    preds = CMPI if ints else CMPF
    p = b.rng.choice(preds)
    swapped = SWAP_CMPI[p] if ints else _swap_cmpf(p)

    def body(r):
        xr, yr = r
        text = b.knob(f"{p}, {xr}, {yr}", [f"{q}, {xr}, {yr}" for q in preds if q != p],
                      [f"{swapped}, {yr}, {xr}"], what="predicate")
        return emit_op(b, f"{op} {text} : {elem}")

    result(b, elementwise(b, [x, y], "i1", body, shape, dyn), "i1", shape, dyn, x.poison or y.poison)


def _swap_cmpf(p: str) -> str:
    if len(p) == 3 and p[0] in "ou":
        return p[0] + {"gt": "lt", "lt": "gt", "ge": "le", "le": "ge"}.get(p[1:], p[1:])
    return p


@generator("arith.select")
def select(b: Body, op: str) -> None:
    elem = b.rng.choice(INTS + FLOATS + ("i1",))
    shape, dyn = shape_of(b)
    c = operand(b, "i1", shape, dyn)
    x = operand(b, elem, shape, dyn)
    y = operand(b, elem, shape, dyn)

    def body(r):
        arms = b.knob(f"{r[1]}, {r[2]}", [f"{r[2]}, {r[1]}"], what="select arms")
        return emit_op(b, f"arith.select {r[0]}, {arms} : {elem}")

    result(b, elementwise(b, [c, x, y], elem, body, shape, dyn), elem, shape, dyn, c.poison or x.poison or y.poison)


CASTS = {  # op -> [(from, to)]
    "extsi": [("i8", "i32"), ("i16", "i64"), ("i1", "i8"), ("i32", "i64")],
    "extui": [("i8", "i32"), ("i16", "i64"), ("i1", "i8"), ("i32", "i64")],
    "trunci": [("i32", "i8"), ("i64", "i16"), ("i64", "i32"), ("i16", "i1")],
    "sitofp": [("i32", "f32"), ("i8", "f16"), ("i64", "f64"), ("i16", "bf16"), ("i64", "f32")],
    "uitofp": [("i32", "f32"), ("i8", "f16"), ("i64", "f64"), ("i16", "bf16"), ("i64", "f32")],
    "fptosi": [("f32", "i32"), ("f64", "i64"), ("f32", "i8"), ("f16", "i16")],
    "fptoui": [("f32", "i32"), ("f64", "i64"), ("f32", "i8"), ("f16", "i16")],
    "extf": [("f16", "f32"), ("bf16", "f32"), ("f32", "f64"), ("f8E4M3FN", "f32"), ("f8E5M2", "f16")],
    "truncf": [("f32", "f16"), ("f32", "bf16"), ("f64", "f32"), ("f32", "f8E4M3FN"), ("f32", "f8E5M2")],
    "index_cast": [("i32", "index"), ("index", "i32"), ("i64", "index"), ("index", "i8")],
    "index_castui": [("i32", "index"), ("index", "i32"), ("i8", "index"), ("index", "i64")],
    "bitcast": [("i32", "f32"), ("f32", "i32"), ("i16", "f16"), ("i16", "bf16"), ("f64", "i64"), ("i8", "f8E4M3FN"),
                ("f16", "bf16")],
}
PARTNER = {"extsi": "extui", "extui": "extsi", "sitofp": "uitofp", "uitofp": "sitofp", "fptosi": "fptoui",
           "fptoui": "fptosi", "index_cast": "index_castui", "index_castui": "index_cast"}


@generator(*(f"arith.{k}" for k in CASTS))
def cast(b: Body, op: str) -> None:
    k = op.split(".")[1]
    src, dst = b.rng.choice(CASTS[k])
    shape, dyn = shape_of(b)
    safe = k in ("fptosi", "fptoui") and b.rng.random() < 0.5  # from a converted i8: always in range
    x = operand(b, "i8" if safe else src, shape, dyn)
    poison = x.poison or (k in ("fptosi", "fptoui") and not safe)
    kind = b.knob(k, [PARTNER[k]] if k in PARTNER else [], what="cast")

    def body(r):
        xr = r[0]
        if safe:
            xr = emit_op(b, f"arith.{'uitofp' if k == 'fptoui' else 'sitofp'} {xr} : i8 to {src}")
        return emit_op(b, f"arith.{kind} {xr} : {src} to {dst}")

    result(b, elementwise(b, [x], dst, body, shape, dyn), dst, shape, dyn, poison)


@generator("arith.constant")
def constant(b: Body, op: str) -> None:
    """A dense constant, sometimes of more than 1000 elements, combined with an operand."""
    elem = b.rng.choice(INTS + FLOATS + ("f16", "i1"))
    large = b.rng.random() < 0.4
    shape = b.rng.choice([(1024,), (33, 32), (1001,)]) if large else b.rng.choice(SHAPES)
    k = b.dense(elem, shape, large=large)
    if b.rng.random() < 0.5 and elem not in ("i1",):
        x = b.tensor(elem, shape)
        add = "arith.addi" if is_int(elem) else "arith.addf"
        ref = elementwise(b, [k, x], elem, lambda r: emit_op(b, f"{add} {r[0]}, {r[1]} : {elem}"), shape)
        result(b, ref, elem, shape, (), x.poison)
    else:
        b.result(k)


@generator(*(f"math.{k}" for k in MATH_UNARY + MATH_BINARY))
def math_op(b: Body, op: str) -> None:
    k = op.split(".")[1]
    # no f64: IREE 3.13's llvm-cpu code calls libm for most f64 math (acos, ceil, cos, ...),
    # which its embedded ELF cannot link
    elem = b.rng.choice(("f32", "f32", "f32", "f16") if k != "erfc" else ("f32",))
    shape, dyn = shape_of(b)
    if k == "erfc":  # IREE 3.13 cannot lower math.erfc on vectors
        shape, dyn = None, ()
    x = operand(b, elem, shape, dyn)
    group = MATH_BINARY if k in MATH_BINARY else MATH_UNARY
    kind = b.knob(k, [o for o in group if o != k and b.rng.random() < 0.2] or [group[0] if k != group[0] else group[1]],
                  what="op")
    if elem == "f16" and b.rng.random() < 0.4:
        _math_on_bits(b, x, kind, k in MATH_BINARY, shape, dyn)
        return
    ins = [x] + ([operand(b, elem, shape, dyn)] if k in MATH_BINARY else [])
    ref = elementwise(b, ins, elem, lambda r: emit_op(b, f"math.{kind} {', '.join(r)} : {elem}"), shape, dyn)
    result(b, ref, elem, shape, dyn, any(v.poison for v in ins))


def _math_on_bits(b: Body, x, kind: str, binary: bool, shape, dyn) -> None:
    """The op on 16 bits read as ``f16`` (the element type a knob: ``bf16`` reads the same bits
    as another number), extended to ``f32``."""
    raw = operand(b, "i16", shape, dyn)
    t = b.knob("f16", ["bf16"], what="element type of the same bits")

    def body(r):
        v = emit_op(b, f"arith.bitcast {r[0]} : i16 to {t}")
        y = emit_op(b, f"math.{kind} {v}, {v} : {t}" if binary else f"math.{kind} {v} : {t}")
        return emit_op(b, f"arith.extf {y} : {t} to f32")

    result(b, elementwise(b, [raw], "f32", body, shape, dyn), "f32", shape, dyn, raw.poison)
    del x


@generator("ub.poison")
def poison(b: Body, op: str) -> None:
    """``select(c, poison, x)``: x where the constant condition is false (a target that flips it
    is poison where the source is not)."""
    elem = b.rng.choice(INTS + FLOATS)
    x = b.scalar(elem, poison_ok=False)
    p = b.fresh("p")
    b.emit(f"%{p} = ub.poison : {elem}")
    c = b.fresh("c")
    cond = b.rng.choice(["true", "false"])
    b.emit(f"%{c} = arith.constant {b.knob(cond, ['true' if cond == 'false' else 'false'], what='condition')}")
    n = b.fresh()
    b.emit(f"%{n} = arith.select %{c}, %{p}, {x.ref} : {elem}")
    b.result(b.value(n, elem, None, "scalar", poison=cond == "true"))


@generator("util.assume.int")
def assume_int(b: Body, op: str) -> None:
    """An ``index`` or integer value that satisfies its assumption by construction, with bounds
    that may be wider than its type."""
    elem = b.rng.choice(("index", "i32", "i64", "i8"))
    hi = b.rng.choice([7, 15, 255, 1000])
    if elem == "index":
        x = b.index_arg(0, hi)
        xref = x.ref
    else:
        hi = min(hi, int_bounds(elem)[1])
        raw = b.scalar(elem, poison_ok=False)
        m, a = b.fresh(), b.fresh()
        mask = (1 << (hi.bit_length() - 1)) - 1
        b.emit(f"%{m} = arith.constant {mask} : {elem}")
        b.emit(f"%{a} = arith.andi {raw.ref}, %{m} : {elem}")
        xref, hi = "%" + a, mask
    wide = b.rng.choice([hi, hi, 300, 70000, 1 << 40])
    bounds = f"umin = 0, umax = {wide}"
    alts = [f"umin = 0, umax = {max(hi // 2, 0)}", f"umin = 1, umax = {wide}", f"umin = 0, umax = {wide}, udiv = 2"]
    n = b.fresh()
    b.emit(f"%{n} = util.assume.int {xref}<{b.knob(bounds, alts, what='assumption')}> : {elem}")
    c = b.const_scalar(elem, 3)
    r = b.fresh()
    b.emit(f"%{r} = arith.{b.knob('addi', ['muli', 'subi'], what='op')} %{n}, {c.ref} : {elem}")
    b.result(b.value(r, elem, None, "scalar"))


@generator("util.align", modes=(HOST,))
def util_align(b: Body, op: str) -> None:
    """An integer aligned up to a constant power of two; the rewrite is IREE's lowering,
    ``(x + (a - 1)) & ~(a - 1)``, the mutation aligns to twice as much (host code, ``i32`` or
    ``i64``: IREE lowers the op there only)."""
    elem = b.rng.choice(("i32", "i64"))
    k = b.rng.choice([1, 3, 4, 6])
    x = b.scalar(elem)
    a = b.const_scalar(elem, 1 << k)
    a2 = b.const_scalar(elem, 1 << (k + 1))
    n = b.fresh()
    lowered = (f"%{n}_m = arith.constant {(1 << k) - 1} : {elem}\n"
               f"%{n}_s = arith.addi {x.ref}, %{n}_m : {elem}\n"
               f"%{n}_n = arith.constant {-(1 << k)} : {elem}\n"
               f"%{n} = arith.andi %{n}_s, %{n}_n : {elem}")
    b.emit(b.knob(f"%{n} = util.align {x.ref}, {a.ref} : {elem}", [f"%{n} = util.align {x.ref}, {a2.ref} : {elem}"],
                  [lowered], what="util.align (IREE's lowering as rewrite)"))
    b.result(b.value(n, elem, None, "scalar", poison=x.poison))


@generator("util.optimization_barrier", modes=(HOST,))
def barrier(b: Body, op: str) -> None:
    elem = b.rng.choice(INTS + FLOATS)
    shape, dyn = shape_of(b)
    x = operand(b, elem, shape, dyn)
    n = b.fresh()
    b.emit(f"%{n} = util.optimization_barrier {x.ref} : {ty(elem, shape, dyn)}")
    b.result(b.value(n, elem, shape, "scalar" if shape is None else "tensor", dyn, x.poison))


@generator("util.numeric.optional_narrow", modes=(HOST,))
def optional_narrow(b: Body, op: str) -> None:
    """On tensors at the host level (IREE drops the op in its input pipeline; a dispatch
    cannot hold it)."""
    elem = b.rng.choice(("i32", "f32"))
    shape, dyn = b.rng.choice(SHAPES), ()
    x = operand(b, elem, shape, dyn)
    narrow = b.knob('si8', ['ui7', 'si16'], what='narrow type')
    # on the tensor itself: IREE removes the op before dispatch formation, not inside a linalg body
    ref = emit_op(b, f"util.numeric.optional_narrow {x.ref} : {x.ty} as {narrow}")
    result(b, ref, elem, shape, dyn, x.poison)


@generator("func.call", "util.call", modes=(HOST,))
def call(b: Body, op: str) -> None:
    """A call of a private callee on tensors (``func.func`` or ``util.func``)."""
    elem = b.rng.choice(("i32", "f32", "i64"))
    shape = b.rng.choice(SHAPES)
    x = b.tensor(elem, shape)
    y = b.tensor(elem, shape)
    t = tensor_ty(elem, shape)
    add = "arith.addi" if is_int(elem) else "arith.addf"
    sub = "arith.subi" if is_int(elem) else "arith.subf"
    callee = f"@FN_callee{len(b.toplevel)}"
    kind = "util" if op == "util.call" else "func"
    k = b.knob(sub, [add], what="callee op")
    b.toplevel.append(f"{kind}.func private {callee}(%x: {t}, %y: {t}) -> ({t}, {t}) {{\n"
                      f"  %0 = {add} %x, %y : {t}\n  %1 = {k} %x, %y : {t}\n"
                      f"  {kind}.return %0, %1 : {t}, {t}\n}}")
    b.ops.add(f"{kind}.func")
    n = b.fresh("r")
    args = b.knob(f"{x.ref}, {y.ref}", [f"{y.ref}, {x.ref}"], what="call operands")
    b.emit(f"%{n}:2 = {op} {callee}({args}) : ({t}, {t}) -> ({t}, {t})")
    p = x.poison or y.poison
    b.result(b.value(f"{n}#0", elem, shape, poison=p))
    b.result(b.value(f"{n}#1", elem, shape, poison=p))


AFFINE = ("affine.apply", "affine.min", "affine.max", "affine.linearize_index", "affine.delinearize_index")


@generator(*AFFINE)
def affine(b: Body, op: str) -> None:
    rng = b.rng
    i, j = b.index_arg(0, 15), b.index_arg(0, 15)
    c1, c2, c3 = rng.randint(1, 4), rng.randint(0, 9), rng.randint(1, 5)
    n = b.fresh("i")
    if op == "affine.apply":
        expr = b.knob(f"d0 * {c1} + s0 + {c2}", [f"d0 * {c1 + 1} + s0 + {c2}", f"d0 + s0 * {c1} + {c2}",
                                                  f"d0 * {c1} + s0 + {c2 + 1}", f"(d0 * {c1} + s0) floordiv {c3}"],
                      [f"s0 + d0 * {c1} + {c2}"], what="affine map")
        b.emit(f"%{n} = affine.apply affine_map<(d0)[s0] -> ({expr})>({i.ref})[{j.ref}]")
        outs = [n]
    elif op in ("affine.min", "affine.max"):
        exprs = b.knob(f"d0 + {c2}, d1 * {c1}, {c2 + c3}", [f"d0 + {c2}, d1 * {c1 + 1}, {c2 + c3}", f"d0, d1 * {c1}, {c2 + c3}",
                                                            f"d0 + {c2}, d1 * {c1}, {c2 + c3 + 1}"],
                       [f"d1 * {c1}, {c2 + c3}, d0 + {c2}"], what="affine map")
        kind = b.knob(op, ["affine.max" if op == "affine.min" else "affine.min"], what="op")
        b.emit(f"%{n} = {kind} affine_map<(d0, d1) -> ({exprs})>({i.ref}, {j.ref})")
        outs = [n]
    elif op == "affine.linearize_index":
        # basis (4, 16): i < 16 would break `disjoint` only when the outer index exceeds its bound
        b.emit(f"%{n} = affine.linearize_index [{b.knob(f'{i.ref}, {j.ref}', [f'{j.ref}, {i.ref}'], what='operands')}] "
               f"by ({b.knob('16, 16', ['16, 8', '4, 16'], what='basis')}) : index")
        outs = [n]
    else:
        lin = b.fresh("l")
        b.emit(f"%{lin} = affine.apply affine_map<(d0, d1) -> (d0 * 16 + d1)>({i.ref}, {j.ref})")
        b.emit(f"%{n}:2 = affine.delinearize_index %{lin} into ({b.knob('16', ['8', '32'], what='basis')}) : index, index")
        outs = [f"{n}#0", f"{n}#1"]
    for o in outs:
        b.result(b.value(o, "index", None, "scalar"))
