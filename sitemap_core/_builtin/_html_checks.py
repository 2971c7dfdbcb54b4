"""Exclusions from what the built HTML says (noindex, canonical elsewhere, redirects) and
error documents (by name, and by title: :mod:`sitemap_core._html`)."""

from __future__ import annotations

import os

from sitemap_core._context import BuildContext
from sitemap_core._html import error_code, error_reason, inspect_html, judge, may_exclude
from sitemap_core._record import PageRecord
from sitemap_core._values import is_page_file
from sitemap_core.hookspecs import Canonical, hookimpl


@hookimpl(trylast=True)
def sitemap_exclude(record: PageRecord, loc: str, context: BuildContext) -> str | Canonical | None:
    """Leave out error documents by name (:func:`~sitemap_core._html.error_code`: by the URL,
    or by the built file's place in the output folder, a Pelican page saved as ``404.html``
    with another URL); with the HTML checks on, read the page's ``<head>`` and leave out what
    :func:`sitemap_core._html.judge` speaks against: noindex, error titles, redirects (meta
    refresh or an unconditional script redirect) and canonical-elsewhere pages."""
    output, url = record.output, record.url
    if "://" in url:
        base = context.settings.base_url
        url = url[len(base) :] if base and url.startswith(base) else ""
    # By name, without reading the page: also with the HTML checks off, as in check.
    code = error_code(url)
    root = context.output_dir
    path = None if output is None else os.fspath(output)
    if code is None and path is not None and root is not None:
        prefix = os.fspath(root).rstrip(os.sep) + os.sep
        rel = path[len(prefix) :].replace(os.sep, "/")
        if rel != url and path.startswith(prefix):
            code = error_code(rel)
    if code is not None or output is None or path is None or not context.settings.html_checks:
        return None if code is None else error_reason(code)
    if not is_page_file(path):
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
    said = judge(facts, loc)
    if said is None:
        return None
    if said.rule == "canonical" and said.target is not None:
        # The pipeline decides what a canonical link means (build/_canonical.py).
        return Canonical(said.target, loc)
    return said.reason
