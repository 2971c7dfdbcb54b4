"""What users configure: the option table, the settings, our file names, sections, URL
patterns, front-matter keys and the site's own hook functions.
"""

from __future__ import annotations

from sitemap_core._config._front_matter import front_matter_keys, parse_flag
from sitemap_core._config._names import STYLESHEET, SitemapNames
from sitemap_core._config._options import (
    BY_NAME,
    LLMS_BUDGET,
    OPTIONS,
    PROTOCOL_MAX_BYTES,
    PROTOCOL_MAX_URLS,
    Option,
    offered,
    spellings,
)
from sitemap_core._config._patterns import excluded_by, matches_any
from sitemap_core._config._sections import (
    DEFAULT_SECTION,
    parse_sections,
    section_finder,
    section_names,
)
from sitemap_core._config._settings import (
    CLI_LASTMOD_SOURCES,
    DEFAULT_MAX_BYTES,
    KindDefaults,
    Rule,
    Settings,
    check_indexnow_key,
)
from sitemap_core._config._user_hooks import ExtraUrl, HookError, extra_items, load_hooks_file

__all__ = [
    "BY_NAME",
    "CLI_LASTMOD_SOURCES",
    "DEFAULT_MAX_BYTES",
    "DEFAULT_SECTION",
    "LLMS_BUDGET",
    "OPTIONS",
    "PROTOCOL_MAX_BYTES",
    "PROTOCOL_MAX_URLS",
    "STYLESHEET",
    "ExtraUrl",
    "HookError",
    "KindDefaults",
    "Option",
    "Rule",
    "Settings",
    "SitemapNames",
    "check_indexnow_key",
    "excluded_by",
    "extra_items",
    "front_matter_keys",
    "load_hooks_file",
    "matches_any",
    "offered",
    "parse_flag",
    "parse_sections",
    "section_finder",
    "section_names",
    "spellings",
]
