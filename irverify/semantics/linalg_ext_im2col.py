"""``iree_linalg_ext.im2col``: a convolution input laid out for a GEMM.

Upstream: IREE ``compiler/src/iree/compiler/Dialect/LinalgExt/IR/LinalgExtOps.td``
(``IREELinalgExt_Im2colOp``, its "Semantics" and "Padding" sections) and the element each output
position takes in its decomposition (``Im2colUtils.cpp``: ``computeIm2colSourceIndices``,
``computeIm2colValidSize``; ``AggregatedOpInterfaceImpl.cpp``), as in IREE 3.13::

    %r = iree_linalg_ext.im2col strides = [..] dilations = [..] kernel_size = [..]
           offsets = [..] output_sizes = [[..], ...]
           batch_pos = [..] m_pos = [..] k_pos = [..] input_k_perm = [..] output_perm = [..]
           (input_pad_low = [..] input_pad_high = [..])? (output_pad_low = [..] output_pad_high = [..])?
           (pad_value(%v : T))? ins(%in : tensor) outs(%out : tensor) -> tensor

Every element of the result is written; ``%out``'s values are not read. The element at output
position ``p`` (``p[a]`` the index of output dimension ``a``):

1. Output padding: when ``output_pad_low``/``high`` are given and ``p[a]`` lies outside
   ``[output_pad_low[a], dim(a) - output_pad_high[a])`` for some ``a``, the element is
   ``pad_value`` (nothing is read).
2. Canonical dimensions are ``[batch..., M..., K...]``; canonical dimension ``c`` is output
   dimension ``a`` with ``output_perm[a] = c``. Its index ``offsets[c] + p[a]`` is delinearized
   by ``output_sizes[c]`` (``affine.delinearize_index`` with an outer bound: the first
   coordinate is the floor quotient and is not wrapped; a single size yields the index itself).
   The coordinates of all canonical dimensions, in order, are split into ``len(batch_pos)``
   batch coordinates, ``len(m_pos)`` M coordinates and the rest, the K coordinates.
3. The K coordinates are reordered by the inverse of ``input_k_perm`` (``k'[i] =
   k[inv[i]]``, ``inv[input_k_perm[i]] = i``) and handed out, in input dimension order, to the
   input dimensions outside ``batch_pos``: those in ``m_pos`` take the next one as a window
   offset, the others as a channel coordinate.
4. The source coordinate of input dimension ``m_pos[i]`` is ``M[i] * strides[i] + window[i] *
   dilations[i]`` (``window[i]``: the ``i``-th window offset, in input dimension order, as
   upstream pairs them), of ``k_pos[j]`` the ``j``-th channel coordinate, of ``batch_pos[b]`` the
   ``b``-th batch coordinate; minus ``input_pad_low`` when input padding is given.
5. Input padding: a coordinate outside the input in a dimension with input padding (a non-zero
   or dynamic ``input_pad_low``/``high``) gives ``pad_value``; otherwise the element is the
   input's element at the coordinates. A coordinate outside the input in a dimension without
   padding is UB without ``pad_value`` (an out-of-bounds read); with one, the definition gives
   ``pad_value`` and the decomposition reads a clamped element, so the element is an unknown
   value of each side (``Ctx.add_unknown``: a counterexample resting on it is not incorrect).

``kernel_size`` enters no element: the definition computes every coordinate from
``output_sizes`` (IREE's decomposition reads ``kernel_size`` only to choose which dim to copy
contiguously), so an op whose ``kernel_size`` differs from the window extents of
``output_sizes`` means what ``output_sizes`` says. A poison dynamic offset, size or padding
amount is UB; a poison ``pad_value`` makes the padded elements poison; a dynamic offset whose
sum with the output index overflows ``index`` is UB. The positions must be a partition of the
input dimensions; dynamic ``output_sizes`` and memref operands are unsupported.
"""

from __future__ import annotations

from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import IndexType, Op, TensorType
from irverify.semantics.common import DYNAMIC, tensor_from_template
from irverify.semantics.registry import semantics
from irverify.model.values import Scalar, Tensor, any_poison
from irverify.smt import terms as t

NAME = "iree_linalg_ext.im2col"
SEGMENTS = ("input", "output", "kernel_size", "offsets", "output_sizes", "input_pad_low",
            "input_pad_high", "output_pad_low", "output_pad_high", "pad_value")


def _fail(op: Op, what: str):
    raise Unsupported(f"'{NAME}' {what}", op.loc)


def _ints(op: Op, name: str) -> list[int]:
    v = op.attrs.get(name)
    if not isinstance(v, list) or any(type(x) is not int for x in v):
        _fail(op, f"attribute {name} = {v}")
    return v


def _mixed(ctx, op: Op, name: str, static: list[int], dynamic: list) -> list[Any]:
    """Static entries as constants, ``DYNAMIC`` ones from the operands (a poison one is UB)."""
    if sum(1 for s in static if s == DYNAMIC) != len(dynamic):
        _fail(op, f"{name} operands")
    rest, out = list(dynamic), []
    for s in static:
        if s != DYNAMIC:
            out.append(t.int_val(s))
            continue
        v = rest.pop(0)
        if not isinstance(v, Scalar) or not isinstance(v.type, IndexType):
            _fail(op, f"{name} operand")
        ctx.require_not_poison(v, f"{NAME}: {name}")
        out.append(v.term)
    return out


def _delinearize(x, sizes: list[int]) -> list:
    """``affine.delinearize_index x into (sizes)`` with an outer bound (not applied)."""
    if len(sizes) == 1:
        return [x]
    suffix = [1] * len(sizes)
    for k in range(len(sizes) - 2, -1, -1):
        suffix[k] = suffix[k + 1] * sizes[k + 1]
    out = []
    for k, s in enumerate(suffix):
        v = x if k == 0 else t.floormod(x, t.int_val(suffix[k - 1]))
        out.append(v if s == 1 else t.floordiv(v, t.int_val(s)))
    return out


def _inverse(perm: list[int]) -> list[int]:
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return inv


@semantics(NAME, attrs=("strides", "dilations", "static_kernel_size", "static_offsets",
                        "static_output_sizes", "batch_pos", "m_pos", "k_pos", "input_k_perm",
                        "output_perm", "static_input_pad_low", "static_input_pad_high",
                        "static_output_pad_low", "static_output_pad_high"))
def im2col(ctx, op: Op, *operands):
    """The element of each output position as in the module docstring."""
    seg = op.attrs.get("operandSegmentSizes")
    if not isinstance(seg, list) or len(seg) != len(SEGMENTS):
        _fail(op, "operand segments")
    groups, pos = {}, 0
    for name, n in zip(SEGMENTS, seg):
        groups[name] = list(operands[pos:pos + int(n)])
        pos += int(n)
    (inp,), (out,) = groups["input"], groups["output"]
    for v in (inp, out):
        if not isinstance(v, Tensor) or type(v.type) is not TensorType or v.type.encoding is not None:
            _fail(op, "on a value that is not a plain tensor")
    if len(op.results) != 1 or type(op.results[0].type) is not TensorType:
        _fail(op, "results")
    rtype = op.results[0].type
    in_rank, out_rank = inp.rank, out.rank

    strides, dilations = _ints(op, "strides"), _ints(op, "dilations")
    batch_pos, m_pos, k_pos = _ints(op, "batch_pos"), _ints(op, "m_pos"), _ints(op, "k_pos")
    k_perm, out_perm = _ints(op, "input_k_perm"), _ints(op, "output_perm")
    if sorted(batch_pos + m_pos + k_pos) != list(range(in_rank)):
        _fail(op, f"with batch_pos {batch_pos}, m_pos {m_pos}, k_pos {k_pos} not a partition of the input dims")
    if sorted(out_perm) != list(range(out_rank)) or sorted(k_perm) != list(range(len(m_pos) + len(k_pos))):
        _fail(op, f"permutations output_perm {out_perm}, input_k_perm {k_perm}")
    if not len(strides) == len(dilations) == len(m_pos):
        _fail(op, "strides/dilations of another rank than m_pos")
    sizes = op.attrs.get("static_output_sizes")
    if not isinstance(sizes, list) or len(sizes) != out_rank or not all(
            isinstance(s, list) and s and all(type(x) is int for x in s) for s in sizes):
        _fail(op, f"output_sizes {sizes}")
    if groups["output_sizes"] or any(x == DYNAMIC for s in sizes for x in s):
        _fail(op, "with dynamic output_sizes")
    if any(x <= 0 for s in sizes for x in s):
        _fail(op, f"output_sizes {sizes} with a non-positive size")
    flat = [x for s in sizes for x in s]
    nb, nm = len(batch_pos), len(m_pos)
    if len(flat) != nb + nm + nm + len(k_pos):
        _fail(op, f"output_sizes {sizes} for the dims given")

    # kernel_size: metadata no element depends on (see the module docstring)
    kernel = _mixed(ctx, op, "kernel_size", _ints(op, "static_kernel_size"), groups["kernel_size"])
    if len(kernel) != nm:
        _fail(op, "kernel_size of another rank than m_pos")
    inv_k = _inverse(k_perm)

    offsets = _mixed(ctx, op, "offsets", _ints(op, "static_offsets"), groups["offsets"])
    if len(offsets) != out_rank:
        _fail(op, "offsets")
    pads = {}
    for name, rank in (("input_pad_low", in_rank), ("input_pad_high", in_rank),
                       ("output_pad_low", out_rank), ("output_pad_high", out_rank)):
        pads[name] = _mixed(ctx, op, name, _ints(op, f"static_{name}"), groups[name])
        if pads[name] and len(pads[name]) != rank:
            _fail(op, f"{name} of the wrong rank")
    pad_value = groups["pad_value"][0] if groups["pad_value"] else None
    if pad_value is not None and (not isinstance(pad_value, Scalar) or pad_value.type != rtype.elem):
        _fail(op, "pad_value")
    if pad_value is None and (pads["input_pad_low"] or pads["output_pad_low"]):
        _fail(op, "padding without pad_value")
    if rtype.elem != inp.type.elem or rtype.elem != out.type.elem or rtype.rank != out_rank:
        _fail(op, f"result type {rtype}")
    pad_low = pads["input_pad_low"] or [t.int_val(0)] * in_rank
    padded = [bool(pads["input_pad_low"]) and not (t.static_int(lo) == 0 and t.static_int(hi) == 0)
              for lo, hi in zip(pads["input_pad_low"] or pad_low, pads["input_pad_high"] or pad_low)]
    inv_out = _inverse(out_perm)
    dims = list(out.dims)

    def make(p):
        valid = t.true()
        if pads["output_pad_low"]:
            valid = t.and_(*(t.and_(t.le(lo, p[a]), t.lt(p[a], dims[a] - hi))
                             for a, (lo, hi) in enumerate(zip(pads["output_pad_low"], pads["output_pad_high"]))))
        coords = []
        for c in range(out_rank):
            idx = t.simplify(offsets[c] + p[inv_out[c]])
            if t.static_int(offsets[c]) is None:
                ctx.add_ub(t.not_(t.in_signed_range(idx, 64)), f"{NAME}: offset + index overflows index")
            coords += _delinearize(idx, sizes[c])
        bc, mc, kc = coords[:nb], coords[nb:nb + nm], coords[nb + nm:]
        kc = [kc[inv_k[i]] for i in range(len(kc))]
        window, channel, it = [], [], iter(kc)
        for d in range(in_rank):
            if d in batch_pos:
                continue
            (window if d in m_pos else channel).append(next(it))
        src: list[Any] = [None] * in_rank
        for i, d in enumerate(m_pos):
            src[d] = mc[i] * strides[i] + window[i] * dilations[i]
        for j, d in enumerate(k_pos):
            src[d] = channel[j]
        for b, d in enumerate(batch_pos):
            src[d] = bc[b]
        src = [t.simplify(s - lo) for s, lo in zip(src, pad_low)]
        inside = [t.in_range(s, n) for s, n in zip(src, inp.dims)]
        read = t.and_(valid, *(ok for ok, pd in zip(inside, padded) if pd))
        astray = t.and_(read, t.not_(t.and_(*(ok for ok, pd in zip(inside, padded) if not pd))))
        elem = inp.scalar_at(src)
        if pad_value is None:  # an out-of-bounds read
            ctx.add_ub(astray, f"{NAME}: an input coordinate outside the input (no padding in that dim)")
            return elem
        # The definition gives pad_value there, IREE's decomposition a clamped element: an
        # unknown value of this side (a counterexample that rests on it is never incorrect).
        if t.static_bool(astray) is not False:
            ctx.add_unknown(astray, f"{NAME}: an input coordinate outside the input in a dim without "
                                    "padding (pad_value by the definition, a clamped element by the decomposition)")
            unknown = t.uf(f"unknown.im2col.{t.fresh_name('astray')}", *[t.int_sort()] * len(p),
                           t.sort_of(elem.term))
            elem = Scalar(t.ite(astray, unknown(*p), elem.term), elem.type, elem.poison)
        poison = any_poison(None if elem.poison is None else t.and_(read, elem.poison),
                            None if pad_value.poison is None else t.and_(t.not_(read), pad_value.poison))
        return Scalar(t.ite(read, elem.term, pad_value.term), rtype.elem, poison)

    return tensor_from_template(ctx, rtype, dims, make)
