"""The pattern spec language (parser, located errors, rendering), the catalogue, and runs of
catalogue entries through ``irverify patterns``."""

from __future__ import annotations

import pytest

from irverify import cli
from irverify.errors import InputError
from irverify.patterns.catalogue import load_catalogue, select
from irverify.patterns.run import run_patterns
from irverify.patterns.spec import COLUMNS, UNCHANGED, SpecError, parse_spec
from irverify.records import read_records
from irverify.verify.check import Options

GOOD = '''\
# a comment
pattern Demo {
  project "MLIR (upstream)"
  rewrite "DemoFold"
  source  "mlir/lib/Demo.cpp"
  expect static correct, mixed incorrect
  shape two {
    dim N in {4, ?} from "hal.interface.constant.load layout(#l) ordinal(0) : index"
    dim M in {3, ?} from "tensor.dim %x, %c1 : tensor<{N}x{M}xf32>"
    let NM = N * M
    let T = N * 2 from "hal.interface.constant.load layout(#l) ordinal(1) : index"
    before mlir """
{N.def}
{M.def}
{NM.def}
{T.def}
x : tensor<{N}x{M}xf32>{dims(N, M)} sizes [{N.value}, {M.value}] empty({operands(NM)}) {NM} {region}
"""
    after unchanged for static, dynamic
    after mlir for mixed """{N}"""
  }
}
'''


def test_parse_good_spec_fields_and_instances():
    [p] = parse_spec(GOOD, "demo.pattern")
    assert (p.name, p.project, p.rewrite, p.source) == ("Demo", "MLIR (upstream)", "DemoFold", "mlir/lib/Demo.cpp")
    assert p.expect == {"static": "correct", "dynamic": "correct", "mixed": "incorrect"}
    assert p.pass_kind is None
    insts = p.instances()
    assert [i.label for i in insts] == ["two[N=4,M=3]", "two[N=4,M=?]", "two[N=?,M=3]", "two[N=?,M=?]"]
    assert [i.column for i in insts] == ["static", "mixed", "mixed", "dynamic"]
    shape = insts[0].shape
    assert shape.after_for("static") is UNCHANGED and shape.after_for("dynamic") is UNCHANGED
    assert shape.after_for("mixed").text == "{N}"


def test_render_static_dynamic_and_mixed():
    [p] = parse_spec(GOOD)
    static, mixed, _, dynamic = p.instances()
    s = static.render(static.shape.before)
    assert "%N = arith.constant 4 : index" in s and "%M = arith.constant 3 : index" in s
    assert "%NM = arith.constant 12 : index" in s and "%T = arith.constant 8 : index" in s
    assert "x : tensor<4x3xf32> sizes [4, 3] empty() 12 {region}" in s
    d = dynamic.render(dynamic.shape.before)
    assert "%N = hal.interface.constant.load layout(#l) ordinal(0) : index" in d
    assert "%M = tensor.dim %x, %c1 : tensor<?x?xf32>" in d
    assert "%NM = affine.apply affine_map<()[s0, s1] -> (s0 * s1)>()[%N, %M]" in d
    assert "%T = hal.interface.constant.load layout(#l) ordinal(1) : index" in d
    assert "x : tensor<?x?xf32>{%N, %M} sizes [%N, %M] empty(%NM) ? {region}" in d
    m = mixed.render(mixed.shape.before)
    assert "x : tensor<4x?xf32>{%M} sizes [4, %M] empty(%NM) ?" in m
    # after: unchanged instances render the before template
    assert static.render(static.shape.after_for("static")) == s
    assert mixed.render(mixed.shape.after_for("mixed")) == "4"


FILE_SPEC = '''\
pattern F {
  project "IREE"
  rewrite "R"
  source  "s"
  shape s {
    dim N in {4, ?} from "hal.interface.constant.load layout(#l) ordinal(0) : index"
    before mlir """{N}"""
    after mlir for static """{N}"""
    after file for dynamic, mixed "outs/{slug}.after.mlir"
  }
}
'''


def test_after_file_reads_recorded_output_verbatim(tmp_path):
    spec = tmp_path / "f.pattern"
    [p] = parse_spec(FILE_SPEC, str(spec))
    static, dynamic = p.instances()
    tmpl = dynamic.shape.after_for("dynamic")
    assert (tmpl.lang, tmpl.file) == ("mlir", "outs/{slug}.after.mlir")
    assert tmpl.file_for(dynamic) == tmp_path / "outs" / "s-Nd.after.mlir"
    (tmp_path / "outs").mkdir()
    (tmp_path / "outs" / "s-Nd.after.mlir").write_text("// header {N}\nfunc.func @f() {N}\n")
    assert dynamic.render(tmpl) == "// header {N}\nfunc.func @f() {N}\n"  # no substitution
    assert static.render(static.shape.after_for("static")) == "4"


def test_after_file_missing_or_without_ir_is_an_input_error(tmp_path):
    [p] = parse_spec(FILE_SPEC, str(tmp_path / "f.pattern"))
    _, dynamic = p.instances()
    tmpl = dynamic.shape.after_for("dynamic")
    with pytest.raises(InputError, match=r"s-Nd\.after\.mlir: cannot read the after IR of s\[N=\?\]"):
        dynamic.render(tmpl)
    (tmp_path / "outs").mkdir()
    (tmp_path / "outs" / "s-Nd.after.mlir").write_text(
        "// produced by a compiler\n\n// no output: it crashed.\n// frame: Foo::matchAndRewrite\n")
    with pytest.raises(InputError, match=r"no after IR for s\[N=\?\]: no output: it crashed\. frame: Foo::matchAndRewrite$"):
        dynamic.render(tmpl)


@pytest.mark.parametrize("after,message", [
    ('after file "x/{label}.mlir"', "'after file' path uses '{label}' (only {slug} is substituted)"),
    ('after file "x/{slug}.py"', "an 'after file' must be an .mlir file"),
    ('before file "x.mlir"', "only an 'after' template can come from a 'file'"),
])
def test_after_file_bad_paths_have_located_errors(after, message):
    text = f'pattern P {{ project "a" rewrite "b" source "c"\nshape s {{ before mlir """x""" {after} }} }}'
    with pytest.raises(SpecError) as err:
        parse_spec(text, "bad.pattern")
    assert message in err.value.message and err.value.line == 2


def test_tvmscript_rendering():
    [p] = parse_spec('pattern T { project "TVM" rewrite "R" source "s" pass tvm "relax.transform.X()" '
                     'shape s { dim n in {16, ?} from "unused" before tvmscript """R.Tensor(({n}, 4)) {n.value}""" } }')
    st, dy = p.instances()
    assert st.render(st.shape.before) == "R.Tensor((16, 4)) 16"
    assert dy.render(dy.shape.before) == 'R.Tensor(("n", 4)) n'


BAD = [
    ('pattern P { projec "a" }', 1, 13, "unexpected name 'projec'"),
    ('pattern P {\n  project "a"\n  rewrite "b"\n}', 1, 1, "has no 'source' (provenance is required)"),
    ('pattern P { project "a" rewrite "b" source "c" }', 1, 1, "has no shape"),
    ('pattern P { project "a" rewrite "b" source "c"\n  shape s { dim N in {4, ?}\n before mlir """x""" } }',
     2, 13, "dim 'N' can be dynamic but has no 'from"),
    ('pattern P { project "a" rewrite "b" source "c" expect bogus\n shape s { before mlir """x""" after mlir """y""" } }',
     1, 55, "unknown verdict 'bogus'"),
    ('pattern P { project "a" rewrite "b" source "c"\nshape s { before mlir """\n  {Q.value}\n""" after mlir """y""" } }',
     3, 3, "names an undeclared dim"),
    ('pattern P { project "a" rewrite "b" source "c"\nshape s { before mlir """x""" after mlir for mixed """y""" } }',
     2, 1, "needs an 'after' template for static, dynamic"),
    ('pattern P { project "a" rewrite "b" source "c" pass iree "p"\nshape s { before mlir """x""" after mlir """y""" } }',
     2, 1, "has an 'after' template but pattern 'P' runs a pass"),
    ('pattern P { project "a" rewrite "b" source "c" pass gcc "p"\nshape s { before mlir """x""" } }',
     1, 48, "unknown pass kind 'gcc'"),
    ('pattern P { project "a" rewrite "b" source "c"\nshape s { let K = N * 2\n before mlir """x""" } }',
     2, 11, "'let K' uses undeclared 'N'"),
    ('pattern P { project "a" rewrite "b" source "c" shape s { before mlir """x""" after unchanged } }\n'
     'pattern P { project "a" rewrite "b" source "c" shape s { before mlir """x""" after unchanged } }',
     2, 1, "pattern 'P' defined twice"),
    ('pattern P { project "a" rewrite "b" source "c" shape s { before mlir """x""" ', 1, 0, "unexpected end of file"),
]


@pytest.mark.parametrize("text,line,col,message", BAD, ids=[b[3][:30] for b in BAD])
def test_bad_specs_have_located_errors(text, line, col, message):
    with pytest.raises(SpecError) as err:
        parse_spec(text, "bad.pattern")
    e = err.value
    assert message in e.message
    assert (e.line, e.col if col else 0) == (line, col)
    assert str(e).startswith(f"bad.pattern:{line}:")


def test_catalogue_entries_have_provenance_and_unique_names():
    patterns = load_catalogue()
    names = [p.name for p in patterns]
    assert len(names) == len(set(names)) >= 10
    for p in patterns:
        assert p.project and p.rewrite and p.source, p.name
        assert p.instances(), p.name
    families = {p.name for p in patterns}
    assert {"FoldCollapseShapeIntoInterfaceTensorLoad", "FoldExpandShapeIntoInterfaceTensorLoad",
            "FoldExpandShapeIntoInterfaceTensorStore", "FoldCollapseShapeIntoInterfaceTensorStoreFullSlice",
            "FoldCollapseShapeIntoInterfaceTensorStore"} <= families


def test_pre_fix_full_slice_store_on_recorded_3_5_0_outputs():
    """The after IR is IREE 3.5.0's recorded output: mixed instances are miscompiled, the
    dynamic one is left alone, and on the static one 3.5.0 crashed (no IR to check)."""
    [res] = run_patterns(select(load_catalogue(), ["FoldCollapseShapeIntoInterfaceTensorStoreFullSlice-pre-edbb69a"]),
                         Options(confirm=False, timeout_s=20))
    verdicts = {c: res.column(c).value for c in COLUMNS}
    assert verdicts == res.pattern.expect
    assert verdicts == {"static": "error", "dynamic": "correct", "mixed": "incorrect"}
    for r in res.instances:
        if r.instance.column == "mixed":
            [fn] = r.report.functions
            assert fn.counterexample.check == "value mismatch"
            assert fn.counterexample.output.startswith("binding 0")
            assert "iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x" not in r.after_text  # x4 lost
        elif r.instance.column == "static":
            assert "no after IR" in r.message and "FoldCollapseShapeIntoInterfaceTensorStore" in r.message


def test_cli_patterns_json_runs_the_real_transform(capsys):
    code = cli.main(["patterns", "FoldUnPaddingCollapseIntoExtract", "--json", "--no-confirm"])
    instances, summary = read_records(capsys.readouterr().out)
    [entry] = summary["patterns"]
    assert entry["source"] == "mlir/lib/Dialect/Tensor/Transforms/ReshapePatterns.cpp"
    assert len(instances) == 4 and summary["cases"] == 4
    assert all(i["input"]["name"].startswith("FoldUnPaddingCollapseIntoExtract/") for i in instances)
    assert entry["ok"] is summary["ok"] and code == summary["exit_code"] == (0 if summary["ok"] else 1)
    assert set(entry["columns"]) == set(COLUMNS)
    assert {i["column"] for i in instances} == set(COLUMNS) and {i["expected"] for i in instances} == {"correct"}


def test_cli_patterns_table_and_unknown_name(capsys):
    assert cli.main(["patterns", "NoSuchPattern"]) == 2
    assert "unknown pattern 'NoSuchPattern'" in capsys.readouterr().err


ADD_ONE = """
func.func @f(%x: tensor<{N}xi32>) -> tensor<{N}xi32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  {N.def}
  %e = tensor.empty({operands(N)}) : tensor<{N}xi32>
  %b = linalg.fill ins(%one : i32) outs(%e : tensor<{N}xi32>) -> tensor<{N}xi32>
  %r = arith.addi %x, %b : tensor<{N}xi32>
  return %r : tensor<{N}xi32>
}
"""
SMALL = f'''\
pattern AddToSub {{
  project "test"
  rewrite "x + 1 becomes x - 1"
  source  "tests/test_patterns.py"
  why     "a known-bad rewrite: the results differ by 2"
  expect static incorrect
  shape vec {{
    dim N in {{4, ?}} from "tensor.dim %x, %c0 : tensor<{{N}}xi32>"
    before mlir """{ADD_ONE}"""
    after mlir """{ADD_ONE.replace("arith.addi", "arith.subi")}"""
  }}
}}
'''


def test_cli_patterns_streams_instances_and_says_what_is_expected_and_why(tmp_path, capsys):
    """Each instance is printed as it is checked; the table marks a verdict the entry expects
    (`(expected)`) and one it does not (`! expected V`), and says why the entry expects it."""
    (tmp_path / "small.pattern").write_text(SMALL, encoding="utf-8")
    code = cli.main(["patterns", "--dir", str(tmp_path), "--no-confirm"])
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("incorrect: AddToSub vec[N=4] (static): @f: value mismatch")
    assert lines[0].endswith("(1 of 2)") and lines[1].endswith("(2 of 2)")
    assert lines[1].startswith("incorrect: AddToSub vec[N=?] (dynamic) ! expected correct")
    [row] = [ln for ln in lines if ln.startswith("AddToSub  ")]
    assert "incorrect (expected)" in row and "incorrect ! expected correct" in row
    assert ("AddToSub: expects static incorrect, dynamic correct, mixed correct: "
            "a known-bad rewrite: the results differ by 2") in out
    assert code == 1 and out.rstrip().endswith("(exit 1)")


def test_every_entry_that_expects_a_failure_says_why():
    """`irverify patterns` prints each entry's reason under its table: an entry that expects a
    verdict other than correct in some column has a `why`."""
    missing = [p.name for p in load_catalogue() if set(p.expect.values()) != {"correct"} and not p.why]
    assert missing == []
