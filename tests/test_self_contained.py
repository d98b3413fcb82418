"""The repository is self-contained: no test, tool, benchmark or lit case names a path outside
it (a folder beside the checkout, reached by ``..`` or by the checkout's parent, or an absolute
path of one machine), and the audit hook of ``tests/outside_reads.py`` catches a read beside the
checkout at run time."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests import outside_reads
from tests.paths import REPO

SCANNED = ("tests", "tools", "benchmarks", "testdata", "examples", "irverify")
SUFFIXES = (".py", ".test", ".mlir", ".sh", ".cfg")
SKIPPED = ("testdata/peer-suites/",)  # other projects' files, read as data only
SELF = ("tests/test_self_contained.py", "tests/outside_reads.py")  # they name outside paths to catch them

# The sibling folder's name, put together so that this file does not spell it.
SIBLING = "sha" + "red"
LITERAL = re.compile(rf"\.\./{SIBLING}|[\"']{SIBLING}[\"']|/work/|/home/|/root/|/Users/")
PARENT_OF_ROOT = re.compile(r"\b(REPO|ROOT|REPO_ROOT)\.parent\b|dirname\((REPO|ROOT|REPO_ROOT)\)")
PARENTS = re.compile(r"__file__\)?\.resolve\(\)\.parents\[(\d+)\]")
LIT_UP = re.compile(r"%S((?:/\.\.)+)")


def escapes(rel: str, text: str) -> list[str]:
    """Lines of ``text`` (the file ``rel`` of the repository) that name a path outside it."""
    depth = len(Path(rel).parts) - 1  # parents[depth] of the file is the repository
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        bad = LITERAL.search(line) or PARENT_OF_ROOT.search(line)
        bad = bad or any(int(k) > depth for k in PARENTS.findall(line))
        bad = bad or any(up.count("..") > depth - 1 for up in LIT_UP.findall(line))  # %S is the file's folder
        if bad:
            found.append(f"{rel}:{n}: {line.strip()}")
    return found


def test_no_file_names_a_path_outside_the_repository():
    found = []
    for top in SCANNED:
        for path in sorted((REPO / top).rglob("*")):
            rel = path.relative_to(REPO).as_posix()
            if path.is_file() and path.name.endswith(SUFFIXES) and not rel.startswith(SKIPPED) \
                    and rel not in SELF:
                found += escapes(rel, path.read_text(encoding="utf-8", errors="replace"))
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("rel, line", [
    ("tests/a.py", f'SEEDS = REPO / ".." / "{SIBLING}" / "seeds"'),
    ("tests/a.py", f"SUITE = os.path.join('..', '{SIBLING}', 'peer-suites', 'mlir-tv')"),
    ("tests/a.py", "SHARED = REPO.parent / 'inputs'"),
    ("tests/sub/a.py", "ROOT = Path(__file__).resolve().parents[3]"),
    ("tools/a.py", 'DATA = "/work/data/x.mlir"'),
    ("testdata/seeds/a.test", "# RUN: irverify check %S/../../../x.mlir"),
])
def test_the_scan_flags_paths_outside(rel, line):
    assert escapes(rel, line)


@pytest.mark.parametrize("rel, line", [
    ("tests/sub/a.py", "REPO = Path(__file__).resolve().parents[2]"),
    ("testdata/seeds/a.test", "# RUN: irverify check %S/../relax/attention_reference.py"),
    ("tests/a.py", "SHARED = 'transform_params'"),
])
def test_the_scan_accepts_paths_inside(rel, line):
    assert not escapes(rel, line)


def test_a_read_beside_the_checkout_is_caught():
    sibling = REPO.parent / "an-input-beside-the-checkout"  # missing: the attempt alone is caught
    start = len(outside_reads.SEEN)
    try:
        with pytest.raises(OSError):
            open(sibling / "missing", encoding="utf-8")  # noqa: SIM115 - the attempt is what counts
        assert outside_reads.SEEN[start:] == [str(sibling / "missing")]
        assert outside_reads.outside(REPO / "testdata" / "seeds") is None
        assert outside_reads.outside(REPO.parent / ".cache" / "x") is None
    finally:
        del outside_reads.SEEN[start:]  # read on purpose: not a failure of this test


def test_a_worktree_also_guards_the_main_checkouts_parent(tmp_path):
    """In a git worktree (``.git`` is a file naming ``<main>/.git/worktrees/<name>``), inputs
    beside the main checkout are outside too."""
    main = tmp_path / "main"
    (main / ".git" / "worktrees" / "wt").mkdir(parents=True)
    wt = tmp_path / "trees" / "wt"
    wt.mkdir(parents=True)
    (wt / ".git").write_text(f"gitdir: {main / '.git' / 'worktrees' / 'wt'}\n", encoding="utf-8")
    assert outside_reads._main_checkout(str(wt)) == str(main)
    assert outside_reads._main_checkout(str(main)) is None  # .git is a directory
    assert outside_reads._main_checkout(str(tmp_path / "nothing")) is None
