"""Atomic file writes: a temp file in the same directory, renamed into place."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import logging
import os
import secrets
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from sitemap_core._errors import SitemapError
from sitemap_core._util.regular import open_regular, read_regular
from sitemap_core._util.text import printable

TEMP_PREFIX = ".sitemap-"
TEMP_SUFFIX = ".tmp"
#: A leftover temp file without a pid in its name is removed once it is this old.
STALE_TEMP_SECONDS = 3600
#: One whose pid is alive (maybe reused by another process) is removed once it is this old.
ABANDONED_TEMP_SECONDS = 86400
#: The lock file a build holds in its output folder while it replaces the sitemap set.
LOCK_NAME = ".sitemap.lock"
#: How long a build waits for another build of the same folder before it gives up.
LOCK_WAIT_SECONDS = 120.0

_log = logging.getLogger("sitemap_core")


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
        #: The SHA-256 of what :meth:`write` wrote (the ledger's, without reading it back).
        self.sha256 = hashlib.sha256()

    def write(self, data: bytes) -> int:
        """Write and hash ``data``."""
        self.sha256.update(data)
        return self.handle.write(data)

    def flush(self) -> None:
        self.handle.flush()

    def finish(self) -> None:
        """Flush, sync and close (one open descriptor per build, not per shard)."""
        if not self.handle.closed:
            try:
                self.handle.flush()
                os.fsync(self.handle.fileno())
            finally:
                self.handle.close()

    def commit(self, final: Path, mode: int = 0o644) -> None:
        """Flush, sync and rename into place."""
        self.finish()
        # mkstemp creates 0600 files; a sitemap is public like the rest of the site.
        self.path.chmod(mode)
        self.path.replace(final)

    def discard(self) -> None:
        """Close and delete the temp file (after an error)."""
        with contextlib.suppress(OSError):
            self.handle.close()
        with contextlib.suppress(OSError):
            self.path.unlink()


class WriteError(SitemapError, OSError):
    """A file could not be written; names it, never its temp file. An :class:`OSError` too."""

    def __init__(self, final: Path, exc: OSError) -> None:
        OSError.__init__(self, exc.errno, exc.strerror or str(exc), str(final))

    def __str__(self) -> str:
        return f"cannot write {printable(str(self.filename))}: {self.strerror}"


@contextlib.contextmanager
def atomic_write(final: Path, mode: int = 0o644) -> Iterator[BinaryIO]:
    """Write ``final`` through a temp file; on any error the old file stays untouched.

    :param mode: the permissions the file gets.
    :raises WriteError: the temp file could not be made, written or renamed into place.
    """
    try:
        temp = TempFile(final.parent)
    except OSError as exc:
        raise WriteError(final, exc) from None
    try:
        yield temp.handle
    except OSError as exc:
        temp.discard()
        if exc.filename not in (None, str(temp.path)):
            raise  # not a write of ours: some other file the caller read
        raise WriteError(final, exc) from None
    except BaseException:
        temp.discard()
        raise
    try:
        temp.commit(final, mode)
    except OSError as exc:
        temp.discard()
        raise WriteError(final, exc) from None


def replace_contents(path: Path, data: bytes) -> bool:
    """Give a site file new bytes only when they differ (an unchanged file keeps its mtime);
    its mode stays, and a hard-linked file is written in place.

    :return: whether the file changed.
    :raises WriteError: it cannot be written.
    """
    try:
        old = path.stat()
        if old.st_size == len(data) and path.read_bytes() == data:
            return False
    except FileNotFoundError:
        with atomic_write(path) as handle:
            handle.write(data)
        return True
    except OSError as exc:
        raise WriteError(path, exc) from None
    if old.st_nlink > 1:
        try:
            with path.open("r+b") as handle:
                handle.write(data)
                handle.truncate()
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as exc:
            raise WriteError(path, exc) from None
        return True
    with atomic_write(path, stat.S_IMODE(old.st_mode)) as handle:
        handle.write(data)
    return True


#: The journal of a commit under way, in the folder: written and synced before the first
#: rename, removed after the last step. A build that finds one rolls the commit forward.
JOURNAL_NAME = ".sitemap.journal"
#: Observers of a commit's steps, each called with the step's name (``journal``, ``rename
#: NAME``, ``sweep NAME``, ``done``) once it is passed: the kill tests stop a build there.
COMMIT_STEPS: list[Callable[[str], None]] = []


def _step(name: str) -> None:
    for observer in COMMIT_STEPS:
        observer(name)


def sha256_of(path: Path) -> str | None:
    """The file's SHA-256; ``None`` when it is not a regular file or cannot be read."""
    if path.is_symlink() or not path.is_file():
        return None
    sha = hashlib.sha256()
    try:
        with open_regular(path) as handle:
            while chunk := handle.read(1 << 20):
                sha.update(chunk)
    except OSError:
        return None
    return sha.hexdigest()


def commit_all(
    pairs: Sequence[tuple[TempFile, Path]],
    folder: Path | None = None,
    stale: Sequence[tuple[Path, str]] = (),
) -> list[Path]:
    """Rename each temp file into place in order (index last), then remove each ``stale``
    file whose SHA-256 is still the one given. Journaled in ``folder`` before the first
    rename, so a killed build is rolled forward by :func:`recover`; a failure part-way puts
    the old set back.

    :return: the stale files removed.
    :raises SitemapError: naming the file that could not be written.
    """
    if not pairs and not stale:
        return []
    folder = folder or (pairs[0][1].parent if pairs else stale[0][0].parent)
    entries = _write_journal(folder, pairs, stale)
    _rename_all(folder, pairs)
    removed = _sweep(folder, entries["stale"])
    (folder / JOURNAL_NAME).unlink(missing_ok=True)
    _step("done")
    return removed


def _write_journal(
    folder: Path, pairs: Sequence[tuple[TempFile, Path]], stale: Sequence[tuple[Path, str]]
) -> dict[str, list[list[str]]]:
    """The temp files finished, then the journal of the commit written and synced."""
    for temp, _final in pairs:
        temp.finish()
    entries = {
        "renames": [[_rel(folder, temp.path), _rel(folder, final)] for temp, final in pairs],
        "stale": [[_rel(folder, path), digest] for path, digest in stale],
    }
    try:
        log = TempFile(folder)
        log.handle.write(json.dumps(entries).encode())
        log.commit(folder / JOURNAL_NAME)
    except OSError as exc:
        raise WriteError(folder / JOURNAL_NAME, exc) from None
    _step("journal")
    return entries


def _rename_all(folder: Path, pairs: Sequence[tuple[TempFile, Path]]) -> None:
    """Each rename in order; a failure puts back the files replaced so far (see
    :func:`commit_all`) and drops the journal."""
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
            _step(f"rename {_rel(folder, final)}")
    except BaseException:
        for final, backup in reversed(done):
            with contextlib.suppress(OSError):
                if backup is None:
                    final.unlink()
                else:
                    backup.replace(final)
        (folder / JOURNAL_NAME).unlink(missing_ok=True)
        for temp, _final in pairs:
            temp.discard()
        raise
    for _final, backup in done:
        if backup is not None:
            with contextlib.suppress(OSError):
                backup.unlink()


def _rel(folder: Path, path: Path) -> str:
    # mkstemp gives an absolute name in a folder that may have been given relative.
    return Path(os.path.relpath(path, folder)).as_posix()


def _inside(folder: Path, rel: object) -> Path | None:
    """``folder/rel`` for a journal's relative path; ``None`` for one that is not ours."""
    if not isinstance(rel, str) or rel.startswith("/") or "\0" in rel:
        return None
    return None if ".." in rel.split("/") else folder / rel


def _sweep(folder: Path, stale: Sequence[Sequence[str]]) -> list[Path]:
    """Remove each stale file whose bytes are still the recorded ones (a copy, an edit stays)."""
    removed = []
    for rel, digest in stale:
        path = _inside(folder, rel)
        if path is not None and sha256_of(path) == digest:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
                removed.append(path)
        _step(f"sweep {rel}")
    return removed


def _journal(folder: Path) -> dict[str, list[list[str]]] | None:
    try:
        data = json.loads(read_regular(folder / JOURNAL_NAME, 64 << 20))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def recover(folder: Path) -> None:
    """Finish a commit a killed build left (its journal): every temp file still there is
    renamed into place, then the stale files go. Call under the folder's lock."""
    data = _journal(folder)
    if data is None:
        (folder / JOURNAL_NAME).unlink(missing_ok=True)  # none, or not one we can read
        return
    with contextlib.suppress(OSError, TypeError, ValueError):
        for temp_rel, final_rel in data.get("renames", []):
            temp, final = _inside(folder, temp_rel), _inside(folder, final_rel)
            if temp is not None and final is not None and temp.is_file():
                temp.chmod(0o644)
                temp.replace(final)
        _sweep(folder, data.get("stale", []))
    (folder / JOURNAL_NAME).unlink(missing_ok=True)
    _log.info("sitemap: finished the commit an interrupted build left in %s", folder)


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


def remove_leftovers(directory: Path) -> None:
    """Remove temp files a killed build left in ``directory`` (not a live writer's)."""
    try:
        candidates = list(directory.glob(f"{TEMP_PREFIX}*{TEMP_SUFFIX}"))
    except OSError:
        return
    now = time.time()
    journal = _journal(directory) or {}
    # A killed build's commit: its temp files are the next build's to rename in.
    held = {directory / str(pair[0]) for pair in journal.get("renames", [])}
    for path in candidates:
        if path in held:
            continue
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
        except OSError:
            continue  # gone already (a concurrent build), or not ours to remove


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OverflowError, OSError):
        pass  # it exists (another user's), or the number is not a pid we can ask about
    return True


class FolderBusy(SitemapError):
    """Another build holds the folder's lock for longer than a build waits."""


@contextlib.contextmanager
def folder_lock(
    directory: Path, wait: float | None = None, name: str = LOCK_NAME
) -> Iterator[None]:
    """Hold ``directory``'s build lock (``flock``; ``msvcrt`` on Windows): one build at a
    time replaces its sitemap set. The holder removes the file; the system releases a dead
    build's lock; another user's lock file is removed when no build holds it.

    :param wait: seconds to wait for another build (default :data:`LOCK_WAIT_SECONDS`).
    :param name: the lock file's name (another job's lock in the same folder).
    :raises FolderBusy: another build held it all that time.
    :raises SitemapError: the lock file cannot be created.
    """
    path = directory / name
    limit = LOCK_WAIT_SECONDS if wait is None else wait
    fd = _acquire(path, time.monotonic() + limit)
    if fd is None:
        raise FolderBusy(
            f"another build has been writing the sitemap files in {printable(str(directory))} "
            f"for {limit:g} s; this build changed nothing there (run the builds one after the "
            "other, or into different folders)"
        )
    try:
        yield
    finally:
        if fd >= 0:
            _release(fd, path)


def _acquire(path: Path, deadline: float) -> int | None:
    """The locked descriptor; ``-1`` when the file system has no locks; ``None``: timed out."""
    delay = 0.005
    while True:
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        fd: int | None
        try:
            fd = os.open(path, flags, 0o644)
        except PermissionError as exc:
            # Another user's build (a root build that crashed) may have left its lock file.
            if _remove_stale_lock(path, exc):
                continue  # gone: create ours
            fd = None  # that build holds it: wait, as for any other
        except OSError as exc:
            raise _cannot_create(path, exc) from None
        if fd is not None:
            try:
                held = _try_lock(fd)
            except OSError as exc:
                # A file system without locks (some network mounts): build as before.
                _log.debug("sitemap: cannot lock %s (%s); building without the lock", path, exc)
                os.close(fd)
                with contextlib.suppress(OSError):
                    path.unlink()
                return -1
            # The holder removes the file before it lets go: a removed file's lock is none.
            if held and _is_current(fd, path):
                return fd
            if held:
                _unlock(fd)
            os.close(fd)
        if time.monotonic() >= deadline:
            return None
        time.sleep(delay)
        delay = min(delay * 2, 0.1)


def _cannot_create(path: Path, exc: OSError) -> SitemapError:
    return SitemapError(
        f"cannot create the lock file {printable(str(path))}: {exc.strerror or exc}"
    )


def _remove_stale_lock(path: Path, exc: OSError) -> bool:
    """Remove a lock file this build may not write, when no build holds it.

    :return: whether it was removed (``False``: a build holds it).
    :raises SitemapError: it cannot be read or removed (the message says how), or is gone.
    """
    shown = printable(str(path))
    try:
        owner = f"owned by uid {path.lstat().st_uid}"
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise _cannot_create(path, exc) from None
    except OSError:
        raise SitemapError(
            f"cannot open the lock file {shown} ({exc.strerror or exc}): another user's build "
            f"left it; if no build is running in that folder it is stale: remove it (rm {shown})"
        ) from None
    try:
        try:
            if not _try_lock(fd):
                return False
        except OSError:
            pass  # no locks on this file system: nothing can hold it
        try:
            path.unlink()  # while locked: a build that opens it now finds it is not current
        except FileNotFoundError:
            pass
        except OSError as gone:
            raise SitemapError(
                f"the lock file {shown} is stale ({owner}; no build holds it) and cannot be "
                f"removed: {gone.strerror or gone}; remove it (rm {shown})"
            ) from None
        _log.info("sitemap: removed the stale lock file %s (%s; no build held it)", shown, owner)
        return True
    finally:
        _unlock(fd)
        os.close(fd)


def _release(fd: int, path: Path) -> None:
    if _REMOVE_WHILE_HELD:
        # Removed while held, so that nobody locks a file that is about to go.
        with contextlib.suppress(OSError):
            path.unlink()
    _unlock(fd)
    os.close(fd)
    if not _REMOVE_WHILE_HELD:
        # Windows cannot remove an open file: after the close, unless another build has it.
        with contextlib.suppress(OSError):
            path.unlink()


def _is_current(fd: int, path: Path) -> bool:
    try:
        here, there = os.fstat(fd), path.lstat()
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    _REMOVE_WHILE_HELD = False

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as exc:
            if exc.errno in (errno.EACCES, errno.EDEADLOCK):
                return False
            raise
        return True

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    _REMOVE_WHILE_HELD = True

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)
