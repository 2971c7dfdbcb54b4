"""``ssg-sitemap diff``: what changed between two builds, or a build and the deployed site."""

from __future__ import annotations

from sitemap_core._diff._report import as_json, as_table, failures, parse_threshold
from sitemap_core._diff._sources import read_side

__all__ = ["as_json", "as_table", "failures", "parse_threshold", "read_side"]
