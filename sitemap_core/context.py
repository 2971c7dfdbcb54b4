"""Per-build state shared by the pipeline stages and plugins."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sitemap_core.dates import Lastmod
from sitemap_core.diagnostics import Diagnostics
from sitemap_core.settings import Settings

if TYPE_CHECKING:
    from sitemap_core.head_prefetch import HeadPrefetch
    from sitemap_core.record import PageRecord


@dataclass(frozen=True)
class CanonicalTarget:
    """A page of the site that another page names as its canonical URL.

    :param loc: its URL.
    :param output: the built file that serves it.
    :param named_by: the page whose canonical link names it.
    """

    loc: str
    output: Path
    named_by: PageRecord


@dataclass
class BuildContext:
    """What every stage of one build can see.

    :param settings: the build's settings.
    :param diagnostics: where messages go.
    :param tz: timezone for naive dates.
    :param upper_bound: ``SOURCE_DATE_EPOCH``, the newest lastmod allowed, if set.
    :param cache: per-build storage for plugins, by name.
    :param lastmods: lastmod of each record URL that an aggregate page summarises.
    :param output_dir: the built site's root, where the sitemaps go.
    :param heads: built pages' heads the adapter had read as they were written.
    :param canonical_targets: pages of the site that left-out pages name as their canonical
        URL, by URL (the HTML checks fill it; the pipeline lists those not listed already).
    :param canonical_lost: pages left out for a canonical URL that is no page of the site.
    :param canonical_forms: the canonical URL of a page whose canonical link names its own
        file in another form (``x``, ``x/``, ``x.html``), by record URL: the HTML checks fill
        it, the pipeline lists the page in that form.
    """

    settings: Settings
    diagnostics: Diagnostics
    tz: dt.tzinfo
    upper_bound: dt.datetime | None = None
    cache: dict[str, Any] = field(default_factory=dict)
    lastmods: dict[str, Lastmod | None] = field(default_factory=dict)
    output_dir: Path | None = None
    heads: HeadPrefetch | None = None
    canonical_targets: dict[str, CanonicalTarget] = field(default_factory=dict)
    canonical_lost: list[str] = field(default_factory=list)
    canonical_forms: dict[str, str] = field(default_factory=dict)
