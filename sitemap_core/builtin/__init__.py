"""Built-in behaviour, registered as plugins the way pytest registers its own."""

from __future__ import annotations

from sitemap_core.builtin import (
    exclude_rules,
    git_lastmod,
    html_checks,
    html_sitemap,
    include_index,
    lastmod_sources,
    state_lastmod,
)

#: ``(name, module)`` pairs registered by :func:`sitemap_core.make_plugin_manager`.
BUILTIN_PLUGINS = (
    ("exclude_rules", exclude_rules),
    ("html_checks", html_checks),
    ("lastmod_sources", lastmod_sources),
    ("git_lastmod", git_lastmod),
    ("state_lastmod", state_lastmod),
    ("html_sitemap", html_sitemap),
    ("include_index", include_index),
)
