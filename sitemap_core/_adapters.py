"""What an adapter may import besides :mod:`sitemap_core`'s public face: the core's rules a
generator's plugin shares with the command line (the option table, value rules, the site map
page, MkDocs-family project rules, the built-ins an adapter replaces or asks, the files the
core owns). ``tests/test_layers.py`` holds every adapter in ``plugins/`` to this list.
"""

from __future__ import annotations

from sitemap_core._builtin import HTML_CHECKS, exclude_by_html
from sitemap_core._config import (
    BY_NAME,
    HookError,
    Option,
    excluded_by,
    offered,
    parse_flag,
    parse_sections,
    spellings,
)
from sitemap_core._files import is_ours, read_entries
from sitemap_core._html import inspect_html
from sitemap_core._html_sitemap import (
    ARCHIVES,
    AUTHORS,
    PAGES,
    SLOT,
    TAGS,
    TOC_SLOT,
    HtmlEntry,
    NavItem,
    PageOptions,
    fill_slot,
    page_title,
    render_nav_and_toc,
    translate,
)
from sitemap_core._lastmod import GitDates
from sitemap_core._mkdocs_project import (
    DRAFT,
    EXCLUDE_DOCS,
    MATERIAL_INDEX,
    VALUE_TYPES,
    flat_section,
    front_matter_dates,
    is_draft,
    material_problem,
    material_readers,
    page_stem,
    reads_material_file,
    settings_from_options,
    write_material_copy,
)
from sitemap_core._pipeline import remove_set, twin_link
from sitemap_core._util.regular import begins_with
from sitemap_core._values import (
    absolute_url,
    is_language_tag,
    is_page_file,
    parse_changefreq,
    parse_priority,
    validate_base_url,
    without_index,
)

__all__ = [
    "ARCHIVES",
    "AUTHORS",
    "BY_NAME",
    "DRAFT",
    "EXCLUDE_DOCS",
    "HTML_CHECKS",
    "MATERIAL_INDEX",
    "PAGES",
    "SLOT",
    "TAGS",
    "TOC_SLOT",
    "VALUE_TYPES",
    "GitDates",
    "HookError",
    "HtmlEntry",
    "NavItem",
    "Option",
    "PageOptions",
    "absolute_url",
    "begins_with",
    "exclude_by_html",
    "excluded_by",
    "fill_slot",
    "flat_section",
    "front_matter_dates",
    "inspect_html",
    "is_draft",
    "is_language_tag",
    "is_ours",
    "is_page_file",
    "material_problem",
    "material_readers",
    "offered",
    "page_stem",
    "page_title",
    "parse_changefreq",
    "parse_flag",
    "parse_priority",
    "parse_sections",
    "read_entries",
    "reads_material_file",
    "remove_set",
    "render_nav_and_toc",
    "settings_from_options",
    "spellings",
    "translate",
    "twin_link",
    "validate_base_url",
    "without_index",
    "write_material_copy",
]
