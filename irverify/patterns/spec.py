"""The pattern spec language: named rewrites with provenance and a shape family.

A ``.pattern`` file holds one or more entries::

    # comments start with '#'
    pattern FoldCollapseShapeIntoInterfaceTensorStoreFullSlice {
      project "IREE"
      rewrite "FoldCollapseShapeIntoInterfaceTensorStoreFullSlice"
      source  "compiler/src/iree/compiler/Codegen/Common/ReshapePatterns.cpp"
      doc     "A store of collapse_shape(x) becomes a store of x into a re-typed binding."
      pass iree "builtin.module(func.func(iree-codegen-fold-reshape-into-interface-tensor))"
      expect correct                      # or: expect static correct, mixed incorrect
      shape rank2 {
        dim N in {6, ?} from "hal.interface.constant.load layout(#l) ordinal(0) : index"
        dim M in {4, ?} from "hal.interface.constant.load layout(#l) ordinal(1) : index"
        let NM = N * M
        before mlir \"\"\" ...template... \"\"\"
      }
    }

Fields: ``project``, ``rewrite`` (the upstream pattern or pass name), ``source`` (upstream path)
are required; ``doc``, ``issue``, ``expect``, ``why`` and ``fp`` are optional (``why`` says why an
``expect`` names a verdict other than ``correct``; ``irverify patterns`` prints it under its table). ``fp real`` (or
``abstract``, ``ieee``) fixes the float model of every check of the entry, overriding
``--fp``: for rewrites that hold only over the reals (e.g. moving a scale factor), whose
``correct`` then carries the ``real-only`` note. Exactly one way of producing the
after IR: a ``pass`` (``iree`` = an MLIR pass pipeline run in-process; ``transform`` = a
``transform.apply_patterns.<NAME>`` pattern set applied by the transform interpreter; ``tvm`` =
a ``relax.transform`` expression) or ``after`` templates in every shape. An after template may
be restricted to some columns (``after mlir for mixed \"\"\"...\"\"\"``), and
``after unchanged [for static, dynamic]`` says that the rewrite leaves those instances as they
are (the after IR is the before IR), e.g. where the rewrite does not apply.
``after file [for mixed] "DIR/{slug}.after.mlir"`` reads each instance's after IR from a file
(MLIR only; the path is relative to the ``.pattern`` file's directory, and ``{slug}`` is the
instance's slug, e.g. ``seed-Rd_K2``): for recorded outputs of a compiler that cannot run
in-process, e.g. an older release. The file is used verbatim (no placeholders). A file holding
only comments records that the compiler produced no IR for the instance: checking it is an
``error`` whose message is the comment lines from the first one starting ``// no output``.

A ``shape`` block is one IR family (use several for rank variants). ``dim N in {4, ?}``
declares a dimension parameter ranging over static values and ``?`` (dynamic); every
combination of values is one instance. ``from "TEXT"`` gives the op that produces the value of
a dynamic ``N`` (a push constant, ``tensor.dim``, ...). ``let K = N * M`` declares a product
of dims and integer constants (static when all its dims are).

Template placeholders (only declared names are substituted; other braces are left alone):

* ``{N}``: the extent in a type: ``4`` or ``?`` (TVMScript: ``4`` or ``"N"``).
* ``{N.value}``: a mixed static/dynamic operand: ``4`` or ``%N`` (TVMScript: ``4`` or ``N``).
* ``{N.def}``: a line defining ``%N`` as an ``index``: ``%N = arith.constant 4 : index`` when
  static, ``%N = <from TEXT>`` when dynamic; for ``let K = N * M``:
  ``%K = affine.apply affine_map<()[s0, s1] -> (s0 * s1)>()[%N, %M]`` when dynamic, or
  ``%K = <from TEXT>`` with ``let K = N * M from "TEXT"`` (e.g. a push constant that the
  program's preconditions tie to the product).
* ``{dims(N, M)}``: the dynamic-dim list of a dispatch tensor type or a subspan: ``{%N, %M}``
  restricted to the dynamic names, or nothing when all are static.
* ``{operands(N, M)}``: ``%N, %M`` restricted to the dynamic names (e.g. ``tensor.empty``).

An instance is classified as ``static`` (every declared dim static), ``dynamic`` (every one
dynamic) or ``mixed``.
"""

from __future__ import annotations

import itertools
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from irverify.errors import InputError

COLUMNS = ("static", "dynamic", "mixed")
VERDICTS = ("correct", "incorrect", "unknown", "unsupported", "error")
PASS_KINDS = ("iree", "transform", "tvm")
FP_MODELS = ("abstract", "real", "ieee")
LANGS = ("mlir", "tvmscript")

GRAMMAR = r"""
start: entry*
entry: "pattern" NAME "{" field* "}"
?field: meta | pass_ | fp_ | expect | shape
meta: META_KEY STRING
fp_: "fp" NAME
pass_: "pass" NAME STRING
expect: "expect" expect_item ("," expect_item)*
expect_item: NAME? NAME
shape: "shape" NAME "{" shape_item* "}"
?shape_item: dim | let | template | unchanged | after_file
dim: "dim" NAME "in" "{" dim_value ("," dim_value)* "}" ("from" STRING)?
dim_value: INT | DYN
let: "let" NAME "=" factor ("*" factor)* ("from" STRING)?
?factor: NAME | INT
template: TEMPLATE_KIND NAME for_columns? BLOCK
unchanged: TEMPLATE_KIND "unchanged" for_columns?
after_file: TEMPLATE_KIND "file" for_columns? STRING
for_columns: "for" NAME ("," NAME)*

META_KEY: "project" | "rewrite" | "source" | "doc" | "issue" | "why"
TEMPLATE_KIND: "before" | "after"
DYN: "?"
NAME: /[A-Za-z_][A-Za-z0-9_.-]*/
BLOCK.2: /\"\"\"(.|\n)*?\"\"\"/
STRING: /"([^"\\\n]|\\.)*"/
COMMENT: /#[^\n]*/
%import common.INT
%import common.WS
%ignore WS
%ignore COMMENT
"""

_PARSER = Lark(GRAMMAR, parser="lalr", propagate_positions=True)


class SpecError(Exception):
    """A malformed spec; ``str()`` is ``path:line:col: message``."""

    def __init__(self, path: str, line: int, col: int, message: str):
        self.path, self.line, self.col, self.message = path, line, col, message
        super().__init__(f"{path}:{line}:{col}: {message}")


@dataclass
class Dim:
    name: str
    values: list[int | None]  # None is dynamic ('?')
    source: str | None = None  # the op producing a dynamic value (template text)
    line: int = 0


@dataclass
class Let:
    name: str
    factors: list[str | int]  # dim names and integer constants
    line: int = 0
    source: str | None = None  # the op producing the value when dynamic (default: affine.apply)


@dataclass
class Template:
    lang: str
    text: str
    line: int  # line of the opening quotes in the spec file
    col: int = 1  # column just after the opening quotes
    file: str | None = None  # ``after file "PATH"``: PATH, which may hold ``{slug}``
    base: str = "."  # the directory PATH is relative to (the spec file's)

    def file_for(self, inst: Instance) -> Path:
        """The after file of ``inst`` (only for ``after file`` templates)."""
        return Path(self.base) / self.file.replace("{slug}", inst.slug)


UNCHANGED = Template("", "", 0)  # ``after unchanged``: the after IR is the before IR


@dataclass
class Shape:
    name: str
    dims: list[Dim]
    lets: list[Let]
    before: Template
    afters: dict[str, Template] = field(default_factory=dict)  # column -> after template
    line: int = 0

    def after_for(self, column: str) -> Template | None:
        """The after template of instances in ``column`` (``UNCHANGED`` or ``None`` = none)."""
        return self.afters.get(column)

    def instances(self) -> list[Instance]:
        """Every combination of dim values, in declaration order."""
        out = []
        for combo in itertools.product(*(d.values for d in self.dims)):
            out.append(Instance(self, dict(zip((d.name for d in self.dims), combo))))
        return out


@dataclass
class Instance:
    """One member of a shape family: a value (int or ``None`` = dynamic) per declared dim."""

    shape: Shape
    values: dict[str, int | None]

    @property
    def column(self) -> str:
        dynamic = [v is None for v in self.values.values()]
        if not any(dynamic):
            return "static"
        return "dynamic" if all(dynamic) else "mixed"

    @property
    def label(self) -> str:
        vals = ",".join(f"{k}={'?' if v is None else v}" for k, v in self.values.items())
        return f"{self.shape.name}[{vals}]"

    @property
    def slug(self) -> str:
        vals = "_".join(f"{k}{'d' if v is None else v}" for k, v in self.values.items())
        return f"{self.shape.name}-{vals}" if vals else self.shape.name

    def render(self, template: Template) -> str:
        if template is UNCHANGED:
            template = self.shape.before
        if template.file is not None:
            return read_after_file(template.file_for(self), self.label)
        return render(template.text, self.shape, self.values, template.lang)


@dataclass
class Pattern:
    name: str
    path: str
    line: int
    project: str = ""
    rewrite: str = ""
    source: str = ""
    doc: str = ""
    issue: str = ""
    why: str = ""  # why ``expect`` names a verdict other than correct (shown by ``irverify patterns``)
    pass_kind: str | None = None
    pass_text: str | None = None
    fp: str | None = None  # the float model of every check of this entry (None: the run's)
    expect: dict[str, str] = field(default_factory=lambda: {c: "correct" for c in COLUMNS})
    shapes: list[Shape] = field(default_factory=list)

    def instances(self) -> list[Instance]:
        return [i for s in self.shapes for i in s.instances()]


# ----------------------------------------------------------------------------- parsing


def parse_spec(text: str, path: str = "<spec>") -> list[Pattern]:
    """Parse a ``.pattern`` file; raises ``SpecError`` with the location of the first problem."""
    try:
        tree = _PARSER.parse(text)
    except UnexpectedInput as e:
        raise SpecError(path, getattr(e, "line", 0) or 0, getattr(e, "column", 0) or 0, _describe(e)) from None
    patterns = [_entry(t, path) for t in tree.children]
    seen: dict[str, Pattern] = {}
    for p in patterns:
        if p.name in seen:
            raise SpecError(path, p.line, 1, f"pattern '{p.name}' defined twice (first at line {seen[p.name].line})")
        seen[p.name] = p
    return patterns


def _describe(e: UnexpectedInput) -> str:
    if isinstance(e, UnexpectedToken):
        if e.token.type == "$END":
            return "unexpected end of file"
        expected = sorted(x for x in e.expected if not x.startswith("__"))
        hint = f"; expected one of: {', '.join(expected[:8])}" if expected else ""
        return f"unexpected {e.token.type.lower()} '{e.token}'{hint}"
    if isinstance(e, UnexpectedCharacters):
        return f"unexpected character '{e.char}'"
    if isinstance(e, UnexpectedEOF):
        return "unexpected end of file"
    return str(e).splitlines()[0]


def _unquote(tok: Token) -> str:
    return bytes(str(tok)[1:-1], "utf-8").decode("unicode_escape")


def _entry(tree: Tree, path: str) -> Pattern:
    name_tok = tree.children[0]
    p = Pattern(str(name_tok), path, name_tok.line)
    seen_meta: set[str] = set()
    expect_seen = False
    for f in tree.children[1:]:
        line, col = f.meta.line, f.meta.column
        if f.data == "meta":
            key, value = str(f.children[0]), _unquote(f.children[1])
            if key in seen_meta:
                raise SpecError(path, line, col, f"'{key}' given twice in pattern '{p.name}'")
            seen_meta.add(key)
            setattr(p, key, value)
        elif f.data == "pass_":
            kind = str(f.children[0])
            if kind not in PASS_KINDS:
                raise SpecError(path, line, col, f"unknown pass kind '{kind}' (expected {', '.join(PASS_KINDS)})")
            if p.pass_kind is not None:
                raise SpecError(path, line, col, f"pattern '{p.name}' has two passes")
            p.pass_kind, p.pass_text = kind, _unquote(f.children[1])
        elif f.data == "fp_":
            model = str(f.children[0])
            if model not in FP_MODELS:
                raise SpecError(path, line, col, f"unknown float model '{model}' (expected {', '.join(FP_MODELS)})")
            if p.fp is not None:
                raise SpecError(path, line, col, f"'fp' given twice in pattern '{p.name}'")
            p.fp = model
        elif f.data == "expect":
            if expect_seen:
                raise SpecError(path, line, col, f"'expect' given twice in pattern '{p.name}'")
            expect_seen = True
            p.expect = _expect(f, path)
        elif f.data == "shape":
            p.shapes.append(_shape(f, path))
    for key in ("project", "rewrite", "source"):
        if key not in seen_meta:
            raise SpecError(path, p.line, 1, f"pattern '{p.name}' has no '{key}' (provenance is required)")
    if not p.shapes:
        raise SpecError(path, p.line, 1, f"pattern '{p.name}' has no shape")
    names = [s.name for s in p.shapes]
    for s in p.shapes:
        if names.count(s.name) > 1:
            raise SpecError(path, s.line, 1, f"shape '{s.name}' defined twice in pattern '{p.name}'")
        missing = [c for c in COLUMNS if c not in s.afters]
        if p.pass_kind is None and missing:
            raise SpecError(path, s.line, 1, f"shape '{s.name}' needs an 'after' template for {', '.join(missing)} "
                            f"instances (pattern '{p.name}' has no pass)")
        if p.pass_kind is not None and s.afters:
            raise SpecError(path, s.line, 1,
                            f"shape '{s.name}' has an 'after' template but pattern '{p.name}' runs a pass")
        if p.pass_kind == "tvm" and s.before.lang != "tvmscript":
            raise SpecError(path, s.before.line - 1, 1, "a 'tvm' pass needs a tvmscript template")
        if p.pass_kind in ("iree", "transform") and s.before.lang != "mlir":
            raise SpecError(path, s.before.line - 1, 1, f"an '{p.pass_kind}' pass needs an mlir template")
    return p


def _expect(tree: Tree, path: str) -> dict[str, str]:
    out = {}
    for item in tree.children:
        toks = [str(t) for t in item.children]
        line, col = item.meta.line, item.meta.column
        column, verdict = (toks if len(toks) == 2 else (None, toks[0]))
        if verdict not in VERDICTS:
            raise SpecError(path, line, col, f"unknown verdict '{verdict}' (expected {', '.join(VERDICTS)})")
        if column is None:
            out.update({c: verdict for c in COLUMNS})
        elif column not in COLUMNS:
            raise SpecError(path, line, col, f"unknown column '{column}' (expected {', '.join(COLUMNS)})")
        else:
            out[column] = verdict
    return {c: out.get(c, "correct") for c in COLUMNS}


def _shape(tree: Tree, path: str) -> Shape:
    name = str(tree.children[0])
    dims: list[Dim] = []
    lets: list[Let] = []
    before: Template | None = None
    afters: dict[str, Template] = {}
    declared: set[str] = set()
    for item in tree.children[1:]:
        line, col = item.meta.line, item.meta.column
        if item.data in ("dim", "let"):
            dname = str(item.children[0])
            if dname in declared:
                raise SpecError(path, line, col, f"'{dname}' declared twice in shape '{name}'")
            declared.add(dname)
        if item.data == "dim":
            values: list[int | None] = []
            source = None
            for c in item.children[1:]:
                if isinstance(c, Tree):
                    tok = c.children[0]
                    values.append(None if tok.type == "DYN" else int(tok))
                else:
                    source = _unquote(c)
            if len(set(values)) != len(values):
                raise SpecError(path, line, col, f"dim '{dname}' repeats a value")
            if None in values and source is None:
                raise SpecError(path, line, col, f"dim '{dname}' can be dynamic but has no 'from \"...\"' source")
            dims.append(Dim(dname, values, source, line))
        elif item.data == "let":
            source = _unquote(item.children[-1]) if item.children[-1].type == "STRING" else None
            factors = [int(c) if c.type == "INT" else str(c) for c in item.children[1:]
                       if c.type != "STRING"]
            for fct in factors:
                if isinstance(fct, str) and (fct not in declared or fct == dname):
                    raise SpecError(path, line, col, f"'let {dname}' uses undeclared '{fct}'")
            lets.append(Let(dname, factors, line, source))
        elif item.data in ("template", "unchanged", "after_file"):
            kind = str(item.children[0])
            if item.data == "unchanged" and kind != "after":
                raise SpecError(path, line, col, "only an 'after' template can be 'unchanged'")
            if item.data == "after_file" and kind != "after":
                raise SpecError(path, line, col, "only an 'after' template can come from a 'file'")
            cols_tree = next((c for c in item.children if isinstance(c, Tree)), None)
            cols = [str(c) for c in cols_tree.children] if cols_tree is not None else list(COLUMNS)
            bad = [c for c in cols if c not in COLUMNS]
            if bad:
                raise SpecError(path, line, col, f"unknown column '{bad[0]}' (expected {', '.join(COLUMNS)})")
            if kind == "before" and cols_tree is not None:
                raise SpecError(path, line, col, "a 'before' template applies to every instance (no 'for')")
            if item.data == "unchanged":
                tmpl = UNCHANGED
            elif item.data == "after_file":
                tmpl = _file_template(item.children[-1], path)
            else:
                lang, block = str(item.children[1]), item.children[-1]
                if lang not in LANGS:
                    raise SpecError(path, line, col, f"unknown template language '{lang}' (expected {', '.join(LANGS)})")
                tmpl = Template(lang, str(block)[3:-3], block.line, block.column + 3)
            if kind == "before":
                if before is not None:
                    raise SpecError(path, line, col, f"two 'before' templates in shape '{name}'")
                before = tmpl
                continue
            for c in cols:
                if c in afters:
                    raise SpecError(path, line, col, f"two 'after' templates for {c} instances in shape '{name}'")
                afters[c] = tmpl
    if before is None:
        raise SpecError(path, tree.meta.line, tree.meta.column, f"shape '{name}' has no 'before' template")
    shape = Shape(name, dims, lets, before, afters, tree.meta.line)
    for tmpl in [before, *afters.values()]:
        if tmpl is not UNCHANGED and tmpl.file is None:
            _check_placeholders(shape, tmpl, path)
    return shape


def _file_template(tok: Token, path: str) -> Template:
    """An ``after file "PATH"`` template; PATH may use only the ``{slug}`` placeholder."""
    name = _unquote(tok)
    bad = [m.group(0) for m in re.finditer(r"\{[^{}]*\}", name) if m.group(0) != "{slug}"]
    if bad:
        raise SpecError(path, tok.line, tok.column, f"'after file' path uses '{bad[0]}' (only {{slug}} is substituted)")
    if not name.endswith(".mlir"):
        raise SpecError(path, tok.line, tok.column, "an 'after file' must be an .mlir file")
    return Template("mlir", "", tok.line, tok.column, file=name, base=os.path.dirname(path) or ".")


def read_after_file(path: Path, label: str) -> str:
    """The after IR recorded in ``path``; ``InputError`` when it cannot be read or holds no IR
    (the message is then the file's comments from the first ``// no output`` line on)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise InputError(f"{path}: cannot read the after IR of {label}: {e.strerror}") from None
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if all(ln.startswith("//") for ln in lines):
        notes = [ln[2:].strip() for ln in lines]
        start = next((k for k, ln in enumerate(notes) if ln.startswith("no output")), len(notes))
        why = " ".join(notes[start:]) or "the file holds only comments"
        raise InputError(f"{path}: no after IR for {label}: {why}")
    return text


# ----------------------------------------------------------------------------- rendering

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?:\.(value|def))?\}|\{(dims|operands)\(([^()]*)\)\}")


def _check_placeholders(shape: Shape, tmpl: Template, path: str) -> None:
    """Every ``{dims(...)}``/``{operands(...)}`` argument and ``{X.value}``/``{X.def}`` name must
    be declared (a bare ``{X}`` of an undeclared name is left alone: it may be IR text)."""
    names = {d.name for d in shape.dims} | {x.name for x in shape.lets}
    for m in _PLACEHOLDER.finditer(tmpl.text):
        line = tmpl.line + tmpl.text.count("\n", 0, m.start())
        nl = tmpl.text.rfind("\n", 0, m.start())
        col = m.start() - nl if nl >= 0 else tmpl.col + m.start()
        if m.group(3):
            args = [a.strip() for a in m.group(4).split(",") if a.strip()]
            bad = [a for a in args if a not in names]
            if bad or not args:
                what = f"undeclared '{bad[0]}'" if bad else "no arguments"
                raise SpecError(path, line, col, f"{{{m.group(3)}(...)}} with {what} in shape '{shape.name}'")
        elif m.group(2) and m.group(1) not in names:
            raise SpecError(path, line, col, f"placeholder '{{{m.group(1)}.{m.group(2)}}}' names an undeclared dim")
        if m.group(2) == "def" and tmpl.lang != "mlir":
            raise SpecError(path, line, col, "'.def' placeholders are for mlir templates")


def render(text: str, shape: Shape, values: dict[str, int | None], lang: str) -> str:
    """Substitute the placeholders of ``text`` for one instance (see the module docstring)."""
    env = dict(values)
    for let in shape.lets:
        facs = [f if isinstance(f, int) else env[f] for f in let.factors]
        prod = 1
        for f in facs:
            prod = None if f is None or prod is None else prod * f
        env[let.name] = prod
    sources = {d.name: d.source for d in shape.dims}
    lets = {x.name: x for x in shape.lets}

    def extent(name: str) -> str:
        v = env[name]
        if v is not None:
            return str(v)
        return "?" if lang == "mlir" else f'"{name}"'

    def value(name: str) -> str:
        v = env[name]
        if v is not None:
            return str(v)
        return f"%{name}" if lang == "mlir" else name

    def define(name: str) -> str:
        v = env[name]
        if v is not None:
            return f"%{name} = arith.constant {v} : index"
        if name in lets and lets[name].source is not None:
            return f"%{name} = " + render(lets[name].source, shape, values, lang)
        if name in lets:
            names = [f for f in lets[name].factors if isinstance(f, str)]
            const = 1
            for f in lets[name].factors:
                const *= f if isinstance(f, int) else 1
            syms = [f"s{i}" for i in range(len(names))]
            expr = " * ".join(syms + ([str(const)] if const != 1 else []))
            args = ", ".join(f"%{f}" for f in names)
            return f"%{name} = affine.apply affine_map<()[{', '.join(syms)}] -> ({expr})>()[{args}]"
        return f"%{name} = " + render(sources[name] or "", shape, values, lang)

    def sub(m: re.Match) -> str:
        if m.group(3):
            args = [a.strip() for a in m.group(4).split(",") if a.strip()]
            dyn = [f"%{a}" for a in args if env.get(a, 0) is None]
            if m.group(3) == "operands":
                return ", ".join(dyn)
            return "{" + ", ".join(dyn) + "}" if dyn else ""
        name, attr = m.group(1), m.group(2)
        if name not in env:
            return m.group(0)
        if attr == "value":
            return value(name)
        if attr == "def":
            return define(name)
        return extent(name)

    return _PLACEHOLDER.sub(sub, text)
