"""The repository's lit corpora as cases for mutation fuzzing (``corpus_mutate``).

Each corpus yields ``CorpusCase``s whose ``load()`` gives ``(before, after)`` texts, or
``(text, None)`` for a single file holding ``@src`` and ``@tgt``:

| corpus | cases | after |
|---|---|---|
| ``iree-lit``, ``iree-lit-untuned`` | every case of every replayable ``iree-opt`` RUN line (``lit_corpus.plan``) | the RUN line's pipeline run in-process (``validate.run_iree_pipeline``) |
| ``iree-fold-reshape`` | ``testdata/peer-suites/iree-fold-reshape/*.before.mlir`` | IREE's fold pass with ``canonicalize``, as its RUN line |
| ``mlir-tv`` | the pairs of ``manifest.tsv`` expected ``equivalent`` | the pair's ``tgt`` file |
| ``litmus`` | ``testdata/litmus/**/*.srctgt.mlir`` | ``@tgt`` of the same file |
| ``iree`` | ``testdata/iree/X.before.mlir`` with ``X.after.mlir`` | that file |
| ``tvm-relax``, ``tvm-relax-untuned`` | the ``Before`` modules of ``manifest.tsv`` | the manifest's Relax pass applied (``validate.apply_tvm_pass``) |
| ``relax`` | ``testdata/relax/**/*.srctgt.py``, ``X.before.py`` with ``X.after.py``, ``testdata/litmus/relax/*.srctgt.py`` | ``@tgt``, or that file |
"""

from __future__ import annotations

import csv
import glob
import os

from irverify.fuzz.corpus_mutate import CorpusCase

MLIR_CORPORA = ("iree-lit", "iree-lit-untuned", "iree-fold-reshape", "mlir-tv", "litmus", "iree")
RELAX_CORPORA = ("tvm-relax", "tvm-relax-untuned", "relax")
CORPORA = MLIR_CORPORA + RELAX_CORPORA
FOLD_RESHAPE_PIPELINE = "builtin.module(func.func(iree-codegen-fold-reshape-into-interface-tensor,canonicalize))"


def testdata(root: str) -> str:
    return os.path.join(root, "testdata")


def cases(name: str, root: str) -> list[CorpusCase]:
    """The cases of corpus ``name``; ``root`` is the repository's root directory."""
    td = testdata(root)
    if name in ("iree-lit", "iree-lit-untuned"):
        return _lit_cases(name, sorted(glob.glob(os.path.join(td, "peer-suites", name, "compiler", "**", "*.mlir"),
                                                 recursive=True)), root)
    if name == "iree-fold-reshape":
        files = sorted(glob.glob(os.path.join(td, "peer-suites", name, "*.before.mlir")))
        return [CorpusCase(name, os.path.relpath(p, root), ".mlir", _pipeline_loader(FOLD_RESHAPE_PIPELINE, p, 1))
                for p in files]
    if name == "mlir-tv":
        return _mlir_tv_cases(os.path.join(td, "peer-suites", "mlir-tv"), root)
    if name == "litmus":
        files = sorted(glob.glob(os.path.join(td, "litmus", "**", "*.srctgt.mlir"), recursive=True))
        return [CorpusCase(name, os.path.relpath(p, root), ".mlir", _single_loader(p)) for p in files]
    if name == "iree":
        return _before_after(name, os.path.join(td, "iree"), ".mlir", root, "mlir")
    if name in ("tvm-relax", "tvm-relax-untuned"):
        return _relax_pass_cases(name, os.path.join(td, "peer-suites", name), root)
    if name == "relax":
        files = sorted(glob.glob(os.path.join(td, "relax", "**", "*.srctgt.py"), recursive=True)
                       + glob.glob(os.path.join(td, "litmus", "relax", "*.srctgt.py")))
        out = [CorpusCase(name, os.path.relpath(p, root), ".py", _single_loader(p), arm="relax") for p in files]
        for sub in sorted({os.path.dirname(p) for p in glob.glob(os.path.join(td, "relax", "**", "*.before.py"),
                                                                 recursive=True)}):
            out += _before_after(name, sub, ".py", root, "relax")
        return out
    raise ValueError(f"unknown corpus {name!r} (expected one of {', '.join(CORPORA)})")


def _read(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        return f.read()


def _single_loader(path: str):
    return lambda: (_read(path), None)


def _pair_loader(before: str, after: str):
    return lambda: (_read(before), _read(after))


def _before_after(name: str, folder: str, suffix: str, root: str, arm: str) -> list[CorpusCase]:
    out = []
    for b in sorted(glob.glob(os.path.join(folder, f"*.before{suffix}"))):
        a = b[: -len(f".before{suffix}")] + f".after{suffix}"
        if os.path.exists(a):
            out.append(CorpusCase(name, os.path.relpath(b, root), suffix, _pair_loader(b, a), arm=arm))
    return out


def _mlir_tv_cases(suite: str, root: str) -> list[CorpusCase]:
    with open(os.path.join(suite, "manifest.tsv"), encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return [CorpusCase("mlir-tv", r["name"], ".mlir", _pair_loader(os.path.join(suite, r["src"]),
                                                                   os.path.join(suite, r["tgt"])))
            for r in rows if r["expected"] == "equivalent"]


def _lit_cases(name: str, files: list[str], root: str) -> list[CorpusCase]:
    from irverify.lit_corpus import plan

    _, jobs = plan(files, None)
    return [CorpusCase(name, f"{os.path.relpath(j.run.path, root)}:{j.case.line} RUN#{j.run.index + 1}", ".mlir",
                       _lit_loader(j.run.pipeline, j.run.path, j.case)) for j in jobs]


def _lit_loader(pipeline: str, path: str, case):
    def load():
        return _run_pipeline(pipeline, path, case.text, case.line)
    return load


def _pipeline_loader(pipeline: str, path: str, line: int):
    return lambda: _run_pipeline(pipeline, path, _read(path), line)


def _run_pipeline(pipeline: str, path: str, text: str, line: int) -> tuple[str, str]:
    """The case's module printed before and after ``pipeline`` ran on it."""
    from irverify.frontends.mlir.parse import parse_mlir_native
    from irverify.validate import run_iree_pipeline

    before = parse_mlir_native(text, path)
    after = parse_mlir_native(text, path)
    run_iree_pipeline(after, pipeline, f"{path}:{line}")
    return before.operation.get_asm(use_local_scope=True), after.operation.get_asm(use_local_scope=True)


def _relax_pass_cases(name: str, suite: str, root: str) -> list[CorpusCase]:
    with open(os.path.join(suite, "manifest.tsv"), encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    out = []
    for r in rows:
        path = os.path.join(suite, "inputs", r["name"] + ".py")
        if os.path.exists(path):
            out.append(CorpusCase(name, os.path.relpath(path, root), ".py", _relax_loader(r["pass"], path),
                                  arm="relax"))
    return out


def _relax_loader(pass_expr: str, path: str):
    def load():
        from irverify.fuzz.corpus_relax import run_pass

        return run_pass(pass_expr, path)
    return load
