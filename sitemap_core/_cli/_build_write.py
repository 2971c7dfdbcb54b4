"""What both modes of ``build`` do with their records: the core build with a progress bar,
then Material's copy, the ``--html-sitemap-into`` page, and the exit status."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from pathlib import Path

from sitemap_core._cli._html_sitemap_into import fill_into
from sitemap_core._config import Settings
from sitemap_core._errors import SitemapError
from sitemap_core._html import with_head_alternates
from sitemap_core._lastmod import GitPrefetch
from sitemap_core._mkdocs_project import material_problem, write_material_copy
from sitemap_core._pipeline import build_sitemap
from sitemap_core._record import PageRecord
from sitemap_core._util.progress import Progress

log = logging.getLogger("ssg-sitemap")


def write_sitemaps(
    records: Iterable[PageRecord],
    settings: Settings,
    site_dir: Path,
    total: int,
    prefetch: GitPrefetch | None,
    replace: tuple[Path, ...] = (),
    *,
    into: tuple[Path, str] | None = None,
    material: Sequence[str] = (),
    head_alternates: bool = True,
) -> int:
    """Build; for a project whose theme reads sitemap.xml (``material``), the file it reads.

    :param head_alternates: read hreflang alternates from the pages' heads (``False``: no
        page states any, and the records stream to the core as they are made).
    :returns: the exit status (0, or 1 when a file was refused or ``--strict`` failed).
    """
    if head_alternates and settings.alternates and settings.html_checks and settings.base_url:
        # hreflang alternates from the pages' heads (a built site says them nowhere else).
        records = with_head_alternates(records, settings.base_url)
    progress = Progress(total, "pages")
    try:
        report = build_sitemap(
            records,
            settings,
            site_dir,
            progress=progress.update,
            git_prefetch=prefetch,
            replace=replace,
        )
    finally:
        progress.close()
    if report.skipped:
        raise SitemapError(report.skipped)
    write_material_copy(site_dir, settings, report, log, prefix="sitemap: ")
    problem = material_problem(material, site_dir, report)
    if problem is not None:
        log.warning(f"sitemap: {problem}")
        if settings.strict:
            report.failed = True
    if into is not None and settings.base_url and not fill_into(into, report, settings):
        return 1
    # A refused file is only a warning to the generator adapters (their build's job is the
    # site), but writing the sitemap is this command's whole job: a CI step must not go on.
    return 1 if report.failed or report.refused else 0
