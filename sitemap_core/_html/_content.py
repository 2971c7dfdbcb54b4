"""A built page's own content, told from the theme's chrome (for images and Markdown twins).

The content is the page's ``<main>``/``<article>`` (or ``role="main"``, ``id="content"``,
``id="main"``), else the body; ``<header>``, ``<nav>``, ``<footer>``, ``<aside>`` and emoji
and icon glyphs (``img.twemoji``, ``img.emojione``, ``img.emoji``, ``span.twemoji``) are out.
"""

from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser
from urllib.parse import urljoin

from sitemap_core._html._inspect import declared_charset

CONTENT_KIND, CHROME_KIND = 1, 2
_CONTENT, _CONTENT_IDS = frozenset({"main", "article"}), ("content", "main")
_CHROME = frozenset({"header", "nav", "footer", "aside"})
#: Classes of emoji and icon images (pymdownx.emoji, Material's icon spans, GitHub-style
#: renderers): glyphs in the text, not the page's images.
_GLYPH_CLASSES = frozenset({"twemoji", "emojione", "emoji", "gemoji"})
VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
     "track", "wbr"}
)  # fmt: skip
#: Never text of the page: scripts, styles, and the permalink anchors beside headings
#: (MkDocs' and Sphinx's ``a.headerlink``).
_DROPPED = frozenset({"script", "style", "template", "noscript", "button"})
_URL_ATTRS = frozenset({"href", "src"})


def glyph(values: dict[str, str | None]) -> bool:
    """Whether an element is an emoji or icon glyph (or holds one), by its classes."""
    return not _GLYPH_CLASSES.isdisjoint((values.get("class") or "").split())


def element_kind(tag: str, attrs: list[tuple[str, str | None]]) -> int:
    """:data:`CONTENT_KIND` for the page's content, :data:`CHROME_KIND` for the theme's
    (or a glyph), else 0."""
    if tag in _CONTENT or any(
        (name == "role" and value == "main") or (name == "id" and value in _CONTENT_IDS)
        for name, value in attrs
    ):
        return CONTENT_KIND
    if tag in _CHROME or glyph(dict(attrs)):
        return CHROME_KIND
    return 0


class _ContentParser(HTMLParser):
    """Writes the HTML of the content elements (and of the body outside the chrome, for a
    page without any), links made absolute against the page's URL."""

    def __init__(self, loc: str) -> None:
        super().__init__(convert_charrefs=False)
        self.base = loc
        self.open: list[tuple[str, int]] = []
        self.content_depth = 0
        self.skip_depth = 0
        self.in_body = False
        self.seen_content = False
        self.content: list[str] = []
        self.body: list[str] = []
        #: Where the last content element may start (line, column): the parse ends there.
        self.last: tuple[int, int] | None = None

    def _emit(self, text: str) -> None:
        if self.skip_depth or not self.in_body:
            return
        self.body.append(text)
        if self.content_depth:
            self.content.append(text)

    def _tag(self, tag: str, attrs: list[tuple[str, str | None]], close: str) -> str:
        parts = [tag]
        for name, value in attrs:
            if value is None:
                parts.append(name)
                continue
            if name in _URL_ATTRS and not value.startswith("#"):
                value = urljoin(self.base, value.strip())
            parts.append(f'{name}="{escape(value)}"')
        return f"<{' '.join(parts)}{close}>"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "base" and self.base:
            href = dict(attrs).get("href")
            self.base = urljoin(self.base, href) if href else self.base
        if tag == "body":
            self.in_body = True
            return
        if tag in VOID:
            if not glyph(dict(attrs)):
                self._emit(self._tag(tag, attrs, ""))
            return
        kind = element_kind(tag, attrs)
        dropped = tag in _DROPPED or "headerlink" in (dict(attrs).get("class") or "").split()
        if kind == CHROME_KIND or dropped:
            self.open.append((tag, CHROME_KIND))
            self.skip_depth += 1
            return
        self.open.append((tag, kind))
        if kind == CONTENT_KIND:
            self.content_depth += 1
            self.seen_content = True
        self._emit(self._tag(tag, attrs, ""))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("body", "html"):
            self.in_body = False
        if not any(name == tag for name, _kind in self.open):
            return  # a stray end tag (or </body>)
        closed = False
        while self.open:
            name, kind = self.open.pop()
            if kind == CHROME_KIND:
                self.skip_depth -= 1
            else:
                self._emit(f"</{name}>")
                if kind == CONTENT_KIND:
                    self.content_depth -= 1
                    closed = True
            if name == tag:
                break
        if closed and not self.content_depth and self.last and self.getpos() > self.last:
            raise _Done

    def handle_data(self, data: str) -> None:
        self._emit(escape(data, quote=False) if self.cdata_elem is None else data)

    def handle_entityref(self, name: str) -> None:
        self._emit(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self._emit(f"&#{name};")


#: What the parser would drop whole, cut out of the text before it reads it: comments,
#: scripts, styles. A theme's navigation is found by :func:`_without_navs`.
_DROPPED_TEXT = re.compile(
    r"<!--.*?-->|<script\b.*?</script\s*>|<style\b.*?</style\s*>", re.S | re.I
)
_NAV_TAG = re.compile(r"<(/?)nav(?=[\s>/])", re.I)
#: Where a content element may start, in the lowered text (``element_kind``'s rule, one
#: pattern each: a literal head is quick to find); generous, as a false hit costs only time.
_HINTS = (
    *(re.compile(rf"<{tag}[\s>/]") for tag in sorted(_CONTENT)),
    re.compile(r"role\s*=\s*[\"']?main\b"),
    re.compile(rf"id\s*=\s*[\"']?(?:{'|'.join(_CONTENT_IDS)})\b"),
)
_BODY = re.compile(r"<body[\s>/]")
#: Not to be open where the parse starts late: what the parser skips whole (and no <base>).
_HELD = re.compile(rf"<(/?)({'|'.join(sorted(_CHROME | _DROPPED | {'base'}))})[\s>/]")


class _Done(Exception):
    """The last content element has closed."""


def _without_navs(text: str) -> str:
    """``text`` less its outermost ``<nav>`` elements, which the parser would skip whole.

    Material repeats the site's navigation in every page: cut first, a twin costs 6 ms, not
    50 (benchmarks/llms_txt.py). An unclosed ``<nav>`` is left to the parser.
    """
    out: list[str] = []
    depth, start, kept = 0, 0, 0
    for match in _NAV_TAG.finditer(text):
        if not match.group(1):
            if depth == 0:
                start = match.start()
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                end = text.find(">", match.end())
                if end < 0:
                    break
                out.append(text[kept:start])
                kept = end + 1
    out.append(text[kept:])
    return "".join(out)


def _late_start(lower: str, first: int, fragment: bool) -> int:
    """Where the parse may start instead of the top: the tag of the first content hint, when
    the body is open there and no ``<base>`` nor element the parser skips whole is; else 0.
    The chrome before the content (a navbar that is no ``<nav>``, every page) goes unparsed."""
    at = lower.rfind("<", 0, first + 1)
    depth: dict[str, int] = {}
    for match in _HELD.finditer(lower, 0, at):  # one pass: quicker than a count per name
        depth[match.group(2)] = depth.get(match.group(2), 0) + (-1 if match.group(1) else 1)
    return (
        0 if at <= 0 or any(depth.values()) or not (fragment or _BODY.search(lower, 0, at)) else at
    )


def _parse(text: str, loc: str, start: int, last: int | None, in_body: bool) -> _ContentParser:
    parser = _ContentParser(loc)
    parser.in_body = in_body
    if last is not None:  # as the parser counts: line, column
        newline = text.rfind("\n", start, last)
        column = last - (newline + 1 if newline >= 0 else start)
        parser.last = (text.count("\n", start, last) + 1, column)
    try:
        parser.feed(text[start:] if start else text)
        parser.close()
    except _Done:
        pass
    return parser


def content_html(data: bytes, loc: str) -> str:
    """The HTML of a built page's own content (see the module's rule), its ``href`` and
    ``src`` made absolute against ``loc``, the page's URL.

    :param data: the page's bytes.
    """
    text = data.decode(declared_charset(data[:65536]) or "utf-8", "replace")
    fragment = "<body" not in text.lower()  # as some generators' pages are
    text = _without_navs(_DROPPED_TEXT.sub("", text))
    lower = text.lower()
    hints = (
        [m.start() for p in _HINTS for m in p.finditer(lower)] if len(lower) == len(text) else []
    )
    start = _late_start(lower, min(hints), fragment) if hints else 0
    last = max(hints) if hints else None
    parser = _parse(text, loc, start, last, fragment or start > 0)
    if start and not parser.seen_content:  # the hint was none: the whole body is the content
        parser = _parse(text, loc, 0, last, fragment)
    return "".join(parser.content if parser.seen_content else parser.body)
