"""The two sides ``diff`` compares (a built site's folder, a sitemap file or URL), read into
:class:`Listed`. A folder's pages get content hashes; a URL is read with the live check's
client (one origin, capped, bounded in time).
"""

from __future__ import annotations

import asyncio
import math
import tempfile
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

from sitemap_core._check import PoliteClient, fetch_entries, origin_of
from sitemap_core._errors import SitemapError
from sitemap_core._files import MAX_ROBOTS, entry_file, read_entries, sitemap_value
from sitemap_core._indexnow import Listed, listed_urls
from sitemap_core._util.regular import read_regular
from sitemap_core._values import served_file

Entries = list[tuple[str, "str | None"]]


def read_side(where: str, *, timeout: float = 120.0) -> dict[str, Listed]:
    """The URLs ``where`` lists, with what is known of each.

    :param where: a folder, a sitemap file, or an http(s) URL of a sitemap (or index).
    :param timeout: seconds for reading a URL, every request together (and each one).
    :raises SitemapError: nothing there, not a sitemap, an answer other than 200...
    """
    if not 0 < timeout < math.inf:  # nan too
        raise SitemapError(f"--timeout: {timeout:g} is not a positive number of seconds")
    if where.lower().startswith(("http://", "https://")):
        if origin_of(where) is None:
            raise SitemapError(f"{where}: not an http(s) URL of a sitemap")
        return _listed(asyncio.run(_fetch_all(where, timeout)))
    path = Path(where)
    if path.is_dir():
        return listed_urls(path, _base_url(path))[0]
    if path.is_file():
        return _listed(_file_entries(path))
    raise SitemapError(
        f"{where}: no such folder or file (each side is a built site's folder, a sitemap "
        "file or the http(s) URL of a sitemap)"
    )


def _listed(entries: Entries) -> dict[str, Listed]:
    # One record per distinct lastmod: they are equal values, and far fewer than the URLs.
    made: dict[str | None, Listed] = {}
    return {
        loc: made.get(lastmod) or made.setdefault(lastmod, Listed(lastmod or None))
        for loc, lastmod in entries
    }


def _file_entries(path: Path) -> Entries:
    """A sitemap file's URLs; an index's sitemaps are found beside it by file name."""
    kind, items = read_entries(path)
    if kind != "index":
        return items
    found: Entries = []
    for loc, _lastmod in items:
        name = unquote(urlsplit(loc).path.rsplit("/", 1)[-1])
        shard = path.parent / name
        # "..%2F" decodes to a path out of the folder, and a link may point anywhere
        beside = "/" not in name and "\\" not in name and name not in ("", ".", "..")
        if not beside or not shard.is_file() or shard.resolve().parent != path.parent.resolve():
            raise SitemapError(f"{path} lists {loc}, which is not a file beside it")
        shard_kind, shard_items = read_entries(shard)
        if shard_kind == "index":
            raise SitemapError(f"{path} lists {loc}, another index; indexes cannot be nested")
        found.extend(shard_items)
    return found


def _base_url(site_dir: Path) -> str:
    """The URL the built site is served at, as its sitemaps tell it: the shortest URL prefix
    under which robots.txt's sitemap, an index's sitemap or a listed page is a file here.

    :raises SitemapError: no sitemap, or none of its URLs is a file of the folder.
    """
    tried: list[str] = []
    robots = site_dir / "robots.txt"
    if robots.is_file():
        text = read_regular(robots, MAX_ROBOTS).decode("utf-8", "replace")
        tried += [v for line in text.splitlines() if (v := sitemap_value(line))]
    entry = entry_file(site_dir)
    if entry is not None:
        _kind, items = read_entries(entry)
        tried += [loc for loc, _lastmod in items[:1]]
    for url in tried:
        for prefix in _prefixes(url):
            if served_file(site_dir, prefix, url) is not None:
                return prefix
    raise SitemapError(
        f"{site_dir} holds no sitemap whose URLs are files of it (build it first, with its "
        "base URL)"
    )


def _prefixes(url: str) -> list[str]:
    """``https://h/a/b/c.html`` → ``https://h/``, ``https://h/a/``, ``https://h/a/b/``."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return []
    if not parts.scheme or not parts.netloc:
        return []
    folders = parts.path.split("/")[1:-1]
    root = f"{parts.scheme}://{parts.netloc}/"
    return [
        root + "".join(f"{name}/" for name in folders[:depth]) for depth in range(len(folders) + 1)
    ]


async def _fetch_all(url: str, timeout: float) -> Entries:
    """The sitemap at ``url``, an index's sitemaps followed on its origin."""
    with tempfile.TemporaryDirectory(prefix="ssg-sitemap-diff-") as tmp:
        async with PoliteClient(
            url, concurrency=1, timeout=timeout, deadline=time.monotonic() + timeout, http2=False
        ) as client:
            return await fetch_entries(client, url, Path(tmp))
