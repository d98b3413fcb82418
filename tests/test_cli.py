"""The ``irverify`` command line: exit codes, one-line errors, the ``--json`` schema and
``check-suite`` (all three pair naming styles, ``-j 2``, stable order, crash containment)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time

import pytest

from irverify import cli
from irverify.records import read_records
from irverify.verify.check import Options

ADD_ZERO = """\
func.func @src(%x: i32) -> i32 {
  %c = arith.constant 0 : i32
  %r = arith.addi %x, %c : i32
  return %r : i32
}
func.func @tgt(%x: i32) -> i32 {
  return %x : i32
}
"""

ADD_VS_SUB = """\
func.func @src(%x: i32, %y: i32) -> i32 {
  %r = arith.addi %x, %y : i32
  return %r : i32
}
func.func @tgt(%x: i32, %y: i32) -> i32 {
  %r = arith.subi %x, %y : i32
  return %r : i32
}
"""

# x == (x / y) * y + x % y for y != 0: true, but 64-bit division is far out of reach of a
# millisecond (and even a multi-second) solver budget.
DIV_REM_I64 = """\
func.func @src(%x: i64, %y: i64) -> i64 {
  %q = arith.divui %x, %y : i64
  %m = arith.muli %q, %y : i64
  %r = arith.remui %x, %y : i64
  %s = arith.addi %m, %r : i64
  return %s : i64
}
func.func @tgt(%x: i64, %y: i64) -> i64 {
  %q = arith.divui %x, %y : i64
  return %x : i64
}
"""

EXP_PLUS_ZERO = """\
func.func @src(%x: f32) -> f32 {
  %r = math.exp %x : f32
  return %r : f32
}
func.func @tgt(%x: f32) -> f32 {
  %c = arith.constant 0.0 : f32
  %e = math.exp %x : f32
  %r = arith.addf %e, %c : f32
  return %r : f32
}
"""

ABSI = """\
func.func @src(%x: i32) -> i32 {
  %r = math.absi %x : i32
  return %r : i32
}
func.func @tgt(%x: i32) -> i32 {
  return %x : i32
}
"""

BROKEN = """\
func.func @src(%x: i32) -> i32 {
  %r = arith.addi %x, : i32
  return %r : i32
}
"""


def fn(name: str, body: str, ty: str = "i32") -> str:
    return (f"func.func @{name}(%x: {ty}, %y: {ty}) -> {ty} {{\n  %r = {body} %x, %y : {ty}\n"
            f"  return %r : {ty}\n}}\n")


def write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return str(path)


def run_cli(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "irverify", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=300)


def run_main(capsys, *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


# ----------------------------------------------------------------------------- subprocess


def test_subprocess_correct_json_schema(tmp_path):
    path = write(tmp_path, "add0.srctgt.mlir", ADD_ZERO)
    p = run_cli("check", path, "--json")
    assert p.returncode == 0, p.stderr
    [report], summary = read_records(p.stdout)
    assert set(report) >= {"schema", "record", "input", "case", "verdict", "kind", "oracle", "assumptions",
                           "functions", "model", "timings"}
    assert report["verdict"] == summary["verdict"] == "correct" and summary["exit_code"] == 0
    assert report["input"]["before"] == path and report["oracle"] == "solver" and report["kind"] is None
    assert isinstance(report["model"], str) and report["model"]
    assert isinstance(report["timings"]["total_s"], float)
    [f] = report["functions"]
    assert set(f) >= {"name", "verdict", "kind", "oracle", "counterexample", "confirmed", "notes", "source_ub"}
    assert f["name"] == "src" and f["verdict"] == "correct"
    assert f["counterexample"] is None and f["source_ub"] is None and isinstance(f["notes"], list)


def test_subprocess_parse_error_is_one_line(tmp_path):
    path = write(tmp_path, "broken.mlir", BROKEN)
    p = run_cli("check", path)
    assert p.returncode == 2
    assert "Traceback" not in p.stderr + p.stdout
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    assert re.fullmatch(r"irverify: error: .*broken\.mlir:2:\d+: .+", lines[0]), lines[0]


def test_subprocess_bad_usage(tmp_path):
    for args in ([], ["check"], ["check", "a.mlir", "--fp", "decimal"], ["frobnicate"]):
        p = run_cli(*args, cwd=tmp_path)
        assert p.returncode == 2, (args, p.stdout, p.stderr)
        assert "Traceback" not in p.stderr
        assert p.stderr.strip().splitlines()[-1].startswith("irverify: error:")


def test_subprocess_check_suite_parallel(tmp_path):
    root = tmp_path / "suite"
    write(root, "one.srctgt.mlir", ADD_ZERO)
    write(root, "sub/two.src.mlir", fn("f", "arith.addi"))
    write(root, "sub/two.tgt.mlir", fn("f", "arith.addi"))
    write(root, "three.before.mlir", fn("g", "arith.muli"))
    write(root, "three.after.mlir", fn("g", "arith.muli"))
    p = run_cli("check-suite", str(root), "-j", "2", "--json", "--no-confirm")
    assert p.returncode == 0, p.stdout + p.stderr
    records, summary = read_records(p.stdout)
    assert [r["input"]["name"] for r in records] == ["one", "sub/two", "three"]  # sorted by name
    assert all(r["verdict"] == "correct" for r in records)
    assert summary["cases"] == 3 and summary["verdicts"]["correct"] == 3


# ----------------------------------------------------------------------------- in process: exit codes


def test_exit_0_two_files(tmp_path, capsys):
    a = write(tmp_path, "a.mlir", fn("f", "arith.addi"))
    b = write(tmp_path, "b.mlir", fn("f", "arith.addi").replace("%x, %y", "%y, %x"))
    code, out, _ = run_main(capsys, "check", a, b)
    assert code == 0
    assert "verdict: correct" in out


def test_exit_1_incorrect_with_counterexample(tmp_path, capsys):
    path = write(tmp_path, "bad.srctgt.mlir", ADD_VS_SUB)
    code, out, _ = run_main(capsys, "check", path, "--json", "--no-confirm")
    assert code == 1
    [report], _ = read_records(out)
    [f] = report["functions"]
    assert report["verdict"] == f["verdict"] == "incorrect"
    assert report["kind"] == f["kind"] == "value-mismatch" and f["oracle"] == "solver"
    cex = f["counterexample"]
    assert cex["check"] == "value mismatch"
    x, y = cex["scalars"]["%x"], cex["scalars"]["%y"]  # the names in the source
    wrap = lambda v: (v + 2**31) % 2**32 - 2**31  # noqa: E731
    assert cex["source_value"] == wrap(x + y) and cex["target_value"] == wrap(x - y)
    assert cex["source_value"] != cex["target_value"]
    assert f["confirmed"] is None  # --no-confirm


@pytest.mark.iree
def test_exit_1_confirmed_by_execution(tmp_path, capsys):
    path = write(tmp_path, "bad.srctgt.mlir", ADD_VS_SUB)
    code, out, _ = run_main(capsys, "check", path, "--json")
    assert code == 1
    [f] = read_records(out)[0][0]["functions"]
    assert f["verdict"] == "incorrect" and f["confirmed"] is True and f["oracle"] == "execution"


def test_exit_2_target_only_function(tmp_path, capsys):
    a = write(tmp_path, "a.mlir", fn("f", "arith.addi"))
    b = write(tmp_path, "b.mlir", fn("f", "arith.addi") + fn("g", "arith.addi"))
    code, _, err = run_main(capsys, "check", a, b)
    assert code == 2
    assert "@g" in err and "no counterpart" in err
    assert len(err.strip().splitlines()) == 1


def test_exit_1_dropped_public_function(tmp_path, capsys):
    """A public function the target no longer defines is a finding, not an input error."""
    a = write(tmp_path, "a.mlir", fn("f", "arith.addi") + fn("g", "arith.addi"))
    b = write(tmp_path, "b.mlir", fn("f", "arith.addi"))
    code, out, _ = run_main(capsys, "check", a, b, "--no-confirm")
    assert code == 1
    assert "@g: incorrect" in out and "public function @g is not defined" in out


def test_exit_1_signature_changed(tmp_path, capsys):
    """A changed argument type is a finding of its own kind, like a changed result type."""
    a = write(tmp_path, "a.mlir", fn("f", "arith.addi", "i32"))
    b = write(tmp_path, "b.mlir", fn("f", "arith.addi", "i64"))
    code, out, _ = run_main(capsys, "check", a, b)
    assert code == 1
    assert "@f: incorrect\nERROR: public signature changed\n" in out
    assert "argument #0 (%x): i32 in the source, i64 in the target" in out


def test_exit_2_single_file_without_src_tgt(tmp_path, capsys):
    path = write(tmp_path, "only.mlir", fn("f", "arith.addi"))
    code, _, err = run_main(capsys, "check", path)
    assert code == 2
    assert "@src and @tgt" in err


def test_exit_2_unknown_suffix_and_missing_file(tmp_path, capsys):
    txt = write(tmp_path, "a.txt", "hello")
    code, _, err = run_main(capsys, "check", txt, txt)
    assert code == 2 and "unknown input kind '.txt'" in err
    code, _, err = run_main(capsys, "check", str(tmp_path / "nope.mlir"))
    assert code == 2 and "nope.mlir: cannot read" in err


def test_exit_2_json_error_object(tmp_path, capsys):
    path = write(tmp_path, "broken.mlir", BROKEN)
    code, out, _ = run_main(capsys, "check", path, "--json")
    assert code == 2
    [report], summary = read_records(out)
    assert report["verdict"] == summary["verdict"] == "error" and report["functions"] == []
    assert report["kind"] == "input-error" and summary["exit_code"] == 2
    assert re.search(r"broken\.mlir:2:\d+: ", report["message"])


def test_exit_2_bad_usage_in_process(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["check-suite"])
    assert e.value.code == 2
    assert capsys.readouterr().err.startswith("irverify: error:")


def test_exit_3_unsupported_names_op_and_location(tmp_path, capsys):
    path = write(tmp_path, "absi.srctgt.mlir", ABSI)
    code, out, _ = run_main(capsys, "check", path, "--json", "--no-confirm")
    assert code == 3
    [report], _ = read_records(out)
    [f] = report["functions"]
    assert report["verdict"] == f["verdict"] == "unsupported"
    assert re.search(r"absi\.srctgt\.mlir:2:\d+: unsupported: op 'math\.absi'", f["message"]), f["message"]


def test_exit_4_solver_timeout(tmp_path, capsys):
    path = write(tmp_path, "divrem.srctgt.mlir", DIV_REM_I64)
    code, out, _ = run_main(capsys, "check", path, "--json", "--timeout", "0.001", "--no-confirm")
    assert code == 4
    [f] = read_records(out)[0][0]["functions"]
    assert f["verdict"] == "unknown" and f["kind"] == "timeout"
    assert any("timeout" in n for n in f["notes"])


def test_exit_4_abstract_float_counterexample(tmp_path, capsys):
    # exp(x) + 0.0 is exp(x): exp never returns -0.0, but under the abstract model exp is an
    # uninterpreted function that may, and exact IEEE floats cannot evaluate exp either.
    path = write(tmp_path, "exp0.srctgt.mlir", EXP_PLUS_ZERO)
    code, out, _ = run_main(capsys, "check", path, "--json", "--no-confirm")
    assert code == 4
    [report], _ = read_records(out)
    [f] = report["functions"]
    assert f["verdict"] == "unknown" and f["kind"] == "float-model"
    assert "abstract float model" in f["message"]
    assert f["counterexample"] is not None  # shown, but not claimed as a bug
    assert str(f["counterexample"]["source_value"]) == "-0.0"


# ----------------------------------------------------------------------------- check-suite


def make_suite(root) -> None:
    write(root, "a_ok.srctgt.mlir", ADD_ZERO)
    write(root, "b_bad.srctgt.mlir", ADD_VS_SUB)
    write(root, "nested/c.src.mlir", fn("f", "arith.muli"))
    write(root, "nested/c.tgt.mlir", fn("f", "arith.muli").replace("%x, %y", "%y, %x"))
    write(root, "d.before.mlir", fn("g", "arith.xori"))
    write(root, "d.after.mlir", fn("g", "arith.ori"))
    write(root, "e_unsup.srctgt.mlir", ABSI)
    write(root, "notes.txt", "not a pair")
    write(root, "helper.py", "x = 1\n")  # a .py file without a pair marker is ignored


EXPECTED = {"a_ok": "correct", "b_bad": "incorrect", "d": "incorrect", "e_unsup": "unsupported",
            "nested/c": "correct"}


def test_check_suite_json_j2(tmp_path, capsys):
    make_suite(tmp_path)
    code, out, _ = run_main(capsys, "check-suite", str(tmp_path), "-j", "2", "--json", "--no-confirm")
    pairs, summary = read_records(out)
    assert [r["input"]["name"] for r in pairs] == sorted(EXPECTED)
    assert {r["input"]["name"]: r["verdict"] for r in pairs} == EXPECTED
    for r in pairs:
        assert r["command"] == "check-suite" and "peak_rss_mib" in r and "children_peak_rss_mib" in r
        assert 1 < r["peak_rss_mib"] < 4096  # measured in the worker, below the default limit
    by = {r["input"]["name"]: r for r in pairs}
    assert by["nested/c"]["input"]["before"] == os.path.join("nested", "c.src.mlir")
    assert by["nested/c"]["input"]["after"] == os.path.join("nested", "c.tgt.mlir")
    assert by["d"]["input"]["after"] == "d.after.mlir" and by["a_ok"]["input"]["after"] is None
    assert by["b_bad"]["functions"][0]["counterexample"]["check"] == "value mismatch"
    assert "math.absi" in by["e_unsup"]["message"]
    assert summary["cases"] == 5 and summary["verdicts"]["incorrect"] == 2 and summary["jobs"] == 2
    assert summary["peak_rss_mib"] == max(r["peak_rss_mib"] for r in pairs)
    assert summary["peak_rss_pair"] in EXPECTED and summary["max_memory_mib"] == 4096
    assert code == 1  # worst verdict: incorrect (above unsupported)


def test_check_suite_human_j1_same_verdicts(tmp_path, capsys):
    make_suite(tmp_path)
    code, out, _ = run_main(capsys, "check-suite", str(tmp_path), "--no-confirm")
    lines = out.strip().splitlines()
    assert len(lines) == 6
    for line, (name, verdict) in zip(lines, sorted(EXPECTED.items())):
        assert line.split()[0] == verdict and line.split()[2] == name
    assert lines[-1].startswith("5 pairs in") and "worst: incorrect" in lines[-1]
    assert re.search(r"; peak RSS [0-9.]+ MiB \((a_ok|b_bad|d|e_unsup|nested/c)\), limit 4096 MiB per worker$",
                     lines[-1]), lines[-1]
    assert code == 1


def test_check_suite_missing_partner_is_error(tmp_path, capsys):
    write(tmp_path, "ok.srctgt.mlir", ADD_ZERO)
    write(tmp_path, "lonely.src.mlir", fn("f", "arith.addi"))
    code, out, _ = run_main(capsys, "check-suite", str(tmp_path), "--json", "--no-confirm")
    by = {r["input"]["name"]: r for r in read_records(out)[0]}
    assert by["ok"]["verdict"] == "correct"
    assert by["lonely"]["verdict"] == "error" and "lonely.tgt.mlir" in by["lonely"]["message"]
    assert code == 2


def test_check_suite_empty_dir_is_error(tmp_path, capsys):
    code, _, err = run_main(capsys, "check-suite", str(tmp_path))
    assert code == 2 and "no pairs found" in err


# Pairs whose counterexample (the binding position shown) depends on the z3 terms built before
# them in the same process: in one process they came out differently from `irverify check`.
HISTORY_SENSITIVE = ("dims_dropped_ok", "offset_rescaled_bad", "reassociation_bad", "static_extent_bad")


def _without_times(record: dict) -> dict:
    return {k: v for k, v in record.items() if k not in ("timings", "peak_rss_mib", "children_peak_rss_mib")}


def test_check_suite_matches_check_for_any_jobs(tmp_path):
    """check-suite with -j 1 and -j 2 gives each pair the verdict and counterexample of
    `irverify check` on that pair alone."""
    import shutil

    from tests.paths import TESTDATA

    for name in HISTORY_SENSITIVE:
        for side in ("before", "after"):
            shutil.copy(TESTDATA / "iree" / f"{name}.{side}.mlir", tmp_path)
    runs = {}
    for jobs in ("1", "2"):
        p = run_cli("check-suite", str(tmp_path), "-j", jobs, "--json", "--no-confirm")
        assert "Traceback" not in p.stderr, p.stderr
        records, summary = read_records(p.stdout)
        assert summary["cases"] == len(HISTORY_SENSITIVE)
        runs[jobs] = {r["input"]["name"]: r for r in records}
    assert [_without_times(r) for r in runs["1"].values()] == [_without_times(r) for r in runs["2"].values()]
    for name in HISTORY_SENSITIVE:
        p = run_cli("check", str(tmp_path / f"{name}.before.mlir"), str(tmp_path / f"{name}.after.mlir"),
                    "--json", "--no-confirm")
        [alone], _ = read_records(p.stdout)
        record = runs["1"][name]
        assert record["verdict"] == alone["verdict"], name
        assert record["functions"] == alone["functions"], name
    assert {r["verdict"] for r in runs["1"].values()} == {"correct", "incorrect"}
    assert all(r["functions"][0]["counterexample"]["index"] for n, r in runs["1"].items() if n.endswith("_bad"))


def test_check_pair_contains_crashes(tmp_path, monkeypatch):
    import irverify.verify.check as check
    from irverify.suite import PairSpec, check_pair

    def explode(*args, **kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(check, "check_modules", explode)
    record = check_pair(PairSpec("x", write(tmp_path, "x.srctgt.mlir", ADD_ZERO)), Options())
    assert record["verdict"] == "error"
    assert record["message"].startswith("internal error: ZeroDivisionError: boom")


def test_check_pair_out_of_memory_is_unknown(tmp_path, monkeypatch):
    import irverify.verify.check as check
    from irverify.suite import PairSpec, check_pair

    def exhaust(*args, **kwargs):
        raise MemoryError()

    monkeypatch.setattr(check, "check_modules", exhaust)
    record = check_pair(PairSpec("x", write(tmp_path, "x.srctgt.mlir", ADD_ZERO)), Options(), memory_mib=100)
    assert record["verdict"] == "unknown"
    assert record["message"] == "memory limit of 100 MiB exceeded (--max-memory)"


def test_check_pair_syntax_error_loading_irverify_is_the_memory_limit(tmp_path, monkeypatch):
    """CPython's parser can report an allocation that failed while compiling a module as a
    ``SyntaxError`` (seen on a fresh checkout, without bytecode caches, under ``--max-memory 64``):
    one in irverify's own sources is the memory limit; one in a user's file is not."""
    import irverify.verify.check as check
    import irverify.validate
    from irverify.errors import ran_out_of_memory
    from irverify.suite import PairSpec, check_pair

    def compile_fails(*args, **kwargs):
        raise SyntaxError("expected ':'", (irverify.validate.__file__, 394, 5, "def f()\n"))

    monkeypatch.setattr(check, "check_modules", compile_fails)
    record = check_pair(PairSpec("x", write(tmp_path, "x.srctgt.mlir", ADD_ZERO)), Options(), memory_mib=64)
    assert (record["verdict"], record["message"]) == ("unknown", "memory limit of 64 MiB exceeded (--max-memory)")
    user_file = str(write(tmp_path, "model.py", "def f(\n"))
    assert not ran_out_of_memory(SyntaxError("'(' was never closed", (user_file, 1, 6, "def f(\n")))
    assert not ran_out_of_memory(ValueError("no"))


def test_check_suite_memory_limit_is_enforced_and_contained(tmp_path):
    """A worker whose memory limit is below what a check needs ends as one record (``unknown``
    when Python runs out, ``error`` naming the limit when the process dies); never a traceback."""
    write(tmp_path, "x.srctgt.mlir", ADD_VS_SUB)
    p = run_cli("check-suite", str(tmp_path), "--json", "--no-confirm", "--max-memory", "64")
    assert "Traceback" not in p.stdout + p.stderr
    [record], summary = read_records(p.stdout)
    assert record["verdict"] in ("unknown", "error"), record
    assert "64 MiB" in record["message"], record
    assert summary["max_memory_mib"] == 64


def test_worker_wall_limit_kills_a_hanging_pair(tmp_path):
    from irverify.suite import PairSpec, run_pairs

    slow = write(tmp_path, "divrem.srctgt.mlir", DIV_REM_I64)
    fast = write(tmp_path, "add0.srctgt.mlir", ADD_ZERO)
    specs = [PairSpec("divrem", slow), PairSpec("add0", fast)]
    start = time.monotonic()
    records = list(run_pairs(specs, Options(timeout_s=120, confirm=False), jobs=2, wall_s=3.0))
    elapsed = time.monotonic() - start
    assert [r["input"]["name"] for r in records] == ["divrem", "add0"]
    assert records[0]["verdict"] == "unknown" and "wall limit" in records[0]["message"]
    assert records[1]["verdict"] == "correct"
    assert elapsed < 60


# ----------------------------------------------------------------------------- small CLI expectations


def test_version(capsys):
    from irverify import __version__

    with pytest.raises(SystemExit) as e:
        cli.main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip() == f"irverify {__version__}"


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "abc"])
def test_timeout_must_be_positive(capsys, value):
    with pytest.raises(SystemExit) as e:
        cli.main(["check", "x.mlir", "--timeout", value])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("irverify: error: argument --timeout: ")


def test_every_option_has_help():
    import argparse

    parser = cli.build_parser()
    subparsers = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    missing = []
    for name, sub in [("irverify", parser)] + [(n, p) for s in subparsers for n, p in s.choices.items()]:
        for action in sub._actions:
            if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
                continue
            if not (action.help or "").strip():
                missing.append(f"{name} {'/'.join(action.option_strings) or action.dest}")
    assert missing == []


def test_stdin_is_read_for_dash(tmp_path):
    p = subprocess.run([sys.executable, "-m", "irverify", "check", "-", "--json", "--no-confirm"],
                       input=ADD_VS_SUB, capture_output=True, text=True, timeout=300)
    assert p.returncode == 1, p.stderr
    assert read_records(p.stdout)[0][0]["functions"][0]["counterexample"]["check"] == "value mismatch"
    after = write(tmp_path, "after.mlir", fn("f", "arith.addi").replace("%x, %y", "%y, %x"))
    p = subprocess.run([sys.executable, "-m", "irverify", "check", "-", after, "--no-confirm"],
                       input=fn("f", "arith.addi"), capture_output=True, text=True, timeout=300)
    assert p.returncode == 0 and "verdict: correct" in p.stdout, p.stdout + p.stderr
    p = run_cli("check", "-", "-")
    assert p.returncode == 2 and p.stderr.strip() == "irverify: error: only one input can be '-' (standard input)"


def test_src_fn_and_tgt_fn_choose_the_functions(tmp_path, capsys):
    text = fn("plus", "arith.addi") + fn("plus2", "arith.addi").replace("%x, %y", "%y, %x") + fn("minus", "arith.subi")
    path = write(tmp_path, "three.mlir", text)
    code, out, _ = run_main(capsys, "check", path, "--src-fn", "plus", "--tgt-fn", "plus2", "--no-confirm", "--json")
    assert code == 0 and [f["name"] for f in read_records(out)[0][0]["functions"]] == ["plus/@plus2"]
    code, out, _ = run_main(capsys, "check", path, "--src-fn", "plus", "--tgt-fn", "minus", "--no-confirm", "--json")
    assert code == 1 and read_records(out)[0][0]["functions"][0]["verdict"] == "incorrect"
    other = write(tmp_path, "other.mlir", fn("plus", "arith.subi"))
    code, out, _ = run_main(capsys, "check", path, other, "--src-fn", "plus", "--no-confirm", "--json")
    assert code == 1 and [f["name"] for f in read_records(out)[0][0]["functions"]] == ["plus"]
    code, _, err = run_main(capsys, "check", path, "--src-fn", "nope")
    assert code == 2 and "no function @nope" in err


@pytest.mark.parametrize("args", [["check", "{f}", "--no-confirm"], ["check", "{f}", "--no-confirm", "--json"],
                                  ["check-suite", "{d}", "--no-confirm"]])
def test_broken_pipe_is_quiet(tmp_path, args):
    """``irverify ... | head -1``: the reader closes the pipe; no traceback, no error line."""
    f = write(tmp_path / "d", "x.srctgt.mlir", ADD_VS_SUB)
    argv = [a.format(f=f, d=tmp_path / "d") for a in args]
    p = subprocess.Popen([sys.executable, "-m", "irverify", *argv], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    p.stdout.close()  # before irverify writes anything
    err = p.stderr.read().decode()
    p.wait(timeout=300)
    p.stderr.close()
    assert err == ""


@pytest.mark.iree
def test_scalar_functions_run_as_a_0d_tensor_dispatch(tmp_path, capsys):
    path = write(tmp_path, "bad.srctgt.mlir", ADD_VS_SUB)
    code, out, _ = run_main(capsys, "check", path, "--json")
    assert code == 1
    fn = read_records(out)[0][0]["functions"][0]
    assert fn["execution"]["backend"] == "IREE llvm-cpu (0-d tensor dispatch)"
    assert fn["oracles"] == ["IREE llvm-cpu (0-d tensor dispatch)"]


def test_the_dispatch_wrapper_calls_the_function_in_a_0d_linalg_generic():
    from irverify.frontends.mlir.confirm import dispatch_text, dispatchable
    from irverify.frontends.mlir.parse import parse_mlir as parse

    mod = parse(ADD_VS_SUB, "s.mlir")
    assert dispatchable(mod.functions["src"])
    text = dispatch_text(mod, [mod.functions["src"]])
    assert "func.func private @src(" in text and "func.func private @tgt(" in text
    assert "func.func @__irverify_dispatch_src(%t0: tensor<i32>, %t1: tensor<i32>) -> (tensor<i32>)" in text
    assert "func.call @src(%a0, %a1) : (i32, i32) -> (i32)" in text
    parse(text, "wrapped.mlir")  # well-formed MLIR
    idx = parse("func.func @f(%i: index) -> index {\n  return %i : index\n}\n", "i.mlir")
    assert not dispatchable(idx.functions["f"])


def test_runs_in_vm_only_without_tensors():
    from irverify.frontends.mlir.confirm import backend_for, runs_in_vm
    from irverify.frontends.mlir.parse import parse_mlir as parse

    scalar = parse(ADD_VS_SUB, "s.mlir")
    tensor = parse("func.func @src(%x: tensor<2xi32>) -> tensor<2xi32> {\n  return %x : tensor<2xi32>\n}\n"
                   "func.func @tgt(%x: i32) -> i32 {\n  %t = tensor.from_elements %x : tensor<1xi32>\n"
                   "  %c0 = arith.constant 0 : index\n  %r = tensor.extract %t[%c0] : tensor<1xi32>\n"
                   "  return %r : i32\n}\n", "t.mlir")
    assert runs_in_vm(scalar.functions["src"]) and runs_in_vm(scalar.functions["tgt"])
    assert not runs_in_vm(tensor.functions["src"]) and not runs_in_vm(tensor.functions["tgt"])
    assert backend_for(scalar.functions["src"], scalar.functions["tgt"]) == "IREE VM"
    assert backend_for(tensor.functions["src"], tensor.functions["tgt"]) == "IREE llvm-cpu"
    assert backend_for(scalar.functions["src"], tensor.functions["tgt"]) == "IREE VM (source), IREE llvm-cpu (target)"


def test_oracle_disagreement_names_both_oracles():
    import numpy as np

    from irverify.verify.settle import oracle_disagreement
    from irverify.verify.verdict import Confirmation, Counterexample

    cex = Counterexample("value mismatch", output="result #0", index=[1], source_value=-64, target_value=64)
    conf = Confirmation(False, "IREE VM", "execution agrees", np.array([0, -64]), np.array([0, -64]))
    message = oracle_disagreement(cex, conf)
    assert message.startswith("the oracles disagree at result #0[1]: irverify's reference semantics say "
                              "source -64, target 64; IREE VM executing both programs says source -64, target -64")
    assert "internal error" not in message and "please report" not in message


def test_check_split_input_pairs_case_by_case(tmp_path, capsys):
    before = write(tmp_path, "b.mlir", fn("f", "arith.addi") + "// -----\n" + fn("g", "arith.muli"))
    after = write(tmp_path, "a.mlir", fn("f", "arith.addi").replace("%x, %y", "%y, %x") + "// -----\n"
                  + fn("g", "arith.addi"))
    code, out, _ = run_main(capsys, "check", before, after, "--json", "--no-confirm")
    cases, summary = read_records(out)
    assert [(c["case"]["index"], c["case"]["line"], c["verdict"]) for c in cases] == [(0, 1, "correct"),
                                                                                      (1, 6, "incorrect")]
    assert [f["name"] for f in cases[1]["functions"]] == ["g"]
    assert summary["cases"] == 2 and summary["verdict"] == "incorrect" and code == 1
    short = write(tmp_path, "short.mlir", fn("f", "arith.addi"))
    code, _, err = run_main(capsys, "check", before, short)
    assert code == 2 and "has 2 cases (split by '// -----') but" in err
