"""Records: the page record an adapter hands to the core, and the entry the writer serialises."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from sitemap_core._util.frozen import stores_given
from sitemap_core._values import Lastmod

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@stores_given
@dataclass(frozen=True)
class PageRecord:
    """One page of a built site, as an adapter sees it.

    :param url: the page's URL, a path relative to the base URL (``"a/b.html"``, ``"x/"``,
        ``""`` for the home page) or an absolute ``http(s)`` URL. May contain non-ASCII and
        reserved characters: the core encodes and escapes it.
    :param source: the source file (for git lastmod and messages), or ``None``.
    :param output: the built file (for HTML checks: noindex, canonical, redirects), or ``None``.
    :param front_matter: the page's metadata as a plain mapping; the core reads the shared
        ``sitemap_*`` keys and the ``sitemap:`` mapping from it.
    :param kind: ``"page"``, ``"article"``, ``"index"``, ... for per-kind defaults.
    :param changefreq: the generator's own per-page value (Pelican ``ChangeFreq``); front
        matter ``sitemap_changefreq`` wins over it.
    :param priority: the generator's own per-page value (Pelican ``Priority``).
    :param dates: generator metadata dates by name (``{"modified": ..., "date": ...}``).
    :param lang: the page's language (``"en"``, ``"pt_BR"``), for hreflang alternates.
    :param translation_key: pages sharing this key are translations of each other.
    :param x_default: this page is its translation group's ``x-default`` (what a built page's
        ``<link rel="alternate" hreflang="x-default">`` names); it needs no ``lang`` then.
    :param summarises: URLs (as given in other records' ``url``) of the pages this page lists;
        its lastmod is the newest of theirs (index, tag, archive pages).
    :param title: the page's title, for the HTML sitemap and messages.
    :param section: a grouping label for the HTML sitemap (category, nav section).
    :param name: how messages name the page; defaults to the source path, else the URL.
    :param exclude: the generator already decided to leave the page out, with this reason.
    :param dependencies: other source files the page is built from (Sphinx ``include`` and
        ``literalinclude`` files); the git lastmod is the newest over ``source`` and these.
    """

    url: str
    source: Path | None = None
    output: Path | None = None
    front_matter: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    kind: str = "page"
    changefreq: Any = None
    priority: Any = None
    dates: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    lang: str | None = None
    translation_key: str | None = None
    x_default: bool = False
    summarises: tuple[str, ...] = ()
    title: str | None = None
    section: str | None = None
    name: str | None = None
    exclude: str | None = None
    dependencies: tuple[Path, ...] = ()

    @property
    def label(self) -> str:
        """How messages name this page."""
        if self.name:
            return self.name
        if self.source is not None:
            return str(self.source)
        url = self.url or "/"
        return url if url.isprintable() else repr(url)


@dataclass(frozen=True, slots=True)
class Alternate:
    """One ``xhtml:link rel="alternate"``: a language version of the page."""

    hreflang: str
    href: str


@stores_given
@dataclass(frozen=True)
class Entry:
    """One ``<url>`` of the sitemap.

    :param loc: absolute, percent-encoded URI (XML escaping happens in the writer).
    :param record: the page record it came from.
    :param lastmod: when the page last changed, or ``None`` (omitted).
    :param changefreq: validated changefreq or ``None``.
    :param priority: validated priority or ``None``.
    :param alternates: language versions, self included, sorted by hreflang.
    :param images: absolute URLs of the page's own images (``images: true``), written as
        ``<image:image>``; at most 1,000.
    """

    loc: str
    record: PageRecord
    lastmod: Lastmod | None = None
    changefreq: str | None = None
    priority: float | None = None
    alternates: tuple[Alternate, ...] = ()
    images: tuple[str, ...] = ()
