"""The URLs a built site's sitemaps list, read back from its files: the entry sitemap
(robots.txt's ``Sitemap:`` line, else the usual names) and the sitemaps an index names.
``ssg-sitemap announce`` sends them; the Pelican adapter fills its HTML sitemap from them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from sitemap_core._errors import SitemapError
from sitemap_core._files._entry import ENTRY_NAMES, entry_file
from sitemap_core._files._reading import read_entries
from sitemap_core._files._robots import MAX_ROBOTS, sitemap_value
from sitemap_core._util.regular import open_regular
from sitemap_core._values import OutsideSite, site_path, unquoted_path


def site_urls(
    site_dir: Path, base_url: str, entry: Path | None = None
) -> Iterator[tuple[str, str | None]]:
    """``(loc, lastmod)`` of every URL in the built site's sitemaps (indexes followed).

    :param entry: the sitemap (or index) to start from; found from robots.txt and the usual
        names when ``None``.
    :raises SitemapError: no sitemap, or one that cannot be read.
    """
    if entry is None:
        entry = _entry_sitemap(site_dir, base_url)
    kind, items = read_entries(entry)
    if kind != "index":
        yield from items
        return
    for loc, _lastmod in items:
        shard = _local(site_dir, base_url, loc)
        if shard is None:
            raise SitemapError(f"{entry} lists {loc}, which is not a file in {site_dir}")
        shard_kind, shard_items = read_entries(shard)
        if shard_kind == "index":
            raise SitemapError(f"{entry} lists {loc}, another index; indexes cannot be nested")
        yield from shard_items


def _entry_sitemap(site_dir: Path, base_url: str) -> Path:
    """The sitemap robots.txt names under ``base_url``, else the first of :data:`ENTRY_NAMES`."""
    robots = site_dir / "robots.txt"
    if robots.is_file():
        try:
            with open_regular(robots) as handle:
                text = handle.read(MAX_ROBOTS).decode("utf-8", "replace")
        except OSError as exc:
            raise SitemapError(f"{robots}: cannot read it ({exc.strerror})") from None
        for line in text.splitlines():
            value = sitemap_value(line)
            if value is not None:
                path = _local(site_dir, base_url, value)
                if path is not None:
                    return path
    found = entry_file(site_dir)
    if found is not None:
        return found
    raise SitemapError(
        f"{site_dir} holds no sitemap (robots.txt names none under {base_url}, and none of "
        f"{', '.join(ENTRY_NAMES)} exists); build it first"
    )


def _local(site_dir: Path, base_url: str, loc: str) -> Path | None:
    """The file of the site that ``loc`` names, when it is one."""
    if not loc.startswith(base_url):
        return None
    try:
        path = site_path(site_dir, unquoted_path(base_url, loc))
    except OutsideSite:
        return None
    return path if path.is_file() else None
