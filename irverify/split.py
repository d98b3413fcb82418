"""Checking inputs split by ``// -----`` lines, case by case (``irverify check``, ``check-suite``).

Case k of BEFORE is checked against case k of AFTER (or, with one input, the ``@src`` of case
k against its ``@tgt``); each case keeps the line numbers of its file. A case that does not
parse is an ``error`` of that case, an unmodelled op an ``unsupported`` one; the others go on.
"""

from __future__ import annotations

import time

from irverify.errors import InputError, Unsupported
from irverify.verify.verdict import Verdict


def is_split(text: str) -> bool:
    from irverify.validate import SPLIT_MARKER

    return any(line.strip() == SPLIT_MARKER for line in text.splitlines())


def check_split(inputs: list[tuple], opts, chosen: tuple[str | None, str | None] = (None, None)) -> list:
    """``inputs``: ``(text, name, frontend)`` of BEFORE (and AFTER); one ``CaseResult`` per case."""
    from irverify.validate import CaseResult, split_cases
    from irverify.verify.check import check_modules

    split = [split_cases(text, True) for text, _, _ in inputs]
    if len(split) == 2 and len(split[0]) != len(split[1]):
        raise InputError(f"{inputs[0][1]} has {len(split[0])} cases (split by '// -----') but "
                         f"{inputs[1][1]} has {len(split[1])}")
    results = []
    for k, case in enumerate(split[0]):
        start = time.perf_counter()
        try:
            mods = [frontend.parse(cases[k].text, name) for cases, (_, name, frontend) in zip(split, inputs)]
            report = check_modules(mods[0], mods[1] if len(mods) == 2 else None, opts, chosen=chosen)
            result = CaseResult(case, report.verdict, report, report.message)
        except InputError as e:
            result = CaseResult(case, Verdict.ERROR, message=str(e))
        except Unsupported as e:
            result = CaseResult(case, Verdict.UNSUPPORTED, message=str(e))
        result.time_s = time.perf_counter() - start
        results.append(result)
    return results
