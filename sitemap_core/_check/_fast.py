"""The fast path for a sitemap written in the canonical shape.

libxml2 (with a target that builds nothing) judges well-formedness; one regular expression
per entry reads ``<url><loc>..</loc><lastmod>..</lastmod>...</url>``, each value judged by
:mod:`sitemap_core._values`. Anything else, or any value with a problem, ends the fast path:
the caller reruns the full rules (:mod:`.xml_rules`) from the start, so every finding comes
from one place with its exact line.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable
from itertools import accumulate
from typing import Any

from lxml import etree

from sitemap_core._check._across_files import SiteRules
from sitemap_core._check._findings import Run
from sitemap_core._files import XHTML_NS, CappedReader
from sitemap_core._values import (
    check_changefreq,
    check_hreflang,
    check_language_once,
    check_lastmod,
    check_loc,
    check_priority,
    plain_locs,
)

# XML whitespace only: re's \s would also take Unicode spaces, which XML treats as text.
_WS = r"[ \t\r\n]*"
# hreflang alternates exactly as the core writes them (the xhtml prefix is checked on the root)
_LINK_TAG = r'<xhtml:link rel="alternate" hreflang="([^"<&]*)" href="([^"<&]*)"/>'
_URL_BODY = (
    rf"<url>{_WS}<loc>([^<]*)</loc>{_WS}(<lastmod>([^<]*)</lastmod>{_WS})?"
    rf"(<changefreq>([^<]*)</changefreq>{_WS})?(<priority>([^<]*)</priority>{_WS})?"
    rf"((?:{_LINK_TAG.replace('(', '(?:')}{_WS})*)</url>"
)
_INDEX_BODY = (
    rf"<sitemap>{_WS}<loc>([^<]*)</loc>{_WS}(<lastmod>([^<]*)</lastmod>{_WS})?()()()()()"
    "</sitemap>"
)
_LINK = re.compile(_LINK_TAG)
_ENTRY = {True: re.compile(f"({_WS}){_URL_BODY}"), False: re.compile(f"({_WS}){_INDEX_BODY}")}
#: A run of entries, matched in one go; its entries are then read with ``findall``.
_RUN = {
    True: re.compile(f"(?:{_WS}{re.sub(r'[(](?![?])', '(?:', _URL_BODY)})+"),
    False: re.compile(f"(?:{_WS}{re.sub(r'[(](?![?])', '(?:', _INDEX_BODY)})+"),
}
_END = {True: re.compile(f"{_WS}</urlset>{_WS}"), False: re.compile(f"{_WS}</sitemapindex>{_WS}")}
_ENTITY = re.compile(r"&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
#: Text past the last full entry larger than this means the shape is not canonical.
_MAX_PENDING = 1 << 16
_CHUNK = 1 << 18


class NotCanonical(Exception):
    """The fast path cannot go on; run the full rules.

    :param at_end: raised where the input ended (cut short by the size cap or damaged gzip
        data leave an unfinished document; everything before it was checked).
    """

    def __init__(self, at_end: bool = False, entries: int = 0) -> None:
        super().__init__()
        self.at_end = at_end
        self.entries = entries


def _unescape(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        if name[0] != "#":
            return _NAMED[name]
        return chr(int(name[2:], 16) if name[1] == "x" else int(name[1:]))

    return _ENTITY.sub(one, text)


def fast_scan(reader: CappedReader, root: Any, display: str, sink: SiteRules, urls: bool) -> int:
    """Scan a canonical file; return the number of entries.

    :param root: the root start element parsed from the file's head (its prefix must be empty).
    :raises NotCanonical: anything outside the fast path; the caller rolls back.
    """
    if root.prefix is not None or len(root.attrib):
        raise NotCanonical
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    # A target without callbacks: libxml2 checks well-formedness and builds nothing.
    parser = etree.XMLParser(
        target=_WellFormed(),  # type: ignore[arg-type]
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        huge_tree=False,
    )
    batch = _Batch(display, sink, urls, root.nsmap.get("xhtml") == XHTML_NS)
    run, end = _RUN[urls], _END[urls]
    text = ""
    pos = -1
    try:
        while True:
            raw = reader.read(_CHUNK)
            if raw:
                parser.feed(raw)
            else:
                parser.close()
            text += decoder.decode(raw, final=not raw)
            if pos < 0:
                start = text.find(">", text.find("<" + root.tag.rpartition("}")[2]))
                if start < 0:
                    raise NotCanonical
                batch.line += text.count("\n", 0, start)
                pos = start + 1
            found = run.match(text, pos)
            if found is not None:
                batch.take(text[pos : found.end()])
                pos = found.end()
            text = text[pos:]
            pos = 0
            if not raw:
                break
            if len(text) > _MAX_PENDING:
                raise NotCanonical
    except (etree.XMLSyntaxError, UnicodeDecodeError):
        raise NotCanonical(at_end=not raw, entries=batch.entries) from None
    if not end.fullmatch(text) or batch.entries == 0:
        raise NotCanonical(at_end=True, entries=batch.entries)
    return batch.entries


class _WellFormed:
    """A parser target that wants no events."""

    def close(self) -> None:
        """End of input."""


def _lastmods(lastmods: list[str], given: list[str]) -> tuple[Any, list[str]]:
    """The newest of a span's lastmods and their texts, stripped.

    :raises NotCanonical: a lastmod the slow path must report.
    """
    dated = lastmods if all(given) else [v for v, h in zip(lastmods, given, strict=True) if h]
    distinct = set(dated)
    newest = None
    for value in distinct:
        moment, issue = check_lastmod(value)
        if issue is not None or moment is None:
            raise NotCanonical
        if newest is None or moment > newest:
            newest = moment
    return newest, dated if all(v == v.strip() for v in distinct) else [v.strip() for v in dated]


def _check_given(values: list[str], given: list[str], check: Callable[[str], object]) -> None:
    """:raises NotCanonical: a given value ``check`` finds fault with."""
    if any(given):
        for value in {v for v, h in zip(values, given, strict=True) if h}:
            if check(value) is not None:
                raise NotCanonical


class _Batch:
    """Checks runs of canonical entries, many at a time."""

    def __init__(self, display: str, sink: SiteRules, urls: bool, xhtml: bool) -> None:
        self.xhtml = xhtml
        self.open_tag = "<url>" if urls else "<sitemap>"
        self.display = display
        self.sink = sink
        self.urls = urls
        self.entry = _ENTRY[urls]
        self.line = 1
        self.entries = 0

    def take(self, span: str) -> None:
        """Check every entry of ``span`` (a run of whole entries)."""
        rows = self.entry.findall(span)
        (
            _spaces,
            locs,
            has_lastmod,
            lastmods,
            has_freq,
            freqs,
            has_priority,
            priorities,
            blocks,
        ) = (list(column) for column in zip(*rows, strict=True))
        links = self.links(blocks) if any(blocks) else None
        if "&" in span:
            locs = [_unescape(loc) if "&" in loc else loc for loc in locs]
        newest, texts = _lastmods(lastmods, has_lastmod) if any(has_lastmod) else (None, [])
        _check_given(freqs, has_freq, check_changefreq)
        _check_given(priorities, has_priority, check_priority)
        joined = "\n" + "\n".join(locs) + "\n"
        good = plain_locs(locs, joined)
        lines: list[int] = []

        def line_of(index: int) -> int:
            if not lines:
                # values hold no "<", so each entry starts exactly at one of these tags
                pieces = span.split(self.open_tag)[:-1]
                lines.extend(accumulate((p.count("\n") for p in pieces), initial=self.line))
                del lines[0]
            return lines[index]

        if good and self.sink.bulk(
            Run(self.display, locs, joined, newest, texts, self.urls, line_of, links)
        ):
            self.line += span.count("\n")
            self.entries += len(locs)
            return
        self.one_by_one(span)

    def links(self, blocks: list[str]) -> list[list[tuple[str, str]]]:
        """The ``(hreflang, href)`` pairs of each entry, all checked at once."""
        if not self.xhtml:
            raise NotCanonical
        flat = _LINK.findall("".join(blocks))
        found: list[list[tuple[str, str]]] = []
        start = 0
        for block in blocks:
            if block:
                end = start + block.count("<xhtml:link")
                found.append(flat[start:end])
                start = end
            else:
                found.append([])
        langs = {lang for pairs in found for lang, _href in pairs}
        if not all(check_hreflang(lang) for lang in langs):
            raise NotCanonical
        for pairs in found:
            if len(pairs) > 1:
                seen: dict[str, str] = {}
                if any(check_language_once(seen, lang, href) for lang, href in pairs):
                    raise NotCanonical
        hrefs = [href for pairs in found for _lang, href in pairs]
        if not plain_locs(hrefs, "\n" + "\n".join(hrefs) + "\n"):
            raise NotCanonical
        return found

    def one_by_one(self, span: str) -> None:
        """Each entry on its own, with its line (something needs a closer look)."""
        line = self.line
        for match in self.entry.finditer(span):
            spaces, loc_raw, has_lastmod, lastmod_raw, *_rest, block = match.groups()
            pairs = self.links([block])[0] if block else []
            line += spaces.count("\n")
            if "&" in loc_raw:
                loc_raw = _unescape(loc_raw)
            loc, problems = check_loc(loc_raw)
            if problems or loc is None:
                raise NotCanonical
            lastmod = None
            lastmod_text = None
            if has_lastmod:
                lastmod, issue = check_lastmod(lastmod_raw)
                if issue is not None:
                    raise NotCanonical
                lastmod_text = lastmod_raw.strip()
            self.entries += 1
            if self.urls:
                self.sink.url(self.display, line, loc, lastmod, lastmod_text, pairs)
            else:
                self.sink.sitemap(self.display, line, loc, lastmod)
            line += span.count("\n", match.end(1), match.end())
        self.line = line
