"""Extract the input modules of TVM's Relax transform tests into standalone TVMScript files.

    python tools/extract_tvm_relax_tests.py TVM_CHECKOUT OUT_DIR [--files STEM ...]
        [--exclude-manifest TSV ...] [--max-per-file N]

For every ``tests/python/relax/test_transform_STEM.py`` of the TVM checkout, every class decorated
``@I.ir_module`` / ``@tvm.script.ir_module`` inside a test function is a candidate. It is kept
when the test applies one ``relax.transform`` pass to it unchanged:

* ``PASS(...)(Module)`` in the test function, or ``PASS(...)(v)`` with ``v = Module`` there;
* ``helper(Module, ...)`` where ``helper`` is a function of the test file that applies one pass
  ``PASS(...)(p)`` to its parameter ``p`` (the pass arguments that name ``helper``'s parameters
  are taken from the call site, else from their defaults).

The pass expression is written ``relax.transform.NAME(ARGS)`` and must evaluate with only ``tvm``
and ``relax`` in scope; the module text must parse with ``tvm.script.from_source`` once its
imports are blanked (a module that reads Python variables of the test is dropped). Modules of a
test applies different passes to, or that are listed (by test file and line) in an
``--exclude-manifest``, are left out. At most ``--max-per-file`` modules per test file are kept,
evenly spaced in file order.

Writes ``OUT_DIR/inputs/NAME.py`` (``NAME`` = ``STEM__TESTFUNCTION__CLASS``) and
``OUT_DIR/manifest.tsv`` (``name``, ``test_file``, ``line``, ``pass``), and prints what was
dropped and why.
"""

from __future__ import annotations

import argparse
import ast
import copy
import os
import subprocess
import sys
import textwrap

HEADER = """\
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T
"""


def is_ir_module(cls: ast.ClassDef) -> bool:
    for dec in cls.decorator_list:
        target = dec.func if isinstance(dec, ast.Call) else dec
        if isinstance(target, (ast.Name, ast.Attribute)) and last_name(target) == "ir_module":
            return True
    return False


def last_name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def pass_names() -> set[str]:
    from tvm import relax

    return {n for n in dir(relax.transform) if n[:1].isupper() and callable(getattr(relax.transform, n))}


def pass_calls(fn: ast.AST, names: set[str]) -> list[tuple[ast.Call, ast.AST]]:
    """``(pass constructor call, argument)`` for each ``PASS(...)(arg)`` in ``fn``."""
    out = []
    for node in ast.walk(fn):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Call)
                and last_name(node.func.func) in names and len(node.args) == 1):
            out.append((node.func, node.args[0]))
    return out


class Subst(ast.NodeTransformer):
    def __init__(self, env: dict[str, ast.AST]):
        self.env = env

    def visit_Name(self, node: ast.Name):
        return copy.deepcopy(self.env.get(node.id, node))


def pass_text(ctor: ast.Call, env: dict[str, ast.AST]) -> str:
    ctor = Subst(env).visit(copy.deepcopy(ctor))
    args = [ast.unparse(a) for a in ctor.args] + [f"{k.arg}={ast.unparse(k.value)}" for k in ctor.keywords]
    return f"relax.transform.{last_name(ctor.func)}({', '.join(args)})"


def helper_pass(helper: ast.FunctionDef, call: ast.Call, index: int, names: set[str]) -> str | None:
    """The pass ``helper`` applies to the parameter that receives argument ``index`` of ``call``."""
    params = helper.args.args
    if index >= len(params):
        return None
    param = params[index].arg
    env: dict[str, ast.AST] = {}
    defaults = helper.args.defaults
    for p, d in zip(params[len(params) - len(defaults):], defaults):
        env[p.arg] = d
    for p, a in zip(params, call.args):
        env[p.arg] = a
    for k in call.keywords:
        if k.arg:
            env[k.arg] = k.value
    found = [c for c, arg in pass_calls(helper, names) if isinstance(arg, ast.Name) and arg.id == param]
    all_calls = pass_calls(helper, names)
    if len(found) != 1 or len(all_calls) != 1:
        return None
    return pass_text(found[0], env)


def module_pass(test: ast.FunctionDef, cls: str, helpers: dict, names: set[str]) -> tuple[str | None, str]:
    aliases = {cls}
    for node in ast.walk(test):
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id == cls
                and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
            aliases.add(node.targets[0].id)
    direct = [c for c, arg in pass_calls(test, names) if isinstance(arg, ast.Name) and arg.id in aliases]
    if direct:
        texts = {pass_text(c, {}) for c in direct}
        return (texts.pop(), "") if len(texts) == 1 else (None, "several passes")
    for node in ast.walk(test):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in helpers:
            for i, a in enumerate(node.args):
                if isinstance(a, ast.Name) and a.id in aliases:
                    text = helper_pass(helpers[node.func.id], node, i, names)
                    if text:
                        return text, ""
    return None, "no single pass applied to it unchanged"


def parses(text: str) -> str:
    """'' if ``text`` parses with ``tvm.script.from_source`` (imports blanked), else the error."""
    import tvm

    blanked = "\n".join("" if ln.startswith(("import ", "from ")) else ln for ln in text.splitlines())
    try:
        tvm.script.from_source(blanked)
    except Exception as e:  # noqa: BLE001 - TVM raises many kinds
        return " ".join(str(e).split())[:120] or type(e).__name__
    return ""


def pass_evaluates(text: str) -> str:
    import tvm
    from tvm import relax

    try:
        obj = eval(text, {"__builtins__": {}}, {"tvm": tvm, "relax": relax})  # noqa: S307
    except Exception as e:  # noqa: BLE001
        return f"{type(e).__name__}: {e}"[:120]
    return "" if isinstance(obj, tvm.transform.Pass) else f"not a Pass: {type(obj).__name__}"


def spread(items: list, n: int) -> list:
    """At most ``n`` of ``items`` (all if ``n`` is 0), evenly spaced in file order."""
    if not n or len(items) <= n:
        return items
    if n == 1:
        return items[:1]
    return [items[round(i * (len(items) - 1) / (n - 1))] for i in range(n)]


def excluded(paths: list[str]) -> set[tuple[str, str]]:
    out = set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            header, *rows = [ln.rstrip("\n").split("\t") for ln in f if ln.strip()]
        for r in rows:
            row = dict(zip(header, r))
            out.add((row["test_file"], row["line"]))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("tvm", help="a TVM source checkout")
    p.add_argument("out", help="output directory (inputs/ and manifest.tsv are written there)")
    p.add_argument("--files", nargs="+", required=True, help="test file stems, e.g. cse topological_sort")
    p.add_argument("--exclude-manifest", nargs="*", default=[])
    p.add_argument("--max-per-file", type=int, default=0)
    args = p.parse_args(argv)

    try:
        commit = subprocess.run(["git", "-C", args.tvm, "rev-parse", "HEAD"], capture_output=True,
                                text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    names = pass_names()
    skip = excluded(args.exclude_manifest)
    os.makedirs(os.path.join(args.out, "inputs"), exist_ok=True)
    rows = []
    for stem in args.files:
        rel = f"tests/python/relax/test_transform_{stem}.py"
        path = os.path.join(args.tvm, rel)
        if not os.path.exists(path):
            print(f"{rel}: not found", file=sys.stderr)
            return 2
        with open(path, encoding="utf-8") as f:
            src = f.read()
        lines = src.splitlines()
        tree = ast.parse(src)
        helpers = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("test")}
        candidates: list[tuple[str, str, str, str, str]] = []
        for test in [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test")]:
            for cls in [n for n in ast.walk(test) if isinstance(n, ast.ClassDef) and is_ir_module(n)]:
                first = cls.decorator_list[0].lineno if cls.decorator_list else cls.lineno
                where = f"{rel}:{first} ({test.name}.{cls.name})"
                if (rel, str(first)) in skip:
                    continue
                text_pass, why = module_pass(test, cls.name, helpers, names)
                if text_pass is None:
                    print(f"dropped {where}: {why}")
                    continue
                why = pass_evaluates(text_pass)
                if why:
                    print(f"dropped {where}: pass {text_pass}: {why}")
                    continue
                body = textwrap.dedent("\n".join(lines[first - 1:cls.end_lineno]))
                text = (f"# From apache/tvm {commit} {rel}:{first} ({test.name}.{cls.name})\n"
                        f"{HEADER}\n\n{body}\n")
                why = parses(text)
                if why:
                    print(f"dropped {where}: does not parse standalone: {why}")
                    continue
                name = f"{stem}__{test.name}__{cls.name}"
                if any(c[0] == name for c in candidates):
                    name += f"__{first}"
                candidates.append((name, rel, str(first), text_pass, text))
        picked = spread(candidates, args.max_per_file)
        for name, rel_, line, text_pass, text in picked:
            with open(os.path.join(args.out, "inputs", name + ".py"), "w", encoding="utf-8") as f:
                f.write(text)
            rows.append((name, rel_, line, text_pass))
        print(f"{rel}: {len(picked)} of {len(candidates)} modules kept")
    with open(os.path.join(args.out, "manifest.tsv"), "w", encoding="utf-8") as f:
        f.write("name\ttest_file\tline\tpass\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    print(f"{len(rows)} modules written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
