"""The Relax frontend: TVMScript text → irverify IR (op names, attributes, types, locations,
rejected constructs)."""

from __future__ import annotations

import numpy as np
import pytest
from tests.paths import SEEDS  # noqa: E402

pytest.importorskip("tvm")

from irverify.errors import InputError, Unsupported  # noqa: E402
from irverify.frontends.relax.parse import parse  # noqa: E402
from irverify.ir.core import DenseAttr, FloatType, IntType, TensorType  # noqa: E402

SEED = str(SEEDS / "tvm-take-out-of-bounds/before.py")


def _module(body: str, params: str = 'x: R.Tensor((2, 3), "float32")', header: str = "") -> str:
    return (f"{header}@I.ir_module\nclass Module:\n    @R.function\n    def main({params}):\n"
            + "".join(f"        {line}\n" for line in body.strip().splitlines()))


def _ops(mod, fn="main"):
    return [op for op in mod.functions[fn].body.ops]


def test_seed_ops_attributes_and_locations():
    with open(SEED, encoding="utf-8") as f:
        mod = parse(f.read(), SEED)
    fn = mod.functions["main"]
    assert mod.frontend == "relax" and mod.native is not None
    assert [a.type for a in fn.args] == [TensorType((16, 16), FloatType("f32"))]
    names = [op.name for op in fn.body.ops]
    assert names == ["relax.add", "relax.reshape", "relax.strided_slice", "relax.reshape", "relax.astype",
                     "relax.reshape", "relax.strided_slice", "relax.take", "relax.matmul", "relax.return"]
    take = fn.body.ops[7]
    assert take.attrs == {"axis": 1, "mode": "fast"}
    assert (take.loc.file, take.loc.line) == (SEED, 18)
    assert fn.body.ops[1].attrs == {"shape": [256]}
    assert fn.body.ops[2].attrs == {"axes": [0], "begin": [0], "end": [16], "assume_inbound": False}
    assert fn.body.ops[4].attrs == {"dtype": "int64"}
    assert fn.body.ops[8].attrs == {"out_dtype": None}
    assert fn.result_types == [TensorType((1, 32), FloatType("f32"))]


def test_import_lines_are_blanked_keeping_line_numbers(tmp_path):
    text = ("from tvm.script import ir as I\nfrom tvm.script import relax as R\nimport numpy\n"
            + _module("y = R.add(x, x)\nreturn y"))
    mod = parse(text, "m.py")
    add = _ops(mod)[0]
    assert add.name == "relax.add" and add.loc.line == 8


def test_parse_error_is_one_line_with_location():
    text = "import tvm\n" + _module("y = R.add(x, zz)\nreturn y")
    with pytest.raises(InputError) as e:
        parse(text, "bad.py")
    msg = str(e.value)
    assert "\n" not in msg
    assert msg.startswith("bad.py:6:9: ")
    assert "zz" in msg


def test_python_syntax_error():
    with pytest.raises(InputError, match=r"^s.py:1:"):
        parse("def (:\n", "s.py")


def test_symbolic_dims_are_names_shared_by_params():
    mod = parse(_module("return R.add(x, y)", 'x: R.Tensor(("n", 4), "float32"), y: R.Tensor(("n", 4), "float32")'),
                "s.py")
    fn = mod.functions["main"]
    assert [a.type.shape for a in fn.args] == [("n", 4), ("n", 4)]


def test_const_tuple_and_tuple_get_item():
    body = """
c = R.const([[1, 2, 3], [4, 5, 6]], "int32")
t = (x, c)
y = t[1]
return (y, x)
"""
    mod = parse(_module(body), "c.py")
    ops = _ops(mod)
    const = ops[0]
    assert const.name == "relax.const" and isinstance(const.attrs["value"], DenseAttr)
    assert const.results[0].type == TensorType((2, 3), IntType(32))
    np.testing.assert_array_equal(const.attrs["value"].values, [[1, 2, 3], [4, 5, 6]])
    assert [op.name for op in ops[1:3]] == ["relax.tuple", "relax.tuple_get_item"]
    assert ops[2].attrs == {"index": 1}
    # a returned tuple is flattened into two results
    assert len(mod.functions["main"].result_types) == 2


def test_shape_args_become_attributes_with_symbolic_dims():
    body = "y = R.reshape(x, R.shape([n * 4]))\nreturn y"
    mod = parse(_module(body, 'x: R.Tensor(("n", 4), "float32")'), "r.py")
    assert _ops(mod)[0].attrs == {"shape": [("mul", "n", 4)]}


def test_call_to_module_function():
    text = """@I.ir_module
class Module:
    @R.function
    def helper(a: R.Tensor((2,), "float32")):
        return R.negative(a)
    @R.function
    def main(x: R.Tensor((2,), "float32")):
        y = Module.helper(x)
        return y
"""
    mod = parse(text, "c.py")
    call = _ops(mod)[0]
    assert call.name == "relax.call" and call.attrs == {"callee": "helper"}
    assert set(mod.functions) == {"helper", "main"}


def test_match_cast_op():
    body = 'm = T.int64()\ny = R.match_cast(x, R.Tensor((m, 3), "float32"))\nreturn y'
    mod = parse(_module(body, 'x: R.Tensor(("n", 3), "float32")'), "m.py")
    mc = _ops(mod)[0]
    assert mc.name == "relax.match_cast"
    assert mc.attrs["dtype"] == "float32" and mc.attrs["shape"][1] == 3
    assert mc.attrs["defines"] == [mc.attrs["shape"][0]]


@pytest.mark.parametrize("body, params, what", [
    ("y = R.call_tir(Module.f, (x,), R.Tensor((2, 3), \"float32\"))\nreturn y", None, "call_tir"),
    ("return x", 'x: R.Tensor((2, 3), "float32"), s: R.Shape()', "R.Shape"),
    ("y = R.call_pure_packed(\"my_func\", x, ty_args=R.Tensor((2, 3), \"float32\"))\nreturn y", None, None),
])
def test_unmodelled_constructs_are_unsupported(body, params, what):
    from irverify.verify.check import Options, check_modules
    from irverify.verify.verdict import Verdict

    params = params or 'x: R.Tensor((2, 3), "float32")'
    text = _module(body, params)
    if what == "call_tir":
        text = text.replace("class Module:\n", "class Module:\n    @T.prim_func\n    def f(a: T.handle, b: T.handle):\n"
                                                "        pass\n")
    try:
        mod = parse(text, "u.py")
    except Unsupported as e:
        assert "u.py:" in str(e)
        if what:
            assert what.lower() in str(e).lower()
        return
    report = check_modules(mod, mod, Options(confirm=False))
    assert report.verdict == Verdict.UNSUPPORTED
    assert "u.py:" in report.functions[0].message


def test_float_constant_is_kept_as_its_bits():
    """A float constant is its bit pattern (a signalling NaN would not survive a Python float)."""
    body = """
c = R.const([1.5, -0.0], "float32")
d = R.const(2.5, "float16")
return (c, d)
"""
    ops = _ops(parse(_module(body), "c.py"))
    assert [int(b) for b in ops[0].attrs["value"].values] == [0x3FC00000, 0x80000000]
    assert int(ops[1].attrs["value"].values) == 0x4100


def test_private_functions_are_not_public():
    text = """@I.ir_module
class Module:
    @R.function(private=True)
    def helper(x: R.Tensor((2,), "float32")):
        return x

    @R.function
    def main(x: R.Tensor((2,), "float32")):
        y = Module.helper(x)
        return y
"""
    mod = parse(text, "p.py")
    assert mod.functions["main"].public and not mod.functions["helper"].public
