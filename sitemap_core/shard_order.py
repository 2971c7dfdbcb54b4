"""``shard_order: lastmod``: oldest pages first, and shards that keep their pages.

Pages are ordered oldest first (pages without lastmod first, ties by URL). A page that is
unchanged since the previous build (same URL, same lastmod) stays in the shard it was in:
each earlier shard is written again from the same entries, so its bytes do not change, and
a shard that lost an edited or removed page shrinks instead of pulling pages forward from
the next one. New and edited pages go last, topping up the last shard, then new shards. The
previous build's shards are read from the output directory before anything is replaced;
memory stays flat (both sides are sorted externally and merged by URL).
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from pathlib import Path
from xml.sax.saxutils import unescape

from sitemap_core.names import SitemapNames
from sitemap_core.settings import Settings
from sitemap_core.sorting import Item, SpillingSorter
from sitemap_core.writer import NEW, is_ours, listed_in_index

_ENTRY = re.compile(
    r"<url>\s*<loc>([^<]*)</loc>\s*(?:<lastmod>([^<]*)</lastmod>)?", re.ASCII | re.DOTALL
)
_ENTITIES = {"&quot;": '"', "&apos;": "'"}
_Previous = tuple[str, int, str]
_Grouped = tuple[int, float, str, int, str, str | None, str]


def previous_shards(output_dir: Path, settings: Settings) -> list[Path]:
    """The previous build's shard files, in shard order (one file when it had no index)."""
    names = SitemapNames.of(settings)
    for index in (names.index, names.index + ".gz"):
        listed = listed_in_index(output_dir / index)
        if listed:
            found = []
            for name in listed:
                path = output_dir / name
                plain = output_dir / name.removesuffix(".gz")
                if names.owned.match(name) and (plain.is_file() or path.is_file()):
                    found.append(plain if plain.is_file() else path)
            return found
    for name in (names.filename, names.filename + ".gz"):
        path = output_dir / name
        if path.is_file() and is_ours(path):
            return [path]
    return []


def shard_entries(path: Path) -> Iterator[tuple[str, str | None]]:
    """``(loc, lastmod)`` of one of our own shards (XML or text, plain or gzip)."""
    try:
        raw = path.read_bytes()
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
    except (OSError, EOFError, gzip.BadGzipFile):
        return
    text = raw.decode("utf-8", "replace")
    if path.name.removesuffix(".gz").endswith(".txt"):
        for line in text.splitlines():
            if line.strip():
                yield line.strip(), None
        return
    for match in _ENTRY.finditer(text):
        lastmod = match.group(2)
        yield unescape(match.group(1).strip(), _ENTITIES), lastmod.strip() if lastmod else None


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
        self._group = NEW

    def group(self) -> int:
        """The group of the item just handed out: the number of the previous build's shard
        it stays in, or :data:`NEW`; the writer begins a new shard where a kept one ends."""
        return self._group

    def order(self, items: Iterator[Item]) -> Iterator[Item]:
        """``items`` (unique, sorted by URL) in shard order: kept shards, then new pages."""
        grouped: SpillingSorter[_Grouped] = SpillingSorter()
        previous = self._previous.sorted()
        before = next(previous, None)
        for loc, seq, payload, key, text, label in items:
            while before is not None and before[0] < loc:
                before = next(previous, None)
            group = NEW
            if before is not None and before[0] == loc and before[2] == (text or ""):
                group = before[1]
            grouped.add((group, key, loc, seq, payload, text, label))
        for _rest in previous:
            pass  # release the spilled runs
        for group, key, loc, seq, payload, text, label in grouped.sorted():
            self._group = group
            yield Item(loc, seq, payload, key, text, label)
