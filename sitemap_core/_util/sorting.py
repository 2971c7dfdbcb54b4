"""Deterministic order with flat memory: sorted runs spilled to disk, merged lazily.

Items (:class:`Item`) sort by ``(loc, seq)``: duplicates side by side with the first-seen one
first, so de-duplication is free.
"""

from __future__ import annotations

import heapq
import marshal
import tempfile
from collections.abc import Callable, Iterator
from itertools import islice
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar


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

#: Items, and bytes of their text (as :meth:`SpillingSorter.add` is told), kept in memory
#: before a sorted run is written to disk: a site of 100,000 URLs is sorted without a file.
RUN_SIZE = 100_000
RUN_BYTES = 24 << 20
#: Items per marshal block in a spilled run (one load call per block, not per item).
BLOCK = 512
#: Files open at most while merging: runs beyond it are merged in passes first.
FAN_IN = 64


class SpillingSorter(Generic[T]):
    """Collects tuples, keeps at most ``run_size`` in memory, yields them sorted.

    Runs go to closed files in a private temporary folder; at most ``fan_in`` of them are open
    at once (merged ``fan_in - 1`` at a time into a new run while more are left), each read
    one block ahead, so neither open files nor memory grow with the number of items.

    :param run_size: items per in-memory run (at most; fewer once their text reaches
        :data:`RUN_BYTES`).
    :param directory: where spilled runs go (the system temp dir when ``None``).
    :param fan_in: files open at most (at least 3).
    """

    #: Rebuilds an item read back from a spilled run (marshal stores plain tuples only).
    make: Callable[[tuple[Any, ...]], T] | None = None

    def __init__(
        self, run_size: int = RUN_SIZE, directory: Path | None = None, fan_in: int = FAN_IN
    ) -> None:
        self.run_size = run_size
        self.directory = directory
        self.fan_in = max(3, fan_in)
        self._buffer: list[T] = []
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        self._runs: list[Path] = []
        self._streams: list[Iterator[T]] = []
        self._written = 0
        self._bytes = 0

    def add(self, item: T, size: int = 0) -> None:
        """Add one item; ``size``: the length of its text, counted against the budget."""
        if len(self._buffer) >= self.run_size or self._bytes >= RUN_BYTES:
            self._buffer.sort()
            self._write(iter(self._buffer), plain=self.make is None)
            self._buffer, self._bytes = [], 0
        self._buffer.append(item)
        self._bytes += size

    def _write(self, items: Iterator[Any], plain: bool) -> None:
        if self._folder is None:
            self._folder = tempfile.TemporaryDirectory(dir=self.directory, prefix="sort-")
        self._written += 1
        path = Path(self._folder.name, str(self._written))
        with path.open("wb") as handle:
            for block in iter(lambda: list(islice(items, BLOCK)), []):
                marshal.dump(block if plain else [tuple(item) for item in block], handle)
        self._runs.append(path)

    def _read(self, path: Path, make: Callable[[tuple[Any, ...]], Any] | None) -> Iterator[Any]:
        with path.open("rb") as handle:
            while True:
                try:
                    block = marshal.load(handle)
                except EOFError:
                    break
                yield from (block if make is None else map(make, block))
        path.unlink()

    def _merged(self) -> Iterator[T]:
        self._buffer.sort()
        while len(self._runs) > self.fan_in:
            # One pass step: the oldest runs (the shortest) become one; raw tuples, no rebuild.
            group, self._runs = self._runs[: self.fan_in - 1], self._runs[self.fan_in - 1 :]
            self._write(heapq.merge(*(self._read(p, None) for p in group)), plain=True)
        self._streams = [self._read(p, self.make) for p in self._runs]
        return heapq.merge(iter(self._buffer), *self._streams) if self._runs else iter(self._buffer)

    def sorted(self) -> Iterator[T]:
        """Yield every item in order (duplicates kept)."""
        try:
            yield from self._merged()
        finally:
            self.close()

    def close(self) -> None:
        """Release spilled runs."""
        for stream in self._streams:
            stream.close()  # type: ignore[attr-defined]
        if self._folder is not None:
            self._folder.cleanup()
        self._folder, self._runs, self._streams, self._buffer = None, [], [], []


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
