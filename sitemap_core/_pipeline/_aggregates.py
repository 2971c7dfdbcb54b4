"""Aggregate pages (a record's ``summarises``: tag lists, archives, pagination): each is dated
by the newest of its own lastmod and the lastmods of the pages it lists.

Their entries are held until every record is in; a ``summarises`` tuple shared by many pages
is worked out once.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

from sitemap_core._record import Entry, PageRecord
from sitemap_core._values import Lastmod, absolute_url


def newest(own: Lastmod | None, listed: Lastmod | None) -> Lastmod | None:
    """An aggregate page's lastmod: the newer of its own and its listed pages' newest."""
    # As max() over the listed dates then the page's own: the first newest wins.
    return listed if own is None or (listed is not None and own.when <= listed.when) else own


class Aggregates:
    """The aggregate pages of one build and the dates of the pages they list.

    :param base: the base URL the summarised URLs are resolved against.
    """

    def __init__(self, base: str) -> None:
        self.base = base
        #: The URLs whose lastmod an aggregate page needs (the pipeline keeps those).
        self.wanted: Collection[str] = set()
        #: The lastmod of each record URL in ``wanted``, the first record's.
        self.lastmods: dict[str, Lastmod | None] = {}
        #: The aggregate pages' entries, until every record is in.
        self.entries: list[Entry] = []
        self._loc_cache: dict[str, str | None] = {}
        #: The summarised locs of each aggregate record of a sequence, by ``id``.
        self._summarised_of: dict[int, tuple[str, ...]] = {}
        #: The newest lastmod of the pages a locs tuple of ``summarised_of`` names, by ``id``.
        self._newest_of: dict[int, Lastmod | None] = {}

    def prepare(self, records: Sequence[PageRecord]) -> None:
        """Note the URLs the aggregate records among ``records`` list (``wanted``)."""
        wanted: set[str] = set()
        known = self._summarised_of
        # Records may share one summarises tuple (pages listing every article): once each.
        by_summary: dict[int, tuple[str, ...]] = {}
        for record in records:
            if record.summarises:
                locs = by_summary.get(id(record.summarises))
                if locs is None:
                    locs = by_summary[id(record.summarises)] = tuple(self._summarised(record))
                    wanted.update(locs)
                known[id(record)] = locs
        self.wanted = wanted

    def newest_listed(self, record: PageRecord) -> Lastmod | None:
        """The newest lastmod of the pages an aggregate record lists (``None``: none has
        one, or none was in the records)."""
        locs = self._summarised_of.get(id(record))
        if locs is None:
            return self._newest(tuple(self._summarised(record)))
        # Shared locs tuples (see prepare) are worked out once.
        key = id(locs)
        if key in self._newest_of:
            return self._newest_of[key]
        listed = self._newest_of[key] = self._newest(locs)
        return listed

    def _summarised_loc(self, url: str) -> str | None:
        """``absolute_url`` of a summarised URL, memoised: aggregate pages (tag lists,
        archives, pagination) summarise the same articles many times over."""
        cache = self._loc_cache
        try:
            return cache[url]
        except KeyError:
            try:
                loc: str | None = absolute_url(self.base, url)
            except ValueError:
                loc = None
            cache[url] = loc
            return loc

    def _newest(self, locs: tuple[str, ...]) -> Lastmod | None:
        lastmods = self.lastmods
        known = [d for d in (lastmods.get(loc) for loc in locs) if d is not None]
        return max(known, key=lambda d: d.when) if known else None

    def _summarised(self, record: PageRecord) -> Iterator[str]:
        for url in record.summarises:
            loc = self._summarised_loc(url)
            if loc is not None:
                yield loc
