"""Sphinx adapter: ``extensions = ["ssg_sitemap.sphinx"]`` (not implemented yet)."""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the extension; the adapter is not implemented yet."""
    logger.info("sitemap: the ssg-sitemap Sphinx adapter is not implemented yet")
    return {"version": "0.1.0", "parallel_read_safe": True, "parallel_write_safe": True}
