"""A public signature the rewrite changed, in its result types or in its argument types, is a
finding of one kind (``incorrect``, kind ``signature-changed``, exit 1)."""

from __future__ import annotations

import json

from irverify.cli import main
from irverify.records import read_records


def _fn(name: str, arg: str, res: str, body: str) -> str:
    return (f"func.func @{name}(%x: {arg}) -> {res} {{\n{body}"
            f"  return %r : {res}\n}}\n")


def _run(capsys, tmp_path, a: str, b: str) -> tuple[int, dict]:
    pa, pb = tmp_path / "a.mlir", tmp_path / "b.mlir"
    pa.write_text(a)
    pb.write_text(b)
    code = main(["check", "--json", "--no-confirm", str(pa), str(pb)])
    return code, read_records(capsys.readouterr().out)[0][0]


def test_mlir_result_dtype_changed_is_incorrect(capsys, tmp_path):
    a = _fn("f", "f32", "f32", "  %r = arith.addf %x, %x : f32\n")
    b = _fn("f", "f32", "f16", "  %r = arith.truncf %x : f32 to f16\n")
    code, out = _run(capsys, tmp_path, a, b)
    assert code == 1 and out["verdict"] == "incorrect"
    fn = out["functions"][0]
    assert fn["verdict"] == "incorrect"
    assert "result #0: f32 in the source, f16 in the target" in json.dumps(fn)


def test_mlir_result_shape_changed_is_incorrect(capsys, tmp_path):
    a = _fn("f", "tensor<4xf32>", "tensor<4xf32>", "  %r = arith.addf %x, %x : tensor<4xf32>\n")
    b = _fn("f", "tensor<4xf32>", "tensor<2xf32>",
            "  %r = tensor.extract_slice %x[0] [2] [1] : tensor<4xf32> to tensor<2xf32>\n")
    code, out = _run(capsys, tmp_path, a, b)
    assert code == 1
    assert "result #0: tensor<4xf32> in the source, tensor<2xf32> in the target" in json.dumps(out)


def test_mlir_argument_type_changed_is_a_signature_change(capsys, tmp_path):
    a = _fn("f", "f32", "f32", "  %r = arith.addf %x, %x : f32\n")
    b = _fn("f", "f64", "f32", "  %r = arith.truncf %x : f64 to f32\n")
    code, out = _run(capsys, tmp_path, a, b)
    assert code == 1 and out["verdict"] == "incorrect"
    fn = out["functions"][0]
    assert fn["kind"] == "signature-changed"
    assert fn["message"] == "argument #0 (%x): f32 in the source, f64 in the target"


def test_result_change_has_the_same_kind(capsys, tmp_path):
    a = _fn("f", "f32", "f32", "  %r = arith.addf %x, %x : f32\n")
    b = _fn("f", "f32", "f16", "  %r = arith.truncf %x : f32 to f16\n")
    _, out = _run(capsys, tmp_path, a, b)
    assert out["functions"][0]["kind"] == "signature-changed"
