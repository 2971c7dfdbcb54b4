"""The ``ssg-sitemap`` command line: :func:`main` (the console script and ``python -m``)."""

from __future__ import annotations

from sitemap_core._cli._main import main

__all__ = ["main"]
