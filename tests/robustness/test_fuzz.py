"""Robustness fuzzing of every CLI entry point with mutated and truncated inputs.

Seeds are real inputs (the user-reported cases in ``testdata/seeds``, irverify's own
``testdata/`` and a few small mlir-tv pairs of ``testdata/peer-suites``); hypothesis mutates
them (truncation, deleted, duplicated and swapped lines, flipped characters, inserted garbage
tokens, changed numbers, renamed functions) and feeds them to ``irverify check`` (one and two files, text and
``--json``), ``check-suite`` and ``validate-pass --iree-pipeline --split-input-file``, called
in-process through ``irverify.cli.main`` (plus a few real subprocesses).

Properties, for every input:

* no exception escapes ``main`` and no ``Traceback`` reaches stdout/stderr;
* the exit code is one of 0..4;
* with ``--json`` every output line is one JSON object;
* an MLIR input that the MLIR parser rejects gives exit 2 and one line
  ``path:line:col: message`` naming the file (a line inside the file); a TVMScript input that is
  not Python gives ``path:line:col:``, and any other TVMScript input error at least ``path:line``;
* no input makes irverify report an internal error (an internal error is a crash caught at the
  top level, i.e. a bug).

Solver work is bounded with ``--timeout 1 --no-confirm``; examples are derandomised so CI runs
the same inputs every time.
"""

from __future__ import annotations

import csv
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from irverify import cli
from tests.paths import MLIR_TV, SEEDS  # noqa: E402

REPO = Path(__file__).resolve().parents[2]

COMMON = ["--timeout", "1", "--no-confirm"]
EXIT_CODES = {0, 1, 2, 3, 4}

FUZZ = dict(deadline=None, derandomize=True, database=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                   HealthCheck.data_too_large, HealthCheck.filter_too_much])


# ----------------------------------------------------------------------------- seeds


def _read(p: Path) -> str:
    return p.read_text(encoding="utf-8")


def _mlir_tv_pairs(n: int) -> list[tuple[str, str]]:
    """The ``n`` smallest tensor/linalg/arith pairs of the mlir-tv suite that parse."""
    with open(MLIR_TV / "manifest.tsv", encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    ok = [r for r in rows if r["parse_modernized"] == "1"
          and set(r["dialects"].split(",")) <= {"tensor", "linalg", "arith", "func"}
          and {"tensor", "linalg"} & set(r["dialects"].split(","))]
    ok.sort(key=lambda r: (os.path.getsize(MLIR_TV / r["src"]) + os.path.getsize(MLIR_TV / r["tgt"]), r["name"]))
    return [(_read(MLIR_TV / r["src"]), _read(MLIR_TV / r["tgt"])) for r in ok[:n]]


ONE_FILE = [_read(p) for p in sorted((REPO / "testdata" / "litmus").rglob("*.srctgt.mlir"))]
SEED_DIR = SEEDS / "iree-fold-collapse-store"
TWO_FILE = [(_read(SEED_DIR / "before.mlir"), _read(SEED_DIR / "after_fixed.mlir")),
            (_read(SEED_DIR / "before.mlir"), _read(SEED_DIR / "after_buggy.mlir"))]
for before in sorted((REPO / "testdata" / "iree").glob("*.before.mlir")):
    TWO_FILE.append((_read(before), _read(before.with_name(before.name.replace(".before.", ".after.")))))
TWO_FILE += _mlir_tv_pairs(8)

RELAX_PAIRS = [(_read(SEEDS / a), _read(SEEDS / b)) for a, b in (
    ("tvm-take-out-of-bounds/before.py", "tvm-take-out-of-bounds/after.py"),
    ("scale-placement/scale_q.py", "scale-placement/scale_scores.py"),
    ("sdpa-layout/attention_on_torch_layout.py", "sdpa-layout/attention_with_permutes.py"))]


# ----------------------------------------------------------------------------- mutations

GARBAGE = ["%", "}", "{", "(", ")", "<", ">", ":", ",", "=", "->", "@src", "@tgt", "%0", "%arg0",
           "tensor<?x", "tensor<4x?xf32>", "i1", "index", "#map", "affine_map<(d0) -> (d0)>",
           "\"", "'", "//", "// -----", "func.func @f() {", "return", "arith.addi", "^bb0:",
           "0x7FFFFFFF", "-1", "1e309", "nan", "dense<", "[[0, 1]]", "\\", "\t", "\n", "é", "\u2028",
           "R.", "R.Tensor((", "def", "class", "with R.dataflow():", "    ", "import os", "lambda:",
           "@R.function", "**", "[", "]", "None", "\"float32\"", "axis=", "9" * 30]
NUMBERS = [0, 1, 2, 3, -1, 7, 16, 64, 2**31 - 1, 2**31, 2**63, 10**20, 999999937]
KINDS = ("truncate", "delete_line", "dup_line", "swap_lines", "flip_char", "insert", "number", "rename")

_NUMBER = re.compile(r"(?<![\w.%@#])\d+(?![\w.])")
_SYMBOL = re.compile(r"@([A-Za-z_][\w.$]*)|\bdef ([A-Za-z_]\w*)")


def apply_mutation(text: str, op: tuple) -> str:
    kind, a, b, token = op
    lines = text.split("\n")
    if kind == "truncate":
        return text[: a % (len(text) + 1)]
    if kind == "delete_line":
        del lines[a % len(lines)]
    elif kind == "dup_line":
        k = a % len(lines)
        lines.insert(k, lines[k])
    elif kind == "swap_lines":
        i, j = a % len(lines), b % len(lines)
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "flip_char":
        if not text:
            return token
        k = a % len(text)
        return text[:k] + chr(32 + b % 95) + text[k + 1:]
    elif kind == "insert":
        k = a % (len(text) + 1)
        return text[:k] + token + text[k:]
    elif kind == "number":
        found = list(_NUMBER.finditer(text))
        if not found:
            return text + token
        m = found[a % len(found)]
        return text[: m.start()] + str(NUMBERS[b % len(NUMBERS)]) + text[m.end():]
    elif kind == "rename":
        found = list(_SYMBOL.finditer(text))
        if not found:
            return text
        m = found[a % len(found)]
        g = 1 if m.group(1) is not None else 2
        return text[: m.start(g)] + m.group(g) + "_renamed" + text[m.end(g):]
    return "\n".join(lines)


def mutate(text: str, ops) -> str:
    for op in ops:
        text = apply_mutation(text, op)
    return text


_op = st.tuples(st.sampled_from(KINDS), st.integers(0, 10**6), st.integers(0, 10**6), st.sampled_from(GARBAGE))
mutations = st.lists(_op, min_size=1, max_size=3)


# ----------------------------------------------------------------------------- oracles and checks


def mlir_parses(text: str) -> bool:
    """The oracle: does the real MLIR parser (and verifier) accept the text?"""
    from iree.compiler import ir

    from irverify.frontends.mlir.parse import _crashes_parser, mlir_context

    if _crashes_parser(text, mlir_context()):  # MLIR's parser crashes on a few malformed inputs
        return False
    try:
        ir.Module.parse(text, mlir_context())
    except ir.MLIRError:
        return False
    return True


def python_parses(text: str) -> bool:
    import ast

    try:
        ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return True


def run(capsys, argv: list[str]) -> tuple[int, str, str]:
    capsys.readouterr()
    rc = cli.main(argv)
    out, err = capsys.readouterr()
    event(f"{argv[0]} exit {rc}")
    assert rc in EXIT_CODES, (argv, rc, out, err)
    assert "Traceback" not in out and "Traceback" not in err, (out, err)
    assert "internal error" not in out and "internal error" not in err, (out, err)
    return rc, out, err


def json_lines(out: str) -> list[dict]:
    lines = [ln for ln in out.split("\n") if ln.strip()]
    objs = []
    for ln in lines:
        obj = json.loads(ln)
        assert isinstance(obj, dict), ln
        objs.append(obj)
    return objs


def error_message(rc: int, out: str, err: str, as_json: bool) -> str:
    """The one-line error message of an ``error`` exit of ``check``."""
    assert rc == 2, (rc, out, err)
    if as_json:
        record = json.loads(out)  # the whole output is one object: the case's record
        assert record["verdict"] == "error" and record["exit_code"] == rc, out
        return record["message"]
    lines = err.strip("\n").split("\n")
    assert out == "" and len(lines) == 1 and lines[0].startswith("irverify: error: "), (out, err)
    return lines[0][len("irverify: error: "):]


def assert_located(message: str, path: str, text: str, col: bool = True) -> None:
    """``message`` starts with ``path:line:col:`` (or ``path:line`` when ``col`` is false), with
    ``line`` inside the file."""
    pattern = re.escape(path) + (r":(\d+):(\d+): \S" if col else r":(\d+)\b")
    m = re.match(pattern, message)
    assert m, f"not located at {path}: {message!r}"
    assert 1 <= int(m.group(1)) <= text.count("\n") + 1, (message, text.count("\n"))


def check_single_outcome(capsys, paths: list[str], texts: list[str], as_json: bool, mlir: bool) -> int:
    argv = ["check", *paths, *COMMON] + (["--json"] if as_json else [])
    rc, out, err = run(capsys, argv)
    if any(line.strip() == "// -----" for t in texts for line in t.splitlines()):
        # a mutation made a split file: one result per case (JSON Lines and a summary)
        # (or, when the cases cannot be paired, one error record for the whole input)
        objs = json_lines(out) if as_json else []
        assert not as_json or (objs and objs[-1]["record"] == "summary" and len(objs) == objs[-1]["cases"] + 1) \
            or (len(objs) == 1 and objs[0]["verdict"] == "error" and objs[0]["exit_code"] == rc), out
        return rc
    if as_json:  # the whole output is one object: the case's record, with the exit code
        record = json.loads(out)
        assert record["record"] == "case" and record["exit_code"] == rc, out
    parses = [mlir_parses(t) if mlir else python_parses(t) for t in texts]
    if not all(parses):
        k = parses.index(False)
        assert_located(error_message(rc, out, err, as_json), paths[k], texts[k])
    elif not mlir and rc == 2:
        msg = error_message(rc, out, err, as_json)
        if any(msg.startswith(p + ":") and not msg.startswith(p + ": ") for p in paths):
            k = next(i for i, p in enumerate(paths) if msg.startswith(p + ":"))
            assert_located(msg, paths[k], texts[k], col=False)
    return rc


# ----------------------------------------------------------------------------- check


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def _check_one_file(capsys, work, seed, ops, as_json):
    text = mutate(ONE_FILE[seed % len(ONE_FILE)], ops)
    path = work / "case.srctgt.mlir"
    path.write_text(text, encoding="utf-8")
    check_single_outcome(capsys, [str(path)], [text], as_json, mlir=True)


def test_a_mutation_into_a_split_file_is_checked_case_by_case(capsys, work):
    """A mutation can leave a ``// -----`` line: ``check`` then reads a split file, one result per
    case (here two empty cases, each an input error)."""
    path = work / "split.srctgt.mlir"
    path.write_text("// -----\n", encoding="utf-8")
    capsys.readouterr()
    rc = cli.main(["check", str(path), *COMMON, "--json"])
    objs = json_lines(capsys.readouterr().out)
    assert rc == 2 and [o.get("verdict") for o in objs] == ["error", "error", "error"], objs
    assert objs[-1]["cases"] == 2 and all("must define both @src and @tgt" in o["message"] for o in objs[:2])


@settings(max_examples=100, **FUZZ)
@given(seed=st.integers(0, 10**6), ops=mutations, as_json=st.booleans())
def test_check_one_file_mlir(capsys, work, seed, ops, as_json):
    _check_one_file(capsys, work, seed, ops, as_json)


def _check_two_files(capsys, work, seed, side, ops, as_json):
    before, after = TWO_FILE[seed % len(TWO_FILE)]
    texts = [before, after]
    texts[side] = mutate(texts[side], ops)
    paths = [work / "a.before.mlir", work / "a.after.mlir"]
    for p, t in zip(paths, texts):
        p.write_text(t, encoding="utf-8")
    check_single_outcome(capsys, [str(p) for p in paths], texts, as_json, mlir=True)


@settings(max_examples=50, **FUZZ)
@given(seed=st.integers(0, 10**6), side=st.integers(0, 1), ops=mutations, as_json=st.booleans())
def test_check_two_files_mlir(capsys, work, seed, side, ops, as_json):
    _check_two_files(capsys, work, seed, side, ops, as_json)


def _check_relax(capsys, work, seed, side, ops, as_json):
    pytest.importorskip("tvm")
    before, after = RELAX_PAIRS[seed % len(RELAX_PAIRS)]
    texts = [before, after]
    texts[side] = mutate(texts[side], ops)
    paths = [work / "r_before.py", work / "r_after.py"]
    for p, t in zip(paths, texts):
        p.write_text(t, encoding="utf-8")
    check_single_outcome(capsys, [str(p) for p in paths], texts, as_json, mlir=False)


@settings(max_examples=12, **FUZZ)
@given(seed=st.integers(0, 10**6), side=st.integers(0, 1), ops=mutations, as_json=st.booleans())
def test_check_two_files_relax(capsys, work, seed, side, ops, as_json):
    _check_relax(capsys, work, seed, side, ops, as_json)


# ----------------------------------------------------------------------------- check-suite


@settings(max_examples=15, **FUZZ)
@given(picks=st.lists(st.tuples(st.integers(0, 10**6), mutations), min_size=1, max_size=4),
       as_json=st.booleans())
def test_check_suite_mutated_dir(capsys, work, picks, as_json):
    root = work / "suite"
    if root.exists():
        for p in root.iterdir():
            p.unlink()
    root.mkdir(exist_ok=True)
    for k, (seed, ops) in enumerate(picks):
        if k % 2 == 0:
            (root / f"p{k}.srctgt.mlir").write_text(mutate(ONE_FILE[seed % len(ONE_FILE)], ops), encoding="utf-8")
        else:
            before, after = TWO_FILE[seed % len(TWO_FILE)]
            (root / f"p{k}.src.mlir").write_text(before, encoding="utf-8")
            (root / f"p{k}.tgt.mlir").write_text(mutate(after, ops), encoding="utf-8")
    rc, out, err = run(capsys, ["check-suite", str(root), "-j", "1", *COMMON] + (["--json"] if as_json else []))
    lines = [ln for ln in out.split("\n") if ln.strip()]
    assert len(lines) == len(picks) + 1, out  # one line per pair, then the summary
    if as_json:
        objs = json_lines(out)
        from irverify.verify.verdict import Verdict, worst

        assert objs[-1]["cases"] == len(picks)
        assert rc == worst([Verdict(o["verdict"]) for o in objs[:-1]]).exit_code
        for o in objs[:-1]:
            assert "\n" not in o["message"]


# ----------------------------------------------------------------------------- validate-pass

PIPELINE = "builtin.module(func.func(canonicalize))"


@settings(max_examples=40, **FUZZ)
@given(seeds=st.lists(st.integers(0, 10**6), min_size=1, max_size=3), ops=mutations, which=st.integers(0, 2),
       as_json=st.booleans())
def test_validate_pass_split_input(capsys, work, seeds, ops, which, as_json):
    chunks = [ONE_FILE[s % len(ONE_FILE)] for s in seeds]
    chunks[which % len(chunks)] = mutate(chunks[which % len(chunks)], ops)
    text = "\n// -----\n".join(chunks)
    path = work / "split.mlir"
    path.write_text(text, encoding="utf-8")
    rc, out, err = run(capsys, ["validate-pass", "--iree-pipeline", PIPELINE, "--split-input-file", str(path),
                                *COMMON] + (["--json"] if as_json else []))
    if not as_json:
        return
    objs = json_lines(out)
    cases, summary = objs[:-1], objs[-1]
    assert summary["record"] == "summary" and summary["cases"] == len(cases)
    from irverify.validate import split_cases

    for case, obj in zip(split_cases(text, True), cases):
        assert obj["case"]["line"] == case.line
        if not mlir_parses(case.text):
            assert obj["verdict"] == "error"
            assert_located(obj["message"], str(path), text)
            line = int(obj["message"][len(str(path)) + 1:].split(":")[0])
            assert line >= case.line, (obj["message"], case.line)


# ----------------------------------------------------------------------------- subprocesses


def _cli_subprocess(args: list[str]) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("IRVERIFY_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "irverify", *args], capture_output=True, text=True,
                          timeout=300, cwd=REPO, env=env)


def test_subprocess_no_traceback(work):
    """A handful of broken inputs through the real console entry: one line on stderr, no traceback."""
    base = ONE_FILE[0]
    cases = [("trunc.srctgt.mlir", base[: len(base) // 2]),
             ("garbage.srctgt.mlir", base.replace("func.func", "func.func %%", 1)),
             ("renamed.srctgt.mlir", base.replace("@tgt", "@tgt_renamed")),
             ("empty.srctgt.mlir", "")]
    for name, text in cases:
        p = work / name
        p.write_text(text, encoding="utf-8")
    paths = [str(work / name) for name, _ in cases]
    runs = [(_cli_subprocess(["check", p, *COMMON]), p) for p in paths]
    runs.append((_cli_subprocess(["check", paths[0], paths[1], *COMMON, "--json"]), paths[0]))
    runs.append((_cli_subprocess(["validate-pass", "--iree-pipeline", PIPELINE, "--split-input-file", paths[0],
                                  *COMMON, "--json"]), paths[0]))
    for proc, p in runs:
        assert proc.returncode == 2, (proc.args, proc.returncode, proc.stdout, proc.stderr)
        assert "Traceback" not in proc.stderr + proc.stdout
        if "--json" in proc.args:
            for line in proc.stdout.splitlines():
                assert isinstance(json.loads(line), dict)
        else:
            assert proc.stdout == ""
            assert len(proc.stderr.strip().splitlines()) == 1 and proc.stderr.startswith(f"irverify: error: {p}")
    suite = work / "sp_suite"
    suite.mkdir(exist_ok=True)
    for name, text in cases:
        (suite / name).write_text(text, encoding="utf-8")
    (suite / "ok.srctgt.mlir").write_text(base, encoding="utf-8")
    proc = _cli_subprocess(["check-suite", str(suite), "-j", "2", *COMMON, "--json"])
    assert proc.returncode == 2 and "Traceback" not in proc.stderr + proc.stdout, proc.stderr
    objs = [json.loads(ln) for ln in proc.stdout.splitlines()]
    assert [o["verdict"] for o in objs[:-1]].count("error") == len(cases)
    assert objs[-1]["cases"] == len(cases) + 1


def test_subprocess_relax_no_traceback(work):
    pytest.importorskip("tvm")
    before, after = RELAX_PAIRS[0]
    broken = {"syntax.py": before[: len(before) // 2], "name.py": before.replace("R.take", "R.takee", 1)}
    for name, text in broken.items():
        (work / name).write_text(text, encoding="utf-8")
        proc = _cli_subprocess(["check", str(work / name), str(work / name), *COMMON])
        assert proc.returncode == 2, proc.stderr
        assert "Traceback" not in proc.stderr + proc.stdout
        assert proc.stdout == ""
        msgs = [ln for ln in proc.stderr.splitlines() if ln.startswith("irverify: ")]
        assert len(msgs) == 1 and re.match(rf"irverify: error: {re.escape(str(work / name))}:\d+", msgs[0]), proc.stderr


# ----------------------------------------------------------------------------- the bigger run


@pytest.mark.slow
def test_bigger_run(capsys, work):
    """The same properties on many more inputs (about 40 times the fast set's), with up to six
    mutations each, and 2000 truncations."""

    @settings(max_examples=4000, **FUZZ)
    @given(seed=st.integers(0, 10**6), ops=st.lists(_op, min_size=1, max_size=6), as_json=st.booleans())
    def one(seed, ops, as_json):
        _check_one_file(capsys, work, seed + 17, ops, as_json)

    @settings(max_examples=2000, **FUZZ)
    @given(seed=st.integers(0, 10**6), side=st.integers(0, 1), ops=st.lists(_op, min_size=1, max_size=6),
           as_json=st.booleans())
    def two(seed, side, ops, as_json):
        _check_two_files(capsys, work, seed + 17, side, ops, as_json)

    @settings(max_examples=2000, **FUZZ)
    @given(seed=st.integers(0, 10**6), cut=st.floats(0.0, 0.97), as_json=st.booleans())
    def truncated(seed, cut, as_json):
        test_truncated_mlir_is_a_located_error.hypothesis.inner_test(capsys, work, seed + 17, cut, as_json)

    one()
    two()
    truncated()
    if RELAX_PAIRS:
        pytest.importorskip("tvm")

        @settings(max_examples=400, **FUZZ)
        @given(seed=st.integers(0, 10**6), side=st.integers(0, 1), ops=st.lists(_op, min_size=1, max_size=6),
               as_json=st.booleans())
        def rel(seed, side, ops, as_json):
            _check_relax(capsys, work, seed + 17, side, ops, as_json)

        rel()


# ----------------------------------------------------------------------------- truncation (cheap, many)


@settings(max_examples=100, **FUZZ)
@given(seed=st.integers(0, 10**6), cut=st.floats(0.0, 0.97), as_json=st.booleans())
def test_truncated_mlir_is_a_located_error(capsys, work, seed, cut, as_json):
    """Truncated inputs (the commonest garbage: a partial paste, a cut-off file) never crash and,
    when MLIR rejects them, give one located line; most do not parse, so each costs milliseconds."""
    source = ONE_FILE[seed % len(ONE_FILE)]
    text = source[: int(len(source) * cut)]
    path = work / "cut.srctgt.mlir"
    path.write_text(text, encoding="utf-8")
    rc = check_single_outcome(capsys, [str(path)], [text], as_json, mlir=True)
    assert rc in EXIT_CODES
