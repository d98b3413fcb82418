"""The sign-sensitive term helpers against Python integer arithmetic, exhaustively at i4 and
over a grid of Ints (including negative operands and divisors)."""

from __future__ import annotations

import itertools

import pytest

from irverify.smt import terms as t

W = 4
BV = range(1 << W)
INTS = range(-9, 10)


def s(v: int) -> int:
    """The signed value of an i4 pattern."""
    return v - (1 << W) if v >= 1 << (W - 1) else v


def value(term) -> int:
    n = t.static_int(t.simplify(term))
    assert n is not None, term
    return n


def trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def ceil_div(a: int, b: int) -> int:
    return -((-a) // b)


@pytest.mark.parametrize("name, ref", [
    ("floordiv", lambda a, b: a // b),
    ("ceildiv", ceil_div),
    ("floormod", lambda a, b: a - b * (a // b)),
    ("truncdiv", trunc_div),
    ("truncrem", lambda a, b: a - b * trunc_div(a, b)),
])
def test_int_division_helpers(name, ref):
    fn = getattr(t, name)
    x, y = t.int_var("x"), t.int_var("y")
    for a, b in itertools.product(INTS, INTS):
        if b == 0:
            continue
        assert value(fn(t.int_val(a), t.int_val(b))) == ref(a, b), (name, a, b)
        # Symbolic operands go through the general (non-constant-divisor) path.
        got = t.substitute(fn(x, y), [(x, t.int_val(a)), (y, t.int_val(b))])
        assert value(got) == ref(a, b), (name, a, b, "symbolic")


@pytest.mark.parametrize("name, ref, nonzero", [
    ("sdiv", lambda a, b: trunc_div(s(a), s(b)), True),
    ("srem", lambda a, b: s(a) - s(b) * trunc_div(s(a), s(b)), True),
    ("udiv", lambda a, b: a // b, True),
    ("urem", lambda a, b: a % b, True),
    ("ashr", lambda a, b: s(a) >> b, False),
    ("lshr", lambda a, b: a >> b, False),
    ("shl", lambda a, b: a << b, False),
])
def test_bitvector_helpers(name, ref, nonzero):
    fn = getattr(t, name)
    for a, b in itertools.product(BV, BV):
        if nonzero and b == 0:
            continue
        if not nonzero and b >= W:
            continue
        got = value(fn(t.bv_val(a, W), t.bv_val(b, W)))
        assert got == ref(a, b) % (1 << W), (name, a, b)


@pytest.mark.parametrize("name, ref", [
    ("slt", lambda a, b: s(a) < s(b)), ("sle", lambda a, b: s(a) <= s(b)),
    ("sgt", lambda a, b: s(a) > s(b)), ("sge", lambda a, b: s(a) >= s(b)),
    ("ult", lambda a, b: a < b), ("ule", lambda a, b: a <= b),
    ("ugt", lambda a, b: a > b), ("uge", lambda a, b: a >= b),
])
def test_comparisons(name, ref):
    fn = getattr(t, name)
    for a, b in itertools.product(BV, BV):
        assert t.static_bool(fn(t.bv_val(a, W), t.bv_val(b, W))) is ref(a, b), (name, a, b)


@pytest.mark.parametrize("name, ref", [
    ("signed_overflows_add", lambda a, b: not -8 <= s(a) + s(b) <= 7),
    ("unsigned_overflows_add", lambda a, b: a + b >= 16),
    ("signed_overflows_sub", lambda a, b: not -8 <= s(a) - s(b) <= 7),
    ("unsigned_overflows_sub", lambda a, b: a - b < 0),
    ("signed_overflows_mul", lambda a, b: not -8 <= s(a) * s(b) <= 7),
    ("unsigned_overflows_mul", lambda a, b: a * b >= 16),
])
def test_overflow_predicates(name, ref):
    fn = getattr(t, name)
    for a, b in itertools.product(BV, BV):
        assert t.static_bool(fn(t.bv_val(a, W), t.bv_val(b, W))) is ref(a, b), (name, a, b)


def test_extensions_and_int_conversions():
    for a in BV:
        x = t.bv_val(a, W)
        assert value(t.sext(x, 8)) == s(a) % 256
        assert value(t.zext(x, 8)) == a
        assert value(t.trunc(x, 2)) == a % 4
        assert value(t.bv_to_sint(x)) == s(a)
        assert value(t.bv_to_uint(x)) == a
    for n in INTS:
        assert value(t.int_to_bv(t.int_val(n), W)) == n % (1 << W)


def test_evaluation_memo_answers_as_the_plain_walks():
    """``EvalMemo`` shares what the walks learnt between terms with common subterms; the
    answers are those of walks without it."""
    import z3

    from irverify.smt import terms as t

    f = z3.Function("unknown.f", z3.RealSort(), z3.RealSort())
    e = z3.Function("real.exp", z3.RealSort(), z3.RealSort())
    shared = e(z3.RealVal(1)) + 2
    terms = [shared * 3, shared + f(z3.RealVal(2)), shared - 1]
    memo = t.EvalMemo()
    unknown = (lambda name: name.startswith("unknown."))
    assert [t.has_app_named(x, unknown, memo) for x in terms] == [t.has_app_named(x, unknown) for x in terms] \
        == [False, True, False]
    import math

    resolve = (lambda app: z3.RealVal(math.e) if app.decl().name() == "real.exp" else None)
    got = [t.numeric_eval(z3.simplify(t.resolve_apps(x, resolve, memo=memo)), {}, memo)
           for x in (terms[0], terms[2])]
    assert got == pytest.approx([(math.e + 2) * 3, math.e + 1])
