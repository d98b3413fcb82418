"""Random small Relax programs for the fuzzer (TVMScript text), their targets, and a reference
for where TVM leaves a result unspecified.

A program is a dataflow chain of elementwise ops on one static shape (binary arithmetic,
comparisons, ``where``, unary ops including the roundings ``floor``/``ceil``/``round``/``trunc``,
``astype``, scalar ``R.const`` operands), optionally fed by ``R.matmul`` and followed by one
structural op: a reduction (``sum``/``max``/``min``/``mean`` over one axis), ``permute_dims``,
``reshape``, ``take`` with constant in-range indices, or a softmax over one axis, either
``R.nn.softmax`` or written out (``exp(x - max) / sum``, with or without the max subtraction).
The model reuses ``mlir_prog.Op``; element types are TVM dtype names.

``undefined`` marks output elements whose value TVM does not define: ``astype`` of NaN, an
infinity or an out-of-range float to an integer type (a C conversion with undefined result).
Integer arithmetic wraps, as TVM executes it, so it is not undefined.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field

import numpy as np

from irverify.fuzz.mlir_prog import Op

FLOATS = ("float32",)
INTS = ("int32", "int64", "int8")
BINARY = ("add", "subtract", "multiply", "maximum", "minimum")
COMMUTATIVE = ("add", "multiply", "maximum", "minimum")
CMP = ("less", "greater", "equal", "not_equal", "less_equal", "greater_equal")
SWAPPED = {"less": "greater", "greater": "less", "equal": "equal", "not_equal": "not_equal",
           "less_equal": "greater_equal", "greater_equal": "less_equal"}
UNARY_ANY = ("negative", "abs")
UNARY_FLOAT = ("exp", "tanh", "floor", "ceil", "round", "trunc", "sqrt")
ROUNDINGS = ("floor", "ceil", "round", "trunc")  # drawn twice as often as the other unary ops
# How a softmax tail is written: the op, exp(x - max(x)) / sum (what TVM computes), exp(x) / sum.
SOFTMAX_FORMS = ("op", "explicit", "naive")
FLOAT_CONSTS = (0.0, -0.0, 1.0, -1.0, 2.0, 0.5, -1.5, 3.0, 1e30, 1e-40)
NP = {"float32": np.float32, "int32": np.int32, "int64": np.int64, "int8": np.int8, "bool": np.bool_}


@dataclass
class Prog:
    shape: tuple
    args: list[tuple[str, str]]
    ops: list[Op]
    ret: str
    head: dict | None = None
    tail: dict | None = None

    def clone(self) -> "Prog":
        return copy.deepcopy(self)

    def elem_of(self, name: str) -> str:
        for n, e in self.args:
            if n == name:
                return e
        for o in self.ops:
            if o.res == name:
                return o.elem
        if self.head and self.head["res"] == name:
            return self.head["elem"]
        raise KeyError(name)


def _int_consts(dtype: str) -> list[int]:
    info = np.iinfo(NP[dtype])
    return [0, 1, -1, 2, 7, int(info.min), int(info.max)]


def generate(rng: random.Random) -> Prog:
    n = [0]

    def fresh(p="v"):
        n[0] += 1
        return f"{p}{n[0]}"

    base = rng.choice(("float32", "float32", "int32", "int64", "int8"))
    shape = rng.choice([(4,), (3,), (2, 3), (3, 2), (2, 2), (2, 3, 2)])
    args = [(fresh("a"), base) for _ in range(rng.randint(1, 3))]
    head = None
    if len(shape) == 2 and base in ("float32", "int32") and rng.random() < 0.25:
        head = {"res": fresh("mm"), "lhs": fresh("A"), "rhs": fresh("B"), "k": rng.randint(1, 3), "elem": base}
    p = Prog(shape, args, [], "", head)
    pool = [a for a, _ in args] + ([head["res"]] if head else [])
    for _ in range(rng.randint(1, 6)):
        op = _random_op(rng, p, pool, fresh)
        if op:
            p.ops.append(op)
            pool.append(op.res)
    if not p.ops:
        p.ops.append(Op(fresh(), "add", [args[0][0], args[-1][0]], base))
    p.ret = p.ops[-1].res
    if rng.random() < 0.5:
        p.tail = _random_tail(rng, p, fresh)
    return p


def _operand(rng, p, pool, elem, fresh, pre, const_ok=True):
    """A value of ``elem`` of the program's shape from ``pool``, or (``const_ok``) a new scalar
    constant (broadcast by the op)."""
    have = [v for v in pool if p.elem_of(v) == elem]
    if have and (not const_ok or rng.random() < 0.8):
        return rng.choice(have)
    if elem == "bool" or not const_ok:
        return None
    c = Op(fresh("c"), "const", [], elem,
           {"value": rng.choice(FLOAT_CONSTS if elem in FLOATS else _int_consts(elem))})
    pre.append(c)
    return c.res


def _random_op(rng, p, pool, fresh):
    cur = p.elem_of(rng.choice(pool))
    pre: list[Op] = []
    r = rng.random()
    if cur == "bool":
        r = 0.9
    if r < 0.55:
        kind = rng.choice(BINARY + (("divide",) if cur in FLOATS else ()))
        a, b = _operand(rng, p, pool, cur, fresh, pre, False), _operand(rng, p, pool, cur, fresh, pre)
        if rng.random() < 0.5:
            a, b = b, a
        op = Op(fresh(), kind, [a, b], cur)
    elif r < 0.7:
        a, b = _operand(rng, p, pool, cur, fresh, pre, False), _operand(rng, p, pool, cur, fresh, pre)
        conds = [v for v in pool if p.elem_of(v) == "bool"]
        if conds and rng.random() < 0.5:
            c = rng.choice(conds)
        else:
            cmp = Op(fresh(), rng.choice(CMP), [a, b], "bool")
            pre.append(cmp)
            c = cmp.res
        op = Op(fresh(), "where", [c, a, b], cur)
    elif r < 0.85:
        kind = rng.choice(("negative",) + (("abs",) + UNARY_FLOAT + ROUNDINGS if cur in FLOATS else ()))
        op = Op(fresh(), kind, [_operand(rng, p, pool, cur, fresh, pre, False)], cur)
        if op.args[0] is None:
            return None
    else:
        a = rng.choice([v for v in pool if p.elem_of(v) == cur])
        dst = rng.choice([d for d in ("float32", "int32", "int64", "int8") if d != cur])
        op = Op(fresh(), "astype", [a], dst)
    if any(x is None for x in op.args):
        return None
    p.ops.extend(pre)
    pool.extend(o.res for o in pre if o.kind != "const")  # constants are scalars, not of the shape
    return op


def _random_tail(rng, p, fresh):
    rank = len(p.shape)
    elem = p.elem_of(p.ret)
    kinds = ["sum", "max", "min", "take", "reshape"] + (["mean", "softmax", "softmax"] if elem in FLOATS else [])
    if rank >= 2:
        kinds.append("permute")
    k = rng.choice(kinds)
    t = {"kind": k, "res": fresh("t")}
    if k in ("sum", "max", "min", "mean"):
        t["axis"] = rng.randrange(rank)
    elif k == "softmax":
        t["axis"] = rng.randrange(rank)
        t["form"] = rng.choice(("op", "op", "explicit"))
    elif k == "take":
        t["axis"] = rng.randrange(rank)
        t["indices"] = [rng.randrange(p.shape[t["axis"]]) for _ in range(rng.randint(1, 3))]
        t["mode"] = rng.choice(["fast", "clip", "wrap"])
    elif k == "permute":
        perm = list(range(rank))
        while perm == list(range(rank)):
            rng.shuffle(perm)
        t["axes"] = perm
    elif k == "reshape":
        t["new"] = [int(np.prod(p.shape))] if rng.random() < 0.5 else list(reversed(p.shape))
    return t


# ----------------------------------------------------------------------------- printing


def _tensor(shape, dtype) -> str:
    dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
    return f'R.Tensor(({dims}), "{dtype}")'


def _const_text(v, dtype) -> str:
    if dtype in FLOATS:
        return f'R.const({v!r}, "{dtype}")'
    return f'R.const({int(v)}, "{dtype}")'


def _op_text(o: Op) -> str:
    a = o.args
    if o.kind == "const":
        return f"{o.res} = {_const_text(o.attrs['value'], o.elem)}"
    if o.kind == "astype":
        return f'{o.res} = R.astype({a[0]}, "{o.elem}")'
    return f"{o.res} = R.{o.kind}({', '.join(a)})"


def result_shape(p: Prog) -> tuple:
    tl = p.tail
    if not tl:
        return p.shape
    k = tl["kind"]
    if k in ("sum", "max", "min", "mean"):
        return tuple(d for i, d in enumerate(p.shape) if i != tl["axis"])
    if k == "take":
        return tuple(len(tl["indices"]) if i == tl["axis"] else d for i, d in enumerate(p.shape))
    if k == "permute":
        return tuple(p.shape[i] for i in tl["axes"])
    if k == "softmax":
        return p.shape
    return tuple(tl["new"])


def print_func(p: Prog, name: str) -> str:
    params = [f"{n}: {_tensor(p.shape, e)}" for n, e in p.args]
    h = p.head
    if h:
        params += [f"{h['lhs']}: {_tensor((p.shape[0], h['k']), h['elem'])}",
                   f"{h['rhs']}: {_tensor((h['k'], p.shape[1]), h['elem'])}"]
    lines = []
    if h:
        lines.append(f"{h['res']} = R.matmul({h['lhs']}, {h['rhs']})")
    lines += [_op_text(o) for o in p.ops]
    ret = p.ret
    tl = p.tail
    if tl:
        k, r = tl["kind"], tl["res"]
        if k in ("sum", "max", "min", "mean"):
            lines.append(f"{r} = R.{k}({ret}, axis=[{tl['axis']}])")
        elif k == "take":
            idx = f'R.const({tl["indices"]}, "int64")'
            lines.append(f'{r} = R.take({ret}, {idx}, axis={tl["axis"]}, mode="{tl["mode"]}")')
        elif k == "permute":
            lines.append(f"{r} = R.permute_dims({ret}, axes={tl['axes']})")
        elif k == "softmax":
            lines += _softmax_lines(ret, r, tl)
        else:
            lines.append(f"{r} = R.reshape({ret}, {tuple(tl['new'])})")
        ret = r
    rt = _tensor(result_shape(p), p.elem_of(p.ret))
    body = "\n".join("            " + ln for ln in lines)
    return (f"    @R.function\n    def {name}({', '.join(params)}) -> {rt}:\n"
            f"        with R.dataflow():\n{body}\n            R.output({ret})\n        return {ret}\n")


def _softmax_lines(x: str, r: str, tl: dict) -> list[str]:
    a = tl["axis"]
    if tl["form"] == "op":
        return [f"{r} = R.nn.softmax({x}, axis={a})"]
    lines = []
    if tl["form"] == "explicit":
        lines += [f"{r}m = R.max({x}, axis=[{a}], keepdims=True)", f"{r}d = R.subtract({x}, {r}m)"]
        x = f"{r}d"
    return lines + [f"{r}e = R.exp({x})", f"{r}s = R.sum({r}e, axis=[{a}], keepdims=True)",
                    f"{r} = R.divide({r}e, {r}s)"]


def module_text(funcs: list[tuple[Prog, str]]) -> str:
    return "@I.ir_module\nclass Module:\n" + "\n".join(print_func(p, n) for p, n in funcs)


def pair_text(src: Prog, tgt: Prog, names=("src", "tgt")) -> str:
    return module_text([(src, names[0]), (tgt, names[1])])


def signature(p: Prog) -> list[tuple[str, tuple]]:
    sig = [(e, p.shape) for _, e in p.args]
    if p.head:
        h = p.head
        sig += [(h["elem"], (p.shape[0], h["k"])), (h["elem"], (h["k"], p.shape[1]))]
    return sig


# ----------------------------------------------------------------------------- reference


def undefined(p: Prog, args: list) -> tuple[bool, np.ndarray]:
    """(False, mask of output elements TVM leaves unspecified) at numpy inputs ``args``."""
    env, bad = {}, {}
    for (n, e), a in zip(p.args, args):
        env[n], bad[n] = np.asarray(a), np.zeros(p.shape, dtype=bool)
    if p.head:
        A, B = args[len(p.args)], args[len(p.args) + 1]
        with np.errstate(all="ignore"):
            env[p.head["res"]] = np.matmul(A, B)
        bad[p.head["res"]] = np.zeros(p.shape, dtype=bool)
    with np.errstate(all="ignore"):
        for o in p.ops:
            if o.kind == "const":
                env[o.res] = np.full(p.shape, o.attrs["value"], dtype=NP[o.elem])
                bad[o.res] = np.zeros(p.shape, dtype=bool)
                continue
            ins = [env[a] for a in o.args]
            mask = np.zeros(p.shape, dtype=bool)
            for a in o.args:
                mask = mask | bad[a]
            if o.kind == "where":
                c = ins[0].astype(bool)
                mask = bad[o.args[0]] | np.where(c, bad[o.args[1]], bad[o.args[2]])
                env[o.res] = np.where(c, ins[1], ins[2])
            elif o.kind == "astype":
                x = ins[0]
                if x.dtype.kind == "f" and o.elem != "float32":
                    info = np.iinfo(NP[o.elem])
                    t = np.trunc(x.astype(np.float64))
                    mask = mask | ~np.isfinite(t) | (t < info.min) | (t > info.max)
                    env[o.res] = np.where(mask, 0, np.nan_to_num(t)).astype(NP[o.elem])
                else:
                    env[o.res] = x.astype(NP[o.elem])
            else:
                env[o.res] = _numpy_op(o.kind, ins)
            bad[o.res] = mask
    out = bad[p.ret]
    tl = p.tail
    if tl:
        k = tl["kind"]
        if k in ("sum", "max", "min", "mean"):
            out = out.any(axis=tl["axis"])
        elif k == "take":
            out = np.take(out, tl["indices"], axis=tl["axis"])
        elif k == "permute":
            out = np.transpose(out, tl["axes"])
        elif k == "softmax":
            out = np.broadcast_to(out.any(axis=tl["axis"], keepdims=True), out.shape)
        else:
            out = out.reshape(tl["new"])
    return False, out


def _numpy_op(kind, ins):
    f = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide,
         "maximum": np.maximum, "minimum": np.minimum, "less": np.less, "greater": np.greater,
         "equal": np.equal, "not_equal": np.not_equal, "less_equal": np.less_equal,
         "greater_equal": np.greater_equal, "negative": np.negative, "abs": np.abs, "exp": np.exp,
         "tanh": np.tanh, "floor": np.floor, "ceil": np.ceil, "round": np.round, "trunc": np.trunc,
         "sqrt": np.sqrt}[kind]
    return f(*ins)
