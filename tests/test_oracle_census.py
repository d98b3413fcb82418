"""The oracle census of ``benchmarks/oracles.py --reports`` reads the JSON a user's run of the
plain CLI wrote and names the oracle of every `incorrect` verdict."""

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _oracles():
    spec = importlib.util.spec_from_file_location("oracles", ROOT / "benchmarks" / "oracles.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_census_of_json_lines_names_each_incorrect_function_and_its_oracle(tmp_path):
    lines = [
        {"case": "a.mlir:1", "verdict": "incorrect", "functions": [
            {"name": "f", "verdict": "incorrect", "counterexample": {"check": "value mismatch"},
             "oracles": ["IREE llvm-cpu (dispatch wrapper)"]},
            {"name": "g", "verdict": "correct"}]},
        {"case": "a.mlir:2", "verdict": "incorrect", "functions": [
            {"name": "h", "verdict": "incorrect", "counterexample": {"check": "target UB"},
             "oracles": [], "execution": {"detail": "not observable by execution"}}]},
        {"case": "a.mlir:3", "verdict": "incorrect", "functions": [
            {"name": "k", "verdict": "incorrect", "counterexample": None, "message": "public function dropped"}]},
        {"summary": {"correct": 1}},
    ]
    path = tmp_path / "out.jsonl"
    path.write_text("progress line\n" + "\n".join(json.dumps(x) for x in lines) + "\n")
    rows, tally = _oracles().census([path])
    assert [r[0] for r in rows] == ["a.mlir:1 @f", "a.mlir:2 @h", "a.mlir:3 @k"]
    assert rows[0][2] == "IREE llvm-cpu (dispatch wrapper)"
    assert rows[1][2] == "none: not observable by execution"
    assert rows[2][2].startswith("no counterexample needed")
    assert tally == {"incorrect, IREE llvm-cpu (dispatch wrapper)": 1, "incorrect, none": 1,
                     "incorrect, no counterexample needed": 1}


def test_census_reads_the_mlir_tv_runner_pairs(tmp_path):
    pair = {"name": "litmus/x-bad", "verdict": "incorrect", "functions": [
        {"name": "f", "verdict": "incorrect", "confirmed": False, "oracles": [], "message": "",
         "has_counterexample": True}]}
    path = tmp_path / "mtv.jsonl"
    path.write_text(json.dumps(pair) + "\n" + json.dumps({"summary": {}}) + "\n")
    rows, tally = _oracles().census([path])
    assert rows[0][0] == "litmus/x-bad @f" and rows[0][2] == "none"
