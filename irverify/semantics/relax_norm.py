"""TVM Relax normalisation ops: ``relax.nn.batch_norm``
(https://tvm.apache.org/docs/reference/api/python/relax/nn.html), as TVM 0.27 computes it: its
legalization is ``topi.nn.batch_norm`` (``python/tvm/relax/transform/legalize_ops/nn.py``,
``python/tvm/topi/nn/batch_norm.py``).

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
