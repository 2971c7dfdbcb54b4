"""What ``announce`` and ``diff`` know of each URL a built site lists: the ``lastmod`` its
sitemap gives it and its built file's main-content hash."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from sitemap_core._files import site_urls
from sitemap_core._indexnow._changes import Listed
from sitemap_core._lastmod import content_hash
from sitemap_core._values import served_file


def listed_urls(
    site_dir: Path, base_url: str, host: str | None = None
) -> tuple[dict[str, Listed], int]:
    """The URLs the site's sitemaps list (on ``host`` only, when given), each with what is
    known of it; how many were left out for naming another host."""
    current: dict[str, Listed] = {}
    other_hosts = 0
    for loc, lastmod in site_urls(site_dir, base_url):
        if host is not None and (urlsplit(loc).hostname or "").lower() != host:
            other_hosts += 1
            continue
        path = served_file(site_dir, base_url, loc)
        current[loc] = Listed(lastmod or None, content_hash(path) if path is not None else None)
    return current, other_hosts
