"""A resolved sitemap entry: what the writer serialises for one URL."""

from __future__ import annotations

from dataclasses import dataclass

from sitemap_core.dates import Lastmod
from sitemap_core.record import PageRecord


@dataclass(frozen=True, slots=True)
class Alternate:
    """One ``xhtml:link rel="alternate"``: a language version of the page."""

    hreflang: str
    href: str


@dataclass(frozen=True, slots=True)
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
