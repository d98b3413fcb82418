"""``linalg.softmax`` (https://mlir.llvm.org/docs/Dialects/Linalg/#linalgsoftmax-linalgsoftmaxop),
encoded as the ``linalg.generic`` ops it decomposes into: upstream MLIR's
``SoftmaxOp::decomposeOperation`` (``mlir/lib/Dialect/Linalg/IR/LinalgOps.cpp``), which IREE runs
to lower it (``iree-codegen-decompose-softmax``, ``Codegen/Common/DecomposeSoftmax.cpp``, through
``AggregatedOpInterface``). At the MLIR that iree-base-compiler 3.13 bundles, the maximum is
``reduce<arith::MaxNumFOp>`` from ``arith::getIdentityValue(AtomicRMWKind::maxnumf, ...,
/*useOnlyFiniteValue=*/true)``, which is ``APFloat::getNaN(sem, /*Negative=*/true)`` (earlier
MLIR used ``maximumf`` from the lowest finite value); the installed pass prints that fill as
``arith.constant 0xFFC00000 : f32``, as IREE's own test ``Codegen/Common/test/decompose_softmax.mlir``
checks. Each generic goes through ``linalg.run_structured``, so the op means exactly what its
decomposed form means, reductions included (``linalg``: unordered folds, ``float_fold``)."""

from __future__ import annotations

from irverify.errors import Unsupported
from irverify.ir.core import FloatType, Op, TensorType, Value
from irverify.ir.float_bits import FORMATS
from irverify.model.values import Tensor
from irverify.semantics.linalg import Structured, run_structured
from irverify.semantics.linalg_named import (
    BodyBuilder,
    dims_map,
    identity,
    ins_outs,
    semantics,
)


def negative_quiet_nan(ft: FloatType) -> int:
    """The bits of ``APFloat::getNaN(sem, /*Negative=*/true)``: sign set, exponent all ones, the
    quiet bit alone in the fraction (``0xFFC00000`` for ``f32``, ``0xFE00`` for ``f16``)."""
    e, s = FORMATS[ft.name]
    return (1 << (ft.width - 1)) | (((1 << e) - 1) << (s - 1)) | (1 << (s - 2))


def _over_reals(ctx) -> bool:
    """Floats are the unrounded reals of ``--fp=real`` (a proof model)."""
    return ctx.fp.name == "real" and not getattr(ctx.fp, "rounded", False)


@semantics("linalg.softmax", attrs=("dimension",))
def softmax(ctx, op: Op, *operands):
    """``linalg.softmax dimension(d) ins(x) outs(o)``: MLIR's decomposition, over ``d``:

    1. ``m = reduce(maxnumf(x, acc))`` over ``d`` from ``fill(-NaN)`` (the identity of
       ``maxnumf``, ``arith::getIdentityValue(AtomicRMWKind::maxnumf, ..., true)``: a NaN,
       which ``maxnumf`` drops, so ``m`` is the largest non-NaN value of the row, NaN when every
       value is NaN);
    2. ``e = exp(x - m)`` (a parallel generic into ``o``);
    3. ``s = reduce(addf(e, acc))`` over ``d`` from ``fill(0.0)``;
    4. ``result = e / s`` (a parallel generic into ``o``).

    The reductions are unordered folds as every ``linalg`` reduction (``linalg``); ``o`` is only
    read for its shape (it must agree with ``x``'s, UB otherwise). Under ``--fp=real`` (reals,
    no NaN to start the maximum from) softmax is its real value, the naive
    ``exp(x) / sum(exp(x))``, as for ``R.nn.softmax`` (``relax_nn``). Float element types
    only, on tensors (on buffers it is unsupported). Registry: no operand's poison is UB (a
    poison element of ``x`` makes the results it reaches poison: its row, through the max and
    the sum), no memory effect, pure."""
    ins, outs = ins_outs(op, operands)
    x, out = ins[0], outs[0]
    if not isinstance(x, Tensor) or not isinstance(out, Tensor):
        raise Unsupported("'linalg.softmax' on operands that are not tensors", op.loc)
    ft = x.type.elem
    if not isinstance(ft, FloatType) or ft.is_small or out.type.elem != ft:
        raise Unsupported(f"'linalg.softmax' of {ft} into {out.type.elem}", op.loc)
    d, rank = op.attrs["dimension"], x.rank
    if type(d) is not int or not 0 <= d < rank:
        raise Unsupported(f"attribute 'dimension' of 'linalg.softmax' (value {d}, rank {rank})", op.loc)
    kept = [i for i in range(rank) if i != d]
    reduced = TensorType(tuple(x.type.shape[i] for i in kept), ft)
    red_op = Op(op.name, [], [Value(reduced)], {}, [], op.loc)  # the reductions' result type
    full, row = identity(rank), dims_map(rank, kept)
    par = ["parallel"] * rank
    red = ["reduction" if i == d else "parallel" for i in range(rank)]

    def filled(term):  # linalg.fill of a constant into tensor.empty of the reduced shape
        return Tensor(reduced, [x.dims[i] for i in kept], lambda idx: term)

    def body(arity: int, build):
        b = BodyBuilder(op, [ft] * arity)
        return b.finish(build(b, b.args))

    def exp(b, v):
        return b.emit("math.exp", [v], ft)

    if _over_reals(ctx):
        num = body(2, lambda b, a: exp(b, a[0]))
        e = run_structured(ctx, op, Structured([full, full], par, num, 1), [x], [out])[0]
    else:
        start = ctx.fp.const_bits(negative_quiet_nan(ft), ft)
        mx = body(2, lambda b, a: b.emit("arith.maxnumf", [a[0], a[1]], ft))
        m = run_structured(ctx, red_op, Structured([full, row], red, mx, 1), [x], [filled(start)])[0]
        num = body(3, lambda b, a: exp(b, b.emit("arith.subf", [a[0], a[1]], ft)))
        e = run_structured(ctx, op, Structured([full, row, full], par, num, 2), [x, m], [out])[0]
    add = body(2, lambda b, a: b.emit("arith.addf", [a[0], a[1]], ft))
    s = run_structured(ctx, red_op, Structured([full, row], red, add, 1), [e], [filled(ctx.fp.const(0.0, ft))])[0]
    div = body(3, lambda b, a: b.emit("arith.divf", [a[0], a[1]], ft))
    return run_structured(ctx, op, Structured([full, row, full], par, div, 2), [e, s], [out])
