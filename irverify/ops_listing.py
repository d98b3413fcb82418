"""``irverify ops``: every op irverify gives a meaning, read from the registry.

Two kinds of ops are listed:

* **modelled** ops, registered with ``@semantics`` (``irverify.semantics.registry``): the
  attributes their semantics interprets (any other attribute makes the op ``unsupported``), the
  operands whose poison is undefined behaviour (a poison operand anywhere else propagates to what
  it reaches), their memory effects and whether they are pure;
* **opaque** ops (``irverify.semantics.opaque.OPAQUE_OPS``,
  ``irverify.semantics.relax_opaque.RELAX_OPAQUE_OPS`` when not also registered): uninterpreted
  functions of their operands, of every attribute (as printed) and of their result types, free
  of side effects, with an uninterpreted "undefined here" predicate.

Ops whose name has a component starting with ``__`` are the semantics' own helpers, not ops of
any dialect, and are left out. The README's table of supported ops is ``markdown_table()``.
"""

from __future__ import annotations

import json
import re
import textwrap
from dataclasses import asdict, dataclass

from irverify.errors import InputError

MODELLED = "modelled"
OPAQUE = "opaque"


@dataclass(frozen=True)
class OpEntry:
    name: str
    model: str  # MODELLED or OPAQUE
    attributes: tuple[str, ...]  # interpreted attributes (an opaque op: every attribute is part of it)
    poison_ub: tuple[tuple[str, str], ...]  # (operand positions, role): poison there is UB
    memory: str  # registry.MEMORY_EFFECTS
    pure: bool | None  # None: decided per instance (``registry.is_pure``)
    why_opaque: str = ""  # an opaque op: why it has no side effects

    @property
    def dialect(self) -> str:
        return self.name.split(".")[0]

    def to_json(self) -> dict:
        out = asdict(self)
        out["dialect"] = self.dialect
        out["attributes"] = list(self.attributes)
        out["poison_ub"] = [{"operands": spec, "role": role} for spec, role in self.poison_ub]
        if not self.why_opaque:
            del out["why_opaque"]
        return out


def all_entries() -> list[OpEntry]:
    """Every modelled and opaque op, sorted by name."""
    from irverify.semantics import registry
    from irverify.semantics.opaque import OPAQUE_OPS
    from irverify.semantics.relax_opaque import RELAX_OPAQUE_OPS

    entries = {}
    for name in registry.registered_ops():
        if any(part.startswith("__") for part in name.split(".")):
            continue
        sem = registry._REGISTRY[name]
        entries[name] = OpEntry(name, MODELLED, tuple(sorted(sem.attrs)), sem.poison_ub, sem.memory, sem.pure)
    for name, why in {**OPAQUE_OPS, **RELAX_OPAQUE_OPS}.items():
        if name not in entries:
            entries[name] = OpEntry(name, OPAQUE, (), (), "none", True, why)
    return [entries[n] for n in sorted(entries)]


def entries_of(dialect: str | None) -> list[OpEntry]:
    """The entries of ``dialect`` (a name prefix: ``relax`` or ``relax.nn``), or all of them."""
    entries = all_entries()
    if dialect is None:
        return entries
    chosen = [e for e in entries if e.name.startswith(dialect.rstrip(".") + ".")]
    if not chosen:
        known = sorted({e.dialect for e in entries})
        raise InputError(f"no modelled or opaque op in dialect '{dialect}' (dialects: {', '.join(known)})")
    return chosen


# ----------------------------------------------------------------------------- text


def describe_positions(spec: str) -> str:
    """Operand positions as ``registry.operand_positions`` reads them, in words."""
    if spec == "all":
        return "every operand"
    if spec.startswith("segment "):
        return f"operand group {spec.split()[1]}"
    if ":" not in spec:
        return "the last operand" if spec == "-1" else f"operand {spec}"
    a, b = spec.split(":")
    if not b:
        return f"operands {a or 0}.."
    if int(b) < 0:
        return f"operands {a or 0}.. but the last {-int(b)}"
    return f"operands {a or 0}..{int(b) - 1}"


def describe_poison_ub(entry: OpEntry) -> str:
    return "; ".join(f"{describe_positions(spec)} ({role})" for spec, role in entry.poison_ub)


def describe_pure(entry: OpEntry) -> str:
    if entry.pure is not None:
        return "yes" if entry.pure else "no"
    return "if its body is" if entry.memory == "regions" else "on tensors"


HEADER = ("op", "model", "memory", "pure", "attributes | poison is UB in")


def text_lines(entries: list[OpEntry]) -> list[str]:
    """One line per op: name, model, memory effects, purity, then its attributes and the operands
    whose poison is UB; then what holds for every op."""
    from irverify.semantics.registry import HINT_ATTRS, STRUCTURAL_ATTRS

    rows = [HEADER]
    for e in entries:
        attrs = "every attribute, as printed" if e.model == OPAQUE else ", ".join(e.attributes) or "-"
        poison = describe_poison_ub(e)
        rows.append((e.name, e.model, e.memory, describe_pure(e), attrs + (f" | {poison}" if poison else "")))
    widths = [max(len(r[k]) for r in rows) for k in range(len(HEADER) - 1)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)) + "  " + r[-1] for r in rows]
    modelled = sum(e.model == MODELLED for e in entries)
    notes = [
        (f"attributes: those the op's semantics interprets; any other attribute makes it unsupported, "
         f"except {', '.join(sorted(STRUCTURAL_ATTRS))} (operand grouping) and the compiler hints "
         f"{', '.join(sorted(HINT_ATTRS))} (they never change what an op computes)."),
        ("poison is UB in: the scalar operands whose poison is undefined behaviour; a poison operand "
         "anywhere else propagates to the results (or stored elements) it reaches. Ops that apply "
         "elementwise make poison UB inside their semantics, element by element, and say so in "
         "their docstring (a division's divisor, gather indices, a mask). MLIR function arguments "
         "may be poison; Relax values never are."),
        ("opaque: an uninterpreted function of the operands, every attribute and the result types, "
         "the same on both sides (rewrites that move, share or delete it are proved); a "
         "counterexample through it needs execution to be confirmed."),
    ]
    lines += ["", f"{modelled} modelled, {len(entries) - modelled} opaque."]
    lines += [ln for note in notes for ln in textwrap.wrap(note, 96, subsequent_indent="  ")]
    return [ln.rstrip() for ln in lines]


# ----------------------------------------------------------------------------- README table


def _short(entry: OpEntry) -> str:
    return entry.name.split(".", 1)[1]


def markdown_table(entries: list[OpEntry] | None = None) -> str:
    """The README's table: per dialect, its modelled ops and its opaque ops."""
    entries = all_entries() if entries is None else entries
    dialects = sorted({e.dialect for e in entries})
    lines = ["| dialect | modelled ops | opaque ops |", "|---|---|---|"]
    for d in dialects:
        modelled = [_short(e) for e in entries if e.dialect == d and e.model == MODELLED]
        opaque = [_short(e) for e in entries if e.dialect == d and e.model == OPAQUE]
        lines.append(f"| `{d}` | {', '.join(modelled)} | {', '.join(opaque)} |".replace("|  |", "| |"))
    return "\n".join(lines)


def contested_markdown() -> str:
    """The README's list of contested points of semantics (``irverify.model.assumptions``)."""
    from irverify.model.assumptions import CONTESTED

    lines = ["| flag | readings (default first) | why the default |", "|---|---|---|"]
    for c in CONTESTED.values():
        readings = "; ".join(f"`{r}`: {c.meaning[r]}" for r in c.readings)
        lines.append(f"| `--{c.name}` | {readings} | {c.why_default} |")
    return "\n".join(lines)


def run(args) -> int:
    """``irverify ops``: print the listing; exit 0 (an unknown dialect is an ``InputError``)."""
    entries = entries_of(args.dialect)
    if args.ops_json:
        print(json.dumps({"ops": [e.to_json() for e in entries]}))
    elif args.markdown:
        print(markdown_table(entries))
    else:
        print("\n".join(text_lines(entries)))
    return 0


# ----------------------------------------------------------------------------- generated doc blocks

# name -> what writes it; a document holds it between "<!-- generated: NAME -->" and
# "<!-- end generated -->" lines (README.md, docs/semantics.md; ``tools/update_docs.py``).
GENERATED = {"ops-table": markdown_table, "contested": contested_markdown}
_BLOCK = re.compile(r"(<!-- generated: ([\w-]+) -->\n)(.*?)(<!-- end generated -->)", re.DOTALL)


def update_blocks(text: str) -> str:
    """``text`` with every generated block written anew."""
    return _BLOCK.sub(lambda m: m.group(1) + GENERATED[m.group(2)]() + "\n" + m.group(4), text)


def blocks_of(text: str) -> list[str]:
    """The names of the generated blocks ``text`` holds."""
    return [m.group(2) for m in _BLOCK.finditer(text)]
