"""The HTML sitemap for people: a page of the site's pages as a tree of sections, themed (the
generator's theme around :data:`SLOT`) or standalone (the command line's own page).
"""

from __future__ import annotations

from sitemap_core._html_sitemap._page import (
    SLOT,
    HtmlEntry,
    NavItem,
    directory_nav,
    excluded_by,
    fill_slot,
    html_excluded,
    render_nav,
    write_html_sitemap,
)

__all__ = [
    "SLOT",
    "HtmlEntry",
    "NavItem",
    "directory_nav",
    "excluded_by",
    "fill_slot",
    "html_excluded",
    "render_nav",
    "write_html_sitemap",
]
