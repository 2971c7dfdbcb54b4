"""Exclusions from what the built HTML says: noindex, canonical elsewhere, redirects, 404."""

from __future__ import annotations

import posixpath
from urllib.parse import urljoin, urlsplit

from sitemap_core.context import BuildContext
from sitemap_core.hookspecs import hookimpl
from sitemap_core.html_inspect import inspect_html, may_exclude
from sitemap_core.record import PageRecord
from sitemap_core.settings import Settings
from sitemap_core.urls import encode_iri

_HTML_SUFFIXES = (".html", ".htm", ".xhtml")


def active_for(settings: Settings) -> bool:
    """The checks read built pages only when ``html_checks`` is on."""
    return settings.html_checks


def _same_page(a: str, b: str) -> bool:
    def norm(url: str) -> tuple[str, str, str]:
        parts = urlsplit(encode_iri(url))
        path = parts.path or "/"
        if posixpath.basename(path) in ("index.html", "index.htm"):
            path = path[: -len(posixpath.basename(path))]
        host = (parts.hostname or "").lower()
        port = parts.port
        default = {"http": 80, "https": 443}.get(parts.scheme.lower())
        netloc = host if port in (None, default) else f"{host}:{port}"
        return parts.scheme.lower(), netloc, path + ("?" + parts.query if parts.query else "")

    return norm(a) == norm(b)


def is_404(record: PageRecord) -> bool:
    """A not-found page, known by its name (``404.html``, ``404/``)."""
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
    if is_404(record):
        return "404 page"
    output = record.output
    if output is None or output.suffix.lower() not in _HTML_SUFFIXES:
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
    if facts.canonical is not None and not _same_page(urljoin(loc, facts.canonical), loc):
        return "canonical elsewhere"
    return None
