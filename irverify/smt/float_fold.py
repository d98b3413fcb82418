"""Float reductions whose order is unspecified: what every order computes.

A float reduction (``linalg`` bodies ``acc' = OP(acc, f(...))``, Relax ``sum``/``max``...) is a
fold of ``OP`` over its init and the elements ``elems[0..n)`` in an order and association the
compiler chooses (each value used exactly once). The theories model it as an uninterpreted
function of ``(init, elems, n)`` — the same fold of the same values is the same value — and
``fold`` below adds what holds for *every* order, when ``n`` is a static count up to
``EXPAND_LIMIT``:

* ``n = 0``: the init; ``n = 1``: ``OP(init, elems[0])``, the only computation there is;
* all values constant: the exact result when every order gives it (``fold_constants``);
* ``maximum``/``minimum`` (IEEE 754-2019 §9.6: a total order on non-NaN values with
  ``-0 < +0``, NaN propagating) are associative and commutative: every order computes the
  greatest (least) value, or a NaN when there is one, so the fold is exact;
* ``maxnum``/``minnum`` (LLVM ``maxnum``: a NaN operand is dropped) compute the greatest (least)
  value that is not a NaN in every order, a NaN when every value is one; the sign of a zero
  result is unknown when both zeros are among the values (``maxnum(+0, -0)`` is either);
* ``OP`` propagates NaN (``add``, ``mul``, ``maximum``, ``minimum``; IEEE 754-2019 §6.2 and
  §9.6): a NaN among the init and the elements makes the result a NaN whatever the order, so the
  result is an unknown NaN there and the uninterpreted fold elsewhere. Two folds over values
  that differ only in their NaNs' bits (``x * 1.0`` against ``x``) are then equal up to NaN
  payload, which refinement does not look at;
* a sum of zeros is exact in every order (IEEE 754-2019 §6.3): ``-0`` when every value is
  ``-0``, ``+0`` otherwise.
"""

from __future__ import annotations

from fractions import Fraction

import z3

from irverify.ir.core import FloatType
from irverify.ir.float_bits import FORMATS, bits_to_fraction, round_fraction

Term = z3.ExprRef

# Static element counts up to which a fold's elements are read one by one (a NaN test per
# element on each side costs the solver more than it helps past a few dozen: a 3x3x4 window
# of a convolution compared with its im2col form stops being decided in time).
EXPAND_LIMIT = 16

PROPAGATES_NAN = ("add", "mul", "maximum", "minimum")


def _two_adic(f: Fraction) -> int:
    """The exponent of the lowest set bit of a nonzero dyadic rational."""
    n, d = abs(f.numerator), f.denominator
    return (n & -n).bit_length() - 1 - (d.bit_length() - 1)


def _max_finite(name: str) -> Fraction:
    e_bits, p = FORMATS[name]
    bias = (1 << (e_bits - 1)) - 1
    return Fraction((1 << p) - 1) * Fraction(2) ** (bias - (p - 1))


def fold_constants(op: str, bits: list[int], ft: FloatType) -> int | None | str:
    """The bits every order of the fold of ``op`` over the constants ``bits`` (init first)
    computes: ``"nan"`` when every order gives a NaN, ``None`` when the orders may differ or
    the case is not handled.

    ``add``: the values are finite multiples of ``2^e`` (``e`` the lowest set bit among them);
    when ``sum |v| < 2^p * 2^e`` and fits the format, every partial sum of any order is such a
    multiple within range, so each addition is exact and every order computes the exact total.
    A total of zero is ``-0`` only when every value is ``-0`` (IEEE §6.3: a sum of opposite
    values is ``+0``, ``-0 + -0 = -0``). Infinities of one sign give that infinity, of both signs
    NaN, provided the finite values satisfy the bound. ``maximum``/``minimum`` (total order on
    non-NaN values, ``-0 < +0``) are exact in any order. Any NaN gives NaN for these ops."""
    name = ft.name
    w = ft.width
    sign_bit = 1 << (w - 1)
    values = [bits_to_fraction(b, name) for b in bits]
    e_bits, p = FORMATS[name]
    inf_bits = ((1 << e_bits) - 1) << (p - 1)
    nan = [v is None and (b & ~sign_bit) != inf_bits for v, b in zip(values, bits)]
    if any(nan):
        return "nan" if op in PROPAGATES_NAN else None
    infs = [b for v, b in zip(values, bits) if v is None]
    finite = [(v, b) for v, b in zip(values, bits) if v is not None]
    if op in ("maximum", "minimum"):
        def key(b: int):
            v = bits_to_fraction(b, name)
            if v is None:
                v = Fraction(10) ** 400 * (-1 if b & sign_bit else 1)
            return (v, 0 if b & sign_bit else 1)  # -0 below +0
        return (max if op == "maximum" else min)(bits, key=key)
    if op != "add":
        return None
    nonzero = [v for v, _ in finite if v != 0]
    total_abs = sum((abs(v) for v in nonzero), Fraction(0))
    if nonzero:
        e = min(_two_adic(v) for v in nonzero)
        if total_abs >= Fraction(2) ** (p + e) or total_abs > _max_finite(name):
            return None
    if infs:
        signs = {b & sign_bit for b in infs}
        return infs[0] if len(signs) == 1 else "nan"
    total = sum((v for v, _ in finite), Fraction(0))
    if total != 0:
        return round_fraction(total, name)  # exact: the total is representable
    all_negative_zero = all(v == 0 and b & sign_bit for v, b in finite)
    return sign_bit if all_negative_zero else 0


def is_exact(op: str, n: Term) -> bool:
    """Does ``fold`` compute the fold of ``op`` over ``n`` elements exactly (every order)?"""
    from irverify.smt import terms as t

    size = t.static_int(n)
    return size is not None and (size <= 1 or (op in ("maximum", "minimum") and size <= EXPAND_LIMIT))


def elements(elems: Term, n: Term) -> list[Term] | None:
    """For a static count up to ``EXPAND_LIMIT``, the elements ``elems[0..n)`` one by one: the
    uninterpreted fold is then a function of their values (as a Relax sum of a few elements
    is), so two folds over equal elements are equal by congruence, without the solver having
    to prove two array terms (lambdas over different bodies) equal: a maximum subtracted on one
    side and an equal maximum computed otherwise on the other, say. ``None`` otherwise (the
    fold takes the array)."""
    from irverify.smt import terms as t

    size = t.static_int(n)
    if size is None or size > EXPAND_LIMIT:
        return None
    return [z3.simplify(z3.Select(elems, z3.IntVal(i))) for i in range(size)]


def fold(theory, op: str, init: Term, elems: Term, n: Term, ft: FloatType, uf: Term) -> Term:
    """The fold of ``op`` over ``init`` and ``elems[0..n)`` (see the module docstring); ``uf``
    is the theory's uninterpreted fold of the same arguments."""
    from irverify.smt import terms as t

    size = t.static_int(n)
    if size is None or size > EXPAND_LIMIT:
        return uf
    if size == 0:
        return init
    xs = [z3.simplify(z3.Select(elems, z3.IntVal(i))) for i in range(size)]
    if size == 1:
        return theory.binary(op, init, xs[0], ft)
    init_s = z3.simplify(init)
    if z3.is_bv_value(init_s) and all(z3.is_bv_value(x) for x in xs):
        folded = fold_constants(op, [init_s.as_long()] + [x.as_long() for x in xs], ft)
        if folded == "nan":
            return theory.some_nan(f"reduce_{op}", ft, init, elems)
        if folded is not None:
            return z3.BitVecVal(folded, ft.width)
    if op in ("maxnum", "minnum"):
        return _num_fold(theory, op, init, elems, xs, ft)
    if op not in PROPAGATES_NAN:
        return uf
    any_nan = z3.Or(theory.is_nan(init, ft), *(theory.is_nan(x, ft) for x in xs))
    if op == "add":  # a sum of zeros is exact in any order: -0 when every one is -0, else +0
        values = [init, *xs]
        neg_zero = theory.const_bits(1 << (ft.width - 1), ft)
        uf = z3.If(z3.And(*(theory.is_zero(v, ft) for v in values)),
                   z3.If(z3.And(*(v == neg_zero for v in values)), neg_zero, theory.const_bits(0, ft)), uf)
    if op in ("maximum", "minimum"):
        acc = init
        for x in xs:
            acc = theory.binary(op, acc, x, ft)
        uf = acc  # the NaN cases aside, exact in any order
    return z3.If(any_nan, theory.some_nan(f"reduce_{op}", ft, init, elems), uf)


def _num_fold(theory, op: str, init: Term, elems: Term, xs: list[Term], ft: FloatType) -> Term:
    """``maxnum``/``minnum`` over ``init`` and ``xs``: the greatest (least) value that is not
    a NaN, whatever the order (a NaN operand is dropped: LLVM ``maxnum``, ``arith.maxnumf``), an
    unknown NaN when every value is one. Computed as ``OP(init, F)`` with ``F`` the fold of the
    elements alone (one order among all), so folds of the same elements from different inits
    share ``F``. When a zero wins and both zeros compete, its sign is unknown: ``maxnum(+0, -0)``
    returns either operand (ArithOps.td), an unknown choice (of the elements, and of the init
    where the init is a zero)."""
    from irverify.smt import terms as t

    pos, neg = theory.const_bits(0, ft), theory.const_bits(1 << (ft.width - 1), ft)

    def either(acc, values, *key):
        both = z3.And(theory.is_zero(acc, ft), z3.Or(*(v == pos for v in values)), z3.Or(*(v == neg for v in values)))
        if z3.is_false(z3.simplify(both)):
            return acc
        flip = t.uf(f"fp.reduce_{op}.zero_sign{len(key)}.{ft.name}", *(k.sort() for k in key), z3.BoolSort())(*key)
        return z3.If(z3.And(flip, both), theory.neg(acc, ft), acc)

    acc = xs[0]
    for x in xs[1:]:
        acc = theory.binary(op, acc, x, ft)
    of_elements = z3.If(z3.And(*(theory.is_nan(x, ft) for x in xs)), theory.some_nan(f"reduce_{op}", ft, elems), acc)
    combined = theory.binary(op, init, of_elements, ft)
    if z3.is_false(z3.simplify(theory.is_zero(init, ft))):  # the init does not compete as a zero
        return either(combined, xs, elems)
    return either(combined, [init, *xs], init, elems)


def concrete_fold(app: Term, value=None) -> Term | None:
    """The value of an uninterpreted fold ``fp.reduce_<op>.<format>(init, elems, n)`` (or
    ``fp.reduce_<op><k>.<format>(init, x1..xk)``) whose init, count and elements are constants,
    when every order of the fold computes it (``fold_constants``): a sum of zeros, an exact sum,
    a maximum, a NaN (the canonical quiet NaN, as evaluation gives an unspecified NaN). None when
    the orders may differ or a value is not constant: evaluation does not pick an order.
    ``value``: resolves the applications left in an element (``terms.resolve_apps``)."""
    from irverify.smt import terms as t

    name = app.decl().name()
    parts = name.split(".")
    if len(parts) != 3 or parts[0] != "fp" or not parts[1].startswith("reduce_") or parts[2] not in FORMATS:
        return None
    ft = FloatType(parts[2])
    op = parts[1][len("reduce_"):].rstrip("0123456789")
    kids = app.children()
    if len(kids) == 3 and kids[1].sort().kind() == z3.Z3_ARRAY_SORT and op == parts[1][len("reduce_"):]:
        n = z3.simplify(kids[2])
        if not z3.is_int_value(n) or n.as_long() > 1 << 16:
            return None
        values = [kids[0]] + [z3.simplify(z3.Select(kids[1], z3.IntVal(i))) for i in range(n.as_long())]
    else:
        values = list(kids)
    values = [z3.simplify(v) for v in values]
    if value is not None:
        values = [v if z3.is_bv_value(v) else t.resolve_apps(v, value) for v in values]
    if not all(z3.is_bv_value(v) and v.size() == ft.width for v in values):
        return None
    folded = fold_constants(op, [v.as_long() for v in values], ft)
    if folded is None:
        return None
    if folded == "nan":
        e_bits, p = FORMATS[ft.name]
        folded = (((1 << e_bits) - 1) << (p - 1)) | (1 << (p - 2))
    return z3.BitVecVal(folded, ft.width)

