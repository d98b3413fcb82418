"""Named ``linalg`` convolutions and poolings, each encoded as the ``linalg.generic`` it stands
for (MLIR's OpDSL definitions, ``linalg/opdsl/ops/core_named_ops.py``; the same maps, loop order
and body as ``linalg-generalize-named-ops`` builds).

A convolution over the loop domain ``(..., kh, kw, c)`` is
``O[out] += cast(I[..., oh * SH + kh * DH, ow * SW + kw * DW, ...]) * cast(K[...])`` with
``strides = [SH, SW]`` and ``dilations = [DH, DW]`` (both default to 1); casts as in
``linalg_named`` (``cast_signed``), and on ``i1`` ``+`` is ``ori`` and ``*`` is ``andi`` as in
MLIR's region builder. A pooling reads the window tensor ``K`` only for its shape (its loop
dims ``kh, kw``): ``sum`` adds ``cast(I[...])`` into ``O``, ``max``/``min`` combine with
``maximumf``/``minimumf`` on floats and ``maxsi``/``minsi`` (``maxui``/``minui`` for the
``_unsigned`` variants, whose cast is ``cast_unsigned``) on integers. Reads outside the input
are UB, as for every structured op (``linalg.run_structured``); the reduction dims are folded
in loop order as a ``linalg.generic`` reduction is. The quantized convolutions (``..._q``)
subtract scalar zero points first: ``O += (cast(I) - cast(IZp)) * (cast(K) - cast(KZp))``
(OpDSL's ``conv_2d_nhwc_hwcf_q`` and the others in ``QUANTIZED``).
"""

from __future__ import annotations

from typing import Any

from irverify.errors import Unsupported
from irverify.ir.affine import AffineMap, BinExpr, Const, Dim
from irverify.ir.core import DenseAttr, FloatType, IntType, Op
from irverify.semantics.linalg import Structured, run_structured
from irverify.semantics.linalg_named import BodyBuilder, elem_of, ins_outs, multiply_accumulate, semantics

# name -> (loop dims, input map, kernel map, output map, reduction dims, window pairs).
# Maps are lists of loop-dim names; a window pair (out, k) in the input map is
# ``out * stride + k * dilation`` (strides/dilations in the order of the pairs).
CONVOLUTIONS: dict[str, tuple[str, list[Any], list[str], list[str], tuple[str, ...]]] = {
    "linalg.conv_1d": ("ow kw", [("ow", "kw")], ["kw"], ["ow"], ("kw",)),
    "linalg.conv_2d": ("oh ow kh kw", [("oh", "kh"), ("ow", "kw")], ["kh", "kw"], ["oh", "ow"], ("kh", "kw")),
    "linalg.conv_1d_nwc_wcf": ("n ow f kw c", ["n", ("ow", "kw"), "c"], ["kw", "c", "f"], ["n", "ow", "f"],
                               ("kw", "c")),
    "linalg.conv_2d_nhwc_hwcf": ("n oh ow f kh kw c", ["n", ("oh", "kh"), ("ow", "kw"), "c"],
                                 ["kh", "kw", "c", "f"], ["n", "oh", "ow", "f"], ("kh", "kw", "c")),
    "linalg.conv_2d_nhwc_fhwc": ("n oh ow f kh kw c", ["n", ("oh", "kh"), ("ow", "kw"), "c"],
                                 ["f", "kh", "kw", "c"], ["n", "oh", "ow", "f"], ("kh", "kw", "c")),
    "linalg.conv_2d_nchw_fchw": ("n f oh ow c kh kw", ["n", "c", ("oh", "kh"), ("ow", "kw")],
                                 ["f", "c", "kh", "kw"], ["n", "f", "oh", "ow"], ("c", "kh", "kw")),
    "linalg.depthwise_conv_1d_nwc_wc": ("n ow ic kw", ["n", ("ow", "kw"), "ic"], ["kw", "ic"], ["n", "ow", "ic"],
                                        ("kw",)),
    "linalg.depthwise_conv_2d_nhwc_hwc": ("n oh ow ic kh kw", ["n", ("oh", "kh"), ("ow", "kw"), "ic"],
                                          ["kh", "kw", "ic"], ["n", "oh", "ow", "ic"], ("kh", "kw")),
    "linalg.depthwise_conv_2d_nchw_chw": ("n oh ow ic kh kw", ["n", "ic", ("oh", "kh"), ("ow", "kw")],
                                          ["ic", "kh", "kw"], ["n", "ic", "oh", "ow"], ("kh", "kw")),
    "linalg.depthwise_conv_2d_nhwc_hwcm": ("n oh ow ic cm kh kw", ["n", ("oh", "kh"), ("ow", "kw"), "ic"],
                                           ["kh", "kw", "ic", "cm"], ["n", "oh", "ow", "ic", "cm"], ("kh", "kw")),
}

# Quantized convolutions: the convolution they are named after, with two scalar zero points
# ``IZp``, ``KZp`` (``i32`` in OpDSL) between the kernel and the output:
# ``O += (cast(I[window]) - cast(IZp)) * (cast(K[...]) - cast(KZp))``.
QUANTIZED = {
    "linalg.conv_2d_nhwc_hwcf_q": "linalg.conv_2d_nhwc_hwcf",
    "linalg.conv_2d_nhwc_fhwc_q": "linalg.conv_2d_nhwc_fhwc",
    "linalg.conv_2d_nchw_fchw_q": "linalg.conv_2d_nchw_fchw",
    "linalg.depthwise_conv_2d_nhwc_hwc_q": "linalg.depthwise_conv_2d_nhwc_hwc",
    "linalg.depthwise_conv_2d_nhwc_hwcm_q": "linalg.depthwise_conv_2d_nhwc_hwcm",
}

# name -> (combining kind, unsigned cast and comparison, layout)
POOLINGS = {
    "linalg.pooling_nhwc_sum": ("sum", False, "nhwc"),
    "linalg.pooling_nchw_sum": ("sum", False, "nchw"),
    "linalg.pooling_nhwc_max": ("max", False, "nhwc"),
    "linalg.pooling_nhwc_min": ("min", False, "nhwc"),
    "linalg.pooling_nhwc_max_unsigned": ("max", True, "nhwc"),
    "linalg.pooling_nhwc_min_unsigned": ("min", True, "nhwc"),
    "linalg.pooling_nchw_max": ("max", False, "nchw"),
}
POOLING_LAYOUTS = {  # layout -> (loop dims, input map, output map)
    "nhwc": ("n oh ow c kh kw", ["n", ("oh", "kh"), ("ow", "kw"), "c"], ["n", "oh", "ow", "c"]),
    "nchw": ("n c oh ow kh kw", ["n", "c", ("oh", "kh"), ("ow", "kw")], ["n", "c", "oh", "ow"]),
}


def _window_attr(op: Op, name: str, n: int) -> list[int]:
    """``strides``/``dilations``: ``n`` positive integers (default all 1)."""
    a = op.attrs.get(name)
    if a is None:
        return [1] * n
    values = [int(v) for v in a.values.reshape(-1)] if isinstance(a, DenseAttr) else a
    if not isinstance(values, list) or len(values) != n or not all(isinstance(v, int) and v > 0 for v in values):
        raise Unsupported(f"{name} {a} of '{op.name}'", op.loc)
    return values


def _maps(op: Op, loops: str, *operand_maps: list[Any]) -> list[AffineMap]:
    names = loops.split()
    n_windows = max(sum(isinstance(r, tuple) for r in m) for m in operand_maps)
    strides = _window_attr(op, "strides", n_windows)
    dilations = _window_attr(op, "dilations", n_windows)

    def expr(r, k):
        if isinstance(r, str):
            return Dim(names.index(r))
        out, win = (Dim(names.index(x)) for x in r)
        s, d = strides[k], dilations[k]
        return BinExpr("add", out if s == 1 else BinExpr("mul", out, Const(s)),
                       win if d == 1 else BinExpr("mul", win, Const(d)))

    maps = []
    for m in operand_maps:
        results, k = [], 0
        for r in m:
            results.append(expr(r, k))
            k += isinstance(r, tuple)
        maps.append(AffineMap(len(names), 0, tuple(results)))
    return maps


def _check_memoized(op: Op, maps: list[AffineMap]) -> None:
    """MLIR caches a named op's maps in ``linalg.memoized_indexing_maps``: they must be the
    maps built here (otherwise the op is not what this module thinks it is)."""
    memo = op.attrs.get("linalg.memoized_indexing_maps")
    if memo is not None and list(memo) != maps:
        raise Unsupported(f"'{op.name}' whose linalg.memoized_indexing_maps differ from its definition",
                          op.loc, f"value {memo}")


def _iterators(loops: str, reduced: tuple[str, ...]) -> list[str]:
    return ["reduction" if d in reduced else "parallel" for d in loops.split()]


def convolution(ctx, op: Op, *operands):
    """``O += cast(I[window]) * cast(K[...])`` (see the module docstring)."""
    ins, outs = ins_outs(op, operands)
    loops, in_map, k_map, out_map, reduced = CONVOLUTIONS[op.name]
    if op.name in ("linalg.conv_1d", "linalg.conv_2d") and ({"strides", "dilations"} & set(op.attrs)):
        raise Unsupported(f"strides or dilations on '{op.name}'", op.loc)
    maps = _maps(op, loops, in_map, k_map, out_map)
    _check_memoized(op, maps)
    out = op.results[0].type.elem
    body = multiply_accumulate(op, out, False)
    return run_structured(ctx, op, Structured(maps, _iterators(loops, reduced), body, 2), ins, outs)


def quantized_convolution(ctx, op: Op, *operands):
    """``O += (cast(I[window]) - cast(IZp)) * (cast(K[...]) - cast(KZp))`` with the zero points
    ``IZp``, ``KZp`` scalar operands read at every point (their maps have no results)."""
    ins, outs = ins_outs(op, operands)
    if len(ins) != 4:
        raise Unsupported(f"'{op.name}' with {len(ins)} inputs (input, kernel and two zero points)", op.loc)
    loops, in_map, k_map, out_map, reduced = CONVOLUTIONS[QUANTIZED[op.name]]
    conv_maps = _maps(op, loops, in_map, k_map, out_map)
    scalar = AffineMap(len(loops.split()), 0, ())
    maps = [conv_maps[0], conv_maps[1], scalar, scalar, conv_maps[2]]
    _check_memoized(op, maps)
    out = op.results[0].type.elem
    b = BodyBuilder(op, [elem_of(v) for v in op.operands[:4]] + [out])
    if isinstance(out, FloatType):
        sub, mul, add = "arith.subf", "arith.mulf", "arith.addf"
    elif out == IntType(1):
        raise Unsupported(f"'{op.name}' on i1", op.loc)
    else:
        sub, mul, add = "arith.subi", "arith.muli", "arith.addi"
    x = b.emit(sub, [b.cast(b.args[0], out, False), b.cast(b.args[2], out, False)], out)
    y = b.emit(sub, [b.cast(b.args[1], out, False), b.cast(b.args[3], out, False)], out)
    body = b.finish(b.emit(add, [b.args[4], b.emit(mul, [x, y], out)], out))
    return run_structured(ctx, op, Structured(maps, _iterators(loops, reduced), body, 4), ins, outs)


def pooling(ctx, op: Op, *operands):
    """``O = combine(O, cast(I[window]))`` over the window ``kh, kw`` (see the module docstring)."""
    ins, outs = ins_outs(op, operands)
    kind, unsigned, layout = POOLINGS[op.name]
    loops, in_map, out_map = POOLING_LAYOUTS[layout]
    maps = _maps(op, loops, in_map, ["kh", "kw"], out_map)
    _check_memoized(op, maps)
    out = op.results[0].type.elem
    b = BodyBuilder(op, [elem_of(op.operands[0]), elem_of(op.operands[1]), out])
    x = b.cast(b.args[0], out, unsigned)
    is_float = isinstance(out, FloatType)
    if kind == "sum":
        name = "arith.addf" if is_float else ("arith.ori" if out == IntType(1) else "arith.addi")
    elif is_float:
        if unsigned:
            raise Unsupported(f"'{op.name}' on {out}", op.loc)
        name = "arith.maximumf" if kind == "max" else "arith.minimumf"
    else:
        name = f"arith.{kind}{'ui' if unsigned else 'si'}"
    body = b.finish(b.emit(name, [b.args[2], x], out))
    return run_structured(ctx, op, Structured(maps, _iterators(loops, ("kh", "kw")), body, 2), ins, outs)


for _name in CONVOLUTIONS:
    semantics(_name, attrs=("strides", "dilations", "linalg.memoized_indexing_maps"))(convolution)
for _name in QUANTIZED:
    semantics(_name, attrs=("strides", "dilations", "linalg.memoized_indexing_maps"))(quantized_convolution)
for _name in POOLINGS:
    semantics(_name, attrs=("strides", "dilations", "linalg.memoized_indexing_maps"))(pooling)
