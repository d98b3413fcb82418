"""Errors that become verdicts: bad input (exit 2) and unsupported constructs (exit 3)."""

from __future__ import annotations

from irverify.ir.core import Location


class InputError(Exception):
    """Bad input: a parse error, mismatched signatures, an unknown function, bad usage.

    ``str()`` is the one-line message printed to the user (``file:line:col: message`` where known).
    """


class Unsupported(Exception):
    """An op, attribute, type or construct irverify does not model, with its location."""

    def __init__(self, what: str, loc: Location | None = None, detail: str = ""):
        self.what = what
        self.loc = loc
        self.detail = detail
        where = f"{loc}: " if loc else ""
        extra = f" ({detail})" if detail else ""
        super().__init__(f"{where}unsupported: {what}{extra}")
