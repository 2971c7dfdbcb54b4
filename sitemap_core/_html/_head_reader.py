"""Read the heads of built pages: the bytes before ``<body`` (what the rules' byte-scan
triggers in ``_judge`` read before the page's URL is known, sparing most pages the HTML
parser)."""

from __future__ import annotations

import os
import re

from sitemap_core._util.regular import open_regular_fd

SCAN_LIMIT = 65536
SCAN_CHUNK = 8192
#: ``<body`` in any case: a search that stops there. Lower-casing the page's start (up to
#: 8 KiB) first cost 3 microseconds a page: 0.017 s of the 0.37 s Pelican step at 3,000
#: articles.
_BODY = re.compile(rb"<body", re.IGNORECASE)


def read_head(path: str | os.PathLike[str]) -> bytes | None:
    """The bytes before ``<body`` (searched within the first 64 KiB), as written.

    :return: ``None`` when there is no ``<body`` there or the file cannot be read.
    """
    start = _read_start(path)
    if start is None or start[1] < 0:
        return None
    return start[0][: start[1]]


def head_names(path: str | os.PathLike[str], triggers: tuple[bytes, ...]) -> bool:
    """Cheap byte scan: does the head (or, without ``<body`` in the first 64 KiB, what was
    read) name any of ``triggers`` (lower case)? ``False`` when the file cannot be read."""
    start = _read_start(path)
    if start is None:
        return False
    raw, end = start
    low = raw.lower()
    head = low if end < 0 else low[:end]
    return any(trigger in head for trigger in triggers)


def _read_start(path: str | os.PathLike[str]) -> tuple[bytes, int] | None:
    """The first bytes of a page, up to ``<body`` or 64 KiB, and where ``<body`` is (-1:
    not there). ``None``: the file cannot be read or is no regular file."""
    try:
        # A descriptor and plain os calls: one open, one read of a chunk, one close; a file
        # object costs more. A FIFO or a device is refused (never waited on or read without end).
        fd = open_regular_fd(path)
    except OSError:
        return None
    raw = b""
    try:
        while len(raw) < SCAN_LIMIT:
            chunk = os.read(fd, SCAN_CHUNK)
            raw += chunk
            found = _BODY.search(raw)
            if found is not None:
                return raw, found.start()
            if len(chunk) < SCAN_CHUNK:
                break
    except OSError:
        return None
    finally:
        os.close(fd)
    return raw, -1
