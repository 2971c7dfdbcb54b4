"""sitemap_core: generator-agnostic sitemaps.org 0.9 sitemaps from page records."""

from __future__ import annotations

from sitemap_core.context import BuildContext
from sitemap_core.dates import Lastmod, parse_date
from sitemap_core.diagnostics import Diagnostics
from sitemap_core.entry import Alternate, Entry
from sitemap_core.errors import ConfigError, SitemapError, StrictModeError
from sitemap_core.git_prefetch import GitPrefetch, prefetch_git
from sitemap_core.hookspecs import LeftOut, hookimpl, hookspec
from sitemap_core.names import SitemapNames
from sitemap_core.pipeline import build_sitemap
from sitemap_core.plugin_manager import make_plugin_manager
from sitemap_core.record import PageRecord
from sitemap_core.report import BuildReport
from sitemap_core.settings import KindDefaults, Rule, Settings

__version__ = "0.1.0"

__all__ = [
    "Alternate",
    "BuildContext",
    "BuildReport",
    "ConfigError",
    "Diagnostics",
    "Entry",
    "GitPrefetch",
    "KindDefaults",
    "Lastmod",
    "LeftOut",
    "PageRecord",
    "Rule",
    "Settings",
    "SitemapError",
    "SitemapNames",
    "StrictModeError",
    "__version__",
    "build_sitemap",
    "hookimpl",
    "hookspec",
    "make_plugin_manager",
    "parse_date",
    "prefetch_git",
]
