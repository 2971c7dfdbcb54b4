"""Streaming scan of one sitemap file (urlset, sitemapindex or text) against the protocol:
lxml with entities, DTDs and network off (a DOCTYPE refused first), fed chunk by chunk to
the parser target of :mod:`._xml_rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from sitemap_core._check._across_files import SiteRules
from sitemap_core._check._fast import NotCanonical, fast_scan
from sitemap_core._check._findings import CheckReport
from sitemap_core._check._xml_rules import URL as _URL
from sitemap_core._check._xml_rules import SitemapTarget
from sitemap_core._config import DEFAULT_MAX_BYTES, PROTOCOL_MAX_URLS
from sitemap_core._files import (
    ERROR_BYTES,
    SAFE_PARSER,
    SITEMAP_NS,
    CappedReader,
    FileProblem,
    check_binary,
    check_prolog,
    open_sitemap,
    prolog_end,
    root_element,
)
from sitemap_core._util.text import short
from sitemap_core._values import check_loc

_URLSET = f"{{{SITEMAP_NS}}}urlset"
_INDEX = f"{{{SITEMAP_NS}}}sitemapindex"
_FEED = 1 << 16
#: Uncompressed size worth a warning: the size a build splits its shards at.
WARN_BYTES = DEFAULT_MAX_BYTES
#: The same for the streaming target, which counts lines in comments and PIs too.
_TARGET_PARSER = {k: v for k, v in SAFE_PARSER.items() if not k.startswith("remove_")}


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


def scan_file(path: Path, display: str, report: CheckReport, sink: SiteRules) -> Scanned:
    """Check one sitemap file (a text sitemap by its name: ``.txt``, ``.txt.gz``); every
    problem goes to ``report`` with ``display`` as its file."""
    result = Scanned()
    report.checked.append(display)
    try:
        reader = open_sitemap(path)
        result.compressed = reader.compressed
    except FileProblem as problem:
        report.error(problem.code, display, problem.line, problem.message)
        return result
    try:
        text = path.name.lower().removesuffix(".gz").endswith(".txt")
        if result.compressed and not path.name.lower().endswith(".gz"):
            report.warning(
                "gzip-name", display, None, "is gzip-compressed but its name does not end in .gz"
            )
        try:
            head = reader.sniff()
            if reader.damaged is not None and not head:
                raise FileProblem("gzip-invalid", f"is not a valid gzip file ({reader.damaged})")
            if not head.strip():
                if reader.unreadable is not None:
                    why, reader.unreadable = reader.unreadable, None  # reported once, here
                    raise FileProblem("file-unreadable", f"cannot be read: {why}")
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
        if reader.unreadable is not None:
            report.error("file-unreadable", display, None, f"cannot be read: {reader.unreadable}")
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
    reader: CappedReader, display: str, report: CheckReport, sink: SiteRules, result: Scanned
) -> None:
    result.kind = "text"
    # The unfinished line is kept as pieces: joining it to each new chunk and splitting again
    # would rescan a long line once per chunk (quadratic in its length).
    pending: list[bytes] = []
    number = 0
    while True:
        chunk = reader.read()
        if not chunk:
            rest = b"".join(pending)
            lines = [rest] if rest else []
        elif b"\n" not in chunk:
            pending.append(chunk)
            continue
        else:
            lines = chunk.split(b"\n")
            lines[0] = b"".join([*pending, lines[0]])
            pending = [lines.pop()]
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


def _scan_xml(
    reader: CappedReader,
    head: bytes,
    display: str,
    report: CheckReport,
    sink: SiteRules,
    result: Scanned,
) -> None:
    root = root_element(head)
    line = root.sourceline
    if root.tag == _URLSET:
        result.kind, tag = "urlset", _URL
    elif root.tag == _INDEX:
        result.kind, tag = "sitemapindex", "sitemap"
    else:
        # Not etree.QName: it refuses a namespace holding "}" (a crash, not a finding).
        namespace, localname = "", root.tag
        if root.tag.startswith("{"):
            namespace, _, localname = root.tag[1:].rpartition("}")
        if localname in ("urlset", "sitemapindex"):
            where = f"namespace {short(namespace)}" if namespace else "no namespace"
            message = (
                f"root <{localname}> is in {where}; it must be in {SITEMAP_NS!r} "
                f'(xmlns="{SITEMAP_NS}")'
            )
            raise FileProblem("namespace", message, line)
        raise FileProblem(
            "root",
            f"root element is <{localname}>; a sitemap's root is <urlset> or <sitemapindex>",
            line,
        )
    urls = tag == _URL
    before = report.snapshot()
    try:
        result.entries = fast_scan(reader, root, display, sink, urls)
        return
    except NotCanonical as stop:
        if stop.at_end and reader.stopped:
            # everything before the cut was fine; the caller reports the cap or the damage
            result.entries = stop.entries
            return
    report.restore(before)
    sink.rollback()
    reader.rewind()
    head = reader.sniff()
    # The line on which the root element's start tag ends (it may span several lines).
    body = head[3:] if head.startswith(b"\xef\xbb\xbf") else head
    pos = prolog_end(body)
    end = body.find(b">", pos)
    root_line = body[: end if end >= 0 else pos].count(b"\n") + 1
    target = SitemapTarget(display, report, sink, urls, root_line)
    parser = etree.XMLParser(target=target, **_TARGET_PARSER)  # type: ignore[arg-type]
    try:
        while True:
            chunk = reader.read(_FEED)
            if not chunk:
                break
            parser.feed(chunk)
        parser.close()
    except etree.XMLSyntaxError as exc:
        if reader.stopped:
            return  # reported by the caller
        raise FileProblem(
            "not-well-formed", f"is not well-formed XML: {exc.msg}", exc.lineno
        ) from None
    finally:
        result.entries = target.entries
    if result.entries == 0:
        report.error(
            "empty-sitemap",
            display,
            line,
            f"<{result.kind}> has no <{'url' if tag == _URL else 'sitemap'}> entries; the schema "
            "requires at least one",
        )
