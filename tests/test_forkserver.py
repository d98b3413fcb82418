"""The fork server that lit runs ``irverify`` and ``filecheck`` through (``irverify/forkserver.py``):
a command line run through it ends as the same command run afresh would."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from irverify import forkserver

pytestmark = pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="the fork server needs Linux pidfds")

REPO = Path(__file__).resolve().parents[1]
PAIR = REPO / "testdata/litmus/arith/addf-commute-ieee.srctgt.mlir"
BAD = REPO / "testdata/litmus/arith/float-escalated-reassociation-bad.srctgt.mlir"


@pytest.fixture(scope="module")
def commands():
    run = forkserver.lit_commands(sys.executable, preload=())
    yield run
    # (the server is stopped at exit by lit_commands' atexit hook)


def _sh(command: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, shell=True, capture_output=True, text=True, timeout=300, **kwargs)


def _plain(tool: str) -> str:
    return f"{sys.executable} -m {tool}"


@pytest.mark.parametrize("args", [
    f"check {PAIR} --no-confirm",
    f"check {PAIR} {REPO}/no-such-file.mlir",
    "check --no-such-flag",
])
def test_a_command_ends_as_it_does_run_afresh(commands, args):
    served = _sh(f"{commands['irverify']} {args}")
    plain = _sh(f"{_plain('irverify')} {args}")
    assert (served.returncode, served.stdout, served.stderr) == (plain.returncode, plain.stdout, plain.stderr)


def test_a_counterexample_ends_as_it_does_run_afresh(commands):
    """The verdict is the same; the counterexample z3 finds may differ from a fresh process's (its
    search depends on the process's history), so only the report's frame is compared."""
    served = _sh(f"{commands['irverify']} check {BAD} --no-confirm")
    plain = _sh(f"{_plain('irverify')} check {BAD} --no-confirm")
    assert served.returncode == plain.returncode == 1

    def frame(out: str) -> list[str]:
        lines = out.splitlines()
        return [lines[0], *(line for line in lines if line.startswith(("verdict:", "model:")))]

    assert frame(served.stdout) == frame(plain.stdout)
    assert frame(served.stdout)[:2] == ["@src: incorrect", "verdict: incorrect"]


def test_distinct_exit_codes_come_through(commands):
    codes = {_sh(f"{commands['irverify']} check {pair} --no-confirm").returncode for pair in (PAIR, BAD)}
    codes.add(_sh(f"{commands['irverify']} check {PAIR} {REPO}/no-such-file.mlir").returncode)
    assert codes == {0, 1, 2}


def test_filecheck_reads_the_pipe_and_the_working_directory_is_the_clients(commands, tmp_path):
    (tmp_path / "checks.txt").write_text("CHECK: verdict: correct\n")
    good = _sh(f"{commands['irverify']} check {PAIR} --no-confirm | {commands['filecheck']} checks.txt",
               cwd=tmp_path)
    assert good.returncode == 0, good.stderr
    (tmp_path / "checks.txt").write_text("CHECK: verdict: incorrect\n")
    bad = _sh(f"{commands['irverify']} check {PAIR} --no-confirm | {commands['filecheck']} checks.txt",
              cwd=tmp_path)
    assert bad.returncode == 1 and "verdict: incorrect" in bad.stderr


def test_the_environment_is_the_clients(commands):
    """``IRVERIFY_DEBUG`` (read when irverify fails) reaches the forked process."""
    args = f"check {PAIR} {REPO}/no-such-file.mlir"
    quiet = _sh(f"{commands['irverify']} {args}")
    debug = _sh(f"{commands['irverify']} {args}", env={**os.environ, "IRVERIFY_DEBUG": "1"})
    plain_debug = _sh(f"{_plain('irverify')} {args}", env={**os.environ, "IRVERIFY_DEBUG": "1"})
    assert debug.stderr == plain_debug.stderr
    assert quiet.returncode == debug.returncode == 2


def test_without_a_server_the_client_runs_the_tool_itself(tmp_path):
    client = f"{sys.executable} -I -S {forkserver.CLIENT} {tmp_path}/no-server/socket"
    served = _sh(f"{client} irverify check {BAD} --no-confirm")
    assert served.returncode == 1 and "verdict: incorrect" in served.stdout


def _descendants(pid: int) -> set[int]:
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def test_a_killed_client_takes_its_tool_with_it(commands):
    """lit's timeout kills the client; the forked tool must not run on."""
    server = forkserver.SERVERS[-1].pid
    slow = REPO / "testdata/litmus/arith/index-narrow-timeout-unknown.srctgt.mlir"
    client = subprocess.Popen(f"exec {commands['irverify']} check {slow} --timeout 60",
                              shell=True, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not _descendants(server) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _descendants(server), "the command never reached the server"
    client.kill()
    client.wait()
    deadline = time.monotonic() + 10
    while _descendants(server) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _descendants(server)


def test_exit_codes_follow_python():
    assert forkserver._exit_code(None) == 0
    assert forkserver._exit_code(SystemExit(None)) == 0
    assert forkserver._exit_code(SystemExit(3)) == 3
    assert forkserver._exit_code(SystemExit("message")) == 1
    assert forkserver._exit_code(ValueError("x")) == 1


def test_a_server_whose_parent_is_gone_stops(tmp_path):
    """A server told to serve a parent it does not have (that parent has ended) stops at once."""
    proc = subprocess.run([sys.executable, "-m", "irverify.forkserver", str(tmp_path / "socket"),
                           "--parent", "1" if os.getppid() != 1 else "2"], timeout=120, capture_output=True)
    assert proc.returncode == 0
