"""The documentation says what the code does: the README's table of supported ops is
``irverify ops --markdown``, the contested points are ``CONTESTED``, every subcommand's ``--help``
gives its exit codes and defaults, the documented links exist, and what README.md and
docs/semantics.md say about poison and fastmath is what ``irverify check`` does."""

from __future__ import annotations

import argparse
import json
import re

import pytest

from irverify import cli
from irverify.ops_listing import (
    GENERATED,
    MODELLED,
    OPAQUE,
    blocks_of,
    describe_positions,
    update_blocks,
)
from irverify.semantics import registry
from irverify.verify.verdict import EXIT_CODES, Verdict
from tests.paths import REPO

DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


# ----------------------------------------------------------------------------- generated blocks


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_generated_blocks_are_current(path):
    text = path.read_text(encoding="utf-8")
    assert update_blocks(text) == text, f"{path.name} is stale: run python tools/update_docs.py"


def test_readme_and_semantics_hold_the_generated_blocks():
    assert blocks_of((REPO / "README.md").read_text()) == ["contested", "ops-table"]
    assert blocks_of((REPO / "docs" / "semantics.md").read_text()) == ["contested"]
    assert set(GENERATED) == {"contested", "ops-table"}


def test_readme_table_is_what_irverify_ops_prints(capsys):
    code, out, _ = run(capsys, "ops", "--markdown")
    readme = (REPO / "README.md").read_text()
    block = re.search(r"<!-- generated: ops-table -->\n(.*?)<!-- end generated -->", readme, re.DOTALL).group(1)
    assert code == 0 and out == block
    assert "nn.relu" in block.split("| `relax` |")[1].split("\n")[0]


def test_contested_points_are_documented_with_their_flags():
    from irverify.model.assumptions import CONTESTED

    for path in (REPO / "README.md", REPO / "docs" / "semantics.md"):
        text = path.read_text()
        for c in CONTESTED.values():
            assert f"| `--{c.name}` |" in text
            assert all(f"`{r}`: {c.meaning[r]}" in text for r in c.readings)


# ----------------------------------------------------------------------------- irverify ops


def listed(capsys, *argv: str) -> dict[str, dict]:
    code, out, err = run(capsys, "ops", "--json", *argv)
    assert code == 0 and err == ""
    return {e["name"]: e for e in json.loads(out)["ops"]}


def test_ops_lists_every_registered_and_every_opaque_op(capsys):
    from irverify.semantics.opaque import OPAQUE_OPS
    from irverify.semantics.relax_opaque import RELAX_OPAQUE_OPS

    ops = listed(capsys)
    registered = {n for n in registry.registered_ops() if "__" not in n}
    assert {n for n, e in ops.items() if e["model"] == MODELLED} == registered
    assert {n for n, e in ops.items() if e["model"] == OPAQUE} == (set(OPAQUE_OPS) | set(RELAX_OPAQUE_OPS)) - registered
    assert ops["relax.nn.relu"]["model"] == MODELLED


def test_ops_shows_what_the_registry_declares(capsys):
    ops = listed(capsys)
    for name in registry.registered_ops():
        if "__" in name:
            continue
        sem, e = registry._REGISTRY[name], ops[name]
        assert e["attributes"] == sorted(sem.attrs), name
        assert [(p["operands"], p["role"]) for p in e["poison_ub"]] == list(sem.poison_ub), name
        assert (e["memory"], e["pure"]) == (sem.memory, sem.pure), name
    assert ops["tensor.extract"]["poison_ub"] == [{"operands": "1:", "role": "an index"}]
    assert ops["linalg.mmt4d"]["why_opaque"]


def test_ops_text_has_one_line_per_op(capsys):
    code, out, _ = run(capsys, "ops", "--dialect", "tensor")
    lines = out.splitlines()
    extract = [ln for ln in lines if ln.startswith("tensor.extract ")]
    assert code == 0 and len(extract) == 1
    assert re.fullmatch(r"tensor\.extract +modelled +none +yes +- \| operands 1\.\. \(an index\)", extract[0])
    assert re.fullmatch(r"tensor\.pad +modelled +none +yes +nofold, static_high, static_low \| .*",
                        next(ln for ln in lines if ln.startswith("tensor.pad ")))
    assert "16 modelled, 1 opaque." in lines


@pytest.mark.parametrize("spec, count, text", [
    ("all", 3, "every operand"), ("1", 3, "operand 1"), ("1:", 4, "operands 1.."),
    ("0:3", 5, "operands 0..2"), ("-1", 3, "the last operand"), ("1:-1", 4, "operands 1.. but the last 1"),
])
def test_positions_are_described_as_the_registry_reads_them(spec, count, text):
    from irverify.ir.core import Op

    positions = list(registry.operand_positions(Op("x.y", [], [], {}, []), spec, count))
    assert describe_positions(spec) == text
    described = {"every operand": list(range(count)), "operand 1": [1], "operands 1..": list(range(1, count)),
                 "operands 0..2": [0, 1, 2], "the last operand": [count - 1],
                 "operands 1.. but the last 1": list(range(1, count - 1))}
    assert positions == described[text]


def test_ops_dialect_filter(capsys):
    arith = listed(capsys, "--dialect", "arith")
    assert arith and all(n.startswith("arith.") for n in arith)
    assert len(arith) == sum(n.startswith("arith.") for n in registry.registered_ops())
    nn = listed(capsys, "--dialect", "relax.nn")
    assert "relax.nn.relu" in nn and all(n.startswith("relax.nn.") for n in nn)


@pytest.mark.parametrize("as_json", [[], ["--json"]])
def test_ops_unknown_dialect_is_a_one_line_error(capsys, as_json):
    code, out, err = run(capsys, "ops", "--dialect", "nosuch", *as_json)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "no modelled or opaque op in dialect 'nosuch'" in err


# ----------------------------------------------------------------------------- --help


def subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    return {n: p for a in parser._actions if isinstance(a, argparse._SubParsersAction) for n, p in a.choices.items()}


def test_every_subcommand_help_gives_its_exit_codes():
    subs = subparsers()
    assert set(subs) >= {"check", "check-suite", "validate-pass", "validate-lit", "patterns", "ops"}
    for name, sub in subs.items():
        text = sub.format_help()
        assert "exit code" in text, name
        assert re.search(r"^\s+0\s", text, re.MULTILINE) and re.search(r"^\s+2\s", text, re.MULTILINE), name
    for name in ("check", "check-suite", "validate-pass"):
        text = subs[name].format_help()
        for v in Verdict:
            assert re.search(rf"^  {EXIT_CODES[v]}  {v.value} ", text, re.MULTILINE), (name, v)
    top = cli.build_parser().format_help()
    assert "0 correct, 1 incorrect, 2 error" in top and "3 unsupported, 4 unknown" in top


def test_every_option_help_gives_its_default():
    for name, sub in subparsers().items():
        text = " ".join(sub.format_help().split())
        for action in sub._actions:
            default = action.default
            if not action.option_strings or default in (None, False, argparse.SUPPRESS) \
                    or action.help == argparse.SUPPRESS:
                continue
            assert re.search(rf"\(default:? {re.escape(str(default))}\)", text), (name, action.dest, default)


def test_one_memory_option_name():
    """``--max-memory`` (MiB) in check-suite and validate-lit; validate-lit's earlier
    ``--memory-mb`` still works but is not shown."""
    parser = cli.build_parser()
    assert parser.parse_args(["validate-lit", "f.mlir"]).memory_mb == 8192
    assert parser.parse_args(["validate-lit", "f.mlir", "--max-memory", "100"]).memory_mb == 100
    assert parser.parse_args(["validate-lit", "f.mlir", "--memory-mb", "200"]).memory_mb == 200
    assert parser.parse_args(["check-suite", "d", "--max-memory", "300"]).max_memory == 300
    subs = subparsers()
    assert "--max-memory MIB" in subs["validate-lit"].format_help()
    assert "--max-memory MIB" in subs["check-suite"].format_help()
    assert "--memory-mb" not in subs["validate-lit"].format_help()


# ----------------------------------------------------------------------------- links and tables


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_relative_links_exist(path):
    text = path.read_text()
    for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text):
        assert (path.parent / target).exists(), f"{path.name}: {target}"


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_cited_repository_paths_exist(path):
    text = path.read_text()
    cited = re.findall(r"`((?:irverify|testdata|tests|tools|docs|examples|benchmarks)/[\w./-]*[\w/])`", text)
    assert cited
    missing = [c for c in cited if "<" not in c and "*" not in c and not (REPO / c).exists()]
    assert missing == [], f"{path.name} cites {missing}"


def test_readme_links_the_docs():
    text = (REPO / "README.md").read_text()
    assert "](docs/lit.md)" in text and "](docs/semantics.md)" in text


@pytest.mark.parametrize("path", [REPO / "README.md", REPO / "docs" / "semantics.md"], ids=lambda p: p.name)
def test_verdict_tables_give_the_exit_codes(path):
    rows = dict(re.findall(r"^\| `(\w+)` \| (\d) \|", path.read_text(), re.MULTILINE))
    assert {Verdict(v): int(c) for v, c in rows.items()} == EXIT_CODES


def test_readme_does_not_call_tensor_empty_reads_ub():
    for path in (REPO / "README.md", REPO / "docs" / "semantics.md"):
        text = " ".join(path.read_text().split()).lower()
        assert "reading an element of `tensor.empty` is not ub" in text
        assert "`tensor.empty` is ub" not in text


# ----------------------------------------------------------------------------- documented behaviour


def check(tmp_path, capsys, text: str) -> tuple[int, str]:
    path = tmp_path / "pair.mlir"
    path.write_text(text)
    code, out, _ = run(capsys, "check", str(path), "--no-confirm")
    return code, out


ADDF = """
func.func @src(%x: f32, %y: f32) -> f32 {{
  %0 = arith.addf %x, %y fastmath<{flag}> : f32
  return %0 : f32
}}
func.func @tgt(%x: f32, %y: f32) -> f32 {{
  %c = arith.constant 1.0 : f32
  %s = arith.addf %x, %y : f32
  %0 = arith.{test} : f32
  %1 = arith.select %0, %c, %s : f32
  return %1 : f32
}}
"""
IS_NAN = "cmpf uno, %s, %s"
IS_INF = "cmpf oeq, %a, %inf"


def addf_pair(flag: str, replaced: str) -> str:
    """``%x + %y`` replaced by 1.0 where it is NaN (``replaced == "nan"``) or +infinity."""
    text = ADDF.format(flag=flag, test=IS_NAN if replaced == "nan" else IS_INF)
    if replaced != "nan":
        text = text.replace("  %0 = arith.cmpf", "  %inf = arith.constant 0x7F800000 : f32\n"
                                                 "  %a = math.absf %s : f32\n  %0 = arith.cmpf")
    return text


@pytest.mark.parametrize("flag, replaced, verdict", [
    ("nnan", "nan", "correct"), ("nnan", "inf", "incorrect"),
    ("ninf", "inf", "correct"), ("ninf", "nan", "incorrect"),
])
def test_nnan_and_ninf_make_nan_and_infinity_poison(tmp_path, capsys, flag, replaced, verdict):
    """README, "fastmath flags": under nnan a NaN sum may be replaced, under ninf an infinite one."""
    code, out = check(tmp_path, capsys, addf_pair(flag, replaced))
    assert f"verdict: {verdict}" in out, out
    assert code == Verdict(verdict).exit_code


@pytest.mark.parametrize("flag", ["nsz", "arcp", "contract", "afn", "reassoc", "fast"])
def test_other_fastmath_flags_are_unsupported(tmp_path, capsys, flag):
    code, out = check(tmp_path, capsys, addf_pair(flag, "nan"))
    assert code == 3 and f"unsupported: fastmath flag '{flag}' of 'arith.addf'" in out


def test_a_math_function_accepts_no_fastmath_flag(tmp_path, capsys):
    fn = "func.func @{n}(%x: f32) -> f32 {{\n  {dead}%0 = math.exp %x fastmath<nnan> : f32\n  return %0 : f32\n}}\n"
    # the target has one more (dead) op: an unchanged target would be correct without encoding
    code, out = check(tmp_path, capsys, fn.format(n="src", dead="") + fn.format(n="tgt", dead="%d = math.absf %x : f32\n  "))
    assert code == 3 and "unsupported: fastmath" in out


EMPTY_READ = """
func.func @src(%x: i32) -> i32 {{
  return %x : i32
}}
func.func @tgt(%x: i32) -> i32 {{
  %e = tensor.empty() : tensor<4xi32>
  %c0 = arith.constant 0 : index
  %cond = arith.constant {cond}
  %v = tensor.extract %e[%c0] : tensor<4xi32>
  %r = arith.select %cond, %x, %v : i32
  return %r : i32
}}
"""


def test_reading_tensor_empty_is_poison_not_ub(tmp_path, capsys):
    """A target that reads an element of tensor.empty and discards it is correct (UB would make
    it incorrect); one that returns it is incorrect (poison where the source has a value)."""
    code, out = check(tmp_path, capsys, EMPTY_READ.format(cond="true"))
    assert code == 0, out
    code, out = check(tmp_path, capsys, EMPTY_READ.format(cond="false"))
    assert code == 1 and "Target value: poison" in out, out


def test_readme_anchors_name_its_headings():
    text = (REPO / "README.md").read_text()
    slugs = {re.sub(r"[^\w -]", "", h.strip().lower()).replace(" ", "-")
             for h in re.findall(r"^#+ (.*)$", text, re.MULTILINE)}
    anchors = re.findall(r"\]\(#([\w-]+)\)", text)
    assert anchors and set(anchors) <= slugs
