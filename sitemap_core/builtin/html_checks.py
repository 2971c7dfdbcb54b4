"""Exclusions from what the built HTML says (noindex, canonical elsewhere, redirects) and
error documents (by name, and by title: :mod:`sitemap_core.html`)."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urljoin

from sitemap_core._context import BuildContext, CanonicalTarget
from sitemap_core._record import PageRecord
from sitemap_core.hookspecs import hookimpl
from sitemap_core.html import error_code, inspect_html, may_exclude, reason, title_code
from sitemap_core.sites import version_sibling
from sitemap_core.values import (
    absolute_url,
    is_page_file,
    is_under,
    same_page,
    same_url,
    served_file,
)


def error_page(record: PageRecord, path: str | None, context: BuildContext) -> int | None:
    """The HTTP error status the page's name says it is the document for
    (:func:`~sitemap_core.html.error_code`): by its URL, or by its built file's
    place in the output folder (a Pelican page saved as ``404.html`` with another URL)."""
    url = record.url
    if "://" in url:
        base = context.settings.base_url
        url = url[len(base) :] if base and url.startswith(base) else ""
    code = error_code(url)
    root = context.output_dir
    if code is None and path is not None and root is not None:
        prefix = os.fspath(root).rstrip(os.sep) + os.sep
        if path.startswith(prefix):
            code = error_code(path[len(prefix) :].replace(os.sep, "/"))
    return code


@hookimpl(trylast=True)
def sitemap_exclude(record: PageRecord, loc: str, context: BuildContext) -> str | None:
    """Leave out error documents by name; with the HTML checks on, read the page's
    ``<head>`` and leave out noindex, error titles, redirects (meta refresh or an
    unconditional script redirect) and canonical-elsewhere pages."""
    output = record.output
    path = None if output is None else os.fspath(output)
    # By name, without reading the page: also with the HTML checks off, as in check.
    code = error_page(record, path, context)
    if code is not None:
        return reason(code)
    if not context.settings.html_checks:
        return None
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
    code = title_code(facts.title)
    if code is not None:
        return reason(code)
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
        if base and target.startswith(base) and not same_url(target, loc):
            # The same file in another form (x, x/, x.html): list the URL the site itself
            # declares; hosts with clean URLs or trailing-slash rules redirect the other.
            context._pipeline.canonical_forms[record.url] = target
        return None
    if base:
        sibling = version_sibling(
            target, loc, base, versioned=context.settings.versioned, served=served
        )
        if sibling is not None:
            # The version policy (mike's canonical_version): this version's sitemap keeps
            # its own pages, search engines are pointed at the canonical version instead.
            counts = context._pipeline.version_canonicals
            counts[sibling] = counts.get(sibling, 0) + 1
            return None
    target_loc: str | None = None
    page: Path | None = None
    if base and is_under(base, target):
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
