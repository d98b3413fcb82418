"""Where a fuzzed MLIR program is undefined: a small reference interpreter (numpy, no z3).

``undefined(prog, args)`` evaluates a ``mlir_prog.Prog`` at concrete inputs and returns whether
the program has undefined behaviour there and, per output element, whether it is poison (or
one of several values the op definitions allow). An execution difference is a real one only
where the source is defined and not poison. The rules follow the arith op definitions
(mlir/Dialect/Arith/IR/ArithOps.td):

* ``addi``/``subi``/``muli`` with ``nsw``/``nuw``: signed/unsigned overflow is poison;
* ``shli``/``shrsi``/``shrui`` by at least the bit width: poison;
* ``divsi``/``divui``/``remsi``/``remui``/``ceildivsi``/``floordivsi`` by zero or by a poison
  divisor (which may be zero), and the signed ones on ``INT_MIN / -1`` or a poison dividend
  (which may be INT_MIN) by -1: undefined behaviour;
* ``fptosi``/``fptoui`` of NaN or of a value out of the result's range: poison;
* ``maxnumf``/``minnumf`` of +0.0 and -0.0: either operand (marked like poison);
* ``select``: a poison condition is poison, otherwise the chosen operand's poison; every other
  op propagates poison from its operands; a reduction or matmul element is poison when any
  element it combines is.
"""

from __future__ import annotations

import math

import numpy as np

from irverify.fuzz.mlir_prog import WIDTH, Op, Prog, is_int

NP_FLOAT = {"f32": np.float32, "f64": np.float64}
NP_UINT = {"f32": np.uint32, "f64": np.uint64}


DIVISIONS = ("divsi", "divui", "remsi", "remui", "ceildivsi", "floordivsi")


class UB(Exception):
    pass


def _signed(u: int, w: int) -> int:
    return u - (1 << w) if w > 1 and u >= 1 << (w - 1) else u


def _wrap(v: int, w: int) -> int:
    return v % (1 << w)


def _float(bits_or_value, elem: str, is_bits: bool):
    if is_bits:
        return np.array(bits_or_value, dtype=NP_UINT[elem]).view(NP_FLOAT[elem])[()]
    return NP_FLOAT[elem](bits_or_value)


def _to_elem_value(x, elem: str):
    """A numpy input element as the interpreter's value (ints unsigned mod 2^w)."""
    if is_int(elem):
        return _wrap(int(x), WIDTH[elem])
    return NP_FLOAT[elem](x)


def _int_binary(kind: str, a: int, b: int, w: int, flags) -> tuple[int, bool]:
    sa, sb = _signed(a, w), _signed(b, w)
    smin = -(1 << (w - 1))
    if kind in ("addi", "subi", "muli"):
        f = {"addi": lambda x, y: x + y, "subi": lambda x, y: x - y, "muli": lambda x, y: x * y}[kind]
        s, u = f(sa, sb), f(a, b)
        poison = ("nsw" in flags and not (smin <= s < -smin)) or ("nuw" in flags and not (0 <= u < 1 << w))
        return _wrap(u, w), poison
    if kind == "andi":
        return a & b, False
    if kind == "ori":
        return a | b, False
    if kind == "xori":
        return a ^ b, False
    if kind in ("shli", "shrsi", "shrui"):
        if b >= w:
            return 0, True
        if kind == "shli":
            return _wrap(a << b, w), False
        if kind == "shrui":
            return a >> b, False
        return _wrap(sa >> b, w), False
    if kind in ("divsi", "remsi", "ceildivsi", "floordivsi"):
        if sb == 0 or (sa == smin and sb == -1):
            raise UB(kind)
        q = abs(sa) // abs(sb) * (1 if (sa >= 0) == (sb >= 0) else -1)  # truncating
        if kind == "divsi":
            return _wrap(q, w), False
        if kind == "remsi":
            return _wrap(sa - q * sb, w), False
        exact = sa - q * sb == 0
        if kind == "ceildivsi":
            return _wrap(q + (0 if exact or (sa >= 0) != (sb >= 0) else 1), w), False
        return _wrap(q - (0 if exact or (sa >= 0) == (sb >= 0) else 1), w), False
    if kind in ("divui", "remui"):
        if b == 0:
            raise UB(kind)
        return (a // b if kind == "divui" else a % b), False
    if kind == "maxsi":
        return (a if sa >= sb else b), False
    if kind == "minsi":
        return (a if sa <= sb else b), False
    if kind == "maxui":
        return max(a, b), False
    if kind == "minui":
        return min(a, b), False
    raise ValueError(kind)


def _float_binary(kind: str, x, y) -> tuple[object, bool]:
    with np.errstate(all="ignore"):
        if kind == "addf":
            return x + y, False
        if kind == "subf":
            return x - y, False
        if kind == "mulf":
            return x * y, False
        if kind == "divf":
            return x / y, False
        if kind in ("maximumf", "minimumf"):
            if np.isnan(x) or np.isnan(y):
                return type(x)(np.nan), False
            if x == 0 and y == 0:
                neg = np.signbit(x) and np.signbit(y) if kind == "maximumf" else np.signbit(x) or np.signbit(y)
                return type(x)(-0.0 if neg else 0.0), False
            return (max(x, y) if kind == "maximumf" else min(x, y)), False
        if kind in ("maxnumf", "minnumf"):
            if np.isnan(x):
                return y, False
            if np.isnan(y):
                return x, False
            if x == 0 and y == 0 and np.signbit(x) != np.signbit(y):
                return x, True  # either operand
            return (max(x, y) if kind == "maxnumf" else min(x, y)), False
    raise ValueError(kind)


def _cmpi(pred: str, a: int, b: int, w: int) -> int:
    sa, sb = _signed(a, w), _signed(b, w)
    return int({"eq": a == b, "ne": a != b, "slt": sa < sb, "sle": sa <= sb, "sgt": sa > sb,
                "sge": sa >= sb, "ult": a < b, "ule": a <= b, "ugt": a > b, "uge": a >= b}[pred])


def _cmpf(pred: str, x, y) -> int:
    if pred in ("true", "false"):
        return int(pred == "true")
    uno = bool(np.isnan(x) or np.isnan(y))
    if pred == "ord":
        return int(not uno)
    if pred == "uno":
        return int(uno)
    rel = {"eq": x == y, "gt": x > y, "ge": x >= y, "lt": x < y, "le": x <= y, "ne": x != y}[pred[1:]]
    return int(bool(rel) and not uno) if pred[0] == "o" else int(bool(rel) or uno)


def _cast(kind: str, v, src: str, dst: str) -> tuple[object, bool]:
    if kind in ("extsi", "index_cast"):
        if is_int(dst) and WIDTH[dst] < WIDTH[src]:
            return _wrap(v, WIDTH[dst]), False
        return _wrap(_signed(v, WIDTH[src]) if src != "i1" else -v, WIDTH[dst]), False
    if kind in ("extui", "index_castui", "trunci"):
        return _wrap(v, WIDTH[dst]), False
    if kind in ("sitofp", "uitofp"):
        n = _signed(v, WIDTH[src]) if kind == "sitofp" and src != "i1" else (-v if kind == "sitofp" else v)
        return _round_int_to_float(n, dst), False
    if kind in ("fptosi", "fptoui"):
        if not np.isfinite(v):
            return 0, True
        n = math.trunc(float(v))
        w = WIDTH[dst]
        lo, hi = (-(1 << (w - 1)), 1 << (w - 1)) if kind == "fptosi" else (0, 1 << w)
        if not lo <= n < hi:
            return 0, True
        return _wrap(n, w), False
    if kind == "negf":
        return -v, False
    if kind in ("extf", "truncf"):
        with np.errstate(all="ignore"):
            return NP_FLOAT[dst](v), False
    raise ValueError(kind)


def _round_int_to_float(n: int, dst: str):
    # Python's int -> float is round-to-nearest-even for f64; f32 rounds the exact value once.
    if dst == "f64":
        return np.float64(float(n)) if abs(n) < 1 << 1023 else np.float64(math.copysign(math.inf, n))
    from fractions import Fraction
    f64 = float(n)
    f32 = np.float32(f64)
    if Fraction(float(f32)) != Fraction(n) and Fraction(f64) != Fraction(n):
        # double rounding can only matter when n is not exact in f64; round directly
        lo = np.nextafter(f32, np.float32(-np.inf)) if Fraction(float(f32)) > n else f32
        hi = np.nextafter(lo, np.float32(np.inf))
        dl, dh = abs(Fraction(n) - Fraction(float(lo))), abs(Fraction(float(hi)) - Fraction(n))
        if dl < dh:
            return lo
        if dh < dl:
            return hi
        return lo if (int(np.array(lo).view(np.uint32)) & 1) == 0 else hi
    return f32


def _eval_scalar(op, vals, elems):
    """One chain op on scalars: (value, poison) from operand (value, poison) pairs."""
    k = op.kind
    if k == "const":
        v = op.attrs["value"]
        return (_wrap(v, WIDTH[op.elem]) if is_int(op.elem) else _float(_wrap(v, WIDTH[op.elem]), op.elem, True)), False
    ins = [vals[a] for a in op.args]
    if k == "select":
        (c, pc), (x, px), (y, py) = ins
        if pc:
            return x, True
        return (x, px) if c else (y, py)
    pz = any(p for _, p in ins)
    if k == "cmpi":
        return _cmpi(op.attrs["pred"], ins[0][0], ins[1][0], WIDTH[elems[op.args[0]]]), pz
    if k == "cmpf":
        return _cmpf(op.attrs["pred"], ins[0][0], ins[1][0]), pz
    if len(ins) == 1:
        v, p = _cast(k, ins[0][0], elems[op.args[0]], op.elem)
        return v, p or pz
    if k in DIVISIONS and ins[1][1]:
        raise UB(f"{k} by a poison divisor")
    if k in ("divsi", "remsi", "ceildivsi", "floordivsi") and ins[0][1] and _signed(ins[1][0], WIDTH[op.elem]) == -1:
        raise UB(f"{k} of a poison dividend (maybe INT_MIN) by -1")
    if is_int(op.elem):
        v, p = _int_binary(k, ins[0][0], ins[1][0], WIDTH[op.elem], op.attrs.get("flags", ()))
    else:
        v, p = _float_binary(k, ins[0][0], ins[1][0])
    return v, p or pz


def undefined(p: Prog, args: list) -> tuple[bool, np.ndarray]:
    """(undefined behaviour?, poison mask of the result) of ``p`` at numpy inputs ``args``
    (in ``mlir_prog.signature`` order)."""
    ub, _, poison = evaluate(p, args)
    return ub, poison


def evaluate(p: Prog, args: list) -> tuple[bool, np.ndarray | None, np.ndarray]:
    """(undefined behaviour?, result values, poison mask): integers as unsigned values modulo
    2^width in an object array, floats as numpy floats (reductions fold in index order)."""
    try:
        v, pz = _run(p, args)
        return False, v, pz
    except UB:
        return True, None, np.zeros((), dtype=bool)


def agrees(values: np.ndarray, poison: np.ndarray, elem: str, out) -> np.ndarray:
    """Where an executed output equals the reference values (poison elements count as equal)."""
    from irverify.fuzz.inputs import same

    out = np.asarray(out)
    if is_int(elem):
        w = WIDTH[elem]
        got = np.vectorize(lambda x: _wrap(int(x), w), otypes=[object])(out) if out.size else out
        eq = np.asarray(got == values, dtype=bool) if out.size else np.ones(out.shape, dtype=bool)
    else:
        ref = np.asarray(values.astype(out.dtype) if values.dtype == object else values, dtype=out.dtype)
        eq = same(ref, out)
    return eq | np.asarray(poison, dtype=bool)


def _run(p: Prog, args: list) -> tuple[np.ndarray, np.ndarray]:
    n_chain = len(p.args)
    shape = np.asarray(args[0]).shape if n_chain else ()
    if any(np.asarray(a).shape != shape for a in args[:n_chain]):
        raise UB("elementwise operands of different shapes")
    elems = {n: e for n, e in p.args}
    env: dict[str, np.ndarray] = {}
    for (n, e), a in zip(p.args, args):
        env[n] = np.asarray(a)
    rest = list(args[n_chain:])
    h = p.head
    if h:
        A, B = np.asarray(rest[0]), np.asarray(rest[1])
        C = np.asarray(rest[2]) if h["init"] == "arg" else None
        rest = rest[3 if C is not None else 2:]
        env[h["res"]] = _matmul(A, B, C, h["elem"])
        elems[h["res"]] = h["elem"]
        shape = env[h["res"]].shape
    for op in p.ops:
        elems[op.res] = op.elem
    out_v = np.empty(shape, dtype=object)
    out_p = np.zeros(shape, dtype=bool)
    for idx in np.ndindex(*shape):
        vals = {}
        for n, arr in env.items():
            vals[n] = (_to_elem_value(arr[idx], elems[n]), False)
        for op in p.ops:
            vals[op.res] = _eval_scalar(op, vals, elems)
        out_v[idx], out_p[idx] = vals[p.ret]
    if p.tail:
        return _tail(p, out_v, out_p, elems[p.ret], rest)
    return out_v, out_p


def _matmul(A, B, C, elem):
    m, k = A.shape
    n = B.shape[1]
    out = np.empty((m, n), dtype=object)
    for i in range(m):
        for j in range(n):
            if is_int(elem):
                w = WIDTH[elem]
                acc = 0 if C is None else _wrap(int(C[i, j]), w)
                for q in range(k):
                    acc = _wrap(acc + _wrap(int(A[i, q]), w) * _wrap(int(B[q, j]), w), w)
                out[i, j] = acc
            else:
                acc = NP_FLOAT[elem](0) if C is None else C[i, j]
                with np.errstate(all="ignore"):
                    for q in range(k):
                        acc = acc + A[i, q] * B[q, j]
                out[i, j] = acc
    return out


def _tail(p: Prog, v: np.ndarray, pz: np.ndarray, elem: str, rest: list):
    tl = p.tail
    k = tl["kind"]
    if k in ("extract", "cextract"):
        at = tuple(tl["index"])
        return np.asarray(v[at], dtype=object), np.asarray(pz[at])
    if k == "insert":
        v, pz = v.copy(), pz.copy()
        v[tuple(tl["index"])] = _to_elem_value(rest[0], elem)
        pz[tuple(tl["index"])] = False
        return v, pz
    if k == "slice":
        sl = tuple(slice(o, o + (n - 1) * st + 1, st) for o, n, st in zip(tl["offsets"], tl["sizes"], tl["strides"]))
        return v[sl], pz[sl]
    if k == "expand":
        return v.reshape(tl["out"]), pz.reshape(tl["out"])
    if k == "transpose":
        return v.T, pz.T
    if k == "collapse":
        return v.reshape(-1), pz.reshape(-1)
    # reduce: the body is comb(element, accumulator), folded in index order; an element is
    # poison when any combined element is (the generated combiners have no flags)
    d = tl["dim"]
    init = _eval_scalar(Op("i", "const", [], elem, {"value": tl["init"]}), {}, {})[0]
    moved = np.moveaxis(v, d, -1)
    out = np.empty(moved.shape[:-1], dtype=object)
    comb = Op("r", tl["comb"], ["x", "a"], elem)
    for idx in np.ndindex(*out.shape):
        acc = init
        for x in moved[idx]:
            acc = _eval_scalar(comb, {"x": (x, False), "a": (acc, False)}, {"x": elem, "a": elem})[0]
        out[idx] = acc
    return out, pz.any(axis=d)
