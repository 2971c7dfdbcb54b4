"""Deterministic order with flat memory: sorted runs spilled to disk, merged lazily.

Items (:class:`Item`) sort by ``(loc, seq)``: duplicates side by side with the first-seen one
first, so de-duplication is free.
"""

from __future__ import annotations

import heapq
import marshal
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, BinaryIO, Generic, NamedTuple, TypeVar


class Item(NamedTuple):
    """One entry on its way to a sitemap file.

    :param loc: the absolute URL (sort key).
    :param seq: arrival order (second sort key: the first-seen duplicate comes first).
    :param payload: the entry's serialized text.
    :param lastmod_key: the lastmod as a timestamp (``-inf`` without one), for ordering.
    :param lastmod_text: the lastmod as written, or ``None``.
    :param label: how the user knows the page, for messages.
    """

    loc: str
    seq: int
    payload: str
    lastmod_key: float
    lastmod_text: str | None
    label: str


T = TypeVar("T", bound=tuple[Any, ...])

#: Items kept in memory before a sorted run is written to disk.
RUN_SIZE = 50_000
#: Items per marshal block in a spilled run (one load call per block, not per item).
BLOCK = 512


class SpillingSorter(Generic[T]):
    """Collects tuples, keeps at most ``run_size`` in memory, yields them sorted.

    :param run_size: items per in-memory run.
    :param directory: where spilled runs go (the system temp dir when ``None``).
    """

    #: Rebuilds an item read back from a spilled run (marshal stores plain tuples only).
    make: Callable[[tuple[Any, ...]], T] | None = None

    def __init__(self, run_size: int = RUN_SIZE, directory: Path | None = None) -> None:
        self.run_size = run_size
        self.directory = directory
        self._buffer: list[T] = []
        self._runs: list[BinaryIO] = []

    def add(self, item: T) -> None:
        """Add one item."""
        self._buffer.append(item)
        if len(self._buffer) >= self.run_size:
            self._spill()

    def _spill(self) -> None:
        self._buffer.sort()
        handle = tempfile.TemporaryFile(dir=self.directory)  # noqa: SIM115 - closed in close()
        buffer = self._buffer
        for start in range(0, len(buffer), BLOCK):
            block = buffer[start : start + BLOCK]
            marshal.dump(block if self.make is None else [tuple(item) for item in block], handle)
        handle.seek(0)
        self._runs.append(handle)
        self._buffer = []

    def _read(self, handle: BinaryIO) -> Iterator[T]:
        make = self.make
        while True:
            try:
                block = marshal.load(handle)
            except EOFError:
                return
            yield from (block if make is None else map(make, block))

    def _merged(self) -> Iterator[T]:
        self._buffer.sort()
        if self._runs:
            streams = [self._read(h) for h in self._runs]
            return heapq.merge(iter(self._buffer), *streams)
        return iter(self._buffer)

    def sorted(self) -> Iterator[T]:
        """Yield every item in order (duplicates kept)."""
        try:
            yield from self._merged()
        finally:
            self.close()

    def close(self) -> None:
        """Release spilled runs."""
        for handle in self._runs:
            handle.close()
        self._runs = []
        self._buffer = []


class ExternalSorter(SpillingSorter[Item]):
    """Collects items, keeps at most ``run_size`` in memory, yields them sorted and unique."""

    make = Item._make

    def unique(self, on_duplicate: Callable[[Item, Item], None]) -> Iterator[Item]:
        """Yield items sorted by URL, dropping later duplicates (reported to the callback)."""
        merged = self._merged()
        previous: Item | None = None
        try:
            for item in merged:
                if previous is not None and item.loc == previous.loc:
                    on_duplicate(previous, item)
                    continue
                previous = item
                yield item
        finally:
            self.close()
