"""A top-level sitemap index over several builds (versions, languages, a blog and its docs).

Entries (a listed index gives its shards) must live under the index's own directory.
"""

from __future__ import annotations

import datetime as dt
import gzip
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from sitemap_core._config import PROTOCOL_MAX_URLS
from sitemap_core._errors import SitemapError
from sitemap_core._files import (
    ENTRY_NAMES,
    GZIP_LEVEL,
    INDEX_FOOTER,
    INDEX_HEADER,
    FileProblem,
    entry_file,
    index_block,
    is_ours,
    read_entries,
    read_whole,
)
from sitemap_core._html import inspect_html
from sitemap_core._sites._versions import Version, version_sibling
from sitemap_core._util.text import short
from sitemap_core._values import (
    OutsideSite,
    check_lastmod,
    check_loc,
    encode_iri,
    served_file,
    site_path,
    unquoted_path,
)

#: Names looked for in a build's output directory: the entry names less ``sitemap_index.xml``
#: (the index over builds itself; indexes cannot be nested).
BUILD_ENTRY_NAMES = tuple(name for name in ENTRY_NAMES if name != "sitemap_index.xml")


@dataclass(frozen=True, slots=True)
class IndexItem:
    """One ``<sitemap>`` of the index.

    :param loc: the sitemap's absolute URL.
    :param lastmod: the newest lastmod inside it (W3C Datetime as written), or ``None``.
    """

    loc: str
    lastmod: str | None


def entry_sitemap(path: Path) -> Path:
    """The sitemap to list for ``path``: the file itself, or a build directory's entry file.

    :raises SitemapError: a directory without any of :data:`BUILD_ENTRY_NAMES`.
    """
    if not path.is_dir():
        return path
    found = entry_file(path, BUILD_ENTRY_NAMES)
    if found is None:
        raise SitemapError(f"{path} holds no sitemap (looked for {', '.join(BUILD_ENTRY_NAMES)})")
    return found


def items_for(
    sitemap: Path, index_dir: Path, base_url: str, warn: Callable[[str], None] | None = None
) -> list[IndexItem]:
    """Index entries for one sitemap file under ``index_dir`` (served at ``base_url``); a
    listed index gives its shards. Lastmod: the newest inside, else the index's valid one.

    :raises SitemapError: outside ``index_dir``, missing, unreadable, or a nested index's
        shard outside ``base_url``, missing or an index itself.
    """
    try:
        rel = sitemap.resolve().relative_to(index_dir.resolve())
    except ValueError:
        raise SitemapError(
            f"{sitemap} is outside the index's directory {index_dir}; a sitemap index may only "
            "list sitemaps under its own location (the protocol's scope rule)"
        ) from None
    if not sitemap.is_file():
        raise SitemapError(f"{sitemap} does not exist")
    loc = base_url + "/".join(_quote(part) for part in rel.parts)
    kind, values = _read(sitemap)
    if kind != "index":
        return [IndexItem(loc, values[0][1] if values else None)]
    items = []
    for child, lastmod in values:
        shard = _shard_file(sitemap, child, index_dir, base_url)
        shard_kind, shard_values = _read(shard)
        if shard_kind == "index":
            raise SitemapError(
                f"{sitemap} lists {child}, which is itself a sitemap index; indexes cannot be "
                "nested"
            )
        if shard_values:
            items.append(IndexItem(child, shard_values[0][1]))
            continue
        if lastmod is not None and check_lastmod(lastmod)[1] is not None:
            if warn is not None:
                warn(
                    f"{sitemap}: the lastmod of {child} is not a W3C Datetime "
                    f"({short(lastmod)}); it is left out"
                )
            lastmod = None
        items.append(IndexItem(child, lastmod))
    return items


def _shard_file(index: Path, child: str, index_dir: Path, base_url: str) -> Path:
    """The file behind a listed index's ``<loc>``.

    :raises SitemapError: outside ``base_url`` or ``index_dir``, or missing.
    """
    if not child.startswith(base_url):
        raise SitemapError(
            f"{index} lists {child}, which is outside {base_url}; an index may only "
            "list sitemaps under its own location"
        )
    try:
        path = site_path(index_dir, unquoted_path(base_url, child))
    except OutsideSite:
        raise SitemapError(
            f"{index} lists {child}, which is outside the index's directory {index_dir}; an "
            "index may only list sitemaps under its own location"
        ) from None
    if not path.is_file():
        raise SitemapError(f"{index} lists {child}, but {path} does not exist")
    if path.resolve() == index.resolve():
        raise SitemapError(f"{index} lists itself ({child}); indexes cannot be nested")
    return path


def _checked(item: IndexItem, warn: Callable[[str], None] | None) -> IndexItem:
    loc, problems = check_loc(item.loc)
    errors = [message for severity, _code, message in problems if severity == "error"]
    if loc is None or errors:
        raise SitemapError(f"cannot list {short(item.loc)}: {'; '.join(errors)}")
    lastmod = item.lastmod
    if lastmod is not None and check_lastmod(lastmod)[1] is not None:
        if warn is not None:
            warn(f"the lastmod of {loc} is not a W3C Datetime ({short(lastmod)}); left out")
        lastmod = None
    return IndexItem(loc, lastmod.strip() if lastmod else None)


def folder_url(base_url: str, name: str) -> str:
    """The URL of the folder ``name`` under ``base_url`` (a version's, an alias's)."""
    return f"{base_url}{_quote(name)}/"


def _quote(part: str) -> str:
    return encode_iri(part).replace("?", "%3F").replace("#", "%23")


def _read(path: Path) -> tuple[str, list[Any]]:
    """``("urlset", [(moment, text)])``: the newest valid lastmod (or none), or
    ``("index", [(loc, lastmod), ...])`` with each loc checked.
    """
    kind, entries = read_entries(path)
    if kind == "index":
        return kind, [(loc, lastmod) for raw, lastmod in entries if (loc := check_loc(raw)[0])]
    best: tuple[dt.datetime, str] | None = None
    for _loc, text in entries:
        if text is None:
            continue
        moment, problem = check_lastmod(text)
        if moment is not None and problem is None and (best is None or moment > best[0]):
            best = (moment, text)
    return kind, [best] if best else []


def index_body(items: Sequence[IndexItem], warn: Callable[[str], None] | None = None) -> bytes:
    """The index's bytes, duplicates once; an invalid lastmod is dropped (``warn``).

    :raises SitemapError: nothing to list, an invalid ``loc``, or more than 50,000 sitemaps.
    """
    items = [_checked(item, warn) for item in items]
    unique = list({item.loc: item for item in items}.values())
    if not unique:
        raise SitemapError("no sitemaps to list in the index")
    if len(unique) > PROTOCOL_MAX_URLS:
        raise SitemapError(f"{len(unique):,} sitemaps; an index may list at most 50,000")
    body = "".join(index_block(item.loc, item.lastmod) for item in unique)
    return (INDEX_HEADER + body + INDEX_FOOTER).encode()


def canonical_alias(version: Version, sitemap: Path, index_dir: Path, base_url: str) -> str | None:
    """The alias folder that ``version``'s pages name as canonical (mike's
    ``canonical_version``: ``latest``), read from the first page its sitemap lists; ``None``
    when its pages are their own canonical URLs."""
    kind, values = read_entries(sitemap)
    if kind == "index":
        if not values:
            return None
        sitemap = _shard_file(sitemap, values[0][0], index_dir, base_url)
        kind, values = read_entries(sitemap)
    if not values:
        return None
    loc = values[0][0].strip()
    own = folder_url(base_url, version.version)
    page = served_file(index_dir, base_url, loc)
    if page is None:
        return None
    try:
        facts = inspect_html(page)
    except (OSError, ValueError):
        return None
    if facts.canonical is None:
        return None
    sibling = version_sibling(urljoin(loc, facts.canonical), loc, own, versioned=True)
    return sibling if sibling in version.aliases else None


def rebased_items(
    sitemap: Path, copies: Path, base_url: str, moves: tuple[str, str], files: dict[Path, bytes]
) -> list[IndexItem]:
    """Copies of ``sitemap`` (each shard of an index) planned into ``files``, every URL moved
    as ``moves`` says (old, new: ``…/3.0/x`` becomes ``…/latest/x``), alternates alike.

    :param copies: the copies' path less ``.xml`` (``-1.xml``... for shards), beside the index.
    :raises SitemapError: a sitemap not written by ssg-sitemap (only our files are rewritten),
        or unreadable.
    """
    kind, values = _read(sitemap)
    sources = (
        [_shard_file(sitemap, child, copies.parent, base_url) for child, _lastmod in values]
        if kind == "index"
        else [sitemap]
    )
    items = []
    for number, source in enumerate(sources, 1):
        if not is_ours(source):
            raise SitemapError(
                f"{source} was not written by ssg-sitemap; only our own sitemaps are moved to "
                "the canonical folder"
            )
        name = f"{copies.name}.xml" if len(sources) == 1 else f"{copies.name}-{number}.xml"
        files[copies.parent / name] = _moved(sitemap_bytes(source)[0], *moves)
        newest = _read(source)[1]  # moving the URLs leaves their lastmods
        items.append(IndexItem(base_url + _quote(name), newest[0][1] if newest else None))
    return items


def _moved(body: bytes, old: str, new: str) -> bytes:
    """``body`` (a sitemap of ours) with every ``<loc>`` and ``href`` under ``old`` moved under
    ``new``."""
    old_b, new_b = (url.replace("&", "&amp;").encode() for url in (old, new))
    body = body.replace(b"<loc>" + old_b, b"<loc>" + new_b)
    return body.replace(b'href="' + old_b, b'href="' + new_b)


def sitemap_bytes(path: Path) -> tuple[bytes, bool]:
    """A sitemap file's bytes, decompressed, and whether it was gzip.

    :raises SitemapError: missing, unreadable, too large or broken gzip, named.
    """
    try:
        return read_whole(path)
    except FileProblem as exc:
        raise SitemapError(f"{path} {exc.message}") from None


def rebase_in_place(folder: Path, moves: tuple[str, str], files: dict[Path, bytes]) -> None:
    """Plan into ``files`` our sitemaps in ``folder`` (an alias folder that is a copy, mike's
    ``alias_type: copy``), their URLs moved as ``moves`` says (one moved already, as it is)."""
    for path in sorted(folder.iterdir()):
        if not path.name.endswith((".xml", ".xml.gz")) or path.is_symlink() or not is_ours(path):
            continue
        body, compressed = sitemap_bytes(path)
        moved = _moved(body, *moves)
        if moved == body:  # moved already: as it is, still recorded
            files[path] = path.read_bytes()
        else:  # packed as the writer packs: no name, a fixed time (a rerun is byte-identical)
            files[path] = gzip.compress(moved, GZIP_LEVEL, mtime=0) if compressed else moved
