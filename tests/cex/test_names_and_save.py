"""The user's value names in reports (``%lhs`` rather than ``%arg0``, in text and ``--json``)
and ``--save-inputs FILE.npz``: the saved inputs replay the counterexample."""

from __future__ import annotations

import json

import numpy as np

from irverify import cli
from irverify.cex.save import META, POISON_SUFFIX, load_inputs
from irverify.frontends.mlir.parse import parse_mlir
from irverify.records import read_records
from irverify.verify.evaluate import evaluate_function

SHIFT = """\
func.func @src(%lhs: i8, %n: i8) -> i8 {
  %r = arith.shrsi %lhs, %n : i8
  return %r : i8
}
func.func @tgt(%lhs: i8, %n: i8) -> i8 {
  %r = arith.shrui %lhs, %n : i8
  return %r : i8
}
"""

# Element 5 of the 100-element result differs: the differing element lies past the elided part.
TENSOR = """\
func.func @src(%vals: tensor<100xi32>, %k: index) -> tensor<100xi32> {
  return %vals : tensor<100xi32>
}
func.func @tgt(%vals: tensor<100xi32>, %k: index) -> tensor<100xi32> {
  %c = arith.constant 1 : i32
  %c70 = arith.constant 70 : index
  %x = tensor.extract %vals[%c70] : tensor<100xi32>
  %y = arith.addi %x, %c : i32
  %r = tensor.insert %y into %vals[%c70] : tensor<100xi32>
  return %r : tensor<100xi32>
}
"""

POISON_ARG = """\
func.func @src(%c: i1, %p: i1) -> i1 {
  %f = arith.constant false
  %r = arith.select %c, %p, %f : i1
  return %r : i1
}
func.func @tgt(%c: i1, %p: i1) -> i1 {
  %r = arith.andi %c, %p : i1
  return %r : i1
}
"""


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_mlir_arguments_keep_the_names_written():
    mod = parse_mlir(SHIFT.replace("@tgt(%lhs: i8, %n: i8)", "@tgt(%a.b: i8, %0: i8)")
                     .replace("shrui %lhs, %n", "shrui %a.b, %0"), "x.mlir")
    assert [a.name for a in mod.functions["src"].args] == ["%lhs", "%n"]
    assert [a.name for a in mod.functions["tgt"].args] == ["%a.b", "%0"]
    decl = parse_mlir("func.func private @d(i32) -> i32\n", "d.mlir")
    assert [a.name for a in decl.functions["d"].args] == ["%arg0"]


def test_op_results_keep_the_names_written():
    mod = parse_mlir("""\
func.func @f(%x: i32, %y: i32) -> (i32, i32, i1) {
  %sum = arith.addi %x, %y : i32
  %q:2 = arith.addui_extended %x, %y : i32, i1
  return %sum, %q#0, %q#1 : i32, i32, i1
}
""", "r.mlir")
    ops = mod.functions["f"].body.ops
    assert [r.name for r in ops[0].results] == ["%sum"]
    assert [r.name for r in ops[1].results] == ["%q#0", "%q#1"]


def test_report_and_json_use_the_names(tmp_path, capsys):
    path = _write(tmp_path, "shift.srctgt.mlir", SHIFT)
    assert cli.main(["check", path, "--no-confirm"]) == 1
    out = capsys.readouterr().out
    assert "%arg" not in out
    assert "  %lhs : i8 = " in out and "  %n : i8 = " in out
    assert cli.main(["check", path, "--no-confirm", "--json"]) == 1
    cex = read_records(capsys.readouterr().out)[0][0]["functions"][0]["counterexample"]
    assert set(cex["scalars"]) == {"%lhs", "%n"}
    assert cex["types"] == {"%lhs": "i8", "%n": "i8"} and cex["value_type"] == "i8"


def test_target_names_do_not_matter(tmp_path, capsys):
    before = _write(tmp_path, "before.mlir", SHIFT.split("func.func @tgt")[0])
    after = _write(tmp_path, "after.mlir",
                   "func.func @src(%p: i8, %q: i8) -> i8 {\n  %r = arith.shrui %p, %q : i8\n  return %r : i8\n}\n")
    assert cli.main(["check", before, after, "--no-confirm", "--json"]) == 1
    cex = read_records(capsys.readouterr().out)[0][0]["functions"][0]["counterexample"]
    assert set(cex["scalars"]) == {"%lhs", "%n"}


def test_saved_inputs_replay_the_counterexample(tmp_path, capsys):
    path = _write(tmp_path, "t.srctgt.mlir", TENSOR)
    npz = str(tmp_path / "cex.npz")
    assert cli.main(["check", path, "--no-confirm", "--json", "--save-inputs", npz]) == 1
    cex = read_records(capsys.readouterr().out)[0][0]["functions"][0]["counterexample"]
    saved = load_inputs(npz)
    assert set(saved) == {"%vals", "%k"}
    assert saved["%vals"].shape == (100,) and saved["%vals"].dtype == np.int32
    assert saved["%vals"].tolist() == cex["tensors"]["%vals"]
    meta = json.loads(str(np.load(npz)[META]))
    assert meta["functions"]["@src"]["arguments"] == ["%vals", "%k"]
    mod = parse_mlir(TENSOR, path)
    args = [saved[a.name] for a in mod.functions["src"].args]
    s = evaluate_function(mod, "src", args).outputs[0]
    t = evaluate_function(mod, "tgt", args).outputs[0]
    assert cex["index"] == [70] and s[70] != t[70]
    # the text report elides the 100 elements but shows element 70 of the input
    assert cli.main(["check", path, "--no-confirm"]) == 1
    out = capsys.readouterr().out
    [line] = [ln for ln in out.splitlines() if ln.startswith("  %vals : tensor<100xi32> = ")]
    assert f"[67]: {', '.join(str(v) for v in saved['%vals'][67:74])}" in line


def test_saved_poison_argument_has_its_mask(tmp_path, capsys):
    path = _write(tmp_path, "p.srctgt.mlir", POISON_ARG)
    npz = str(tmp_path / "p.npz")
    assert cli.main(["check", path, "--no-confirm", "--save-inputs", npz]) == 1
    assert "  %p : i1 = poison" in capsys.readouterr().out
    saved = load_inputs(npz)
    assert saved["%p" + POISON_SUFFIX].item() is True and saved["%c"].dtype == np.bool_


def test_no_counterexample_writes_nothing(tmp_path, capsys):
    path = _write(tmp_path, "ok.srctgt.mlir", SHIFT.replace("shrui", "shrsi"))
    npz = tmp_path / "none.npz"
    assert cli.main(["check", path, "--no-confirm", "--save-inputs", str(npz)]) == 0
    assert not npz.exists()
    assert "not written" in capsys.readouterr().err


def test_verbose_shows_every_op_result_by_name(tmp_path, capsys):
    text = SHIFT.replace("%r = arith.shrsi %lhs, %n : i8\n  return %r", "%s = arith.shrsi %lhs, %n : i8\n"
                         "  %one = arith.constant 1 : i8\n  %r = arith.addi %s, %one : i8\n  return %r")
    path = _write(tmp_path, "v.srctgt.mlir", text)
    assert cli.main(["check", path, "--no-confirm", "--json", "--verbose"]) == 1
    cex = read_records(capsys.readouterr().out)[0][0]["functions"][0]["counterexample"]
    lhs, n = cex["scalars"]["%lhs"], cex["scalars"]["%n"]
    src = {e["name"]: e["value"] for e in cex["intermediate"]["source"]}
    tgt = {e["name"]: e["value"] for e in cex["intermediate"]["target"]}
    assert set(src) == {"%s", "%r"} and set(tgt) == {"%r"}  # constants are left out
    signed8 = lambda v: (v + 128) % 256 - 128  # noqa: E731
    assert 0 <= n < 8  # else the source is poison too, and this is no counterexample
    assert src["%s"] == lhs >> n and src["%r"] == cex["source_value"] == signed8((lhs >> n) + 1)
    assert tgt["%r"] == cex["target_value"] == signed8((lhs & 0xFF) >> n)
    assert cli.main(["check", path, "--no-confirm", "-v"]) == 1
    out = capsys.readouterr().out
    assert "\nSource:\n  %s : i8 = " in out and "\nTarget:\n  %r : i8 = " in out
    assert cli.main(["check", path, "--no-confirm", "--json"]) == 1  # without --verbose: none
    assert "intermediate" not in read_records(capsys.readouterr().out)[0][0]["functions"][0]["counterexample"]


def test_replaced_inputs_drop_the_intermediate_values():
    from irverify.cex.confirm import replace_inputs
    from irverify.cex.report import render_counterexample
    from irverify.verify.verdict import Counterexample

    mod = parse_mlir(TENSOR, "t.mlir")
    cex = Counterexample("value mismatch", tensors={"%vals": np.zeros(100, np.int32)}, scalars={"%k": 0},
                         intermediate={"source": [], "target": []})
    replace_inputs(mod.functions["src"], cex, [np.ones(100, np.int32), 0])
    assert cex.intermediate == {} and "execution ran" in cex.intermediate_note
    assert any(ln.startswith("Intermediate values: not shown") for ln in render_counterexample(cex))
