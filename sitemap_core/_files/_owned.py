"""Which files in a folder are the sitemap set a build of ours wrote there, unchanged since.

After each build the names and SHA-256 digests of the files it wrote (shards, index, ``.gz``
copies, the stylesheet) are recorded in :data:`RECORD_NAME` beside them, in ``sha256sum``'s
format (``sha256sum -c .sitemap.sha256`` verifies a deployed set). The next build replaces or
removes a recorded file only while its bytes still match: a file another tool or a person wrote
over, edited or copied under one of our names is never ours to change. A file the record does
not name is replaced only when it carries our marker (a set an earlier version wrote, which
has no record) and is never removed. The marker alone cannot say more: a copy keeps it, and a
text sitemap cannot carry it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from sitemap_core._files._writer import may_replace
from sitemap_core._util.atomic import atomic_write
from sitemap_core._util.regular import open_regular

#: The record of the last build's files, beside them.
RECORD_NAME = ".sitemap.sha256"
#: A record larger than this is not one of ours (50,000 shards and their ``.gz`` copies).
_MAX_RECORD = 16 << 20
_LINE = re.compile(r"^([0-9a-f]{64})  ([A-Za-z0-9._-]+)$")


def _digest(path: Path) -> str | None:
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


@dataclass(frozen=True)
class OwnedFiles:
    """The record of one folder's last build set.

    :param folder: the output folder.
    :param digests: recorded name -> SHA-256 (empty when there is no record).
    """

    folder: Path
    digests: Mapping[str, str]

    def unchanged(self, path: Path) -> bool:
        """Recorded, and its bytes are still the ones written."""
        recorded = self.digests.get(path.name)
        return recorded is not None and path.parent == self.folder and _digest(path) == recorded

    def may_replace(self, path: Path) -> bool:
        """Whether a build may write over ``path``: absent, recorded and unchanged, or (not
        recorded) carrying our marker."""
        if path.name in self.digests and path.parent == self.folder:
            return (not path.exists() and not path.is_symlink()) or self.unchanged(path)
        return may_replace(path)

    def set_files(self) -> tuple[list[Path], list[Path]]:
        """The recorded files present: ``(unchanged, changed since)``."""
        unchanged: list[Path] = []
        changed: list[Path] = []
        for name in sorted(self.digests):
            path = self.folder / name
            if path.exists() or path.is_symlink():
                (unchanged if self.unchanged(path) else changed).append(path)
        return unchanged, changed


def read_owned(folder: Path) -> OwnedFiles:
    """The folder's record (none, or one that is not ours, reads as empty)."""
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
        if match is None:
            return OwnedFiles(folder, {})  # not a record we wrote
        digests[match[2]] = match[1]
    return OwnedFiles(folder, digests)


def record_owned(folder: Path, files: Iterable[Path]) -> None:
    """Record ``files`` (in ``folder``) as the set this build wrote; none: no record.

    :raises WriteError: the record cannot be written.
    """
    _write_record(folder, {path.name: _digest(path) for path in files if path.parent == folder})


def add_owned(folder: Path, path: Path) -> None:
    """Add one more file of this build's set (written after the others) to the record.

    :raises WriteError: the record cannot be written.
    """
    _write_record(folder, {**read_owned(folder).digests, path.name: _digest(path)})


def _write_record(folder: Path, digests: Mapping[str, str | None]) -> None:
    lines = [f"{digest}  {name}\n" for name, digest in sorted(digests.items()) if digest]
    record = folder / RECORD_NAME
    if not lines:
        record.unlink(missing_ok=True)
        return
    data = "".join(lines).encode()
    try:
        if record.read_bytes() == data:
            return  # unchanged: no rewrite
    except OSError:
        pass
    with atomic_write(record) as handle:
        handle.write(data)
