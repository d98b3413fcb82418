"""The package layers: the value model (``irverify.model``) below the semantics, the semantics
below the encoder, the refinement checks and counterexample extraction. An import against
the layering (at module level or inside a function) would close an import circle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
ROOT = REPO / "irverify"

# package -> the irverify packages it must not import
FORBIDDEN = {
    "model": ("semantics", "verify", "cex", "frontends", "execute", "contracts", "fuzz"),
    "semantics": ("verify", "cex", "frontends", "execute", "contracts", "fuzz"),
    "ir": ("model", "semantics", "verify", "cex", "smt", "frontends"),
}


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            out.extend((node.lineno, a.name) for a in node.names)
    return out


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_import_against_the_layers(package):
    bad = []
    for path in sorted((ROOT / package).glob("*.py")):
        for line, module in _imports(path):
            parts = module.split(".")
            if parts[0] == "irverify" and len(parts) > 1 and parts[1] in FORBIDDEN[package]:
                bad.append(f"{path.relative_to(REPO)}:{line}: imports {module}")
    assert bad == []


def test_z3_only_inside_smt():
    bad = []
    for path in sorted(ROOT.rglob("*.py")):
        if path.relative_to(ROOT).parts[0] == "smt":
            continue
        for line, module in _imports(path):
            if module.split(".")[0] in ("z3", "cvc5"):
                bad.append(f"{path.relative_to(REPO)}:{line}: imports {module}")
    assert bad == []
