"""``LinkGraph`` remembers hrefs per folder and, for those that climb (``../x/``), by the
folder above: sibling folders share them, and the links found are the links a plain
``urljoin`` finds, the caches bounded or not."""

from __future__ import annotations

from urllib.parse import urljoin

import pytest

from sitemap_core._check import _links
from sitemap_core._check._links import UNKNOWN, LinkGraph, link_key

BASE = "https://example.org/"
#: Every page has the same hrefs (as written, quotes and all): each a different link from each
#: folder, but the climbing ones are the same from sibling folders (``a/x/`` and ``a/y/``).
HREFS: tuple[str, ...] = (
    '"p/"',
    "'./p/'",
    "../q/",
    '"../q/"',
    "'../q/'",
    '"../../r/"',
    '"../../../s/"',
)
HREFS += ('"../u:v"', '"../"', "p")
PAGES = ("", "a/x/", "a/y/", "b/z/", "a/", "a/x/deep/")


def graph_of(keys: tuple[str, ...]) -> dict[str, set[str]]:
    graph = LinkGraph(BASE, lambda link: (link_key(BASE, link), UNKNOWN))
    for key in keys:
        body = "".join(f"<a href={href}>l</a>" for href in HREFS)
        graph.page(key, BASE + key, body.encode(), None)
    edges: dict[str, set[str]] = {}
    for src, dst in graph.links():
        edges.setdefault(graph.keys[src], set()).add(graph.keys[dst])
    return edges


def expected(keys: tuple[str, ...]) -> dict[str, set[str]]:
    found = {}
    for key in keys:
        links = {urljoin(BASE + key, h.strip("'\"")) for h in HREFS}
        found[key] = {link_key(BASE, u) for u in links if u.startswith(BASE)} - {key}
    return found


@pytest.mark.parametrize("bound", [_links.HREF_CACHE, 3])
def test_hrefs_shared_by_sibling_folders_find_each_page_its_own_links(
    bound: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_links, "HREF_CACHE", bound)
    assert graph_of(PAGES) == expected(PAGES)
    assert graph_of(PAGES[::-1]) == expected(PAGES)
