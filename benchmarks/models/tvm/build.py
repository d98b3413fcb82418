#!/usr/bin/env python3
"""The TVM model corpus of ``irverify validate-pipeline``: small real models written with
``tvm.relax.frontend.nn`` and exported to TVMScript Relax modules, one file per model.

    python benchmarks/models/tvm/build.py [--check] [NAME ...]

Writes ``benchmarks/models/tvm/NAME.py`` for every model of ``MODELS`` (or the ones named):
``mod.script()`` of the module ``export_tvm`` makes, after a header comment naming this script.
Everything is built in-process, nothing is downloaded; the weights are parameters of the
exported function (``forward(x, weight...)``, ``num_input`` 1), not constants. ``--check``
writes nothing and exits 1 when a committed file differs from what the script produces.

Three models, each small with a static shape (``_static``), small with a symbolic batch or
sequence dim (``_dyn``), and wider with a static shape (``_wide``):

* ``mlp``: two ``nn.Linear`` with a ReLU between them;
* ``transformer``: a pre-norm transformer block: ``LayerNorm``, q/k/v ``Linear``, multi-head
  ``nn.op.scaled_dot_product_attention`` (``R.nn.attention``), output projection and residual,
  then ``LayerNorm``, a GELU MLP and a second residual;
* ``cnn``: ``Conv2D`` (3x3, padding 1), ReLU, a 2x2 max pooling (``R.nn.max_pool2d``: the
  frontend has no pooling module, so the Relax op is wrapped with ``nn.op.wrap_nested``),
  flatten and ``Linear``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = "benchmarks/models/tvm/build.py"


# ----------------------------------------------------------------------------- the modules


def _modules():
    """The ``nn.Module`` classes (defined on first use: importing this file needs no TVM)."""
    from tvm import relax
    from tvm.relax.frontend import nn

    class MLP(nn.Module):
        def __init__(self, features: int, hidden: int, out: int):
            self.fc1 = nn.Linear(features, hidden)
            self.fc2 = nn.Linear(hidden, out)

        def forward(self, x):
            return self.fc2(nn.op.relu(self.fc1(x)))

    class TransformerBlock(nn.Module):
        def __init__(self, hidden: int, heads: int, ffn: int):
            assert hidden % heads == 0
            self.heads, self.head_dim = heads, hidden // heads
            self.ln1 = nn.LayerNorm(hidden)
            self.q_proj = nn.Linear(hidden, hidden)
            self.k_proj = nn.Linear(hidden, hidden)
            self.v_proj = nn.Linear(hidden, hidden)
            self.o_proj = nn.Linear(hidden, hidden)
            self.ln2 = nn.LayerNorm(hidden)
            self.fc1 = nn.Linear(hidden, ffn)
            self.fc2 = nn.Linear(ffn, hidden)

        def forward(self, x):
            b, s, d = x.shape
            h = self.ln1(x)
            q = nn.op.reshape(self.q_proj(h), (b, s, self.heads, self.head_dim))
            k = nn.op.reshape(self.k_proj(h), (b, s, self.heads, self.head_dim))
            v = nn.op.reshape(self.v_proj(h), (b, s, self.heads, self.head_dim))
            attn = nn.op.scaled_dot_product_attention(q, k, v)
            x = x + self.o_proj(nn.op.reshape(attn, (b, s, d)))
            return x + self.fc2(nn.op.gelu(self.fc1(self.ln2(x))))

    class CNN(nn.Module):
        def __init__(self, channels: int, out_channels: int, image: int, classes: int):
            self.conv = nn.Conv2D(channels, out_channels, 3, padding=1)
            self.flat = out_channels * (image // 2) * (image // 2)
            self.fc = nn.Linear(self.flat, classes)

        def forward(self, x):
            y = nn.op.relu(self.conv(x))
            y = nn.op.wrap_nested(relax.op.nn.max_pool2d(y._expr, pool_size=(2, 2), strides=(2, 2)), "max_pool2d")
            return self.fc(nn.op.reshape(y, (x.shape[0], self.flat)))

    return MLP, TransformerBlock, CNN


@dataclass(frozen=True)
class Model:
    name: str
    what: str  # one line for the file's header
    make: Callable[[], object]  # the nn.Module
    input_shape: tuple  # of forward's x; a str is a symbolic dim


def _mlp(features, hidden, out):
    return lambda: _modules()[0](features, hidden, out)


def _block(hidden, heads, ffn):
    return lambda: _modules()[1](hidden, heads, ffn)


def _cnn(channels, out_channels, image, classes):
    return lambda: _modules()[2](channels, out_channels, image, classes)


MODELS = [
    Model("mlp_static", "MLP 2x8 -> 16 -> 4 (Linear, ReLU, Linear)", _mlp(8, 16, 4), (2, 8)),
    Model("mlp_dyn", "MLP nx8 -> 16 -> 4, symbolic batch n", _mlp(8, 16, 4), ("n", 8)),
    Model("mlp_wide", "MLP 2x64 -> 256 -> 64", _mlp(64, 256, 64), (2, 64)),
    Model("transformer_static", "pre-norm transformer block, 1x4x8, 2 heads, GELU MLP 8 -> 16 -> 8",
          _block(8, 2, 16), (1, 4, 8)),
    Model("transformer_dyn", "pre-norm transformer block, 1 x seq x 8, symbolic seq, 2 heads, GELU MLP 8 -> 16 -> 8",
          _block(8, 2, 16), (1, "seq", 8)),
    Model("transformer_wide", "pre-norm transformer block, 1x4x64, 2 heads, GELU MLP 64 -> 256 -> 64",
          _block(64, 2, 256), (1, 4, 64)),
    Model("cnn_static", "CNN 1x3x8x8: conv 3x3 3 -> 4, ReLU, max pool 2x2, Linear 64 -> 10",
          _cnn(3, 4, 8, 10), (1, 3, 8, 8)),
    Model("cnn_dyn", "CNN nx3x8x8, symbolic batch n: conv 3x3 3 -> 4, ReLU, max pool 2x2, Linear 64 -> 10",
          _cnn(3, 4, 8, 10), ("n", 3, 8, 8)),
    Model("cnn_wide", "CNN 1x3x8x8: conv 3x3 3 -> 64, ReLU, max pool 2x2, Linear 1024 -> 10",
          _cnn(3, 64, 8, 10), (1, 3, 8, 8)),
]
BY_NAME = {m.name: m for m in MODELS}


def export(model: Model):
    """The ``IRModule`` of ``model``: ``forward(x, weights...)``."""
    from tvm.relax.frontend import nn

    mod, _params = model.make().export_tvm(spec={"forward": {"x": nn.spec.Tensor(model.input_shape, "float32")}})
    return mod


def render(model: Model) -> str:
    """The text of ``benchmarks/models/tvm/NAME.py``: a header comment, then ``mod.script()``."""
    header = [f"# Generated by {SCRIPT} (python {SCRIPT} {model.name}); do not edit.",
              f"# {model.name}: {model.what}.",
              "# tvm.relax.frontend.nn, exported with export_tvm: the weights are parameters of forward.",
              ""]
    return "\n".join(header) + export(model).script().rstrip("\n") + "\n"


def path_of(model: Model) -> str:
    return os.path.join(HERE, f"{model.name}.py")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", metavar="NAME", help=f"models to write (default: all: {', '.join(BY_NAME)})")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 when a committed file differs")
    args = ap.parse_args(argv)
    unknown = [n for n in args.names if n not in BY_NAME]
    if unknown:
        ap.error(f"unknown model {', '.join(unknown)} (expected {', '.join(BY_NAME)})")
    stale = []
    for model in [BY_NAME[n] for n in args.names] or MODELS:
        text, path = render(model), path_of(model)
        if args.check:
            try:
                with open(path, encoding="utf-8") as f:
                    same = f.read() == text
            except FileNotFoundError:
                same = False
            if not same:
                stale.append(os.path.relpath(path))
            continue
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {os.path.relpath(path)}")
    if stale:
        print("differs from what the script produces: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
