"""The HTML sitemap for people: a page of the site's pages as a tree of sections, themed (the
generator's theme around :data:`SLOT`) or standalone (the command line's own page).
"""

from __future__ import annotations

from sitemap_core._html_sitemap._labels import (
    ARCHIVES,
    AUTHORS,
    LANGUAGES,
    PAGES,
    TAGS,
    language_name,
    page_title,
    translate,
)
from sitemap_core._html_sitemap._page import (
    END,
    SLOT,
    START,
    TOC_SLOT,
    HtmlEntry,
    NavItem,
    Node,
    PageOptions,
    check_fillable,
    directory_nav,
    excluded_by,
    fill_slot,
    html_excluded,
    render_nav_and_toc,
    tree,
    write_html_sitemap,
)
from sitemap_core._html_sitemap._title import without_site_suffix

__all__ = [
    "ARCHIVES",
    "AUTHORS",
    "END",
    "LANGUAGES",
    "PAGES",
    "SLOT",
    "START",
    "TAGS",
    "TOC_SLOT",
    "HtmlEntry",
    "NavItem",
    "Node",
    "PageOptions",
    "check_fillable",
    "directory_nav",
    "excluded_by",
    "fill_slot",
    "html_excluded",
    "language_name",
    "page_title",
    "render_nav_and_toc",
    "translate",
    "tree",
    "without_site_suffix",
    "write_html_sitemap",
]
