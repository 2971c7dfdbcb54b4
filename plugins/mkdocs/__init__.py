"""MkDocs adapter: ``plugins: [sitemap]`` (not implemented yet)."""

from __future__ import annotations

from .plugin import SitemapPlugin

__all__ = ["SitemapPlugin"]
