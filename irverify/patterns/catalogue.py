"""Loading the pattern catalogue: every ``*.pattern`` file of a directory (default: the
repository's ``patterns/``), parsed with ``irverify.patterns.spec``."""

from __future__ import annotations

import os
from pathlib import Path

from irverify.errors import InputError
from irverify.patterns.spec import Pattern, SpecError, parse_spec

DEFAULT_DIR = Path(__file__).resolve().parents[2] / "patterns"


def catalogue_dir(path: str | os.PathLike | None = None) -> Path:
    return Path(path) if path else Path(os.environ.get("IRVERIFY_PATTERNS", DEFAULT_DIR))


def load_file(path: str | os.PathLike) -> list[Pattern]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror}") from None
    return parse_spec(text, str(path))


def load_catalogue(directory: str | os.PathLike | None = None) -> list[Pattern]:
    """All entries of the catalogue, in file then declaration order; names are unique.

    A malformed file raises ``InputError`` with the spec error's location."""
    root = catalogue_dir(directory)
    if not root.is_dir():
        raise InputError(f"{root}: no such pattern directory")
    patterns: list[Pattern] = []
    where: dict[str, str] = {}
    for f in sorted(root.glob("*.pattern")):
        try:
            entries = load_file(f)
        except SpecError as e:
            raise InputError(str(e)) from None
        for p in entries:
            if p.name in where:
                raise InputError(f"{f}:{p.line}:1: pattern '{p.name}' already defined in {where[p.name]}")
            where[p.name] = f"{f}:{p.line}"
            patterns.append(p)
    return patterns


def select(patterns: list[Pattern], names: list[str]) -> list[Pattern]:
    """The entries named in ``names`` (all when empty); an unknown name is an ``InputError``."""
    if not names:
        return patterns
    by_name = {p.name: p for p in patterns}
    unknown = [n for n in names if n not in by_name]
    if unknown:
        raise InputError(f"unknown pattern '{unknown[0]}' (known: {', '.join(sorted(by_name))})")
    return [by_name[n] for n in names]
