"""The package's face: what ``sitemap_core`` exports is a promise to plugin authors and
adapters, so it is pinned here; everything else is private by its name."""

from __future__ import annotations

import importlib
import pkgutil

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


def _isort_style(name: str) -> tuple[int, str]:
    """Ruff's order for ``__all__`` (RUF022): CONSTANTS, then Classes, then the rest."""
    if name == name.upper():
        return 0, name
    return (1 if name[0].isupper() else 2), name


def test_everything_else_is_private_by_its_name() -> None:
    # The face is sitemap_core.__all__ and the hook specifications (documented for plugin
    # authors); every other package and module says by its leading underscore that it is the
    # core's own business, free to change.
    public = {
        info.name
        for info in pkgutil.iter_modules(sitemap_core.__path__)
        if not info.name.startswith("_")
    }
    assert public == {"hookspecs"}


def test_internal_faces_export_what_they_name() -> None:
    # A private package's __init__ is the face the other packages and the adapters import; it
    # is not pinned (it is not a promise), but what it lists exists, in ruff's order.
    for info in pkgutil.iter_modules(sitemap_core.__path__):
        if not info.ispkg:
            continue
        face = importlib.import_module(f"sitemap_core.{info.name}")
        names = list(getattr(face, "__all__", []))
        assert sorted(names, key=_isort_style) == names, info.name
        for attribute in names:
            assert hasattr(face, attribute), f"sitemap_core.{info.name}.{attribute}"


def test_adapters_keep_the_names_users_type() -> None:
    # What users type in their configuration (docs and DESIGN.md name them).
    import pelican.plugins.sitemap

    import ssg_sitemap.mkdocs
    import ssg_sitemap.sphinx  # type: ignore[import-untyped]

    assert callable(pelican.plugins.sitemap.register)
    assert ssg_sitemap.mkdocs.__all__ == ["SitemapConfig", "SitemapPlugin"]
    assert callable(ssg_sitemap.sphinx.setup)


def test_every_exported_name_exists() -> None:
    for name in sitemap_core.__all__:
        assert getattr(sitemap_core, name) is not None, name


def test_one_exception_tree() -> None:
    from ssg_sitemap.sphinx.config import SitemapConfigError  # type: ignore[import-untyped]

    assert issubclass(ConfigError, SitemapError)
    assert issubclass(StrictModeError, SitemapError)
    assert issubclass(SitemapConfigError, ConfigError)
