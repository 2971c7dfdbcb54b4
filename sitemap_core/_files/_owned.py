"""The ledger of the files a build wrote in a folder, and the journaled commit of them.

:data:`RECORD_NAME` holds each file's path and SHA-256 in ``sha256sum``'s format. A recorded
file is replaced or removed only while its bytes still match; an unrecorded one is replaced
only when it carries our marker, and never removed. A sub-folder built apart keeps its own.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from sitemap_core._errors import SitemapError
from sitemap_core._files._writer import may_replace
from sitemap_core._util.atomic import (
    TempFile,
    WriteError,
    commit_all,
    recover,
    remove_leftovers,
    sha256_of,
)
from sitemap_core._util.regular import open_regular

#: The ledger of the last build's files, in the output folder.
RECORD_NAME = ".sitemap.sha256"
#: Where a build's ``sitemap_written`` hooks find its :class:`FilePlan` (``context.cache``).
PLAN_KEY = "files_plan"
#: A ledger larger than this is not one of ours.
_MAX_RECORD = 64 << 20
_LINE = re.compile(r"^(\\?)([0-9a-f]{64})  (.+)$")


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: "\n" if m[1] == "n" else m[1], text)


def _safe(rel: str) -> bool:
    parts = rel.split("/")
    return not rel.startswith("/") and "\0" not in rel and not {"", ".", ".."} & set(parts)


@dataclass(frozen=True)
class OwnedFiles:
    """The ledger of one folder's last build.

    :param folder: the output folder.
    :param digests: recorded path (relative, ``/``-separated) -> SHA-256 (empty: no ledger).
    """

    folder: Path
    digests: Mapping[str, str]

    def rel(self, path: Path) -> str | None:
        """``path`` relative to the folder (``None``: outside it)."""
        for folder, there in ((self.folder, path), (self.folder.resolve(), path.resolve())):
            if there.is_relative_to(folder) and there != folder:
                return there.relative_to(folder).as_posix()
        return None

    def unchanged(self, path: Path) -> bool:
        """Recorded, and its bytes are still the ones written."""
        recorded = self.digests.get(self.rel(path) or "")
        return recorded is not None and sha256_of(path) == recorded

    def may_replace(self, path: Path, ours: Callable[[Path], bool] = may_replace) -> bool:
        """Whether a build may write over ``path``: absent, recorded and unchanged, or (not
        recorded) ``ours`` (carrying our marker)."""
        if not path.exists() and not path.is_symlink():
            return True
        return self.unchanged(path) if self.rel(path) in self.digests else ours(path)

    def set_files(
        self, among: Callable[[str], bool] = lambda rel: True
    ) -> tuple[list[Path], list[Path]]:
        """The recorded files present (those ``among`` picks): ``(unchanged, changed since)``."""
        unchanged: list[Path] = []
        changed: list[Path] = []
        for rel in sorted(filter(among, self.digests)):
            path = self.folder / rel
            if path.exists() or path.is_symlink():
                (unchanged if self.unchanged(path) else changed).append(path)
        return unchanged, changed


def read_owned(folder: Path) -> OwnedFiles:
    """The folder's ledger (none, or one that is not ours, reads as empty). A ledger of an
    earlier version (names in the folder, no sub-folders) reads as it always did."""
    digests: dict[str, str] = {}
    try:
        with open_regular(folder / RECORD_NAME) as handle:
            raw = handle.read(_MAX_RECORD + 1)
    except OSError:
        return OwnedFiles(folder, digests)
    if len(raw) > _MAX_RECORD:
        return OwnedFiles(folder, digests)
    for line in raw.decode("utf-8", "replace").splitlines():
        match = _LINE.match(line)
        rel = match and (_unescape(match[3]) if match[1] else match[3])
        if not match or not rel or not _safe(rel):
            return OwnedFiles(folder, {})  # not a ledger we wrote
        digests[rel] = match[2]
    return OwnedFiles(folder, digests)


def not_ours(path: Path) -> SitemapError:
    """The refusal of a planned file at ``path`` that is neither recorded unchanged nor ours
    (:meth:`OwnedFiles.may_replace`): nothing is written over it."""
    return SitemapError(
        f"{path} exists and was not written by ssg-sitemap, or was changed since; it is left "
        "alone (remove it or choose another name)"
    )


def add_owned(folder: Path, path: Path, data: bytes) -> None:
    """Put ``data`` at ``path`` as one more file of this build's set, by one journaled commit
    that records it (an unfinished commit a killed build left is finished first)."""
    recover(folder)
    commit_set(read_owned(folder), [], {path: data}, ())


@dataclass
class FilePlan:
    """Files a build means to write, not yet on disk (see :func:`commit_set`).

    :param owned: the folder's ledger, as the build found it.
    :param files: the planned files and their bytes.
    :param kept: files at a planned path that are not ours to replace (left as they are).
    """

    owned: OwnedFiles
    files: dict[Path, bytes] = field(default_factory=dict)
    kept: list[Path] = field(default_factory=list)


@dataclass(frozen=True)
class Committed:
    """What a commit did: the files removed, the stale ones kept (changed since), and the
    folder's ledger as it now is."""

    removed: list[Path]
    kept: list[Path]
    owned: OwnedFiles


def commit_set(
    owned: OwnedFiles,
    staged: list[tuple[TempFile, Path]],
    planned: Mapping[Path, bytes],
    decides: Collection[str],
) -> Committed:
    """Put ``staged`` and ``planned`` files in place and record them in one journaled commit
    (the ledger last), removing the unchanged recorded files of ``decides`` not written now.
    A planned file already there byte for byte keeps its mtime.

    :param decides: the recorded paths this commit rules on (written again, or stale).
    :raises SitemapError: a file cannot be written (nothing changed).
    """
    folder = owned.folder
    digests = {rel: d for rel, d in owned.digests.items() if rel not in decides}
    for temp, final in staged:
        temp.finish()
        digests[owned.rel(final) or final.name] = temp.sha256.hexdigest()
    pairs = _stage(owned, planned, digests)
    unchanged, kept = owned.set_files(lambda rel: rel in decides and rel not in digests)
    stale = [(path, owned.digests[owned.rel(path) or ""]) for path in unchanged]
    removed = commit_all([*staged, *pairs], folder, stale)  # the ledger last
    if not any(digests.values()):
        (folder / RECORD_NAME).unlink(missing_ok=True)
    return Committed(removed, kept, OwnedFiles(folder, {r: d for r, d in digests.items() if d}))


def _stage(
    owned: OwnedFiles, planned: Mapping[Path, bytes], digests: dict[str, str]
) -> list[tuple[TempFile, Path]]:
    """Temp files of the planned files whose bytes are not there yet, and of the ledger
    (``digests``, filled in here); none is left on an error."""
    pairs: list[tuple[TempFile, Path]] = []
    for folder in {final.parent for final in planned} - {owned.folder}:
        remove_leftovers(folder)  # a build killed before its journal: its temps there
    try:
        for final, data in planned.items():
            digests[owned.rel(final) or final.name] = hashlib.sha256(data).hexdigest()
            if final.is_file() and not final.is_symlink() and final.read_bytes() == data:
                continue
            final.parent.mkdir(parents=True, exist_ok=True)
            temp = TempFile(final.parent)
            pairs.append((temp, final))
            temp.handle.write(data)
        if any(digests.values()):
            ledger = TempFile(owned.folder)
            pairs.append((ledger, owned.folder / RECORD_NAME))
            lines = []
            for rel, digest in sorted(digests.items()):
                if digest:
                    escaped = rel.replace("\\", "\\\\").replace("\n", "\\n")
                    lines.append(("\\" if escaped != rel else "") + f"{digest}  {escaped}\n")
            ledger.handle.write("".join(lines).encode())
    except OSError as exc:
        for temp, _final in pairs:
            temp.discard()
        raise WriteError(pairs[-1][1] if pairs else owned.folder, exc) from None
    return pairs
