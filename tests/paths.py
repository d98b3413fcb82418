"""Where the shared inputs live: ``shared/`` beside the checkout (as in CI and development)."""

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
