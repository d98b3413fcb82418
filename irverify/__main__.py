"""``python -m irverify`` is the ``irverify`` command."""

import sys

from irverify.cli import main

sys.exit(main())
