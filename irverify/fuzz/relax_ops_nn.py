"""Generators for ``relax.nn.*`` (attention, conv1d), ``quantize``/``dequantize`` and the image
ops (``resize2d``, ``affine_grid``); see ``relax_ops``. Their inputs are cut out of a float
value of the pool (``strided_slice`` + ``reshape``) or reshaped from it."""

from __future__ import annotations

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
