"""Frontends, loaded lazily by file suffix: each package offers ``parse(text, path) -> Module``
and ``confirm(...)`` (replay a counterexample on the real compiler)."""

from __future__ import annotations

import importlib
import os
import re
import sys

from irverify.errors import InputError

SUFFIXES = {".mlir": "irverify.frontends.mlir", ".py": "irverify.frontends.relax"}


def frontend_for(path: str):
    suffix = os.path.splitext(path)[1]
    if suffix not in SUFFIXES:
        raise InputError(f"{path}: unknown input kind '{suffix}' (expected .mlir or .py)")
    return importlib.import_module(SUFFIXES[suffix])


def frontend_named(name: str):
    return importlib.import_module(f"irverify.frontends.{name}")


STDIN = "-"


def read(path: str) -> tuple[str, str, object]:
    """``(text, name, frontend)`` of one input; ``-`` reads standard input (TVMScript when it
    imports ``tvm``, else MLIR) and is named ``<stdin>``."""
    if path == STDIN:
        try:
            text = sys.stdin.read()
        except UnicodeDecodeError:
            raise InputError("<stdin>: not a UTF-8 text file") from None
        kind = ".py" if re.search(r"^\s*(from|import)\s+tvm\b", text, re.M) else ".mlir"
        return text, "<stdin>", importlib.import_module(SUFFIXES[kind])
    frontend = frontend_for(path)
    try:
        with open(path, encoding="utf-8") as f:
            return f.read(), path, frontend
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not a UTF-8 text file") from None


def load(path: str):
    """Read and parse one input (``read``) into an irverify ``Module``."""
    text, name, frontend = read(path)
    return frontend.parse(text, name)
