"""TVM Relax normalisation ops: ``relax.nn.batch_norm``, ``relax.nn.layer_norm`` and
``relax.nn.rms_norm`` (https://tvm.apache.org/docs/reference/api/python/relax/nn.html), as TVM
0.27 computes them: their legalizations are ``topi.nn.batch_norm``, ``topi.nn.layer_norm`` and
``topi.nn.rms_norm`` (``python/tvm/relax/transform/legalize_ops/nn.py``,
``python/tvm/topi/nn/batch_norm.py``, ``include/tvm/topi/nn/layer_norm.h``, ``rms_norm.h``);
``layer_norm`` and ``rms_norm`` are described in their functions' docstrings. The rest of this
docstring is ``batch_norm``'s.

With ``C = x.shape[axis]`` and, for an element ``i`` of ``x``, ``c = i[axis]``:

* inference (``training=False``): ``out = (x - moving_mean[c]) / sqrt(moving_var[c] + eps)``,
  then ``* gamma[c]`` if ``scale``, then ``+ beta[c]`` if ``center``; the other two results are
  ``moving_mean`` and ``moving_var`` unchanged;
* training (``training=True``, the op's default): the same formula over the batch statistics
  ``mean[c] = sum(x[.., c, ..]) / N`` and ``var[c] = sum((x[.., c, ..] - mean[c])^2) / N`` (the
  biased variance, two passes), with ``N`` the product of the extents of every axis but
  ``axis`` (the sums in row-major order of those axes, from ``+0``: ``relax.reduce_add``); the
  other two results are the updated moving statistics
  ``(1 - momentum) * moving_mean[c] + momentum * mean[c]`` (and the same for the variance):
  ``momentum`` weighs the batch, not the running value (the op's docstring says the reverse;
  the lowering is what runs).

``eps``, ``1 - momentum`` (computed in double precision) and ``momentum`` are constants of the
dtype; ``N`` too when static, otherwise the int64 product converted to the dtype (as ``mean``).
An empty reduction of symbolic extent reads uninitialised memory in TVM (its accumulator is
initialised inside the loop): the updated statistics are then unknown values; with a static
extent of 0 TVM does not compile the op (unsupported). A negative ``axis`` counts from the end,
as the op's documentation says (TVM 0.27's legalization of the training mode fails on one:
``list.remove(x): x not in list``). ``gamma``,
``beta``, ``moving_mean`` and ``moving_var`` must have extent ``C`` (TVM's compiled function
rejects other extents at run time: UB). Only ``float32`` and ``float64`` are modelled: for
``float16``/``bfloat16`` TVM's legalization adds the ``float`` epsilon in ``float32`` and
returns ``float32`` tensors, not the dtype the op's type declares."""

from __future__ import annotations

from irverify.errors import Unsupported
from irverify.ir.core import FloatType, IntType, Op
from irverify.semantics.registry import semantics
from irverify.semantics.relax import (
    cast,
    checked_dims,
    fbin,
    fconst,
    fun,
    load,
    make,
    norm_axis,
    reduce_add,
    unravel,
    want_tensor,
)
from irverify.semantics.relax_index import _result_k as result_field
from irverify.smt import terms as t

BATCH_NORM_ATTRS = ("axis", "epsilon", "center", "scale", "momentum", "training")
MODELLED_DTYPES = ("f32", "f64")


@semantics("relax.nn.batch_norm", attrs=BATCH_NORM_ATTRS)
def batch_norm(ctx, op: Op, x, gamma, beta, moving_mean, moving_var):
    """``R.nn.batch_norm(x, gamma, beta, moving_mean, moving_var, axis, epsilon, center, scale,
    momentum, training)`` → ``(out, mean', var')``; see the module docstring."""
    from irverify.model.values import TupleValue

    x = want_tensor(op, x)
    params = [want_tensor(op, v, what) for v, what in
              ((gamma, "gamma"), (beta, "beta"), (moving_mean, "moving_mean"), (moving_var, "moving_var"))]
    ft = x.type.elem
    if not isinstance(ft, FloatType) or ft.name not in MODELLED_DTYPES:
        raise Unsupported(f"batch_norm of {ft} (TVM's lowering computes float16 and bfloat16 in float32 "
                          "and returns float32)", op.loc)
    if any(p.type.elem != ft or p.rank != 1 for p in params):
        raise Unsupported("batch_norm parameters that are not 1-D tensors of the input's dtype", op.loc)
    a = op.attrs
    axis = norm_axis(op, a["axis"], x.rank)
    channels = x.dims[axis]
    for p, what in zip(params, ("gamma", "beta", "moving_mean", "moving_var")):
        ctx.add_ub(p.dims[0] != channels, f"{op.name}: {what} does not have the extent of axis {axis}")
    g, b, mm, mv = params
    stats = batch_stats(ctx, op, x, axis) if a["training"] else None

    def normalised(idx):
        c = idx[axis]
        mean, var = (mm.at([c]), mv.at([c])) if stats is None else (stats[0](c), stats[1](c))
        scale = fun(ctx, "sqrt", fbin(ctx, "add", var, fconst(ctx, float(a["epsilon"]), ft), ft), ft)
        out = fbin(ctx, "div", fbin(ctx, "sub", x.at(idx), mean, ft), scale, ft)
        if a["scale"]:
            out = fbin(ctx, "mul", out, g.at([c]), ft)
        if a["center"]:
            out = fbin(ctx, "add", out, b.at([c]), ft)
        return out

    out = make(ctx, result_field(op, 0), checked_dims(ctx, result_field(op, 0), x.dims), normalised)
    if stats is None:
        return TupleValue([out, mm, mv])
    momentum = float(a["momentum"])
    if not 0.0 <= momentum <= 1.0:  # topi asserts it: the op does not compile
        raise Unsupported(f"batch_norm momentum {momentum} outside [0, 1]", op.loc)
    keep, take = fconst(ctx, 1.0 - momentum, ft), fconst(ctx, momentum, ft)
    updated = []
    for k, (running, batch) in enumerate(((mm, stats[0]), (mv, stats[1])), start=1):
        field = result_field(op, k)
        updated.append(make(ctx, field, checked_dims(ctx, field, [channels]), lambda idx, r=running, s=batch: fbin(
            ctx, "add", fbin(ctx, "mul", keep, r.at(idx), ft), fbin(ctx, "mul", take, s(idx[0]), ft), ft)))
        if stats[2] is not None:
            given = updated[-1].defined
            updated[-1].defined = stats[2] if given is None else \
                (lambda idx, g=given: t.and_(g(idx), stats[2](idx)))
    return TupleValue([out, *updated])


def batch_stats(ctx, op: Op, x, axis: int):
    """``(mean(c), var(c), defined)``: the batch mean and biased variance of channel ``c`` as
    TVM's lowering computes them (sum over every other axis, then a division by the count), and
    ``None`` or, where the count is symbolic, the mask of where they are defined (the count is not
    0: an empty reduction of symbolic extent returns uninitialised memory)."""
    ft = x.type.elem
    rdims = [d for k, d in enumerate(x.dims) if k != axis]
    total = t.product(rdims)
    if t.static_int(total) == 0:
        raise Unsupported("batch_norm in training mode over an empty batch (TVM's lowering divides by a zero "
                          "count and does not compile)", op.loc)
    count = element_count(ctx, op, total, ft)

    def at(c, k):
        inner = unravel(k, rdims) if rdims else []
        return x.at(inner[:axis] + [c] + inner[axis:])

    def mean(c):
        return fbin(ctx, "div", reduce_add(ctx, ft, total, lambda k: at(c, k), "batch_norm"), count, ft)

    def var(c):
        m = mean(c)

        def square(k):
            d = fbin(ctx, "sub", at(c, k), m, ft)
            return fbin(ctx, "mul", d, d, ft)

        return fbin(ctx, "div", reduce_add(ctx, ft, total, square, "batch_norm"), count, ft)

    defined = None
    if rdims and t.static_int(total) is None:
        ctx.add_unknown(total == 0, f"{op.name}: batch statistics of an empty reduction of symbolic extent "
                                    "(TVM returns uninitialised memory)")
        defined = lambda idx: total != 0  # noqa: E731
    return mean, var, defined


def element_count(ctx, op: Op, total, ft: FloatType):
    """The divisor of TVM's batch mean and variance: ``total`` as a constant of ``ft`` when
    static, otherwise the int64 product converted to ``ft`` (it must fit int64: UB otherwise)."""
    n = t.static_int(total)
    if n is not None:
        return fconst(ctx, float(n), ft)
    ctx.add_ub(t.not_(t.simplify(t.in_signed_range(total, 64))), f"{op.name}: the element count does not fit int64")
    return cast(ctx, t.int_to_bv(total, 64), IntType(64), ft)


F32 = FloatType("f32")
LAYER_NORM_ATTRS = ("axes", "epsilon", "center", "scale")


def norm_axes(op: Op, axes, x) -> list[int]:
    """The normalised axes of ``layer_norm``/``rms_norm``, counted from the end when negative,
    in the order given (the order of ``gamma``'s axes); repeated axes are not modelled."""
    if not isinstance(axes, (list, tuple)) or not axes or any(type(a) is not int for a in axes):
        raise Unsupported(f"'{op.name}' axes {axes!r}", op.loc)
    out = [norm_axis(op, a, x.rank) for a in axes]
    if len(set(out)) != len(out):
        raise Unsupported(f"'{op.name}' with a repeated axis in {axes!r}", op.loc)
    return out


def reduce_extent(ctx, dims, ft: FloatType):
    """TVM's ``reduce_extent`` of ``topi.nn.layer_norm``/``rms_norm``: the constant ``1`` of
    ``ft`` times each extent of ``dims`` in turn, an extent converted to ``ft`` (a static one as a
    constant, a symbolic one as ``Cast(ft, int64 extent)``), folded as TVM's ``arith`` folds a
    product when it builds it: two constants multiply in double precision, a factor ``1`` is
    dropped, a factor ``0`` gives ``0``; what remains is a product of ``ft`` multiplications
    (``Cast(n) * Cast(k)``, ``3.0 * Cast(n)``)."""
    acc = 1.0
    for d in dims:
        s = t.static_int(d)
        e = float(s) if s is not None else cast(ctx, t.int_to_bv(d, 64), IntType(64), ft)
        if isinstance(acc, float) and isinstance(e, float):
            acc = acc * e
        elif isinstance(acc, float):
            acc = e if acc == 1.0 else acc if acc == 0.0 else fbin(ctx, "mul", fconst(ctx, acc, ft), e, ft)
        elif isinstance(e, float):
            acc = acc if e == 1.0 else e if e == 0.0 else fbin(ctx, "mul", acc, fconst(ctx, e, ft), ft)
        else:
            acc = fbin(ctx, "mul", acc, e, ft)
    return fconst(ctx, acc, ft) if isinstance(acc, float) else acc


class _Rows:
    """The reduction structure shared by ``layer_norm`` and ``rms_norm``: the normalised axes in
    increasing order (TVM's ``GetRealAxis`` sorts them: its sums run in row-major order of the
    normalised axes taken in increasing order, and ``gamma``/``beta``/``weight`` are read at the
    element's indices on those axes in that order), their extents and count."""

    def __init__(self, ctx, op: Op, x, axes: list[int], params):
        self.x, self.axes, self.order = x, axes, sorted(axes)
        self.rdims = [x.dims[a] for a in self.order]
        self.total = t.product(self.rdims)
        if t.static_int(self.total) == 0:
            raise Unsupported(f"'{op.name}' over normalised axes of no element (TVM's legalization divides by "
                              "a constant zero count and fails)", op.loc)
        for p, what in params:
            if p.rank != len(axes):
                raise Unsupported(f"'{op.name}' {what} of rank {p.rank} for {len(axes)} normalised axes", op.loc)
            for j, a in enumerate(axes):
                ctx.add_ub(p.dims[j] != x.dims[a], f"{op.name}: {what} dim {j} is not the extent of axis {a}")
        self.ctx, self.op = ctx, op

    def at(self, outer, k):
        """The element of ``x`` at reduction position ``k`` of the row ``outer`` (the indices on
        the other axes)."""
        inner, oi = iter(unravel(k, self.rdims)), iter(outer)
        return load(self.ctx, self.x, [next(inner) if j in self.order else next(oi) for j in range(self.x.rank)])

    def sum(self, ft: FloatType, summand, what: str):
        """``sum_k summand(k)`` over the row (``relax.reduce_add``: from ``+0`` in row-major
        order). A row of a symbolic number of elements may be empty: TVM's sum is then the
        accumulator's uninitialised memory, poison (as irverify's model of the legalized
        PrimFunc has it, whose value there is the zero bit pattern), and so is every element
        computed from it. No output element is: an empty row has no element."""
        s = reduce_add(self.ctx, ft, self.total, summand, what)
        if t.static_int(self.total) is not None:
            return s
        from irverify.model.sorts import scalar_sort

        empty = self.total == 0
        self.ctx.poison_if(empty)
        return t.ite(empty, t.zero_of(scalar_sort(ft, self.ctx.fp)), s)

    def outer(self, idx):
        return [i for j, i in enumerate(idx) if j not in self.order]

    def param(self, p, idx, what: str):
        """``p`` read for output element ``idx``: at ``idx`` on the normalised axes in increasing
        order. With ``axes`` not increasing that index may fall outside ``p`` (whose extents
        follow ``axes``): TVM's compiled code then reads outside the buffer, UB."""
        pi = [idx[a] for a in self.order]
        if self.order != self.axes:
            self.ctx.add_ub(t.not_(p.in_bounds(pi)), f"{self.op.name}: {what} is read outside its extents "
                                                      "(axes not in increasing order)")
        return load(self.ctx, p, pi)


@semantics("relax.nn.layer_norm", attrs=LAYER_NORM_ATTRS)
def layer_norm(ctx, op: Op, x, gamma, beta):
    """``R.nn.layer_norm(x, gamma, beta, axes, epsilon, center, scale)`` as TVM 0.27's
    legalization (``topi.nn.layer_norm``, ``include/tvm/topi/nn/layer_norm.h``) computes it, in
    two passes over each row (the elements sharing their indices on the other axes):

    * ``sum = sum_k y_k`` from ``+0`` in row-major order of the normalised axes taken in
      increasing order (``relax.reduce_add``), ``mean = sum / N``;
    * ``var_sum = sum_k (y_k - mean) * (y_k - mean)`` in the same order;
    * ``out = ((y - mean) * rsqrt(var_sum / N + eps)) * gamma[i] + beta[i]``,

    where ``y`` is ``x`` (float16: converted to float32, and the product before ``* gamma``
    rounded back to float16; the sums, ``mean``, ``N``, ``eps`` and ``rsqrt`` are float32),
    ``N`` is ``reduce_extent`` (a constant when the extents are static, otherwise the float32
    product of the converted extents) and ``i`` the element's indices on the normalised axes in
    increasing order (``_Rows``; an empty row, of symbolic length 0, has no output element and
    statistics that are poison, ``_Rows.sum``). ``center`` and ``scale`` are ignored: TVM's
    legalization always adds ``beta`` and multiplies by ``gamma``, whatever they say (the op's
    documentation says they switch them off; the lowering is what runs). ``gamma`` and ``beta``
    must have the extents of the normalised axes in the order of ``axes`` (TVM's compiled
    function rejects others at run time: UB). float32 and float16 only (TVM's legalization
    rejects other dtypes); normalised axes of no element (a static extent 0) make TVM's
    legalization fail: unsupported. ``rsqrt`` is the function of ``R.rsqrt``."""
    x, g, b = want_tensor(op, x), want_tensor(op, gamma, "gamma"), want_tensor(op, beta, "beta")
    ft = x.type.elem
    if not isinstance(ft, FloatType) or ft.name not in ("f32", "f16"):
        raise Unsupported(f"layer_norm of {ft} (TVM's legalization accepts float32 and float16 only)", op.loc)
    if g.type.elem != ft or b.type.elem != ft:
        raise Unsupported("layer_norm gamma or beta of another dtype than the input", op.loc)
    a = op.attrs
    rows = _Rows(ctx, op, x, norm_axes(op, a["axes"], x), ((g, "gamma"), (b, "beta")))
    count = reduce_extent(ctx, rows.rdims, F32)
    eps = fconst(ctx, float(a["epsilon"]), F32)

    def up(v):
        return cast(ctx, v, ft, F32)

    def elem(idx):
        outer = rows.outer(idx)
        mean = fbin(ctx, "div", rows.sum(F32, lambda k: up(rows.at(outer, k)), "layer_norm"), count, F32)

        def square(k):
            d = fbin(ctx, "sub", up(rows.at(outer, k)), mean, F32)
            return fbin(ctx, "mul", d, d, F32)

        var_sum = rows.sum(F32, square, "layer_norm")
        scale = fun(ctx, "rsqrt", fbin(ctx, "add", fbin(ctx, "div", var_sum, count, F32), eps, F32), F32)
        out = cast(ctx, fbin(ctx, "mul", fbin(ctx, "sub", up(load(ctx, x, idx)), mean, F32), scale, F32), F32, ft)
        out = fbin(ctx, "mul", out, rows.param(g, idx, "gamma"), ft)
        return fbin(ctx, "add", out, rows.param(b, idx, "beta"), ft)

    return make(ctx, op, checked_dims(ctx, op, x.dims), elem)


@semantics("relax.nn.rms_norm", attrs=("axes", "epsilon"))
def rms_norm(ctx, op: Op, x, weight):
    """``R.nn.rms_norm(x, weight, axes, epsilon)`` as TVM 0.27's legalization
    (``topi.nn.rms_norm``, ``include/tvm/topi/nn/rms_norm.h``) computes it: with ``y`` and
    ``w`` the float32 conversions of ``x`` and ``weight`` (exact for float16),

    * ``ss = sum_k y_k * y_k`` from ``+0`` over the row (the elements sharing their indices on
      the other axes) in row-major order of the normalised axes taken in increasing order
      (``relax.reduce_add``), in float32;
    * ``r = rsqrt(ss / N + eps)`` with ``N`` the float32 ``reduce_extent`` (as ``layer_norm``);
    * ``out = (r * y) * w[i]`` converted back to the dtype,

    ``i`` the element's indices on the normalised axes in increasing order (``_Rows``). ``eps``
    is a constant of the dtype that TVM's type promotion brings to the type of ``ss / N``: for
    float16 ``eps`` rounded to float32 directly; for float64 the other way round: ``ss / N`` is
    converted to float64, ``eps``, ``rsqrt`` and both products are float64 (``y`` and ``w``
    converted from their float32 values) and the result is float64, not rounded to float32.
    ``weight`` must have the extents of the normalised axes in the order of ``axes`` (TVM's
    compiled function rejects others at run time: UB). float16, float32 and float64 only. TVM's
    legalization fails unless the normalised axes are the last axes of ``x`` (in any order) and
    not all of them (``topi.nn.rms_norm`` reads the sum of squares at the wrong indices
    otherwise), and when they hold no element: unsupported. ``rsqrt`` is the function of
    ``R.rsqrt``."""
    x, w = want_tensor(op, x), want_tensor(op, weight, "weight")
    ft = x.type.elem
    if not isinstance(ft, FloatType) or ft.name not in ("f16", "f32", "f64"):
        raise Unsupported(f"rms_norm of {ft}", op.loc)
    if w.type.elem != ft:
        raise Unsupported("rms_norm weight of another dtype than the input", op.loc)
    axes = norm_axes(op, op.attrs["axes"], x)
    if len(axes) == x.rank or sorted(axes) != list(range(x.rank - len(axes), x.rank)):
        raise Unsupported(f"rms_norm over axes {op.attrs['axes']} of a rank-{x.rank} tensor (TVM's legalization "
                          "fails unless they are the last axes, and not all of them)", op.loc)
    rows = _Rows(ctx, op, x, axes, ((w, "weight"),))
    count = reduce_extent(ctx, rows.rdims, F32)
    rt = ft if ft.name == "f64" else F32
    eps = fconst(ctx, float(op.attrs["epsilon"]), rt)

    def up(v):
        return cast(ctx, cast(ctx, v, ft, F32), F32, rt)

    def elem(idx):
        outer = rows.outer(idx)

        def square(k):
            v = cast(ctx, rows.at(outer, k), ft, F32)
            return fbin(ctx, "mul", v, v, F32)

        q = cast(ctx, fbin(ctx, "div", rows.sum(F32, square, "rms_norm"), count, F32), F32, rt)
        r = fun(ctx, "rsqrt", fbin(ctx, "add", q, eps, rt), rt)
        out = fbin(ctx, "mul", fbin(ctx, "mul", r, up(load(ctx, x, idx)), rt), up(rows.param(w, idx, "weight")), rt)
        return cast(ctx, out, rt, ft)

    return make(ctx, op, checked_dims(ctx, op, x.dims), elem)
