"""A built page's own images, for ``<image:image>`` entries (``images: true``).

Images of the content only (the rule of ``_content.py``), ``og:image`` first; each absolute,
http(s), at most 2,047 characters, once; at most 1,000 a page, from its first
:data:`MAX_READ` bytes. The build and ``check`` share it (:func:`image_problem`).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from sitemap_core._html._content import CHROME_KIND, CONTENT_KIND, VOID, element_kind, glyph
from sitemap_core._html._inspect import declared_charset
from sitemap_core._util.regular import open_regular
from sitemap_core._util.text import short
from sitemap_core._values import MAX_LOC_LENGTH, encode_iri

IMAGE_NS = "http://www.google.com/schemas/sitemap-image/1.1"
#: Google reads at most this many ``<image:image>`` per ``<url>``.
MAX_IMAGES = 1000
#: Bytes of a page read for its images.
MAX_READ = 4 * 1024 * 1024
#: What a page with images has somewhere: an ``<img`` tag or an ``og:image`` property.
_ANY_IMAGE = re.compile(rb"<img|og:image", re.IGNORECASE)


class _ImageParser(HTMLParser):
    """Collects ``<img src>`` inside and outside the content elements, and ``og:image``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        #: Open elements: ``(tag, kind)``, kind 1 for content, 2 for the theme's chrome.
        self.open: list[tuple[str, int]] = []
        self.content_depth = 0
        self.chrome_depth = 0
        self.seen_content = False
        self.in_content: list[str] = []
        self.outside_chrome: list[str] = []
        self.og: list[str] = []
        self.base: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            values = dict(attrs)
            src = None if glyph(values) else _source(values)
            if src and not self.chrome_depth:
                self.outside_chrome.append(src)
                if self.content_depth:
                    self.in_content.append(src)
            return
        if tag == "meta":
            values = dict(attrs)
            prop = (values.get("property") or values.get("name") or "").lower()
            if prop in ("og:image", "og:image:url", "og:image:secure_url") and values.get(
                "content"
            ):
                self.og.append(str(values["content"]).strip())
            return
        if tag == "base" and self.base is None:
            self.base = dict(attrs).get("href")
            return
        if tag in VOID:
            return
        kind = element_kind(tag, attrs)
        self.open.append((tag, kind))
        if kind == CONTENT_KIND:
            self.content_depth += 1
            self.seen_content = True
        elif kind == CHROME_KIND:
            self.chrome_depth += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("img", "meta", "base"):
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if not any(name == tag for name, _kind in self.open):
            return  # a stray end tag
        # Close everything opened since (HTML leaves many end tags out).
        while self.open:
            name, kind = self.open.pop()
            if kind == CONTENT_KIND:
                self.content_depth -= 1
            elif kind == CHROME_KIND:
                self.chrome_depth -= 1
            if name == tag:
                break


def _source(values: dict[str, str | None]) -> str | None:
    """An ``<img>``'s image: ``src``, or a lazy loader's ``data-src`` when ``src`` is a
    placeholder (a ``data:`` URI or nothing)."""
    src = (values.get("src") or "").strip()
    if not src or src.startswith("data:"):
        src = (values.get("data-src") or "").strip()
    return src or None


def page_images(path: Path, loc: str) -> tuple[str, ...]:
    """The page's own images, absolute and in page order (``og:image`` first).

    :param path: the built page.
    :param loc: the page's URL (relative image URLs are resolved against it).
    :raises OSError: the file cannot be read.
    """
    with open_regular(path) as handle:
        data = handle.read(MAX_READ)
    return images_in(data, loc)


def images_in(data: bytes, loc: str) -> tuple[str, ...]:
    """:func:`page_images` of a page's bytes."""
    if _ANY_IMAGE.search(data) is None:
        return ()  # most pages of a docs site: no parse at all
    parser = _ImageParser()
    parser.feed(data.decode(declared_charset(data[:65536]) or "utf-8", "replace"))
    parser.close()
    body = parser.in_content if parser.seen_content else parser.outside_chrome
    base = urljoin(loc, parser.base) if parser.base else loc
    found: dict[str, None] = {}
    for src in (*parser.og, *body):
        url = _absolute(base, src)
        if url is not None:
            found.setdefault(url, None)
            if len(found) >= MAX_IMAGES:
                break
    return tuple(found)


def _absolute(base: str, src: str) -> str | None:
    try:
        url = encode_iri(urljoin(base, src.strip()).partition("#")[0])
    except ValueError:
        return None
    return url if image_problem(url) is None else None


def image_problem(url: str) -> str | None:
    """What is wrong with an ``<image:loc>`` value, or ``None``: absolute http(s), no
    spaces or control characters, shorter than 2,048 characters, no user credentials, a
    valid port."""
    if not url.startswith(("http://", "https://")) or len(url.split("/", 3)[2]) == 0:
        return "is not an absolute http(s) URL"
    if len(url) > MAX_LOC_LENGTH:
        return f"is longer than {MAX_LOC_LENGTH:,} characters"
    if any(c.isspace() or ord(c) < 32 for c in url):
        return "contains spaces or control characters"
    if "@" in url.split("/", 3)[2]:
        return "must not contain user credentials"
    try:
        _port = urlsplit(url).port  # raises for a port that is no number 0-65535
    except ValueError:
        return "has an invalid port"
    return None


def checked_images(value: object) -> tuple[str, ...]:
    """Image URLs given by code (a ``sitemap_transform``), held to the page images' rule.

    :return: the URLs encoded, each once, in their order.
    :raises ValueError: not a list or tuple of strings, an URL :func:`image_problem` refuses,
        more than :data:`MAX_IMAGES`.
    """
    if not isinstance(value, (tuple, list)):
        raise ValueError(f"{short(value)} is not a tuple of image URLs")
    found: dict[str, None] = {}
    for item in value:
        if not isinstance(item, str):
            raise ValueError(f"{short(item)} is not an image URL")
        url = encode_iri(item.strip())
        why = image_problem(url)
        if why is not None:
            raise ValueError(f"{short(item)} {why}")
        found.setdefault(url, None)
    if len(found) > MAX_IMAGES:
        raise ValueError(
            f"more than {MAX_IMAGES:,} images ({len(found):,}); Google reads {MAX_IMAGES:,}"
        )
    return tuple(found)
