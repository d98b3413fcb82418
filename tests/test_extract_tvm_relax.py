"""``tools/extract_tvm_relax_tests.py`` on a small hand-written TVM test file: which modules it
keeps, the pass it names for each (taken through a helper with the call site's arguments), and
which it drops."""

from __future__ import annotations

import textwrap

import pytest

pytest.importorskip("tvm")

from tools import extract_tvm_relax_tests as extract  # noqa: E402

TEST_FILE = textwrap.dedent('''
    import tvm
    from tvm.relax.transform import EliminateCommonSubexpr
    from tvm.script import ir as I, relax as R


    def verify(before, expected, call_only=False):
        tvm.ir.assert_structural_equal(EliminateCommonSubexpr(call_only)(before), expected)


    def test_direct():
        @I.ir_module
        class Before:
            @R.function
            def main(x: R.Tensor((2,), "float32")):
                return R.add(x, x)

        @I.ir_module
        class Expected:
            @R.function
            def main(x: R.Tensor((2,), "float32")):
                return R.add(x, x)

        After = tvm.relax.transform.TopologicalSort(order="depth-first")(Before)
        tvm.ir.assert_structural_equal(After, Expected)


    def test_through_helper():
        @I.ir_module
        class Before:
            @R.function
            def main(x: R.Tensor((2,), "float32")):
                return R.multiply(x, x)

        verify(Before, Before, call_only=True)


    def test_reads_a_python_variable():
        n = 4

        @I.ir_module
        class Before:
            @R.function
            def main(x: R.Tensor((n,), "float32")):
                return x

        verify(Before, Before)
''')


def test_extraction(tmp_path, capsys):
    src = tmp_path / "tvm" / "tests" / "python" / "relax"
    src.mkdir(parents=True)
    (src / "test_transform_demo.py").write_text(TEST_FILE)
    out = tmp_path / "out"
    assert extract.main([str(tmp_path / "tvm"), str(out), "--files", "demo"]) == 0
    rows = [ln.split("\t") for ln in (out / "manifest.tsv").read_text().splitlines()]
    assert rows[0] == ["name", "test_file", "line", "pass"]
    assert [(r[0], r[3]) for r in rows[1:]] == [
        ("demo__test_direct__Before", "relax.transform.TopologicalSort(order='depth-first')"),
        ("demo__test_through_helper__Before", "relax.transform.EliminateCommonSubexpr(True)"),
    ]
    text = (out / "inputs" / "demo__test_direct__Before.py").read_text()
    assert "tests/python/relax/test_transform_demo.py:12 (test_direct.Before)" in text.splitlines()[0]
    assert "class Expected" not in text
    log = capsys.readouterr().out
    assert "test_reads_a_python_variable.Before): does not parse standalone" in log
    assert "(test_direct.Expected): no single pass applied to it unchanged" in log
