"""Affine maps and expressions (``affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>``).

A frontend-neutral tree; semantics evaluate it over index terms.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Dim:
    pos: int

    def __str__(self) -> str:
        return f"d{self.pos}"


@dataclass(frozen=True)
class Sym:
    pos: int

    def __str__(self) -> str:
        return f"s{self.pos}"


@dataclass(frozen=True)
class Const:
    value: int

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class BinExpr:
    """``kind`` is one of ``add``, ``mul``, ``mod``, ``floordiv``, ``ceildiv``."""

    kind: str
    lhs: AffineExpr
    rhs: AffineExpr

    def __str__(self) -> str:
        sym = {"add": "+", "mul": "*", "mod": "mod", "floordiv": "floordiv", "ceildiv": "ceildiv"}
        return f"({self.lhs} {sym[self.kind]} {self.rhs})"


AffineExpr = Dim | Sym | Const | BinExpr


@dataclass(frozen=True)
class AffineMap:
    num_dims: int
    num_syms: int
    results: tuple[AffineExpr, ...]

    def __str__(self) -> str:
        dims = ", ".join(f"d{i}" for i in range(self.num_dims))
        syms = f"[{', '.join(f's{i}' for i in range(self.num_syms))}]" if self.num_syms else ""
        return f"affine_map<({dims}){syms} -> ({', '.join(map(str, self.results))})>"

    def is_projected_permutation(self) -> bool:
        """Every result is a distinct dim or the constant 0 (a broadcast)."""
        seen: set[int] = set()
        for r in self.results:
            if isinstance(r, Const) and r.value == 0:
                continue
            if not isinstance(r, Dim) or r.pos in seen:
                return False
            seen.add(r.pos)
        return True
