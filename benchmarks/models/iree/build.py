#!/usr/bin/env python3
"""The IREE model corpus of ``irverify validate-pipeline``: small real models written as the
linalg-on-tensors IR that IREE's input conversion produces, one file per model.

    python benchmarks/models/iree/build.py [--check] [NAME ...]

Writes ``benchmarks/models/iree/NAME.mlir`` for every model of ``MODELS`` (or the ones named).
The text is built by this script (no model framework, nothing downloaded); the weights are
arguments of the function, not constants, so ``validate-pipeline`` proves every pass for every
weight. ``--check`` writes nothing and exits 1 when a committed file differs from what the
script produces.

Three models, each small with static shapes (``_static``), small with a symbolic batch or
sequence extent (``_dyn``), and wider with static shapes (``_wide``), the same models as the
TVM corpus (``benchmarks/models/tvm/build.py``):

* ``mlp``: ``linalg.matmul``, bias and ReLU, ``linalg.matmul`` and bias, on ``batch x features``;
* ``transformer``: a pre-norm transformer block on ``seq x hidden``: layer norm (mean, variance,
  ``math.rsqrt``), q/k/v projections, heads split by ``tensor.expand_shape`` and
  ``linalg.transpose``, scores by ``linalg.batch_matmul`` scaled by ``1/sqrt(head_dim)``,
  ``linalg.softmax``, ``linalg.batch_matmul`` with the values, heads merged, output projection
  and residual; layer norm, an MLP with the erf GELU (``0.5 x (1 + erf(x / sqrt 2))``), residual;
* ``cnn``: ``linalg.conv_2d_nhwc_hwcf`` (3x3, no padding), bias and ReLU, a global sum pool over
  the image, then ``linalg.matmul`` to the classes.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = "benchmarks/models/iree/build.py"

Dim = int | str  # a static extent, or the name of a symbolic one (an SSA index value)


def ty(shape: tuple[Dim, ...]) -> str:
    return "tensor<" + "x".join(str(d) if isinstance(d, int) else "?" for d in shape) + "xf32>"


class Emitter:
    """Builds one function body: fresh SSA names, ``tensor.empty`` with the symbolic extents."""

    def __init__(self):
        self.lines: list[str] = []
        self.count = 0

    def fresh(self, stem: str) -> str:
        self.count += 1
        return f"%{stem}{self.count}"

    def emit(self, line: str) -> None:
        self.lines.append("  " + line)

    def empty(self, shape: tuple[Dim, ...]) -> str:
        name = self.fresh("e")
        dyn = ", ".join(f"%{d}" for d in shape if not isinstance(d, int))
        self.emit(f"{name} = tensor.empty({dyn}) : {ty(shape)}")
        return name

    def zeros(self, shape: tuple[Dim, ...]) -> str:
        e = self.empty(shape)
        name = self.fresh("z")
        self.emit(f"{name} = linalg.fill ins(%zero : f32) outs({e} : {ty(shape)}) -> {ty(shape)}")
        return name

    def generic(self, ins: list[tuple[str, tuple[Dim, ...], str]], out_shape: tuple[Dim, ...], dims: str,
                out_map: str, iterators: list[str], body: list[str], init: str | None = None) -> str:
        """A ``linalg.generic`` over the loop dims ``dims`` (``"i, j"``): ``ins`` are
        ``(value, shape, map results)``, the block arguments are ``%a0, %a1, ...`` and ``%acc``,
        ``body`` ends with the yielded value ``%r``."""
        init = init or self.empty(out_shape)
        maps = ", ".join(f"affine_map<({dims}) -> ({m})>" for _, _, m in ins)
        maps += f", affine_map<({dims}) -> ({out_map})>"
        its = ", ".join(f'"{i}"' for i in iterators)
        args = ", ".join(v for v, _, _ in ins)
        types = ", ".join(ty(s) for _, s, _ in ins)
        block = ", ".join(f"%a{k}: f32" for k in range(len(ins))) + ", %acc: f32"
        name = self.fresh("g")
        self.emit(f"{name} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{its}]}} "
                  f"ins({args} : {types}) outs({init} : {ty(out_shape)}) {{")
        self.emit(f"^bb0({block}):")
        for line in body:
            self.emit("  " + line)
        self.emit("  linalg.yield %r : f32")
        self.emit(f"}} -> {ty(out_shape)}")
        return name

    def matmul(self, a: str, a_shape, b: str, b_shape) -> str:
        out = (a_shape[0], b_shape[1])
        z = self.zeros(out)
        name = self.fresh("mm")
        self.emit(f"{name} = linalg.matmul ins({a}, {b} : {ty(a_shape)}, {ty(b_shape)}) outs({z} : {ty(out)}) -> {ty(out)}")
        return name

    def batch_matmul(self, a: str, a_shape, b: str, b_shape) -> str:
        out = (a_shape[0], a_shape[1], b_shape[2])
        z = self.zeros(out)
        name = self.fresh("bmm")
        self.emit(f"{name} = linalg.batch_matmul ins({a}, {b} : {ty(a_shape)}, {ty(b_shape)}) "
                  f"outs({z} : {ty(out)}) -> {ty(out)}")
        return name

    def transpose(self, x: str, shape, perm: list[int]) -> tuple[str, tuple[Dim, ...]]:
        out = tuple(shape[p] for p in perm)
        e = self.empty(out)
        name = self.fresh("t")
        self.emit(f"{name} = linalg.transpose ins({x} : {ty(shape)}) outs({e} : {ty(out)}) "
                  f"permutation = [{', '.join(map(str, perm))}]")
        return name, out

    def bias(self, x: str, shape, b: str, relu: bool = False) -> str:
        body = (["%s = arith.addf %a0, %a1 : f32", "%r = arith.maximumf %s, %zero : f32"] if relu
                else ["%r = arith.addf %a0, %a1 : f32"])
        return self.generic([(x, shape, "i, j"), (b, (shape[1],), "j")], shape, "i, j", "i, j",
                            ["parallel", "parallel"], body)

    def add(self, x: str, y: str, shape) -> str:
        return self.generic([(x, shape, "i, j"), (y, shape, "i, j")], shape, "i, j", "i, j",
                            ["parallel", "parallel"], ["%r = arith.addf %a0, %a1 : f32"])

    def linear(self, x: str, shape, w: str, b: str, out: int, relu: bool = False) -> tuple[str, tuple[Dim, ...]]:
        y = self.matmul(x, shape, w, (shape[1], out))
        return self.bias(y, (shape[0], out), b, relu), (shape[0], out)

    def layer_norm(self, x: str, shape, gamma: str, beta: str) -> str:
        """``(x - mean) * rsqrt(var + 1e-5) * gamma + beta`` over the last dim (biased variance)."""
        rows, cols = shape
        inv = f"{1.0 / cols:e}"
        s = self.generic([(x, shape, "i, j")], (rows,), "i, j", "i", ["parallel", "reduction"],
                         ["%r = arith.addf %acc, %a0 : f32"], init=self.zeros((rows,)))
        mean = self.generic([(s, (rows,), "i")], (rows,), "i", "i", ["parallel"],
                            [f"%n = arith.constant {inv} : f32", "%r = arith.mulf %a0, %n : f32"])
        centred = self.generic([(x, shape, "i, j"), (mean, (rows,), "i")], shape, "i, j", "i, j",
                               ["parallel", "parallel"], ["%r = arith.subf %a0, %a1 : f32"])
        sq = self.generic([(centred, shape, "i, j")], (rows,), "i, j", "i", ["parallel", "reduction"],
                          ["%p = arith.mulf %a0, %a0 : f32", "%r = arith.addf %acc, %p : f32"],
                          init=self.zeros((rows,)))
        rstd = self.generic([(sq, (rows,), "i")], (rows,), "i", "i", ["parallel"],
                            [f"%n = arith.constant {inv} : f32", "%eps = arith.constant 1.000000e-05 : f32",
                             "%v = arith.mulf %a0, %n : f32", "%ve = arith.addf %v, %eps : f32",
                             "%r = math.rsqrt %ve : f32"])
        return self.generic([(centred, shape, "i, j"), (rstd, (rows,), "i"), (gamma, (cols,), "j"), (beta, (cols,), "j")],
                            shape, "i, j", "i, j", ["parallel", "parallel"],
                            ["%m = arith.mulf %a0, %a1 : f32", "%g = arith.mulf %m, %a2 : f32",
                             "%r = arith.addf %g, %a3 : f32"])


def _function(name: str, args: list[tuple[str, tuple[Dim, ...]]], result: tuple[Dim, ...],
              em: Emitter, ret: str, dims: list[tuple[str, str, int]]) -> str:
    """``dims``: the symbolic extents, each ``(name, argument, position)`` read by ``tensor.dim``."""
    sig = ", ".join(f"%{a}: {ty(s)}" for a, s in args)
    head = [f"func.func @{name}({sig}) -> {ty(result)} {{", "  %zero = arith.constant 0.000000e+00 : f32"]
    for d, arg, pos in dims:
        head.append(f"  %c{pos}_{d} = arith.constant {pos} : index")
        shape = dict(args)[arg]
        head.append(f"  %{d} = tensor.dim %{arg}, %c{pos}_{d} : {ty(shape)}")
    return "\n".join(head + em.lines + [f"  return {ret} : {ty(result)}", "}", ""])


def mlp(batch: Dim, features: int, hidden: int, out: int) -> str:
    em = Emitter()
    x = (batch, features)
    h, hs = em.linear("%x", x, "%w1", "%b1", hidden, relu=True)
    y, ys = em.linear(h, hs, "%w2", "%b2", out)
    args = [("x", x), ("w1", (features, hidden)), ("b1", (hidden,)), ("w2", (hidden, out)), ("b2", (out,))]
    dims = [] if isinstance(batch, int) else [(batch, "x", 0)]
    return _function("mlp", args, ys, em, y, dims)


def transformer(seq: Dim, hidden: int, heads: int, ffn: int) -> str:
    em = Emitter()
    hd = hidden // heads
    x = (seq, hidden)
    h = em.layer_norm("%x", x, "%ln1_g", "%ln1_b")
    qkv = []
    for p in "qkv":
        y, _ = em.linear(h, x, f"%w{p}", f"%b{p}", hidden)
        split = em.fresh("split")
        em.emit(f"{split} = tensor.expand_shape {y} [[0], [1, 2]] output_shape "
                f"[{seq if isinstance(seq, int) else '%' + seq}, {heads}, {hd}] : {ty(x)} into {ty((seq, heads, hd))}")
        qkv.append(split)
    q, qs = em.transpose(qkv[0], (seq, heads, hd), [1, 0, 2])        # heads x seq x hd
    kt, kts = em.transpose(qkv[1], (seq, heads, hd), [1, 2, 0])      # heads x hd x seq
    v, vs = em.transpose(qkv[2], (seq, heads, hd), [1, 0, 2])        # heads x seq x hd
    scores = em.batch_matmul(q, qs, kt, kts)
    ss = (heads, seq, seq)
    scaled = em.generic([(scores, ss, "b, i, j")], ss, "b, i, j", "b, i, j", ["parallel"] * 3,
                        [f"%s = arith.constant {1.0 / math.sqrt(hd):e} : f32", "%r = arith.mulf %a0, %s : f32"])
    probs = em.fresh("probs")
    em.emit(f"{probs} = linalg.softmax dimension(2) ins({scaled} : {ty(ss)}) outs({em.empty(ss)} : {ty(ss)}) -> {ty(ss)}")
    attn = em.batch_matmul(probs, ss, v, vs)
    merged, ms = em.transpose(attn, (heads, seq, hd), [1, 0, 2])    # seq x heads x hd
    flat = em.fresh("merge")
    em.emit(f"{flat} = tensor.collapse_shape {merged} [[0], [1, 2]] : {ty(ms)} into {ty(x)}")
    o, _ = em.linear(flat, x, "%wo", "%bo", hidden)
    x1 = em.add("%x", o, x)
    h2 = em.layer_norm(x1, x, "%ln2_g", "%ln2_b")
    f1, fs = em.linear(h2, x, "%w1", "%b1", ffn)
    gelu = em.generic([(f1, fs, "i, j")], fs, "i, j", "i, j", ["parallel", "parallel"],
                      [f"%k = arith.constant {1.0 / math.sqrt(2.0):e} : f32", "%half = arith.constant 5.000000e-01 : f32",
                       "%one = arith.constant 1.000000e+00 : f32", "%u = arith.mulf %a0, %k : f32",
                       "%e = math.erf %u : f32", "%p = arith.addf %e, %one : f32", "%hx = arith.mulf %a0, %half : f32",
                       "%r = arith.mulf %hx, %p : f32"])
    f2, _ = em.linear(gelu, fs, "%w2", "%b2", hidden)
    y = em.add(x1, f2, x)
    args = [("x", x), ("ln1_g", (hidden,)), ("ln1_b", (hidden,))]
    for p in "qkvo":
        args += [(f"w{p}", (hidden, hidden)), (f"b{p}", (hidden,))]
    args += [("ln2_g", (hidden,)), ("ln2_b", (hidden,)), ("w1", (hidden, ffn)), ("b1", (ffn,)),
             ("w2", (ffn, hidden)), ("b2", (hidden,))]
    dims = [] if isinstance(seq, int) else [(seq, "x", 0)]
    return _function("transformer", args, x, em, y, dims)


def cnn(batch: Dim, image: int, channels: int, out_channels: int, classes: int) -> str:
    em = Emitter()
    x = (batch, image, image, channels)
    side = image - 2
    cs = (batch, side, side, out_channels)
    z = em.zeros(cs)
    conv = em.fresh("conv")
    em.emit(f"{conv} = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}} "
            f"ins(%x, %w : {ty(x)}, {ty((3, 3, channels, out_channels))}) outs({z} : {ty(cs)}) -> {ty(cs)}")
    act = em.generic([(conv, cs, "n, h, w, c"), ("%b", (out_channels,), "c")], cs, "n, h, w, c", "n, h, w, c",
                     ["parallel"] * 4, ["%s = arith.addf %a0, %a1 : f32", "%r = arith.maximumf %s, %zero : f32"])
    ps = (batch, out_channels)
    pool = em.generic([(act, cs, "n, h, w, c")], ps, "n, c, h, w", "n, c", ["parallel", "parallel", "reduction", "reduction"],
                      ["%r = arith.addf %acc, %a0 : f32"], init=em.zeros(ps))
    y, ys = em.linear(pool, ps, "%wf", "%bf", classes)
    args = [("x", x), ("w", (3, 3, channels, out_channels)), ("b", (out_channels,)),
            ("wf", (out_channels, classes)), ("bf", (classes,))]
    dims = [] if isinstance(batch, int) else [(batch, "x", 0)]
    return _function("cnn", args, ys, em, y, dims)


@dataclass(frozen=True)
class Model:
    name: str
    what: str
    build: object

    def render(self) -> str:
        header = (f"// Generated by {SCRIPT} (python {SCRIPT} {self.name}); do not edit.\n"
                  f"// {self.what}. Weights are arguments: every pass is proved for every weight.\n")
        return header + self.build()


MODELS = [
    Model("mlp_static", "MLP 2x8 -> 16 -> 4 (bias, ReLU, bias)", lambda: mlp(2, 8, 16, 4)),
    Model("mlp_dyn", "MLP n x 8 -> 16 -> 4 with a symbolic batch n", lambda: mlp("batch", 8, 16, 4)),
    Model("mlp_wide", "MLP 2x64 -> 256 -> 64", lambda: mlp(2, 64, 256, 64)),
    Model("transformer_static", "pre-norm transformer block, seq 4, hidden 8, 2 heads, GELU MLP 16",
          lambda: transformer(4, 8, 2, 16)),
    Model("transformer_dyn", "pre-norm transformer block, symbolic seq, hidden 8, 2 heads, GELU MLP 16",
          lambda: transformer("seq", 8, 2, 16)),
    Model("transformer_wide", "pre-norm transformer block, seq 16, hidden 64, 4 heads, GELU MLP 128",
          lambda: transformer(16, 64, 4, 128)),
    Model("cnn_static", "CNN 1x6x6x2: 3x3 conv to 4 channels, bias, ReLU, sum pool, dense to 3 classes",
          lambda: cnn(1, 6, 2, 4, 3)),
    Model("cnn_dyn", "CNN n x 6x6x2 with a symbolic batch n: 3x3 conv to 4 channels, bias, ReLU, sum pool, dense to 3",
          lambda: cnn("batch", 6, 2, 4, 3)),
    Model("cnn_wide", "CNN 2x16x16x8: 3x3 conv to 16 channels, bias, ReLU, sum pool, dense to 10 classes",
          lambda: cnn(2, 16, 8, 16, 10)),
]


def path_of(model: Model) -> str:
    return os.path.join(HERE, model.name + ".mlir")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="models to write (default: all)")
    parser.add_argument("--check", action="store_true", help="exit 1 if a committed file is stale")
    args = parser.parse_args(argv)
    models = [m for m in MODELS if not args.names or m.name in args.names]
    stale = []
    for m in models:
        text = m.render()
        if args.check:
            try:
                with open(path_of(m)) as f:
                    if f.read() != text:
                        stale.append(m.name)
            except FileNotFoundError:
                stale.append(m.name)
        else:
            with open(path_of(m), "w") as f:
                f.write(text)
    if stale:
        print("stale: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
