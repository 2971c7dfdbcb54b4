"""Atomic file writes: a temp file in the same directory, renamed into place."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO


class TempFile:
    """A temp file beside its final place; :meth:`commit` renames it there atomically.

    :param directory: where the final file goes (the temp file is created there too, so the
        rename never crosses file systems).
    """

    def __init__(self, directory: Path) -> None:
        fd, name = tempfile.mkstemp(prefix=".sitemap-", suffix=".tmp", dir=directory)
        self.path = Path(name)
        self.handle: BinaryIO = os.fdopen(fd, "wb")

    def commit(self, final: Path) -> None:
        """Flush, sync and rename into place."""
        if not self.handle.closed:
            self.handle.flush()
            os.fsync(self.handle.fileno())
            self.handle.close()
        # mkstemp creates 0600 files; a sitemap is public like the rest of the site.
        self.path.chmod(0o644)
        self.path.replace(final)

    def discard(self) -> None:
        """Close and delete the temp file (after an error)."""
        with contextlib.suppress(OSError):
            self.handle.close()
        with contextlib.suppress(OSError):
            self.path.unlink()


@contextlib.contextmanager
def atomic_write(final: Path) -> Iterator[BinaryIO]:
    """Write ``final`` through a temp file; on any error the old file stays untouched."""
    temp = TempFile(final.parent)
    try:
        yield temp.handle
    except BaseException:
        temp.discard()
        raise
    temp.commit(final)
