"""Content-hash state (opt-in): a page's lastmod moves only when its main content changes.

The state file is JSON: ``{"format": "ssg-sitemap-state", "version": 1, "pages": {URL:
{"hash": SHA256, "lastmod": W3C}}}``. The main content is the single ``<article>``, else
``role="main"``, ``<main>``, ``<body>``; files that are not HTML are hashed whole.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from sitemap_core._diagnostics import Diagnostics
from sitemap_core._util.atomic import atomic_write
from sitemap_core._util.regular import read_regular
from sitemap_core._values import Lastmod, is_page_file, parse_date

FORMAT = "ssg-sitemap-state"
VERSION = 1
_DROP = ("script", "style", "noscript", "template")


@dataclass(frozen=True, slots=True)
class PageState:
    """What the state file remembers about one page.

    :param hash: the main content's hash at the last build.
    :param lastmod: the lastmod given then (W3C Datetime), or ``None``.
    """

    hash: str
    lastmod: str | None


class StateFile:
    """The state of the previous build (a JSON file at ``path``), and the one being built."""

    def __init__(self, path: Path, diagnostics: Diagnostics) -> None:
        self.path = path
        self.diagnostics = diagnostics
        self.previous: dict[str, PageState] = {}
        self.current: dict[str, PageState] = {}

    def load(self) -> None:
        """Read the previous build's state; a missing, corrupt or foreign file counts as empty."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            self.diagnostics.debug(f"no state file at {self.path} yet; it will be created")
            return
        except OSError as exc:
            self._ignore(f"cannot be read ({exc})")
            return
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            self._ignore("is not valid JSON")
            return
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            self._ignore(f'is not an ssg-sitemap state file (no "format": "{FORMAT}")')
            return
        if data.get("version") != VERSION:
            self._ignore(f"has version {data.get('version')!r}; this version reads {VERSION}")
            return
        pages = data.get("pages")
        if not isinstance(pages, dict):
            self._ignore('has no "pages" mapping')
            return
        for url, entry in pages.items():
            if (
                isinstance(entry, dict)
                and isinstance(entry.get("hash"), str)
                and isinstance(entry.get("lastmod"), (str, type(None)))
            ):
                self.previous[url] = PageState(entry["hash"], entry["lastmod"])

    def _ignore(self, why: str) -> None:
        self.diagnostics.warning(
            f"{why}; it is ignored and will be rewritten", str(self.path), "state_file"
        )

    def decide(self, url: str, digest: str, found: Lastmod | None, tz: dt.tzinfo) -> Lastmod | None:
        """The lastmod for the page at ``url``: the remembered one when its content's hash is
        still ``digest``, else ``found`` (the lastmod sources' answer).

        :param tz: the site's timezone (for a remembered date-only value).
        """
        before = self.previous.get(url)
        result = found
        if before is not None and before.hash == digest and before.lastmod is not None:
            try:
                result = parse_date(before.lastmod, tz)
            except ValueError:
                result = found
        self.remember(url, digest, result)
        return result

    def remember(self, url: str, digest: str, lastmod: Lastmod | None) -> None:
        """Record a page for the next build."""
        self.current[url] = PageState(digest, None if lastmod is None else lastmod.w3c())

    def save(self) -> None:
        """Write this build's state atomically (a failure is a warning, never a lost file)."""
        data = {
            "format": FORMAT,
            "version": VERSION,
            "pages": {
                url: {"hash": page.hash, "lastmod": page.lastmod}
                for url, page in sorted(self.current.items())
            },
        }
        text = json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with atomic_write(self.path) as handle:
                handle.write(text.encode("utf-8"))
        except OSError as exc:
            self.diagnostics.warning(
                f"could not be written: {exc.strerror or exc}", str(self.path), "state_file"
            )


def content_hash(path: Path) -> str | None:
    """SHA-256 of a built page's main content, or ``None`` when it cannot be read."""
    try:
        data = read_regular(path)
    except OSError:
        return None
    if is_page_file(path.name):
        data = main_content(data)
    return hashlib.sha256(data).hexdigest()


def main_content(data: bytes) -> bytes:
    """The page's main content, serialised with whitespace runs collapsed."""
    # Imported here: a build without a state file never needs lxml (its import is a
    # noticeable part of a small site's sitemap step).
    import lxml.html
    from lxml import etree

    try:
        doc = lxml.html.document_fromstring(data)
    except (etree.ParserError, ValueError):
        return data
    articles = list(doc.iter("article"))
    candidates = articles if len(articles) == 1 else []
    candidates += [e for e in doc.iter() if e.get("role") == "main"]
    candidates += list(doc.iter("main"))
    element = candidates[0] if candidates else doc.find("body")
    if element is None:
        element = doc
    etree.strip_elements(element, *_DROP, with_tail=False)
    etree.strip_elements(element, etree.Comment, with_tail=False)
    text = lxml.html.tostring(element, encoding="unicode", method="html", with_tail=False)
    return " ".join(text.split()).encode("utf-8")
