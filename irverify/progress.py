"""Progress of a long run: result lines printed as they come (standard output) and, when
standard error is a terminal, a progress bar (tqdm) on standard error below them, showing the
items done, the time spent and left, and what is running. Without a terminal only the result
lines are printed, each flushed at once."""

from __future__ import annotations

import sys
import time

STATUS_INTERVAL_S = 0.5


class Progress:
    def __init__(self, total: int, unit: str = "case", enabled: bool | None = None):
        self.bar = None
        self._last_status = 0.0
        if enabled is None:
            enabled = _is_terminal(sys.stderr)
        if enabled and total > 0:
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit=unit, file=sys.stderr, dynamic_ncols=True, leave=False,
                            smoothing=0.1)

    def line(self, text: str) -> None:
        """Print a result line on standard output, above the bar."""
        self.call(print, text)

    def call(self, fn, *args) -> None:
        """Run ``fn(*args)`` (which prints to standard output) with the bar cleared, then flush."""
        if self.bar is not None:
            from tqdm import tqdm

            with tqdm.external_write_mode(file=sys.stdout):
                fn(*args)
                sys.stdout.flush()
        else:
            fn(*args)
            sys.stdout.flush()

    def advance(self, n: int = 1) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def status(self, text: str) -> None:
        """Show what is running (at most every ``STATUS_INTERVAL_S``)."""
        now = time.monotonic()
        if self.bar is None or now - self._last_status < STATUS_INTERVAL_S:
            return
        self._last_status = now
        self.bar.set_postfix_str(text, refresh=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
