"""Atomic file writes: a temp file in the same directory, renamed into place."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from sitemap_core.errors import SitemapError

TEMP_PREFIX = ".sitemap-"
TEMP_SUFFIX = ".tmp"
#: A leftover temp file without a pid in its name is removed once it is this old.
STALE_TEMP_SECONDS = 3600
#: One whose pid is alive (maybe reused by another process) is removed once it is this old.
ABANDONED_TEMP_SECONDS = 86400


def _prefix() -> str:
    return f"{TEMP_PREFIX}{os.getpid()}-"


class TempFile:
    """A temp file beside its final place; :meth:`commit` renames it there atomically.

    :param directory: where the final file goes (the temp file is created there too, so the
        rename never crosses file systems).
    """

    def __init__(self, directory: Path) -> None:
        # The pid in the name tells a later build whether the writer is still alive.
        fd, name = tempfile.mkstemp(prefix=_prefix(), suffix=TEMP_SUFFIX, dir=directory)
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


def commit_all(pairs: Sequence[tuple[TempFile, Path]]) -> None:
    """Rename each temp file into place, in order (put the index last).

    A failure part-way puts back every file replaced so far (from a hard-link backup made
    just before its rename) and removes the ones that are new, so the set on disk is the old
    one, never a mix; all temp files are removed.

    :raises SitemapError: naming the file that could not be written.
    """
    done: list[tuple[Path, Path | None]] = []
    try:
        for temp, final in pairs:
            backup = _backup(final)
            try:
                temp.commit(final)
            except OSError as exc:
                if backup is not None:
                    backup.unlink(missing_ok=True)
                raise SitemapError(f"cannot write {final}: {exc.strerror or exc}") from None
            done.append((final, backup))
    except BaseException:
        for temp, _final in pairs:
            temp.discard()
        for final, backup in reversed(done):
            with contextlib.suppress(OSError):
                if backup is None:
                    final.unlink()
                else:
                    backup.replace(final)
        raise
    for _final, backup in done:
        if backup is not None:
            with contextlib.suppress(OSError):
                backup.unlink()


def _backup(final: Path) -> Path | None:
    """A hard link to ``final`` under a temp name (a copy where links are not supported)."""
    if not final.is_file():
        return None
    name = final.parent / f"{_prefix()}{secrets.token_hex(6)}{TEMP_SUFFIX}"
    try:
        os.link(final, name)
    except OSError:
        try:
            shutil.copy2(final, name)
        except OSError:
            return None
    return name


def remove_leftovers(directory: Path) -> list[Path]:
    """Remove temp files an interrupted build (killed mid-write) left in ``directory``.

    A file whose writer is still running (another build in the same folder) is left alone.

    :return: the files removed.
    """
    removed: list[Path] = []
    try:
        candidates = list(directory.glob(f"{TEMP_PREFIX}*{TEMP_SUFFIX}"))
    except OSError:
        return removed
    now = time.time()
    for path in candidates:
        pid_text = path.name[len(TEMP_PREFIX) :].split("-", 1)[0]
        try:
            age = now - path.lstat().st_mtime
            if pid_text.isdigit():
                # A live pid may be a new process that reused a dead build's number: a day
                # without a change settles it.
                if _alive(int(pid_text)) and age < ABANDONED_TEMP_SECONDS:
                    continue
            elif age < STALE_TEMP_SECONDS:
                continue
            path.unlink()
            removed.append(path)
        except OSError:
            continue  # gone already (a concurrent build), or not ours to remove
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True
