"""``irverify.phases``: each second counted once, under the path of the phases open then; a
trace for a case stopped at its limit; the phases in ``check --json`` and ``validate-lit``
records."""

from __future__ import annotations

import json
import time

from irverify import phases
from irverify.lit_corpus import PHASES_TRACE, _phases_at_limit


def test_nested_phases_count_each_second_once(tmp_path):
    phases.reset()
    with phases.phase("ieee"):
        time.sleep(0.02)
        with phases.phase("solver"):
            time.sleep(0.05)
        time.sleep(0.02)
    with phases.phase("solver"):
        time.sleep(0.01)
    got = phases.snapshot()
    assert set(got) == {"ieee", "ieee/solver", "solver"}
    assert 0.04 <= got["ieee/solver"] < 0.5 and 0.03 <= got["ieee"] < 0.5 and 0.005 <= got["solver"] < 0.5
    assert phases.open_phases() == []


def test_a_trace_names_the_open_phases_and_the_parent_counts_the_rest_to_them(tmp_path):
    out = str(tmp_path / "0.json")
    phases.reset(trace_path=out + PHASES_TRACE)
    with phases.phase("ieee"):
        with phases.phase("solver"):  # the child is killed here
            trace = json.loads((tmp_path / ("0.json" + PHASES_TRACE)).read_text())
            assert trace["open"] == ["ieee", "solver"]
    phases.reset()
    got = _phases_at_limit(out, elapsed=60.0)
    assert got["open_phases"] == ["ieee", "solver"]
    assert abs(sum(got["phases"].values()) - 60.0) < 0.01 and got["phases"]["ieee/solver"] > 59
    assert not (tmp_path / ("0.json" + PHASES_TRACE)).exists()
    assert _phases_at_limit(out) == {}  # no trace: nothing to say


def test_check_json_records_its_phases(tmp_path, capsys):
    from irverify.cli import main

    src = tmp_path / "a.mlir"
    src.write_text("func.func @f(%x: i32) -> i32 {\n  %0 = arith.addi %x, %x : i32\n  return %0 : i32\n}\n")
    tgt = tmp_path / "b.mlir"
    tgt.write_text("func.func @f(%x: i32) -> i32 {\n  %c1 = arith.constant 1 : i32\n"
                   "  %0 = arith.shli %x, %c1 : i32\n  return %0 : i32\n}\n")
    phases.reset()
    assert main(["check", str(src), str(tgt), "--json", "--no-confirm"]) == 0
    record = json.loads(capsys.readouterr().out.splitlines()[0])
    assert record["verdict"] == "correct"
    assert {"parse", "encode", "solver"} <= set(record["timings"]["phases"])
