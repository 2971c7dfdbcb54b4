"""A small progress bar on stderr, shown only on a terminal and for long jobs."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Counts work done; draws a bar when ``stream`` is a terminal and ``total`` is large.

    :param total: how many items there are.
    :param label: what is being counted.
    :param threshold: no bar below this many items.
    """

    def __init__(
        self, total: int, label: str, threshold: int = 2000, stream: TextIO | None = None
    ) -> None:
        self.total = total
        self.label = label
        self.stream = stream or sys.stderr
        self.enabled = total >= threshold and self.stream.isatty()
        self._last = 0.0

    def update(self, done: int) -> None:
        """Redraw at most ten times a second."""
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._last < 0.1 and done < self.total:
            return
        self._last = now
        width = 30
        filled = width * done // max(self.total, 1)
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done:,}/{self.total:,}")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        if self.enabled:
            self.update(self.total)
            self.stream.write("\n")
            self.stream.flush()
