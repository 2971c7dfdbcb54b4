"""Factory for the plugin manager: built-in plugins plus the ``sitemap_core`` entry points."""

from __future__ import annotations

import pluggy

from sitemap_core import hookspecs
from sitemap_core.builtin import BUILTIN_PLUGINS


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
