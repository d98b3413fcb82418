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
