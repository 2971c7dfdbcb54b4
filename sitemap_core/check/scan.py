"""Streaming scan of one sitemap file (urlset, sitemapindex or text) against the protocol.

The XML parser is lxml with entity resolution, DTD loading and network access off and
libxml2's huge-tree limits on; a DOCTYPE is refused before parsing starts. Each ``<url>`` is
checked when it ends and then cleared with its earlier siblings, so memory stays flat.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from lxml import etree

from sitemap_core.check.findings import CheckReport
from sitemap_core.check.reading import (
    ERROR_BYTES,
    WARN_BYTES,
    CappedReader,
    FileProblem,
    check_binary,
    check_prolog,
    open_sitemap,
)
from sitemap_core.check.values import (
    check_changefreq,
    check_hreflang,
    check_lastmod,
    check_loc,
    check_priority,
)
from sitemap_core.serialize import SITEMAP_NS, XHTML_NS
from sitemap_core.settings import PROTOCOL_MAX_URLS

_URL = f"{{{SITEMAP_NS}}}url"
_SITEMAP = f"{{{SITEMAP_NS}}}sitemap"
_URLSET = f"{{{SITEMAP_NS}}}urlset"
_INDEX = f"{{{SITEMAP_NS}}}sitemapindex"
_LOC = f"{{{SITEMAP_NS}}}loc"
_LASTMOD = f"{{{SITEMAP_NS}}}lastmod"
_CHANGEFREQ = f"{{{SITEMAP_NS}}}changefreq"
_PRIORITY = f"{{{SITEMAP_NS}}}priority"
_LINK = f"{{{XHTML_NS}}}link"
_NS_PREFIX = f"{{{SITEMAP_NS}}}"
_XSI = "{http://www.w3.org/2001/XMLSchema-instance}"
#: Extension namespaces search engines document; others are reported as warnings.
KNOWN_EXTENSIONS = frozenset(
    {
        XHTML_NS,
        "http://www.google.com/schemas/sitemap-image/1.1",
        "http://www.google.com/schemas/sitemap-video/1.1",
        "http://www.google.com/schemas/sitemap-news/0.9",
    }
)
#: Position of each child in XSD order.
_URL_ORDER = {_LOC: 1, _LASTMOD: 2, _CHANGEFREQ: 3, _PRIORITY: 4}
_INDEX_ORDER = {_LOC: 1, _LASTMOD: 2}
_EXTENSION = 9
#: Parser options: nothing is expanded, loaded or fetched; libxml2's size limits stay on.
SAFE_PARSER: dict[str, Any] = {
    "resolve_entities": False,
    "no_network": True,
    "load_dtd": False,
    "huge_tree": False,
    "remove_comments": True,
    "remove_pis": True,
}


class Sink(Protocol):
    """Receives every well-formed entry for the rules that span files."""

    def url(
        self,
        file: str,
        line: int,
        loc: str,
        lastmod: dt.datetime | None,
        lastmod_text: str | None,
        links: list[tuple[str, str]],
    ) -> None:
        """A ``<url>`` (or a text line) with a usable ``loc``."""

    def sitemap(self, file: str, line: int, loc: str, lastmod: dt.datetime | None) -> None:
        """A ``<sitemap>`` entry of an index with a usable ``loc``."""


@dataclass
class Scanned:
    """What one file turned out to be.

    :param kind: ``"urlset"``, ``"sitemapindex"``, ``"text"``, or ``None`` when unreadable.
    :param entries: ``<url>``/``<sitemap>`` elements or text lines seen.
    :param size: uncompressed bytes read.
    :param compressed: the file was gzip.
    """

    kind: str | None = None
    entries: int = 0
    size: int = 0
    compressed: bool = False


def scan_file(
    path: Path, display: str, report: CheckReport, sink: Sink, text: bool | None = None
) -> Scanned:
    """Check one sitemap file; every problem goes to ``report`` with ``display`` as its file.

    :param text: treat as a text sitemap; ``None`` decides by the name (``.txt``, ``.txt.gz``).
    """
    result = Scanned()
    report.checked.append(display)
    try:
        reader, result.compressed = open_sitemap(path, display)
    except FileProblem as problem:
        report.error(problem.code, display, problem.line, problem.message)
        return result
    try:
        name = path.name.lower().removesuffix(".gz")
        if text is None:
            text = name.endswith(".txt")
        if result.compressed and not path.name.lower().endswith(".gz"):
            report.warning(
                "gzip-name", display, None, "is gzip-compressed but its name does not end in .gz"
            )
        try:
            head = reader.sniff()
            if reader.damaged is not None and not head:
                raise FileProblem("gzip-invalid", f"is not a valid gzip file ({reader.damaged})")
            if not head.strip():
                raise FileProblem("empty-file", "is empty", 1)
            check_binary(head)
            if text:
                _scan_text(reader, display, report, sink, result)
            else:
                check_prolog(head)
                if head.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] != b"<":
                    hint = " (a text sitemap must be named .txt)" if head[:4] == b"http" else ""
                    raise FileProblem("not-xml", f"is not XML{hint}", 1)
                _scan_xml(reader, head, display, report, sink, result)
        except FileProblem as problem:
            report.error(problem.code, display, problem.line, problem.message)
        result.size = reader.total
        if reader.damaged is not None:
            report.error(
                "gzip-invalid",
                display,
                None,
                f"gzip data is damaged or cut short ({reader.damaged})",
            )
        if reader.over:
            report.error(
                "size-limit",
                display,
                None,
                f"is larger than {ERROR_BYTES:,} bytes uncompressed (the protocol's 50 MiB); "
                "reading stopped there; split it into several sitemaps",
            )
        elif reader.total > WARN_BYTES:
            report.warning(
                "size-large",
                display,
                None,
                f"is {reader.total:,} bytes uncompressed; over 10 MiB some crawlers give up, "
                "split it into smaller shards",
            )
        if result.entries > PROTOCOL_MAX_URLS:
            report.error(
                "too-many-entries",
                display,
                None,
                f"lists {result.entries:,} entries; the protocol allows at most 50,000 per file",
            )
    finally:
        reader.close()
    return result


def _scan_text(
    reader: CappedReader, display: str, report: CheckReport, sink: Sink, result: Scanned
) -> None:
    result.kind = "text"
    pending = b""
    number = 0
    while True:
        chunk = reader.read()
        if not chunk:
            lines = [pending] if pending else []
        else:
            *lines, pending = (pending + chunk).split(b"\n")
        for raw in lines:
            number += 1
            if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            try:
                line = raw.decode("utf-8").strip()
            except UnicodeDecodeError:
                report.error("encoding", display, number, "is not valid UTF-8")
                continue
            if not line:
                report.warning("text-blank-line", display, number, "blank line in a text sitemap")
                continue
            result.entries += 1
            loc, problems = check_loc(line)
            for severity, code, message in problems:
                report.add(severity, code, display, number, message)  # type: ignore[arg-type]
            if loc is not None and not any(p[0] == "error" for p in problems):
                sink.url(display, number, loc, None, None, [])
        if not chunk:
            break
    if result.entries == 0:
        report.error("empty-sitemap", display, None, "lists no URLs")


def root_element(head: bytes) -> Any:
    """The root element's start tag, parsed from the sniffed head with the same safe options."""
    parser = etree.XMLPullParser(events=("start",), **SAFE_PARSER)
    try:
        parser.feed(head)
        for _event, element in parser.read_events():
            return element
    except etree.XMLSyntaxError as exc:
        raise FileProblem(
            "not-well-formed", f"is not well-formed XML: {exc.msg}", exc.lineno
        ) from None
    raise FileProblem("not-well-formed", "has no root element in its first MiB", None)


def _scan_xml(
    reader: CappedReader,
    head: bytes,
    display: str,
    report: CheckReport,
    sink: Sink,
    result: Scanned,
) -> None:
    root = root_element(head)
    line = root.sourceline
    if root.tag == _URLSET:
        result.kind, tag, order = "urlset", _URL, _URL_ORDER
    elif root.tag == _INDEX:
        result.kind, tag, order = "sitemapindex", _SITEMAP, _INDEX_ORDER
    else:
        qname = etree.QName(root.tag)
        if qname.localname in ("urlset", "sitemapindex"):
            where = f"namespace {qname.namespace!r}" if qname.namespace else "no namespace"
            message = (
                f"root <{qname.localname}> is in {where}; it must be in {SITEMAP_NS!r} "
                f'(xmlns="{SITEMAP_NS}")'
            )
            raise FileProblem("namespace", message, line)
        raise FileProblem(
            "root",
            f"root element is <{qname.localname}>; a sitemap's root is <urlset> or <sitemapindex>",
            line,
        )
    for attr in root.attrib:
        if not attr.startswith(_XSI):
            report.error(
                "attribute", display, line, f"unexpected attribute {attr!r} on <{result.kind}>"
            )
    checker = _Entries(display, report, sink, result, order, tag == _URL)
    events = etree.iterparse(reader, events=("end",), tag=tag, **SAFE_PARSER)
    try:
        for _event, element in events:
            checker.entry(element)
    except etree.XMLSyntaxError as exc:
        if reader.over or reader.damaged is not None:
            return  # reported by the caller
        raise FileProblem(
            "not-well-formed", f"is not well-formed XML: {exc.msg}", exc.lineno
        ) from None
    checker.finish(events.root)
    if result.entries == 0:
        report.error(
            "empty-sitemap",
            display,
            line,
            f"<{result.kind}> has no <{etree.QName(tag).localname}> entries; the schema "
            "requires at least one",
        )


class _Entries:
    """Checks ``<url>`` or ``<sitemap>`` elements as they end."""

    def __init__(
        self,
        display: str,
        report: CheckReport,
        sink: Sink,
        result: Scanned,
        order: dict[str, int],
        urls: bool,
    ) -> None:
        self.display = display
        self.report = report
        self.sink = sink
        self.result = result
        self.order = order
        self.urls = urls
        self.name = "url" if urls else "sitemap"

    def problem(self, severity: str, code: str, line: int | None, message: str) -> None:
        self.report.add(severity, code, self.display, line, message)  # type: ignore[arg-type]

    def entry(self, element: Any) -> None:
        self.result.entries += 1
        line = element.sourceline
        if element.attrib:
            self.problem("error", "attribute", line, f"<{self.name}> must not have attributes")
        if element.text is not None and not element.text.isspace():
            self.problem("error", "text", line, f"text directly inside <{self.name}>")
        loc = lastmod_text = None
        lastmod = None
        links: list[tuple[str, str]] = []
        state = 0
        for child in element:
            tag = child.tag
            position = self.order.get(tag)
            cline = child.sourceline
            if position is not None:
                local = tag[len(_NS_PREFIX) :]
                if position <= state:
                    if position == state:
                        why = f"<{local}> appears twice"
                    else:
                        why = (
                            f"<{local}> is out of order; the schema's order is loc, lastmod"
                            + (", changefreq, priority" if self.urls else "")
                            + ", then extensions"
                        )
                    self.problem("error", "order", cline, why)
                state = max(state, position)
                if len(child) or child.attrib:
                    self.problem(
                        "error", "structure", cline, f"<{local}> must hold text only, no markup"
                    )
                value = child.text
                if position == 1:
                    loc, problems = check_loc(value)
                    for severity, code, message in problems:
                        self.problem(severity, code, cline, message)
                    if any(p[0] == "error" for p in problems):
                        loc = ""
                elif position == 2:
                    lastmod_text = (value or "").strip()
                    lastmod, issue = check_lastmod(value or "")
                    if issue is not None:
                        self.problem(*issue[:2], cline, issue[2])
                elif position == 3:
                    issue = check_changefreq(value)
                    if issue is not None:
                        self.problem(*issue[:2], cline, issue[2])
                else:
                    issue = check_priority(value)
                    if issue is not None:
                        self.problem(*issue[:2], cline, issue[2])
            else:
                state = _EXTENSION
                self.extension(child, links)
            tail = child.tail
            if tail is not None and not tail.isspace():
                self.problem("error", "text", cline, f"text directly inside <{self.name}>")
        if loc is None:
            self.problem("error", "loc-missing", line, f"<{self.name}> has no <loc>")
        elif loc:
            if self.urls:
                self.sink.url(self.display, line, loc, lastmod, lastmod_text, links)
            else:
                self.sink.sitemap(self.display, line, loc, lastmod)
        element.clear()
        previous = element.getprevious()
        while previous is not None:
            self.sibling(previous)
            parent = element.getparent()
            del parent[0]
            previous = element.getprevious()

    def extension(self, child: Any, links: list[tuple[str, str]]) -> None:
        tag = child.tag
        line = child.sourceline
        if not isinstance(tag, str):
            return
        if not tag.startswith("{"):
            self.problem(
                "error",
                "namespace",
                line,
                f"<{tag}> has no namespace; inside <{self.name}> only loc, lastmod"
                + (", changefreq, priority" if self.urls else "")
                + " and elements of extension namespaces are allowed",
            )
            return
        qname = etree.QName(tag)
        if qname.namespace == SITEMAP_NS:
            self.problem(
                "error", "unknown-element", line, f"<{qname.localname}> is not a sitemap element"
            )
        elif tag == _LINK:
            self.link(child, links)
        elif qname.namespace not in KNOWN_EXTENSIONS:
            self.problem(
                "warning",
                "unknown-extension",
                line,
                f"<{qname.localname}> is in namespace {qname.namespace!r}, which search engines "
                "do not document; they ignore it",
            )

    def link(self, child: Any, links: list[tuple[str, str]]) -> None:
        line = child.sourceline
        attrs = dict(child.attrib)
        rel, lang, href = (
            attrs.pop("rel", None),
            attrs.pop("hreflang", None),
            attrs.pop("href", None),
        )
        problems = []
        if rel is None or rel.strip() != "alternate":
            problems.append(f'rel={rel!r}; it must be "alternate"')
        if not check_hreflang(lang.strip() if lang else None):
            problems.append(f"hreflang={lang!r} is not a language code (en, pt-BR, x-default)")
        if attrs:
            problems.append(f"unexpected attribute(s) {', '.join(sorted(attrs))}")
        if len(child) or (child.text and child.text.strip()):
            problems.append("it must be empty")
        for why in problems:
            self.problem("error", "hreflang-invalid", line, f"<xhtml:link> {why}")
        if href is None:
            self.problem("error", "hreflang-invalid", line, "<xhtml:link> has no href")
            return
        loc, issues = check_loc(href)
        for severity, code, message in issues:
            self.problem(severity, code, line, f"<xhtml:link> href: {message}")
        if loc and lang and not problems and not any(p[0] == "error" for p in issues):
            links.append((lang.strip(), loc))

    def sibling(self, element: Any) -> None:
        """An earlier sibling being removed: a finished entry, or something out of place."""
        tail = element.tail
        if tail is not None and not tail.isspace():
            self.problem("error", "text", element.sourceline, "text between entries")
        tag = element.tag
        if tag == (_URL if self.urls else _SITEMAP) or not isinstance(tag, str):
            return
        self.stray(element)

    def stray(self, element: Any, after_entry: bool | None = None) -> None:
        """A root child that is not an entry: allowed only as an extension before the first."""
        if after_entry is None:
            # Siblings are removed when the next entry ends: before the first one, or between.
            after_entry = self.result.entries >= 2
        line = element.sourceline
        qname = etree.QName(element.tag)
        if qname.namespace is None or qname.namespace == SITEMAP_NS:
            self.problem(
                "error",
                "unknown-element",
                line,
                f"<{qname.localname}> is not allowed here; the root holds <{self.name}> "
                "elements only",
            )
        elif after_entry:
            self.problem(
                "error",
                "order",
                line,
                f"<{qname.localname}> (an extension element) must come before the first "
                f"<{self.name}>",
            )

    def finish(self, root: Any) -> None:
        """Whatever is left under the root after the last entry."""
        if root is None:
            return
        if root.text is not None and not root.text.isspace():
            self.problem("error", "text", root.sourceline, "text directly inside the root")
        entry_tag = _URL if self.urls else _SITEMAP
        seen_entry = False
        for element in root:
            if element.tail is not None and not element.tail.isspace():
                self.problem("error", "text", element.sourceline, "text between entries")
            if element.tag == entry_tag:
                seen_entry = True
            elif isinstance(element.tag, str):
                self.stray(element, seen_entry)
