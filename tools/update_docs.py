"""Rewrite the generated blocks of README.md and docs/*.md (the table of supported ops, the
contested points of semantics) from the registry: ``python tools/update_docs.py``.
``tests/test_docs.py`` fails while a block differs from what this writes."""

from __future__ import annotations

import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from irverify.ops_listing import update_blocks


def main() -> int:
    for path in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        new = update_blocks(text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"updated {os.path.relpath(path, REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
