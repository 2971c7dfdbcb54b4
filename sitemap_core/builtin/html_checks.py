"""Exclusions from what the built HTML says: noindex, canonical elsewhere, redirects, 404."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urljoin

from sitemap_core.context import BuildContext, CanonicalTarget
from sitemap_core.hookspecs import hookimpl
from sitemap_core.html_inspect import inspect_html, may_exclude
from sitemap_core.record import PageRecord
from sitemap_core.settings import Settings
from sitemap_core.urls import absolute_url, is_page_file, same_page, served_file


def active_for(settings: Settings) -> bool:
    """The checks read built pages only when ``html_checks`` is on."""
    return settings.html_checks


def is_404(record: PageRecord) -> bool:
    """A not-found page, known by its name (``404.html``, ``404/``)."""
    output = record.output
    if "404" not in record.url and (output is None or "404" not in os.fspath(output)):
        return False  # almost every page: no need to take the names apart
    names = [record.url.rstrip("/").rsplit("/", 1)[-1]]
    if record.output is not None:
        names.append(record.output.name)
    return any(n in ("404", "404.html", "404.htm") for n in names)


@hookimpl(trylast=True)
def sitemap_exclude(record: PageRecord, loc: str, context: BuildContext) -> str | None:
    """Read the page's ``<head>``; exclude noindex, redirects (meta refresh or an unconditional
    script redirect) and canonical-elsewhere pages."""
    if not context.settings.html_checks:
        return None
    output = record.output
    path = None if output is None else os.fspath(output)
    if ("404" in record.url or (path is not None and "404" in path)) and is_404(record):
        return "404 page"
    if output is None or path is None or not is_page_file(path):
        return None
    if not may_exclude(output, loc):
        return None
    try:
        facts = inspect_html(output)
    except FileNotFoundError:
        context.diagnostics.debug(
            f"built file {output} not found; HTML checks skipped", record.label
        )
        return None
    except (OSError, ValueError) as exc:
        context.diagnostics.warning(
            f"built file {output} {exc}; HTML checks skipped", record.label, "output"
        )
        return None
    if facts.noindex:
        return "noindex"
    if facts.refresh is not None or facts.script_redirect is not None:
        return "redirect"
    if facts.canonical is not None:
        return _canonical(record, output, loc, urljoin(loc, facts.canonical), context)
    return None


def _canonical(
    record: PageRecord, output: Path, loc: str, target: str, context: BuildContext
) -> str | None:
    """``None`` when ``target`` names the page itself; otherwise "canonical elsewhere",
    noting the target when it is a page of the site (the pipeline lists it instead), else
    the page (lost: the pipeline warns when many are)."""
    # The output folder may be served below the site root (a Sphinx language build).
    base = context.settings.output_url if context.settings.base_url else ""
    root = context.output_dir

    def served(url: str) -> Path | None:
        # The record says which file its own URL shows, also when a server rewrite is
        # needed for it (ARTICLE_URL unlike ARTICLE_SAVE_AS).
        if url == loc:
            return output
        return served_file(root, base, url) if root is not None and base else None

    if same_page(target, loc, served):
        return None
    target_loc: str | None = None
    page: Path | None = None
    if base and target.startswith(base):
        try:
            target_loc = absolute_url(base, target.partition("#")[0])
        except ValueError:
            target_loc = None
        page = served(target_loc) if target_loc is not None else None
    if target_loc is not None and page is not None and is_page_file(page.name):
        context._pipeline.canonical_targets.setdefault(
            target_loc, CanonicalTarget(target_loc, page, record)
        )
    else:
        # Neither this page nor its canonical URL will be listed. A few cross-posts are
        # normal; many mean the theme and the site's URL settings disagree (a missing file,
        # another host name): the pipeline warns.
        context._pipeline.canonical_lost.append(loc)
    return "canonical elsewhere"
