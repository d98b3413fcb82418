"""``irverify validate-lit``: RUN lines of lit files replayed in-process, one verdict per case."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from irverify.lit_corpus import construct, error_class, run_lines

pytestmark = pytest.mark.iree

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "testdata" / "validate-lit" / "sample.mlir"
FOLD_RESHAPE = (ROOT / "testdata" / "peer-suites" / "iree-lit" / "compiler" / "src" / "iree" / "compiler" / "Codegen"
                / "Common" / "test" / "fold_reshape_into_interface_tensor.mlir")


def validate_lit(*args: str) -> tuple[int, list[dict], dict]:
    proc = subprocess.run([sys.executable, "-m", "irverify", "validate-lit", *args, "--json"],
                          capture_output=True, text=True, timeout=600, cwd=ROOT)
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert proc.stderr == "" and lines and "summary" in lines[-1], proc.stdout + proc.stderr
    return proc.returncode, lines[:-1], lines[-1]["summary"]


def test_run_lines_become_pipelines():
    runs = run_lines(str(SAMPLE), SAMPLE.read_text())
    assert len(runs) == 2  # the FileCheck-only RUN line is not an iree-opt run
    first, second = runs
    assert first.pipeline == "builtin.module(canonicalize, cse)" and first.split and first.not_replayed == []
    assert second.pipeline == "builtin.module(util.func(canonicalize))" and second.split
    assert second.not_replayed == ["--iree-some-global-option=4"]


def test_function_pass_flags_nest_into_functions():
    text = "// RUN: iree-opt --iree-codegen-decompose-softmax --cse %s | FileCheck %s\n"
    (run,) = run_lines("x.mlir", text)
    assert run.pipeline == ("builtin.module(func.func(iree-codegen-decompose-softmax), "
                            "util.func(iree-codegen-decompose-softmax), cse)")


def test_sample_cases_and_summary():
    """RUN#1 (canonicalize on every function) changes each case it can read; RUN#2 canonicalizes
    util.func functions only, so it leaves the func.func cases unchanged: `correct` without
    encoding them, the memref case included."""
    code, records, summary = validate_lit(str(SAMPLE), "-j", "2")
    verdicts = [(r["run"], r["line"], r["verdict"], r["changed"]) for r in records]
    assert verdicts == [(1, 1, "correct", True), (1, 14, "correct", True), (1, 21, "unsupported", True),
                        (1, 30, "error", None), (2, 1, "correct", True), (2, 14, "correct", False),
                        (2, 21, "correct", False), (2, 30, "error", None)]
    assert summary["verdicts"] == {"correct": 5, "incorrect": 0, "unknown": 0, "unsupported": 1, "error": 2}
    assert summary["unsupported"] == {"argument of type memref<...>": 1}
    assert summary["correct_unchanged"] == 2
    assert summary["errors"] == {"the installed compiler cannot parse the input": 2}
    assert summary["not_replayed"] == [f"{SAMPLE} RUN#2: --iree-some-global-option=4"]
    assert code == 0


def test_shards_partition_the_cases_and_any_jobs_count_agrees():
    _, whole, _ = validate_lit(str(SAMPLE), "-j", "1")
    _, one, _ = validate_lit(str(SAMPLE), "--shard", "1/2", "-j", "2")
    _, two, _ = validate_lit(str(SAMPLE), "--shard", "2/2")
    key = lambda r: (r["run"], r["case"], r["verdict"])  # noqa: E731
    assert sorted(map(key, one + two)) == sorted(map(key, whole)) and len(one) == 4 and len(two) == 4
    assert not {map(key, one)} & {map(key, two)}


def test_case_time_limit_makes_unknown():
    _, records, summary = validate_lit(str(SAMPLE), "--case-timeout", "0.001")
    assert {r["verdict"] for r in records} == {"unknown"}
    assert all(r["message"].startswith("time limit") for r in records) and summary["cases"] == 8


def test_bad_shard_is_a_usage_error():
    proc = subprocess.run([sys.executable, "-m", "irverify", "validate-lit", str(SAMPLE), "--shard", "3/2"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
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
    assert bad["line"] == 283 and summary["incorrect_confirmed"] == 1 and code == 1


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
