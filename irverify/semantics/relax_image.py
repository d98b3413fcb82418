"""TVM Relax ``image.resize2d`` and ``image.affine_grid``
(https://tvm.apache.org/docs/reference/api/python/relax/op.html), as TVM's legalization computes
them (``python/tvm/topi/image/resize.py``, ``resize2d``; ``grid_sample.py``, ``affine_grid``).

``resize2d``:
Modelled: ``method="nearest_neighbor"``, ``coordinate_transformation_mode="asymmetric"``,
``rounding_method="round"``, layouts ``NCHW``/``NHWC``, float32 data and result, static input
and output extents. For an output row ``y`` the input row is
``clamp(int64(round(scale_h * float32(y))), 0, H - 1)`` with ``scale_h = H / OH`` (a float32
constant: the quotient rounded to float32), ``round`` halfway cases to even (``llvm.nearbyint``),
``clamp`` TVM's ``max(min(i, H - 1), 0)``; the same for columns; the element is copied.
``roi``, ``cubic_alpha``, ``cubic_exclude`` and ``extrapolation_value`` do not take part in this
method and mode. Any other method, mode, rounding, layout or dtype is unsupported.

``affine_grid(theta, size=(H, W), align_corners)`` for a float32 ``theta`` of shape ``(N, 2, 3)``:
``out[n, d, i, j] = theta[n, d, 2] + theta[n, d, 1] * (s_0 + float32(i) * t_0)
+ theta[n, d, 0] * (s_1 + float32(j) * t_1)``, evaluated in that order, with the float32
constants ``s_r = -1``, ``t_r = (2 - 1e-7) / (size_r - 1)`` under ``align_corners`` and
``s_r = -1 + 1 / size_r``, ``t_r = 2 / size_r`` otherwise (each computed in double precision and
rounded to float32, as TVM's ``tirx.const``). Static sizes only (TVM's legalization requires them).
"""

from __future__ import annotations

from irverify.errors import Unsupported
from irverify.ir.core import FloatType, IntType, Op
from irverify.semantics.registry import semantics
from irverify.semantics.relax import cast, checked_dims, fbin, fconst, fun, load, make, want_tensor
from irverify.smt import terms as t

RESIZE2D_ATTRS = ("arg1", "roi", "layout", "method", "coordinate_transformation_mode", "rounding_method",
                  "cubic_alpha", "cubic_exclude", "extrapolation_value", "out_dtype")
F32, I64 = FloatType("f32"), IntType(64)


def _source_index(ctx, i, extent: int, target: int):
    """``max(min(int64(round(float32(extent / target) * float32(i))), extent - 1), 0)``."""
    scale = fconst(ctx, extent / target, F32)
    pos = fbin(ctx, "mul", scale, cast(ctx, t.int_to_bv(i, 64), I64, F32), F32)
    k = cast(ctx, fun(ctx, "roundeven", pos, F32), F32, I64)
    hi, lo = t.bv_val(extent - 1, 64), t.bv_val(0, 64)
    k = t.ite(t.sle(k, hi), k, hi)
    return t.bv_to_sint(t.ite(t.sge(k, lo), k, lo))


@semantics("relax.image.resize2d", attrs=RESIZE2D_ATTRS)
def resize2d(ctx, op: Op, x):
    """``R.image.resize2d(x, size, ...)``: nearest-neighbour resampling (module docstring)."""
    x = want_tensor(op, x)
    a = op.attrs
    mode = (a["method"], a["coordinate_transformation_mode"], a["rounding_method"])
    if mode != ("nearest_neighbor", "asymmetric", "round"):
        raise Unsupported(f"resize2d method/coordinate_transformation_mode/rounding_method {mode}", op.loc)
    if a["layout"] not in ("NCHW", "NHWC") or x.rank != 4:
        raise Unsupported(f"resize2d layout {a['layout']}", op.loc)
    if x.type.elem != F32 or a["out_dtype"] not in (None, "", "void", "float32") and str(a["out_dtype"]) != "float32":
        raise Unsupported(f"resize2d of {x.type.elem} with out_dtype {a['out_dtype']}", op.loc)
    size = a["arg1"]
    hw = (1, 2) if a["layout"] == "NHWC" else (2, 3)
    extents = [t.static_int(x.dims[k]) for k in hw]
    if not isinstance(size, list) or len(size) != 2 or any(type(s) is not int or s < 1 for s in size) \
            or any(e is None for e in extents):
        raise Unsupported(f"resize2d with symbolic or invalid sizes {size}", op.loc)
    out = list(x.dims)
    out[hw[0]], out[hw[1]] = t.int_val(size[0]), t.int_val(size[1])
    dims = checked_dims(ctx, op, out)

    def elem(idx):
        src = list(idx)
        for k, e, s in zip(hw, extents, size):
            src[k] = _source_index(ctx, idx[k], e, s)
        return load(ctx, x, src)

    return make(ctx, op, dims, elem)


@semantics("relax.image.affine_grid", attrs=("arg1", "align_corners"))
def affine_grid(ctx, op: Op, theta):
    """``R.image.affine_grid(theta, size, align_corners)`` (module docstring)."""
    theta = want_tensor(op, theta)
    size, corners = op.attrs["arg1"], op.attrs["align_corners"]
    if not isinstance(size, list) or len(size) != 2 or any(type(s) is not int for s in size) \
            or not isinstance(corners, bool) or any(s < (2 if corners else 1) for s in size):
        raise Unsupported(f"affine_grid with size {size} and align_corners {corners}", op.loc)
    if theta.type.elem != F32 or theta.rank != 3:
        raise Unsupported(f"affine_grid of a {theta.rank}-D {theta.type.elem} tensor", op.loc)
    ctx.add_ub(t.or_(theta.dims[1] != 2, theta.dims[2] != 3), f"{op.name}: theta is not (N, 2, 3)")
    if corners:
        starts, steps = [-1.0, -1.0], [(2.0 - 1e-7) / (s - 1) for s in size]
    else:
        starts, steps = [-1.0 + 1.0 / s for s in size], [2.0 / s for s in size]
    dims = checked_dims(ctx, op, [theta.dims[0], t.int_val(2), t.int_val(size[0]), t.int_val(size[1])])

    def elem(idx):
        n, d = idx[0], idx[1]
        val = load(ctx, theta, [n, d, t.int_val(2)])
        for r in range(2):
            coord = fbin(ctx, "add", fconst(ctx, starts[r], F32),
                         fbin(ctx, "mul", cast(ctx, t.int_to_bv(idx[2 + r], 64), I64, F32),
                              fconst(ctx, steps[r], F32), F32), F32)
            val = fbin(ctx, "add", val, fbin(ctx, "mul", load(ctx, theta, [n, d, t.int_val(1 - r)]), coord, F32), F32)
        return val

    return make(ctx, op, dims, elem)
