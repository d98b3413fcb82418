"""Catch reads beside the checkout (``../shared`` and the like) while the tests run: the
repository holds every input its tests need.

An audit hook (``sys.addaudithook``) records every file opened or directory listed in the
test process whose path lies in the repository's parent directory but outside the
repository, and that existed before the test session started (what a test creates itself,
e.g. under ``tmp_path`` when the checkout sits in the temporary directory, is its own output,
not an input). Paths under the Python installation and pytest's temporary root, and hidden
entries of the parent (tool configuration such as ``~/.cache``), are not test inputs and are
not recorded.
``tests/conftest.py`` fails a test that made such a read.
"""

from __future__ import annotations

import getpass
import os
import site
import sys
import tempfile
import time

from tests.paths import REPO

START = time.time()
_PARENT = str(REPO.parent).rstrip(os.sep) + os.sep
_INSIDE = str(REPO) + os.sep
_PYTEST_TEMP = os.path.join(tempfile.gettempdir(), f"pytest-of-{getpass.getuser()}")  # pytest's tmp_path root
_ALLOWED = tuple(sorted(p for p in {os.path.abspath(p) + os.sep for p in (
    sys.prefix, sys.base_prefix, sys.exec_prefix, *site.getsitepackages(), _PYTEST_TEMP)} if not _INSIDE.startswith(p)))
_EVENTS = ("open", "os.listdir", "os.scandir")

SEEN: list[str] = []
"""Every outside path read so far, in order (absolute)."""


def outside(path) -> str | None:
    """The absolute path if reading ``path`` is a read beside the checkout, else None."""
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    if not isinstance(path, str):
        return None  # a file descriptor, or os.scandir() of the working directory
    p = os.path.abspath(path)
    if not p.startswith(_PARENT) or (p + os.sep).startswith((_INSIDE, *_ALLOWED)):
        return None
    if p[len(_PARENT):].startswith("."):
        return None
    return None if _created_during_the_session(p) else p


def _created_during_the_session(p: str) -> bool:
    """Was ``p`` (or, when missing, its nearest existing folder below the parent) made after
    the session started? A missing entry directly beside the checkout counts as an input."""
    while len(p) >= len(_PARENT):
        try:
            return os.stat(p).st_ctime >= START - 2  # coarse file-system clocks
        except OSError:
            p = os.path.dirname(p)
    return False


def _hook(event: str, args: tuple) -> None:
    if event in _EVENTS and args and (p := outside(args[0])) is not None:
        SEEN.append(p)


sys.addaudithook(_hook)
