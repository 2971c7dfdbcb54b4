"""``include_sitemaps``: after a build, a top-level index over its own and other sitemaps.

``sitemap.xml`` → ``sitemap_index.xml`` beside it, listing this build's entry sitemap (or its
shards) and each included one (URLs under the base URL or paths under the output root; the
protocol's scope rule refuses the rest), each with its newest lastmod. robots.txt then names
the index (the pipeline merges robots.txt once, after this hook).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sitemap_core._context import BuildContext
from sitemap_core._errors import SitemapError
from sitemap_core._files import PLAN_KEY, not_ours
from sitemap_core._report import BuildReport
from sitemap_core._sites import IndexItem, entry_sitemap, index_body, items_for
from sitemap_core._values import OutsideSite, encode_iri, site_path, unquoted_path
from sitemap_core.hookspecs import hookimpl


@hookimpl
def sitemap_written(report: BuildReport, context: BuildContext) -> None:
    """Write the top-level index when ``include_sitemaps`` is set."""
    settings = context.settings
    if not settings.include_sitemaps or not report.files or not settings.base_url:
        return
    # Sitemaps in the output folder are served where the folder is, not always at the root.
    base_url = settings.output_url
    output_dir = report.files[0].parent
    diagnostics = context.diagnostics
    names = settings.names
    own = output_dir / names.entry({p.name for p in report.files})
    name = names.cross_index

    def warn(message: str) -> None:
        diagnostics.warning(message, field="include_sitemaps")

    path, plan = output_dir / name, context.cache[PLAN_KEY]
    try:
        if not plan.owned.may_replace(path):
            raise not_ours(path)
        items = items_for(own, output_dir, base_url, warn)
        for included in settings.include_sitemaps:
            items.extend(_included(included, output_dir, base_url, warn))
        # In the build's plan: committed with its other files, recorded in the ledger.
        plan.files[path] = index_body(items, warn)
    except SitemapError as exc:
        warn(f"{exc}; no index written")
        return
    report.files.append(path)
    report.entry = name


def _included(
    included: str, output_dir: Path, base_url: str, warn: Callable[[str], None]
) -> list[IndexItem]:
    if "://" in included:
        if not included.startswith(base_url):
            warn(
                f"{included} is outside {base_url}; an index may only list sitemaps under its "
                "own location, so it is left out"
            )
            return []
        rel = unquoted_path(base_url, included)
        loc = included
    else:
        rel = included.lstrip("/")
        loc = base_url + encode_iri(rel)
    try:
        local = site_path(output_dir, rel)
    except OutsideSite:
        warn(
            f"{included} is outside the output directory; an index may only list sitemaps "
            "under its own location, so it is left out"
        )
        return []
    if not local.exists():
        warn(f"{included}: {local} does not exist (yet); listed without a lastmod")
        return [IndexItem(loc, None)]
    try:
        return items_for(entry_sitemap(local), output_dir, base_url, warn)
    except SitemapError as exc:
        warn(f"{included}: {exc}; left out")
        return []
