"""MkDocs adapter: ``plugins: [sitemap]`` writes an honest sitemap.xml (and .gz) for the site.

Installed as ``ssg_sitemap.mkdocs``; the ``sitemap`` entry point in ``mkdocs.plugins`` (and
``properdocs.plugins``) points at :class:`SitemapPlugin`.
"""

from __future__ import annotations

from .config import SitemapConfig
from .plugin import SitemapPlugin

__all__ = ["SitemapConfig", "SitemapPlugin"]
