"""Per-build state shared by the pipeline stages and plugins."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sitemap_core.dates import Lastmod
from sitemap_core.diagnostics import Diagnostics
from sitemap_core.settings import Settings


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
    """

    settings: Settings
    diagnostics: Diagnostics
    tz: dt.tzinfo
    upper_bound: dt.datetime | None = None
    cache: dict[str, Any] = field(default_factory=dict)
    lastmods: dict[str, Lastmod | None] = field(default_factory=dict)
    output_dir: Path | None = None
