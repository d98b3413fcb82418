"""Adversarial pairs: source and target differ in exactly ONE attribute (or one constant) that
changes the meaning, so every pair must be refuted.

Each row is a template with a ``{A}`` hole filled with two different values. Integer rows must
be ``incorrect``; float rows must be ``incorrect`` or ``unknown`` but never ``correct`` (the
abstract float model may not be able to tell the two apart). A few integer rows also run the
counterexample on the real compiler and require ``confirmed is True``.
"""

from __future__ import annotations

import pytest

from irverify import cli
from irverify.records import read_records

INCORRECT = {"incorrect"}
FLOAT = {"incorrect", "unknown"}

# ----------------------------------------------------------------------------- MLIR rows
# (id, template of one function named @{F}, value in src, value in tgt, accepted verdicts)

MLIR_ROWS = [
    ("extract_slice-strides", """
func.func @{F}(%t: tensor<16xi32>) -> tensor<4xi32> {{
  %r = tensor.extract_slice %t[0] [4] [{A}] : tensor<16xi32> to tensor<4xi32>
  return %r : tensor<4xi32>
}}""", "1", "2", INCORRECT),
    ("dispatch.tensor.store-strides", """
#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @{F}(%v: tensor<4xi32>) {{
  %c0 = arith.constant 0 : index
  %b = hal.interface.binding.subspan layout(#pl) binding(0) alignment(64) offset(%c0)
      : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xi32>>
  iree_tensor_ext.dispatch.tensor.store %v, %b, offsets = [0], sizes = [4], strides = [{A}]
      : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xi32>>
  return
}}""", "1", "3", INCORRECT),
    ("collapse_shape-reassociation", """
func.func @{F}(%t: tensor<?x?x?xi32>) -> tensor<?x?xi32> {{
  %r = tensor.collapse_shape %t {A} : tensor<?x?x?xi32> into tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}}""", "[[0, 1], [2]]", "[[0], [1, 2]]", INCORRECT),
    ("linalg.generic-iterator_types", """
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @{F}(%x: tensor<3x4xi32>, %init: tensor<3xi32>) -> tensor<3xi32> {{
  %r = linalg.generic {{indexing_maps = [#id, #row], iterator_types = ["parallel", "{A}"]}}
      ins(%x : tensor<3x4xi32>) outs(%init : tensor<3xi32>) {{
  ^bb0(%a: i32, %acc: i32):
    %s = arith.addi %a, %acc : i32
    linalg.yield %s : i32
  }} -> tensor<3xi32>
  return %r : tensor<3xi32>
}}""", "reduction", "parallel", {"incorrect", "unsupported"}),
    ("tensor.pad-padding-value", """
func.func @{F}(%t: tensor<2xi32>) -> tensor<4xi32> {{
  %c = arith.constant {A} : i32
  %r = tensor.pad %t low[1] high[1] {{
  ^bb0(%i: index):
    tensor.yield %c : i32
  }} : tensor<2xi32> to tensor<4xi32>
  return %r : tensor<4xi32>
}}""", "0", "1", INCORRECT),
    ("linalg.transpose-permutation", """
func.func @{F}(%x: tensor<3x3xi32>, %init: tensor<3x3xi32>) -> tensor<3x3xi32> {{
  %r = linalg.transpose ins(%x : tensor<3x3xi32>) outs(%init : tensor<3x3xi32>) permutation = {A}
  return %r : tensor<3x3xi32>
}}""", "[0, 1]", "[1, 0]", INCORRECT),
    ("linalg.broadcast-dimensions", """
func.func @{F}(%x: tensor<3xi32>, %init: tensor<3x3xi32>) -> tensor<3x3xi32> {{
  %r = linalg.broadcast ins(%x : tensor<3xi32>) outs(%init : tensor<3x3xi32>) dimensions = {A}
  return %r : tensor<3x3xi32>
}}""", "[0]", "[1]", INCORRECT),
    ("arith.cmpi-predicate", """
func.func @{F}(%a: i8, %b: i8) -> i1 {{
  %r = arith.cmpi {A}, %a, %b : i8
  return %r : i1
}}""", "slt", "ult", INCORRECT),
    ("arith.cmpf-predicate", """
func.func @{F}(%a: f32, %b: f32) -> i1 {{
  %r = arith.cmpf {A}, %a, %b : f32
  return %r : i1
}}""", "olt", "ult", FLOAT),
    ("arith.extsi-vs-extui", """
func.func @{F}(%a: i8) -> i32 {{
  %r = arith.{A} %a : i8 to i32
  return %r : i32
}}""", "extsi", "extui", INCORRECT),
    ("linalg.matmul-cast", """
func.func @{F}(%a: tensor<2x2xi8>, %b: tensor<2x2xi8>, %c: tensor<2x2xi32>) -> tensor<2x2xi32> {{
  %r = linalg.matmul {{cast = #linalg.type_fn<{A}>}} ins(%a, %b : tensor<2x2xi8>, tensor<2x2xi8>)
      outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}}""", "cast_signed", "cast_unsigned", INCORRECT),
    ("affine.apply-map-constant", """
func.func @{F}(%i: index) -> index {{
  %r = affine.apply affine_map<(d0) -> (d0 * 2 + {A})>(%i)
  return %r : index
}}""", "1", "2", INCORRECT),
]

# Integer rows whose counterexample is also run on IREE (``confirmed`` must be True).
CONFIRMED_MLIR = {"arith.extsi-vs-extui", "linalg.transpose-permutation"}


def mlir_pair(template: str, a: str, b: str) -> str:
    src = template.format(F="src", A=a)
    tgt = template.format(F="tgt", A=b)
    if src.lstrip().startswith("#"):  # attribute aliases are declared once
        head = "\n".join(ln for ln in src.strip().splitlines() if ln.startswith("#"))
        tgt = "\n".join(ln for ln in tgt.strip().splitlines() if not ln.startswith("#"))
        src = "\n".join(ln for ln in src.strip().splitlines() if not ln.startswith("#"))
        return f"{head}\n{src}\n{tgt}\n"
    return f"{src}\n{tgt}\n"


def run_check(capsys, paths: list[str], confirm: bool = False, timeout: float = 10.0) -> dict:
    capsys.readouterr()
    argv = ["check", *paths, "--json", "--timeout", str(timeout)] + ([] if confirm else ["--no-confirm"])
    rc = cli.main(argv)
    out = capsys.readouterr().out
    cases, summary = read_records(out)
    assert len(cases) == 1 and summary["verdict"] == cases[0]["verdict"], out
    report = cases[0]
    assert rc == {"correct": 0, "incorrect": 1, "error": 2, "unsupported": 3, "unknown": 4}[report["verdict"]]
    return report


@pytest.mark.parametrize("name,template,a,b,accepted", MLIR_ROWS, ids=[r[0] for r in MLIR_ROWS])
def test_mlir_one_attribute_changed(capsys, tmp_path, name, template, a, b, accepted):
    path = tmp_path / f"{name}.srctgt.mlir"
    path.write_text(mlir_pair(template, a, b), encoding="utf-8")
    # The identity (src vs src) must be correct: the row is not refuted for an unrelated reason.
    same = tmp_path / "same.srctgt.mlir"
    same.write_text(mlir_pair(template, a, a), encoding="utf-8")
    assert run_check(capsys, [str(same)])["verdict"] == "correct", name
    report = run_check(capsys, [str(path)], confirm=name in CONFIRMED_MLIR)
    assert report["verdict"] in accepted, (name, report)
    assert report["verdict"] != "correct"
    if report["verdict"] == "incorrect":
        fn = report["functions"][0]
        assert fn["counterexample"] is not None
        if name in CONFIRMED_MLIR:
            assert fn["confirmed"] is True, fn


def test_generic_iterator_type_is_not_silently_ignored(capsys, tmp_path):
    """The parallel-vs-reduction row must be decided (or rejected with a reason), never proved."""
    name, template, a, b, _ = next(r for r in MLIR_ROWS if r[0] == "linalg.generic-iterator_types")
    path = tmp_path / "it.srctgt.mlir"
    path.write_text(mlir_pair(template, a, b), encoding="utf-8")
    report = run_check(capsys, [str(path)])
    if report["verdict"] != "incorrect":
        assert report.get("message") or any(f.get("message") for f in report["functions"]), report


# ----------------------------------------------------------------------------- Relax rows

RELAX_HEADER = "from tvm.script import ir as I, relax as R\n\n@I.ir_module\nclass Module:\n    @R.function\n"

RELAX_ROWS = [
    ("take-mode-clip-vs-fast", """
    def main(x: R.Tensor((4, 3), "int32"), i: R.Tensor((5,), "int64")) -> R.Tensor((5, 3), "int32"):
        r = R.take(x, i, axis=0, mode="{A}")
        return r
""", "clip", "fast", INCORRECT),
    ("take-mode-clip-vs-wrap", """
    def main(x: R.Tensor((4, 3), "int32"), i: R.Tensor((5,), "int64")) -> R.Tensor((5, 3), "int32"):
        r = R.take(x, i, axis=0, mode="{A}")
        return r
""", "clip", "wrap", INCORRECT),
    ("take-axis", """
    def main(x: R.Tensor((3, 3), "int32"), i: R.Tensor((3,), "int64")) -> R.Tensor((3, 3), "int32"):
        r = R.take(x, i, axis={A}, mode="clip")
        return r
""", "0", "1", INCORRECT),
    ("matmul-out_dtype", """
    def main(x: R.Tensor((2, 2), "int32"), y: R.Tensor((2, 2), "int32")) -> R.Tensor((2, 2), "int32"):
        m = R.matmul(x, y, out_dtype="{A}")
        r = R.astype(m, "int32")
        return r
""", "int32", "int8", INCORRECT),
    ("concat-axis", """
    def main(x: R.Tensor((2, 2), "int32"), y: R.Tensor((2, 2), "int32")) -> R.Tensor((8,), "int32"):
        c = R.concat((x, y), axis={A})
        r = R.reshape(c, R.shape([8]))
        return r
""", "0", "1", INCORRECT),
    ("sum-axis", """
    def main(x: R.Tensor((3, 3), "int32")) -> R.Tensor((3,), "int32"):
        r = R.sum(x, axis=[{A}])
        return r
""", "0", "1", INCORRECT),
    ("softmax-axis", """
    def main(x: R.Tensor((3, 3), "float32")) -> R.Tensor((3, 3), "float32"):
        r = R.nn.softmax(x, axis={A})
        return r
""", "0", "1", FLOAT),
    ("attention-causal-TopLeft-vs-None", """
    def main(q: R.Tensor((1, 2, 1, 2), "float32"), k: R.Tensor((1, 3, 1, 2), "float32"),
             v: R.Tensor((1, 3, 1, 2), "float32")) -> R.Tensor((1, 2, 1, 2), "float32"):
        r = R.nn.attention(q, k, v, causal_mask={A})
        return r
""", '"TopLeft"', "None", FLOAT),
    ("attention-causal-TopLeft-vs-BottomRight", """
    def main(q: R.Tensor((1, 2, 1, 2), "float32"), k: R.Tensor((1, 3, 1, 2), "float32"),
             v: R.Tensor((1, 3, 1, 2), "float32")) -> R.Tensor((1, 2, 1, 2), "float32"):
        r = R.nn.attention(q, k, v, causal_mask={A})
        return r
""", '"TopLeft"', '"BottomRight"', FLOAT),
    ("strided_slice-strides", """
    def main(x: R.Tensor((8,), "int32")) -> R.Tensor((2,), "int32"):
        r = R.strided_slice(x, axes=[0], begin=[0], end=[4], strides=[{A}])
        return r
""", "2", "3", INCORRECT),
]

CONFIRMED_RELAX = {"take-mode-clip-vs-wrap"}


def relax_text(body: str, value: str) -> str:
    return RELAX_HEADER + body.format(A=value).lstrip("\n")


@pytest.mark.tvm
@pytest.mark.parametrize("name,body,a,b,accepted", RELAX_ROWS, ids=[r[0] for r in RELAX_ROWS])
def test_relax_one_attribute_changed(capsys, tmp_path, name, body, a, b, accepted):
    pytest.importorskip("tvm")
    before, after = tmp_path / "before.py", tmp_path / "after.py"
    before.write_text(relax_text(body, a), encoding="utf-8")
    after.write_text(relax_text(body, b), encoding="utf-8")
    assert run_check(capsys, [str(before), str(before)])["verdict"] == "correct", name
    report = run_check(capsys, [str(before), str(after)], confirm=name in CONFIRMED_RELAX)
    assert report["verdict"] in accepted, (name, report)
    if report["verdict"] == "incorrect":
        fn = report["functions"][0]
        assert fn["counterexample"] is not None
        if name in CONFIRMED_RELAX:
            assert fn["confirmed"] is True, fn
