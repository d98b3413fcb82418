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


def load(path: str):
    """Read and parse one input file into an irverify ``Module``; ``-`` reads standard input
    (TVMScript when it imports ``tvm``, else MLIR)."""
    if path == STDIN:
        try:
            text = sys.stdin.read()
        except UnicodeDecodeError:
            raise InputError("<stdin>: not a UTF-8 text file") from None
        kind = ".py" if re.search(r"^\s*(from|import)\s+tvm\b", text, re.M) else ".mlir"
        return importlib.import_module(SUFFIXES[kind]).parse(text, "<stdin>")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not a UTF-8 text file") from None
    return frontend_for(path).parse(text, path)
