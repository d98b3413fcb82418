"""Queries in ``solver.isolated()`` run in a forked child process with a hard CPU limit: the
answers are the in-process answers (a ``sat`` model usable here), the child's CPU time counts
against the enclosing ``budget``, and a child past its limit is killed (z3 turns large IEEE
float terms into bits without answering an interrupt)."""

from __future__ import annotations

import time

import pytest
import z3

from irverify.smt import solver


def _hard():
    """A 40-bit factoring query: z3 needs far longer than the budgets below."""
    x, y = z3.BitVecs("x y", 80)
    n = 1000000007 * 998244353
    return [x * y == n, z3.UGT(x, 1), z3.UGT(y, 1), z3.ULT(x, 1 << 40), z3.ULT(y, 1 << 40)]


def test_isolated_answers_are_the_in_process_answers():
    a, b = z3.Ints("a b")
    with solver.isolated():
        sat = solver.check("sat", [a + b == 7, a > 5, b > 0], timeout_s=5)
        unsat = solver.check("unsat", [a + b == 7, a > 7, b > 0], timeout_s=5)
    assert sat.status == "sat" and sat.model.eval(a).as_long() == 6
    assert unsat.status == "unsat"


def test_a_childs_cpu_time_counts_against_the_budget():
    start = time.perf_counter()
    with solver.budget(1.0), solver.isolated():
        first = solver.check("hard", _hard(), timeout_s=20)
        left = solver.budget_left()
        second = solver.check("hard again", _hard(), timeout_s=20)
    assert first.status == "unknown" and "timeout" in first.reason
    assert left is not None and left <= 0.1
    assert second.status == "unknown" and second.reason == "time budget spent"
    assert time.perf_counter() - start < 6


def test_a_child_past_its_limit_is_killed(monkeypatch):
    # The child's own interrupt comes at the budget; a limit below it shows the parent's kill.
    monkeypatch.setattr(solver, "ISOLATION_GRACE", (0.0, 0.25))
    start = time.perf_counter()
    with solver.isolated():
        res = solver.check("hard", _hard(), timeout_s=4)
    assert res.status == "unknown" and res.reason == "timeout (4 s of CPU time)"
    assert time.perf_counter() - start < 3


@pytest.mark.parametrize("on", [False, True])
def test_isolation_nests_and_can_be_switched_off(on):
    a = z3.Int("a")
    with solver.isolated(), solver.isolated(on):
        assert solver._ISOLATE[-1] is on
        assert solver.check("q", [a > 3], timeout_s=5).status == "sat"
    assert not solver._ISOLATE


def test_a_child_whose_parent_dies_is_killed_too():
    """An isolated query's child must not outlive its parent (``validate-lit`` kills a case's
    process at its time limit): the kernel kills it (PR_SET_PDEATHSIG)."""
    import subprocess
    import sys

    code = ("import z3, time\n"
            "from irverify.smt import solver\n"
            "x, y = z3.BitVecs('x y', 80)\n"
            "q = [x * y == 1000000007 * 998244353, z3.UGT(x, 1), z3.UGT(y, 1),\n"
            "     z3.ULT(x, 1 << 40), z3.ULT(y, 1 << 40)]\n"
            "with solver.isolated():\n"
            "    solver.check('hard', q, timeout_s=60)\n")
    parent = subprocess.Popen([sys.executable, "-c", code])
    deadline = time.time() + 20
    children: list[int] = []
    while time.time() < deadline and not children:
        time.sleep(0.2)
        try:
            with open(f"/proc/{parent.pid}/task/{parent.pid}/children", encoding="ascii") as f:
                children = [int(c) for c in f.read().split()]
        except OSError:
            break
    parent.kill()
    parent.wait()
    assert children, "no child process was started"
    time.sleep(0.5)
    for pid in children:
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue  # gone
        assert state == "Z", f"child {pid} still running ({state})"  # dead, not yet reaped
