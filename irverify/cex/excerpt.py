"""The lines of the compared functions that a counterexample exercises, echoed by the report.

For a differing result ``#k`` these are the function's first line, the ops its ``k``-th
returned value depends on (through operands, and through the values an op's regions read),
and the return; for any other failure (target UB, a memory output) every op of the body. An
op with regions spans the lines up to the next op of the body. Lines come from the module's
text by the ops' locations; when a location does not point at its op in that text (IR a pass
printed anew, whose locations still name the input file), nothing is echoed.
"""

from __future__ import annotations

from irverify.ir.core import Function, Module, Op

MAX_LINES = 24  # per side; the rest is summarised by a count


def exercised_lines(mod: Module, fn: Function, output: str) -> list[tuple[int, str]]:
    """``(line number, text)`` of ``fn``'s lines a counterexample on ``output`` exercises, in
    file order; ``[]`` when the module's text cannot be matched to the ops' locations."""
    if fn.body is None or not fn.body.ops or fn.loc.line <= 0:
        return []
    text = mod.text.splitlines()
    ops = list(fn.body.ops)
    terminator = ops[-1]
    chosen = _slice(ops[:-1], terminator, output)
    numbers: set[int] = {fn.loc.line}
    for i, op in enumerate(ops):
        if op not in chosen and op is not terminator:
            continue
        if not 0 < op.loc.line <= len(text) or op.loc.file != fn.loc.file or not _names(text[op.loc.line - 1], op):
            return []
        last = op.loc.line
        if op.regions and i + 1 < len(ops) and ops[i + 1].loc.line > op.loc.line:
            last = ops[i + 1].loc.line - 1
        numbers.update(range(op.loc.line, last + 1))
    return [(n, text[n - 1].rstrip()) for n in sorted(numbers) if 0 < n <= len(text) and text[n - 1].strip()]


def _names(line: str, op: Op) -> bool:
    """Does ``line`` show ``op`` (its name's last part, as custom and generic forms print it)?"""
    return op.name.split(".")[-1] in line


def _slice(ops: list[Op], terminator: Op, output: str) -> set[Op]:
    """The ops the returned value ``output`` (``result #k``) depends on; every op otherwise."""
    if not output.startswith("result #"):
        return set(ops)
    k = int(output.split("#")[1])
    if k >= len(terminator.operands):
        return set(ops)
    defining = {r.id: op for op in ops for r in op.results}
    chosen: set[Op] = set()
    work = [terminator.operands[k]]
    while work:
        op = defining.get(work.pop().id)
        if op is None or op in chosen:
            continue
        chosen.add(op)
        work += _reads(op)
    return chosen


def _reads(op: Op) -> list:
    """The values ``op`` reads: its operands and those of the ops in its regions."""
    out = list(op.operands)
    for region in op.regions:
        for block in region:
            for inner in block.ops:
                out += _reads(inner)
    return out


def excerpt_text(label: str, path: str, lines: list[tuple[int, str]]) -> list[str]:
    """The echoed lines of one side, numbered, with a gap marker where lines are left out."""
    if not lines:
        return []
    out = [f"{label} ({path}):"]
    previous = None
    for n, (number, line) in enumerate(lines):
        if n == MAX_LINES:
            out.append(f"  ... {len(lines) - MAX_LINES} more lines")
            break
        if previous is not None and number > previous + 1:
            out.append("      ...")
        out.append(f"  {number:>4} | {line}")
        previous = number
    return out
