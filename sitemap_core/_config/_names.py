"""The file names one build's settings give, so writer, sweep, robots.txt and
``include_sitemaps`` never disagree about a name."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

#: The bundled stylesheet ``xsl: true`` writes beside the sitemap.
STYLESHEET = "sitemap.xsl"


@dataclass(frozen=True)
class SitemapNames:
    """Names derived from ``Settings.filename``, ``format`` and gzip (``Settings.names``).

    :param filename: the single-file sitemap name, e.g. ``sitemap.xml``.
    :param gzip_only: only the ``.gz`` copies are written.
    :param index_name: the index's name when it is not ``filename`` (see ``index``).
    """

    filename: str
    gzip_only: bool = False
    index_name: str | None = None

    @cached_property
    def _split(self) -> tuple[str, str]:
        stem, dot, ext = self.filename.rpartition(".")
        return (stem, "." + ext) if dot and stem else (self.filename, "")

    @property
    def stem(self) -> str:
        """``sitemap`` for ``sitemap.xml``."""
        return self._split[0]

    @property
    def ext(self) -> str:
        """``.xml`` for ``sitemap.xml``; empty when the name has none."""
        return self._split[1]

    @property
    def gz(self) -> str:
        """The suffix of the file crawlers fetch: ``.gz`` under ``gzip_only``."""
        return ".gz" if self.gzip_only else ""

    def shard(self, number: int) -> str:
        """Shard ``number`` (1-based) when there is more than one: ``sitemap-2.xml``."""
        return f"{self.stem}-{number}{self.ext}"

    def section(self, name: str, number: int | None = None) -> str:
        """A named section's file: ``sitemap-blog.xml``, or shard ``number`` of it when it
        has more than one: ``sitemap-blog-2.xml``."""
        shard = "" if number is None else f"-{number}"
        return f"{self.stem}-{name}{shard}{self.ext}"

    @property
    def index(self) -> str:
        """The build's own index over its shards; always XML, even for text shards."""
        return self.index_name or (self.filename if self.ext == ".xml" else f"{self.stem}.xml")

    @property
    def cross_index(self) -> str:
        """The ``include_sitemaps`` index over this and other builds: ``sitemap_index.xml``."""
        return f"{self.stem}_index.xml"

    def entry(self, written: set[str]) -> str:
        """The file crawlers are pointed at among ``written`` names: the index when sharded."""
        index = self.index + self.gz
        return index if index in written else self.filename + self.gz

    @cached_property
    def owned(self) -> re.Pattern[str]:
        """Names this build may produce (candidates for the stale-file sweep): shards and
        named sections' files, of any section name (an earlier build's sections too)."""
        stem, ext = re.escape(self.stem), re.escape(self.ext)
        return re.compile(rf"^{stem}(-[A-Za-z0-9][A-Za-z0-9_-]*)?(\.xml|{ext})(\.gz)?$")

    @property
    def robots(self) -> frozenset[str]:
        """Names a robots.txt line of ours may point at, in either format, gzipped or not.

        Switching xml <-> txt or gzip on/off must leave no stale ``Sitemap:`` line behind.
        """
        exts = {self.ext, ".xml", ".txt"}
        names = {f"{self.stem}{e}{gz}" for e in exts for gz in ("", ".gz")}
        names |= {self.cross_index, self.cross_index + ".gz"}
        names |= {self.index, self.index + ".gz"}
        return frozenset(names)
