"""Read the heads of built pages: the bytes before ``<body``.

Also a small program, run by path in a child process of its own (``python -I -S
head_reader.py FD``) by :mod:`sitemap_core.head_prefetch`, so it imports nothing from this
package. File descriptor ``FD`` reads a file that the parent appends NUL-terminated paths to
while the generator goes on writing; the child reads the heads of those files as they come.
Paths go through a file, not a pipe, so that the parent's writes never wake the child (on a
busy machine a wake-up can cost the writer its time slice); the child looks for more every
few milliseconds. When its standard input reaches its end, the parent has written every
path: the child reads the rest, then writes to its standard output a pickled
``{path: scan}`` of the files that are still as they were when read, where a scan is what
:func:`verdict` says of the head, or the head itself when the answer depends on the page's
URL.
"""

from __future__ import annotations

import importlib.util
import os
import pickle
import re
import select
import stat
import sys
from collections.abc import Callable

SCAN_LIMIT = 65536
SCAN_CHUNK = 8192
#: Seconds between looks for more paths.
_POLL = 0.02

_Signature = tuple[int, int, int, int]
#: Non-blocking, so that opening a FIFO returns at once (it is then skipped).
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
_TRIGGERS = (b"robots", b"googlebot", b"bingbot", b"refresh")
#: An HTTP error status in a title (``404 Not Found``), not part of a longer number.
_STATUS = re.compile(rb"(?<![0-9])[45][0-9][0-9](?![0-9])")


def verdict(head: bytes, may_redirect: Callable[[bytes], bool]) -> bool | None:
    """What a head (:func:`read_head`) says before the page's URL is known.

    :param may_redirect: :func:`sitemap_core.script_redirect.may_redirect`.
    :return: ``True``: it may exclude the page (a robots or refresh meta tag, a script that
        may redirect, several canonical links, a title that may name an error page);
        ``False``: it cannot; ``None``: it names one canonical link, which excludes the page
        unless it names the page itself.
    """
    low = head.lower()
    if any(trigger in low for trigger in _TRIGGERS) or may_redirect(low) or _error_title(low):
        return True
    count = low.count(b"canonical")
    if count == 0:
        return False
    if count > 1:
        return True
    return None


def _error_title(low: bytes) -> bool:
    """Could the title say the page is an error document
    (:func:`sitemap_core.error_pages.title_code` decides)?"""
    start = low.find(b"<title")
    if start < 0:
        return False
    end = low.find(b"</title", start)
    title = low[start : end if end >= 0 else start + 300]
    return b"found" in title or b"exist" in title or _STATUS.search(title) is not None


def read_head(path: str | os.PathLike[str]) -> bytes | None:
    """The bytes before ``<body`` (searched within the first 64 KiB), as written.

    :return: ``None`` when there is no ``<body`` there or the file cannot be read.
    """
    try:
        # Plain os calls: one open, one read of a chunk, one close; a file object costs more.
        fd = os.open(path, _OPEN_FLAGS)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None  # a FIFO or a device: never wait on it or read it without end
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
        fd = os.open(path, _OPEN_FLAGS)
    except OSError:
        return
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            return
        signature = _signature(status)
        head = read_head_fd(fd)
    except OSError:
        return
    finally:
        os.close(fd)
    if head is not None:
        found[path] = (head, signature)


def main() -> int:
    """The child process: paths in, heads of unchanged files out."""
    paths_fd = int(sys.argv[1])
    stdin = sys.stdin.fileno()
    found: dict[bytes, tuple[bytes, _Signature]] = {}
    pending = b""
    ended = False
    while True:
        chunk = os.read(paths_fd, 1 << 16)
        if chunk:
            *paths, pending = (pending + chunk).split(b"\0")
            for path in paths:
                if path:
                    _read(path, found)
            continue
        if ended:
            break
        # Nothing new: wait a little, or until the parent says every path is written (then
        # read once more: the last paths were written before that).
        ready, _, _ = select.select([stdin], [], [], _POLL)
        if ready and not os.read(stdin, 4096):
            ended = True
    may_redirect = _may_redirect()
    heads: dict[str, bool | bytes] = {}
    for path, (head, signature) in found.items():
        try:
            # Bytes paths, no Path objects: this runs for every page.
            if _signature(os.stat(path)) != signature:  # noqa: PTH116
                continue
        except OSError:
            continue
        said = verdict(head, may_redirect)
        heads[os.fsdecode(path)] = head if said is None else said
    sys.stdout.buffer.write(pickle.dumps(heads, protocol=pickle.HIGHEST_PROTOCOL))
    sys.stdout.buffer.flush()
    return 0


def _may_redirect() -> Callable[[bytes], bool]:
    """``may_redirect`` of the module beside this file, loaded on its own (the package's
    ``__init__`` would import all of the core)."""
    name = "_sitemap_head_reader_script_redirect"
    spec = importlib.util.spec_from_file_location(
        name,
        os.path.join(os.path.dirname(__file__), "script_redirect.py"),  # noqa: PTH118, PTH120
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    found: Callable[[bytes], bool] = module.may_redirect
    return found


if __name__ == "__main__":
    sys.exit(main())
