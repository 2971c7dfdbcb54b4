"""The ``ssg-sitemap`` command line (``sitemap_core.cli.main:main``); nothing to import."""

from __future__ import annotations

__all__: list[str] = []
