"""``include_sitemaps``: after a build, a top-level index over its own and other sitemaps.

The index is named after the build's sitemap: ``sitemap.xml`` → ``sitemap_index.xml``
(``<stem>_index.xml``), beside it in the output root. It lists this build's entry sitemap
(its shards when it is sharded) and each included sitemap, with the newest lastmod inside
each. Included sitemaps are URLs under the base URL or paths relative to the output root;
anything outside is refused (the protocol's scope rule). robots.txt then points at the index
instead of the build's own sitemap.
"""

from __future__ import annotations

from pathlib import Path

from sitemap_core.context import BuildContext
from sitemap_core.errors import SitemapError
from sitemap_core.hookspecs import hookimpl
from sitemap_core.multi_index import IndexItem, entry_sitemap, items_for, write_index
from sitemap_core.report import BuildReport
from sitemap_core.robots import merge_robots
from sitemap_core.settings import Settings
from sitemap_core.urls import encode_iri
from sitemap_core.writer import SitemapWriter


def index_name(settings: Settings) -> str:
    """``sitemap.xml`` → ``sitemap_index.xml``."""
    stem = settings.filename.split(".", 1)[0]
    return f"{stem}_index.xml"


def entry_name(settings: Settings, written: set[str]) -> str:
    """The file crawlers are pointed at (the build's sitemap, or its index when sharded)."""
    gz = ".gz" if settings.gzip_only else ""
    index = SitemapWriter(settings, Path()).index_name() + gz
    return index if index in written else settings.filename + gz


@hookimpl
def sitemap_written(report: BuildReport, context: BuildContext) -> None:
    """Write the top-level index when ``include_sitemaps`` is set."""
    settings = context.settings
    if not settings.include_sitemaps or not report.files or not settings.base_url:
        return
    base_url = settings.base_url
    output_dir = report.files[0].parent
    diagnostics = context.diagnostics
    own = output_dir / entry_name(settings, {p.name for p in report.files})
    name = index_name(settings)
    try:
        items = items_for(own, output_dir, base_url)
    except SitemapError as exc:
        diagnostics.warning(f"{exc}; no index written", field="include_sitemaps")
        return
    for included in settings.include_sitemaps:
        items.extend(_included(included, output_dir, base_url, context))
    try:
        write_index(output_dir / name, items)
    except SitemapError as exc:
        diagnostics.warning(f"{exc}; no index written", field="include_sitemaps")
        return
    report.files.append(output_dir / name)
    if settings.robots:
        own_names = {own.name, name}
        merge_robots(output_dir, base_url + name, base_url, own_names, diagnostics)


def _included(
    included: str, output_dir: Path, base_url: str, context: BuildContext
) -> list[IndexItem]:
    diagnostics = context.diagnostics
    if "://" in included:
        if not included.startswith(base_url):
            diagnostics.warning(
                f"{included} is outside {base_url}; an index may only list sitemaps under its "
                "own location, so it is left out",
                field="include_sitemaps",
            )
            return []
        rel = included[len(base_url) :]
        loc = included
    else:
        rel = included.lstrip("/")
        loc = base_url + encode_iri(rel)
    local = output_dir / rel
    if ".." in Path(rel).parts:
        diagnostics.warning(
            f"{included} is outside the output directory; an index may only list sitemaps "
            "under its own location, so it is left out",
            field="include_sitemaps",
        )
        return []
    if not local.exists():
        diagnostics.warning(
            f"{included}: {local} does not exist (yet); listed without a lastmod",
            field="include_sitemaps",
        )
        return [IndexItem(loc, None)]
    try:
        return items_for(entry_sitemap(local), output_dir, base_url)
    except SitemapError as exc:
        diagnostics.warning(f"{included}: {exc}; left out", field="include_sitemaps")
        return []
