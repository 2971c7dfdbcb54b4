"""Turn the specs of what a Pelican build wrote (:mod:`.specs`) into page records, as a stream.

The same code runs in the sitemap worker process and, when there is none, in Pelican's own;
the records come out in the order the specs went in, but for an index-like page that lists
content not written yet: it waits for the end, so that it sees every listed page's URL.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import re
import threading
from collections.abc import Iterable, Iterator, Mapping
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from sitemap_core import PageRecord
from sitemap_core.front_matter import parse_flag

from .config import SitemapConfig
from .specs import (
    ContentSpec,
    DatesSpec,
    Final,
    IndexSpec,
    ListingSpec,
    SiteInfo,
    Spec,
    StaticSpec,
    newest,
    relative,
    take_page,
)

logger = logging.getLogger("pelican.plugins.sitemap")

_TAG = re.compile(r"<[^>]+>")
_EMPTY: Mapping[str, Any] = {}


class RecordStream:
    """Records from specs, in order.

    :param config: the ``SITEMAP`` setting, read.
    :param site: the build.
    """

    def __init__(self, config: SitemapConfig, site: SiteInfo) -> None:
        self.config = config
        self.site = site
        #: Warnings logged here (strict mode counts them).
        self.warnings = 0
        self.url_of: dict[int, str] = {}
        self.newest_of: dict[int, dt.datetime | None] = {}
        self.listings: dict[int, tuple[int, ...]] = {}
        self.listed: dict[int, tuple[tuple[str, ...], dt.datetime | None]] = {}
        self.waiting: list[IndexSpec] = []
        self.fs_dates = site.default_date == "fs"
        self._folders: dict[str, Path] = {}
        self._fs_cache: dict[str, dt.datetime | None] = {}
        self.templates = self._template_sources()

    # -- the stream -------------------------------------------------------------------------
    def feed(self, spec: Spec) -> PageRecord | None:
        """The record of ``spec`` now, if it is a page and can be made now."""
        if isinstance(spec, ContentSpec):
            self.url_of.setdefault(spec.key, spec.url)
            self.newest_of[spec.key] = self._newest(spec.source, spec.modified, spec.date)
            return self._content(spec)
        if isinstance(spec, IndexSpec):
            template = self.templates.get(spec.path)
            if template is not None:
                return self._template(spec, template)
            listing = spec.listing
            keys = listing if isinstance(listing, tuple) else self.listings.get(listing, ())
            url_of = self.url_of
            if any(key not in url_of for key in keys):
                self.waiting.append(spec)  # lists content written later, or never
                return None
            return self._index(spec)
        if isinstance(spec, ListingSpec):
            self.listings[spec.listing] = spec.keys
        elif isinstance(spec, DatesSpec):
            self.newest_of.setdefault(spec.key, self._newest(spec.source, spec.modified, spec.date))
        elif isinstance(spec, StaticSpec):
            return self._static(spec)
        return None

    def end(self) -> Iterator[PageRecord]:
        """The index-like pages that waited, now that every page is known."""
        waiting, self.waiting = self.waiting, []
        for spec in waiting:
            yield self._index(spec)

    # -- pages ------------------------------------------------------------------------------
    def _content(self, spec: ContentSpec) -> PageRecord:
        name = self._name(spec.source)
        dates: dict[str, Any] = {}
        if spec.modified is not None:
            dates["modified"] = spec.modified
        if spec.date is not None:
            dates["date"] = spec.date
        if self.fs_dates and dates:
            dates = self._without_fs_dates(spec.source, dates)
        return PageRecord(
            url=spec.url,
            source=self._path(spec.source) if spec.source else None,
            output=self._path(spec.path),
            front_matter=spec.front or _EMPTY,
            kind=spec.kind,
            changefreq=spec.changefreq,
            priority=spec.priority,
            dates=dates,
            lang=spec.lang,
            translation_key=spec.translation_key,
            title=_text(spec.title),
            section=spec.section,
            name=name,
            exclude=self._exclusion(spec, name or spec.url),
        )

    def _template(self, spec: IndexSpec, template: Path) -> PageRecord:
        return PageRecord(
            url=spec.url,
            source=template,
            output=self._path(spec.path),
            # pelican-sitemap gives TEMPLATE_PAGES its "indexes" defaults.
            kind="index",
            name=self._name(str(template)),
            exclude=self._matches(spec.url),
        )

    def _index(self, spec: IndexSpec) -> PageRecord:
        summarises, latest = self._listing(spec.listing)
        return PageRecord(
            url=spec.url,
            output=self._path(spec.path),
            kind="index",
            # The listed articles' own dates count even for those left out of the sitemap
            # (private, excluded): the page shows them. Git dates come through summarises.
            dates={"modified": latest} if latest is not None else {},
            summarises=summarises,
            title=spec.title,
            name=spec.url or "/",
            exclude=self._matches(spec.url),
        )

    def _listing(
        self, listing: int | tuple[int, ...]
    ) -> tuple[tuple[str, ...], dt.datetime | None]:
        """The URLs of the listed content, and its newest date (once a shared listing:
        archives, tags and categories pages share theirs)."""
        if isinstance(listing, int):
            known = self.listed.get(listing)
            if known is not None:
                return known
        url_of = self.url_of
        newest_of = self.newest_of
        urls: list[str] = []
        latest: dt.datetime | None = None
        keys = listing if isinstance(listing, tuple) else self.listings.get(listing, ())
        for key in keys:
            url = url_of.get(key)
            if url is not None:
                urls.append(url)
            value = newest_of.get(key)
            if value is None:
                continue
            try:
                if latest is None or value > latest:
                    latest = value
            except TypeError:  # naive beside aware: Pelican makes both aware, others may not
                continue
        found = (tuple(dict.fromkeys(urls)), latest)
        if isinstance(listing, int):
            self.listed[listing] = found
        return found

    def _static(self, spec: StaticSpec) -> PageRecord | None:
        if not any(fnmatchcase(spec.url, g.lstrip("/")) for g in self.config.static):
            return None
        dates = {
            name: value
            for name, value in (("modified", spec.modified), ("date", spec.date))
            if value is not None
        }
        return PageRecord(
            url=spec.url,
            source=Path(spec.source) if spec.source else None,
            output=Path(spec.path),
            front_matter=spec.front or _EMPTY,
            kind="static",
            dates=dates,
            title=_text(spec.title),
            name=self._name(spec.source),
            exclude=self._matches(spec.url),
        )

    # -- fields -----------------------------------------------------------------------------
    def _exclusion(self, spec: ContentSpec, label: str) -> str | None:
        status = spec.status.lower()
        if status == "hidden" and not self.config.include_hidden:
            return "hidden"
        if status not in ("published", "hidden"):
            return status
        private = spec.private
        if private not in (None, ""):
            try:
                if parse_flag(private):
                    return "private"
            except ValueError:
                # Excluding is the safe reading of an unclear privacy flag.
                self.warnings += 1
                logger.warning(
                    "sitemap: %s: private: %r is not true or false; the page is left out",
                    label,
                    private,
                )
                return "private"
        return self._matches(spec.url)

    def _matches(self, url: str) -> str | None:
        """pelican-sitemap's ``exclude`` regexes, on the URL with and without a leading /."""
        for pattern in self.config.exclude:
            if pattern.search(url) or pattern.search("/" + url):
                return "SITEMAP exclude"
        return None

    def _newest(self, source: str | None, modified: Any, date: Any) -> dt.datetime | None:
        if self.fs_dates:
            stamp = self._fs_stamp(source)
            if stamp is not None:
                modified, date = (
                    None if _is_stamp(modified, stamp) else modified,
                    None if _is_stamp(date, stamp) else date,
                )
        return newest(modified, date)

    def _without_fs_dates(self, source: str | None, dates: dict[str, Any]) -> dict[str, Any]:
        """The content's dates without those Pelican took from the file system
        (``DEFAULT_DATE = "fs"``): a checkout's mtime is when it was cloned, not when the
        page changed. Git (then the mtime, see write.py) answers for those."""
        stamp = self._fs_stamp(source)
        if stamp is None:
            return dates
        return {name: value for name, value in dates.items() if not _is_stamp(value, stamp)}

    def _fs_stamp(self, source: str | None) -> dt.datetime | None:
        """What Pelican's path_metadata computed for an undated file: a naive local time from
        its mtime."""
        key = source or ""
        if key in self._fs_cache:
            return self._fs_cache[key]
        try:
            stamp: dt.datetime | None = dt.datetime.fromtimestamp(os.stat(key).st_mtime)  # noqa: PTH116
        except (OSError, TypeError, ValueError):
            stamp = None
        self._fs_cache[key] = stamp
        return stamp

    def _path(self, path: str) -> Path:
        """``Path(path)``, joined to a cached folder: most pages share a few folders, and
        parsing every full path costs more than the rest of a record's fields."""
        folder, _, name = path.rpartition(os.sep)
        if not folder or name in ("", ".", ".."):
            return Path(path)
        parent = self._folders.get(folder)
        if parent is None:
            parent = self._folders[folder] = Path(folder)
        return parent / name

    def _name(self, source: str | None) -> str | None:
        """How messages name a source file: relative to the working folder when inside it."""
        if not source:
            return None
        rel = relative(source, self.site.cwd)
        return rel if rel else source

    def _template_sources(self) -> dict[str, Path]:
        pages = self.site.template_pages or {}
        base = self.site.content_path or os.curdir
        found: dict[str, Path] = {}
        if isinstance(pages, Mapping):
            for source, dest in pages.items():
                if isinstance(source, str) and isinstance(dest, str):
                    out = os.path.abspath(os.path.join(self.site.output, dest))  # noqa: PTH100, PTH118
                    found[out] = Path(os.path.abspath(os.path.join(base, source)))  # noqa: PTH100, PTH118
        return found


def _is_stamp(value: Any, stamp: dt.datetime) -> bool:
    return isinstance(value, dt.datetime) and value.replace(tzinfo=None) == stamp


def _text(value: str | None) -> str | None:
    if value is None:
        return None
    text = _TAG.sub("", value) if "<" in value else value
    text = text.strip()
    return text or None


class Redo(Exception):
    """The stream cannot stand: a page it already passed on was written again, or changed
    on disk after it was read. The records are made again from every spec (:func:`redo`)."""


_Signature = tuple[int, int, int, int]


def _signature(path: str) -> _Signature | None:
    try:
        status = os.stat(path)  # noqa: PTH116
    except OSError:
        return None
    return (status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino)


class FileCheck:
    """Whether the pages a stream passed on are still as they were then, checked beside the
    rest of the work from the moment Pelican is done writing (a page changed after all means
    writing the sitemap again, see :class:`Redo`). Two threads: a ``stat`` waits in the
    kernel without the GIL."""

    def __init__(self) -> None:
        self.signatures: dict[str, _Signature | None] = {}
        self._checked: list[_Signature | None] = []
        self._found: list[list[_Signature | None]] = [[], []]
        self._threads: list[threading.Thread] = []

    def start(self) -> None:
        """Start checking the pages noted so far (Pelican has written its last page: pages
        passed on from now are read as they stay). Once; later calls do nothing."""
        if self._threads:
            return
        paths = list(self.signatures)
        self._checked = list(self.signatures.values())
        half = len(paths) // 2
        for part, chunk in enumerate((paths[:half], paths[half:])):
            thread = threading.Thread(target=self._check, args=(part, chunk), daemon=True)
            thread.start()
            self._threads.append(thread)

    def _check(self, part: int, chunk: list[str]) -> None:
        self._found[part] = list(map(_signature, chunk))

    def unchanged(self) -> bool:
        """Wait for the check; whether no page changed."""
        self.start()
        for thread in self._threads:
            thread.join()
        return self._found[0] + self._found[1] == self._checked


def stream_records(
    specs: Iterable[Spec], stream: RecordStream, *, check: FileCheck | None, kept: list[Spec]
) -> Iterator[PageRecord]:
    """The records of ``specs``, each as soon as it can be made.

    :param check: the pages may still change on disk (the specs come while Pelican writes):
        each page's file is noted here when its record is made, and checked from the end of
        the stream on (the caller asks :meth:`FileCheck.unchanged`).
    :param kept: every spec is appended here (for :func:`redo`).
    :raises Redo: the records made cannot stand.
    """
    final: Final[ContentSpec | IndexSpec] = Final()
    passed: dict[str, _Signature | None] = {} if check is None else check.signatures
    statics: list[StaticSpec] = []
    redo = False
    for spec in specs:
        kept.append(spec)
        if isinstance(spec, (ContentSpec, IndexSpec)):
            if not take_page(final, spec):
                continue  # a write Pelican skipped
            if redo or spec.path in passed:
                redo = True
                continue
            passed[spec.path] = None if check is None else _signature(spec.path)
        elif isinstance(spec, StaticSpec):
            statics.append(spec)
            continue
        record = stream.feed(spec)
        if record is not None:
            yield record
    if redo:
        raise Redo
    yield from _last(stream, statics)
    if check is not None:
        check.start()


def stands(specs: Iterable[Spec]) -> bool:
    """Whether :func:`stream_records` takes ``specs`` without a :class:`Redo` for a page
    written twice (files are not checked)."""
    final: Final[ContentSpec | IndexSpec] = Final()
    passed: set[str] = set()
    for spec in specs:
        if isinstance(spec, (ContentSpec, IndexSpec)) and take_page(final, spec):
            if spec.path in passed:
                return False
            passed.add(spec.path)
    return True


def redo(specs: list[Spec], stream: RecordStream) -> Iterator[PageRecord]:
    """The records of every spec, after the last write: what :func:`stream_records` gives
    when nothing is written twice."""
    final: Final[ContentSpec | IndexSpec] = Final()
    statics: list[StaticSpec] = []
    for spec in specs:
        if isinstance(spec, (ContentSpec, IndexSpec)):
            take_page(final, spec)
        elif isinstance(spec, StaticSpec):
            statics.append(spec)
        else:
            stream.feed(spec)  # listings and dates: known before any page
    for page in final.values():
        record = stream.feed(page)
        if record is not None:
            yield record
    yield from _last(stream, statics)


def _last(stream: RecordStream, statics: list[StaticSpec]) -> Iterator[PageRecord]:
    """What comes after the pages: the index-like pages that waited, then static files."""
    yield from stream.end()
    for static in statics:
        record = stream.feed(static)
        if record is not None:
            yield record
