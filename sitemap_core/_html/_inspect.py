"""Read what a built HTML page says about itself: robots noindex, canonical, refresh, title."""

from __future__ import annotations

import codecs
import json
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from sitemap_core._html._head_reader import head_names
from sitemap_core._html._script_redirect import (
    escaped_refresh,
    redirect_title,
    refresh_url,
    script_target,
)
from sitemap_core._util.regular import open_regular

_CHUNK = 65536
#: The head of a page is all we need; stop reading after this much even without ``<body>``.
_MAX_READ = 2 * 1024 * 1024
#: The robots meta names a noindex is read from (any robot, and the two big search engines).
ROBOT_NAMES = ("robots", "googlebot", "bingbot")


@dataclass(frozen=True, slots=True)
class HtmlFacts:
    """What the page's ``<head>`` says, values as written.

    :param noindex: a robots meta tag says ``noindex`` (or ``none``).
    :param canonical: the ``rel=canonical`` href.
    :param refresh: the URL of a ``<meta http-equiv=refresh>`` redirect.
    :param title: the ``<title>`` text.
    :param modified: the page's own modification date (``article:modified_time``,
        ``dateModified``); the first one found.
    :param script_redirect: where a head script, or a ``<noscript>`` refresh, unconditionally
        sends the visitor (:mod:`sitemap_core._html`).
    :param alternates: ``(hreflang, href)`` of each ``<link rel="alternate" hreflang>``, in order.
    :param generator: the ``<meta name="generator">`` content (``zensical-0.0.73``).
    :param description: the ``<meta name="description">`` content, whitespace collapsed.
    """

    noindex: bool = False
    canonical: str | None = None
    refresh: str | None = None
    title: str | None = None
    modified: str | None = None
    script_redirect: str | None = None
    alternates: tuple[tuple[str, str], ...] = ()
    generator: str | None = None
    description: str | None = None


class _Done(Exception):
    pass


class _HeadParser(HTMLParser):
    """The head's facts; with ``scripts`` off, its scripts are not read (no script redirect,
    no JSON-LD date): reading them is most of the time a theme's head takes to parse."""

    def __init__(self, *, scripts: bool = True) -> None:
        super().__init__(convert_charrefs=True)
        self.scripts = scripts
        self.noindex = False
        self.canonical: str | None = None
        self.refresh: str | None = None
        self.title: str | None = None
        self._in_title = False
        self._title_parts: list[str] = []
        self.saw_tag = False
        self.modified: str | None = None
        self._json_ld: list[str] | None = None
        self._script: list[str] | None = None
        self.script_redirect: str | None = None
        self.alternates: list[tuple[str, str]] = []
        self.generator: str | None = None
        self.description: str | None = None
        #: Reading on into the body of a page titled "Redirecting...", for its <noscript>.
        self._body = False
        self._noscript = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.saw_tag = True
        values = {k.lower(): (v or "") for k, v in attrs}
        if self._body:
            self._body_tag(tag, values)
        elif tag == "meta":
            self._meta(values)
        elif tag == "link":
            self._link(values)
        elif tag == "title" and self.title is None:
            self._in_title = True
        elif tag == "time" and values.get("itemprop", "").lower() == "datemodified":
            self._note_modified(values.get("datetime"))
        elif not self.scripts and tag in ("script", "noscript"):
            pass
        elif tag == "script" and values.get("type", "").strip().lower() == _JSON_LD:
            self._json_ld = []
        elif tag in ("script", "noscript"):
            self._script = []
        elif tag == "body":
            self._head_ends()

    def _meta(self, values: dict[str, str]) -> None:
        name = values.get("name", "").lower()
        if name in ROBOT_NAMES:
            words = {w.strip().lower() for w in values.get("content", "").split(",")}
            if words & {"noindex", "none"}:
                self.noindex = True
        elif name == "generator" and self.generator is None:
            self.generator = values.get("content", "").strip() or None
        elif name == "description" and self.description is None:
            self.description = " ".join(values.get("content", "").split()) or None
        if values.get("http-equiv", "").lower() == "refresh":
            self.refresh = refresh_url(values.get("content", "")) or self.refresh
        if (
            values.get("property", "").lower() == "article:modified_time"
            or values.get("itemprop", "").lower() == "datemodified"
        ):
            self._note_modified(values.get("content"))

    def _link(self, values: dict[str, str]) -> None:
        rels = values.get("rel", "").lower().split()
        href = values.get("href", "").strip()
        if "canonical" in rels and href and self.canonical is None:
            self.canonical = href
        elif "alternate" in rels and href and values.get("hreflang", "").strip():
            self.alternates.append((values["hreflang"].strip(), href))

    def handle_endtag(self, tag: str) -> None:
        if self._body:
            if tag == "noscript" and self._noscript:
                self._noscript = False
                text = "".join(self._script or ())
                self._script = None
                self.script_redirect = self.script_redirect or escaped_refresh(text)
            elif tag in ("body", "html"):
                raise _Done
            return
        if tag == "title" and self._in_title:
            self._in_title = False
            self.title = " ".join("".join(self._title_parts).split()) or None
        elif tag == "script" and self._json_ld is not None:
            self._note_modified(_json_ld_modified("".join(self._json_ld)))
            self._json_ld = None
        elif tag in ("script", "noscript") and self._script is not None:
            text = "".join(self._script)
            self._script = None
            if self.script_redirect is None:
                found = script_target(text) if tag == "script" else escaped_refresh(text)
                self.script_redirect = found
        elif tag == "head":
            self._head_ends()

    def _head_ends(self) -> None:
        """Stop at the end of the head, unless the page is titled as a redirect stub and
        nothing in the head redirected: its ``<noscript>`` refresh may then be in the body,
        and the two together say "stub" (whatever its script does)."""
        if self.refresh is None and self.script_redirect is None and redirect_title(self.title):
            self._body = True
            return
        raise _Done

    def _body_tag(self, tag: str, values: dict[str, str]) -> None:
        if tag == "noscript":
            self._noscript = True
            self._script = []
        elif (
            tag == "meta"
            and self._noscript
            and self.script_redirect is None
            and values.get("http-equiv", "").lower() == "refresh"
        ):
            self.script_redirect = refresh_url(values.get("content", ""))

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self._title_parts.append(data)
        elif self._json_ld is not None:
            self._json_ld.append(data)
        elif self._script is not None:
            self._script.append(data)

    def _note_modified(self, value: str | None) -> None:
        if self.modified is None and value is not None and value.strip():
            self.modified = value.strip()


_JSON_LD = "application/ld+json"


def _json_ld_modified(text: str) -> str | None:
    """``dateModified`` of a JSON-LD block: at the top level, in a top-level list, or in
    ``@graph``. Text that is not JSON says nothing."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    nodes = data if isinstance(data, list) else [data]
    for node in list(nodes):
        if isinstance(node, dict) and isinstance(node.get("@graph"), list):
            nodes.extend(node["@graph"])
    for node in nodes:
        if isinstance(node, dict) and isinstance(node.get("dateModified"), str):
            return str(node["dateModified"])
    return None


# Linear: a literal, then classes followed by disjoint ones.
_CHARSET = re.compile(rb"""charset\s*=\s*["']?([a-z0-9._:-]{1,40})""")


def declared_charset(head: bytes) -> str | None:
    """The charset a page's start declares (``<meta charset>`` or the ``content-type``
    meta), when it is a known codec other than UTF-8; ``None`` otherwise."""
    found = _CHARSET.search(head[:8192].lower())
    if found is None:
        return None
    try:
        name = codecs.lookup(found.group(1).decode("ascii")).name
    except LookupError:
        return None
    return None if name == "utf-8" else name


def inspect_html(path: Path) -> HtmlFacts:
    """Parse the head of a built page.

    :raises ValueError: the file is not text in its declared charset (UTF-8 when it declares
        none) or does not look like HTML.
    :raises OSError: the file cannot be read.
    """
    return _facts(_parse(path, _HeadParser()))


def page_description(path: Path) -> str | None:
    """The ``<meta name="description">`` of a built page's head (the first, whitespace
    collapsed), as :func:`inspect_html` reads it, without reading the head's scripts.

    :raises ValueError: as :func:`inspect_html`.
    :raises OSError: the file cannot be read.
    """
    return _parse(path, _HeadParser(scripts=False)).description


def _parse(path: Path, parser: _HeadParser) -> _HeadParser:
    read = 0
    with open_regular(path) as handle:
        head = handle.read(_CHUNK)
        if b"\x00" in head[:8192]:
            raise ValueError("is not HTML (binary content)")
        # A page that declares another charset (windows-1252, Shift_JIS...) is read in it,
        # so that its robots meta tag is seen; an undeclared one must be UTF-8.
        declared = declared_charset(head)
        decoder = codecs.getincrementaldecoder(declared or "utf-8")(
            "replace" if declared else "strict"
        )
        chunk = head
        try:
            while chunk and read < _MAX_READ:
                read += len(chunk)
                try:
                    # incremental: a multi-byte character may straddle two chunks
                    text = decoder.decode(chunk)
                except UnicodeDecodeError as exc:
                    raise ValueError(
                        f"is not valid UTF-8 (byte {max(0, read - len(chunk) + exc.start)})"
                    ) from None
                parser.feed(text)
                chunk = handle.read(_CHUNK)
            parser.close()
        except _Done:
            pass
    if not parser.saw_tag:
        raise ValueError("does not look like HTML (no tags)")
    return parser


def head_facts(body: bytes) -> HtmlFacts | None:
    """What the start of a page says (a fetched body, say); ``None`` when it is not HTML.

    Decoded by its declared charset, UTF-8 otherwise, with undecodable bytes replaced.
    """
    parser = _HeadParser()
    try:
        parser.feed(body.decode(declared_charset(body[:_CHUNK]) or "utf-8", "replace"))
        parser.close()
    except _Done:
        pass
    return _facts(parser) if parser.saw_tag else None


def _facts(parser: _HeadParser) -> HtmlFacts:
    return HtmlFacts(
        parser.noindex,
        parser.canonical,
        parser.refresh,
        parser.title,
        modified=parser.modified,
        script_redirect=parser.script_redirect,
        alternates=tuple(parser.alternates),
        generator=parser.generator,
        description=parser.description,
    )


_MODIFIED_TRIGGERS = (b"modified_time", b"datemodified")


def may_state_modified(path: Path) -> bool:
    """Cheap byte scan: could the page's head state a modification date? ``False`` only
    when the bytes before ``<body`` (within the first 64 KiB) name none of the markers."""
    return head_names(path, _MODIFIED_TRIGGERS)


def may_state_description(path: Path) -> bool:
    """Cheap byte scan: could the page's head carry ``<meta name="description">``?"""
    return head_names(path, (b"description",))


def may_state_alternates(path: Path) -> bool:
    """Cheap byte scan: could the page's head carry ``<link rel="alternate" hreflang>``?"""
    return head_names(path, (b"hreflang",))
