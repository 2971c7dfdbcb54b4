"""What must change for ``announce`` to send a URL again: its signature, the ``lastmod`` its
sitemap gives it, else its built file's content hash."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from sitemap_core._files import site_urls
from sitemap_core._lastmod import content_hash
from sitemap_core._values import served_file


def listed_urls(site_dir: Path, base_url: str, host: str) -> tuple[dict[str, str], int]:
    """The URLs the site's sitemaps list on ``host``, each with its signature; how many
    were left out for naming another host."""
    current: dict[str, str] = {}
    other_hosts = 0
    for loc, lastmod in site_urls(site_dir, base_url):
        if (urlsplit(loc).hostname or "").lower() != host:
            other_hosts += 1
            continue
        current[loc] = _signature(site_dir, base_url, loc, lastmod)
    return current, other_hosts


def _signature(site_dir: Path, base_url: str, loc: str, lastmod: str | None) -> str:
    """What must change for a URL to count as changed: its lastmod, else its content."""
    if lastmod:
        return lastmod
    path = served_file(site_dir, base_url, loc)
    digest = content_hash(path) if path is not None else None
    return f"sha256:{digest}" if digest else ""
