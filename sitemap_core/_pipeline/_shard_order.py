"""``shard_order: lastmod``: oldest pages first, and shards that keep their pages.

A page unchanged since the previous build (same URL and lastmod) stays in its shard, so an
earlier shard's bytes do not change (one that lost a page shrinks); new and edited pages top
up the last shard. Both sides are sorted externally and merged by URL: flat memory.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from xml.sax.saxutils import unescape

from sitemap_core._config import Settings
from sitemap_core._files import (
    CHUNK,
    NEW_SHARD_GROUP,
    FileProblem,
    is_ours,
    listed_in_index,
    open_sitemap,
)
from sitemap_core._util.sorting import Item, SpillingSorter

_ENTRY = re.compile(rb"<url>\s*<loc>([^<]*)</loc>\s*(?:<lastmod>([^<]*)</lastmod>)?", re.DOTALL)
#: Longer than any entry of ours: an entry (or a line) this long ends the reading of a file.
_ENTRY_MAX = 1 << 20
_ENTITIES = {"&quot;": '"', "&apos;": "'"}
_Previous = tuple[str, int, str]
_Grouped = tuple[int, float, str, int, str, str | None, str]


def previous_shards(output_dir: Path, settings: Settings) -> list[Path]:
    """The previous build's shard files, in shard order (one file when it had no index)."""
    names = settings.names
    for index in (names.index, names.index + ".gz"):
        listed = listed_in_index(output_dir / index)
        if listed:
            found = []
            for name in listed:
                path = output_dir / name
                plain = output_dir / name.removesuffix(".gz")
                if names.owned.match(name) and (plain.is_file() or path.is_file()):
                    shard = plain if plain.is_file() else path
                    # Only our own files are read (a file put there could be anything).
                    if is_ours(shard):
                        found.append(shard)
            return found
    for name in (names.filename, names.filename + ".gz"):
        path = output_dir / name
        if path.is_file() and is_ours(path):
            return [path]
    return []


def shard_entries(path: Path) -> Iterator[tuple[str, str | None]]:
    """``(loc, lastmod)`` of one of our own shards (XML or text, plain or gzip).

    Read in chunks through the readers' 50 MiB cap (a gzip bomb costs one chunk); ends at
    the cap, a damaged stream, or an entry longer than any of ours.
    """
    try:
        reader = open_sitemap(path)
    except FileProblem:
        return
    text = path.name.removesuffix(".gz").endswith(".txt")
    try:
        for piece in _complete(reader.read, b"\n" if text else b"<url>"):
            if text:
                for line in piece.splitlines():
                    if line.strip():
                        yield line.decode("utf-8", "replace").strip(), None
                continue
            for match in _ENTRY.finditer(piece):
                loc = match.group(1).decode("utf-8", "replace").strip()
                lastmod = match.group(2)
                yield (
                    unescape(loc, _ENTITIES),
                    lastmod.decode("utf-8", "replace").strip() if lastmod else None,
                )
    finally:
        reader.close()


def _complete(read: Callable[[int], bytes], mark: bytes) -> Iterator[bytes]:
    """The stream ``read`` gives, cut before each ``mark`` (``\\n``: after it), in pieces
    that hold whole entries; a piece longer than :data:`_ENTRY_MAX` ends it."""
    buffer = bytearray()
    while chunk := read(CHUNK):
        searched = max(0, len(buffer) - len(mark))
        buffer += chunk
        cut = buffer.rfind(mark, searched)
        if cut > 0:
            if mark == b"\n":
                cut += 1
            yield bytes(buffer[:cut])
            del buffer[:cut]
        if len(buffer) > _ENTRY_MAX:
            return
    if buffer:
        yield bytes(buffer)


class LastmodOrder:
    """Orders a build's unique items for ``shard_order: lastmod`` with sticky shards.

    :param output_dir: where the previous build's shards are (read now, before any write).
    :param settings: the build's settings (file names).
    """

    def __init__(self, output_dir: Path, settings: Settings) -> None:
        self._previous: SpillingSorter[_Previous] = SpillingSorter()
        for number, path in enumerate(previous_shards(output_dir, settings), 1):
            for loc, lastmod in shard_entries(path):
                self._previous.add((loc, number, lastmod or ""))
        self._group = NEW_SHARD_GROUP

    def group(self) -> int:
        """The group of the item just handed out: the number of the previous build's shard
        it stays in, or :data:`NEW_SHARD_GROUP`; the writer begins a new shard where a kept
        one ends."""
        return self._group

    def order(self, items: Iterator[Item]) -> Iterator[Item]:
        """``items`` (unique, sorted by URL) in shard order: kept shards, then new pages."""
        grouped: SpillingSorter[_Grouped] = SpillingSorter()
        previous = self._previous.sorted()
        before = next(previous, None)
        for loc, seq, payload, key, text, label in items:
            while before is not None and before[0] < loc:
                before = next(previous, None)
            group = NEW_SHARD_GROUP
            if before is not None and before[0] == loc and before[2] == (text or ""):
                group = before[1]
            grouped.add((group, key, loc, seq, payload, text, label))
        previous.close()  # releases the spilled runs
        for group, key, loc, seq, payload, text, label in grouped.sorted():
            self._group = group
            yield Item(loc, seq, payload, key, text, label)
