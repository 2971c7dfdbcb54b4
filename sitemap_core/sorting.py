"""Deterministic order with flat memory: sorted runs spilled to disk, merged lazily.

Items are ``(loc, seq, payload, lastmod_key, lastmod_text, label)``. Sorting by ``(loc, seq)``
puts duplicates side by side with the first-seen one first, so de-duplication is free.
"""

from __future__ import annotations

import heapq
import marshal
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

Item = tuple[str, int, str, float, str | None, str]

#: Items kept in memory before a sorted run is written to disk.
RUN_SIZE = 50_000
#: Items per marshal block in a spilled run (one load call per block, not per item).
BLOCK = 512


class ExternalSorter:
    """Collects items, keeps at most ``run_size`` in memory, yields them sorted and unique.

    :param run_size: items per in-memory run.
    :param directory: where spilled runs go (the system temp dir when ``None``).
    """

    def __init__(self, run_size: int = RUN_SIZE, directory: Path | None = None) -> None:
        self.run_size = run_size
        self.directory = directory
        self._buffer: list[Item] = []
        self._runs: list[BinaryIO] = []

    def add(self, item: Item) -> None:
        """Add one item."""
        self._buffer.append(item)
        if len(self._buffer) >= self.run_size:
            self._spill()

    def _spill(self) -> None:
        self._buffer.sort()
        handle = tempfile.TemporaryFile(dir=self.directory)  # noqa: SIM115 - closed in close()
        buffer = self._buffer
        for start in range(0, len(buffer), BLOCK):
            marshal.dump(buffer[start : start + BLOCK], handle)
        handle.seek(0)
        self._runs.append(handle)
        self._buffer = []

    @staticmethod
    def _read(handle: BinaryIO) -> Iterator[Item]:
        while True:
            try:
                block = marshal.load(handle)
            except EOFError:
                return
            yield from block

    def unique(self, on_duplicate: Callable[[Item, Item], None]) -> Iterator[Item]:
        """Yield items sorted by URL, dropping later duplicates (reported to the callback)."""
        self._buffer.sort()
        if self._runs:
            streams = [self._read(h) for h in self._runs]
            merged: Iterator[Item] = heapq.merge(iter(self._buffer), *streams)
        else:
            merged = iter(self._buffer)
        previous: Item | None = None
        try:
            for item in merged:
                if previous is not None and item[0] == previous[0]:
                    on_duplicate(previous, item)
                    continue
                previous = item
                yield item
        finally:
            self.close()

    def close(self) -> None:
        """Release spilled runs."""
        for handle in self._runs:
            handle.close()
        self._runs = []
        self._buffer = []
