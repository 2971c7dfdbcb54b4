"""Read the heads of built pages: the bytes before ``<body`` (what the rules' byte-scan
triggers in ``_judge`` read before the page's URL is known, sparing most pages the HTML
parser)."""

from __future__ import annotations

import os

from sitemap_core._util.regular import open_regular_fd

SCAN_LIMIT = 65536
SCAN_CHUNK = 8192


def read_head_lower(path: str | os.PathLike[str]) -> tuple[bytes, bytes] | None:
    """The bytes before ``<body`` as written and lower-cased (the byte scans read the
    latter: one lowering serves the search for ``<body`` and them).

    :return: ``None`` when there is no ``<body`` in the first 64 KiB or the file cannot be
        read.
    """
    start = _read_start(path)
    if start is None or start[2] < 0:
        return None
    raw, low, end = start
    return raw[:end], low[:end]


def head_names(path: str | os.PathLike[str], triggers: tuple[bytes, ...]) -> bool:
    """Cheap byte scan: does the head (or, without ``<body`` in the first 64 KiB, what was
    read) name any of ``triggers`` (lower case)? ``False`` when the file cannot be read."""
    start = _read_start(path)
    if start is None:
        return False
    _, low, end = start
    head = low if end < 0 else low[:end]
    return any(trigger in head for trigger in triggers)


def _read_start(path: str | os.PathLike[str]) -> tuple[bytes, bytes, int] | None:
    """The first bytes of a page, up to ``<body`` or 64 KiB, as written and lower-cased, and
    where ``<body`` is (-1: not there). ``None``: the file cannot be read or is no regular
    file."""
    try:
        # A descriptor and plain os calls: one open, one read of a chunk, one close; a file
        # object costs more. A FIFO or a device is refused (never waited on or read without end).
        fd = open_regular_fd(path)
    except OSError:
        return None
    raw = low = b""
    try:
        while len(raw) < SCAN_LIMIT:
            chunk = os.read(fd, SCAN_CHUNK)
            # Each chunk is lowered and searched once (a case-blind regular expression over
            # the whole start, again after each chunk, cost 0.1 ms on a 26 KiB head).
            searched = max(0, len(low) - 4)
            raw += chunk
            low += chunk.lower()
            found = low.find(b"<body", searched)
            if found >= 0:
                return raw, low, found
            if len(chunk) < SCAN_CHUNK:
                break
    except OSError:
        return None
    finally:
        os.close(fd)
    return raw, low, -1
