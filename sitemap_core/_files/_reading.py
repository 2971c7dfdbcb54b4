"""Reading sitemap files safely (gzip sniffing, size caps, junk), for ``check`` and the
build; nothing here reports findings, it only refuses what cannot be read as a sitemap."""

from __future__ import annotations

import codecs
import gzip
import re
import zlib
from pathlib import Path
from typing import Any, BinaryIO

from sitemap_core._config import PROTOCOL_MAX_BYTES
from sitemap_core._util.regular import open_regular
from sitemap_core._util.text import printable

#: Uncompressed size that is an error (the protocol's limit): reading stops there.
ERROR_BYTES = PROTOCOL_MAX_BYTES
CHUNK = 1 << 16
#: How much of a file's start is held to sniff it (encoding, DOCTYPE, root element).
SNIFF_BYTES = 1 << 20

_GZIP_MAGIC = b"\x1f\x8b"
_DECL_ENCODING = re.compile(rb"^<\?xml[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']")
# Everything that may come before the root element: declaration, comments, PIs, whitespace.
PROLOG_ITEM = re.compile(rb"\s+|<\?.*?\?>|<!--.*?-->", re.DOTALL)


class FileProblem(Exception):
    """The file cannot be read as a sitemap at all; ``code`` names the rule."""

    def __init__(self, code: str, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.line = line


class CappedReader:
    """A file-like ``read`` over a (maybe gzipped) file that stops at ``cap`` bytes, pulled
    read by read (a gzip bomb costs one chunk). Past the cap :attr:`over` is set; a damaged
    gzip stream sets :attr:`damaged`.
    """

    def __init__(self, raw: BinaryIO, compressed: bool, cap: int = ERROR_BYTES) -> None:
        self._raw = raw
        #: The file is gzip.
        self.compressed = compressed
        self.cap = cap
        self.rewind()

    @property
    def stopped(self) -> bool:
        """Reading ended before the end of the file (size cap, damaged gzip, read error)."""
        return self.over or self.damaged is not None or self.unreadable is not None

    def rewind(self) -> None:
        """Start again from the first byte (for a second, detailed pass)."""
        self._raw.seek(0)
        self._src: BinaryIO | gzip.GzipFile = (
            gzip.GzipFile(fileobj=self._raw, mode="rb") if self.compressed else self._raw
        )
        self.total = 0
        self.over = False
        self.damaged: str | None = None
        self.unreadable: str | None = None
        self._buffer = b""

    def _pull(self, size: int) -> bytes:
        if self.over or self.damaged is not None or self.unreadable is not None:
            return b""
        size = min(size, self.cap + 1 - self.total)
        try:
            data = self._src.read(size)
        except (OSError, EOFError, zlib.error) as exc:
            if self.compressed and not (isinstance(exc, OSError) and exc.strerror):
                self.damaged = str(exc) or type(exc).__name__
            else:
                self.unreadable = getattr(exc, "strerror", None) or str(exc)
            return b""
        self.total += len(data)
        if self.total > self.cap:
            self.over = True
            return b""
        return data

    def sniff(self, size: int = SNIFF_BYTES) -> bytes:
        """The file's first ``size`` bytes (or fewer); they are still returned by ``read``."""
        while len(self._buffer) < size:
            data = self._pull(min(CHUNK, size - len(self._buffer)))
            if not data:
                break
            self._buffer += data
        return self._buffer

    def read(self, size: int | None = -1) -> bytes:
        """Up to ``size`` bytes (one chunk when ``size`` is negative)."""
        want = CHUNK if size is None or size < 0 else size
        if self._buffer:
            data, self._buffer = self._buffer[:want], self._buffer[want:]
            return data
        return self._pull(want)

    def close(self) -> None:
        """Close the underlying file."""
        self._src.close()
        self._raw.close()


def open_sitemap(path: Path, cap: int = ERROR_BYTES) -> CappedReader:
    """Open a sitemap file; decide from its first bytes whether it is gzip.

    :raises FileProblem: missing, unreadable, or named ``.gz`` without being gzip.
    """
    try:
        if not path.is_file() and path.exists():
            raise FileProblem("file-unreadable", "is not a regular file")
        raw: BinaryIO = open_regular(path)
    except FileNotFoundError:
        raise FileProblem("file-missing", "does not exist") from None
    except OSError as exc:
        raise FileProblem("file-unreadable", f"cannot be read: {exc.strerror}") from None
    try:
        magic = raw.read(2)
        raw.seek(0)
    except OSError as exc:
        raw.close()
        raise FileProblem("file-unreadable", f"cannot be read: {exc.strerror}") from None
    compressed = magic == _GZIP_MAGIC
    if path.name.lower().endswith(".gz") and not compressed:
        raw.close()
        raise FileProblem(
            "gzip-invalid", "is named .gz but is not gzip-compressed (no gzip header)"
        )
    return CappedReader(raw, compressed, cap)


def read_whole(path: Path, cap: int = ERROR_BYTES) -> tuple[bytes, bool]:
    """A sitemap file's bytes, decompressed (at most ``cap``), and whether it was gzip.

    :raises FileProblem: missing, unreadable, over ``cap`` or broken gzip.
    """
    reader = open_sitemap(path, cap)
    try:
        return b"".join(iter(lambda: reader.read(1 << 20), b"")), reader.compressed
    finally:
        reader.close()


def check_binary(head: bytes) -> None:
    """Refuse content that is not UTF-8 text.

    :raises FileProblem: UTF-16/32 (by BOM or ``<`` next to a NUL) or binary junk.
    """
    sample = head[:4096]
    if sample.startswith((b"\xff\xfe", b"\xfe\xff")) or sample[:2] in (b"<\x00", b"\x00<"):
        raise FileProblem("encoding", "is UTF-16 or UTF-32; sitemaps must be UTF-8", 1)
    if b"\x00" in sample:
        raise FileProblem("binary", "is binary data, not a sitemap (NUL bytes)", 1)
    if sample:
        text = sample.decode("utf-8", "replace")
        bad = sum(1 for ch in text if ch == "\ufffd" or (ch < " " and ch not in "\t\r\n"))
        if bad > max(8, len(text) // 20):
            raise FileProblem("binary", "is binary data, not UTF-8 text", 1)


def prolog_end(body: bytes) -> int:
    """The offset just past the white space, processing instructions (the XML declaration
    among them) and comments that may stand before a DOCTYPE or the root element."""
    pos = 0
    while match := PROLOG_ITEM.match(body, pos):
        pos = match.end()
    return pos


def check_prolog(head: bytes) -> None:
    """Refuse a DOCTYPE (no entity expansion, no XXE) and an encoding other than UTF-8.

    :raises FileProblem: with the rule's code.
    """
    body = head[3:] if head.startswith(b"\xef\xbb\xbf") else head
    declared = _DECL_ENCODING.match(body)
    if declared and declared.group(1).decode("ascii").lower().replace("_", "-") not in (
        "utf-8",
        "utf8",
    ):
        raise FileProblem(
            "encoding",
            f"declares encoding {declared.group(1).decode('ascii')!r}; sitemaps must be UTF-8",
            1,
        )
    pos = prolog_end(body)
    if body[pos : pos + 9].upper() == b"<!DOCTYPE":
        line = body[:pos].count(b"\n") + 1
        raise FileProblem(
            "doctype",
            "has a DOCTYPE; sitemaps must not declare one, and entity declarations and external "
            "DTDs are refused (not read, not expanded, not fetched)",
            line,
        )


#: Parser options: nothing is expanded, loaded or fetched; libxml2's size limits stay on.
SAFE_PARSER: dict[str, Any] = {
    "resolve_entities": False,
    "no_network": True,
    "load_dtd": False,
    "huge_tree": False,
    "remove_comments": True,
    "remove_pis": True,
}


def root_element(head: bytes) -> Any:
    """The root element's start tag, parsed from the sniffed head with the same safe options."""
    from lxml import etree  # here: most builds never read a sitemap back

    parser = etree.XMLPullParser(events=("start",), **SAFE_PARSER)
    try:
        for start in range(0, len(head), 4096):
            parser.feed(head[start : start + 4096])
            for _event, element in parser.read_events():
                return element
    except etree.XMLSyntaxError as exc:
        raise FileProblem(
            "not-well-formed", f"is not well-formed XML: {exc.msg}", exc.lineno
        ) from None
    body = head[3:] if head.startswith(b"\xef\xbb\xbf") else head
    end = prolog_end(body)
    rest = body[end:]
    if len(head) >= SNIFF_BYTES and (not rest.strip() or rest.startswith((b"<?", b"<!--"))):
        raise FileProblem(
            "prolog-too-long",
            f"its prolog (XML declaration, comments, processing instructions) runs past the "
            f"first {SNIFF_BYTES >> 20} MiB before the root element; a sitemap starts with "
            "<urlset> or <sitemapindex> right after the declaration",
            None,
        )
    raise FileProblem("not-well-formed", "has no root element in its first MiB", None)


#: What :func:`read_entries` found: ``"urlset"``, ``"index"`` or ``"text"``.
SitemapKind = str


def read_entries(path: Path) -> tuple[SitemapKind, list[tuple[str, str | None]]]:
    """``(kind, [(loc, lastmod), ...])`` of one sitemap file, as written (stripped).

    Read with ``check``'s hardened, capped parser; a text sitemap's lines have no lastmod.

    :raises SitemapError: unreadable, too big, not well-formed or not a sitemap.
    """
    from lxml import etree  # here: most builds never read a sitemap back

    from sitemap_core._errors import SitemapError
    from sitemap_core._files._serialize import SITEMAP_NS

    ns = f"{{{SITEMAP_NS}}}"
    try:
        reader = open_sitemap(path)
    except FileProblem as problem:
        raise SitemapError(f"{path}: {problem.message}") from None
    try:
        head = reader.sniff()
        if path.name.lower().removesuffix(".gz").endswith(".txt"):
            text = b"".join(iter(reader.read, b"")).decode("utf-8", "replace")
            lines: list[tuple[str, str | None]] = [
                (line.strip(), None) for line in text.splitlines() if line.strip()
            ]
            bad = next((loc for loc, _ in lines if not _ABSOLUTE.match(loc)), None)
            if bad is not None:  # an HTML page saved as sitemap.txt would list nothing
                raise SitemapError(
                    f"{path}: not a text sitemap (a line is no absolute http(s) URL: "
                    f"{printable(bad[:60])!r})"
                )
            return "text", lines
        check_binary(head)
        check_prolog(head)
        element = root_element(head)
        root = element.tag
        if root not in (ns + "urlset", ns + "sitemapindex"):
            # Read as an empty urlset, a page served as sitemap.xml would make every URL
            # look removed.
            name = root.split("}", 1)[-1] if isinstance(root, str) else "?"
            raise SitemapError(
                f"{path}: not a sitemap (its root element is <{printable(name[:60])}>, not "
                f"<urlset> or <sitemapindex> in {SITEMAP_NS})"
            )
        index = root == ns + "sitemapindex"
        items = None if element.prefix else _fast_entries(reader, index)
        if items is None:  # not in the canonical shape: the tree parser, from the start
            reader.rewind()
            items = []
            tag = ns + ("sitemap" if index else "url")
            for _event, element in etree.iterparse(reader, events=("end",), tag=tag, **SAFE_PARSER):
                loc = (element.findtext(ns + "loc") or "").strip()
                lastmod = element.findtext(ns + "lastmod")
                if loc:
                    items.append((loc, lastmod.strip() if lastmod else None))
                element.clear()
                while element.getprevious() is not None:  # drop what was read, not keep it
                    del element.getparent()[0]
        return ("index" if index else "urlset"), items
    except FileProblem as problem:
        raise SitemapError(f"{path}: {problem.message}") from None
    except etree.XMLSyntaxError as exc:
        raise SitemapError(f"{path}:{exc.lineno}: not well-formed XML: {exc.msg}") from None
    finally:
        reader.close()


_WS, _VALUE = r"[ \t\r\n]*", r"[^<&\r]*"
# The writer's shape: loc and lastmod first, changefreq and priority after, nothing else.
_FAST = {
    index: re.compile(
        rf"{_WS}<{tag}>{_WS}<loc>({_VALUE})</loc>{_WS}(?:<lastmod>({_VALUE})</lastmod>{_WS})?"
        rf"(?:<changefreq>{_VALUE}</changefreq>{_WS})?(?:<priority>{_VALUE}</priority>{_WS})?"
        rf"</{tag}>"
    )
    for index, tag in ((True, "sitemap"), (False, "url"))
}
#: A run of such entries, matched in one go (its entries are then read with ``findall``).
_RUN = {k: re.compile(f"(?:{re.sub(r'[(](?![?])', '(?:', v.pattern)})+") for k, v in _FAST.items()}
_FAST_END = re.compile(f"{_WS}</(?:urlset|sitemapindex)>{_WS}")  # lxml matches it to the root
_ABSOLUTE = re.compile(r"https?://[^\s/]", re.IGNORECASE)


class _NoTree:
    """A parser target that wants no events: libxml2 judges well-formedness, builds nothing."""

    def close(self) -> None:
        """End of input."""


def _fast_entries(reader: CappedReader, index: bool) -> list[tuple[str, str | None]] | None:
    """The entries of a file in the writer's shape, read with one regular expression each
    while libxml2 checks the same bytes; ``None`` at the first thing of another shape (or an
    error, which the tree parser then reports as it always has)."""
    from lxml import etree

    options = {k: v for k, v in SAFE_PARSER.items() if not k.startswith("remove")}
    parser = etree.XMLParser(target=_NoTree(), **options)  # type: ignore[arg-type]
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    items: list[tuple[str, str | None]] = []
    text, pos = "", -1
    try:
        while True:
            raw = reader.read(CHUNK * 4)
            parser.feed(raw) if raw else parser.close()
            text += decoder.decode(raw, final=not raw)
            if pos < 0:  # just past the root's start tag ("<" cannot stand in an attribute)
                skip = 3 if raw.startswith(b"\xef\xbb\xbf") else 0
                skip += prolog_end(raw[skip:])
                pos = text.find(">", len(raw[:skip].decode("utf-8", "replace"))) + 1
            if run := _RUN[index].match(text, pos):
                rows = _FAST[index].findall(text, pos, run.end())
                items += [
                    (loc, m.strip() if m else None)
                    for raw_loc, m in rows
                    if (loc := raw_loc.strip())
                ]
                pos = run.end()
            text, pos = text[pos:], 0
            if not raw or len(text) > CHUNK:
                break
    except (etree.XMLSyntaxError, UnicodeDecodeError):
        return None
    return items if not raw and _FAST_END.fullmatch(text) else None
