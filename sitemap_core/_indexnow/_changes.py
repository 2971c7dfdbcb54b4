"""What changed between two lists of a site's URLs: the one model ``announce`` and ``diff`` share.

A URL is added, removed, has its ``lastmod`` moved, or (its ``lastmod`` the same) has its
content changed: a date-only ``lastmod`` stays put through a second edit on the same day,
the main content's hash does not. A hash counts only when both sides know one (a sitemap
read over HTTP has none). :func:`listed_urls` reads what a built site's sitemaps list.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from sitemap_core._files import site_urls
from sitemap_core._lastmod import content_hash
from sitemap_core._values import served_file

_HASH = "sha256:"


@dataclass(frozen=True, slots=True)
class Listed:
    """What is known of one listed URL.

    :param lastmod: its sitemap ``lastmod`` as written, or ``None``.
    :param digest: its built file's main-content hash, or ``None`` when unknown.
    """

    lastmod: str | None = None
    digest: str | None = None

    def signature(self) -> str:
        """The form the announce state file keeps: ``lastmod sha256:digest``, either part
        left out when unknown."""
        parts = [self.lastmod or "", f"{_HASH}{self.digest}" if self.digest else ""]
        return " ".join(p for p in parts if p)

    @classmethod
    def from_signature(cls, text: str) -> Listed:
        """Read :meth:`signature` back (and the older form, the lastmod or the hash alone)."""
        lastmod: str | None = None
        digest: str | None = None
        for part in text.split():
            if part.startswith(_HASH):
                digest = part[len(_HASH) :]
            else:
                lastmod = part
        return cls(lastmod, digest)


@dataclass(frozen=True, slots=True)
class Moved:
    """A URL whose ``lastmod`` changed."""

    loc: str
    old: str | None
    new: str | None


@dataclass(frozen=True, slots=True)
class Changes:
    """Two lists compared, each part in the newer list's order (removed: the older's).

    :param added: URLs only the newer lists.
    :param removed: URLs only the older lists.
    :param moved: URLs in both whose ``lastmod`` changed.
    :param edited: URLs in both with the same ``lastmod`` whose content hash changed.
    :param unchanged: how many URLs are in both, unchanged.
    """

    added: tuple[str, ...]
    removed: tuple[str, ...]
    moved: tuple[Moved, ...]
    edited: tuple[str, ...]
    unchanged: int

    @property
    def kept(self) -> int:
        """How many URLs both lists hold."""
        return len(self.moved) + len(self.edited) + self.unchanged


def compare(old: Mapping[str, Listed], new: Mapping[str, Listed]) -> Changes:
    """What changed from ``old`` to ``new`` (both keyed by URL)."""
    added: list[str] = []
    moved: list[Moved] = []
    edited: list[str] = []
    unchanged = 0
    for loc, now in new.items():
        before = old.get(loc)
        if before is None:
            added.append(loc)
        elif before.lastmod != now.lastmod:
            moved.append(Moved(loc, before.lastmod, now.lastmod))
        elif before.digest and now.digest and before.digest != now.digest:
            edited.append(loc)
        else:
            unchanged += 1
    removed = tuple(loc for loc in old if loc not in new)
    return Changes(tuple(added), removed, tuple(moved), tuple(edited), unchanged)


def listed_urls(
    site_dir: Path, base_url: str, host: str | None = None
) -> tuple[dict[str, Listed], int]:
    """The URLs the site's sitemaps list (on ``host`` only, when given), each with what is
    known of it; how many were left out for naming another host."""
    current: dict[str, Listed] = {}
    other_hosts = 0
    for loc, lastmod in site_urls(site_dir, base_url):
        if host is not None and (urlsplit(loc).hostname or "").lower() != host:
            other_hosts += 1
            continue
        path = served_file(site_dir, base_url, loc)
        current[loc] = Listed(lastmod or None, content_hash(path) if path is not None else None)
    return current, other_hosts
