"""Writes sorted entries into sitemap files: shards, an index, gzip copies, atomically."""

from __future__ import annotations

import gzip
import io
import re
import zlib
from collections import Counter
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from sitemap_core._config import (
    PROTOCOL_MAX_BYTES,
    PROTOCOL_MAX_URLS,
    Settings,
    section_finder,
    section_names,
)
from sitemap_core._errors import SitemapError
from sitemap_core._files._serialize import (
    INDEX_FOOTER,
    MARKER,
    URLSET_FOOTER,
    index_block,
    index_header,
    urlset_header,
)
from sitemap_core._util.atomic import TempFile, commit_all
from sitemap_core._util.regular import open_regular
from sitemap_core._util.sorting import Item

#: gzip level: zlib's default, the usual speed/size balance for web assets.
GZIP_LEVEL = 6
_FLUSH_AT = 1 << 16
#: ``shard_order: lastmod``'s group of new and edited pages: after every kept shard
#: (:mod:`sitemap_core._pipeline`).
NEW_SHARD_GROUP = 1 << 62
#: How much of a text file is read to tell whether it is a text sitemap.
_TEXT_PEEK = 1 << 16


@dataclass
class _Shard:
    plain: TempFile | None
    packed: TempFile | None
    gz: gzip.GzipFile | None
    count: int = 0
    size: int = 0
    newest_key: float = float("-inf")
    newest: str | None = None
    pending: list[bytes] = field(default_factory=list)
    pending_size: int = 0
    #: The named section it belongs to (``""`` without sections).
    section: str = ""


@dataclass(frozen=True)
class Written:
    """Files a write produced.

    :param entry_name: the file crawlers are pointed at (sitemap or index), relative name.
    :param oversize: URLs that alone exceed the byte cap (written anyway, one per file).
    """

    entry_name: str
    files: list[Path]
    urls: int
    oversize: int = 0


class SitemapWriter:
    """Streams entries into files of at most ``max_urls`` URLs and ``max_bytes`` bytes.

    :param settings: names, format, limits, gzip.
    :param output_dir: the site's output root.
    :param alternates: whether any entry carries ``xhtml:link`` (sets the namespace).
    :param images: whether any entry carries ``image:image`` (sets the namespace).
    :param shard_group: asked for each entry: its group (``shard_order: lastmod``; each group
        a shard of its own, :data:`NEW_SHARD_GROUP` tops up the last one).
    """

    def __init__(
        self,
        settings: Settings,
        output_dir: Path,
        alternates: bool = False,
        images: bool = False,
        shard_group: Callable[[], int] | None = None,
        replace: Collection[Path] = (),
    ) -> None:
        self.settings = settings
        self.replace = frozenset(replace)
        self.shard_group = shard_group
        self.names = settings.names
        self.section_of = section_finder(settings.named_sections, settings.base_url or "")
        self.output_dir = output_dir
        self.xml = settings.format == "xml"
        self.header = (
            urlset_header(alternates, images, settings.stylesheet) if self.xml else ""
        ).encode()
        self.footer = (URLSET_FOOTER if self.xml else "").encode()
        self.shards: list[_Shard] = []
        #: The index's temp files and final places (a set of more than one shard).
        self.index_pairs: list[tuple[TempFile, Path]] = []
        self.oversize = 0

    # -- writing -------------------------------------------------------------------------
    def _open(self, section: str = "") -> _Shard:
        size = len(self.header)
        shard = _Shard(None, None, None, size=size, pending=[self.header], pending_size=size)
        shard.section = section
        self.shards.append(shard)  # before its files exist: discard() finds them all
        try:
            if not self.settings.gzip_only:
                shard.plain = TempFile(self.output_dir)
            if self.settings.gzip:
                shard.packed = TempFile(self.output_dir)
                shard.gz = _gzip_to(shard.packed)
        except OSError as exc:
            raise _disk_error(self.output_dir, exc) from None
        return shard

    @staticmethod
    def _flush(shard: _Shard) -> None:
        if not shard.pending:
            return
        data = b"".join(shard.pending)
        try:
            if shard.plain is not None:
                shard.plain.write(data)
            if shard.gz is not None:
                shard.gz.write(data)
        except OSError as exc:
            temp = shard.plain or shard.packed
            raise _disk_error(temp.path.parent if temp else Path(), exc) from None
        shard.pending = []
        shard.pending_size = 0

    def _close(self, shard: _Shard) -> None:
        """Finish a shard's files and close them (they are renamed at the commit)."""
        shard.pending.append(self.footer)
        self._flush(shard)
        try:
            if shard.gz is not None:
                shard.gz.close()
            for temp in (shard.plain, shard.packed):
                if temp is not None:
                    temp.finish()
        except OSError as exc:
            raise _disk_error(self.output_dir, exc) from None

    def stage(self, items: Iterable[Item]) -> None:
        """Write every item to temp files beside their final places; nothing is replaced
        until :meth:`commit`. On an error every temp file is removed. (The caller removes
        an interrupted build's temp files first, ``remove_leftovers``.)"""
        try:
            self._write(items)
        except BaseException:
            self.discard()
            raise

    def commit(
        self,
        replaceable: Callable[[Path], bool] | None = None,
        finish: Callable[[list[tuple[TempFile, Path]]], object] = commit_all,
    ) -> Written:
        """Rename the staged files into place (see :meth:`_commit`); nothing staged: no file.

        :param replaceable: whether an existing file may be written over (:func:`may_replace`).
        :param finish: what commits the temp files (the folder's journaled commit).
        :raises ForeignFile: a file at one of the names is not ours (nothing is replaced).
        """
        try:
            return self._commit(replaceable or may_replace, finish)
        except BaseException:
            self.discard()
            raise

    def discard(self) -> None:
        """Remove every temp file (after an error)."""
        for shard in self.shards:
            for temp in (shard.plain, shard.packed):
                if temp is not None:
                    temp.discard()
        for temp, _final in self.index_pairs:
            temp.discard()
        self.shards = []
        self.index_pairs = []

    def _write(self, items: Iterable[Item]) -> None:
        max_urls, max_bytes = self.settings.max_urls, self.settings.max_bytes
        footer_size = len(self.footer)
        shard_group = self.shard_group
        section_of = self.section_of
        # The open shard of each section (one section, "", without sections) and the group
        # of the last entry each one took.
        open_shards: dict[str, _Shard] = {}
        last_group: dict[str, int] = {}
        section = ""
        limit = PROTOCOL_MAX_BYTES - len(self.header) - footer_size
        for loc, _seq, payload, lastmod_key, lastmod, label in items:
            data = payload.encode()
            size = len(data)
            if size > limit:
                raise _too_large(loc, label, size)
            if section_of is not None:
                section = section_of(loc)
            shard = open_shards.get(section)
            boundary = False
            if shard_group is not None:
                group = shard_group()
                last = last_group.get(section)
                # New pages top up the last kept shard; kept shards never merge.
                boundary = last is not None and group != last and group != NEW_SHARD_GROUP
                last_group[section] = group
            if (
                shard is None
                or shard.count >= max_urls
                or (shard.count and (boundary or shard.size + size + footer_size > max_bytes))
            ):
                if shard is not None:
                    self._close(shard)
                shard = open_shards[section] = self._open(section)
            shard.size += size
            if shard.size + footer_size > max_bytes:
                self.oversize += 1
            shard.count += 1
            shard.pending.append(data)
            shard.pending_size += size
            if shard.pending_size >= _FLUSH_AT:
                self._flush(shard)
            if lastmod_key > shard.newest_key:
                shard.newest_key, shard.newest = lastmod_key, lastmod
        for shard in open_shards.values():
            self._close(shard)
        if not self.shards:
            return
        self.shards = self._in_index_order()
        if len(self.shards) > 1 or section_of is not None:
            self.index_pairs = self._index_files(self._shard_names())

    def _in_index_order(self) -> list[_Shard]:
        """The shards section by section, in the configured order (each section's in the
        order they were filled)."""
        if self.section_of is None:
            return self.shards
        rank = {
            name: number for number, name in enumerate(section_names(self.settings.named_sections))
        }
        return sorted(self.shards, key=lambda shard: rank[shard.section])

    def _shard_names(self) -> list[str]:
        if self.section_of is not None:
            counts = Counter(shard.section for shard in self.shards)
            seen: Counter[str] = Counter()
            names = []
            for shard in self.shards:
                seen[shard.section] += 1
                several = counts[shard.section] > 1
                names.append(
                    self.names.section(shard.section, seen[shard.section] if several else None)
                )
            return names
        if len(self.shards) == 1:
            return [self.names.filename]
        return [self.names.shard(i) for i in range(1, len(self.shards) + 1)]

    def _commit(
        self,
        replaceable: Callable[[Path], bool],
        finish: Callable[[list[tuple[TempFile, Path]]], object],
    ) -> Written:
        """Rename every file into place: the shards first, the index last.

        A crawler that reads the index at any moment finds the shards it names complete;
        a failure part-way puts the earlier files back (see :func:`commit_all`).
        """
        if not self.shards:
            finish([])
            return Written("", [], 0)
        out = self.output_dir
        pairs: list[tuple[TempFile, Path]] = []
        names = self._shard_names()
        for shard, name in zip(self.shards, names, strict=True):
            if shard.plain is not None:
                pairs.append((shard.plain, out / name))
            if shard.packed is not None:
                pairs.append((shard.packed, out / f"{name}.gz"))
        pairs.extend(self.index_pairs)
        urls = sum(s.count for s in self.shards)
        entry = (self.names.index if self.index_pairs else names[0]) + self.names.gz
        foreign = [f for _t, f in pairs if f not in self.replace and not replaceable(f)]
        if foreign:
            raise ForeignFile(foreign[0])
        finish(pairs)
        # Renamed into place: nothing of them is left to discard.
        self.shards, self.index_pairs = [], []
        return Written(entry, [final for _temp, final in pairs], urls, self.oversize)

    def _index_files(self, names: list[str]) -> list[tuple[TempFile, Path]]:
        if len(names) > PROTOCOL_MAX_URLS:
            raise SitemapError(
                f"{len(names):,} sitemap files exceed the 50,000 an index may list; "
                "raise max_urls or max_bytes"
            )
        base = self.settings.output_url
        suffix = ".gz" if self.settings.gzip else ""
        body = io.StringIO()
        body.write(index_header(self.settings.stylesheet))
        for shard, name in zip(self.shards, names, strict=True):
            body.write(index_block(base + name + suffix, shard.newest))
        body.write(INDEX_FOOTER)
        data = body.getvalue().encode()
        index = self.output_dir / self.names.index
        pairs = self.index_pairs  # filled as they are made: discard() finds them all
        try:
            if not self.settings.gzip_only:
                temp = TempFile(self.output_dir)
                pairs.append((temp, index))
                temp.write(data)
                temp.finish()
            if self.settings.gzip:
                temp = TempFile(self.output_dir)
                pairs.append((temp, index.with_name(index.name + ".gz")))
                with _gzip_to(temp) as packed:
                    packed.write(data)
                temp.finish()
        except OSError as exc:
            raise _disk_error(self.output_dir, exc) from None
        return pairs


def _gzip_to(temp: TempFile) -> gzip.GzipFile:
    """A reproducible gzip stream into ``temp`` (no name, no time), hashed as it is written."""
    return gzip.GzipFile(filename="", mode="wb", fileobj=temp, mtime=0, compresslevel=GZIP_LEVEL)


def _too_large(loc: str, label: str, size: int) -> SitemapError:
    """One URL that no sitemap file can hold: alone it breaks the protocol's 50 MiB limit."""
    name = f" ({label})" if label and label != loc else ""
    return SitemapError(
        f"{loc}{name}: with its alternates and images it takes {size:,} bytes, more than the "
        f"{PROTOCOL_MAX_BYTES:,} bytes (50 MiB) a sitemap file may hold; give it fewer "
        "alternates or images (a transform, or fewer translations linked)"
    )


def _disk_error(directory: Path, exc: OSError) -> SitemapError:
    """A write error that names the folder, not the temp file (``.sitemap-123-x.tmp``)."""
    return SitemapError(f"cannot write the sitemap files in {directory}: {exc.strerror or exc}")


class ForeignFile(SitemapError):
    """A file the build would write exists and is not one of ours (a page, a hand-written
    sitemap, another tool's, ours changed since); it is never replaced."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            f"{path} exists and was not written by ssg-sitemap, or was changed since (a page, "
            "or a file of yours or of another tool); it is left alone and no sitemap was "
            "written: remove it or choose another filename"
        )
        self.path = path


def may_replace(path: Path) -> bool:
    """Whether the build may write over ``path``: absent, or a sitemap file of ours.

    Text sitemaps cannot carry the marker; one counts as ours when every line of its start is
    an absolute http(s) URL (a page or a robots.txt never looks like that).
    """
    if not path.exists() and not path.is_symlink():
        return True
    if not path.is_file():
        return False
    if is_ours(path):
        return True
    name = path.name.lower().removesuffix(".gz")
    return name.endswith(".txt") and name != "robots.txt" and _is_text_sitemap(path)


def _head(path: Path, size: int) -> bytes | None:
    """The first ``size`` bytes of a regular file, gunzipped through that cap (a small gzip
    bomb must not cost gigabytes); ``None``: unreadable."""
    try:
        with open_regular(path) as handle:
            head = handle.read(size)
            if head[:2] == b"\x1f\x8b":
                handle.seek(0)
                with gzip.GzipFile(fileobj=handle) as unpacked:
                    head = unpacked.read(size)
    except (OSError, EOFError, zlib.error):
        return None
    return head


def _is_text_sitemap(path: Path) -> bool:
    head = _head(path, _TEXT_PEEK)
    if head is None:
        return False
    lines = head.decode("utf-8", "replace").splitlines()
    if len(head) == _TEXT_PEEK:
        lines = lines[:-1]  # maybe cut short
    lines = [line.strip() for line in lines if line.strip()]
    return bool(lines) and all(line.startswith(("http://", "https://")) for line in lines)


def is_ours(path: Path) -> bool:
    """Whether a file carries this suite's marker (plain or gzipped)."""
    head = _head(path, 512)
    return head is not None and MARKER.encode() in head


def listed_in_index(path: Path) -> list[str]:
    """File names (last path segment) listed in one of our indexes; empty otherwise."""
    raw = _head(path, PROTOCOL_MAX_BYTES + 1) if is_ours(path) else None
    if raw is None or len(raw) > PROTOCOL_MAX_BYTES:
        return []  # not ours, unreadable, or larger than any index of ours
    text = raw.decode("utf-8", "replace")
    if "<sitemapindex" not in text:
        return []
    locs = re.findall(r"<loc>([^<]*)</loc>", text)
    return [loc.rsplit("/", 1)[-1] for loc in locs]
