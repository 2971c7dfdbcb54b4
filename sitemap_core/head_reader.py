"""Read the heads of built pages: the bytes before ``<body``.

Also a small program, run by path in a child process of its own (``python -I -S
head_reader.py``) by :mod:`sitemap_core.head_prefetch`: it reads the heads of the files whose
paths arrive on its standard input (NUL-separated) while the generator goes on writing, and,
at the end of its input, writes to its standard output a pickled ``{path: head}`` of the files
that are still as they were when read. So it imports nothing from this package.
"""

from __future__ import annotations

import os
import pickle
import sys

SCAN_LIMIT = 65536
SCAN_CHUNK = 8192

_Signature = tuple[int, int, int, int]


def read_head(path: str | os.PathLike[str]) -> bytes | None:
    """The bytes before ``<body`` (searched within the first 64 KiB), as written.

    :return: ``None`` when there is no ``<body`` there or the file cannot be read.
    """
    try:
        # Plain os calls: one open, one read of a chunk, one close; a file object costs more.
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        return read_head_fd(fd)
    finally:
        os.close(fd)


def read_head_fd(fd: int) -> bytes | None:
    """:func:`read_head` of an open file."""
    raw = b""
    try:
        while len(raw) < SCAN_LIMIT:
            chunk = os.read(fd, SCAN_CHUNK)
            raw += chunk
            end = raw.lower().find(b"<body")
            if end >= 0:
                return raw[:end]
            if len(chunk) < SCAN_CHUNK:
                return None
    except OSError:
        return None
    return None


def _signature(stat: os.stat_result) -> _Signature:
    return (stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino)


def _read(path: bytes, found: dict[bytes, tuple[bytes, _Signature]]) -> None:
    found.pop(path, None)  # a later write of the same path: only the last read counts
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        signature = _signature(os.fstat(fd))
        head = read_head_fd(fd)
    except OSError:
        return
    finally:
        os.close(fd)
    if head is not None:
        found[path] = (head, signature)


def main() -> int:
    """The child process: paths in, heads of unchanged files out."""
    found: dict[bytes, tuple[bytes, _Signature]] = {}
    pending = b""
    stdin = sys.stdin.fileno()
    while True:
        chunk = os.read(stdin, 1 << 16)
        if not chunk:
            break
        *paths, pending = (pending + chunk).split(b"\0")
        for path in paths:
            if path:
                _read(path, found)
    heads: dict[str, bytes] = {}
    for path, (head, signature) in found.items():
        try:
            # Bytes paths, no Path objects: this runs for every page.
            if _signature(os.stat(path)) == signature:  # noqa: PTH116
                heads[os.fsdecode(path)] = head
        except OSError:
            continue
    sys.stdout.buffer.write(pickle.dumps(heads, protocol=pickle.HIGHEST_PROTOCOL))
    sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
