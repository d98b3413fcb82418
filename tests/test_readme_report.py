"""The report shown in README.md is what ``irverify check`` prints: same lines, same layout
(numbers aside), and its values agree with each other (decimal and hex, inputs and results)."""

from __future__ import annotations

import re

import pytest

from irverify import cli

from tests.paths import REPO

COMMAND = "irverify check examples/div_to_shift.srctgt.mlir"


def readme_report() -> list[str]:
    text = (REPO / "README.md").read_text()
    m = re.search(r"    \$ " + re.escape(COMMAND) + r"\n```\n(.*?)\n```", text, re.S)
    assert m, "README.md no longer shows the report of: " + COMMAND
    return m.group(1).splitlines()


def shape(line: str) -> str:
    """A report line with its numbers replaced (the solver may pick other values)."""
    line = re.sub(r"0x[0-9a-f]+", "HEX", line)
    return re.sub(r"(?<![\w#])-?\d+(\.\d+)?(e[+-]?\d+)?", "N", line)


def hex_pairs(lines: list[str]) -> list[tuple[int, str]]:
    return [(int(d), h) for ln in lines for d, h in re.findall(r"(-?\d+) \((0x[0-9a-f]+)\)", ln)]


def check_values(lines: list[str]) -> None:
    text = "\n".join(lines)
    pairs = hex_pairs(lines)
    assert pairs and all(d & 0xFFFFFFFF == int(h, 16) for d, h in pairs)  # i32 two's complement
    n = int(re.search(r"%n : i32 = (-?\d+)", text).group(1))
    assert f"Source value: {int(n / 2)} " in text  # divsi rounds toward zero
    assert f"Target value: {n >> 1} " in text


EXECUTION = ("confirmed:", "  source output:", "  target output:")


def test_readme_report_has_the_shape_of_a_run_without_execution(capsys, monkeypatch):
    """Fast: everything but the execution lines, from a ``--no-confirm`` run."""
    monkeypatch.chdir(REPO)
    code = cli.main(COMMAND.split()[1:] + ["--no-confirm"])
    real = capsys.readouterr().out.rstrip("\n").splitlines()
    shown = [ln for ln in readme_report() if not ln.startswith(EXECUTION)]
    assert code == 1
    assert [shape(x) for x in shown] == [shape(x) for x in real]
    check_values(shown)
    check_values(real)


@pytest.mark.slow
@pytest.mark.iree
def test_readme_report_has_the_shape_of_a_real_run(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    code = cli.main(COMMAND.split()[1:])
    real = capsys.readouterr().out.rstrip("\n").splitlines()
    shown = readme_report()
    assert code == 1
    assert [shape(x) for x in shown] == [shape(x) for x in real]
    for lines in (shown, real):
        check_values(lines)
        assert "confirmed: true (IREE llvm-cpu (0-d tensor dispatch))" in "\n".join(lines)
