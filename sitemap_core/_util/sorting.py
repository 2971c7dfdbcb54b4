"""Deterministic order with flat memory: sorted runs spilled to disk, merged lazily.

Items (:class:`Item`) sort by ``(loc, seq)``: duplicates side by side with the first-seen one
first, so de-duplication is free.
"""

from __future__ import annotations

import marshal
import tempfile
from bisect import bisect_right
from collections.abc import Callable, Generator, Iterator
from functools import partial
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


#: ``new_item((loc, seq, ...))``: an :class:`Item` made in C (``Item(...)`` runs Python).
new_item = partial(tuple.__new__, Item)
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
        self._streams: list[Iterator[list[Any]]] = []
        self._written = 0
        self._bytes = 0

    def add(self, item: T, size: int = 0) -> None:
        """Add one item; ``size``: the length of its text, counted against the budget."""
        if len(self._buffer) >= self.run_size or self._bytes >= RUN_BYTES:
            self._buffer.sort()
            self._write(iter(self._buffer))
            self._buffer, self._bytes = [], 0
        self._buffer.append(item)
        self._bytes += size

    def _write(self, items: Iterator[Any]) -> None:
        if self._folder is None:
            self._folder = tempfile.TemporaryDirectory(dir=self.directory, prefix="sort-")
        self._written += 1
        path = Path(self._folder.name, str(self._written))
        with path.open("wb") as handle:
            for block in iter(lambda: list(islice(items, BLOCK)), []):
                # Sized: marshal.load(file) reads object by object, 20 times slower.
                data = marshal.dumps(list(map(tuple, block)))
                handle.write(len(data).to_bytes(8, "little") + data)
        self._runs.append(path)

    def _read(self, path: Path) -> Iterator[list[Any]]:
        with path.open("rb") as handle:
            while size := int.from_bytes(handle.read(8), "little"):
                block = marshal.loads(handle.read(size))
                yield block if self.make is None else list(map(self.make, block))
        path.unlink()

    def _merged(self) -> Iterator[T]:
        buffer = self._buffer
        buffer.sort()
        while len(self._runs) > self.fan_in:
            # One pass step: the oldest runs (the shortest) become one.
            group, self._runs = self._runs[: self.fan_in - 1], self._runs[self.fan_in - 1 :]
            self._write(_merge([self._read(path) for path in group]))
        self._streams = [self._read(path) for path in self._runs]
        blocks = (buffer[k : k + BLOCK] for k in range(0, len(buffer), BLOCK))
        return _merge([*self._streams, blocks]) if self._runs else iter(buffer)

    def sorted(self) -> Generator[T, None, None]:
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


def _merge(runs: list[Iterator[list[Any]]]) -> Iterator[Any]:
    """Merge runs of sorted blocks: each round sorts (in C, twice ``heapq.merge``'s speed)
    every item up to the least of the blocks' last items: no later item is less."""
    heads: list[list[Any]] = [[block, 0, run] for run in runs if (block := next(run, None))]
    while heads:
        bound = min(head[0][-1] for head in heads)
        taken: list[Any] = []
        for head in heads:
            block, pos, run = head
            cut = bisect_right(block, bound, pos)
            taken += block[pos:cut]
            head[:2] = (next(run, None), 0) if cut == len(block) else (block, cut)
        heads = [head for head in heads if head[0]]
        taken.sort()
        yield from taken


class ExternalSorter(SpillingSorter[Item]):
    """Collects items, keeps at most ``run_size`` in memory, yields them sorted and unique."""

    make = new_item

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
