"""Built-in behaviour, registered as plugins the way pytest registers its own, and the plugin
manager. An adapter finds a built-in it replaces by its name (``pm.get_plugin(HTML_CHECKS)``);
:func:`exclude_by_html` and :func:`exclude_by_rules` give the HTML checks' and the record's
own verdicts, for a judgement under another address or while the page is rendered.
"""

from __future__ import annotations

import pluggy

from sitemap_core import hookspecs
from sitemap_core._builtin import (
    _cross_index,
    _exclude_rules,
    _extra_urls,
    _html_checks,
    _html_sitemap,
    _images,
    _link_summary,
    _llms,
    _user_functions,
)
from sitemap_core._builtin._exclude_rules import sitemap_exclude as exclude_by_rules
from sitemap_core._builtin._html_checks import sitemap_exclude as exclude_by_html

#: The names :func:`make_plugin_manager` registers the built-in plugins under.
EXCLUDE_RULES = "sitemap_core.exclude_rules"
HTML_CHECKS = "sitemap_core.html_checks"
HTML_SITEMAP = "sitemap_core.html_sitemap"
LLMS_TXT = "sitemap_core.llms_txt"
LINK_SUMMARY = "sitemap_core.link_summary"
CROSS_INDEX = "sitemap_core.cross_index"
USER_FUNCTIONS = "sitemap_core.user_functions"
EXTRA_URLS = "sitemap_core.extra_urls"
IMAGES = "sitemap_core.images"

#: ``(name, module)`` pairs registered by :func:`make_plugin_manager`.
_PLUGINS = (
    (EXCLUDE_RULES, _exclude_rules),
    (HTML_CHECKS, _html_checks),
    (HTML_SITEMAP, _html_sitemap),
    # Before llms_txt: pluggy calls the later one's sitemap_written first, so the link pass
    # knows the files llms.txt plans (a link to them is not broken).
    (LINK_SUMMARY, _link_summary),
    (LLMS_TXT, _llms),
    (CROSS_INDEX, _cross_index),
    # Registered after user_functions: of tryfirst transforms pluggy calls the later ones
    # first, and the site's transform sees an extra URL's alternates and a page's images.
    (USER_FUNCTIONS, _user_functions),
    (EXTRA_URLS, _extra_urls),
    (IMAGES, _images),
)

#: The built-in plugins themselves: their per-record hooks are called without pluggy while no
#: other plugin implements the hook (``_pipeline/_hook_calls.py``).
BUILTINS = frozenset(module for _, module in _PLUGINS)

__all__ = [
    "BUILTINS",
    "CROSS_INDEX",
    "EXCLUDE_RULES",
    "EXTRA_URLS",
    "HTML_CHECKS",
    "HTML_SITEMAP",
    "IMAGES",
    "LINK_SUMMARY",
    "LLMS_TXT",
    "USER_FUNCTIONS",
    "exclude_by_html",
    "exclude_by_rules",
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
