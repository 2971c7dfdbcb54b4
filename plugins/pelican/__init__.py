"""Pelican adapter: ``PLUGINS = ["sitemap"]`` (not implemented yet)."""

from __future__ import annotations

import logging

logger = logging.getLogger(__name__)


def register() -> None:
    """Pelican entry point; the adapter is not implemented yet."""
    logger.warning("sitemap: the ssg-sitemap Pelican adapter is not implemented yet")
