"""Random small MLIR programs for the fuzzer: a program model, a generator and a printer.

A program (``Prog``) is an elementwise chain of ``arith`` ops on one shape (a scalar, or a small
static tensor, occasionally with a dynamic dim), optionally fed by a ``linalg.matmul`` (``head``)
and followed by one structural op (``tail``): a reduction (``linalg.reduce``), ``tensor.extract``,
``tensor.extract_slice``, ``linalg.transpose``, ``tensor.collapse_shape`` or ``tensor.insert``.
The chain is printed either as ``arith`` ops on tensors or as the body of one
``linalg.generic`` (``style``), so printing one program in both styles is itself a known-good
rewrite. Values are named; ``Op.args`` name earlier values, arguments or constants.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field

INTS = ("i8", "i16", "i32", "i64", "index")
FLOATS = ("f32", "f64")
WIDTH = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64, "f32": 32, "f64": 64}

INT_BINARY = ("addi", "subi", "muli", "andi", "ori", "xori", "shli", "shrsi", "shrui",
              "divsi", "divui", "remsi", "remui", "ceildivsi", "floordivsi",
              "maxsi", "minsi", "maxui", "minui")
FLAGGED = ("addi", "subi", "muli")
COMMUTATIVE = ("addi", "muli", "andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui",
               "addf", "mulf", "maximumf", "minimumf", "maxnumf", "minnumf")
FLOAT_BINARY = ("addf", "subf", "mulf", "divf", "maximumf", "minimumf", "maxnumf", "minnumf")
CMPI = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
CMPF = ("false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
        "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true")
# Float constants as bit patterns: corners and NaN payloads (quiet and signalling).
F32_BITS = (0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x40000000, 0x7F800000, 0xFF800000,
            0x7FC00000, 0x7F800001, 0xFFC00123, 0x00000001, 0x80000001, 0x7F7FFFFF, 0x3F000000)
F64_BITS = (0x0, 0x8000000000000000, 0x3FF0000000000000, 0xBFF0000000000000, 0x4000000000000000,
            0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 0x7FF0000000000001,
            0x0000000000000001, 0x7FEFFFFFFFFFFFFF, 0x3FE0000000000000)


@dataclass
class Op:
    res: str
    kind: str  # "addi", "cmpi", "select", "extsi", "const", ...
    args: list[str]
    elem: str  # result element type
    attrs: dict = field(default_factory=dict)  # flags, pred, value, ...


@dataclass
class Prog:
    """Arguments share ``shape`` (chain arguments); ``head``/``tail`` describe structural ops."""

    shape: tuple | None  # None: scalars; dims are ints, or None for a dynamic dim
    args: list[tuple[str, str]]  # (name, element type) of chain arguments
    ops: list[Op]
    ret: str
    style: str = "arith"  # "arith" | "generic"
    head: dict | None = None  # {"kind": "matmul", "m","k","n", "elem", "res"}
    tail: dict | None = None  # {"kind": ..., ...}
    extra_args: list[tuple[str, str, tuple | None]] = field(default_factory=list)  # (name, elem, shape)

    def clone(self) -> "Prog":
        return copy.deepcopy(self)

    def elem_of(self, name: str) -> str:
        for n, e in self.args:
            if n == name:
                return e
        for op in self.ops:
            if op.res == name:
                return op.elem
        if self.head and self.head["res"] == name:
            return self.head["elem"]
        raise KeyError(name)


def is_int(e: str) -> bool:
    return e in INTS or e == "i1"


# ----------------------------------------------------------------------------- generation


class Gen:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.n = 0

    def fresh(self, p: str = "v") -> str:
        self.n += 1
        return f"{p}{self.n}"


def generate(rng: random.Random) -> Prog:
    g = Gen(rng)
    r = rng.random()
    base = rng.choice(INTS + FLOATS + ("i32", "i32", "f32"))
    if r < 0.3 or base == "index":  # IREE passes no index tensors between dispatches
        shape = None
    elif r < 0.4 and base != "index":
        shape = (None,) if rng.random() < 0.7 else (2, None)
    else:
        shape = rng.choice([(4,), (3,), (2, 3), (3, 2), (2, 2)])
    dynamic = shape is not None and None in shape
    head = None
    args = [(g.fresh("a"), base) for _ in range(rng.randint(1, 3))]
    if shape is not None and len(shape) == 2 and not dynamic and rng.random() < 0.25 and base != "index":
        k = rng.randint(1, 3)
        head = {"kind": "matmul", "m": shape[0], "k": k, "n": shape[1], "elem": base, "res": g.fresh("mm"),
                "lhs": g.fresh("A"), "rhs": g.fresh("B"), "init": rng.choice(["zero", "arg"]),
                "acc": g.fresh("C")}
    p = Prog(shape, args, [], "", head=head)
    pool = [n for n, _ in args] + ([head["res"]] if head else [])
    for _ in range(rng.randint(1, 6)):
        op = _random_op(g, p, pool, allow_consts=not dynamic, index_ok=shape is None)
        if op is None:
            continue
        p.ops.append(op)
        pool.append(op.res)
    if not p.ops:
        p.ops.append(Op(g.fresh(), "addi" if is_int(base) else "addf", [args[0][0], args[-1][0]], base))
    for op in p.ops:
        if named_ok(op, shape) and rng.random() < 0.3:
            op.attrs["named"] = True
    p.ret = p.ops[-1].res
    if shape is not None and not dynamic:
        if rng.random() < 0.35:
            p.style = "generic"
        if rng.random() < 0.5:
            p.tail = _random_tail(g, p)
    return p


def _values_of(p: Prog, pool: list[str], elem: str) -> list[str]:
    return [v for v in pool if p.elem_of(v) == elem]


def _const(g: Gen, elem: str) -> Op:
    rng = g.rng
    if elem == "i1":
        v = rng.choice([0, 1])
    elif is_int(elem):
        w = WIDTH[elem]
        v = rng.choice([0, 1, 2, -1, 3, 7, -(1 << (w - 1)), (1 << (w - 1)) - 1, w - 1, w,
                        rng.randint(-100, 100)])
    else:
        v = rng.choice(F32_BITS if elem == "f32" else F64_BITS)
    return Op(g.fresh("c"), "const", [], elem, {"value": v})


def _operand(g: Gen, p: Prog, pool: list[str], elem: str, allow_consts: bool, new_ops: list[Op]) -> str | None:
    have = _values_of(p, pool, elem)
    if have and (not allow_consts or g.rng.random() < 0.75):
        return g.rng.choice(have)
    if allow_consts:
        c = _const(g, elem)
        new_ops.append(c)
        return c.res
    return None


def _random_op(g: Gen, p: Prog, pool: list[str], allow_consts: bool, index_ok: bool = True) -> Op | None:
    """One op appended to the chain (constants it needs are inserted before it)."""
    rng = g.rng
    cur = p.elem_of(rng.choice(pool))
    pre: list[Op] = []
    choice = rng.random()
    if choice < 0.6:  # binary op of the current type
        kind = rng.choice(INT_BINARY if is_int(cur) and cur != "i1" else
                          ("andi", "ori", "xori") if cur == "i1" else FLOAT_BINARY)
        a = _operand(g, p, pool, cur, allow_consts, pre)
        b = _operand(g, p, pool, cur, allow_consts, pre)
        if a is None or b is None:
            return None
        attrs = {}
        if kind in FLAGGED and rng.random() < 0.5:
            attrs["flags"] = rng.choice([("nsw",), ("nuw",), ("nsw", "nuw")])
        op = Op(g.fresh(), kind, [a, b], cur, attrs)
    elif choice < 0.75:  # select on a comparison
        a = _operand(g, p, pool, cur, allow_consts, pre)
        b = _operand(g, p, pool, cur, allow_consts, pre)
        if a is None or b is None:
            return None
        conds = _values_of(p, pool, "i1")
        if conds and rng.random() < 0.5:
            c = rng.choice(conds)
        else:
            if is_int(cur):
                cmp = Op(g.fresh(), "cmpi", [a, b], "i1", {"pred": rng.choice(CMPI)})
            else:
                cmp = Op(g.fresh(), "cmpf", [a, b], "i1", {"pred": rng.choice(CMPF)})
            pre.append(cmp)
            c = cmp.res
        x = _operand(g, p, pool, cur, allow_consts, pre) if rng.random() < 0.5 else a
        op = Op(g.fresh(), "select", [c, x, b], cur)
    elif choice < 0.85:  # a comparison kept as i1
        a = _operand(g, p, pool, cur, allow_consts, pre)
        b = _operand(g, p, pool, cur, allow_consts, pre)
        if a is None or b is None or cur == "i1":
            return None
        op = Op(g.fresh(), "cmpi" if is_int(cur) else "cmpf", [a, b], "i1",
                {"pred": rng.choice(CMPI if is_int(cur) else CMPF)})
    else:  # a cast
        a = rng.choice(_values_of(p, pool, cur))
        op = _random_cast(g, a, cur)
        if op is None or (op.elem == "index" and not index_ok):
            return None
    p.ops.extend(pre)
    pool.extend(o.res for o in pre)
    return op


def _random_cast(g: Gen, a: str, cur: str) -> Op | None:
    rng = g.rng
    if cur == "i1":
        return Op(g.fresh(), rng.choice(["extui", "extsi"]), [a], rng.choice(["i8", "i32"]))
    if cur == "index":
        return Op(g.fresh(), rng.choice(["index_cast", "index_castui"]), [a], rng.choice(["i32", "i64"]))
    if is_int(cur):
        w = WIDTH[cur]
        wider = [e for e in ("i8", "i16", "i32", "i64") if WIDTH[e] > w]
        narrower = [e for e in ("i8", "i16", "i32", "i64") if WIDTH[e] < w]
        opts = [("sitofp", rng.choice(FLOATS)), ("uitofp", rng.choice(FLOATS)),
                ("index_cast", "index"), ("index_castui", "index")]
        if wider:
            opts += [("extsi", rng.choice(wider)), ("extui", rng.choice(wider))]
        if narrower:
            opts += [("trunci", rng.choice(narrower))]
        kind, dst = rng.choice(opts)
        return Op(g.fresh(), kind, [a], dst)
    opts = [("fptosi", rng.choice(("i8", "i32", "i64"))), ("fptoui", rng.choice(("i8", "i32"))),
            ("negf", cur)]
    opts.append(("extf", "f64") if cur == "f32" else ("truncf", "f32"))
    kind, dst = rng.choice(opts)
    return Op(g.fresh(), kind, [a], dst)


def _random_tail(g: Gen, p: Prog) -> dict | None:
    rng = g.rng
    shape, elem = p.shape, p.elem_of(p.ret)
    rank = len(shape)
    kinds = ["extract", "slice", "insert"]
    if elem != "i1":
        kinds.append("reduce")
    if rank == 2:
        kinds += ["transpose", "collapse"]
    if rank == 1:
        kinds.append("expand")
    kind = rng.choice(kinds)
    t = {"kind": kind, "res": g.fresh("t")}
    if kind == "reduce":
        t["dim"] = rng.randrange(rank)
        t["comb"] = rng.choice(["addi", "muli", "maxsi", "minui", "xori"] if is_int(elem) else
                               ["addf", "maximumf", "minimumf", "mulf"])
        t["init"] = _const(g, elem).attrs["value"] if rng.random() < 0.3 else _neutral(t["comb"], elem)
    elif kind in ("extract", "insert"):
        t["index"] = [rng.randrange(d) for d in shape]
        if kind == "insert":
            t["scalar"] = g.fresh("s")
    elif kind == "slice":
        t["strides"] = [rng.choice([1, 2]) if d >= 3 else 1 for d in shape]
        t["sizes"] = [rng.randint(1, (d - 1) // st + 1) for d, st in zip(shape, t["strides"])]
        t["offsets"] = [rng.randint(0, slice_room(d, n, st)) for d, n, st in zip(shape, t["sizes"], t["strides"])]
    elif kind == "expand":
        t["out"] = rng.choice([(1, shape[0]), (shape[0], 1)])
    elif kind == "transpose":
        t["perm"] = [1, 0]
    return t


def slice_room(dim: int, size: int, stride: int) -> int:
    """The largest in-bounds offset of a slice of ``size`` elements ``stride`` apart."""
    return dim - 1 - (size - 1) * stride


def _neutral(comb: str, elem: str):
    if comb in ("addi", "xori"):
        return 0
    if comb == "muli":
        return 1
    if comb == "maxsi":
        return -(1 << (WIDTH[elem] - 1))
    if comb == "minui":
        return -1
    bits = {"addf": (0x80000000, 0x8000000000000000), "mulf": (0x3F800000, 0x3FF0000000000000),
            "maximumf": (0xFF800000, 0xFFF0000000000000), "minimumf": (0x7F800000, 0x7FF0000000000000)}
    return bits[comb][0 if elem == "f32" else 1]


# ----------------------------------------------------------------------------- printing


def ty_text(elem: str, shape) -> str:
    if shape is None:
        return elem
    if len(shape) == 0:
        return f"tensor<{elem}>"
    return "tensor<" + "x".join("?" if d is None else str(d) for d in shape) + f"x{elem}>"


def const_text(value, elem: str) -> str:
    if elem in FLOATS:
        digits = 8 if elem == "f32" else 16
        return f"0x{value & ((1 << WIDTH[elem]) - 1):0{digits}X}"
    if elem == "i1":
        return "true" if value & 1 else "false"
    return str(value)


def _scalar_op_text(op: Op, ty_of) -> str:
    """One op (``%res = ...``) with operand and result types given by ``ty_of(elem)``."""
    k, a = op.kind, [f"%{x}" for x in op.args]
    t = ty_of(op.elem)
    if k == "const":
        if t == op.elem:
            suffix = "" if t == "i1" else f" : {t}"  # `true`/`false` carry their type
            return f"%{op.res} = arith.constant {const_text(op.attrs['value'], op.elem)}{suffix}"
        return f"%{op.res} = arith.constant dense<{const_text(op.attrs['value'], op.elem)}> : {t}"
    if k in ("cmpi", "cmpf"):
        return f"%{op.res} = arith.{k} {op.attrs['pred']}, {a[0]}, {a[1]} : {ty_of(op.attrs['in'])}"
    if k == "select":
        ct = ty_of("i1")
        if ct == "i1":
            return f"%{op.res} = arith.select {a[0]}, {a[1]}, {a[2]} : {t}"
        return f"%{op.res} = arith.select {a[0]}, {a[1]}, {a[2]} : {ct}, {t}"
    if k == "negf":
        return f"%{op.res} = arith.negf {a[0]} : {t}"
    if len(a) == 1:
        return f"%{op.res} = arith.{k} {a[0]} : {ty_of(op.attrs['in'])} to {t}"
    flags = op.attrs.get("flags")
    fl = f" overflow<{', '.join(flags)}>" if flags else ""
    return f"%{op.res} = arith.{k} {a[0]}, {a[1]}{fl} : {t}"


NAMED_KIND = {"addi": "add", "addf": "add", "subi": "sub", "subf": "sub", "muli": "mul", "mulf": "mul",
              "divf": "div", "divsi": "div", "divui": "div_unsigned", "maxsi": "max_signed",
              "maximumf": "max_signed", "minsi": "min_signed", "minimumf": "min_signed",
              "maxui": "max_unsigned", "minui": "min_unsigned", "select": "select", "negf": "negf"}


def named_ok(op: Op, shape) -> bool:
    """Can ``op`` on tensors of ``shape`` be printed as ``linalg.elementwise``?"""
    return (shape is not None and None not in shape and op.kind in NAMED_KIND and not op.attrs.get("flags")
            and not (op.elem == "i1" and op.kind != "select"))


def _named_text(op: Op, p: Prog) -> list[str]:
    """``op`` as ``linalg.elementwise`` (ArithOps' named-op form; MLIR's LinalgStructuredOps)."""
    t = ty_text(op.elem, p.shape)
    ins = ", ".join(f"%{a}" for a in op.args)
    in_tys = ", ".join(ty_text(p.elem_of(a), p.shape) for a in op.args)
    return [f"%{op.res}_e = tensor.empty() : {t}",
            f"%{op.res} = linalg.elementwise <{NAMED_KIND[op.kind]}> "
            f"ins({ins} : {in_tys}) outs(%{op.res}_e : {t}) -> {t}"]


def annotate(p: Prog) -> None:
    """Record operand types of comparisons and casts (``attrs['in']``) for printing."""
    for op in p.ops:
        if op.kind in ("cmpi", "cmpf") or (len(op.args) == 1 and op.kind not in ("negf",)):
            op.attrs["in"] = p.elem_of(op.args[0])


def print_func(p: Prog, name: str) -> str:
    annotate(p)
    lines: list[str] = []
    params = []
    chain_args = p.args
    for n, e in chain_args:
        params.append(f"%{n}: {ty_text(e, p.shape)}")
    h = p.head
    if h:
        params += [f"%{h['lhs']}: {ty_text(h['elem'], (h['m'], h['k']))}",
                   f"%{h['rhs']}: {ty_text(h['elem'], (h['k'], h['n']))}"]
        if h["init"] == "arg":
            params.append(f"%{h['acc']}: {ty_text(h['elem'], (h['m'], h['n']))}")
    tl = p.tail
    if tl and tl["kind"] == "insert":
        params.append(f"%{tl['scalar']}: {p.elem_of(p.ret)}")
    if h:
        _print_matmul(p, lines)
    ret_elem = p.elem_of(p.ret)
    if p.style == "generic":
        _print_generic(p, lines)
    else:
        for op in p.ops:
            if op.attrs.get("named") and named_ok(op, p.shape):
                lines += _named_text(op, p)
            else:
                lines.append(_scalar_op_text(op, lambda e: ty_text(e, p.shape)))
    ret, ret_ty = p.ret, ty_text(ret_elem, p.shape)
    if tl:
        ret, ret_ty = _print_tail(p, lines)
    body = "\n".join("  " + ln for ln in lines)
    return (f"func.func @{name}({', '.join(params)}) -> {ret_ty} {{\n{body}\n"
            f"  return %{ret} : {ret_ty}\n}}")


def _print_matmul(p: Prog, lines: list[str]) -> None:
    h = p.head
    e = h["elem"]
    ct = ty_text(e, (h["m"], h["n"]))
    acc = h["acc"]
    if h["init"] == "zero":
        zero = "0x00000000" if e == "f32" else "0x0000000000000000" if e == "f64" else "0"
        lines.append(f"%{acc}_z = arith.constant {zero} : {e}")
        lines.append(f"%{acc}_e = tensor.empty() : {ct}")
        lines.append(f"%{acc} = linalg.fill ins(%{acc}_z : {e}) outs(%{acc}_e : {ct}) -> {ct}")
    lines.append(f"%{h['res']} = linalg.matmul ins(%{h['lhs']}, %{h['rhs']} : {ty_text(e, (h['m'], h['k']))}, "
                 f"{ty_text(e, (h['k'], h['n']))}) outs(%{acc} : {ct}) -> {ct}")


def _print_generic(p: Prog, lines: list[str]) -> None:
    rank = len(p.shape)
    dims = ", ".join(f"d{i}" for i in range(rank))
    idmap = f"affine_map<({dims}) -> ({dims})>"
    inputs = [n for n, _ in p.args] + ([p.head["res"]] if p.head else [])
    used = {a for op in p.ops for a in op.args}
    inputs = [n for n in inputs if n in used] or inputs[:1]
    ret_elem = p.elem_of(p.ret)
    out_ty = ty_text(ret_elem, p.shape)
    lines.append(f"%{p.ret}_init = tensor.empty() : {out_ty}")
    maps = ", ".join([idmap] * (len(inputs) + 1))
    iters = ", ".join(['"parallel"'] * rank)
    ins = ", ".join(f"%{n}" for n in inputs)
    ins_ty = ", ".join(ty_text(p.elem_of(n), p.shape) for n in inputs)
    lines.append(f"%{p.ret} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iters}]}} "
                 f"ins({ins} : {ins_ty}) outs(%{p.ret}_init : {out_ty}) {{")
    bb = ", ".join(f"%{n}_s: {p.elem_of(n)}" for n in inputs)
    lines.append(f"^bb0({bb}, %out_s: {ret_elem}):")
    ren = {n: f"{n}_s" for n in inputs}
    for op in p.ops:
        o2 = Op(op.res + "_s", op.kind, [ren.get(a, a + "_s") for a in op.args], op.elem, op.attrs)
        lines.append("  " + _scalar_op_text(o2, lambda e: e))
    lines.append(f"  linalg.yield %{p.ret}_s : {ret_elem}")
    lines.append(f"}} -> {out_ty}")


def _print_tail(p: Prog, lines: list[str]) -> tuple[str, str]:
    tl, shape, e = p.tail, p.shape, p.elem_of(p.ret)
    src, res = p.ret, tl["res"]
    st = ty_text(e, shape)
    k = tl["kind"]
    if k in ("extract", "insert", "cextract"):
        idx = []
        for i, v in enumerate(tl["index"]):
            lines.append(f"%{res}_i{i} = arith.constant {v} : index")
            idx.append(f"%{res}_i{i}")
        if k == "extract":
            lines.append(f"%{res} = tensor.extract %{src}[{', '.join(idx)}] : {st}")
            return res, e
        if k == "cextract":  # collapse to 1-D, then extract at the row-major position
            flat = tl["index"][0] * shape[1] + tl["index"][1]
            ft = ty_text(e, (shape[0] * shape[1],))
            lines.append(f"%{res}_flat = tensor.collapse_shape %{src} [[0, 1]] : {st} into {ft}")
            lines.append(f"%{res}_p = arith.constant {flat} : index")
            lines.append(f"%{res} = tensor.extract %{res}_flat[%{res}_p] : {ft}")
            return res, e
        lines.append(f"%{res} = tensor.insert %{tl['scalar']} into %{src}[{', '.join(idx)}] : {st}")
        return res, st
    if k == "slice":
        rt = ty_text(e, tuple(tl["sizes"]))
        lines.append(f"%{res} = tensor.extract_slice %{src}[{', '.join(map(str, tl['offsets']))}] "
                     f"[{', '.join(map(str, tl['sizes']))}] [{', '.join(map(str, tl['strides']))}] : {st} to {rt}")
        return res, rt
    if k == "expand":
        rt = ty_text(e, tl["out"])
        lines.append(f"%{res} = tensor.expand_shape %{src} [[0, 1]] output_shape [{tl['out'][0]}, {tl['out'][1]}] "
                     f": {st} into {rt}")
        return res, rt
    if k == "transpose":
        rt = ty_text(e, (shape[1], shape[0]))
        lines.append(f"%{res}_e = tensor.empty() : {rt}")
        lines.append(f"%{res} = linalg.transpose ins(%{src} : {st}) outs(%{res}_e : {rt}) permutation = [1, 0]")
        return res, rt
    if k == "collapse":
        rt = ty_text(e, (shape[0] * shape[1],))
        lines.append(f"%{res} = tensor.collapse_shape %{src} [[0, 1]] : {st} into {rt}")
        return res, rt
    # reduce
    out_shape = tuple(d for i, d in enumerate(shape) if i != tl["dim"])
    rt = ty_text(e, out_shape)
    lines.append(f"%{res}_c = arith.constant {const_text(tl['init'], e)} : {e}")
    lines.append(f"%{res}_e = tensor.empty() : {rt}")
    lines.append(f"%{res}_f = linalg.fill ins(%{res}_c : {e}) outs(%{res}_e : {rt}) -> {rt}")
    lines.append(f"%{res} = linalg.reduce ins(%{src} : {st}) outs(%{res}_f : {rt}) dimensions = [{tl['dim']}]")
    lines.append(f"  (%{res}_x: {e}, %{res}_a: {e}) {{")
    lines.append(f"    %{res}_r = arith.{tl['comb']} %{res}_x, %{res}_a : {e}")
    lines.append(f"    linalg.yield %{res}_r : {e}")
    lines.append("  }")
    return res, rt


def signature(p: Prog) -> list[tuple[str, tuple | None]]:
    """(element type, shape) of each function argument in order (dynamic dims as None)."""
    sig = [(e, p.shape) for _, e in p.args]
    h = p.head
    if h:
        sig += [(h["elem"], (h["m"], h["k"])), (h["elem"], (h["k"], h["n"]))]
        if h["init"] == "arg":
            sig.append((h["elem"], (h["m"], h["n"])))
    if p.tail and p.tail["kind"] == "insert":
        sig.append((p.elem_of(p.ret), None))
    return sig


def pair_text(src: Prog, tgt: Prog, names=("src", "tgt")) -> str:
    return print_func(src, names[0]) + "\n\n" + print_func(tgt, names[1]) + "\n"
