"""Where the test inputs live: inside the repository, under ``testdata/`` (nothing outside it)."""

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TESTDATA = REPO / "testdata"
SEEDS = TESTDATA / "seeds" / "Inputs"
"""The user-reported seed cases (``testdata/seeds/README.md``)."""
PEER_SUITES = TESTDATA / "peer-suites"
"""Other projects' test inputs (``testdata/peer-suites/README.md``)."""
MLIR_TV = PEER_SUITES / "mlir-tv"
IREE_FOLD_RESHAPE = PEER_SUITES / "iree-fold-reshape"


def load_script(path: Path, module_name: str):
    """Import a script of the repository (a model corpus's ``build.py``) as a module."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (a dataclass in it looks its module up)
    spec.loader.exec_module(module)
    return module
