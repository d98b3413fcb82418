"""``arith`` dialect semantics (https://mlir.llvm.org/docs/Dialects/ArithOps/).

Integers are bit-vectors of their width; ``index`` is a 64-bit integer held as a z3 ``Int`` in
[-2^63, 2^63) (arguments and free elements are 64-bit values, arithmetic wraps around). A
negative index stands for its 64-bit two's-complement pattern where bits matter: unsigned index operations (``divui``, ``remui``,
``ceildivui``, ``minui``/``maxui``, unsigned ``cmpi``) read it as ``x + 2^64`` and read a result
back as a signed 64-bit value; bitwise operations and shifts work on the 64-bit pattern.
``i1`` is a 1-bit vector. All ops also apply elementwise to tensors.

Poison (LLVM LangRef, "Poison Values"; ArithOps.td): a shift by the bit width or more, a broken
``nsw``/``nuw`` promise, a NaN or infinity under ``nnan``/``ninf`` make the result poison, and
every op whose operand is poison yields poison, except ``select``, which is poison only where its
condition or the chosen operand is. The term of a poison value is a deterministic unknown (an
uninterpreted function of the operands). Division by zero and signed division overflow are UB.
"""

from __future__ import annotations

from irverify.errors import Unsupported
from irverify.ir.core import DenseAttr, EnumAttr, FloatAttr, FloatType, IndexType, IntType, Op, TensorType
from irverify.semantics.common import elementwise, tensor_from_template
from irverify.semantics.registry import semantics
from irverify.model.values import Scalar, Tensor, any_poison
from irverify.smt import terms as t



INDEX_BITS = 64


def elem_type(ty):
    return ty.elem if isinstance(ty, TensorType) else ty


def poison(ctx, name: str, cond, value, *operands):
    """``value``, or poison where ``cond`` holds (raised on ``ctx``; the term is then an unknown
    deterministic function of the operands)."""
    if t.static_bool(cond) is False:
        return value
    ctx.poison_if(cond)
    fn = t.uf(f"poison_value.{name}", *[t.sort_of(o) for o in operands], t.sort_of(value))
    return t.ite(cond, fn(*operands), value)


def overflow_flags(op: Op) -> set[str]:
    flags = op.attrs.get("overflowFlags")
    if flags is None:
        return set()
    if not isinstance(flags, EnumAttr):
        raise Unsupported(f"overflowFlags {flags}", op.loc)
    return {f.strip() for f in flags.value.split(",")} - {"none"}


def fastmath_flags(op: Op) -> set[str]:
    flags = op.attrs.get("fastmath")
    if flags is None:
        return set()
    if not isinstance(flags, EnumAttr):
        raise Unsupported(f"fastmath {flags}", op.loc)
    got = {f.strip() for f in flags.value.split(",")} - {"none"}
    unsupported = got - {"nnan", "ninf"}
    if unsupported:
        raise Unsupported(f"fastmath flag '{sorted(unsupported)[0]}' of '{op.name}'", op.loc)
    return got


# ----------------------------------------------------------------------------- constants


@semantics("arith.constant", attrs=("value",))
def constant(ctx, op: Op):
    value, ty = op.attrs["value"], op.results[0].type
    if isinstance(ty, TensorType):
        if not isinstance(value, DenseAttr):
            raise Unsupported(f"constant {value}", op.loc)
        return dense_tensor(ctx, value)
    return Scalar(scalar_const(ctx, value, ty), ty)


def scalar_const(ctx, value, ty):
    """The term of a constant: an integer, or a float's exact bit pattern (a ``FloatAttr`` or
    the bits as an integer, as dense attributes hold them)."""
    if isinstance(ty, IndexType):
        return t.int_val(int(value))
    if isinstance(ty, IntType):
        return t.bv_val(int(value), ty.width)
    if isinstance(ty, FloatType):
        if isinstance(value, FloatAttr) and value.type == ty:
            return ctx.fp.const_bits(value.bits, ty)
        if isinstance(value, int) and not isinstance(value, bool):
            return ctx.fp.const_bits(value, ty)
    raise Unsupported(f"constant {value} of type {ty}")


def dense_tensor(ctx, attr: DenseAttr) -> Tensor:
    """A constant tensor: a splat is one term; otherwise a chain of ``ite`` over the flat index.
    Float elements are bit patterns (``DenseAttr``)."""
    ttype = attr.type
    dims = [t.int_val(d) for d in ttype.shape]
    values = attr.values
    if values.size == 0 or all(s == 0 for s in values.strides):  # a splat (a broadcast view)
        one = values.reshape(-1)[0] if values.size else 0
        splat = scalar_const(ctx, int(one), ttype.elem)
        return Tensor(ttype, dims, lambda idx: splat)
    flat = values.reshape(-1)
    terms = [scalar_const(ctx, int(v), ttype.elem) for v in flat]
    if not terms or all(t.static_bool(x == terms[0]) is True for x in terms):
        splat = terms[0] if terms else scalar_const(ctx, 0, ttype.elem)
        return Tensor(ttype, dims, lambda idx: splat)
    strides = []
    acc = 1
    for d in reversed(ttype.shape):
        strides.append(acc)
        acc *= d
    strides.reverse()

    def elem(idx):
        pos = t.int_val(0)
        for i, s in zip(idx, strides):
            pos = pos + i * s
        out = terms[-1]
        for k in range(len(terms) - 2, -1, -1):
            out = t.ite(pos == k, terms[k], out)
        return out

    return Tensor(ttype, dims, elem)


# ----------------------------------------------------------------------------- integer arithmetic


def _int_binary(name, bv_fn, int_fn, flags_check=None):
    def sem(ctx, op: Op, a, b):
        ty = elem_type(op.results[0].type)
        flags = overflow_flags(op)

        def fn(x, y):
            if isinstance(ty, IndexType):
                return _index_result(ctx, name, flags, int_fn, x, y)
            r = bv_fn(x, y)
            if flags and flags_check:
                r = poison(ctx, name + "." + ".".join(sorted(flags)), flags_check(flags, x, y), r, x, y)
            return r

        return elementwise(ctx, op, fn, a, b)

    return sem


def _index_result(ctx, name, flags, int_fn, x, y):
    """An index result in 64-bit two's complement; ``nsw``/``nuw`` make an overflow poison."""
    exact = int_fn(x, y)
    conds = []
    if "nsw" in flags:
        conds.append(t.not_(t.in_signed_range(exact, INDEX_BITS)))
    if "nuw" in flags:
        unsigned = int_fn(_as_unsigned_index(x), _as_unsigned_index(y))
        conds.append(t.or_(unsigned < 0, unsigned >= 1 << INDEX_BITS))
    r = t.wrap_signed(exact, INDEX_BITS)
    return poison(ctx, name + "." + ".".join(sorted(flags)), t.or_(*conds), r, x, y) if conds else r


def _add_overflow(flags, x, y):
    conds = []
    if "nsw" in flags:
        conds.append(t.signed_overflows_add(x, y))
    if "nuw" in flags:
        conds.append(t.unsigned_overflows_add(x, y))
    return t.or_(*conds)


def _sub_overflow(flags, x, y):
    conds = []
    if "nsw" in flags:
        conds.append(t.signed_overflows_sub(x, y))
    if "nuw" in flags:
        conds.append(t.unsigned_overflows_sub(x, y))
    return t.or_(*conds)


def _mul_overflow(flags, x, y):
    conds = []
    if "nsw" in flags:
        conds.append(t.signed_overflows_mul(x, y))
    if "nuw" in flags:
        conds.append(t.unsigned_overflows_mul(x, y))
    return t.or_(*conds)


semantics("arith.addi", attrs=("overflowFlags",))(
    _int_binary("addi", lambda x, y: x + y, lambda x, y: x + y, _add_overflow))
semantics("arith.subi", attrs=("overflowFlags",))(
    _int_binary("subi", lambda x, y: x - y, lambda x, y: x - y, _sub_overflow))
semantics("arith.muli", attrs=("overflowFlags",))(
    _int_binary("muli", lambda x, y: x * y, lambda x, y: x * y, _mul_overflow))


def _as_unsigned_index(x):
    """An index read as an unsigned 64-bit value."""
    return t.ite(x < 0, x + (1 << INDEX_BITS), x)


def _as_signed_index(x):
    """An unsigned 64-bit value read back as a (signed) index."""
    return t.ite(x >= 1 << (INDEX_BITS - 1), x - (1 << INDEX_BITS), x)


def _unsigned_index_op(fn):
    """``fn`` on index operands read as unsigned 64-bit values. A negative operand stands for its
    64-bit two's-complement pattern, so the result is read back as a signed 64-bit index then;
    non-negative operands keep the unbounded reading (``divui %n, %c1`` is ``%n``)."""

    def op(x, y):
        r = fn(_as_unsigned_index(x), _as_unsigned_index(y))
        return t.ite(t.or_(x < 0, y < 0), _as_signed_index(r), r)

    return op


def _index_bitwise(fn):
    """Apply a bit-vector function to index operands through their 64-bit pattern."""
    return lambda x, y: t.bv_to_sint(fn(t.int_to_bv(x, INDEX_BITS), t.int_to_bv(y, INDEX_BITS)))


def _division(name, bv_fn, int_fn, signed_overflow=False, exact_rem=None):
    """``exact_rem``: (bit-vector, index) remainders for the ``exact`` flag (``isExact``): a
    division with a remainder is poison. A poison divisor is UB (it may be zero), as in LLVM.
    ``signed_overflow``: ``INT_MIN / -1`` is UB, and so is
    a poison dividend (which may be ``INT_MIN``) divided by -1, as in LLVM (``sdiv``/``srem``,
    which these ops lower to; Alive2 encodes the same)."""

    @semantics(f"arith.{name}", attrs=("isExact",) if exact_rem else ())
    def sem(ctx, op: Op, a, b):
        ty = elem_type(op.results[0].type)
        exact = bool(op.attrs.get("isExact"))

        def fn(x, y, x_poison, y_poison):
            zero = t.int_val(0) if isinstance(ty, IndexType) else t.bv_val(0, ty.width)
            ctx.add_ub(y == zero, f"arith.{name}: division by zero")
            ctx.add_ub(y_poison, f"arith.{name}: division by a poison divisor (which may be zero)")
            if signed_overflow and isinstance(ty, IntType):
                min_int = t.bv_val(1 << (ty.width - 1), ty.width)
                ctx.add_ub(t.and_(t.or_(x == min_int, x_poison), y == t.bv_val(-1, ty.width)),
                           f"arith.{name}: signed division overflow")
            if signed_overflow and isinstance(ty, IndexType):
                ctx.add_ub(t.and_(t.or_(x == -(1 << (INDEX_BITS - 1)), x_poison), y == -1),
                           f"arith.{name}: signed division overflow")
            r = int_fn(x, y) if isinstance(ty, IndexType) else bv_fn(x, y)
            if exact:
                rem = exact_rem[1](x, y) if isinstance(ty, IndexType) else exact_rem[0](x, y)
                r = poison(ctx, f"{name}.exact", rem != zero, r, x, y)
            return r

        return elementwise(ctx, op, fn, a, b, operand_poison=True)

    return sem


def _bv_floordiv(x, y):
    q = t.sdiv(x, y)
    r = t.srem(x, y)
    zero = t.bv_val(0, t.width(x))
    adjust = t.and_(r != zero, t.slt(r, zero) != t.slt(y, zero))
    return t.ite(adjust, q - 1, q)


def _bv_ceildiv_signed(x, y):
    q = t.sdiv(x, y)
    r = t.srem(x, y)
    zero = t.bv_val(0, t.width(x))
    adjust = t.and_(r != zero, t.slt(r, zero) == t.slt(y, zero))
    return t.ite(adjust, q + 1, q)


def _bv_ceildiv_unsigned(x, y):
    q = t.udiv(x, y)
    return t.ite(t.urem(x, y) != t.bv_val(0, t.width(x)), q + 1, q)


_division("divsi", t.sdiv, t.truncdiv, signed_overflow=True, exact_rem=(t.srem, t.truncrem))
_division("divui", t.udiv, _unsigned_index_op(t.floordiv), exact_rem=(t.urem, _unsigned_index_op(t.floormod)))
_division("ceildivsi", _bv_ceildiv_signed, t.ceildiv, signed_overflow=True)
_division("ceildivui", _bv_ceildiv_unsigned, _unsigned_index_op(t.ceildiv))
_division("floordivsi", _bv_floordiv, t.floordiv, signed_overflow=True)
_division("remsi", t.srem, t.truncrem, signed_overflow=True)  # lowered to llvm.srem: UB as sdiv
_division("remui", t.urem, _unsigned_index_op(t.floormod))


def _minmax(name, bv_cmp, int_cmp):
    @semantics(f"arith.{name}")
    def sem(ctx, op: Op, a, b):
        ty = elem_type(op.results[0].type)

        def fn(x, y):
            if isinstance(ty, IndexType):
                return t.ite(int_cmp(x, y), x, y)
            return t.ite(bv_cmp(x, y), x, y)

        return elementwise(ctx, op, fn, a, b)

    return sem


_minmax("minsi", t.sle, lambda x, y: x <= y)
_minmax("maxsi", t.sge, lambda x, y: x >= y)
_minmax("minui", t.ule, lambda x, y: _as_unsigned_index(x) <= _as_unsigned_index(y))
_minmax("maxui", t.uge, lambda x, y: _as_unsigned_index(x) >= _as_unsigned_index(y))


def _bitwise(name, fn):
    @semantics(f"arith.{name}")
    def sem(ctx, op: Op, a, b):
        ty = elem_type(op.results[0].type)
        return elementwise(ctx, op, _index_bitwise(fn) if isinstance(ty, IndexType) else fn, a, b)

    return sem


_bitwise("andi", lambda x, y: x & y)
_bitwise("ori", lambda x, y: x | y)
_bitwise("xori", lambda x, y: x ^ y)


def _shift(name, fn):
    """A shift by the width or more is poison; so is ``shli`` with ``nuw`` (``nsw``) shifting out
    a bit that is not zero (that differs from the result's sign bit), and ``shrui``/``shrsi``
    with ``exact`` (``isExact``) shifting out a bit that is not zero."""

    @semantics(f"arith.{name}", attrs=("overflowFlags",) if name == "shli" else ("isExact",))
    def sem(ctx, op: Op, a, b):
        ty = elem_type(op.results[0].type)
        flags = overflow_flags(op)
        exact = bool(op.attrs.get("isExact"))
        width = INDEX_BITS if isinstance(ty, IndexType) else ty.width

        def bv_shift(x, y):
            r = fn(x, y)
            conds = [t.uge(y, t.bv_val(width, width))]
            if "nuw" in flags:
                conds.append(t.lshr(r, y) != x)
            if "nsw" in flags:
                conds.append(t.ashr(r, y) != x)
            if exact:
                conds.append(t.shl(r, y) != x)
            return poison(ctx, name + "".join("." + f for f in sorted(flags)) + (".exact" if exact else ""),
                          t.or_(*conds), r, x, y)

        def index_shift(x, y):
            k = t.static_int(y)
            if k is None or not 0 <= k < INDEX_BITS or flags or exact:
                return _index_bitwise(bv_shift)(x, y)
            return _index_shift_by_constant(name, x, k)

        return elementwise(ctx, op, index_shift if isinstance(ty, IndexType) else bv_shift, a, b)

    return sem


def _index_shift_by_constant(name: str, x, k: int):
    """An index shifted by a constant ``0 <= k < 64`` (never poison without flags) in integer
    arithmetic, as ``muli``/``divsi``/``divui`` by ``2^k`` are encoded: ``shli`` is ``x * 2^k``
    wrapped to 64 bits, ``shrsi`` is ``floor(x / 2^k)``, ``shrui`` is ``floor(u / 2^k)`` of the
    unsigned reading ``u`` of ``x`` (read back as a signed index when ``k = 0``). The same bits
    as the shift of the 64-bit pattern, without converting between integers and bit-vectors."""
    if name == "shli":
        return t.wrap_signed(x * (1 << k), INDEX_BITS)
    if name == "shrsi":
        return t.floordiv(x, t.int_val(1 << k))
    if k == 0:
        return x
    return t.floordiv(_as_unsigned_index(x), t.int_val(1 << k))


_shift("shli", t.shl)
_shift("shrsi", t.ashr)
_shift("shrui", t.lshr)

CMPI_PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]


@semantics("arith.cmpi", attrs=("predicate",))
def cmpi(ctx, op: Op, a, b):
    pred = CMPI_PREDICATES[op.attrs["predicate"]]
    ty = elem_type(op.operands[0].type)

    def fn(x, y):
        if isinstance(ty, IndexType):
            if pred[0] == "u":
                x, y = _as_unsigned_index(x), _as_unsigned_index(y)
            rel = {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y}
            return t.bool_to_bv1(rel[pred.lstrip("su")] if pred not in ("eq", "ne") else rel[pred])
        fns = {"eq": lambda: x == y, "ne": lambda: x != y, "slt": lambda: t.slt(x, y),
               "sle": lambda: t.sle(x, y), "sgt": lambda: t.sgt(x, y), "sge": lambda: t.sge(x, y),
               "ult": lambda: t.ult(x, y), "ule": lambda: t.ule(x, y), "ugt": lambda: t.ugt(x, y),
               "uge": lambda: t.uge(x, y)}
        return t.bool_to_bv1(fns[pred]())

    return elementwise(ctx, op, fn, a, b)


@semantics("arith.select")
def select(ctx, op: Op, c, a, b):
    """``c ? a : b``; an i1 scalar condition picks a whole tensor (its shape included), an i1
    tensor condition picks elementwise. The result is poison where the condition is, or where
    the chosen operand is: the operand not picked is ignored, even if poison."""
    if isinstance(c, Scalar) and isinstance(a, Tensor):
        cond = t.bv1_to_bool(c.term)
        dims = [t.ite(cond, x, y) for x, y in zip(a.dims, b.dims)]
        defined = None
        if a.defined is not None or b.defined is not None or c.poison is not None:
            def defined(idx):
                picked = t.ite(cond, a.is_defined(idx), b.is_defined(idx))
                return picked if c.poison is None else t.and_(t.not_(c.poison), picked)
        return Tensor(op.results[0].type, dims, lambda idx: t.ite(cond, a.at(idx), b.at(idx)), defined)
    if isinstance(c, Tensor):
        for x, y, z in zip(c.dims, a.dims, b.dims):
            ctx.add_ub(t.or_(x != y, x != z), "arith.select: operand shapes differ")

        def pick(idx):
            cc, x, y = c.scalar_at(idx), a.scalar_at(idx), b.scalar_at(idx)
            return _select_scalar(cc, x, y, x.type)

        return tensor_from_template(ctx, op.results[0].type, c.dims, pick)
    if isinstance(a, Tensor) or isinstance(b, Tensor):
        raise Unsupported("'arith.select' mixing scalar and tensor operands", op.loc)
    return _select_scalar(c, a, b, op.results[0].type)


def _select_scalar(c: Scalar, a: Scalar, b: Scalar, ty) -> Scalar:
    cond = t.bv1_to_bool(c.term)
    picked = None if a.poison is None and b.poison is None else t.ite(cond, a.is_poison(), b.is_poison())
    return Scalar(t.ite(cond, a.term, b.term), ty, any_poison(c.poison, picked))


# ----------------------------------------------------------------------------- casts


def _cast(name, fn):
    @semantics(f"arith.{name}")
    def sem(ctx, op: Op, a):
        src, dst = elem_type(op.operands[0].type), elem_type(op.results[0].type)

        def convert(x):
            r = fn(ctx, x, src, dst)
            if ctx.fp.approximate and FloatType in (type(src), type(dst)) and not t.is_value(r):
                ctx.approximate(f"{ctx.fp.name} float conversion")
            return r

        return elementwise(ctx, op, convert, a)

    return sem


def _index_cast(signed):
    """``index_cast`` (sign-extending) / ``index_castui`` (zero-extending) between ``index`` (a
    64-bit integer) and ``iN``: wider results extend the 64-bit pattern, narrower ones truncate
    it; ``iN`` to index truncates to 64 bits or extends to them and reads the pattern signed."""

    def fn(ctx, x, src, dst):
        if isinstance(src, IndexType) and isinstance(dst, IntType):
            if dst.width <= INDEX_BITS:
                return t.int_to_bv(x, dst.width)
            bits = t.int_to_bv(x, INDEX_BITS)
            return t.sext(bits, dst.width) if signed else t.zext(bits, dst.width)
        if isinstance(src, IntType) and isinstance(dst, IndexType):
            if src.width > INDEX_BITS:  # an index holds the low 64 bits
                x = t.trunc(x, INDEX_BITS)
            # A full 64-bit pattern is read as a signed index either way (the representation
            # of every index value that carries its 64th bit).
            return t.bv_to_sint(x) if signed or t.width(x) == INDEX_BITS else t.bv_to_uint(x)
        raise Unsupported(f"index cast from {src} to {dst}")

    return fn


_cast("index_cast", _index_cast(True))
_cast("index_castui", _index_cast(False))
_cast("extsi", lambda ctx, x, src, dst: t.sext(x, dst.width))
_cast("extui", lambda ctx, x, src, dst: t.zext(x, dst.width))
semantics("arith.trunci", attrs=("overflowFlags",))(
    lambda ctx, op, a: _trunci(ctx, op, a))


def _trunci(ctx, op, a):
    """Truncation; with ``nuw`` (``nsw``) a value that the result does not represent as an
    unsigned (signed) number is poison."""
    flags = overflow_flags(op)
    src, dst = elem_type(op.operands[0].type), elem_type(op.results[0].type)

    def fn(x):
        r = t.trunc(x, dst.width)
        conds = []
        if "nuw" in flags:
            conds.append(t.zext(r, src.width) != x)
        if "nsw" in flags:
            conds.append(t.sext(r, src.width) != x)
        return poison(ctx, "trunci." + ".".join(sorted(flags)), t.or_(*conds), r, x) if conds else r

    return elementwise(ctx, op, fn, a)


_cast("sitofp", lambda ctx, x, src, dst: ctx.fp.from_int(x, True, dst))
_cast("uitofp", lambda ctx, x, src, dst: ctx.fp.from_int(x, False, dst))
def _float_to_int(signed):
    """``fptosi`` / ``fptoui``: the float rounded toward zero; poison where that value does not
    fit in the result type, NaN and infinities included (ArithOps.td defers to LLVM's
    ``fptosi``/``fptoui``, whose result is then poison), never a fixed value."""
    name = "fptosi" if signed else "fptoui"

    def fn(ctx, x, src, dst):
        r = ctx.fp.to_int(x, src, dst.width, signed)
        return poison(ctx, name, ctx.fp.to_int_poison(x, src, dst.width, signed), r, x)

    return fn


_cast("fptosi", _float_to_int(True))
_cast("fptoui", _float_to_int(False))


@semantics("arith.bitcast")
def bitcast(ctx, op: Op, a):
    src, dst = elem_type(op.operands[0].type), elem_type(op.results[0].type)
    if isinstance(src, IndexType) or isinstance(dst, IndexType):
        raise Unsupported("arith.bitcast of index", op.loc)

    def fn(x):
        bits = ctx.fp.to_bits(x, src) if isinstance(src, FloatType) else x
        return ctx.fp.from_bits(bits, dst) if isinstance(dst, FloatType) else bits

    if ctx.fp.name == "real":
        ctx.approximate("arith.bitcast under --fp=real")
    return elementwise(ctx, op, fn, a)


# ----------------------------------------------------------------------------- floats


def _float_binary(name, fp_op):
    @semantics(f"arith.{name}", attrs=("fastmath",))
    def sem(ctx, op: Op, a, b):
        ty = elem_type(op.results[0].type)
        flags = fastmath_flags(op)
        if ctx.fp.name == "real":
            ctx.approximate("real float arithmetic")

        def fn(x, y):
            r = ctx.fp.binary(fp_op, x, y, ty)
            if ctx.fp.approximate and fp_op not in ("maximum", "minimum", "maxnum", "minnum") \
                    and not t.is_value(r):  # folded constants are exact
                ctx.approximate(f"{ctx.fp.name} float arithmetic")
            if fp_op in ("maxnum", "minnum") and ctx.fp.name != "real":
                r = _either_signed_zero(ctx, name, x, y, r, ty)
            return _fast(ctx, name, flags, ty, r, x, y)

        return elementwise(ctx, op, fn, a, b)

    return sem


def _either_signed_zero(ctx, name, x, y, r, ty):
    """``maxnumf``/``minnumf`` of +0.0 and -0.0 return *either* operand (ArithOps.td; LLVM
    ``maxnum``): an unknown choice between them, which any target choice refines."""
    fp = ctx.fp
    signs_differ = t.extract(ty.width - 1, ty.width - 1, x) != t.extract(ty.width - 1, ty.width - 1, y)
    cond = t.and_(fp.is_zero(x, ty), fp.is_zero(y, ty), signs_differ)
    if t.static_bool(cond) is False:
        return r
    ctx.add_unknown(cond, f"arith.{name} of +0.0 and -0.0 returns either operand")
    pick_first = t.uf(f"unknown.{name}.signed_zero", t.sort_of(x), t.sort_of(y), t.bool_sort())
    return t.ite(cond, t.ite(pick_first(x, y), x, y), r)


def _fast(ctx, name, flags, ty, r, *operands, float_result=True):
    """Apply ``nnan``/``ninf``: a NaN (infinite) operand or float result is poison."""
    if not flags or ctx.fp.name == "real":
        return r
    conds = []
    for v in (*operands, r) if float_result else operands:
        if "nnan" in flags:
            conds.append(ctx.fp.is_nan(v, ty))
        if "ninf" in flags:
            conds.append(t.and_(ctx.fp.abs(v, ty) == ctx.fp.const(float("inf"), ty)))
    return poison(ctx, f"{name}.fast", t.or_(*conds), r, *operands)


for _name, _fp_op in [("addf", "add"), ("subf", "sub"), ("mulf", "mul"), ("divf", "div"),
                      ("remf", "rem"), ("maximumf", "maximum"), ("minimumf", "minimum"),
                      ("maxnumf", "maxnum"), ("minnumf", "minnum")]:
    _float_binary(_name, _fp_op)


@semantics("arith.negf", attrs=("fastmath",))
def negf(ctx, op: Op, a):
    ty = elem_type(op.results[0].type)
    flags = fastmath_flags(op)
    if ctx.fp.name == "real":
        ctx.approximate("float negation over the reals")
    return elementwise(ctx, op, lambda x: _fast(ctx, "negf", flags, ty, ctx.fp.neg(x, ty), x), a)


CMPF_PREDICATES = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                   "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"]


@semantics("arith.cmpf", attrs=("predicate", "fastmath"))
def cmpf(ctx, op: Op, a, b):
    pred = CMPF_PREDICATES[op.attrs["predicate"]]
    ty = elem_type(op.operands[0].type)
    flags = fastmath_flags(op)
    if ctx.fp.name == "real":
        ctx.approximate("float comparison over the reals")

    def fn(x, y):
        r = t.bool_to_bv1(ctx.fp.cmp(pred, x, y, ty))
        return _fast(ctx, "cmpf", flags, ty, r, x, y, float_result=False) if flags else r

    return elementwise(ctx, op, fn, a, b)


def conversion_contract(op: Op) -> bool:
    """Does a float conversion carry ``fastmath<contract>``? On its own the flag does not change
    a conversion's value; any other fastmath flag on a conversion is unsupported."""
    flags = op.attrs.get("fastmath")
    if flags is None:
        return False
    if not isinstance(flags, EnumAttr):
        raise Unsupported(f"fastmath {flags}", op.loc)
    got = {f.strip() for f in flags.value.split(",")} - {"none"}
    if got - {"contract"}:
        raise Unsupported(f"fastmath flag '{sorted(got - {'contract'})[0]}' of '{op.name}'", op.loc)
    return bool(got)


@semantics("arith.extf", attrs=("fastmath",))
def extf(ctx, op: Op, a):
    """IEEE widening (exact). ``extf`` with ``contract`` of a ``truncf`` with ``contract`` back to
    the truncf's operand type is the contested reading ``contract-conversions``: by default the
    rounding of the truncf stays; with ``elide`` the pair is the original value, as MLIR's
    ``ExtFOp`` folder makes it."""
    src, dst = elem_type(op.operands[0].type), elem_type(op.results[0].type)
    if conversion_contract(op):
        trunc = ctx.producers.get(op.operands[0].id)
        if (trunc is not None and trunc.name == "arith.truncf" and conversion_contract(trunc)
                and trunc.operands[0].type == op.results[0].type
                and ctx.reading("contract-conversions") == "elide"):
            return ctx.env[trunc.operands[0].id]
    if ctx.fp.name == "real":  # exact IEEE conversion in the other theories
        ctx.approximate("real float conversion")
    return elementwise(ctx, op, lambda x: ctx.fp.convert(x, src, dst), a)


@semantics("arith.truncf", attrs=("fastmath", "roundingmode"))
def truncf(ctx, op: Op, a):
    """IEEE narrowing, rounding to nearest even (the only rounding mode modelled); ``contract``
    matters only to an ``extf`` of the result (``extf``)."""
    src, dst = elem_type(op.operands[0].type), elem_type(op.results[0].type)
    rm = op.attrs.get("roundingmode")
    conversion_contract(op)
    if rm is not None and str(rm) not in ("0", "to_nearest_even"):
        raise Unsupported("arith.truncf with a rounding mode", op.loc)
    if ctx.fp.name == "real":  # exact IEEE rounding in the other theories
        ctx.approximate("real float conversion")
    return elementwise(ctx, op, lambda x: ctx.fp.convert(x, src, dst), a)
