"""Generators for ``relax.nn.*`` (attention, conv1d, conv2d, max_pool2d, batch_norm, gelu, gelu_tanh, layer_norm,
rms_norm), ``quantize``/``dequantize`` and the image ops (``resize2d``, ``affine_grid``); see
``relax_ops``. Their inputs are values of the pool, cut out of one (``strided_slice`` +
``reshape``) or reshaped from one."""

from __future__ import annotations

import math

from irverify.fuzz.relax_ops import R_, gen, rconst_tensor
from irverify.fuzz.relax_prog import rconst


def _attention_inputs(b, rng):
    bsz, s, h, d = 1, rng.randint(1, 3), rng.randint(1, 2), rng.randint(1, 3)
    x = b.pick(dtypes=("float32",), static=True, pred=lambda v: v.size >= bsz * s * h * d)
    if x is None:
        return None
    flat = f"R.flatten({x.name})" if len(x.shape) != 1 else x.name
    n = bsz * s * h * d
    q = f"R.reshape(R.strided_slice({flat}, axes=[0], begin=[0], end=[{n}]), R.shape([{bsz}, {s}, {h}, {d}]))"
    return x, q, (bsz, s, h, d)


@gen("relax.nn.attention", "relax.nn.attention_bias")
def g_attention(b, rng, op):
    got = _attention_inputs(b, rng)
    if got is None:
        return None
    x, q, (bsz, s, h, d) = got
    qv = b.temp("relax.reshape", q, (bsz, s, h, d), "float32", [x.name], ("relax.strided_slice", "relax.flatten"))
    kv = b.temp("relax.multiply", f"R.multiply({qv.name}, {rconst(0.5, 'float32')})", (bsz, s, h, d), "float32", [qv.name])
    scale = rng.choice((None, 0.5, 2.0))
    causal = rng.choice((None, "TopLeft", "BottomRight"))
    bias = ""
    if op == "relax.nn.attention_bias":
        bias = f", R.zeros(R.shape([{bsz}, {h}, {s}, {s}]), \"float32\")"

    def text(sc, cm, qq=qv.name, kk=kv.name):
        extra = (f", scale={sc}" if sc is not None else "") + (f', causal_mask="{cm}"' if cm else "")
        return f"R.nn.attention({qq}, {kk}, {qv.name}{bias}{extra})"

    alts = [R_("mutation", text(2.0 if scale != 2.0 else 0.5, causal), "attention scale"),
            R_("mutation", text(scale, None if causal else "TopLeft"), "attention causal mask"),
            R_("mutation", text(scale, causal, kv.name, qv.name), "attention q and k swapped")]
    if op == "relax.nn.attention_bias":
        alts.append(R_("rewrite", text(scale, causal).replace(bias, ""), "zero bias dropped"))
    return b.emit(op, text(scale, causal), (bsz, s, h, d), "float32", [qv.name, kv.name], alts,
                  ("relax.zeros",) if bias else ())


@gen("relax.nn.conv1d")
def g_conv1d(b, rng, op):
    x = b.pick(dtypes=("float32",), static=True, min_rank=1, max_size=48)
    if x is None:
        return None
    w = x.size
    data = f"R.reshape({x.name}, R.shape([1, 1, {w}]))"
    k = rng.randint(1, min(3, w))
    weights = [[[rng.choice((1.0, -1.0, 0.5, 2.0)) for _ in range(k)]] for _ in range(rng.randint(1, 2))]
    pad, stride, dil = rng.randint(0, 1), rng.randint(1, 2), 1
    out_w = (w + 2 * pad - dil * (k - 1) - 1) // stride + 1
    if out_w < 1:
        return None

    def text(p=pad, s=stride, ws=weights):
        return f"R.nn.conv1d({data}, {rconst_tensor(ws, 'float32')}, strides=[{s}], padding=[{p}, {p}])"

    flipped = [[list(reversed(ch[0]))] for ch in weights]
    alts = [R_("mutation", text(ws=flipped), "conv1d kernel reversed") if flipped != weights else None]
    return b.emit(op, text(), (1, len(weights), out_w), "float32", [x.name], alts, ("relax.reshape", "relax.const"))


def _image(b, rng):
    """A static float32 value reshaped to a 1x1xHxW image (H a divisor of its size) and a
    window of at most 2x3 that fits it: ``(value, H, W, reshape text, KH, KW)``, or None."""
    x = b.pick(dtypes=("float32",), static=True, min_rank=1, max_size=48)
    if x is None:
        return None
    size = x.size
    h = rng.choice([d for d in range(1, size + 1) if size % d == 0])
    wd = size // h
    data = f"R.reshape({x.name}, R.shape([1, 1, {h}, {wd}]))"
    return x, h, wd, data, rng.randint(1, min(2, h)), rng.randint(1, min(3, wd))


def _out_extents(h: int, wd: int, kh: int, kw: int, pad: int, stride: int) -> tuple[int, int]:
    """The output height and width of a ``kh x kw`` window over an ``h x wd`` image padded by
    ``pad`` on every side, at ``stride``."""
    return (h + 2 * pad - kh) // stride + 1, (wd + 2 * pad - kw) // stride + 1


@gen("relax.nn.conv2d")
def g_conv2d(b, rng, op):
    picked = _image(b, rng)
    if picked is None:
        return None
    x, h, wd, data, kh, kw = picked
    weights = [[[[rng.choice((1.0, -1.0, 0.5, 2.0)) for _ in range(kw)] for _ in range(kh)]]
               for _ in range(rng.randint(1, 2))]
    pad, stride = rng.randint(0, 1), rng.randint(1, 2)
    out_h, out_w = _out_extents(h, wd, kh, kw, pad, stride)
    if out_h < 1 or out_w < 1:
        return None

    def text(p=pad, s=stride, ws=weights):
        return f"R.nn.conv2d({data}, {rconst_tensor(ws, 'float32')}, strides=[{s}, {s}], padding=[{p}, {p}, {p}, {p}])"

    flipped = [[[list(reversed(row)) for row in ch[0]]] for ch in weights]
    alts = [R_("mutation", text(ws=flipped), "conv2d kernel reversed") if flipped != weights else None,
            R_("mutation", text(p=1 - pad), "conv2d padding changed")
            if _out_extents(h, wd, kh, kw, 1 - pad, stride) == (out_h, out_w)
            else None]
    return b.emit(op, text(), (1, len(weights), out_h, out_w), "float32", [x.name], alts,
                  ("relax.reshape", "relax.const"))


@gen("relax.nn.max_pool2d")
def g_max_pool2d(b, rng, op):
    picked = _image(b, rng)
    if picked is None:
        return None
    x, h, wd, data, kh, kw = picked
    pad, stride = rng.randint(0, 1), rng.randint(1, 2)
    out_h, out_w = _out_extents(h, wd, kh, kw, pad, stride)
    if out_h < 1 or out_w < 1:
        return None

    def text(p=pad, k=(kh, kw)):
        return (f"R.nn.max_pool2d({data}, pool_size=[{k[0]}, {k[1]}], strides=[{stride}, {stride}], "
                f"padding=[{p}, {p}, {p}, {p}])")

    same_shape = _out_extents(h, wd, kh, kw, 1 - pad, stride) == (out_h, out_w)
    alts = [R_("mutation", text(p=1 - pad), "max_pool2d padding changed") if same_shape else None,
            R_("rewrite", f"R.nn.max_pool2d({data}, pool_size=[{kh}, {kw}], strides=[{stride}, {stride}], "
                          f"padding=[{pad}, {pad}], dilation=[1, 1])", "max_pool2d padding given as two values")]
    return b.emit(op, text(), (1, 1, out_h, out_w), "float32", [x.name], alts, ("relax.reshape",))


@gen("relax.quantize", "relax.dequantize")
def g_qdq(b, rng, op):
    if op == "relax.quantize":
        x = b.pick(dtypes=("float32",))
        if x is None:
            return None
        scale, zp = rng.choice((0.5, 0.25, 2.0, 0.1)), rng.choice((0, 3, -5))
        dt = rng.choice(("int8", "uint8")) if zp >= 0 else "int8"
        dt = "int8"

        def text(s, z):
            return f'R.quantize({x.name}, {rconst(s, "float32")}, {rconst(z, "int8")}, axis=-1, out_dtype="{dt}")'

        alts = [R_("mutation", text(scale * 2, zp), "quantize scale"), R_("mutation", text(scale, zp + 1), "quantize zero point")]
        return b.emit(op, text(scale, zp), x.shape, dt, [x.name], alts, ("relax.const",))
    x = b.pick(dtypes=("int8",))
    if x is None:
        v = b.pick(dtypes=("int32", "int64"))
        if v is None:
            return None
        x = b.temp("relax.astype", f'R.astype({v.name}, "int8")', v.shape, "int8", [v.name])
    scale, zp = rng.choice((0.5, 0.25, 2.0)), rng.choice((0, 3, -5))

    def text(s, z):
        return f'R.dequantize({x.name}, {rconst(s, "float32")}, {rconst(z, "int8")}, axis=-1, out_dtype="float32")'

    alts = [R_("mutation", text(scale, zp - 1), "dequantize zero point"),
            R_("rewrite", f'R.multiply(R.subtract(R.astype({x.name}, "float32"), {rconst(float(zp), "float32")}), {rconst(scale, "float32")})',
               "dequantize written out", "relax.astype", "relax.subtract", "relax.multiply")]
    return b.emit(op, text(scale, zp), x.shape, "float32", [x.name], alts, ("relax.const",))


@gen("relax.image.resize2d")
def g_resize(b, rng, op):
    x = b.pick(dtypes=("float32",), static=True, min_rank=1, max_size=16)
    if x is None:
        return None
    h, w = (x.shape[-2], x.shape[-1]) if len(x.shape) >= 2 else (1, x.shape[-1])
    if h * w != x.size:
        return None
    data = f"R.reshape({x.name}, R.shape([1, 1, {h}, {w}]))"
    oh, ow = rng.randint(1, 4), rng.randint(1, 4)
    modelled = ("nearest_neighbor", "asymmetric", "round")
    method, mode, rnd = modelled if rng.random() < 0.8 else (rng.choice(("nearest_neighbor", "linear")),
                                                             rng.choice(("half_pixel", "align_corners")), "round")

    def text(m=method, c=mode, r=rnd, d=data):
        rm = f', rounding_method="{r}"' if m == "nearest_neighbor" else ""
        return f'R.image.resize2d({d}, R.shape([{oh}, {ow}]), method="{m}", coordinate_transformation_mode="{c}"{rm})'

    alts = [R_("mutation", text(c=o), "resize2d coordinate mode") for o in ("half_pixel", "align_corners") if o != mode]
    alts.append(R_("mutation", text(r="floor"), "resize2d rounding method"))
    alts.append(R_("mutation", text(d=data.replace(f"({x.name},", f"(R.negative({x.name}),")), "resize2d of -x",
                   "relax.negative"))
    return b.emit(op, text(), (1, 1, oh, ow), "float32", [x.name], alts, ("relax.reshape",))


@gen("relax.image.affine_grid")
def g_affine_grid(b, rng, op):
    x = b.pick(dtypes=("float32",), static=True, pred=lambda v: v.size >= 6)
    if x is None:
        return None
    flat = f"R.flatten({x.name})" if len(x.shape) != 1 else x.name
    theta = f"R.reshape(R.strided_slice({flat}, axes=[0], begin=[0], end=[6]), R.shape([1, 2, 3]))"
    hh, ww = rng.randint(1, 3), rng.randint(1, 3)
    e = f"R.image.affine_grid({theta}, ({hh}, {ww}))"
    alts = [R_("mutation", f"R.image.affine_grid({theta}, ({hh}, {ww}), align_corners=False)", "affine_grid align_corners")]
    return b.emit(op, e, (1, 2, hh, ww), "float32", [x.name], alts, ("relax.reshape", "relax.strided_slice"))


@gen("relax.nn.batch_norm")
def g_batch_norm(b, rng, op):
    """``R.nn.batch_norm`` in inference or training mode over a static float32 value, read back
    through one of its three results; mutations flip the mode, move ``epsilon``, ``momentum`` or
    the channel axis, or swap the moving statistics."""
    x = b.pick(dtypes=("float32",), static=True, min_rank=2, max_size=48)
    if x is None:
        return None
    axis = rng.randrange(len(x.shape))
    c = x.shape[axis]
    vals = lambda lo, hi: [round(rng.uniform(lo, hi), 2) for _ in range(c)]  # noqa: E731
    gamma, beta, mean, var = vals(-2, 2), vals(-1, 1), vals(-1, 1), vals(0.1, 2)
    training, eps, momentum = rng.random() < 0.5, rng.choice((1e-5, 0.25)), rng.choice((0.1, 0.5))

    def text(ax=axis, tr=training, ep=eps, mo=momentum, m=mean, v=var):
        params = ", ".join(rconst_tensor(p, "float32") for p in (gamma, beta, m, v))
        return f"R.nn.batch_norm({x.name}, {params}, axis={ax}, epsilon={ep}, momentum={mo}, training={tr})"

    j = rng.randrange(3)
    shape = x.shape if j == 0 else (c,)
    alts = [R_("mutation", f"{text(tr=not training)}[{j}]", "batch_norm mode flipped"),
            R_("mutation", f"{text(ep=0.25 if eps != 0.25 else 1e-5)}[{j}]", "batch_norm epsilon")]
    if training and j:
        alts.append(R_("mutation", f"{text(mo=0.5 if momentum != 0.5 else 0.1)}[{j}]", "batch_norm momentum"))
    if mean != var:
        alts.append(R_("mutation", f"{text(m=var, v=mean)}[{j}]", "moving mean and variance swapped"))
    alts += [R_("mutation", f"{text(ax=a)}[{j}]", "batch_norm axis") for a in range(len(x.shape))
             if a != axis and x.shape[a] == c]
    if not training and j:
        alts.append(R_("rewrite", rconst_tensor(mean if j == 1 else var, "float32"),
                       "inference batch_norm returns the moving statistic", "relax.const"))
    return b.emit("relax.tuple_get_item", f"{text()}[{j}]", shape, "float32", [x.name], alts,
                  ("relax.nn.batch_norm", "relax.const"))


def _nested(flat, shape):
    """``flat`` (row-major) as nested lists of ``shape``."""
    if not shape:
        return flat[0]
    step = len(flat) // shape[0]
    return [_nested(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def _params(rng, shape, lo, hi):
    n = 1
    for d in shape:
        n *= d
    return _nested([round(rng.uniform(lo, hi), 2) for _ in range(n)], shape)


@gen("relax.nn.gelu", "relax.nn.gelu_tanh")
def g_gelu(b, rng, op):
    """``gelu``/``gelu_tanh`` of a float value; the rewrite writes TVM's legalization out with
    Relax ops in its order of operations (float16 ``gelu``: ``erf`` in float32); mutations swap
    the two approximations or (``gelu_tanh``) add where TVM multiplies."""
    x = b.pick(dtypes=("float32", "float16", "float64"))
    if x is None:
        return None
    dt, f = x.dtype, op.split(".")[-1]
    c = lambda v: rconst(v, dt)  # noqa: E731
    other = "gelu_tanh" if f == "gelu" else "gelu"
    alts = [R_("mutation", f"R.nn.{other}({x.name})", f"{f} -> {other}", f"relax.nn.{other}")]
    if f == "gelu":
        t1 = f"R.multiply({x.name}, {c(0.5 ** 0.5)})"

        def written(erf):
            return f"R.multiply({x.name}, R.add({c(0.5)}, R.multiply({erf}, {c(0.5)})))"

        uses = ("relax.multiply", "relax.add", "relax.erf", "relax.const")
        if dt == "float16":
            alts.append(R_("rewrite", written(f'R.astype(R.erf(R.astype({t1}, "float32")), "float16")'),
                           "gelu written out (erf in float32)", *uses, "relax.astype"))
        else:
            alts.append(R_("rewrite", written(f"R.erf({t1})"), "gelu written out", *uses))
    else:
        inner = f"R.add({c(1.0)}, R.multiply(R.multiply({c(0.044715)}, {x.name}), {x.name}))"
        z = f"R.multiply(R.multiply({c(math.sqrt(2.0 / math.pi))}, {x.name}), {inner})"
        alts.append(R_("rewrite", f"R.multiply(R.multiply({c(0.5)}, {x.name}), R.add({c(1.0)}, R.tanh({z})))",
                       "gelu_tanh written out", "relax.multiply", "relax.add", "relax.tanh", "relax.const"))
        added = z.replace("R.multiply(R.multiply(", "R.add(R.multiply(", 1)
        alts.append(R_("mutation", f"R.multiply(R.multiply({c(0.5)}, {x.name}), R.add({c(1.0)}, R.tanh({added})))",
                       "gelu_tanh with (c * x) + ... for (c * x) * ...", "relax.multiply", "relax.add", "relax.tanh",
                       "relax.const"))
    return b.emit(op, f"R.nn.{f}({x.name})", x.shape, dt, [x.name], alts)


@gen("relax.nn.layer_norm")
def g_layer_norm(b, rng, op):
    """``R.nn.layer_norm`` of a static float32/float16 value over a random set of axes with
    constant ``gamma``/``beta``; over trailing axes the rewrite writes TVM's two-pass
    legalization out (``mean``, ``(x - mean)^2``, ``rsqrt``), and clearing ``center``/``scale``
    is a rewrite too (TVM's legalization ignores them); mutations move ``epsilon`` or the axes,
    or swap ``gamma`` and ``beta``."""
    x = b.pick(dtypes=("float32", "float16"), static=True, min_rank=1, max_size=48)
    if x is None:
        return None
    dt, rank = x.dtype, len(x.shape)
    trailing = rng.random() < 0.6
    k = rng.randint(1, rank)
    axes = list(range(rank - k, rank)) if trailing else sorted(rng.sample(range(rank), k))
    pshape = tuple(x.shape[a] for a in axes)
    gamma, beta, eps = _params(rng, pshape, -2, 2), _params(rng, pshape, -1, 1), rng.choice((1e-5, 0.25))
    written_axes = [a - rank if rng.random() < 0.5 else a for a in axes]

    def text(ax=written_axes, ep=eps, g=gamma, bb=beta, flags=""):
        return (f"R.nn.layer_norm({x.name}, {rconst_tensor(g, dt)}, {rconst_tensor(bb, dt)}, axes={ax}, "
                f"epsilon={ep}{flags})")

    alts = [R_("rewrite", text(flags=", center=False, scale=False"),
               "layer_norm center/scale cleared (TVM's legalization ignores them)"),
            R_("mutation", text(ep=0.25 if eps != 0.25 else 1e-5), "layer_norm epsilon")]
    if gamma != beta:
        alts.append(R_("mutation", text(g=beta, bb=gamma), "layer_norm gamma and beta swapped"))
    alts += [R_("mutation", text(ax=o), "layer_norm axes") for o in
             ([a] for a in range(rank)) if o != axes and tuple(x.shape[a] for a in o) == pshape]
    if trailing:
        xf = x.name if dt == "float32" else f'R.astype({x.name}, "float32")'
        d = f"R.subtract({xf}, R.mean({xf}, axis={axes}, keepdims=True))"
        var = f"R.mean(R.multiply({d}, {d}), axis={axes}, keepdims=True)"
        out = f"R.multiply({d}, R.rsqrt(R.add({var}, {rconst(eps, 'float32')})))"
        if dt != "float32":
            out = f'R.astype({out}, "{dt}")'
        written = f"R.add(R.multiply({out}, {rconst_tensor(gamma, dt)}), {rconst_tensor(beta, dt)})"
        uses = ("relax.mean", "relax.subtract", "relax.multiply", "relax.rsqrt", "relax.add", "relax.const",
                "relax.astype")
        alts.append(R_("rewrite", written, "layer_norm written out (two passes)", *uses))
        alts.append(R_("mutation", written.replace("R.rsqrt(", "R.sqrt(", 1), "layer_norm dividing by rsqrt", *uses,
                       "relax.sqrt"))
    return b.emit(op, text(), x.shape, dt, [x.name], alts, ("relax.const",))


@gen("relax.nn.rms_norm")
def g_rms_norm(b, rng, op):
    """``R.nn.rms_norm`` of a static float value over its last axes (TVM legalizes no other
    choice) with a constant weight; the rewrite writes TVM's legalization out (float32 sums,
    float64 ``rsqrt`` for float64), mutations move ``epsilon``, drop the mean's division or
    reverse the weight."""
    x = b.pick(dtypes=("float32", "float16", "float64"), static=True, min_rank=2, max_size=48)
    if x is None:
        return None
    dt, rank = x.dtype, len(x.shape)
    k = rng.randint(1, rank - 1)
    axes = list(range(rank - k, rank))
    pshape = tuple(x.shape[rank - k:])
    weight, eps = _params(rng, pshape, -2, 2), rng.choice((1e-5, 0.25))
    written_axes = [a - rank if rng.random() < 0.5 else a for a in rng.sample(axes, k)]

    def text(ep=eps, w=weight):
        return f"R.nn.rms_norm({x.name}, {rconst_tensor(w, dt)}, axes={written_axes}, epsilon={ep})"

    rt = "float64" if dt == "float64" else "float32"
    w = rconst_tensor(weight, dt)
    xf = x.name if dt == "float32" else f'R.astype({x.name}, "float32")'
    wf = w if dt == "float32" else f'R.astype({w}, "float32")'

    def written(reduce="mean"):
        q = f"R.{reduce}(R.multiply({xf}, {xf}), axis={axes}, keepdims=True)"
        xr, wr = xf, wf
        if rt == "float64":
            q, xr, wr = (f'R.astype({v}, "float64")' for v in (q, xf, wf))
        out = f"R.multiply(R.multiply(R.rsqrt(R.add({q}, {rconst(eps, rt)})), {xr}), {wr})"
        return out if dt != "float16" else f'R.astype({out}, "float16")'

    uses = ("relax.mean", "relax.multiply", "relax.rsqrt", "relax.add", "relax.const", "relax.astype")
    alts = [R_("rewrite", written(), "rms_norm written out", *uses),
            R_("mutation", written("sum"), "rms_norm without the mean's division", *uses, "relax.sum"),
            R_("mutation", text(ep=0.25 if eps != 0.25 else 1e-5), "rms_norm epsilon")]
    reversed_weight = _nested(list(reversed(_flat(weight))), pshape)
    if reversed_weight != weight:
        alts.append(R_("mutation", text(w=reversed_weight), "rms_norm weight reversed"))
    return b.emit(op, text(), x.shape, dt, [x.name], alts, ("relax.const",))


def _flat(v):
    return [y for x in v for y in _flat(x)] if isinstance(v, list) else [v]
