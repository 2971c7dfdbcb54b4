"""Material for MkDocs (and Zensical) reads ``sitemap.xml`` itself: instant navigation and
the version and language selectors read its ``<url>`` entries and follow no index. So such a
site's sharded sitemap gets its index under :data:`MATERIAL_INDEX` (which robots.txt names)
and ``sitemap.xml`` lists every page; one rule for the plugin and ``build --project``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sitemap_core._config import Settings
from sitemap_core._report import BuildReport
from sitemap_core._sites import write_flat_copy
from sitemap_core._util.atomic import folder_lock

#: The file Material for MkDocs reads for the site's own pages.
MATERIAL_SITEMAP = "sitemap.xml"
#: The index's name when a Material site's sitemap is sharded: sitemap.xml stays one list.
MATERIAL_INDEX = "sitemap-index.xml"


def material_readers(theme: str | None, features: Any, extra: Any) -> list[str]:
    """What of Material reads ``sitemap.xml`` in this site (empty: nothing).

    :param theme: the theme's name; ``"material"`` (Zensical's theme is Material's).
    :param features: ``theme.features`` as written.
    :param extra: the config's ``extra`` mapping.
    """
    if theme != "material":
        return []
    uses = []
    if isinstance(features, (list, tuple)) and "navigation.instant" in features:
        uses.append("instant navigation (navigation.instant)")
    extra_version = extra.get("version") if isinstance(extra, Mapping) else None
    if isinstance(extra_version, Mapping) and extra_version.get("provider") == "mike":
        uses.append("the version selector")
    if isinstance(extra, Mapping) and extra.get("alternate"):
        # Each language's sitemap.xml: the selector keeps the page when that language has it.
        uses.append("the language selector (extra.alternate)")
    return uses


def reads_material_file(settings: Settings) -> bool:
    """Whether the build writes the plain ``sitemap.xml`` Material reads."""
    return (
        settings.filename == MATERIAL_SITEMAP
        and settings.format == "xml"
        and not settings.gzip_only
        and settings.index_filename is None
    )


def write_material_copy(
    site_dir: Path,
    settings: Settings,
    report: BuildReport,
    log: logging.Logger | logging.LoggerAdapter[Any],
    prefix: str = "",
) -> None:
    """After a build with ``index_filename`` :data:`MATERIAL_INDEX` that wrote an index:
    ``sitemap.xml`` listing every page, for Material.

    :raises SitemapError: a shard the index lists cannot be read.
    """
    if settings.index_filename != MATERIAL_INDEX or report.entry != MATERIAL_INDEX:
        return
    # Under the folder's build lock: another build replacing the index and its shards
    # meanwhile would leave a copy of neither set (or a shard gone while it is read).
    with folder_lock(site_dir):
        count = write_flat_copy(site_dir, MATERIAL_INDEX, MATERIAL_SITEMAP)
    report.files.append(site_dir / MATERIAL_SITEMAP)
    log.info(
        f"{prefix}{MATERIAL_SITEMAP} lists all {count:,} pages for Material (instant "
        f"navigation reads it); search engines read {MATERIAL_INDEX} and its shards"
    )


def material_problem(uses: Sequence[str], site_dir: Path, report: BuildReport) -> str | None:
    """A warning when Material reads ``sitemap.xml`` for the site's own pages (``uses``) and will
    find none there because the build wrote another file: Material follows no index, so instant
    navigation and the version selector would find no page.
    """
    if not uses or report.entry is None:
        return None
    path = site_dir / MATERIAL_SITEMAP
    if not path.is_file() or MATERIAL_SITEMAP not in {p.name for p in report.files}:
        return (
            f"Material's {' and '.join(uses)} reads {MATERIAL_SITEMAP}, and this build wrote "
            f"{report.entry} instead: every link loads as a full page; keep the default "
            "filename, format xml, and a plain (not gzip-only) sitemap"
        )
    return None
