"""The core's HTML checks, judged against the canonical URL Sphinx itself writes.

With ``html_baseurl`` set, Sphinx gives every page ``<link rel="canonical">`` built from
``html_baseurl`` and the page's link, without the ``{lang}``/``{version}`` parts of
sphinx-sitemap's URL scheme. That tag is not a statement that the page lives elsewhere, so it
must not exclude the page; a canonical a theme or the author set to another page still does.

Reading every page's ``<head>`` with an HTML parser is the slowest part of the sitemap step on
a large site, so a byte scan first rules out the pages that cannot be excluded: no robots or
refresh meta tag and no canonical link other than Sphinx's own. Only the rest are parsed.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from pathlib import Path

import pluggy
from markupsafe import escape

from sitemap_core import BuildContext, PageRecord, hookimpl
from sitemap_core.builtin import html_checks

BUILTIN_NAME = "sitemap_core.html_checks"


class SphinxHtmlChecks:
    """``html_checks.sitemap_exclude`` with Sphinx's own page URL as the page's address.

    :param page_urls: Sphinx's ``pageurl`` by record URL.
    """

    def __init__(self, page_urls: Mapping[str, str]) -> None:
        self.page_urls = page_urls

    @hookimpl(trylast=True)
    def sitemap_exclude(self, record: PageRecord, loc: str, context: BuildContext) -> str | None:
        """noindex, redirects, 404 and canonical-elsewhere, as the core decides them."""
        address = self.page_urls.get(record.url, loc)
        if (
            context.settings.html_checks
            and record.output is not None
            and not html_checks.is_404(record)
            and not might_be_excluded(record.output, address)
        ):
            return None
        return html_checks.sitemap_exclude(record=record, loc=address, context=context)


_HEAD_BYTES = 65536
_CHUNK = 8192
_TRIGGERS = (b"robots", b"googlebot", b"bingbot", b"refresh")


def might_be_excluded(output: Path, page_url: str) -> bool:
    """Whether the page's head has anything the HTML checks could exclude it for.

    ``False`` only when the head (found within the first 64 KiB) has no robots or refresh meta
    tag and at most one canonical link, which points at ``page_url``; ``True`` when unsure.
    """
    low = b""
    end = -1
    try:
        with output.open("rb") as handle:
            while len(low) < _HEAD_BYTES:
                chunk = handle.read(_CHUNK)
                low += chunk.lower()
                end = low.find(b"<body")
                if end >= 0 or len(chunk) < _CHUNK:
                    break
    except OSError:
        return True  # the core reports it
    if end < 0:
        return True
    head = low[:end]
    if any(trigger in head for trigger in _TRIGGERS):
        return True
    count = head.count(b"canonical")
    if count == 0:
        return False
    own = f'"{escape(page_url)}"'.encode().lower()
    return count > 1 or own not in head


def sphinx_page_url(html_baseurl: str, target_uri: str) -> str:
    """What Sphinx puts in ``pageurl`` (``posixpath.join(html_baseurl, uri)``)."""
    return posixpath.join(html_baseurl, target_uri)


def install(pm: pluggy.PluginManager, page_urls: Mapping[str, str]) -> None:
    """Replace the built-in HTML checks with the Sphinx-aware ones."""
    builtin = pm.get_plugin(BUILTIN_NAME)
    if builtin is not None:
        pm.unregister(builtin)
    pm.register(SphinxHtmlChecks(page_urls), name="ssg_sitemap.sphinx.html_checks")
