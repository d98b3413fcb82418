"""TVM Relax ``quantize`` / ``dequantize`` (https://tvm.apache.org/docs/reference/api/python/relax/op.html),
encoded as TVM's legalization computes them (``python/tvm/relax/transform/legalize_ops/qdq.py``).

``scale`` and ``zero_point`` are per-channel along ``axis`` (1-D, element ``[i_axis]``; their
extent must be the data's extent on ``axis``, UB otherwise) or one value (0-d, or every extent 1:
element ``[0, ...]``).

* ``quantize(x, scale, zp, axis, out_dtype)`` for a float ``x`` and a signed integer
  ``out_dtype``: ``clip(round(x / scale) + float(zp), min, max)`` cast to ``out_dtype``, where
  ``round`` is ``R.round`` (halfway cases to even, TVM's ``llvm.nearbyint``), ``zp`` converted to
  the data's float dtype, ``clip`` is ``max(min(v, max), min)`` with the ordered-compare
  ``T.min``/``T.max`` of ``relax.fminmax`` and ``min``/``max`` the limits of ``out_dtype`` as
  floats of the data's dtype. ``scale`` must have the data's dtype. A float ``out_dtype``
  (no rounding) is not modelled.
* ``dequantize(x, scale, zp, axis, out_dtype)`` for an integer ``x``:
  ``float32(int32(x) - int32(zp)) * float32(scale)`` (the subtraction wraps); for ``float32``
  that is the result, for ``float16`` it is clipped to ``[-65504, 65504]`` (same ``T.min``/
  ``T.max``) and converted. Other out dtypes and float data are not modelled.
"""

from __future__ import annotations

from irverify.errors import Unsupported
from irverify.ir.core import FloatType, IntType, Op
from irverify.semantics.registry import semantics
from irverify.semantics.relax import (
    cast,
    checked_dims,
    dtype_name,
    elem_type,
    fbin,
    fconst,
    fminmax,
    fun,
    int_arith,
    load,
    make,
    norm_axis,
    result_type,
    want_tensor,
)
from irverify.smt import terms as t

QDQ_ATTRS = ("axis", "out_dtype")
FLOAT16_MAX = 65504.0


def _param_reader(ctx, op: Op, p, x, axis: int, what: str):
    """``idx -> p's element`` for the quantization parameter ``p`` of data ``x``."""
    p = want_tensor(op, p, what)
    static = [t.static_int(d) for d in p.dims]
    if all(d == 1 for d in static):  # 0-d, or every extent 1: one value
        return lambda idx: load(ctx, p, [t.int_val(0)] * p.rank)
    if p.rank != 1:
        raise Unsupported(f"'{op.name}' {what} of rank {p.rank}", op.loc)
    ctx.add_ub(p.dims[0] != x.dims[axis], f"{op.name}: {what} extent is not the data extent on axis {axis}")
    return lambda idx: load(ctx, p, [idx[axis]])


def _clip(ctx, v, lo: float, hi: float, ft: FloatType):
    """``max(min(v, hi), lo)`` as TVM's ``clip_cast`` (``te.max(te.min(v, hi), lo)``)."""
    return fminmax(ctx, fminmax(ctx, v, fconst(ctx, hi, ft), ft, False), fconst(ctx, lo, ft), ft, True)


@semantics("relax.quantize", attrs=QDQ_ATTRS)
def quantize(ctx, op: Op, x, scale, zp):
    """``R.quantize``: ``clip(round(x / scale) + zp)`` cast to ``out_dtype`` (module docstring)."""
    x = want_tensor(op, x)
    ft, out = elem_type(x), result_type(op).elem
    if str(op.attrs["out_dtype"]) != dtype_name(out):
        raise Unsupported(f"quantize out_dtype {op.attrs['out_dtype']}", op.loc)
    if not isinstance(ft, FloatType) or not isinstance(out, IntType) or out.width not in (8, 16, 32):
        raise Unsupported(f"quantize from {ft} to {out}", op.loc)
    zt = elem_type(want_tensor(op, zp, "zero point"))
    if elem_type(want_tensor(op, scale, "scale")) != ft or not isinstance(zt, IntType) or zt.width == 1:
        raise Unsupported(f"quantize with scale {elem_type(scale)} and zero point {zt} for {ft} data", op.loc)
    axis = norm_axis(op, op.attrs["axis"], x.rank)
    s_at, z_at = _param_reader(ctx, op, scale, x, axis, "scale"), _param_reader(ctx, op, zp, x, axis, "zero point")
    hi, lo = float((1 << (out.width - 1)) - 1), float(-(1 << (out.width - 1)))
    dims = checked_dims(ctx, op, x.dims)

    def elem(idx):
        q = fun(ctx, "roundeven", fbin(ctx, "div", load(ctx, x, idx), s_at(idx), ft), ft)
        v = fbin(ctx, "add", q, cast(ctx, z_at(idx), zt, ft), ft)
        return cast(ctx, _clip(ctx, v, lo, hi, ft), ft, out)

    return make(ctx, op, dims, elem)


@semantics("relax.dequantize", attrs=QDQ_ATTRS)
def dequantize(ctx, op: Op, x, scale, zp):
    """``R.dequantize``: ``float32(int32(x) - int32(zp)) * float32(scale)``, clipped and
    converted for ``float16`` (module docstring)."""
    x = want_tensor(op, x)
    it, out = elem_type(x), result_type(op).elem
    if str(op.attrs["out_dtype"]) != dtype_name(out):
        raise Unsupported(f"dequantize out_dtype {op.attrs['out_dtype']}", op.loc)
    if not isinstance(it, IntType) or it.width not in (8, 16, 32) or out not in (FloatType("f32"), FloatType("f16")):
        raise Unsupported(f"dequantize from {it} to {out}", op.loc)
    st = elem_type(want_tensor(op, scale, "scale"))
    zt = elem_type(want_tensor(op, zp, "zero point"))
    if not isinstance(st, FloatType) or st.name == "bf16" or not isinstance(zt, IntType) or zt.width not in (8, 16, 32):
        raise Unsupported(f"dequantize with scale {st} and zero point {zt}", op.loc)
    axis = norm_axis(op, op.attrs["axis"], x.rank)
    s_at, z_at = _param_reader(ctx, op, scale, x, axis, "scale"), _param_reader(ctx, op, zp, x, axis, "zero point")
    f32, i32 = FloatType("f32"), IntType(32)
    dims = checked_dims(ctx, op, x.dims)

    def elem(idx):
        sub = int_arith("sub", cast(ctx, load(ctx, x, idx), it, i32), cast(ctx, z_at(idx), zt, i32))
        v = fbin(ctx, "mul", cast(ctx, sub, i32, f32), cast(ctx, s_at(idx), st, f32), f32)
        if out == f32:
            return v
        return cast(ctx, _clip(ctx, v, -FLOAT16_MAX, FLOAT16_MAX, f32), f32, out)

    return make(ctx, op, dims, elem)

