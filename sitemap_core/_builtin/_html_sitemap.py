"""``html_sitemap``: the written entries (``BuildReport.entries``) as the HTML sitemap for
visitors."""

from __future__ import annotations

from sitemap_core._builtin._link_summary import links_of
from sitemap_core._config import Settings
from sitemap_core._context import BuildContext
from sitemap_core._errors import SitemapError
from sitemap_core._files import PLAN_KEY, is_ours
from sitemap_core._html_sitemap import HtmlEntry, PageOptions, html_excluded, write_html_sitemap
from sitemap_core._record import PageRecord
from sitemap_core._report import BuildReport
from sitemap_core.hookspecs import hookimpl


def active_for(settings: Settings) -> bool:
    """Per-record hooks of this plugin only matter when an HTML sitemap is asked for."""
    return bool(settings.html_sitemap) or settings.html_themed


@hookimpl
def sitemap_exclude(record: PageRecord, loc: str, context: BuildContext) -> str | None:
    """Leave an earlier build's HTML sitemap out of the XML one (builds stay reproducible)."""
    name = context.settings.html_sitemap
    if name and record.url == name and record.output is not None and is_ours(record.output):
        return "HTML sitemap"
    return None


@hookimpl
def sitemap_written(report: BuildReport, context: BuildContext) -> None:
    """Write the HTML sitemap beside the XML one (or hand its entries to a themed page)."""
    settings = context.settings
    name = settings.html_sitemap
    options = PageOptions.of(settings)
    # The orphans only when the page marks them: the link pass reads every listed page.
    links = links_of(report, context) if options.reads_links else None
    entries = [
        HtmlEntry(
            e.loc,
            e.record.title,
            e.record.section,
            settings.lastmod_text(e.lastmod),
            links is not None and links.orphan(e.loc),
        )
        for e in report.entries
    ]
    if settings.html_exclude and settings.base_url:
        entries = [e for e in entries if not html_excluded(e, settings)]
    if settings.html_themed:
        report.html_entries = entries
        return
    if not name or not entries or not report.files or not settings.base_url:
        return
    path = report.files[0].parent / name
    try:
        write_html_sitemap(path, entries, settings.base_url, options, context.cache[PLAN_KEY])
    except SitemapError as exc:
        context.diagnostics.warning(str(exc), field="html_sitemap")
        return
    except OSError as exc:
        context.diagnostics.warning(f"cannot write {path}: {exc.strerror}", field="html_sitemap")
        return
    report.files.append(path)
