"""The core's HTML checks, judged against the canonical URL Sphinx itself writes.

With ``html_baseurl`` set, Sphinx gives every page ``<link rel="canonical">`` built from
``html_baseurl`` and the page's link, without the ``{lang}``/``{version}`` parts of
sphinx-sitemap's URL scheme. That tag is not a statement that the page lives elsewhere, so it
must not exclude the page; a canonical a theme or the author set to another page still does.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping

import pluggy

from sitemap_core import BuildContext, Canonical, PageRecord, hookimpl
from sitemap_core._adapters import HTML_CHECKS, exclude_by_html


class SphinxHtmlChecks:
    """The built-in HTML checks (:func:`~sitemap_core._builtin.exclude_by_html`) with Sphinx's
    own page URL as the page's address.

    :param page_urls: Sphinx's ``pageurl`` by record URL.
    """

    def __init__(self, page_urls: Mapping[str, str]) -> None:
        self.page_urls = page_urls

    @hookimpl(trylast=True)
    def sitemap_exclude(
        self, record: PageRecord, loc: str, context: BuildContext
    ) -> str | Canonical | None:
        """noindex, redirects, 404 and canonical-elsewhere, as the core decides them."""
        address = self.page_urls.get(record.url, loc)
        return exclude_by_html(record=record, loc=address, context=context)


def sphinx_page_url(html_baseurl: str, target_uri: str) -> str:
    """What Sphinx puts in ``pageurl`` (``posixpath.join(html_baseurl, uri)``)."""
    return posixpath.join(html_baseurl, target_uri)


def install(pm: pluggy.PluginManager, page_urls: Mapping[str, str]) -> None:
    """Replace the built-in HTML checks with the Sphinx-aware ones."""
    builtin = pm.get_plugin(HTML_CHECKS)
    if builtin is not None:
        pm.unregister(builtin)
    pm.register(SphinxHtmlChecks(page_urls), name="ssg_sitemap.sphinx.html_checks")
