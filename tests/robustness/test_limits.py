"""Resource limits: solver timeouts, crashing or hanging executors, memory.

(a) A query out of the solver's reach ends as ``unknown`` within the timeout plus a margin.
(b) A compiler child that crashes or hangs during confirmation is reported and irverify still
    returns a verdict; the executors themselves survive an out-of-bounds access at a huge
    offset (IREE: a run error; TVM ``take`` in ``fast`` mode: a segfault in the child).
(c) The largest supported mlir-tv pairs (by file size and by tensor size) stay below 2 GB of
    peak resident memory.
"""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from irverify import cli
from irverify.records import read_records
from tests.paths import MLIR_TV  # noqa: E402

REPO = Path(__file__).resolve().parents[2]

# x == (x sdiv y) * y + (x srem y) where the division is defined: true, but 64-bit division and
# multiplication are far beyond a two-second solver budget (both sides divide, so both have the
# same UB).
DIV_REM_I64 = """\
func.func @src(%x: i64, %y: i64) -> i64 {
  %q = arith.divsi %x, %y : i64
  %m = arith.muli %q, %y : i64
  %r = arith.remsi %x, %y : i64
  %s = arith.addi %m, %r : i64
  return %s : i64
}
func.func @tgt(%x: i64, %y: i64) -> i64 {
  %q = arith.divsi %x, %y : i64
  return %x : i64
}
"""

# x^3 + y^3 (mod 2^64) against z^3 + (x*y)*(x + y)*3 rearranged: a nonlinear 64-bit identity
# (x + y)^3 == x^3 + 3x^2y + 3xy^2 + y^3 written so that no operand order matches.
CUBE_I64 = """\
func.func @src(%x: i64, %y: i64) -> i64 {
  %s = arith.addi %x, %y : i64
  %s2 = arith.muli %s, %s : i64
  %s3 = arith.muli %s2, %s : i64
  return %s3 : i64
}
func.func @tgt(%x: i64, %y: i64) -> i64 {
  %c3 = arith.constant 3 : i64
  %xx = arith.muli %x, %x : i64
  %x3 = arith.muli %xx, %x : i64
  %yy = arith.muli %y, %y : i64
  %y3 = arith.muli %y, %yy : i64
  %xy = arith.muli %y, %x : i64
  %xpy = arith.addi %y, %x : i64
  %m = arith.muli %xpy, %xy : i64
  %m3 = arith.muli %c3, %m : i64
  %a = arith.addi %y3, %m3 : i64
  %r = arith.addi %x3, %a : i64
  return %r : i64
}
"""

EXT = """\
func.func @src(%a: i8) -> i32 {
  %r = arith.extsi %a : i8 to i32
  return %r : i32
}
func.func @tgt(%a: i8) -> i32 {
  %r = arith.extui %a : i8 to i32
  return %r : i32
}
"""

TAKE_MODES = """\
from tvm.script import ir as I, relax as R

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((4, 3), "int32"), i: R.Tensor((5,), "int64")) -> R.Tensor((5, 3), "int32"):
        r = R.take(x, i, axis=0, mode="{mode}")
        return r
"""


def check_json(capsys, argv: list[str]) -> tuple[int, dict, float]:
    capsys.readouterr()
    start = time.monotonic()
    rc = cli.main(argv + ["--json"])
    elapsed = time.monotonic() - start
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    cases, summary = read_records(out)
    assert len(cases) == 1 and summary["exit_code"] == rc, out
    return rc, cases[0], elapsed


# ----------------------------------------------------------------------------- (a) solver timeouts


@pytest.mark.parametrize("text", [DIV_REM_I64, CUBE_I64], ids=["divrem-i64", "cube-i64"])
def test_hard_query_is_unknown_within_the_timeout(capsys, tmp_path, text):
    path = tmp_path / "hard.srctgt.mlir"
    path.write_text(text, encoding="utf-8")
    rc, report, elapsed = check_json(capsys, ["check", str(path), "--timeout", "2", "--no-confirm"])
    # A proof within the budget would be fine for the identity; what must not happen is a wrong
    # verdict or an unbounded run.
    assert report["verdict"] in ("unknown", "correct"), report
    if report["verdict"] == "unknown":
        assert rc == 4
        assert any("timeout" in n or "could not decide" in (f.get("message") or "")
                   for f in report["functions"] for n in f["notes"] + [f.get("message") or ""])
    assert elapsed < 15.0, elapsed


def test_divrem_identity_is_out_of_reach(capsys, tmp_path):
    """The division identity is the one query known to time out: it must end as ``unknown``."""
    path = tmp_path / "divrem.srctgt.mlir"
    path.write_text(DIV_REM_I64, encoding="utf-8")
    rc, report, elapsed = check_json(capsys, ["check", str(path), "--timeout", "1", "--no-confirm"])
    assert (rc, report["verdict"]) == (4, "unknown")
    assert elapsed < 12.0, elapsed


def test_check_suite_timeout_in_workers(tmp_path):
    """With ``-j 2`` an undecidable pair ends as ``unknown`` and the other pairs are unaffected."""
    (tmp_path / "hard.srctgt.mlir").write_text(DIV_REM_I64, encoding="utf-8")
    (tmp_path / "easy.srctgt.mlir").write_text(EXT, encoding="utf-8")
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "irverify", "check-suite", str(tmp_path), "-j", "2", "--json",
                           "--timeout", "1", "--no-confirm"], capture_output=True, text=True, timeout=120, cwd=REPO)
    elapsed = time.monotonic() - start
    assert "Traceback" not in proc.stderr
    records = {r["input"]["name"]: r for r in read_records(proc.stdout)[0]}
    assert records["hard"]["verdict"] == "unknown" and records["easy"]["verdict"] == "incorrect"
    assert proc.returncode == 1  # incorrect is the worst verdict
    assert elapsed < 40.0


# ----------------------------------------------------------------------------- (b) executors


@pytest.fixture
def ext_pair(tmp_path) -> str:
    path = tmp_path / "ext.srctgt.mlir"
    path.write_text(EXT, encoding="utf-8")
    return str(path)


def _assert_unconfirmed(report: dict, what: str) -> None:
    assert report["verdict"] == "incorrect", report  # the proof does not depend on execution
    fn = report["functions"][0]
    assert fn["counterexample"] is not None
    assert fn["confirmed"] is not True
    detail = json.dumps(fn.get("execution") or {}) + (fn.get("message") or "")
    assert what in detail, detail


@pytest.mark.iree
def test_iree_child_crash_is_reported(capsys, monkeypatch, ext_pair):
    import irverify.execute.iree as iree_exec

    monkeypatch.setattr(iree_exec, "_child_command", lambda wd, start: [
        sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"])
    rc, report, elapsed = check_json(capsys, ["check", ext_pair, "--timeout", "5"])
    assert rc == 1
    _assert_unconfirmed(report, "SIGSEGV")
    assert elapsed < 30.0


@pytest.mark.iree
def test_iree_child_hang_is_killed(capsys, monkeypatch, ext_pair):
    import irverify.execute.iree as iree_exec

    monkeypatch.setattr(iree_exec, "_child_command", lambda wd, start: [
        sys.executable, "-c", "import time; time.sleep(600)"])
    monkeypatch.setattr(iree_exec, "run_functions", functools.partial(iree_exec.run_functions, timeout_s=2.0))
    rc, report, elapsed = check_json(capsys, ["check", ext_pair, "--timeout", "5"])
    assert rc == 1
    _assert_unconfirmed(report, "timeout")
    assert elapsed < 30.0  # the child is killed after 2 s (once per side at most)


@pytest.mark.iree
def test_iree_out_of_bounds_slice_at_huge_offset():
    """An extract_slice far out of bounds on the real runtime: an error for that call, while the
    next call (same compiled module) still runs."""
    from irverify.execute.iree import ExecutionError, run_functions

    text = textwrap.dedent("""\
        func.func @f(%t: tensor<4xi32>, %o: index) -> tensor<2xi32> {
          %r = tensor.extract_slice %t[%o] [2] [1] : tensor<4xi32> to tensor<2xi32>
          return %r : tensor<2xi32>
        }""")
    t = np.arange(4, dtype=np.int32)
    start = time.monotonic()
    out = run_functions(text, [("f", [t, 10**11]), ("f", [t, 1])], timeout_s=60)
    assert time.monotonic() - start < 120
    assert isinstance(out[0], (ExecutionError, list))
    if isinstance(out[0], ExecutionError):
        assert out[0].kind in ExecutionError.KINDS and "\n" not in str(out[0])
    assert not isinstance(out[1], ExecutionError), out[1]
    assert out[1][0].tolist() == [1, 2]


@pytest.mark.tvm
def test_tvm_far_out_of_range_take_crash_is_contained():
    pytest.importorskip("tvm")
    from irverify.execute.iree import ExecutionError as IreeExecutionError
    from irverify.execute.tvm import run_functions
    from irverify.frontends.relax.parse import parse

    module = parse(TAKE_MODES.format(mode="fast"), "take.py")
    x = np.arange(12, dtype=np.int32).reshape(4, 3)
    start = time.monotonic()
    out = run_functions(module.native, [("main", [x, np.array([10**9, -10**9, 0, 0, 0], np.int64)]),
                                        ("main", [x, np.array([3, 2, 1, 0, 0], np.int64)])], timeout_s=60)
    assert time.monotonic() - start < 120
    err = out[0]
    # The far read crashes the child (it may also return garbage): never a hang or an exception here.
    if isinstance(err, Exception):
        assert getattr(err, "kind", None) in IreeExecutionError.KINDS, err
    assert not isinstance(out[1], Exception), out[1]
    assert np.asarray(out[1][0]).tolist() == x[[3, 2, 1, 0, 0]].tolist()


@pytest.mark.tvm
def test_tvm_child_crash_during_confirmation(capsys, monkeypatch, tmp_path):
    pytest.importorskip("tvm")
    import irverify.execute.tvm as tvm_exec

    def crash(*args, **kwargs):
        os.kill(os.getpid(), 11)

    monkeypatch.setattr(tvm_exec, "_child_main", crash)
    before, after = tmp_path / "before.py", tmp_path / "after.py"
    before.write_text(TAKE_MODES.format(mode="clip"), encoding="utf-8")
    after.write_text(TAKE_MODES.format(mode="wrap"), encoding="utf-8")
    rc, report, elapsed = check_json(capsys, ["check", str(before), str(after), "--timeout", "5"])
    assert rc == 1
    _assert_unconfirmed(report, "crash")
    assert elapsed < 60.0


# ----------------------------------------------------------------------------- (c) memory


def _largest_pairs() -> list[tuple[str, Path, Path]]:
    """The supported mlir-tv pairs (``tools/run_mlir_tv.py`` selection) with the largest files
    and with the largest static tensor."""
    sys.path.insert(0, str(REPO / "tools"))
    try:
        import run_mlir_tv as runner
    finally:
        sys.path.pop(0)
    selected, _ = runner.select(runner.read_manifest(MLIR_TV))
    cases = [c for c in selected if c.parses]

    def elements(c) -> int:
        best = 0
        for p in (c.src, c.tgt):
            for m in re.finditer(r"tensor<((?:\d+x)+)", Path(p).read_text(encoding="utf-8")):
                n = 1
                for d in m.group(1).rstrip("x").split("x"):
                    n *= int(d)
                best = max(best, n)
        return best

    by_size = max(cases, key=lambda c: (os.path.getsize(c.src) + os.path.getsize(c.tgt), c.name))
    by_tensor = max(cases, key=lambda c: (elements(c), c.name))
    return [(c.name, Path(c.src), Path(c.tgt)) for c in (by_size, by_tensor)]


MEASURE = """\
import json, resource, subprocess, sys
proc = subprocess.run(sys.argv[1:], capture_output=True, text=True)
print(json.dumps({"rc": proc.returncode, "out": proc.stdout, "err": proc.stderr,
                  "maxrss_kb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
"""


def test_memory_bounded_on_largest_mlir_tv_pairs():
    for name, src, tgt in _largest_pairs():
        # A fresh parent per measurement, so RUSAGE_CHILDREN holds only this irverify process.
        cmd = [sys.executable, "-c", MEASURE, sys.executable, "-m", "irverify", "check", str(src), str(tgt),
               "--json", "--no-confirm", "--timeout", "10"]
        res = json.loads(subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=REPO).stdout)
        assert res["rc"] in (0, 1, 2, 3, 4) and "Traceback" not in res["err"], (name, res["err"])
        assert read_records(res["out"])[1]["verdict"] != "incorrect" or "-bad" in name
        peak_mb = res["maxrss_kb"] / 1024
        assert 10 < peak_mb < 2048, (name, peak_mb)
