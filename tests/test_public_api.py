"""The package's face: what ``sitemap_core`` exports is a promise, so it is pinned here."""

from __future__ import annotations

import sitemap_core
from sitemap_core import ConfigError, SitemapError, StrictModeError

EXPORTED = {
    "Alternate",
    "BuildContext",
    "BuildReport",
    "Canonical",
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
}


def test_all_is_pinned() -> None:
    # Adding or removing a public name is a decision: change this set with it.
    assert set(sitemap_core.__all__) == EXPORTED
    assert sorted(sitemap_core.__all__) == list(sitemap_core.__all__)


def test_every_exported_name_exists() -> None:
    for name in sitemap_core.__all__:
        assert getattr(sitemap_core, name) is not None, name


def test_one_exception_tree() -> None:
    from ssg_sitemap.sphinx.config import SitemapConfigError  # type: ignore[import-untyped]

    assert issubclass(ConfigError, SitemapError)
    assert issubclass(StrictModeError, SitemapError)
    assert issubclass(SitemapConfigError, ConfigError)
