"""TVM Relax semantics (apache-tvm 0.27, https://tvm.apache.org/docs/reference/api/python/relax/op.html).

Values are the lazy tensors of ``irverify.model.values``. Dims are index terms; a symbolic dim
``n`` is the shared Int of ``irverify.model.inputs.named_dim``. Shape preconditions TVM does
not check at run time (broadcast compatibility, matmul reduction lengths, reshape element
counts, a result extent that TVM's type inference fixed) are UB when violated.

Numbers follow the TVM llvm lowering as it executes: integer ``add``/``subtract``/``multiply``
(and the sums of ``sum``/``matmul``) wrap in two's complement; float
arithmetic goes through the float theory ``ctx.fp`` and every operation the theory does not
interpret exactly is declared with ``ctx.approximate``. Float ``maximum``/``minimum`` are the
ordered-compare selects TVM emits (exact, NaN included); see ``fminmax``.

This module holds the shared helpers, the structural ops (constants, tuples, calls,
``match_cast``) and the elementwise ops; layout and indexing ops are in ``relax_index.py``,
``matmul``/``einsum``/reductions in ``relax_reduce.py``, ``relax.nn.*`` in ``relax_nn.py``.

Elements nobody wrote. Function arguments and the results of Relax ops are fully defined, but a
``call_tir`` PrimFunc may leave elements of its outputs unwritten (TVM returns whatever the
memory held). Inside the PrimFunc such an element is poison; the ``call_tir`` result holds an
unknown but fixed value there (stale memory, ``relax_tir._stale_where_unwritten``), which later
ops compute with like any value and which makes a counterexample resting on the source's stale
memory ``unknown``. The poison mark machinery below (``Tensor.defined``, ``load``,
``taken_if``, ``strict_load``) serves any other value that is poison: the mark follows the op
definitions (an element an op computes is poison where an element it reads is; a reduction
reads every summand, ``softmax`` its whole row; a read on a select's arm that is not taken does
not count: ``where``, ``concat``, the padding of ``conv1d``, the causal mask of ``attention``),
and a poison index (``take``), integer divisor (``floor_divide``) or branch condition (``If``)
is UB, as in LLVM.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import FloatType, IntType, Op, TensorType, TupleType
from irverify.semantics.common import tensor_from_template
from irverify.semantics.registry import semantics
from irverify.model.assumptions import SUMMATION_ORDER
from irverify.model.sorts import exists_in
from irverify.model.values import Scalar, Tensor, TupleValue
from irverify.smt import terms as t

# Reductions with a static extent up to this many summands are unrolled under --fp=real/ieee;
# under the abstract model a float sum of a static extent up to ABSTRACT_UNROLL_LIMIT is an
# uninterpreted function of its summands (larger or symbolic extents: of a lambda array).
UNROLL_LIMIT = 4096
ABSTRACT_UNROLL_LIMIT = 256
EXACT_FLOAT_OPS = {"ieee": {"add", "sub", "mul", "div", "sqrt", "neg", "abs", "convert", "from_int",
                            "floor", "ceil", "trunc", "roundeven"},
                   "abstract": {"neg", "abs", "convert"}}
DTYPE_NAMES = {"f16": "float16", "bf16": "bfloat16", "f32": "float32", "f64": "float64",
               1: "bool", 8: "int8", 16: "int16", 32: "int32", 64: "int64"}


# ----------------------------------------------------------------------------- helpers


def dtype_name(ty) -> str:
    return DTYPE_NAMES[ty.name] if isinstance(ty, FloatType) else DTYPE_NAMES[ty.width]


def result_type(op: Op, k: int = 0) -> TensorType:
    ty = op.results[k].type
    if not isinstance(ty, TensorType):
        raise Unsupported(f"'{op.name}' result of type {ty}", op.loc)
    return ty


def dim_term(ctx, d) -> Any:
    """An attribute dim (int, symbol name, or ``(op, a, b)``) as an index term."""
    from irverify.model.inputs import named_dim

    if isinstance(d, bool):
        raise Unsupported(f"dim {d}", ctx.op.loc if ctx.op else None)
    if isinstance(d, int):
        return t.int_val(d)
    if isinstance(d, str):
        return named_dim(ctx.inputs, d)
    if isinstance(d, tuple) and len(d) == 3:
        a, b = dim_term(ctx, d[1]), dim_term(ctx, d[2])
        if d[0] in ("floordiv", "floormod"):
            ctx.add_ub(b == 0, f"{ctx.op.name}: shape expression divides by zero")
        fns = {"add": lambda: a + b, "sub": lambda: a - b, "mul": lambda: a * b,
               "floordiv": lambda: t.floordiv(a, b), "floormod": lambda: t.floormod(a, b),
               "min": lambda: t.int_min(a, b), "max": lambda: t.int_max(a, b)}
        return t.simplify(fns[d[0]]())
    raise Unsupported(f"dim {d}", ctx.op.loc if ctx.op else None)


def checked_dims(ctx, op: Op, computed: Sequence[Any], k: int = 0) -> list[Any]:
    """The result dims: where TVM's type inference fixed a dim (an int or a symbol) it must
    equal the computed extent (UB otherwise, as TVM does not check at run time). A dim that is
    computed (not a constant or a bare symbol) must fit int64, the type of TVM's shape values
    (UB otherwise: the run-time shape computation overflows)."""
    ty = result_type(op, k)
    if ty.rank != len(computed):
        raise Unsupported(f"'{op.name}': result rank {ty.rank}, expected {len(computed)}", op.loc)
    dims = []
    for j, (s, c) in enumerate(zip(ty.shape, computed)):
        if s is None:
            dims.append(t.simplify(c))
        else:
            declared = dim_term(ctx, s)
            ctx.add_ub(c != declared, f"{op.name}: result dim {j} is {s} but the operands give another extent")
            dims.append(declared)
        if s is None or isinstance(s, tuple):  # a computed extent: TVM's shapes are int64 values
            fits = t.simplify(t.in_signed_range(dims[-1], 64))
            if t.static_bool(fits) is not True:
                ctx.add_ub(t.not_(fits), f"{op.name}: result dim {j} does not fit int64")
    return dims


def norm_axis(op: Op, axis: int, rank: int) -> int:
    a = axis + rank if axis < 0 else axis
    if not 0 <= a < rank:
        raise Unsupported(f"'{op.name}' axis {axis} for rank {rank}", op.loc)
    return a


def make(ctx, op: Op, dims: Sequence[Any], fn: Callable[[list[Any]], Any], k: int = 0) -> Tensor:
    return tensor_from_template(ctx, result_type(op, k), list(dims), fn)


def want_tensor(op: Op, v, what: str = "operand") -> Tensor:
    if not isinstance(v, Tensor):
        raise Unsupported(f"'{op.name}' {what} that is not a tensor", op.loc)
    return v


# -- floats ---------------------------------------------------------------------------


def declare(ctx, what: str, ft: FloatType) -> None:
    if ctx.fp.name == "real" or what not in EXACT_FLOAT_OPS.get(ctx.fp.name, ()):
        ctx.approximate(f"float {what} ({'reals' if ctx.fp.name == 'real' else ctx.fp.name})")


NAN_PROPAGATING = {"add", "sub", "mul", "div", "exp", "log", "sqrt", "rsqrt", "tanh", "sigmoid",
                   "sin", "cos", "erf", "floor", "ceil", "trunc", "roundeven"}


def split_nan(ctx, x, ft: FloatType):
    """``(cond, v)`` when ``x`` is syntactically ``ite(cond, NaN, v)`` (or ``ite(¬cond, v, NaN)``),
    as produced by ``take(..., mode="nan")``; otherwise ``(false, x)``. Under the abstract model
    arithmetic is uninterpreted, so IEEE NaN propagation (§6.2: an operation with a NaN operand
    gives NaN) is applied on such explicit NaNs only: sound, and cheap for the solver."""
    if ctx.fp.name != "abstract":
        return t.false(), x
    parts = t.ite_parts(x)
    if parts is None:
        return t.false(), x
    c, a, b = parts
    nan = fconst(ctx, float("nan"), ft)
    if a.eq(nan):
        return c, b
    if b.eq(nan):
        return t.not_(c), a
    return t.false(), x


def with_nan(ctx, ft: FloatType, conds, fn):
    """``fn`` applied to the NaN-free parts, NaN where any condition holds."""
    cond = t.or_(*conds)
    value = fn()
    return value if t.is_false(cond) else t.ite(cond, fconst(ctx, float("nan"), ft), value)


def fbin(ctx, name: str, a, b, ft: FloatType):
    declare(ctx, name, ft)
    if name not in NAN_PROPAGATING:
        return ctx.fp.binary(name, a, b, ft)
    (ca, a), (cb, b) = split_nan(ctx, a, ft), split_nan(ctx, b, ft)
    return with_nan(ctx, ft, [ca, cb], lambda: ctx.fp.binary(name, a, b, ft))


def fun(ctx, name: str, a, ft: FloatType):
    declare(ctx, name, ft)
    if name not in NAN_PROPAGATING:
        return ctx.fp.unary(name, a, ft)
    ca, a = split_nan(ctx, a, ft)
    return with_nan(ctx, ft, [ca], lambda: ctx.fp.unary(name, a, ft))


def fpow(ctx, a, b, ft: FloatType):
    """``power(a, b)`` as libm ``pow`` (C11 F.10.4.4, IEEE 754 ``pow``): ``pow(x, ±0) = 1`` and
    ``pow(+1, y) = 1`` for every ``x``/``y``, NaN included; otherwise a NaN operand gives NaN.
    The remaining values are an uninterpreted function in every float model."""
    declare(ctx, "pow", ft)
    fp = ctx.fp
    one = fconst(ctx, 1.0, ft)
    if fp.name == "real":
        exp_zero, base_one = b == fconst(ctx, 0.0, ft), a == one
    else:
        exp_zero, base_one = fp.is_zero(b, ft), a == one
    (ca, a_), (cb, b_) = split_nan(ctx, a, ft), split_nan(ctx, b, ft)
    rest = with_nan(ctx, ft, [t.and_(ca, t.not_(exp_zero)), t.and_(cb, t.not_(base_one))],
                    lambda: fp.binary("pow", a_, b_, ft))
    return t.ite(t.or_(exp_zero, base_one), one, rest)


def fconst(ctx, value: float, ft: FloatType):
    return ctx.fp.const(value, ft)


def fminmax(ctx, a, b, ft: FloatType, is_max: bool):
    """``maximum(a, b)`` is ``a > b ? a : b`` and ``minimum(a, b)`` is ``a < b ? a : b`` with an
    ordered comparison, which is what TVM's llvm lowering emits (``fcmp ogt`` + ``select``): a
    NaN in either position gives ``b`` (``maximum(NaN, 1) = 1``, ``maximum(1, NaN) = NaN``) and
    of ``+0``/``-0`` the second operand wins. Exact in every float model; the ``max``/``min``
    reductions fold it with the accumulator as ``a``."""
    if ctx.fp.name == "real":
        declare(ctx, "maximum" if is_max else "minimum", ft)
    return t.ite(ctx.fp.cmp("ogt" if is_max else "olt", a, b, ft), a, b)


# -- integers -------------------------------------------------------------------------


def int_arith(name: str, x, y):
    """Two's complement ``add``/``sub``/``mul``: the result wraps modulo ``2^width``. TVM's llvm
    lowering emits ``add nsw``/``mul nsw``, yet what a compiled Relax function stores is the
    wrapped value (checked against execution in the conformance tests: int8/int32 ``add``,
    ``negative``, ``multiply``, ``sum``, ``matmul`` at the overflow boundary). Wrapping gives the
    same value for the same computation however it is written (``x + x == x * 2``)."""
    fns = {"add": lambda: x + y, "sub": lambda: x - y, "mul": lambda: x * y}
    return fns[name]()


def int_to_index(x) -> Any:
    return t.bv_to_sint(x)


# -- conversions ----------------------------------------------------------------------


def cast(ctx, x, src, dst):
    """``astype`` of one element from ``src`` to ``dst`` (numpy/TVM conversion rules)."""
    if src == dst:
        return x
    fp = ctx.fp
    if isinstance(src, FloatType) and isinstance(dst, FloatType):
        declare(ctx, "convert", dst)
        return fp.convert(x, src, dst)
    if isinstance(src, IntType) and isinstance(dst, FloatType):
        declare(ctx, "from_int", dst)
        return fp.from_int(x, src.width != 1, dst)
    if isinstance(src, FloatType) and isinstance(dst, IntType):
        if dst.width == 1:
            return t.bool_to_bv1(t.not_(fp.cmp("oeq", x, fconst(ctx, 0.0, src), src)))
        declare(ctx, "to_int", src)
        value = fp.to_int(x, src, dst.width, True)
        if fp.name == "abstract":
            return value
        lo, hi = fconst(ctx, -(2.0 ** (dst.width - 1)), src), fconst(ctx, 2.0 ** (dst.width - 1), src)
        fits = t.and_(fp.cmp("oge", x, lo, src), fp.cmp("olt", x, hi, src))
        unknown = t.uf(f"relax.astype.{src.name}.i{dst.width}.out_of_range", t.sort_of(x), t.bv_sort(dst.width))
        return t.ite(fits, value, unknown(x))
    if isinstance(src, IntType) and isinstance(dst, IntType):
        if dst.width == 1:
            return t.bool_to_bv1(x != t.bv_val(0, src.width))
        if src.width == 1:
            return t.zext(x, dst.width)
        if dst.width > src.width:
            return t.sext(x, dst.width)
        return t.trunc(x, dst.width)
    raise Unsupported(f"astype from {src} to {dst}")


# -- broadcasting ---------------------------------------------------------------------


def broadcast_dims(ctx, op: Op, shapes: Sequence[Sequence[Any]]) -> list[Any]:
    """numpy broadcasting of several shapes (right-aligned); incompatible extents are UB."""
    rank = max((len(s) for s in shapes), default=0)
    out = []
    for k in range(rank):
        ds = [s[len(s) - rank + k] for s in shapes if len(s) - rank + k >= 0]
        d = ds[0]
        for e in ds[1:]:
            if t.static_bool(d == e) is True:
                continue
            ctx.add_ub(t.and_(d != e, d != 1, e != 1), f"{op.name}: operand shapes are not broadcastable")
            if t.static_int(e) == 1:
                continue
            d = e if t.static_int(d) == 1 else t.simplify(t.ite(d == 1, e, d))
        out.append(d)
    return out


def broadcast_index(x: Tensor, idx: Sequence[Any], out_dims: Sequence[Any] | None = None) -> list[Any]:
    """The index of ``x`` read for output index ``idx`` under broadcasting. A symbolic dim of
    ``x`` is read at ``0`` where it is 1; where it is the output's own extent (``out_dims``,
    the same term), the output index is in range, so it is read there directly (when that
    extent is 1 the index is 0 anyway), and the term says so without a case split."""
    off = len(idx) - x.rank
    out = []
    for k, d in enumerate(x.dims):
        i = idx[off + k]
        s = t.static_int(d)
        if s == 1:
            out.append(t.int_val(0))
        elif s is not None or (out_dims is not None and t.static_bool(t.simplify(d == out_dims[off + k])) is True):
            out.append(i)
        else:
            out.append(t.ite(d == 1, t.int_val(0), i))
    return out


def read(ctx, x, idx: Sequence[Any], strict: str | None = None, out_dims: Sequence[Any] | None = None):
    """The element of ``x`` (a tensor, broadcast to ``idx``, or a scalar) that output element
    ``idx`` reads (``load``; with ``strict``, what the element is used as, ``strict_load``);
    ``out_dims``: the output's extents (``broadcast_index``)."""
    if isinstance(x, Scalar):
        if x.poison is not None:
            if strict:
                ctx.add_ub(x.poison, f"{strict} is poison")
            else:
                ctx.poison_if(x.poison)
        return x.term
    if strict:
        return strict_load(ctx, x, broadcast_index(x, idx, out_dims), strict)
    return load(ctx, x, broadcast_index(x, idx, out_dims))


# -- elements nobody wrote (module docstring) ------------------------------------------


def load(ctx, x: Tensor, idx: Sequence[Any]):
    """``x[idx]``, read by the value being computed: that value is poison where the element is."""
    if x.defined is not None:
        ok = x.defined(list(idx))
        if t.static_bool(ok) is not True:
            ctx.poison_if(t.not_(ok))
    return x.at(idx)


def taken_if(ctx, cond, compute: Callable[[], Any]):
    """``compute()`` for the arm of a select taken where ``cond`` holds: the poison of what it
    reads counts only there."""
    with ctx.poison_scope() as raised:
        value = compute()
    if raised:
        ctx.poison_if(t.and_(cond, t.or_(*raised)))
    return value


def strict_load(ctx, x: Tensor, idx: Sequence[Any], what: str):
    """``x[idx]`` used where poison is UB (an index, a divisor, a branch condition)."""
    if x.defined is not None:
        ctx.add_ub(t.not_(x.defined(list(idx))), f"{what} reads an element nobody wrote")
    return x.at(idx)


def dims_of(x) -> list[Any]:
    return [] if isinstance(x, Scalar) else list(x.dims)


def elem_type(x):
    return x.type if isinstance(x, Scalar) else x.type.elem


def broadcast_map(ctx, op: Op, fn: Callable[..., Any], *args, strict: dict[int, str] | None = None) -> Tensor:
    """``fn`` applied to the elements of ``args`` (numpy broadcasting); ``strict`` names the
    operands whose unwritten elements are UB (position -> what the operand is)."""
    dims = broadcast_dims(ctx, op, [dims_of(a) for a in args])
    dims = checked_dims(ctx, op, dims)
    strict = strict or {}
    return make(ctx, op, dims, lambda idx: fn(*(read(ctx, a, idx, strict.get(k), dims) for k, a in enumerate(args))))


# -- reductions -----------------------------------------------------------------------


def reduce_add(ctx, ty, n, summand: Callable[[Any], Any], what: str):
    """``sum_{k < n} summand(k)`` in ``ty``, accumulated from 0 as TVM does: exact for integers
    (wrapping) with a static extent; for floats a single summand is exact (``+0 + x``: ``-0``
    becomes ``+0``), otherwise an uninterpreted ``sum`` of the summands (abstract), or unrolled
    under ``real`` (exact real polynomial) and ``ieee`` (in index order, from +0) when the
    extent is static."""
    size = t.static_int(n)
    if isinstance(ty, FloatType):
        if size is not None and size <= UNROLL_LIMIT and ctx.fp.name in ("real", "ieee"):
            if ctx.fp.name == "real":
                declare(ctx, "add", ty)
                terms = [summand(t.int_val(k)) for k in range(size)]
                acc = terms[0] if terms else fconst(ctx, 0.0, ty)
                for x in terms[1:]:
                    acc = acc + x
                return acc
            ctx.approximate(SUMMATION_ORDER + what)
            acc = fconst(ctx, 0.0, ty)
            for k in range(size):
                acc = fbin(ctx, "add", acc, summand(t.int_val(k)), ty)
            return acc
        if size == 1:  # TVM's sum starts from +0: +0 + x is x, except that -0 becomes +0
            x = summand(t.int_val(0))
            return t.ite(x == fconst(ctx, -0.0, ty), fconst(ctx, 0.0, ty), x)
        ctx.approximate(f"float sum in {what}")
        if size is not None and size <= ABSTRACT_UNROLL_LIMIT:
            if size == 0:
                return fconst(ctx, 0.0, ty)
            parts = [split_nan(ctx, summand(t.int_val(k)), ty) for k in range(size)]
            sort = ctx.fp.sort(ty)
            sum_fn = t.uf(f"fp.sum{size}.{ty.name}", *([sort] * size), sort)
            return with_nan(ctx, ty, [c for c, _ in parts], lambda: sum_fn(*[v for _, v in parts]))
        return ctx.fp.reduce("add", fconst(ctx, 0.0, ty), _lambda(ctx, n, summand), n, ty)
    if size is not None and size <= UNROLL_LIMIT:
        acc = t.bv_val(0, ty.width)
        for k in range(size):
            acc = int_arith("add", acc, summand(t.int_val(k)))
        return acc
    ctx.approximate(f"integer sum over a symbolic extent in {what}")
    lam = _lambda(ctx, n, summand)
    return t.uf(f"relax.int_sum.i{ty.width}", t.sort_of(lam), t.int_sort(), t.bv_sort(ty.width))(lam, n)


def reduce_fold(ctx, ty, n, elem: Callable[[Any], Any], name: str, init, combine, what: str,
                own: str | None = None):
    """A fold of ``combine`` over ``elem(0..n)`` from ``init`` (max/min reductions). Past the
    unroll limit an uninterpreted fold; ``own`` names a function of its own for it (a scan's
    prefix, which the compiler computes in another order than a reduction of the same values)."""
    size = t.static_int(n)
    if size is not None and size <= UNROLL_LIMIT:
        acc = init
        for k in range(size):
            acc = combine(acc, elem(t.int_val(k)))
        return acc
    ctx.approximate(f"{name} reduction in {what}")
    lam = _lambda(ctx, n, elem)
    if own is not None:
        return t.uf(f"{own}.{dtype_name(ty)}", t.sort_of(init), t.sort_of(lam), t.int_sort(), t.sort_of(init))(
            init, lam, n)
    if isinstance(ty, FloatType):
        return ctx.fp.reduce(name, init, lam, n, ty)
    return t.uf(f"relax.int_{name}.i{ty.width}", t.sort_of(init), t.sort_of(lam), t.int_sort(),
                t.sort_of(init))(init, lam, n)


_LAMBDA_DEPTH = [0]


def _lambda(ctx, n, body: Callable[[Any], Any]):
    """``lambda k. body(k)``. The bound variable is named by nesting depth, so that the same
    summands give the same term on both sides (solver terms are not compared modulo renaming).
    A fold of the summands is poison where one of them is (``body`` raised poison at some
    ``k < n``)."""
    k = t.int_var(f"k!{_LAMBDA_DEPTH[0]}")
    _LAMBDA_DEPTH[0] += 1
    try:
        with ctx.elementwise([k], [n]), ctx.poison_scope() as raised:
            term = body(k)
    finally:
        _LAMBDA_DEPTH[0] -= 1
    if raised:
        ctx.poison_if(exists_in([k], [n], t.or_(*raised)))
    return t.lambda_([k], term)


def unravel(flat, dims: Sequence[Any]) -> list[Any]:
    """Row-major multi-index of a flat position."""
    out = []
    for j in range(len(dims)):
        stride = t.product(dims[j + 1:])
        q = flat if t.static_int(stride) == 1 else t.floordiv(flat, stride)
        out.append(q if j == 0 else t.floormod(q, dims[j]))
    return out


def ravel(idx: Sequence[Any], dims: Sequence[Any]) -> Any:
    flat = t.int_val(0)
    for i, d in zip(idx, dims):
        flat = flat * d + i
    return t.simplify(flat)


# ----------------------------------------------------------------------------- structure


@semantics("relax.const", attrs=("value",))
def const(ctx, op: Op):
    """``R.const(value, dtype)``: a constant tensor."""
    from irverify.semantics.arith import dense_tensor

    return dense_tensor(ctx, op.attrs["value"])


@semantics("relax.prim_value", attrs=("value",))
def prim_value(ctx, op: Op, *_):
    """``R.prim_value(e)`` of an ``int64`` dim expression: its value as an ``index`` (dims are
    in ``[0, 2^63)``, so the 64-bit value is the same number)."""
    from irverify.ir.core import IndexType

    return Scalar(dim_term(ctx, op.attrs["value"]), IndexType())


@semantics("relax.shape", attrs=("dims",))
def shape(ctx, op: Op, *_):
    """``R.shape([d0, d1, ...])``: a shape value, the tuple of its dims as ``index`` values."""
    from irverify.ir.core import IndexType

    return TupleValue([Scalar(dim_term(ctx, d), IndexType()) for d in op.attrs["dims"]])


@semantics("relax.shape_to_tensor")
def shape_to_tensor(ctx, op: Op, shape):
    """``R.shape_to_tensor(s)`` (and ``R.call_pure_packed("relax.run.shape_to_tensor", s)``, the
    function TVM lowers it to: ``tvm.runtime.tensor([int(v) for v in s])``): the rank-1 ``int64``
    tensor of the shape's ``k >= 1`` values, in order."""
    from irverify.ir.core import IndexType

    ty = result_type(op)
    if not isinstance(shape, TupleValue) or not shape.fields or \
            not all(isinstance(f, Scalar) and isinstance(f.type, IndexType) for f in shape.fields):
        raise Unsupported(f"'{op.name}' of a value that is not a non-empty shape", op.loc)
    n = len(shape.fields)
    if ty.elem != IntType(64) or ty.shape not in ((n,), (None,)):
        raise Unsupported(f"'{op.name}' with result type {ty} for a shape of {n} values", op.loc)
    vals = [t.int_to_bv(f.term, 64) for f in shape.fields]

    def elem(idx):
        out = vals[-1]
        for k in range(n - 2, -1, -1):
            out = t.ite(idx[0] == k, vals[k], out)
        return out

    def defined(idx):
        return t.and_(*(t.not_(f.poison) for f in shape.fields if f.poison is not None))

    has_poison = any(f.poison is not None for f in shape.fields)
    return Tensor(ty, [t.int_val(n)], elem, defined if has_poison else None)


@semantics("relax.tuple")
def make_tuple(ctx, op: Op, *fields):
    return TupleValue(list(fields))


@semantics("relax.tuple_get_item", attrs=("index",))
def tuple_get_item(ctx, op: Op, tup):
    if not isinstance(tup, TupleValue):
        raise Unsupported("tuple_get_item of a non-tuple", op.loc)
    return tup.fields[op.attrs["index"]]


@semantics("relax.call", attrs=("callee",))
def call(ctx, op: Op, *args):
    """A call to a Relax function of the same module: its body evaluated on the arguments."""
    callee = ctx.module.functions.get(op.attrs["callee"])
    if callee is None:
        raise Unsupported(f"call to unknown function @{op.attrs['callee']}", op.loc)
    for param, arg in zip(callee.args, args):
        if isinstance(param.type, TensorType) and isinstance(arg, Tensor):
            for s, d in zip(param.type.shape, arg.dims):
                if isinstance(s, str) and t.static_bool(dim_term(ctx, s) == d) is not True:
                    raise Unsupported(f"call to @{callee.name} binding its symbolic dim '{s}' to another extent",
                                      op.loc)
    flat = list(ctx.call(callee.name, args, op.loc))
    return _regroup(op.results[0].type, flat)


def _regroup(ty, flat: list):
    if isinstance(ty, TupleType):
        return TupleValue([_regroup(f, flat) for f in ty.fields])
    return flat.pop(0)


@semantics("relax.if")
def if_(ctx, op: Op, cond):
    """``if cond: A else: B`` (Relax ``If``): the value of the branch ``cond`` selects; UB and
    facts of a branch hold only when it is taken. ``cond`` is a rank-0 ``bool`` tensor (an
    unwritten one is UB), an ``R.Prim("bool")`` scalar, or an opaque value (UB unless it is a
    rank-0 ``bool`` tensor, ``relax_opaque.opaque_condition``)."""
    from irverify.semantics.relax_opaque import OpaqueTensor

    if isinstance(cond, Scalar) and cond.type == IntType(1) and cond.poison is None:
        c = t.bv1_to_bool(cond.term)
    elif isinstance(cond, Tensor) and cond.rank == 0 and cond.type.elem == IntType(1):
        c = t.bv1_to_bool(strict_load(ctx, cond, [], "the condition of an If"))
    elif isinstance(cond, OpaqueTensor):
        from irverify.semantics.relax_opaque import opaque_condition

        c = opaque_condition(ctx, cond)
    else:
        raise Unsupported("relax If whose condition is not a rank-0 bool tensor or R.Prim('bool')", op.loc)
    values = []
    for guard, region in ((c, op.regions[0]), (t.not_(c), op.regions[1])):
        sink: list = []
        ctx._ub_sinks.append(sink)
        facts = len(ctx.state.assumptions)
        try:
            (value,) = ctx.run_block(region[0], [])
        finally:
            ctx._ub_sinks.pop()
        new_facts = ctx.state.assumptions[facts:]
        del ctx.state.assumptions[facts:]
        ctx.state.assumptions += [t.implies(guard, a) for a in new_facts]
        for ub in sink:
            ctx.add_ub(t.and_(guard, ub.cond), ub.reason, ub.loc, ub.kind)
        values.append(value)
    return _merge(op, c, *values, OpaqueTensor)


def _merge(op: Op, c, a, b, opaque_cls):
    """The value ``c ? a : b`` of two values of the same kind."""
    if isinstance(a, TupleValue) and isinstance(b, TupleValue) and len(a.fields) == len(b.fields):
        return TupleValue([_merge(op, c, x, y, opaque_cls) for x, y in zip(a.fields, b.fields)])
    if isinstance(a, opaque_cls) and isinstance(b, opaque_cls):
        return opaque_cls(t.ite(c, a.term, b.term), a.type)
    if isinstance(a, Tensor) and isinstance(b, Tensor) and a.type.elem == b.type.elem and a.rank == b.rank:
        dims = [t.simplify(t.ite(c, x, y)) for x, y in zip(a.dims, b.dims)]
        defined = None
        if a.defined is not None or b.defined is not None:
            defined = lambda idx: t.ite(c, a.is_defined(idx), b.is_defined(idx))  # noqa: E731
        return Tensor(a.type, dims, lambda idx: t.ite(c, a.at(idx), b.at(idx)), defined)
    raise Unsupported("relax If whose branches give values of different kinds", op.loc)


@semantics("relax.builtin.stop_lift_params")
def stop_lift_params(ctx, op: Op, x):
    """``R.builtin.stop_lift_params(x)``: the identity; it only tells LiftTransformParams where
    to stop lifting."""
    return x


@semantics("relax.match_cast", attrs=("shape", "dtype", "defines"))
def match_cast(ctx, op: Op, x):
    """``R.match_cast(x, R.Tensor(shape, dtype))``: a run-time check (a mismatch is UB here);
    a symbolic dim first named here is bound to ``x``'s extent. The value is ``x`` itself
    (its unwritten elements included)."""
    x = want_tensor(op, x)
    shape, defines = op.attrs["shape"], op.attrs["defines"]
    if dtype_name(x.type.elem) != op.attrs["dtype"] or len(shape) != x.rank:
        ctx.add_ub(t.true(), f"match_cast: {x.type} does not match R.Tensor({shape}, {op.attrs['dtype']})")
        return x
    if defines and ctx.depth > 0:
        raise Unsupported("match_cast defining a symbolic dim inside a called function", op.loc)
    for s, d in zip(shape, x.dims):
        if isinstance(s, str) and s in defines:
            ctx.assume(dim_term(ctx, s) == d)
        else:
            ctx.add_ub(dim_term(ctx, s) != d, f"match_cast: dim {s} does not match")
    dims = [dim_term(ctx, s) for s in shape]
    return Tensor(result_type(op), dims, x.elem, x.defined)


# ----------------------------------------------------------------------------- elementwise


def _common_elem_type(op: Op, a, b):
    """The element type of both operands; operands of different element types are not modelled."""
    if elem_type(a) != elem_type(b):
        raise Unsupported(f"'{op.name}' with operand types {elem_type(a)} and {elem_type(b)}", op.loc)
    return elem_type(a)


def _float_or_int_binary(name: str, float_op: str | None, int_fn):
    @semantics(f"relax.{name}")
    def sem(ctx, op: Op, a, b):
        ty = _common_elem_type(op, a, b)
        if isinstance(ty, FloatType):
            if float_op is None:
                raise Unsupported(f"'{op.name}' on {ty}", op.loc)
            return broadcast_map(ctx, op, lambda x, y: float_op(ctx, x, y, ty), a, b)
        if int_fn is None:
            raise Unsupported(f"'{op.name}' on {ty}", op.loc)
        strict = {1: f"{op.name}: a divisor"} if int_fn is _int_floordiv else {}
        return broadcast_map(ctx, op, lambda x, y: int_fn(ctx, x, y, ty), a, b, strict=strict)

    sem.__doc__ = f"``R.{name}``: elementwise with numpy broadcasting."
    return sem


def _int_floordiv(ctx, x, y, ty):
    zero = t.bv_val(0, ty.width)
    ctx.add_ub(y == zero, "floor_divide: division by zero")
    if ty.width > 1:
        ctx.add_ub(t.and_(x == t.bv_val(1 << (ty.width - 1), ty.width), y == t.bv_val(-1, ty.width)),
                   "floor_divide: signed overflow")
    q, r = t.sdiv(x, y), t.srem(x, y)
    return t.ite(t.and_(r != zero, t.slt(r, zero) != t.slt(y, zero)), q - 1, q)


def _floor_divide_float(ctx, x, y, ty):
    return fun(ctx, "floor", fbin(ctx, "div", x, y, ty), ty)


_float_or_int_binary("add", lambda c, x, y, ft: fbin(c, "add", x, y, ft), lambda c, x, y, ty: int_arith("add", x, y))
_float_or_int_binary("subtract", lambda c, x, y, ft: fbin(c, "sub", x, y, ft),
                     lambda c, x, y, ty: int_arith("sub", x, y))
_float_or_int_binary("multiply", lambda c, x, y, ft: fbin(c, "mul", x, y, ft),
                     lambda c, x, y, ty: int_arith("mul", x, y))
_float_or_int_binary("divide", lambda c, x, y, ft: fbin(c, "div", x, y, ft), None)
_float_or_int_binary("floor_divide", _floor_divide_float, _int_floordiv)
_float_or_int_binary("power", fpow, None)
_float_or_int_binary("maximum", lambda c, x, y, ft: fminmax(c, x, y, ft, True),
                     lambda c, x, y, ty: t.ite(t.sge(x, y), x, y))
_float_or_int_binary("minimum", lambda c, x, y, ft: fminmax(c, x, y, ft, False),
                     lambda c, x, y, ty: t.ite(t.sle(x, y), x, y))


def _unary(name: str, float_name: str | None, int_fn=None):
    @semantics(f"relax.{name}")
    def sem(ctx, op: Op, a):
        ty = elem_type(a)
        if isinstance(ty, FloatType) and float_name is not None:
            return broadcast_map(ctx, op, lambda x: fun(ctx, float_name, x, ty), a)
        if isinstance(ty, IntType) and int_fn is not None:
            return broadcast_map(ctx, op, int_fn, a)
        raise Unsupported(f"'{op.name}' on {ty}", op.loc)

    sem.__doc__ = f"``R.{name}``: elementwise."
    return sem


_unary("negative", "neg", lambda x: int_arith("sub", t.bv_val(0, t.width(x)), x))
_unary("abs", "abs")
for _name in ("exp", "log", "sqrt", "rsqrt", "tanh", "sigmoid", "sin", "cos", "erf", "floor", "ceil", "trunc"):
    _unary(_name, _name)
# TVM lowers ``round`` to ``llvm.nearbyint`` (halfway cases to even, like numpy.round), not to C
# ``round`` (halfway cases away from zero): the theory's ``roundeven``.
_unary("round", "roundeven")


_CMP = {"equal": ("oeq", t.eq), "not_equal": ("one", t.distinct), "less": ("olt", t.slt),
        "less_equal": ("ole", t.sle), "greater": ("ogt", t.sgt), "greater_equal": ("oge", t.sge)}


def _compare(name: str):
    pred, int_cmp = _CMP[name]

    @semantics(f"relax.{name}")
    def sem(ctx, op: Op, a, b):
        ty = _common_elem_type(op, a, b)
        if isinstance(ty, FloatType):
            return broadcast_map(ctx, op, lambda x, y: t.bool_to_bv1(ctx.fp.cmp(pred, x, y, ty)), a, b)
        if ty.width == 1 and name not in ("equal", "not_equal"):
            raise Unsupported(f"'{op.name}' on bool", op.loc)
        return broadcast_map(ctx, op, lambda x, y: t.bool_to_bv1(int_cmp(x, y)), a, b)

    sem.__doc__ = (f"``R.{name}``: elementwise comparison; on floats every predicate is ordered "
                   "(false when an operand is NaN, ``not_equal`` included: TVM emits ``fcmp one``).")
    return sem


for _name in _CMP:
    _compare(_name)


@semantics("relax.where")
def where(ctx, op: Op, cond, x, y):
    """``R.where(cond, x, y)``: ``x`` where ``cond`` else ``y``, with numpy broadcasting (an
    unwritten element of the arm not taken is not read)."""
    if elem_type(cond) != IntType(1) or elem_type(x) != elem_type(y):
        raise Unsupported("'relax.where' operand types", op.loc)
    dims = checked_dims(ctx, op, broadcast_dims(ctx, op, [dims_of(a) for a in (cond, x, y)]))

    def elem(idx):
        c = t.bv1_to_bool(read(ctx, cond, idx, out_dims=dims))
        a = taken_if(ctx, c, lambda: read(ctx, x, idx, out_dims=dims))
        return t.ite(c, a, taken_if(ctx, t.not_(c), lambda: read(ctx, y, idx, out_dims=dims)))

    return make(ctx, op, dims, elem)


@semantics("relax.astype", attrs=("dtype",))
def astype(ctx, op: Op, x):
    """``R.astype(x, dtype)``: elementwise conversion (float→int truncates toward zero; out of
    range is an unknown value)."""
    src, dst = elem_type(x), result_type(op).elem
    if op.attrs["dtype"] != dtype_name(dst):
        raise Unsupported(f"astype to {op.attrs['dtype']}", op.loc)
    return broadcast_map(ctx, op, lambda v: cast(ctx, v, src, dst), x)


from irverify.semantics import relax_index  # noqa: E402,F401  (layout and indexing ops)
from irverify.semantics import relax_reduce  # noqa: E402,F401  (matmul, einsum, reductions)
from irverify.semantics import relax_nn  # noqa: E402,F401  (relax.nn.*)
from irverify.semantics import relax_tir  # noqa: E402,F401  (call_tir through the PrimFunc)
from irverify.semantics import relax_qdq  # noqa: E402,F401  (quantize, dequantize)
from irverify.semantics import relax_image  # noqa: E402,F401  (image.resize2d, image.affine_grid)
from irverify.semantics import relax_norm  # noqa: E402,F401  (nn.batch_norm)
