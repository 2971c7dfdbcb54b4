"""Built-in behaviour, registered as plugins the way pytest registers its own, and the plugin
manager.
"""

from __future__ import annotations

import pluggy

from sitemap_core import hookspecs
from sitemap_core.builtin import (
    cross_index,
    exclude_rules,
    extra_urls,
    html_checks,
    html_page,
    images,
    user_functions,
)

#: ``(name, module)`` pairs registered by :func:`make_plugin_manager`.
BUILTIN_PLUGINS = (
    ("exclude_rules", exclude_rules),
    ("html_checks", html_checks),
    ("html_page", html_page),
    ("cross_index", cross_index),
    # Registered after user_functions: of tryfirst transforms pluggy calls the later ones
    # first, and the site's transform sees an extra URL's alternates and a page's images.
    ("user_functions", user_functions),
    ("extra_urls", extra_urls),
    ("images", images),
)


def make_plugin_manager(*, load_entry_points: bool = True) -> pluggy.PluginManager:
    """Build a new, isolated plugin manager.

    :param load_entry_points: also load third-party plugins from the ``sitemap_core``
        entry-point group (tests turn this off for an isolated manager).
    """
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for name, plugin in BUILTIN_PLUGINS:
        pm.register(plugin, name=f"sitemap_core.{name}")
    if load_entry_points:
        pm.load_setuptools_entrypoints(hookspecs.PROJECT)
    return pm
