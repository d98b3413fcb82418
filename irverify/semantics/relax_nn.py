"""TVM Relax ``relax.nn.*`` semantics: ``relu`` (and its kin ``relax.clip``), ``silu``, ``gelu``,
``gelu_tanh``, ``softmax``, ``attention``, ``attention_bias``, ``conv1d``
(https://tvm.apache.org/docs/reference/api/python/relax/nn.html; the activations follow TVM
0.27's legalization, ``python/tvm/relax/transform/legalize_ops/nn.py``, operation for operation;
the scale, bias and causal mask of attention follow ``_te_attention`` there).

``softmax`` is what TVM's lowering computes (``python/tvm/topi/nn/softmax.py::softmax_common``):
``m = max_j' x_j'`` (the ``max`` reduction: the ordered-select fold from the dtype's lowest
finite value), then ``exp(x_j - m) / sum_j' exp(x_j' - m)``. The subtraction matters: the naive
``exp(x_j) / sum exp(x_j')`` overflows to ``inf / inf = NaN`` where softmax gives a number, so
under the ``abstract`` and ``ieee`` models (``exp`` uninterpreted) the two forms are different
terms. Under ``--fp=real`` softmax is the naive formula, its value over the reals (equal to TVM's
form there), so real-only identities such as "softmax = exp / sum(exp)" are proved and reported
as real-only. ``exp`` is uninterpreted under every model, so a scalar never moves through it."""

from __future__ import annotations

import math

from irverify.errors import Unsupported
from irverify.ir.core import FloatType, IntType, Op
from irverify.semantics.registry import semantics
from irverify.semantics.relax import (
    broadcast_index,
    checked_dims,
    dtype_name,
    fbin,
    fconst,
    fminmax,
    fun,
    load,
    make,
    norm_axis,
    reduce_add,
    reduce_fold,
    taken_if,
    unravel,
    want_tensor,
)
from irverify.semantics.relax_reduce import float_limit
from irverify.smt import terms as t


def over_reals(ctx) -> bool:
    """Whether floats are the unrounded reals of ``--fp=real`` (a proof model), where softmax is
    its real value rather than TVM's max-subtracted computation."""
    return ctx.fp.name == "real" and not getattr(ctx.fp, "rounded", False)


def row_max(ctx, ft: FloatType, n, score, valid=None):
    """``max_k score(k)`` as TVM's ``max`` reduction computes it (``relax_reduce``): a fold of
    the ordered select ``acc > x ? acc : x`` from the lowest finite value of ``ft``. Positions
    where ``valid`` is false count as ``+0`` (the causal mask's ``trilu`` zeroes them first)."""
    def elem(k):
        if valid is None:
            return score(k)
        return t.ite(valid(k), taken_if(ctx, valid(k), lambda: score(k)), fconst(ctx, 0.0, ft))

    init = fconst(ctx, float_limit(ft, lowest=True), ft)
    return reduce_fold(ctx, ft, n, elem, "max", init, lambda a, b: fminmax(ctx, a, b, ft, True), "softmax")


def softmax_at(ctx, ft: FloatType, n, score, j, valid=None):
    """The softmax probability of position ``j`` among ``score(0..n)``, as TVM computes it:
    ``exp(score(j) - m) / sum_k exp(score(k) - m)`` with ``m = row_max`` (the naive formula
    under ``--fp=real``). Positions where ``valid`` is false are left out of the sum and get
    probability 0 (they still take part in ``m``, as ``+0``); their scores are not read (an
    unwritten element there does not make the probabilities poison)."""
    shift = None if over_reals(ctx) else row_max(ctx, ft, n, score, valid)

    def exp_at(k):
        s = score(k)
        return fun(ctx, "exp", s if shift is None else fbin(ctx, "sub", s, shift, ft), ft)

    def term(k):
        if valid is None:
            return exp_at(k)
        return t.ite(valid(k), taken_if(ctx, valid(k), lambda: exp_at(k)), fconst(ctx, 0.0, ft))

    total = reduce_add(ctx, ft, n, term, "softmax")
    if valid is None:
        return fbin(ctx, "div", exp_at(j), total, ft)
    p = taken_if(ctx, valid(j), lambda: fbin(ctx, "div", exp_at(j), total, ft))
    return t.ite(valid(j), p, fconst(ctx, 0.0, ft))


@semantics("relax.nn.relu")
def relu(ctx, op: Op, x):
    """``R.nn.relu(x)``: ``max(x, 0)`` elementwise, as TOPI computes it (``te.max(x, 0)``);
    for floats the ordered-compare select of ``relax.maximum`` (``x > 0 ? x : 0``: NaN gives
    ``0``, ``-0`` gives ``+0``), for integers the signed maximum."""
    from irverify.ir.core import IntType
    from irverify.semantics.relax import broadcast_map, elem_type, fminmax

    x = want_tensor(op, x)
    ty = elem_type(x)
    if isinstance(ty, FloatType):
        zero = fconst(ctx, 0.0, ty)
        return broadcast_map(ctx, op, lambda v: fminmax(ctx, v, zero, ty, True), x)
    if isinstance(ty, IntType) and ty.width > 1:
        zero = t.bv_val(0, ty.width)
        return broadcast_map(ctx, op, lambda v: t.ite(t.sge(v, zero), v, zero), x)
    raise Unsupported(f"'relax.nn.relu' of {ty}", op.loc)


@semantics("relax.clip", attrs=("min", "max"))
def clip(ctx, op: Op, x):
    """``R.clip(x, min, max)``: ``T.max(T.min(x, max), min)`` elementwise, as TVM's legalization
    computes it (``topi.clip``), the ``float64`` bounds cast to ``x``'s dtype (a float rounded to
    it, an integer truncated toward zero). For floats ``T.min``/``T.max`` are the ordered-compare
    selects of ``relax.minimum``/``relax.maximum`` (a NaN element becomes ``max``: ``NaN < max``
    is false), for integers the signed ones. A bound outside an integer dtype's range TVM rejects
    when it legalizes the op, and a NaN or infinite bound of an integer clip has no value: both
    unsupported."""
    from irverify.semantics.relax import broadcast_map, elem_type

    x = want_tensor(op, x)
    ty = elem_type(x)
    lo, hi = op.attrs.get("min"), op.attrs.get("max")
    if not all(isinstance(b, (int, float)) and not isinstance(b, bool) for b in (lo, hi)):
        raise Unsupported("'relax.clip' with a bound that is not a constant", op.loc)
    if isinstance(ty, FloatType):
        lo_c, hi_c = fconst(ctx, float(lo), ty), fconst(ctx, float(hi), ty)
        return broadcast_map(ctx, op, lambda v: fminmax(ctx, fminmax(ctx, v, hi_c, ty, False), lo_c, ty, True), x)
    if isinstance(ty, IntType) and ty.width > 1:
        bounds = []
        for b in (lo, hi):
            if not math.isfinite(b) or not -(1 << ty.width - 1) <= math.trunc(b) < 1 << ty.width - 1:
                raise Unsupported(f"'relax.clip' bound {b} outside {dtype_name(ty)}", op.loc)
            bounds.append(t.bv_val(math.trunc(b), ty.width))
        lo_c, hi_c = bounds

        def clamp(v):
            below_max = t.ite(t.slt(v, hi_c), v, hi_c)  # T.min(v, max)
            return t.ite(t.sgt(below_max, lo_c), below_max, lo_c)  # T.max(., min)

        return broadcast_map(ctx, op, clamp, x)
    raise Unsupported(f"'relax.clip' of {ty}", op.loc)


@semantics("relax.nn.silu")
def silu(ctx, op: Op, x):
    """``R.nn.silu(x)``: ``x * sigmoid(x)`` elementwise, as TVM's legalization computes it
    (``python/tvm/relax/transform/legalize_ops/nn.py``: ``topi.multiply(x, topi.sigmoid(x))``);
    ``sigmoid`` is the function of ``R.sigmoid``. Floats only."""
    from irverify.semantics.relax import broadcast_map, elem_type

    x = want_tensor(op, x)
    ty = elem_type(x)
    if not isinstance(ty, FloatType):
        raise Unsupported(f"'relax.nn.silu' of {ty}", op.loc)
    return broadcast_map(ctx, op, lambda v: fbin(ctx, "mul", v, fun(ctx, "sigmoid", v, ty), ty), x)


GELU_DTYPES = ("f16", "f32", "f64")
F32 = FloatType("f32")


def elementwise(ctx, op: Op, x, fn):
    """``fn`` applied to each element of the tensor ``x`` (read at the result's own index, as
    the legalized PrimFunc reads it)."""
    return make(ctx, op, checked_dims(ctx, op, x.dims), lambda idx: fn(load(ctx, x, idx)))


def gelu_dtype(op: Op, x):
    """The dtype of ``gelu``/``gelu_tanh``'s operand: float16, float32 or float64 (bfloat16 is not
    modelled: the conformance tests cannot run it against TVM)."""
    from irverify.semantics.relax import elem_type

    ty = elem_type(x)
    if not isinstance(ty, FloatType) or ty.name not in GELU_DTYPES:
        raise Unsupported(f"'{op.name}' of {ty}", op.loc)
    return ty


@semantics("relax.nn.gelu")
def gelu(ctx, op: Op, x):
    """``R.nn.gelu(x)``: ``x * (0.5 + erf(x * c) * 0.5)`` elementwise with ``c = 0.5 ** 0.5``,
    evaluated in this order (``t1 = x * c``, ``e = erf(t1)``, ``t2 = e * 0.5``,
    ``t3 = 0.5 + t2``, ``x * t3``), the constants rounded to the dtype, as TVM 0.27's legalization
    computes it (``python/tvm/relax/transform/legalize_ops/nn.py::_nn_gelu``). For float16 the
    ``erf`` is computed in float32: ``e = f16(erf(f32(t1)))``; every other step stays in float16.
    ``erf`` is the function of ``R.erf``. float16, float32 and float64 only."""
    from irverify.semantics.relax import cast

    x = want_tensor(op, x)
    ft = gelu_dtype(op, x)
    c, half = fconst(ctx, 0.5 ** 0.5, ft), fconst(ctx, 0.5, ft)

    def elem(v):
        t1 = fbin(ctx, "mul", v, c, ft)
        if ft.name == "f16":
            e = cast(ctx, fun(ctx, "erf", cast(ctx, t1, ft, F32), F32), F32, ft)
        else:
            e = fun(ctx, "erf", t1, ft)
        return fbin(ctx, "mul", v, fbin(ctx, "add", half, fbin(ctx, "mul", e, half, ft), ft), ft)

    return elementwise(ctx, op, x, elem)


@semantics("relax.nn.gelu_tanh")
def gelu_tanh(ctx, op: Op, x):
    """``R.nn.gelu_tanh(x)``: ``(0.5 * x) * (1 + tanh((c * x) * (1 + (0.044715 * x) * x)))``
    elementwise with ``c = sqrt(2 / pi)``, evaluated in this order and in the dtype (float16
    included: ``tanh`` of float16 stays float16), the constants rounded to the dtype, as TVM
    0.27's legalization computes it (``_nn_gelu_tanh`` in
    ``python/tvm/relax/transform/legalize_ops/nn.py``). ``tanh`` is the function of ``R.tanh``.
    float16, float32 and float64 only."""
    x = want_tensor(op, x)
    ft = gelu_dtype(op, x)
    half, one = fconst(ctx, 0.5, ft), fconst(ctx, 1.0, ft)
    c, k = fconst(ctx, math.sqrt(2.0 / math.pi), ft), fconst(ctx, 0.044715, ft)

    def elem(v):
        inner = fbin(ctx, "add", one, fbin(ctx, "mul", fbin(ctx, "mul", k, v, ft), v, ft), ft)
        z = fbin(ctx, "mul", fbin(ctx, "mul", c, v, ft), inner, ft)
        return fbin(ctx, "mul", fbin(ctx, "mul", half, v, ft), fbin(ctx, "add", one, fun(ctx, "tanh", z, ft), ft), ft)

    return elementwise(ctx, op, x, elem)


@semantics("relax.nn.softmax", attrs=("axis",))
def softmax(ctx, op: Op, x):
    """``R.nn.softmax(x, axis)``: ``exp(x_i - m) / sum_j exp(x_j - m)`` along ``axis``, with
    ``m`` the maximum along ``axis`` (``softmax_at``)."""
    x = want_tensor(op, x)
    ft = x.type.elem
    if not isinstance(ft, FloatType):
        raise Unsupported(f"softmax of {ft}", op.loc)
    axis = norm_axis(op, op.attrs["axis"], x.rank)
    dims = checked_dims(ctx, op, x.dims)

    def elem(idx):
        def score(k):
            return load(ctx, x, idx[:axis] + [k] + idx[axis + 1:])

        return softmax_at(ctx, ft, x.dims[axis], score, idx[axis])

    return make(ctx, op, dims, elem)


ATTENTION_ATTRS = ("scale", "causal_mask", "window_size")


@semantics("relax.nn.attention", attrs=ATTENTION_ATTRS)
def attention(ctx, op: Op, q, k, v):
    """``R.nn.attention(q, k, v, scale, causal_mask)`` in BSNH layout; see ``attention_core``."""
    return attention_core(ctx, op, q, k, v, None)


@semantics("relax.nn.attention_bias", attrs=ATTENTION_ATTRS)
def attention_bias(ctx, op: Op, q, k, v, bias):
    """``R.nn.attention_bias(q, k, v, bias, scale, causal_mask)``; see ``attention_core``."""
    return attention_core(ctx, op, q, k, v, bias)


def attention_core(ctx, op: Op, q, k, v, bias):
    """q ``(B, Sq, N, D)``, k ``(B, Skv, N, D)``, v ``(B, Skv, N, Dv)`` → ``(B, Sq, N, Dv)``:
    ``out[b,i,n,:] = sum_j P[j] * v[b,j,n,:]`` with ``P = softmax_j(s_j)`` and
    ``s_j = (q[b,i,n,:] . k[b,j,n,:]) * scale + bias[b,n,i,j]``. Without ``scale`` the dot
    product is divided by ``sqrt(D)`` rounded to the dtype (as TVM's lowering does). A causal
    mask keeps ``j <= i + offset`` (``TopLeft``: 0, ``BottomRight``: ``|Sq - Skv|``); masked
    positions are left out of the softmax sum and get probability 0, but take part in the row
    maximum as ``+0`` (TVM takes the max of the ``trilu``-masked scores). Extents that must agree
    (batch, heads, head dim, key/value length) are UB when they differ."""
    q, k, v = (want_tensor(op, x) for x in (q, k, v))
    if any(x.rank != 4 for x in (q, k, v)):
        raise Unsupported("attention operands that are not 4-D", op.loc)
    if op.attrs["window_size"] is not None:
        raise Unsupported("attention window_size (sliding window)", op.loc, f"value {op.attrs['window_size']}")
    mask = op.attrs["causal_mask"]
    if mask not in (None, "TopLeft", "BottomRight"):
        raise Unsupported(f"attention causal_mask {mask!r}", op.loc)
    ft = q.type.elem
    if not isinstance(ft, FloatType) or k.type.elem != ft or v.type.elem != ft:
        raise Unsupported("attention dtypes", op.loc)
    b_, sq, n_, d = q.dims
    if t.static_bool(k.dims[2] == n_) is False:
        raise Unsupported("grouped-query attention (head counts differ)", op.loc)
    for name, x, y in (("batch", k.dims[0], b_), ("batch", v.dims[0], b_), ("heads", k.dims[2], n_),
                       ("heads", v.dims[2], n_), ("head dim", k.dims[3], d), ("key length", v.dims[1], k.dims[1])):
        ctx.add_ub(x != y, f"{op.name}: {name} extents differ")
    skv, dv = k.dims[1], v.dims[3]
    scale = op.attrs["scale"]
    if scale is None and t.static_int(d) is None:
        raise Unsupported("attention default scale with a symbolic head dim", op.loc)
    divisor = fconst(ctx, math.sqrt(t.static_int(d)), ft) if scale is None else None
    factor = fconst(ctx, float(scale), ft) if scale is not None else None
    if bias is not None:
        bias = want_tensor(op, bias, "bias")
        if bias.rank != 4 or bias.type.elem != ft:
            raise Unsupported("attention bias that is not 4-D of the query dtype", op.loc)
        for j, want in enumerate((b_, n_, sq, skv)):
            ctx.add_ub(t.and_(bias.dims[j] != want, bias.dims[j] != 1), f"{op.name}: bias dim {j} does not broadcast")
    offset = None
    if mask == "TopLeft":
        offset = t.int_val(0)
    elif mask == "BottomRight":
        offset = t.simplify(t.ite(sq >= skv, sq - skv, skv - sq))
    dims = checked_dims(ctx, op, [b_, sq, n_, dv])

    def elem(idx):
        b, i, n, e = idx

        def score(j):
            dot = reduce_add(ctx, ft, d, lambda h: fbin(ctx, "mul", load(ctx, q, [b, i, n, h]),
                                                        load(ctx, k, [b, j, n, h]), ft), "attention")
            s = fbin(ctx, "mul", dot, factor, ft) if divisor is None else fbin(ctx, "div", dot, divisor, ft)
            if bias is not None:
                s = fbin(ctx, "add", s, load(ctx, bias, broadcast_index(bias, [b, n, i, j])), ft)
            return s

        valid = None if offset is None else (lambda j: j <= i + offset)
        return reduce_add(ctx, ft, skv, lambda j: fbin(ctx, "mul", softmax_at(ctx, ft, skv, score, j, valid),
                                                         load(ctx, v, [b, j, n, e]), ft), "attention")

    return make(ctx, op, dims, elem)



CONV1D_ATTRS = ("strides", "padding", "dilation", "groups", "data_layout", "kernel_layout", "out_layout",
                "out_dtype")


def _conv_operands(op: Op, x, w, layouts: tuple[str, str, str]):
    """``(x, w, element type)`` of a convolution in the one layout modelled (``layouts``:
    data, kernel, output), operands of that rank and one dtype (``out_dtype`` none or the same),
    float or integer, with integer ``strides``/``dilation``/``padding``/``groups``; anything
    else is unsupported."""
    name, rank = op.name.split(".")[-1], len(layouts[0])
    x, w = want_tensor(op, x), want_tensor(op, w, "weight")
    a = op.attrs
    if (a["data_layout"], a["kernel_layout"], a["out_layout"]) != layouts:
        raise Unsupported(f"{name} layouts {a['data_layout']}/{a['kernel_layout']}/{a['out_layout']}", op.loc)
    ty = x.type.elem
    if w.type.elem != ty or a["out_dtype"] not in (None, "", "void") and str(a["out_dtype"]) != dtype_name(ty):
        raise Unsupported(f"{name} of {ty} and {w.type.elem} with out_dtype {a['out_dtype']}", op.loc)
    if not isinstance(ty, FloatType) and not (isinstance(ty, IntType) and ty.width > 1):
        raise Unsupported(f"{name} of {ty}", op.loc)
    if x.rank != rank or w.rank != rank:
        raise Unsupported(f"{name} operands that are not {rank}-D", op.loc)
    ints = [a["strides"], a["dilation"], a["padding"], [a["groups"]]]
    if any(not isinstance(v, (list, tuple)) or any(type(e) is not int for e in v) for v in ints):
        raise Unsupported(f"{name} attributes {ints}", op.loc)
    return x, w, ty


@semantics("relax.nn.conv1d", attrs=CONV1D_ATTRS)
def conv1d(ctx, op: Op, x, w):
    """``R.nn.conv1d(x, w, strides, padding, dilation, groups)`` in the ``NCW``/``OIW``/``NCW``
    layouts, as TVM's legalization (``topi.nn.conv``) computes it: with ``C = Cin / groups``,
    ``out[n, f, y] = sum_{c < C, r < K} xp[n, f // (F / groups) * C + c, y * s + r * d] * w[f, c, r]``
    where ``xp`` is ``x`` padded with zeros (``pad_l`` before, ``pad_r`` after) and the sum runs
    from 0 in row-major order of ``(c, r)`` (``relax.reduce_add``); the output width is
    ``(W + pad_l + pad_r - (K - 1) * d - 1) // s + 1``. ``groups`` must divide ``Cin`` and
    ``F``, ``w``'s channel extent must be ``C`` and the output width positive (TVM's type
    inference checks these; UB when a symbolic extent breaks them). Other layouts and an
    ``out_dtype`` other than the operands' dtype are not modelled."""
    from irverify.semantics.relax_reduce import multiply

    x, w, ty = _conv_operands(op, x, w, ("NCW", "OIW", "NCW"))
    a = op.attrs
    (s,), (d,), pad, g = a["strides"], a["dilation"], list(a["padding"]), a["groups"]
    pl, pr = (pad[0], pad[0]) if len(pad) == 1 else pad if len(pad) == 2 else (None, None)
    if pl is None or s < 1 or d < 1 or g < 1 or pl < 0 or pr < 0:
        raise Unsupported(f"conv1d strides {s}, dilation {d}, padding {pad}, groups {g}", op.loc)
    n_, cin, width = x.dims
    f_, c_, k_ = w.dims
    gi = t.int_val(g)
    ctx.add_ub(t.floormod(cin, gi) != 0, f"{op.name}: groups do not divide the input channels")
    ctx.add_ub(t.floormod(f_, gi) != 0, f"{op.name}: groups do not divide the output channels")
    c = t.simplify(t.floordiv(cin, gi))
    ctx.add_ub(c_ != c, f"{op.name}: the weight's channel extent is not input channels / groups")
    out_w = t.simplify(t.floordiv(width + (pl + pr) - (k_ - 1) * d - 1, t.int_val(s)) + 1)
    ctx.add_ub(out_w <= 0, f"{op.name}: the output width is not positive")
    dims = checked_dims(ctx, op, [n_, f_, out_w])
    per_group = t.simplify(t.floordiv(f_, gi))
    zero = fconst(ctx, 0.0, ty) if isinstance(ty, FloatType) else t.bv_val(0, ty.width)

    def elem(idx):
        n, f, y = idx
        base = t.int_val(0) if g == 1 else t.floordiv(f, per_group) * c

        def summand(k):
            ch, r = unravel(k, [c, k_])
            p = y * s + r * d
            src = [n, base + ch if g != 1 else ch, p - pl]
            if pl or pr:
                inside = t.and_(p >= pl, p < width + pl)
                v = t.ite(inside, taken_if(ctx, inside, lambda: load(ctx, x, src)), zero)
            else:
                v = load(ctx, x, src)
            return multiply(ctx, v, load(ctx, w, [f, ch, r]), ty)

        return reduce_add(ctx, ty, c * k_, summand, "conv1d")

    return make(ctx, op, dims, elem)


@semantics("relax.nn.conv2d", attrs=CONV1D_ATTRS)
def conv2d(ctx, op: Op, x, w):
    """``R.nn.conv2d(x, w, strides, padding, dilation, groups)`` in the ``NCHW``/``OIHW``/``NCHW``
    layouts, as TVM's legalization (``topi.nn.conv2d_nchw``, ``group_conv2d_nchw``) computes it:
    with ``C = Cin / groups``,
    ``out[n, f, y, z] = sum_{c < C, r < KH, q < KW} xp[n, f // (F / groups) * C + c, y * sh + r * dh, z * sw + q * dw] * w[f, c, r, q]``
    where ``xp`` is ``x`` padded with zeros (``padding`` = top, left, bottom, right; one value
    for all four, two for top/bottom and left/right) and the sum runs from 0 in row-major order
    of ``(c, r, q)`` (``relax.reduce_add``); the output extents are
    ``(H + top + bottom - (KH - 1) * dh - 1) // sh + 1`` and likewise for the width. ``groups``
    must divide ``Cin`` and ``F``, ``w``'s channel extent must be ``C`` and the output extents
    positive (TVM's type inference checks these; UB when a symbolic extent breaks them). Other
    layouts and an ``out_dtype`` other than the operands' dtype are not modelled."""
    from irverify.semantics.relax_reduce import multiply

    x, w, ty = _conv_operands(op, x, w, ("NCHW", "OIHW", "NCHW"))
    a = op.attrs
    strides, dil, pad, g = list(a["strides"]), list(a["dilation"]), list(a["padding"]), a["groups"]
    if len(strides) == 1:
        strides *= 2
    if len(dil) == 1:
        dil *= 2
    pad = pad * 4 if len(pad) == 1 else pad * 2 if len(pad) == 2 else pad
    if len(strides) != 2 or len(dil) != 2 or len(pad) != 4 or min(strides + dil) < 1 or min(pad) < 0 or g < 1:
        raise Unsupported(f"conv2d strides {strides}, dilation {dil}, padding {pad}, groups {g}", op.loc)
    (sh, sw), (dh, dw), (pt, pl, pb, pr) = strides, dil, pad
    n_, cin, height, width = x.dims
    f_, c_, kh, kw = w.dims
    gi = t.int_val(g)
    ctx.add_ub(t.floormod(cin, gi) != 0, f"{op.name}: groups do not divide the input channels")
    ctx.add_ub(t.floormod(f_, gi) != 0, f"{op.name}: groups do not divide the output channels")
    c = t.simplify(t.floordiv(cin, gi))
    ctx.add_ub(c_ != c, f"{op.name}: the weight's channel extent is not input channels / groups")
    out_h = t.simplify(t.floordiv(height + (pt + pb) - (kh - 1) * dh - 1, t.int_val(sh)) + 1)
    out_w = t.simplify(t.floordiv(width + (pl + pr) - (kw - 1) * dw - 1, t.int_val(sw)) + 1)
    ctx.add_ub(t.or_(out_h <= 0, out_w <= 0), f"{op.name}: an output extent is not positive")
    dims = checked_dims(ctx, op, [n_, f_, out_h, out_w])
    per_group = t.simplify(t.floordiv(f_, gi))
    zero = fconst(ctx, 0.0, ty) if isinstance(ty, FloatType) else t.bv_val(0, ty.width)

    def elem(idx):
        n, f, y, z = idx
        base = t.int_val(0) if g == 1 else t.floordiv(f, per_group) * c

        def summand(k):
            ch, r, q = unravel(k, [c, kh, kw])
            py, pz = y * sh + r * dh, z * sw + q * dw
            src = [n, base + ch if g != 1 else ch, py - pt, pz - pl]
            if pt or pb or pl or pr:
                inside = t.and_(py >= pt, py < height + pt, pz >= pl, pz < width + pl)
                v = t.ite(inside, taken_if(ctx, inside, lambda: load(ctx, x, src)), zero)
            else:
                v = load(ctx, x, src)
            return multiply(ctx, v, load(ctx, w, [f, ch, r, q]), ty)

        return reduce_add(ctx, ty, c * kh * kw, summand, "conv2d")

    return make(ctx, op, dims, elem)


POOL2D_ATTRS = ("pool_size", "strides", "dilation", "padding", "ceil_mode", "count_include_pad", "layout",
                "out_layout")


@semantics("relax.nn.max_pool2d", attrs=POOL2D_ATTRS)
def max_pool2d(ctx, op: Op, x):
    """``R.nn.max_pool2d(x, pool_size, strides, dilation, padding)`` in the ``NCHW`` layout
    without ``ceil_mode``, as TVM's legalization (``topi.nn.pool2d``) computes it:
    ``out[n, c, y, z]`` is the fold of ``maximum(acc, v)`` (``relax.fminmax``: ``acc > v ? acc :
    v``, an ordered comparison) from the lowest finite value of the dtype over the window
    positions ``(r, q)`` in row-major order, ``v = xp[n, c, y * sh + r * dh, z * sw + q * dw]``,
    where ``xp`` is ``x`` padded (top, left, bottom, right) with the lowest finite value (the
    integer minimum for integers, compared signed). Output extents
    ``(H + top + bottom - (KH - 1) * dh - 1) // sh + 1`` and likewise for the width, which must
    be positive (UB otherwise). ``count_include_pad`` does not change a maximum."""
    x = want_tensor(op, x)
    a = op.attrs
    if (a["layout"], a["out_layout"]) != ("NCHW", "NCHW") or a["ceil_mode"] not in (False, 0):
        raise Unsupported(f"max_pool2d layout {a['layout']}/{a['out_layout']}, ceil_mode {a['ceil_mode']}", op.loc)
    ty = x.type.elem
    if not isinstance(ty, FloatType) and not (isinstance(ty, IntType) and ty.width > 1):
        raise Unsupported(f"max_pool2d of {ty}", op.loc)
    if x.rank != 4:
        raise Unsupported("max_pool2d of an operand that is not 4-D", op.loc)
    ints = [a["pool_size"], a["strides"], a["dilation"], a["padding"]]
    if any(not isinstance(v, (list, tuple)) or any(type(e) is not int for e in v) for v in ints):
        raise Unsupported(f"max_pool2d attributes {ints}", op.loc)
    size, strides, dil, pad = (list(v) for v in ints)
    size, strides, dil = (v * 2 if len(v) == 1 else v for v in (size, strides, dil))
    pad = pad * 4 if len(pad) == 1 else pad * 2 if len(pad) == 2 else pad
    if any(len(v) != 2 for v in (size, strides, dil)) or len(pad) != 4 or min(size + strides + dil) < 1 or min(pad) < 0:
        raise Unsupported(f"max_pool2d pool_size {size}, strides {strides}, dilation {dil}, padding {pad}", op.loc)
    (kh, kw), (sh, sw), (dh, dw), (pt, pl, pb, pr) = size, strides, dil, pad
    n_, c_, height, width = x.dims
    out_h = t.simplify(t.floordiv(height + (pt + pb) - (kh - 1) * dh - 1, t.int_val(sh)) + 1)
    out_w = t.simplify(t.floordiv(width + (pl + pr) - (kw - 1) * dw - 1, t.int_val(sw)) + 1)
    ctx.add_ub(t.or_(out_h <= 0, out_w <= 0), f"{op.name}: an output extent is not positive")
    dims = checked_dims(ctx, op, [n_, c_, out_h, out_w])
    if isinstance(ty, FloatType):
        lowest = fconst(ctx, float_limit(ty, lowest=True), ty)
        combine = lambda acc, v: fminmax(ctx, acc, v, ty, True)  # noqa: E731
    else:
        lowest = t.bv_val(1 << (ty.width - 1), ty.width)
        combine = lambda acc, v: t.ite(t.sge(acc, v), acc, v)  # noqa: E731

    def elem(idx):
        n, ch, y, z = idx

        def value(k):
            r, q = unravel(k, [t.int_val(kh), t.int_val(kw)])
            py, pz = y * sh + r * dh, z * sw + q * dw
            src = [n, ch, py - pt, pz - pl]
            if pt or pb or pl or pr:
                inside = t.and_(py >= pt, py < height + pt, pz >= pl, pz < width + pl)
                return t.ite(inside, taken_if(ctx, inside, lambda: load(ctx, x, src)), lowest)
            return load(ctx, x, src)

        return reduce_fold(ctx, ty, t.int_val(kh * kw), value, "max", lowest, combine, "max_pool2d")

    return make(ctx, op, dims, elem)
