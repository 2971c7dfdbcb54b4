"""The build: page records in, sitemap files out (resolve, exclude, lastmod, alternates, transform,
sort, write, robots.txt, report).
"""

from __future__ import annotations

from sitemap_core._pipeline._pipeline import build_sitemap, check_output_dir
from sitemap_core._pipeline._render_time import listed_url, twin_link
from sitemap_core._pipeline._replace_set import remove_set

__all__ = [
    "build_sitemap",
    "check_output_dir",
    "listed_url",
    "remove_set",
    "twin_link",
]
