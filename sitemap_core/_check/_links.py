"""The site's internal links: which page links which, the click depth from the home page
(what they say against the sitemap: :mod:`._link_report`).

Local and live checks key a page by its path under the base URL (``x/index.html`` is ``x/``)
and find one graph; pages are integer ids, links ``array('I')`` of ids, not strings.
"""

from __future__ import annotations

import html
import os
import re
from array import array
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import repeat
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from sitemap_core._html_sitemap import END, START
from sitemap_core._values import (
    OutsideSite,
    is_page_file,
    remove_dot_segments,
    site_served_file,
    unquoted_path,
    without_index,
)

#: An ``<a href>``'s value: a byte scan is some ten times faster than an HTML parser here and
#: reads the same links in generated HTML (measured in benchmarks/check_links.py).
_HREF = re.compile(rb"""<a\s[^>]*?\bhref\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)""", re.I)
_SKIP = ("mailto:", "javascript:", "tel:", "data:")
#: Around a filled site map page's list of every page: nobody's link (as the build counts).
_LIST = (START.encode(), END.encode())
_UP = (b'"../', b"'../", b"../")
#: Hrefs (all folders' together) and links remembered before the caches start over.
HREF_CACHE = 1 << 16
#: The findings' codes.
_TO = ("link-broken", "link-redirect", "link-excluded", "unlisted-linked")
LINK_CODES = frozenset(("orphan", "unreachable", "depth", *_TO))
#: Click depth past which a page is named (``--max-depth``).
MAX_DEPTH = 4

# What is at a link's target.
PAGE, MISSING, REDIRECT, EXCLUDED, OTHER, UNKNOWN = range(6)
#: ``report_page_facts``'s and the live check's verdicts, as the kind of page a link finds.
_VERDICTS = dict.fromkeys(("page-404", "page-error", "http-status", "page-missing"), MISSING)
_VERDICTS |= {"page-redirect": REDIRECT, "http-redirect": REDIRECT}


@dataclass(frozen=True)
class LinkOptions:
    """How ``check`` reads internal links: at all (``--no-links``), clicks from the home page
    past which a page is named (``--max-depth``), orphans are errors (``--fail-orphans``)."""

    enabled: bool = True
    max_depth: int = MAX_DEPTH
    fail_orphans: bool = False


def kind_of(verdict: tuple[str, str] | None) -> int:
    """The kind of page a check's verdict on it makes (``None``: a page fit to list)."""
    return PAGE if verdict is None else _VERDICTS.get(verdict[1], EXCLUDED)


@dataclass
class LinkGraph:
    """Pages (ids) and the links between them.

    :param base_url: the URL the site is served at.
    :param locate: a link's absolute URL (no fragment or query) to its page key and what is
        there (:data:`PAGE`, :data:`MISSING`, :data:`REDIRECT`, :data:`OTHER` for a file that
        is no page, :data:`UNKNOWN` until it is asked).
    """

    base_url: str
    locate: Callable[[str], tuple[str, int]]
    keys: list[str] = field(default_factory=list)
    ids: dict[str, int] = field(default_factory=dict)
    kinds: bytearray = field(default_factory=bytearray)
    listed: bytearray = field(default_factory=bytearray)
    #: Where each page's run of links starts in ``dst``, and its length.
    starts: array[int] = field(default_factory=lambda: array("I"))
    counts: array[int] = field(default_factory=lambda: array("I"))
    dst: array[int] = field(default_factory=lambda: array("I"))
    _targets: dict[str, int] = field(default_factory=dict)
    #: Each folder's hrefs (its pages share their navigation), those that climb (``../x/``) by
    #: the folder above: the same link from each folder beside this one (a full navigation's).
    _hrefs: dict[str, dict[bytes, int]] = field(default_factory=dict)
    _climbs: dict[str, dict[bytes, int]] = field(default_factory=dict)
    _cached: int = 0
    depths: list[int] | None = None
    _inbound: list[int] | None = None
    _host: str = ""

    def __post_init__(self) -> None:
        self._host = self.base_url[: self.base_url.index("/", self.base_url.index("//") + 2)]

    def node(self, key: str, kind: int = UNKNOWN) -> int:
        """The id of the page ``key`` (its path under the base URL), made on first sight."""
        found = self.ids.get(key)
        if found is None:
            found = self.ids[key] = len(self.keys)
            self.keys.append(key)
            self.kinds.append(kind)
            self.listed.append(0)
            self.starts.append(0)
            self.counts.append(0)
        return found

    def page(self, key: str, url: str, body: bytes, verdict: tuple[str, str] | None) -> None:
        """A listed page, its verdict and its body (whose links are read)."""
        page = self.node(key)
        self.kinds[page] = kind_of(verdict)
        if self.listed[page]:
            return  # read already (``x`` and ``x?v=1`` are one page)
        self.listed[page] = 1
        start = body.find(_LIST[0])
        if start >= 0 and (end := body.find(_LIST[1], start)) >= 0:
            body = body[:start] + body[end:]
        parts = urlsplit(url)
        folder = parts.path[: parts.path.rfind("/") + 1] or "/"
        if self._cached + len(self._targets) > HREF_CACHE:  # bounded in all, not per folder
            self._hrefs, self._climbs, self._targets, self._cached = {}, {}, {}, 0
        own = self._hrefs.setdefault(folder, {})
        up = self._climbs.setdefault(folder[: folder.rfind("/", 0, -1) + 1] or "/", {})
        found = set(_HREF.findall(body))
        # The climbing hrefs known above, looked up in C (-2: not known there).
        targets = set(map(up.get, found, repeat(-2)))
        if -2 in targets:
            for href in found.difference(up):
                hrefs = up if href.startswith(_UP) else own
                target = hrefs.get(href)
                if target is None:
                    target = hrefs[href] = self._target(href, url, folder)
                    self._cached += 1
                targets.add(target)
        targets -= {-1, -2, page}
        self.starts[page], self.counts[page] = len(self.dst), len(targets)
        self.dst.extend(sorted(targets))

    def _target(self, href: bytes, url: str, folder: str) -> int:
        """The page an href of the page at ``url`` in ``folder`` (its path) names (-1: none)."""
        text = href.strip(b"\"' \t\r\n").decode("utf-8", "replace")
        if "&" in text:
            text = html.unescape(text)
        if "#" in text or "?" in text:
            text = text.partition("#")[0].partition("?")[0]
        if ":" in text or text[:2] == "//":
            if text.startswith(_SKIP):
                return -1  # mail
            link = urljoin(url, text)
        elif not text:
            return -1  # ``#top``, ``?page=2``: this page
        else:
            # A path (most links): joined here, ten times faster than urljoin.
            while text[:3] == "../" and folder != "/":  # the usual ../x: no split and join
                text, folder = text[3:], folder[: folder.rfind("/", 0, -1) + 1]
            if text[:1] != "/":
                text = folder + text
            link = self._host + (remove_dot_segments(text) if "/." in text else text)
        target = self._targets.get(link)
        if target is None:
            if not (link.startswith(self.base_url) or link + "/" == self.base_url):
                target = -1  # another site, or above this one
            else:
                found, kind = self.locate(link)
                target = self.node(found, kind)
                if self.kinds[target] == UNKNOWN and kind != UNKNOWN:
                    self.kinds[target] = kind
            self._targets[link] = target
        return target

    def unknown(self) -> Iterator[tuple[int, str]]:
        """Linked pages not listed whose kind is still to be asked: ``(id, URL)``."""
        for page, kind in enumerate(self.kinds):
            if kind == UNKNOWN and not self.listed[page]:
                yield page, self.base_url + self.keys[page]

    def links(self) -> Iterator[tuple[int, int]]:
        """Every link: ``(source, target)`` ids."""
        for source, start in enumerate(self.starts):
            for target in self.dst[start : start + self.counts[source]]:
                yield source, target

    def inbound(self) -> list[int]:
        """Each page's count of pages linking it (counted once: the build asks it thrice)."""
        if self._inbound is None:
            counted = Counter(self.dst)  # counted in C: a loop over a million links is slow
            self._inbound = [counted[page] for page in range(len(self.keys))]
        return self._inbound

    def orphans(self) -> set[int]:
        """The listed pages, the home page aside, that no page links: ``orphan``'s one rule."""
        linked = self.inbound()
        return {p for p, key in enumerate(self.keys) if self.listed[p] and key and not linked[p]}

    def click_depths(self) -> list[int]:
        """Clicks from the home page to each page (-1: not reachable), by breadth first."""
        if self.depths is not None:
            return self.depths
        depths = [-1] * len(self.keys)
        starts, counts, dst = self.starts, self.counts, self.dst
        home = self.ids.get("")
        if home is not None:
            depths[home] = 0
            queue = [home]
            for page in queue:  # the queue grows as it is read
                # Each page's links are one run of dst (read once, in any order).
                for target in dst[starts[page] : starts[page] + counts[page]]:
                    if depths[target] < 0:
                        depths[target] = depths[page] + 1
                        queue.append(target)
        self.depths = depths
        return depths

    def depth_table(self) -> list[tuple[str, int]]:
        """``(depth, listed pages)`` rows, then ``("unreachable", n)``."""
        counts = Counter(d for page, d in enumerate(self.click_depths()) if self.listed[page])
        rows = [(str(d), n) for d, n in sorted(counts.items()) if d >= 0]
        return [*rows, ("unreachable", counts[-1])]

    def as_dict(self) -> dict[str, object]:
        """Nodes (URL, depth, listed, in/out counts) and edges as id pairs, ids by URL order."""
        order = sorted(range(len(self.keys)), key=self.keys.__getitem__)
        new = {old: i for i, old in enumerate(order)}
        depths, ins, outs = self.click_depths(), self.inbound(), self.counts
        names = ("page", "missing", "redirect", "excluded", "other", "unknown")
        return {
            "nodes": [
                {
                    "id": new[old],
                    "url": self.base_url + self.keys[old],
                    "depth": depths[old] if depths[old] >= 0 else None,
                    "listed": bool(self.listed[old]),
                    "kind": names[self.kinds[old]],
                    "in": ins[old],
                    "out": outs[old],
                }
                for old in order
            ],
            "edges": sorted([new[s], new[d]] for s, d in self.links()),
        }


def local_locate(site_dir: Path, base_url: str) -> Callable[[str], tuple[str, int]]:
    """``locate`` for a built folder: the file a static host serves for the link."""
    root = str(site_dir) + os.sep

    def locate(link: str) -> tuple[str, int]:
        rel = link_key(base_url, link)
        if is_page_file(rel) and "/.." not in "/" + rel and os.path.isfile(root + rel):  # noqa: PTH113
            # A page's file by its name (most links): its head is read safely later.
            return rel, UNKNOWN
        try:
            found = site_served_file(site_dir, base_url, link)
        except OutsideSite:
            found = None
        if found is None:
            return rel, MISSING
        key = without_index(found.relative_to(site_dir).as_posix())
        if not is_page_file(found.name):
            return key, OTHER
        if key.endswith("/") and not (rel.endswith("/") or rel == ""):
            return rel, REDIRECT  # x for x/: static hosts answer with a redirect to x/
        return key, UNKNOWN

    return locate


def link_key(base_url: str, url: str) -> str:
    """A URL's page key: its unquoted path under the base URL, a final index name dropped."""
    return without_index(unquoted_path(base_url, url))
