"""Per-build state shared by the pipeline stages and plugins."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sitemap_core._config import Settings, front_matter_keys
from sitemap_core._diagnostics import Diagnostics

if TYPE_CHECKING:
    from sitemap_core._record import PageRecord


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


_MEMO = "front_matter.record_keys"


def record_front_matter_keys(
    record: PageRecord, context: BuildContext
) -> dict[str, tuple[str, Any]]:
    """:func:`front_matter_keys` of ``record.front_matter``, computed once for the record.

    Several stages ask for the same record in a row (exclusion, fields, lastmod); the last
    record's values are kept in ``context.cache``. Read them, do not change them.
    """
    memo = context.cache.get(_MEMO)
    if memo is not None and memo[0] is record:
        values: dict[str, tuple[str, Any]] = memo[1]
        return values
    values = front_matter_keys(record.front_matter)
    context.cache[_MEMO] = (record, values)
    return values
