"""Catch reads beside the checkout (a sibling folder of inputs and the like) while the tests run: the
repository holds every input its tests need.

An audit hook (``sys.addaudithook``) records every file opened or directory listed in the
test process whose path lies in the repository's parent directory (or, when the checkout is a
git worktree, in the parent directory of the main checkout) but outside the repository, and
that existed before the test session started (what a test creates itself,
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


def _main_checkout(repo) -> str | None:
    """The main checkout of a git worktree (``.git`` is then a file naming
    ``<main>/.git/worktrees/<name>``), else None."""
    try:
        with open(os.path.join(repo, ".git"), encoding="utf-8") as f:
            line = f.read().strip()
    except OSError:  # a directory (a plain checkout) or no git at all
        return None
    if not line.startswith("gitdir:"):
        return None
    gitdir = os.path.abspath(os.path.join(repo, line[len("gitdir:"):].strip()))
    parts = gitdir.split(os.sep)
    if len(parts) < 3 or parts[-2] != "worktrees" or parts[-3] != ".git":
        return None
    return os.sep.join(parts[:-3])


_PARENTS = tuple(sorted({os.path.dirname(str(p).rstrip(os.sep)).rstrip(os.sep) + os.sep
                         for p in (REPO, _main_checkout(str(REPO))) if p}, key=len, reverse=True))
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
    parent = next((q for q in _PARENTS if p.startswith(q)), None)
    if parent is None or (p + os.sep).startswith((_INSIDE, *_ALLOWED)):
        return None
    if p[len(parent):].startswith("."):
        return None
    return None if _created_during_the_session(p, parent) else p


def _created_during_the_session(p: str, parent: str) -> bool:
    """Was ``p`` (or, when missing, its nearest existing folder below ``parent``) made after
    the session started? A missing entry directly beside the checkout counts as an input."""
    while len(p) >= len(parent):
        try:
            return os.stat(p).st_ctime >= START - 2  # coarse file-system clocks
        except OSError:
            p = os.path.dirname(p)
    return False


def _hook(event: str, args: tuple) -> None:
    if event in _EVENTS and args and (p := outside(args[0])) is not None:
        SEEN.append(p)


sys.addaudithook(_hook)
