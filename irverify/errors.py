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


def ran_out_of_memory(e: BaseException) -> bool:
    """Whether ``e`` means the process ran out of memory: a ``MemoryError``, or a ``SyntaxError``
    raised while compiling one of irverify's own modules or an installed library's. CPython's
    parser can report an allocation that failed while it backtracked as a syntax error
    (python/cpython#156108); those files parse, so under a memory limit the error is the limit.
    A syntax error in a user's input (a Relax script) is never under these directories."""
    if isinstance(e, MemoryError):
        return True
    if not isinstance(e, SyntaxError) or not e.filename:
        return False
    import os
    import sysconfig

    path = os.path.realpath(e.filename)
    roots = {os.path.dirname(os.path.realpath(__file__))}
    roots.update(os.path.realpath(p) for key, p in sysconfig.get_paths().items()
                 if key in ("stdlib", "platstdlib", "purelib", "platlib"))
    return any(path.startswith(os.path.join(root, "")) for root in roots)
