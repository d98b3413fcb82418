"""Spec-named term helpers: the only way semantics build solver terms.

Sign matters for bit-vectors, so every sign-dependent operation is a named function (``sdiv``,
``udiv``, ``srem``, ``urem``, ``slt``, ``ult``, ``ashr``, ``lshr``); semantics never apply z3's
Python ``/ % < <= > >= >>`` to bit-vectors (those are signed, and ``%`` is ``bvsmod``).
``+ - *`` and ``==`` are sign-agnostic and may be used directly.

Index values are unbounded mathematical integers (z3 ``Int``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import z3

Term = z3.ExprRef
Sort = z3.SortRef

_counter = itertools.count()


def fresh_name(prefix: str) -> str:
    return f"{prefix}!{next(_counter)}"


def reset_names() -> None:
    """Restart the numbering of ``fresh_name`` so that each function check (and its exported
    SMT-LIB2) uses the same names in every run; call it only before building a new check's terms."""
    global _counter
    _counter = itertools.count()
    _SHARED.clear()


# Terms shared by every use of the same key within one check (cleared with the names, so a
# shared fresh constant never meets another constant of its name).
_SHARED: dict = {}


def shared(key: tuple, make: Callable[[], object], *keep: Term) -> object:
    """``make()`` once per ``key`` in a check (``keep``: the terms whose ids the key holds,
    kept alive so that the ids stay theirs)."""
    if key not in _SHARED:
        _SHARED[key] = (make(), keep)
    return _SHARED[key][0]


# ----------------------------------------------------------------------------- booleans

def true() -> Term:
    return z3.BoolVal(True)


def false() -> Term:
    return z3.BoolVal(False)


def bool_val(b: bool) -> Term:
    return z3.BoolVal(bool(b))


def and_(*xs: Term) -> Term:
    xs = tuple(x for x in xs if not z3.is_true(x))
    if any(z3.is_false(x) for x in xs):
        return false()
    return true() if not xs else xs[0] if len(xs) == 1 else z3.And(*xs)


def or_(*xs: Term) -> Term:
    xs = tuple(x for x in xs if not z3.is_false(x))
    if any(z3.is_true(x) for x in xs):
        return true()
    return false() if not xs else xs[0] if len(xs) == 1 else z3.Or(*xs)


def not_(x: Term) -> Term:
    return z3.Not(x)


def is_true_literal(x: Term) -> bool:
    """Is ``x`` the literal ``true`` (a syntactic test, no simplification)?"""
    return z3.is_true(x)


def is_false_literal(x: Term) -> bool:
    """Is ``x`` the literal ``false`` (a syntactic test, no simplification)?"""
    return z3.is_false(x)


def implies(a: Term, b: Term) -> Term:
    return z3.Implies(a, b)


def ite(c: Term, a: Term, b: Term) -> Term:
    if z3.is_true(c):
        return a
    if z3.is_false(c):
        return b
    return z3.If(c, a, b)


def is_bool(x: Term) -> bool:
    return z3.is_bool(x)


def is_false(x: Term) -> bool:
    return z3.is_false(z3.simplify(x))


# ----------------------------------------------------------------------------- index (Int)

def int_val(n: int) -> Term:
    return z3.IntVal(int(n))


def int_var(name: str) -> Term:
    return z3.Int(name)


def fresh_int(prefix: str = "i") -> Term:
    return z3.Int(fresh_name(prefix))


def lt(a: Term, b: Term) -> Term:
    """``a < b`` on index (mathematical integers) only."""
    return a < b


def le(a: Term, b: Term) -> Term:
    return a <= b


def in_range(i: Term, n: Term) -> Term:
    """``0 <= i < n``."""
    return z3.And(0 <= i, i < n)


def int_min(a: Term, b: Term) -> Term:
    return ite(a <= b, a, b)


def int_max(a: Term, b: Term) -> Term:
    return ite(a >= b, a, b)


def floordiv(a: Term, b: Term) -> Term:
    """Division rounding toward negative infinity (``b != 0``)."""
    if is_const(b) and static_int(b) > 0:
        return a / b
    return ite(b > 0, a / b, (-a) / (-b))


def ceildiv(a: Term, b: Term) -> Term:
    """Division rounding toward positive infinity (``b != 0``)."""
    return -floordiv(-a, b)


def floormod(a: Term, b: Term) -> Term:
    """``a - b * floordiv(a, b)``: the sign follows ``b`` (affine ``mod`` for ``b > 0``)."""
    if is_const(b) and static_int(b) > 0:
        return a % b
    return a - b * floordiv(a, b)


def truncdiv(a: Term, b: Term) -> Term:
    """Division rounding toward zero (``b != 0``), as ``arith.divsi`` on index."""
    q = ite(a >= 0, a, -a) / ite(b >= 0, b, -b)
    return ite((a >= 0) == (b >= 0), q, -q)


def truncrem(a: Term, b: Term) -> Term:
    """Remainder of ``truncdiv``: the sign follows ``a``, as ``arith.remsi`` on index."""
    return a - b * truncdiv(a, b)


def in_signed_range(x: Term, bits: int) -> Term:
    """``-2^(bits-1) <= x < 2^(bits-1)``."""
    return z3.And(x >= -(1 << (bits - 1)), x < (1 << (bits - 1)))


def wrap_signed(x: Term, bits: int) -> Term:
    """``x`` reduced to a ``bits``-bit two's complement value (wrap-around on overflow)."""
    if static_int(x) is not None and -(1 << (bits - 1)) <= static_int(x) < (1 << (bits - 1)):
        return x
    m = 1 << bits
    return ite(in_signed_range(x, bits), x, (x + (m >> 1)) % m - (m >> 1))


def is_value(x: Term) -> bool:
    """Is ``x`` a literal (a number, bit-vector or boolean constant), without simplifying?"""
    return z3.is_int_value(x) or z3.is_bv_value(x) or z3.is_rational_value(x) or z3.is_true(x) or z3.is_false(x)


def is_const(x: Term) -> bool:
    return static_int(x) is not None


def static_int(x: Term) -> int | None:
    """The integer value of ``x`` if it simplifies to a constant, else ``None``."""
    if isinstance(x, int):
        return x
    if z3.is_int_value(x):
        return x.as_long()
    if z3.is_bv_value(x):
        return x.as_long()
    s = z3.simplify(x)
    if z3.is_int_value(s):
        return s.as_long()
    if z3.is_bv_value(s):
        return s.as_long()
    return None


def static_bool(x: Term) -> bool | None:
    s = z3.simplify(x)
    if z3.is_true(s):
        return True
    if z3.is_false(s):
        return False
    return None


def product(xs: Sequence[Term]) -> Term:
    out = int_val(1)
    for x in xs:
        out = x if z3.is_int_value(out) and out.as_long() == 1 else out * x
    return simplify(out)


def simplify(x: Term) -> Term:
    return z3.simplify(x)


# ----------------------------------------------------------------------------- bit-vectors

def bv_val(v: int, width: int) -> Term:
    return z3.BitVecVal(int(v) % (1 << width), width)


def bv_var(name: str, width: int) -> Term:
    return z3.BitVec(name, width)


def width(x: Term) -> int:
    return x.size()


def is_bv(x: Term) -> bool:
    return z3.is_bv(x)


def sdiv(a: Term, b: Term) -> Term:
    """Signed division rounding toward zero (``bvsdiv``)."""
    return a / b


def udiv(a: Term, b: Term) -> Term:
    return z3.UDiv(a, b)


def srem(a: Term, b: Term) -> Term:
    """Signed remainder whose sign follows the dividend (``bvsrem``)."""
    return z3.SRem(a, b)


def urem(a: Term, b: Term) -> Term:
    return z3.URem(a, b)


def slt(a: Term, b: Term) -> Term:
    return a < b


def sle(a: Term, b: Term) -> Term:
    return a <= b


def sgt(a: Term, b: Term) -> Term:
    return a > b


def sge(a: Term, b: Term) -> Term:
    return a >= b


def ult(a: Term, b: Term) -> Term:
    return z3.ULT(a, b)


def ule(a: Term, b: Term) -> Term:
    return z3.ULE(a, b)


def ugt(a: Term, b: Term) -> Term:
    return z3.UGT(a, b)


def uge(a: Term, b: Term) -> Term:
    return z3.UGE(a, b)


def shl(a: Term, b: Term) -> Term:
    return a << b


def ashr(a: Term, b: Term) -> Term:
    """Arithmetic (sign-filling) shift right."""
    return a >> b


def lshr(a: Term, b: Term) -> Term:
    """Logical (zero-filling) shift right."""
    return z3.LShR(a, b)


def sext(a: Term, to_width: int) -> Term:
    return z3.SignExt(to_width - a.size(), a)


def zext(a: Term, to_width: int) -> Term:
    return z3.ZeroExt(to_width - a.size(), a)


def trunc(a: Term, to_width: int) -> Term:
    return z3.Extract(to_width - 1, 0, a)


def extract(hi: int, lo: int, a: Term) -> Term:
    return z3.Extract(hi, lo, a)


def concat(*xs: Term) -> Term:
    return z3.Concat(*xs)


def bv_to_sint(a: Term) -> Term:
    """The signed integer value of a bit-vector."""
    return z3.BV2Int(a, is_signed=True)


def bv_to_uint(a: Term) -> Term:
    return z3.BV2Int(a, is_signed=False)


def _int_view(a: Term) -> tuple[Term, bool] | None:
    """``(b, signed)`` when ``a`` is ``bv_to_sint(b)`` or ``bv_to_uint(b)``."""
    if z3.is_app_of(a, z3.Z3_OP_BV2INT):
        return a.arg(0), False
    if z3.is_app_of(a, z3.Z3_OP_ITE) and z3.is_app_of(a.arg(2), z3.Z3_OP_BV2INT):
        b = a.arg(2).arg(0)
        if z3.BV2Int(b, is_signed=True).eq(a):
            return b, True
    return None


def int_to_bv(a: Term, width: int) -> Term:
    """``a mod 2^width`` as a bit-vector (two's complement truncation). An integer view of a
    bit-vector becomes a plain extract or extension (the solver is slow on the Int round trip)."""
    view = _int_view(a)
    if view is not None:
        bv, signed = view
        n = bv.size()
        if width <= n:
            return bv if width == n else z3.Extract(width - 1, 0, bv)
        return z3.SignExt(width - n, bv) if signed else z3.ZeroExt(width - n, bv)
    return z3.Int2BV(a, width)


def bool_to_bv1(b: Term) -> Term:
    return z3.If(b, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1))


def bv1_to_bool(x: Term) -> Term:
    return x == z3.BitVecVal(1, 1)


def signed_overflows_add(a: Term, b: Term) -> Term:
    return z3.Not(z3.And(z3.BVAddNoOverflow(a, b, True), z3.BVAddNoUnderflow(a, b)))


def unsigned_overflows_add(a: Term, b: Term) -> Term:
    return z3.Not(z3.BVAddNoOverflow(a, b, False))


def signed_overflows_sub(a: Term, b: Term) -> Term:
    return z3.Not(z3.And(z3.BVSubNoOverflow(a, b), z3.BVSubNoUnderflow(a, b, True)))


def unsigned_overflows_sub(a: Term, b: Term) -> Term:
    return z3.Not(z3.BVSubNoUnderflow(a, b, False))


def signed_overflows_mul(a: Term, b: Term) -> Term:
    return z3.Not(z3.And(z3.BVMulNoOverflow(a, b, True), z3.BVMulNoUnderflow(a, b)))


def unsigned_overflows_mul(a: Term, b: Term) -> Term:
    return z3.Not(z3.BVMulNoOverflow(a, b, False))


# ----------------------------------------------------------------------------- sorts, arrays, functions

def int_sort() -> Sort:
    return z3.IntSort()


def bool_sort() -> Sort:
    return z3.BoolSort()


def bv_sort(width: int) -> Sort:
    return z3.BitVecSort(width)


def real_sort() -> Sort:
    return z3.RealSort()


def array_var(name: str, rank: int, elem_sort: Sort) -> Term:
    """An array from ``rank`` index coordinates to elements (a 0-d tensor is a plain constant)."""
    if rank == 0:
        return z3.Const(name, elem_sort)
    return z3.Array(name, *([z3.IntSort()] * rank), elem_sort)


def select(arr: Term, idx: Sequence[Term]) -> Term:
    if len(idx) == 0:
        return arr
    return arr[tuple(idx)] if len(idx) > 1 else arr[idx[0]]


def const_array(rank: int, default: Term) -> Term:
    """An array of ``rank`` index coordinates holding ``default`` everywhere."""
    return z3.Lambda([z3.Int(f"k!{i}") for i in range(rank)], default)


def store(arr: Term, idx: Sequence[Term], value: Term) -> Term:
    return z3.Store(arr, *idx, value)


def lambda_(vars_: Sequence[Term], body: Term) -> Term:
    return z3.Lambda(list(vars_), body)


def canonical_lambda(vars_: Sequence[Term], body: Term) -> Term:
    """``lambda vars_. body`` with its bound variables renamed ``bound.0``, ``bound.1``, ... (by
    position), so that two lambdas that differ only in the names of fresh bound variables are
    the same term (z3 tells binders apart by name): the same fold over the same values, built
    twice, is then one term for the solver rather than two arrays it must prove equal. No
    capture: those names are never free anywhere (a nested binder's variables are already
    bound when the outer one is built)."""
    canon = [z3.Const(f"bound.{k}", v.sort()) for k, v in enumerate(vars_)]
    return z3.Lambda(canon, z3.substitute(body, *zip(vars_, canon)))


def const(name: str, sort: Sort) -> Term:
    return z3.Const(name, sort)


def zero_of(sort: Sort) -> Term:
    """The all-zero value of a bit-vector, Int or Real sort."""
    if isinstance(sort, z3.BitVecSortRef):
        return z3.BitVecVal(0, sort.size())
    if sort == z3.RealSort():
        return z3.RealVal(0)
    return z3.IntVal(0)


def reduce(op: str, init: Term, elems: Term, n: Term) -> Term:
    """An uninterpreted fold of the associative, commutative integer operation ``op`` over
    ``elems[0..n)`` (an array from Int) starting at ``init``, in an unspecified order.

    On bit vectors, an operation with an identity ``e`` (``addi``: 0, ``muli``: 1, ``ori``/``xori``:
    0, ``andi``: all ones) folds from ``e`` and takes ``init`` last: ``init OP fold(e, elems)``,
    which is the same value by associativity and commutativity (wrapping arithmetic is exact), so
    ``C += sum(x)`` and ``(0 + sum(x)) + C`` are the same term."""
    f = uf(f"reduce_{op}", init.sort(), elems.sort(), z3.IntSort(), init.sort())
    if z3.is_bv(init) and op in _BV_IDENTITY:
        identity, combine = _BV_IDENTITY[op]
        unit = z3.BitVecVal(identity(init.size()), init.size())
        if z3.is_bv_value(z3.simplify(init)) and z3.simplify(init).as_long() == unit.as_long():
            return f(unit, elems, n)
        return combine(init, f(unit, elems, n))
    return f(init, elems, n)


_BV_IDENTITY = {
    "addi": (lambda w: 0, lambda a, b: a + b),
    "muli": (lambda w: 1, lambda a, b: a * b),
    "ori": (lambda w: 0, lambda a, b: a | b),
    "xori": (lambda w: 0, lambda a, b: a ^ b),
    "andi": (lambda w: (1 << w) - 1, lambda a, b: a & b),
}


_FUNCS: dict[tuple, z3.FuncDeclRef] = {}


def uf(name: str, *sorts: Sort) -> z3.FuncDeclRef:
    """An uninterpreted function ``name : sorts[:-1] -> sorts[-1]`` (one declaration per name/sorts)."""
    key = (name, tuple(s.sexpr() for s in sorts))
    if key not in _FUNCS:
        _FUNCS[key] = z3.Function(name, *sorts)
    return _FUNCS[key]


def sort_of(x: Term) -> Sort:
    return x.sort()


def same_sort(a: Term, b: Term) -> bool:
    return a.sort().eq(b.sort())


# ----------------------------------------------------------------------------- quantifiers

def exists(vars_: Sequence[Term], body: Term) -> Term:
    return z3.Exists(list(vars_), body) if vars_ else body


def forall(vars_: Sequence[Term], body: Term) -> Term:
    return z3.ForAll(list(vars_), body) if vars_ else body


def substitute(t: Term, pairs: Sequence[tuple[Term, Term]]) -> Term:
    return z3.substitute(t, *pairs) if pairs else t


def mentions(x: Term, *vars_: Term) -> bool:
    """Does ``x`` contain any of the terms ``vars_``?"""
    return mentions_any([x], vars_)


def _walk(terms: Sequence[Term], skip: dict[int, Term] | None = None):
    """Every distinct subterm of ``terms`` (under quantifiers and lambdas too); a subterm whose
    id is in ``skip`` is neither yielded nor entered."""
    seen: set[int] = set()
    todo = list(terms)
    while todo:
        y = todo.pop()
        if y.get_id() in seen or (skip is not None and y.get_id() in skip):
            continue
        seen.add(y.get_id())
        yield y
        if z3.is_quantifier(y):
            todo.append(y.body())
        elif z3.is_app(y):
            todo.extend(y.children())


# The free symbols of every subterm met so far, by AST id, each entry holding its term so the id
# is not reused while the entry lives. The poison rule asks after every op which symbols an
# operand and the op's results hold; a reduction's accumulator grows by one op per step, so a
# fresh walk each time would be quadratic in the reduction's length.
_FREE_SYMBOLS: dict[int, tuple[Term, frozenset[int]]] = {}
_SYMBOL_TERMS: dict[int, Term] = {}
_FREE_SYMBOLS_LIMIT = 400_000


def _is_symbol(y: Term) -> bool:
    return z3.is_const(y) and y.decl().kind() == z3.Z3_OP_UNINTERPRETED


def _kids(y: Term) -> list[Term]:
    if z3.is_quantifier(y):
        return [y.body()]
    return y.children() if z3.is_app(y) else []


def free_symbol_ids(x: Term) -> frozenset[int]:
    """The AST ids of the uninterpreted constants (free symbols, arrays included) in ``x``,
    under quantifiers and lambdas too; memoised per subterm."""
    cache = _FREE_SYMBOLS
    hit = cache.get(x.get_id())
    if hit is not None:
        return hit[1]
    if len(cache) > _FREE_SYMBOLS_LIMIT:
        cache.clear()
        _SYMBOL_TERMS.clear()
    stack: list[tuple[Term, list[Term] | None]] = [(x, None)]
    while stack:
        y, kids = stack.pop()
        yid = y.get_id()
        if yid in cache:
            continue
        if kids is None:
            kids = _kids(y)
            missing = [k for k in kids if k.get_id() not in cache]
            if missing:
                stack.append((y, kids))
                stack.extend((k, None) for k in missing)
                continue
        if _is_symbol(y):
            symbols = frozenset((yid,))
            _SYMBOL_TERMS[yid] = y
        elif len(kids) == 1:
            symbols = cache[kids[0].get_id()][1]
        else:
            symbols = frozenset().union(*(cache[k.get_id()][1] for k in kids))
        cache[yid] = (y, symbols)
    return cache[x.get_id()][1]


def free_constants(*terms: Term) -> list[Term]:
    """The uninterpreted constants (free symbols, arrays included) that occur in ``terms``."""
    ids = frozenset().union(*(free_symbol_ids(x) for x in terms))
    return [_SYMBOL_TERMS[i] for i in sorted(ids)]


def mentions_symbols(terms: Sequence[Term], symbols: Sequence[Term]) -> bool:
    """Does any of ``terms`` contain any of the free ``symbols`` (uninterpreted constants)?"""
    ids = {v.get_id() for v in symbols}
    return bool(ids) and any(not ids.isdisjoint(free_symbol_ids(x)) for x in terms)


def mentions_any(terms: Sequence[Term], targets: Sequence[Term]) -> bool:
    """Does any of ``terms`` contain any of ``targets``?"""
    ids = {v.get_id() for v in targets}
    return bool(ids) and any(y.get_id() in ids for y in _walk(terms))


def eq(a: Term, b: Term) -> Term:
    return a == b


def distinct(a: Term, b: Term) -> Term:
    return a != b


# ----------------------------------------------------------------------------- numeric evaluation

class EvalMemo:
    """What the walks of concrete evaluation learnt about subterms, shared by the elements of
    one evaluation (``numeric_eval``, ``resolve_apps``, ``has_app_named``): the elements of an
    attention's output share its scores and softmax sums, and walking them afresh for each
    element made a 1x2x6x64 attention take minutes. Each entry keeps its term alive (z3 reuses
    a freed term's id)."""

    def __init__(self):
        self.values: dict[int, tuple[Term, object]] = {}  # numeric_eval's values
        self.resolved: dict[int, Term] = {}  # subterms with no application resolve_apps can resolve
        self.named: dict[tuple[int, Callable], tuple[Term, bool]] = {}  # has_app_named's answers
        self.bridges: dict[int, tuple[Term, Term]] = {}  # resolve_real_bridges' values
        self.clean: dict[int, Term] = {}  # subterms holding no such bridge


def numeric_eval(term: Term, funcs: dict, memo: EvalMemo | None = None) -> float:
    """The value of a closed real/integer/boolean term as a Python number, with uninterpreted
    functions interpreted by name through ``funcs`` (e.g. ``{"real.exp": math.exp}``); used to
    compare ``--fp=real`` semantics with real execution numerically. ``memo``: shared with the
    other elements of one evaluation."""
    values = memo.values if memo is not None else {}

    def ev(x):
        key = x.get_id()
        if key in values:
            return values[key][1]
        if z3.is_rational_value(x):
            v = x.numerator_as_long() / x.denominator_as_long()
        elif z3.is_int_value(x):
            v = x.as_long()
        elif z3.is_true(x) or z3.is_false(x):
            v = z3.is_true(x)
        elif z3.is_algebraic_value(x):
            v = float(x.approx(20).as_decimal(20).rstrip("?"))
        else:
            v = _numeric_app(x, [ev(c) for c in x.children()], funcs)
        values[key] = (x, v)
        return v

    return ev(term)


_REAL_COMPARISONS = (z3.Z3_OP_LE, z3.Z3_OP_LT, z3.Z3_OP_GE, z3.Z3_OP_GT, z3.Z3_OP_EQ, z3.Z3_OP_DISTINCT)


def resolve_real_bridges(term: Term, funcs: dict, memo: EvalMemo | None = None) -> Term:
    """``term`` with every place where real arithmetic meets another sort computed numerically
    (``numeric_eval`` with ``funcs``): a comparison or test of real terms (``real.cmp.olt``,
    ``real.is_nan``...) becomes true or false, and a ``real.to_int<w>`` application (a float
    converted to an integer, truncated toward zero) its value modulo 2^w (where the value does
    not fit, the conversion's poison condition says so). For concrete evaluation under
    ``rounded-real``, whose rounding (``real.round.f32``...) z3 cannot simplify: without it an
    integer or boolean result computed from floats (``fptosi``, a quantization, ``cmpf``, a
    conversion's poison condition) would not evaluate. A subterm that has no numeric value (NaN,
    an infinity converted, a function ``funcs`` does not interpret) is left as it is. ``memo``:
    the bridges found and the subterms holding none, shared by the elements of one evaluation."""
    memo = memo if memo is not None else EvalMemo()
    bridges, clean = memo.bridges, memo.clean
    order, seen, todo = [], set(), [term]
    while todo:  # pre-order; a bridge's operands are not entered
        x = todo.pop()
        key = x.get_id()
        if key in seen or key in clean or key in bridges or not z3.is_app(x):
            continue
        seen.add(key)
        value = _bridge_value(x, funcs, memo)
        if value is not None:
            bridges[key] = (x, value)
            continue
        order.append(x)
        todo.extend(x.children())
    for x in reversed(order):  # every subterm after those it holds
        if all(c.get_id() in clean or not z3.is_app(c) for c in x.children()):
            clean[x.get_id()] = x
    pairs, seen, todo = [], set(), [term]
    while todo:
        x = todo.pop()
        key = x.get_id()
        if key in seen or key in clean or not z3.is_app(x):
            continue
        seen.add(key)
        if key in bridges:
            pairs.append(bridges[key])
        else:
            todo.extend(x.children())
    return z3.substitute(term, *pairs) if pairs else term


def _bridge_value(x: Term, funcs: dict, memo: EvalMemo) -> Term | None:
    """The value of ``x`` when it is a place where reals meet another sort and has a numeric value."""
    import math

    kind = x.decl().kind()
    tests = kind in _REAL_COMPARISONS or (kind == z3.Z3_OP_UNINTERPRETED and z3.is_bool(x))
    try:
        if tests and x.num_args() and all(z3.is_real(c) for c in x.children()):
            return z3.BoolVal(bool(numeric_eval(x, funcs, memo)))
        if kind == z3.Z3_OP_UNINTERPRETED and x.num_args() == 1 and x.decl().name().startswith("real.to_int"):
            v = numeric_eval(x.arg(0), funcs, memo)
            if isinstance(v, (int, float)) and math.isfinite(v):
                return z3.BitVecVal(math.trunc(v) % (1 << x.sort().size()), x.sort().size())
    except (ValueError, TypeError, ArithmeticError):
        pass
    return None


def _ieee_div(a, b):
    """``a / b`` on Python floats as IEEE divides: by zero gives an infinity or NaN."""
    if b != 0:
        return a / b
    if a != a or a == 0:
        return float("nan")
    import math

    return math.copysign(float("inf"), a) * math.copysign(1.0, b)


def _numeric_app(x: Term, args: list, funcs: dict):
    kind = x.decl().kind()
    ops = {
        z3.Z3_OP_ADD: lambda: sum(args), z3.Z3_OP_SUB: lambda: args[0] - sum(args[1:]),
        z3.Z3_OP_UMINUS: lambda: -args[0], z3.Z3_OP_DIV: lambda: _ieee_div(args[0], args[1]),
        z3.Z3_OP_TO_REAL: lambda: float(args[0]), z3.Z3_OP_ITE: lambda: args[1] if args[0] else args[2],
        z3.Z3_OP_LE: lambda: args[0] <= args[1], z3.Z3_OP_LT: lambda: args[0] < args[1],
        z3.Z3_OP_GE: lambda: args[0] >= args[1], z3.Z3_OP_GT: lambda: args[0] > args[1],
        z3.Z3_OP_EQ: lambda: args[0] == args[1], z3.Z3_OP_NOT: lambda: not args[0],
        z3.Z3_OP_AND: lambda: all(args), z3.Z3_OP_OR: lambda: any(args),
    }
    if kind == z3.Z3_OP_MUL:
        out = 1.0
        for a in args:
            out *= a
        return out
    if kind in ops:
        return ops[kind]()
    name = x.decl().name()
    if kind == z3.Z3_OP_UNINTERPRETED and name in funcs:
        return funcs[name](*args)
    raise ValueError(f"cannot evaluate {name} numerically")


def ite_parts(x: Term):
    """``(cond, then, else)`` if ``x`` is an if-then-else term, else ``None``."""
    if z3.is_app_of(x, z3.Z3_OP_ITE):
        c, a, b = x.children()
        return c, a, b
    return None


def _uninterpreted_apps(*terms: Term, skip: dict[int, Term] | None = None, walked: list | None = None):
    """Every distinct application of an uninterpreted function (of at least one argument) in the
    terms, under quantifiers too (input arrays and constants are not applications); subterms
    whose id is in ``skip`` are not entered; ``walked`` collects every subterm entered."""
    for x in _walk(terms, skip):
        if walked is not None:
            walked.append(x)
        if z3.is_app(x) and x.decl().kind() == z3.Z3_OP_UNINTERPRETED and x.num_args() > 0:
            yield x


def has_uninterpreted_app(*terms: Term, prefix: str = "") -> bool:
    """Does any term apply an uninterpreted function (of at least one argument) whose name starts
    with ``prefix``? Input arrays and constants do not count: a formula without such
    applications is exact."""
    return any(x.decl().name().startswith(prefix) for x in _uninterpreted_apps(*terms))


def resolve_apps(term: Term, value: Callable[[Term], Term | None], rounds: int = 64,
                 memo: EvalMemo | None = None) -> Term:
    """``term`` with every application of an uninterpreted function (of at least one argument)
    whose arguments are all constants or arrays replaced by ``value(app)`` (when that is not None),
    simplifying after each round, until none is left that ``value`` resolves. Used to evaluate a
    closed term whose functions have a concrete meaning (a NaN payload, ``exp``). ``memo``
    (one ``value`` for all its calls): subterms an earlier call left resolved are not walked."""
    skip = memo.resolved if memo is not None else None
    for _ in range(rounds):
        walked: list[Term] = []
        pairs = [(x, v) for x in _uninterpreted_apps(term, skip=skip, walked=walked)
                 if all(is_value(c) or c.sort().kind() == z3.Z3_ARRAY_SORT for c in x.children())
                 for v in [value(x)] if v is not None]
        if not pairs:
            if memo is not None:
                memo.resolved.update((x.get_id(), x) for x in walked)
            return term
        term = z3.simplify(z3.substitute(term, *pairs))
    return term


def uninterpreted_names(term: Term) -> list[str]:
    """The names of the uninterpreted functions (of at least one argument) applied in ``term``."""
    return sorted({x.decl().name() for x in _uninterpreted_apps(term)})


def has_app_named(term: Term, pred: Callable[[str], bool], memo: EvalMemo | None = None) -> bool:
    """Does ``term`` apply an uninterpreted function (of at least one argument) whose name
    ``pred`` accepts? With ``memo`` (the same ``pred`` for all its calls) each subterm's answer
    is remembered."""
    if memo is None:
        return any(pred(x.decl().name()) for x in _uninterpreted_apps(term))
    named = memo.named
    todo: list[tuple[Term, list | None]] = [(term, None)]
    while todo:  # post-order: a subterm's answer from its children's
        x, kids = todo.pop()
        key = (x.get_id(), pred)
        if key in named:
            continue
        if kids is None:
            kids = [x.body()] if z3.is_quantifier(x) else x.children() if z3.is_app(x) else []
            todo.append((x, kids))
            todo.extend((c, None) for c in kids if (c.get_id(), pred) not in named)
            continue
        own = (z3.is_app(x) and not z3.is_quantifier(x) and x.decl().kind() == z3.Z3_OP_UNINTERPRETED
               and x.num_args() > 0 and pred(x.decl().name()))
        named[key] = (x, own or any(named[(c.get_id(), pred)][1] for c in kids))
    return named[(term.get_id(), pred)][1]


def array_sort(rank: int, elem_sort: Sort) -> Sort:
    """The sort of ``array_var(_, rank, elem_sort)`` (the element sort itself when rank is 0)."""
    if rank == 0:
        return elem_sort
    return z3.ArraySort(*([z3.IntSort()] * rank), elem_sort)


def apply_uf(name: str, args: Sequence[Term], result: Sort) -> Term:
    """``name(args...)`` for the uninterpreted function of these argument sorts and result sort."""
    return uf(name, *(a.sort() for a in args), result)(*args)
