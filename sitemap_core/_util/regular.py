"""Open regular files only: a FIFO (blocks ``open()``) or ``/dev/zero`` (never ends) in a site
must not hang a build. The open file is checked, not the name, which could change between.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO


class NotRegularFile(OSError):
    """The path is a FIFO, a device, a socket or a directory, not a regular file."""


def open_regular_fd(path: str | os.PathLike[str]) -> int:
    """A read-only descriptor of the regular file ``path``.

    :raises NotRegularFile: it is something else (nothing is read from it).
    :raises OSError: it cannot be opened.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(errno.EINVAL, "is not a regular file", str(path))
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_regular(path: Path, buffering: int = -1) -> BinaryIO:
    """:func:`open_regular_fd` as a binary file object."""
    handle: BinaryIO = os.fdopen(open_regular_fd(path), "rb", buffering=buffering)
    return handle


def read_regular(path: Path, limit: int = -1) -> bytes:
    """The content of the regular file ``path`` (its first ``limit`` bytes, when given).

    :raises NotRegularFile: it is not a regular file.
    """
    with open_regular(path) as handle:
        return handle.read(limit)


def begins_with(path: Path, head: bytes) -> bool:
    """Whether ``path`` is a regular file, not a symlink, whose first bytes are ``head``
    (a FIFO is never waited on)."""
    try:
        return not path.is_symlink() and read_regular(path, len(head)) == head
    except OSError:
        return False
