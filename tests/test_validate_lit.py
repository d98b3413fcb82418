"""``irverify validate-lit``: RUN lines of lit files replayed in-process, one verdict per case,
lit's exit-code contract, results as cases finish."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from irverify.lit_corpus import NOT_REPLAYED, OTHER_TOOL, PARTIAL, REPLAYED, run_lines
from irverify.lit_report import construct, error_class
from irverify.records import read_records

pytestmark = pytest.mark.iree

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "testdata" / "validate-lit" / "sample.mlir"
FOLD_RESHAPE = (ROOT / "testdata" / "peer-suites" / "iree-lit" / "compiler" / "src" / "iree" / "compiler" / "Codegen"
                / "Common" / "test" / "fold_reshape_into_interface_tensor.mlir")
MIN_MAX = "builtin.module(func.func(iree-codegen-replace-slow-min-max-ops))"

ADD_ZERO = """func.func @add0(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  return %0 : i32
}
"""
MINIMUM = """func.func @minimum(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.minimumf %x, %y : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "irverify", "validate-lit", *args], capture_output=True,
                          text=True, timeout=600, cwd=ROOT)


def validate_lit(*args: str) -> tuple[int, list[dict], dict]:
    proc = run(*args, "--json")
    records, summary = read_records(proc.stdout)
    assert proc.stderr == "" and summary is not None, proc.stdout + proc.stderr
    assert summary["exit_code"] == proc.returncode
    return proc.returncode, records, summary


def lit_file(tmp_path: Path, name: str, run_lines_: list[str], body: str) -> str:
    path = tmp_path / name
    path.write_text("".join(f"// RUN: {line}\n" for line in run_lines_) + "\n" + body, encoding="utf-8")
    return str(path)


def test_run_lines_become_pipelines():
    runs = run_lines(str(SAMPLE), SAMPLE.read_text())
    first, second, third = runs
    assert first.pipeline == "builtin.module(canonicalize, cse)" and first.split and first.dropped == []
    assert first.status == REPLAYED and first.line == 2
    assert second.pipeline == "builtin.module(util.func(canonicalize))" and second.split
    assert second.status == PARTIAL and second.dropped[0].startswith("--iree-some-global-option=4: not a pass")
    assert third.status == OTHER_TOOL and third.tool == "FileCheck"  # listed, never dropped silently


def test_function_pass_flags_nest_into_functions():
    text = "// RUN: iree-opt --iree-codegen-decompose-softmax --cse %s | FileCheck %s\n"
    (run_,) = run_lines("x.mlir", text)
    assert run_.pipeline == ("builtin.module(func.func(iree-codegen-decompose-softmax), "
                             "util.func(iree-codegen-decompose-softmax), cse)")


def test_run_lines_that_cannot_be_replayed_say_why():
    text = ("// RUN: iree-opt -arith-expand %s | FileCheck %s\n"
            "// RUN: iree-opt --pass-pipeline=\"builtin.module(func.func(fold-tensor-subset-ops))\" %s\n"
            "// RUN: iree-compile %s | FileCheck %s\n"
            "// RUN: not iree-opt --canonicalize %s\n"
            "// RUN: iree-opt --allow-unregistered-dialect --mlir-disable-threading --verify-diagnostics "
            "--canonicalize %s\n")
    unknown, bad_pipeline, compile_, negative, flags = run_lines("x.mlir", text)
    assert unknown.status == NOT_REPLAYED and "-arith-expand: not a pass of the installed compiler" in unknown.problem
    assert bad_pipeline.status == NOT_REPLAYED
    assert "'fold-tensor-subset-ops' does not refer to a registered pass" in bad_pipeline.problem
    assert compile_.status == OTHER_TOOL and compile_.tool == "iree-compile"
    assert negative.status == OTHER_TOOL and "expects the tool to fail" in negative.problem
    assert flags.allow_unregistered and flags.status == PARTIAL
    assert [d.split(":")[0] for d in flags.dropped] == ["--verify-diagnostics"]


def test_sample_cases_and_summary():
    """RUN#1 (canonicalize on every function) changes each case it can read; RUN#2 canonicalizes
    util.func functions only, so it leaves the func.func cases unchanged: `correct` without
    encoding them, the memref case included. The unparsable case is an error and RUN#2 drops a
    flag: exit 1."""
    code, records, summary = validate_lit(str(SAMPLE), "-j", "2")
    verdicts = sorted((r["input"]["run"], r["case"]["line"], r["verdict"], r["changed"]) for r in records)
    assert verdicts == [(1, 1, "correct", True), (1, 14, "correct", True), (1, 21, "unsupported", True),
                        (1, 30, "error", None), (2, 1, "correct", True), (2, 14, "correct", False),
                        (2, 21, "correct", False), (2, 30, "error", None)]
    assert summary["verdicts"] == {"correct": 5, "incorrect": 0, "unknown": 0, "unsupported": 1, "error": 2}
    assert summary["unsupported"] == {"argument of type memref<...>": 1}
    assert summary["correct_unchanged"] == 2
    assert summary["errors"] == {"the installed compiler cannot parse the input": 2}
    assert [r["status"] for r in summary["run_lines"]] == [REPLAYED, PARTIAL, OTHER_TOOL]
    assert {r["kind"] for r in records if r["verdict"] == "error"} == {"input-error"}
    assert code == 1 and summary["message"] == "FAILED (exit 1): 2 failing cases, 1 RUN line replayed without some flags"


def test_nothing_checked_is_exit_2(tmp_path):
    """A file whose only RUN line runs irverify checks nothing: lit's 'no tests' exit, not a pass."""
    path = lit_file(tmp_path, "own.mlir", ["irverify check %s | filecheck %s"], ADD_ZERO)
    code, records, summary = validate_lit(path)
    assert code == 2 and records == [] and summary["cases"] == 0 and summary["verdict"] == "error"
    assert summary["run_lines"][0]["status"] == OTHER_TOOL and summary["run_lines"][0]["tool"] == "irverify"
    proc = run(path)
    assert proc.returncode == 2 and "NOTHING CHECKED (exit 2)" in proc.stdout
    assert f"{path}:1 RUN#1: irverify (validate-lit replays iree-opt and mlir-opt RUN lines)" in proc.stdout


def test_unknown_passes_fail_with_the_reason_in_text(tmp_path):
    """RUN lines naming a pass the installed compiler lacks are not replayed: exit 1 with the
    compiler's reason in the text summary; an iree-compile RUN line is listed too."""
    path = lit_file(tmp_path, "mixed.mlir", [
        "iree-opt -arith-expand %s | FileCheck %s",
        "iree-opt --pass-pipeline=\"builtin.module(func.func(no-such-pass))\" %s | FileCheck %s",
        "iree-compile %s | FileCheck %s",
        "iree-opt --canonicalize %s | FileCheck %s"], ADD_ZERO)
    proc = run(path, "--no-confirm")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    out = proc.stdout
    assert f"correct: {path}:1 RUN#4 @add0" in out
    assert "RUN lines not replayed (their cases are not checked) (2):" in out
    assert "'no-such-pass' does not refer to a registered pass" in out and "-arith-expand: not a pass" in out
    assert f"{path}:3 RUN#3: iree-compile" in out
    assert "FAILED (exit 1): 2 RUN lines not replayed" in out


def test_allow_unregistered_dialect_is_replayed(tmp_path):
    """``--allow-unregistered-dialect`` on the RUN line: the input parses; a case the pass leaves
    unchanged is correct, one it changes names the unregistered op as unsupported."""
    body = ('func.func @keep(%x: i32) -> i32 {\n  "foo.use"(%x) : (i32) -> ()\n  return %x : i32\n}\n'
            "// -----\n" + ADD_ZERO.replace("return %0", '"foo.use"(%0) : (i32) -> ()\n  return %0'))
    run_line = "iree-opt --allow-unregistered-dialect --split-input-file --canonicalize %s | FileCheck %s"
    path = lit_file(tmp_path, "unreg.mlir", [run_line], body)
    code, records, summary = validate_lit(path, "--no-confirm")
    assert [(r["verdict"], r["changed"]) for r in records] == [("correct", False), ("unsupported", True)]
    assert "op 'foo.use'" in records[1]["message"] and "allow-unregistered" not in records[1]["message"]
    assert summary["run_lines"][0]["status"] == REPLAYED and code == 0


def test_failing_case_line_and_verbose_report(tmp_path):
    """A failing case is one line with its kind as it finishes; -v adds its whole report (the
    counterexample and what the pass changed); the summary lists it with a hint."""
    path = lit_file(tmp_path, "minmax.mlir", [f"iree-opt --pass-pipeline=\"{MIN_MAX}\" %s | FileCheck %s"], MINIMUM)
    proc = run(path, "--no-confirm")
    assert proc.returncode == 1
    line = f"incorrect: {path}:1 RUN#1 @minimum: value-mismatch at result #0"
    assert proc.stdout.startswith(line) and "(1 of 1)" in proc.stdout.splitlines()[0]
    assert "Failing cases (1):" in proc.stdout and "-v prints each failing case's report" in proc.stdout
    assert "ERROR: value mismatch" not in proc.stdout
    verbose = run(path, "--no-confirm", "-v").stdout
    report = verbose.split("\nFailing cases")[0]
    assert report.startswith(line) and "ERROR: value mismatch" in report and "Example:" in report
    assert "the pass changed:" in report and "arith.minnumf" in report


def test_clean_file_passes(tmp_path):
    path = lit_file(tmp_path, "ok.mlir", ["iree-opt --canonicalize --mlir-print-local-scope %s -o - | FileCheck %s"],
                    ADD_ZERO)
    proc = run(path, "--no-confirm")
    assert proc.returncode == 0 and "PASSED (exit 0): 1 case, none incorrect or error" in proc.stdout


def test_cases_are_reported_as_they_finish(tmp_path, capsys):
    """While the second case runs, the first one has been printed already (not held back until the
    end of the run)."""
    from irverify.lit_corpus import plan, run_jobs
    from irverify.lit_report import Reporter
    from irverify.verify.check import Options

    path = lit_file(tmp_path, "two.mlir", ["iree-opt --split-input-file --canonicalize %s"],
                    ADD_ZERO + "// -----\n" + ADD_ZERO.replace("@add0", "@add1"))
    runs, jobs = plan([path], None)
    reporter = Reporter(runs, len(jobs), as_json=False, verbose=False)
    printed_while_second_ran = []

    def tick(running):
        reporter.tick(running)
        if any(job.number == 1 for job, _ in running):
            printed_while_second_ran.append(capsys.readouterr().out)

    for job, record, report in run_jobs(jobs, Options(confirm=False), 1, 60, 8192, tick=tick):
        reporter.case(job, record, report)
    assert reporter.finish() == 0
    assert printed_while_second_ran and f"correct: {path}:1 RUN#1 @add0" in printed_while_second_ran[0]


def test_progress_bar_only_on_a_terminal(capsys):
    from irverify.progress import Progress

    plain = Progress(2)  # captured streams are not terminals: lines only
    plain.line("case 1")
    assert plain.bar is None and capsys.readouterr().out == "case 1\n"
    bar = Progress(2, enabled=True)
    bar.line("case 1")
    bar.advance()
    bar.status("running x.mlir:3")
    bar.close()
    out, err = capsys.readouterr()
    assert out == "case 1\n" and "1/2" in err


def test_shards_partition_the_cases_and_any_jobs_count_agrees():
    _, whole, _ = validate_lit(str(SAMPLE), "-j", "1")
    _, one, _ = validate_lit(str(SAMPLE), "--shard", "1/2", "-j", "2")
    _, two, _ = validate_lit(str(SAMPLE), "--shard", "2/2")
    key = lambda r: (r["input"]["run"], r["case"]["index"], r["verdict"])  # noqa: E731
    assert sorted(map(key, one + two)) == sorted(map(key, whole)) and len(one) == 4 and len(two) == 4
    assert not set(map(key, one)) & set(map(key, two))


def test_case_time_limit_makes_unknown():
    _, records, summary = validate_lit(str(SAMPLE), "--case-timeout", "0.001")
    assert {r["verdict"] for r in records} == {"unknown"} and {r["kind"] for r in records} == {"timeout"}
    assert all(r["message"].startswith("time limit") for r in records) and summary["cases"] == 8


def test_bad_shard_is_a_usage_error():
    proc = run(str(SAMPLE), "--shard", "3/2")
    assert proc.returncode == 2 and "--shard must be I/N" in proc.stdout + proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr


def test_real_iree_test_file_finds_the_partial_store_miscompile():
    """IREE's own test of fold-reshape-into-interface-tensor, replayed as its RUN line says: the
    dynamic partial store (line 283) is miscompiled by the installed IREE, and execution
    confirms it; every other case is correct."""
    code, records, summary = validate_lit(str(FOLD_RESHAPE), "-j", "2")
    v = summary["verdicts"]
    assert v["incorrect"] == 1 and v["unsupported"] == 0 and v["error"] == 0
    # On a loaded machine a solver query may time out: unknown, never another verdict.
    assert v["correct"] >= 22 and v["correct"] + v["unknown"] == 23
    (bad,) = [r for r in records if r["verdict"] == "incorrect"]
    assert bad["case"]["line"] == 283 and bad["oracle"] == "execution" and summary["incorrect_confirmed"] == 1
    assert code == 1


@pytest.mark.parametrize("message,expected", [
    ("a.mlir:3:4: unsupported: op 'linalg.pack'", "op 'linalg.pack'"),
    ("a.mlir:3:4: unsupported: indexing map affine_map<(d0, d1) -> (d0 + d1)> of 'linalg.generic' (only ...)",
     "indexing map affine_map<...>"),
    ("a.mlir:1:1: unsupported: argument of type memref<?x4xf32, strided<[4, 1]>>", "argument of type memref<...>"),
    ("a.mlir:1:1: unsupported: tied_operands [-1, 0] of 'util.func' @f", "tied_operands [-N, N] of 'util.func' @F"),
])
def test_unsupported_constructs_are_grouped(message, expected):
    assert construct(message) == expected


@pytest.mark.parametrize("message,expected", [
    ("a.mlir:58:12: properties dictionary is missing required attribute: indexing_maps",
     "the installed compiler cannot parse the input"),
    ("a.mlir:338: pass failed: 'iree_linalg_ext.map_store' op can't be vectorized", "the pass failed on the input"),
    ("a.mlir: no public function to check (private functions are checked through their callers)",
     "no public function to check"),
])
def test_error_classes(message, expected):
    assert error_class(message) == expected


def test_incorrect_under_a_contested_reading_is_counted_apart():
    """A case whose verdict rests on a contested reading names it and is counted apart; under
    the other reading it is correct."""
    path = ROOT / "testdata" / "validate-lit" / "affine-offset-contested.mlir"
    p = run(str(path), "--no-confirm")
    assert p.returncode == 1, p.stdout + p.stderr
    assert "rests on affine-overflow=wrap" in p.stdout
    assert "1 incorrect only under a contested reading" in p.stdout
    p = run(str(path), "--no-confirm", "--json")
    cases, summary = read_records(p.stdout)
    assert summary["incorrect_contested"] == 1 and cases[0]["assumptions"] == ["affine-overflow=wrap"]
    p = run(str(path), "--no-confirm", "--affine-overflow=poison")
    assert p.returncode == 0, p.stdout + p.stderr


def test_solver_queries_of_a_case_share_part_of_its_time_limit(tmp_path, monkeypatch):
    """A case's solver queries together get SOLVER_SHARE of its time limit (past it they return
    unknown naming the query), so a case ends with a verdict instead of at the limit."""
    import json
    import os

    from irverify import lit_corpus, validate
    from irverify.smt import solver

    def fake_case(*args, **kwargs):
        raise RuntimeError(f"budget {solver.budget_left():.3f}")

    monkeypatch.setattr(validate, "validate_iree_case", fake_case)
    _, jobs = lit_corpus.plan([str(SAMPLE)], None)
    out = tmp_path / "case.json"
    pid = os.fork()  # as validate-lit runs a case (the child sets its own memory limit)
    if pid == 0:
        try:
            lit_corpus._child(jobs[0], None, str(out), 4096, None, case_timeout=50.0)
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    left = float(json.loads(out.read_text())["record"]["message"].split("budget ")[1])
    assert 0.7 * 50.0 - 1.0 < left <= 0.7 * 50.0
