"""Regenerate the LiftTransformParams before/after pairs of this directory.

Each ``<case>.before.py`` is written here by hand (the module text in ``CASES``); its
``<case>.after.py`` is the output of the real pass, ``relax.transform.LiftTransformParams(...)``
on apache-tvm 0.27.0.post1, printed with ``IRModule.script()`` (the printed text is re-parsed and
checked structurally equal to the pass output). ``<case>-bad-<what>.after.py`` are deliberately
broken copies of a real after (one textual edit each, listed in ``BROKEN``); they pair with
``<case>.before.py``.

    python testdata/relax/contracts/generate.py
"""

from __future__ import annotations

import os

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = "from tvm.script import ir as I\nfrom tvm.script import relax as R\n\n"

CASES = {
    # The apache/tvm#17207 shape: one transposed weight.
    "lift_basic": ("LiftTransformParams()", '''
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((1, 16), "float32"), w: R.Tensor((32, 16), "float32")) -> R.Tensor((1, 32), "float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            wt = R.permute_dims(w, [1, 0])
            y = R.matmul(x, wt)
            R.output(y)
        return y
'''),
    # A second weight reshaped before use; two results.
    "lift_reshape": ("LiftTransformParams()", '''
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((1, 16), "float32"), w: R.Tensor((32, 16), "float32"),
             b: R.Tensor((4, 8), "float32")) -> R.Tuple(R.Tensor((1, 32), "float32"), R.Tensor((1, 32), "float32")):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            wt = R.permute_dims(w, [1, 0])
            y = R.matmul(x, wt)
            br = R.reshape(b, R.shape([32]))
            z = R.add(y, br)
            R.output(y, z)
        return (y, z)
'''),
    # Two square weights: broken variants of this one still type-check.
    "lift_square": ("LiftTransformParams()", '''
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2, 16), "float32"), w1: R.Tensor((16, 16), "float32"),
             w2: R.Tensor((16, 16), "float32")) -> R.Tensor((2, 16), "float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            w1t = R.permute_dims(w1, [1, 0])
            w2t = R.permute_dims(w2, [1, 0])
            a = R.matmul(x, w1t)
            c = R.matmul(x, R.multiply(w2t, R.const(2.0, "float32")))
            y = R.add(a, c)
            R.output(y)
        return y
'''),
    # R.builtin.stop_lift_params: lifting stops at the marker (the identity).
    "lift_stop": ("LiftTransformParams()", '''
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((1, 16), "float32"), w: R.Tensor((32, 16), "float32")) -> R.Tensor((1, 32), "float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            wt = R.permute_dims(w, [1, 0])
            wt2 = R.builtin.stop_lift_params(wt)
            wt3 = R.multiply(wt2, R.const(2.0, "float32"))
            y = R.matmul(x, wt3)
            R.output(y)
        return y
'''),
    # Symbolic dims in the input and in the weight.
    "lift_symbolic": ("LiftTransformParams()", '''
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n", 16), "float32"), w: R.Tensor(("m", 16), "float32")) -> R.Tensor(("n", "m"), "float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            wt = R.permute_dims(w, [1, 0])
            y = R.matmul(x, wt)
            R.output(y)
        return y
'''),
    # One shared transform for two functions with the same weights.
    "lift_shared": ("LiftTransformParams(shared_transform=True)", '''
@I.ir_module
class Module:
    @R.function
    def func1(x: R.Tensor((1, 16), "float32"), w: R.Tensor((32, 16), "float32")) -> R.Tensor((1, 32), "float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            wt = R.permute_dims(w, [1, 0])
            y = R.matmul(x, wt)
            R.output(y)
        return y

    @R.function
    def func2(x: R.Tensor((2, 16), "float32"), w: R.Tensor((32, 16), "float32")) -> R.Tensor((2, 32), "float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            wt = R.permute_dims(w, [1, 0])
            y = R.matmul(x, wt)
            z = R.add(y, y)
            R.output(z)
        return z
'''),
    # A shared transform covering func1 only: func2 keeps its signature.
    "lift_shared_list": ("LiftTransformParams(shared_transform=['func1'])", '''
@I.ir_module
class Module:
    @R.function
    def func1(x: R.Tensor((1, 16), "float32"), w: R.Tensor((32, 16), "float32")) -> R.Tensor((1, 32), "float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            wt = R.permute_dims(w, [1, 0])
            y = R.matmul(x, wt)
            R.output(y)
        return y

    @R.function
    def func2(x: R.Tensor((1, 16), "float32"), w: R.Tensor((32, 16), "float32")) -> R.Tensor((1, 32), "float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            wt = R.permute_dims(w, [1, 0])
            y = R.matmul(x, wt)
            R.output(y)
        return y
'''),
    # A transform already present (T0): the pass composes it with what it lifts now.
    "lift_compose": ("LiftTransformParams()", '''
@I.ir_module
class Module:
    @R.function
    def main_transform_params(params: R.Tuple(R.Tensor((32, 16), "float32"))) -> R.Tuple(R.Tensor((16, 32), "float32")):
        R.func_attr({"num_input": 0})
        with R.dataflow():
            w = params[0]
            wt = R.permute_dims(w, [1, 0])
            out = (wt,)
            R.output(out)
        return out

    @R.function
    def main(x: R.Tensor((1, 16), "float32"), wt: R.Tensor((16, 32), "float32")) -> R.Tensor((1, 32), "float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            w2 = R.multiply(wt, R.const(2.0, "float32"))
            y = R.matmul(x, w2)
            R.output(y)
        return y
'''),
}

# (case, what, [(old text, new text), ...]): textual edits of the real after.
F32 = 'dtype="float32"'
BROKEN = [
    ("lift_square", "untransposed", [("R.permute_dims(w1, axes=[1, 0])", "w1")]),
    ("lift_square", "twice", [("R.permute_dims(w1, axes=[1, 0])",
                               "R.permute_dims(R.permute_dims(w1, axes=[1, 0]), axes=[1, 0])")]),
    ("lift_square", "wrong-weight", [("R.permute_dims(w1, axes=[1, 0])", "R.permute_dims(model_params[1], axes=[1, 0])")]),
    ("lift_reshape", "swapped", [(f"R.Tuple(R.Tensor((16, 32), {F32}), R.Tensor((32,), {F32})) = wt, br",
                                  f"R.Tuple(R.Tensor((32,), {F32}), R.Tensor((16, 32), {F32})) = br, wt"),
                                 (f"-> R.Tuple(R.Tensor((16, 32), {F32}), R.Tensor((32,), {F32})):",
                                  f"-> R.Tuple(R.Tensor((32,), {F32}), R.Tensor((16, 32), {F32})):")]),
    ("lift_basic", "untransposed", [(f"wt: R.Tensor((16, 32), {F32}) = R.permute_dims(w, axes=[1, 0])",
                                     f"wt: R.Tensor((32, 16), {F32}) = w"),
                                    (f"output_tuple: R.Tuple(R.Tensor((16, 32), {F32}))",
                                     f"output_tuple: R.Tuple(R.Tensor((32, 16), {F32}))"),
                                    (f"-> R.Tuple(R.Tensor((16, 32), {F32})):", f"-> R.Tuple(R.Tensor((32, 16), {F32})):")]),
]


def main() -> None:
    import tvm
    import tvm_ffi
    from tvm import relax

    outs = {}
    for case, (ctor, text) in CASES.items():
        mod = tvm.script.from_source(text)
        after = eval("relax.transform." + ctor, {"relax": relax})(mod)  # noqa: S307
        relax.analysis.well_formed(after)
        printed = after.script()
        assert tvm_ffi.structural_equal(tvm.script.from_source(printed), after, map_free_vars=False), case
        assert not tvm_ffi.structural_equal(mod, after, map_free_vars=False), f"{case}: pass changed nothing"
        with open(os.path.join(HERE, f"{case}.before.py"), "w") as f:
            f.write(f"# {case}: input of relax.transform.{ctor} (see generate.py)\n" + HEADER + text.lstrip("\n"))
        with open(os.path.join(HERE, f"{case}.after.py"), "w") as f:
            f.write(f"# relax.transform.{ctor} applied to {case}.before.py by apache-tvm {tvm.__version__}\n"
                    + printed + "\n")
        outs[case] = printed
    for case, what, edits in BROKEN:
        text, notes = outs[case], []
        for old, new in edits:
            assert text.count(old) == 1, (case, what, old)
            text = text.replace(old, new)
            notes.append(f"#   `{old}` -> `{new}`\n")
        tvm.script.from_source(text)  # still parses and type-checks
        with open(os.path.join(HERE, f"{case}-bad-{what}.after.py"), "w") as f:
            f.write(f"# BROKEN on purpose: {case}.after.py with\n" + "".join(notes) + text + "\n")


if __name__ == "__main__":
    main()
