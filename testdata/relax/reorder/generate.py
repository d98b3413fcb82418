"""Write the ReorderTakeAfterMatmul inputs of this directory (one module per file).

Both rewrite paths of ``relax.transform.ReorderTakeAfterMatmul`` (apache-tvm 0.27), each with
static and symbolic dims and every ``take`` mode:

* ``simple_*``: ``matmul(lhs [*B, F], take(weights [F, T], indices [O], axis=1))``;
* ``lora_*``: ``matmul(lhs [B1, B2, F], take(weights [T, F, O], indices [B1], axis=0))``.

``take_out_of_bounds.py`` is ``testdata/seeds/Inputs/tvm-take-out-of-bounds/before.py`` (apache/tvm#17270),
copied with its provenance header. Check each with

    irverify validate-pass --tvm-pass 'relax.transform.ReorderTakeAfterMatmul()' FILE
"""

from __future__ import annotations

from pathlib import Path

import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = str(Path(__file__).resolve().parents[2] / "seeds" / "Inputs" / "tvm-take-out-of-bounds" / "before.py")
MODES = ("fast", "clip", "wrap", "nan")
HEADER = "from tvm.script import ir as I\nfrom tvm.script import relax as R\n"

SIMPLE = {
    "static": ('(2, 3, 16)', '(16, 10)', '(7,)', '(2, 3, 7)'),
    "symbolic": ('("b", "f")', '("f", "t")', '("o",)', '("b", "o")'),
    "mixed": ('("b", 16)', '(16, "t")', '("o",)', '("b", "o")'),  # static reduction extent
}
LORA = {
    "static": ('(2, 3, 4)', '(5, 4, 6)', '(2,)', '(2, 3, 6)'),
    "symbolic": ('("b1", "b2", "f")', '("t", "f", "o")', '("b1",)', '("b1", "b2", "o")'),
    "mixed": ('("b1", "b2", 4)', '("t", 4, 6)', '("b1",)', '("b1", "b2", 6)'),  # static reduction extent
}


def module(doc: str, lhs: str, w: str, idx: str, out: str, axis: int, mode: str) -> str:
    return f'''# {doc}
{HEADER}

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor({lhs}, "float32"), weights: R.Tensor({w}, "float32"),
             indices: R.Tensor({idx}, "int64")) -> R.Tensor({out}, "float32"):
        with R.dataflow():
            picked = R.take(weights, indices, axis={axis}, mode="{mode}")
            out = R.matmul(x, picked)
            R.output(out)
        return out
'''


def main() -> None:
    for kind, (lhs, w, idx, out) in SIMPLE.items():
        for mode in MODES:
            doc = f"ReorderTakeAfterMatmul simple path, {kind} dims, take mode {mode}"
            with open(os.path.join(HERE, f"simple_{kind}_{mode}.py"), "w") as f:
                f.write(module(doc, lhs, w, idx, out, 1, mode))
    for kind, (lhs, w, idx, out) in LORA.items():
        for mode in MODES:
            doc = f"ReorderTakeAfterMatmul batched (LoRA) path, {kind} dims, take mode {mode}"
            with open(os.path.join(HERE, f"lora_{kind}_{mode}.py"), "w") as f:
                f.write(module(doc, lhs, w, idx, out, 0, mode))
    with open(SEED) as f:
        seed = f.read()
    with open(os.path.join(HERE, "take_out_of_bounds.py"), "w") as f:
        f.write("# Copied from testdata/seeds/Inputs/tvm-take-out-of-bounds/before.py (apache/tvm#17270).\n" + seed)


if __name__ == "__main__":
    main()
