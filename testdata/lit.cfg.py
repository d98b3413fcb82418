"""lit configuration for irverify's regression corpus (run: ``lit -q testdata``).

Test files:

* ``*.srctgt.mlir`` / ``*.srctgt.py``: one pair per file (``@src`` / ``@tgt``, or a Relax module
  pair), checked with ``// RUN: irverify check %s --no-confirm | filecheck %s``; a ``-bad`` suffix
  marks an expected counterexample (``// RUN: not irverify check %s ...``, exit code 1).
* ``*.test``: command-line behaviour (exit codes, JSON), two-file pairs such as the seeds.

Substitutions: ``irverify`` runs this interpreter's ``python -m irverify``; ``filecheck`` and
``FileCheck`` (LLVM's spelling) run the PyPI ``filecheck`` package (both forked from a server that
has imported them, ``irverify/forkserver.py``, unless ``IRVERIFY_LIT_FORKSERVER=0``); ``%python`` is this
interpreter; ``%exit-code CMD`` runs CMD and prints ``exit: N`` after its output (stderr
included). Features: ``iree`` (the IREE compiler and runtime import), ``tvm`` (apache-tvm
imports) and ``slow`` (set by ``IRVERIFY_LIT_SLOW=1``). Directories named ``Inputs`` hold helper files and ``peer-suites/`` other projects'
test inputs; neither holds lit tests.
"""

import importlib.util
import os
import shlex
import sys
import tempfile

import lit.formats

config.name = "irverify"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".srctgt.mlir", ".srctgt.py", ".test"]
config.excludes = ["Inputs", "peer-suites", "tools", "lit.cfg.py", "README.md"]
config.test_source_root = os.path.dirname(__file__)
# Outputs (%t files) go outside the source tree.
config.test_exec_root = os.environ.get(
    "IRVERIFY_LIT_OUT", os.path.join(tempfile.gettempdir(), f"irverify-lit-{os.getuid()}"))

_python = shlex.quote(sys.executable)
_repo = os.path.dirname(config.test_source_root)
_run = {tool: f"{_python} -m {tool}" for tool in ("irverify", "filecheck")}
if os.environ.get("IRVERIFY_LIT_FORKSERVER", "1") != "0" and hasattr(os, "pidfd_open"):
    # Each RUN line's irverify and filecheck forked from one server that has imported Python,
    # MLIR, z3 and TVM once (irverify/forkserver.py); IRVERIFY_LIT_FORKSERVER=0 starts each afresh.
    sys.path.insert(0, _repo)
    from irverify import forkserver

    _run = forkserver.lit_commands(sys.executable, env={
        **os.environ, "PYTHONPATH": os.pathsep.join(p for p in (_repo, os.environ.get("PYTHONPATH", "")) if p)})
# Bare words only: "irverify" inside a path, a module name or a flag is left alone.
config.substitutions.append((r"(?<![\w./-])irverify(?![\w./-])", _run["irverify"]))
# "filecheck" and LLVM's spelling "FileCheck" both run the PyPI filecheck package.
config.substitutions.append((r"(?<![\w./-])(?:filecheck|FileCheck)(?![\w./-])", _run["filecheck"]))
config.substitutions.append(("%python", _python))
# "%exit-code CMD": run CMD, print its output, then "exit: N"; always succeeds.
config.substitutions.append(("%exit-code", f"{_python} " + shlex.quote(os.path.join(config.test_source_root, "tools", "exit_code.py"))))

config.environment["PYTHONPATH"] = os.pathsep.join(
    p for p in (_repo, os.environ.get("PYTHONPATH", "")) if p)
for _var in ("HOME", "TMPDIR", "IREE_CPU_FEATURES"):
    if _var in os.environ:
        config.environment[_var] = os.environ[_var]


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


if _importable("iree.compiler") and _importable("iree.runtime"):
    config.available_features.add("iree")
if _importable("tvm"):
    config.available_features.add("tvm")
# "slow": the long-running cases whose construct a faster case of the corpus also covers; the
# fast set (CI) leaves them out, ``IRVERIFY_LIT_SLOW=1`` (``tests/test_lit.py``, slow) runs them.
if os.environ.get("IRVERIFY_LIT_SLOW"):
    config.available_features.add("slow")
