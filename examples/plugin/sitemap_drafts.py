"""An example ssg-sitemap plugin: pages in a ``drafts/`` folder stay out of the sitemap."""

from __future__ import annotations

from sitemap_core import BuildContext, BuildReport, PageRecord, hookimpl

REASON = "drafts folder"


@hookimpl
def sitemap_exclude(record: PageRecord, loc: str, context: BuildContext) -> str | None:
    return REASON if "/drafts/" in loc else None


@hookimpl
def sitemap_written(report: BuildReport, context: BuildContext) -> None:
    context.diagnostics.info(f"drafts plugin: {report.excluded[REASON]} page(s) left out")
