"""Per-build state shared by the pipeline stages and plugins."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sitemap_core._diagnostics import Diagnostics
from sitemap_core.config import Settings, sitemap_values
from sitemap_core.values import Lastmod

if TYPE_CHECKING:
    from sitemap_core._record import PageRecord


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
class PipelineState:
    """The pipeline's own bookkeeping during one build (not for plugins: its shape may change).

    :param lastmods: lastmod of each record URL that an aggregate page summarises.
    :param canonical_targets: pages of the site that left-out pages name as their canonical
        URL, by URL (the HTML checks fill it; the pipeline lists those not listed already).
    :param canonical_lost: pages left out for a canonical URL that is no page of the site.
    :param version_canonicals: pages kept although their canonical link names their copy in
        another version's folder, by that folder.
    :param canonical_forms: the canonical URL of a page whose canonical link names its own
        file in another form (``x``, ``x/``, ``x.html``), by record URL: the HTML checks fill
        it, the pipeline lists the page in that form.
    """

    lastmods: dict[str, Lastmod | None] = field(default_factory=dict)
    canonical_targets: dict[str, CanonicalTarget] = field(default_factory=dict)
    canonical_lost: list[str] = field(default_factory=list)
    version_canonicals: dict[str, int] = field(default_factory=dict)
    canonical_forms: dict[str, str] = field(default_factory=dict)


@dataclass
class BuildContext:
    """What a plugin's hooks see of one build.

    :param settings: the build's settings.
    :param diagnostics: where messages go (the generator's log, with the ``sitemap:`` prefix).
    :param tz: timezone for naive dates.
    :param upper_bound: ``SOURCE_DATE_EPOCH``, the newest lastmod allowed, if set.
    :param cache: per-build storage for plugins, by name.
    :param output_dir: the built site's root, where the sitemaps go.
    """

    settings: Settings
    diagnostics: Diagnostics
    tz: dt.tzinfo
    upper_bound: dt.datetime | None = None
    cache: dict[str, Any] = field(default_factory=dict)
    output_dir: Path | None = None
    #: The pipeline's internals (:class:`PipelineState`), apart from what plugins use.
    _pipeline: PipelineState = field(default_factory=PipelineState, init=False, repr=False)


_MEMO = "front_matter.record_values"


def record_values(record: PageRecord, context: BuildContext) -> dict[str, tuple[str, Any]]:
    """:func:`sitemap_values` of ``record.front_matter``, computed once for the record.

    Several stages ask for the same record in a row (exclusion, fields, lastmod); the last
    record's values are kept in ``context.cache``. Read them, do not change them.
    """
    memo = context.cache.get(_MEMO)
    if memo is not None and memo[0] is record:
        values: dict[str, tuple[str, Any]] = memo[1]
        return values
    values = sitemap_values(record.front_matter)
    context.cache[_MEMO] = (record, values)
    return values
