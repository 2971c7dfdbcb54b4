"""``link_summary``: one line in the build's summary counting orphan pages and broken internal
links, and the orphans for the site map page, from ``check``'s own findings on the site this
build wrote: one rule. The pass runs once, the sitemaps in place, before the site map page is
filled (``check`` reads only listed pages' links: llms.txt, twins and sitemaps link nothing)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from sitemap_core._check import CheckReport, check_site
from sitemap_core._context import BuildContext
from sitemap_core._errors import SitemapError
from sitemap_core._files import PLAN_KEY
from sitemap_core._html_sitemap import PageOptions
from sitemap_core._report import BuildReport
from sitemap_core._values import unquoted_path, without_index
from sitemap_core.hookspecs import hookimpl

_KEY = "sitemap_core.link_summary"


@dataclass(frozen=True)
class Links:
    """What the link pass found: ``check``'s ``orphan`` and ``link-broken`` findings counted,
    and the orphans by page key (their path under the base URL, ``x/index.html`` is ``x/``)."""

    orphans: int
    broken: int
    orphan_keys: frozenset[str]
    base_url: str

    def orphan(self, loc: str) -> bool:
        """Whether the listed page at ``loc`` is an orphan."""
        if not self.orphan_keys or not loc.startswith(self.base_url):
            return False
        return without_index(unquoted_path(self.base_url, loc)) in self.orphan_keys


def links_of(report: BuildReport, context: BuildContext) -> Links | None:
    """The build's link pass, run on first call (``None``: not asked for, nothing written)."""
    if _KEY in context.cache:
        found: Links | None = context.cache[_KEY]
        return found
    settings, site = context.settings, context.output_dir
    found = None
    asked = settings.link_summary or PageOptions.of(settings).reads_links
    if asked and settings.base_url and site is not None and report.urls and not report.refused:
        base_url = settings.output_url
        try:
            checked = check_site(site, base_url)
        except (SitemapError, OSError) as exc:  # the build's files are written: say, go on
            context.diagnostics.debug(f"links not counted: {exc}")
        else:
            broken = _count(checked, "link-broken") - _not_yet(checked, site, context)
            graph = checked.links  # the orphans by page key: LinkGraph.orphans, check's rule
            keys = frozenset(graph.keys[p] for p in graph.orphans()) if graph else frozenset()
            found = Links(_count(checked, "orphan"), broken, keys, base_url)
    context.cache[_KEY] = found
    return found


def _count(checked: CheckReport, code: str) -> int:
    """Findings of ``code``, those past the detail limit too (as ``check`` counts them)."""
    shown = sum(1 for finding in checked.findings if finding.code == code)
    return shown + sum(n for _file, kind, n in checked.omitted() if kind == code)


def _not_yet(checked: CheckReport, site: Path, context: BuildContext) -> int:
    """Links to files this build writes after the pass (llms.txt, twins, the site map page):
    missing now, found by a ``check`` after the build, so not broken."""
    graph, plan = checked.links, context.cache.get(PLAN_KEY)
    if graph is None:
        return 0
    name = context.settings.html_sitemap
    later = [*(plan.files if plan is not None else ()), *([site / name] if name else [])]
    linked, ids = graph.inbound(), graph.ids
    keys = {
        without_index(path.relative_to(site).as_posix())
        for path in later
        if path.is_relative_to(site) and not path.exists()
    }
    return sum(1 for key in keys if key in ids and linked[ids[key]])


@hookimpl
def sitemap_written(report: BuildReport, context: BuildContext) -> None:
    """The summary's line on links, when there is something to say (never a warning: a
    strict build that was green stays green)."""
    found = links_of(report, context) if context.settings.link_summary else None
    if found is None or not (found.orphans or found.broken):
        return
    parts = [
        f"{n:,} {what}{'s' if n != 1 else ''}"
        for n, what in ((found.orphans, "orphan page"), (found.broken, "broken internal link"))
        if n
    ]
    site = context.output_dir or Path()
    shown = os.path.relpath(site) if site.is_relative_to(Path.cwd()) else str(site)
    context.diagnostics.info(f"{', '.join(parts)} (ssg-sitemap check {shown} lists them)")
