"""Built-in behaviour, registered as plugins the way pytest registers its own, and the plugin
manager.

An adapter that replaces a built-in plugin finds it by its name here
(``pm.get_plugin(HTML_CHECKS)``); :func:`exclude_by_html` is the HTML checks' verdict, for
a replacement that judges a page under another address.
"""

from __future__ import annotations

import pluggy

from sitemap_core import hookspecs
from sitemap_core.builtin import (
    cross_index,
    exclude_rules,
    extra_urls,
    html_checks,
    html_sitemap,
    images,
    user_functions,
)
from sitemap_core.builtin.html_checks import sitemap_exclude as exclude_by_html

#: The names :func:`make_plugin_manager` registers the built-in plugins under.
EXCLUDE_RULES = "sitemap_core.exclude_rules"
HTML_CHECKS = "sitemap_core.html_checks"
HTML_SITEMAP = "sitemap_core.html_sitemap"
CROSS_INDEX = "sitemap_core.cross_index"
USER_FUNCTIONS = "sitemap_core.user_functions"
EXTRA_URLS = "sitemap_core.extra_urls"
IMAGES = "sitemap_core.images"

#: ``(name, module)`` pairs registered by :func:`make_plugin_manager`.
_PLUGINS = (
    (EXCLUDE_RULES, exclude_rules),
    (HTML_CHECKS, html_checks),
    (HTML_SITEMAP, html_sitemap),
    (CROSS_INDEX, cross_index),
    # Registered after user_functions: of tryfirst transforms pluggy calls the later ones
    # first, and the site's transform sees an extra URL's alternates and a page's images.
    (USER_FUNCTIONS, user_functions),
    (EXTRA_URLS, extra_urls),
    (IMAGES, images),
)

__all__ = [
    "CROSS_INDEX",
    "EXCLUDE_RULES",
    "EXTRA_URLS",
    "HTML_CHECKS",
    "HTML_SITEMAP",
    "IMAGES",
    "USER_FUNCTIONS",
    "exclude_by_html",
    "make_plugin_manager",
]


def make_plugin_manager(*, load_entry_points: bool = True) -> pluggy.PluginManager:
    """Build a new, isolated plugin manager.

    :param load_entry_points: also load third-party plugins from the ``sitemap_core``
        entry-point group (tests turn this off for an isolated manager).
    """
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for name, plugin in _PLUGINS:
        pm.register(plugin, name=name)
    if load_entry_points:
        pm.load_setuptools_entrypoints(hookspecs.PROJECT)
    return pm
