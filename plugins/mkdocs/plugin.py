"""The MkDocs plugin class (placeholder until the adapter lands)."""

from __future__ import annotations

from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, get_plugin_logger

log = get_plugin_logger("sitemap")


class SitemapPlugin(BasePlugin[Config]):
    """Placeholder plugin: says it is not implemented yet."""

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        log.warning("the ssg-sitemap MkDocs adapter is not implemented yet")
