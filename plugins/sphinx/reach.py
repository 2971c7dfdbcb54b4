"""Where the project's git-dated files lie, so that the background git read covers them all.

The read starts at ``builder-inited``, before any source is read, while includes and autodoc
modules often live outside the docs folder (``../CHANGES.rst``, ``../src/pkg``). So each
build remembers, beside the doctrees, the paths outside the source folder its pages reached,
and the next build's early read covers those too (a first build: the whole repository).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from sitemap_core import PageRecord
from sitemap_core._adapters import GitDates

from .pages import keep_names, read_names

_NAME = "ssg-sitemap-git-reach.json"


def early_read_paths(srcdir: Path, doctreedir: Path) -> list[Path]:
    """The paths the early git read should cover."""
    loaded = read_names(doctreedir / _NAME)
    if loaded is not None:
        return [srcdir, *map(Path, loaded)]
    top = GitDates().top_of(srcdir)
    return [top if top is not None else srcdir]


def remember(srcdir: Path, doctreedir: Path, records: Iterable[PageRecord]) -> None:
    """Save the paths outside ``srcdir``, in its repository, that the pages' git-dated files
    lie in: a folder, or the file itself when it sits at the repository's top level."""
    dates = GitDates()
    real_src = os.path.realpath(srcdir)
    top = dates.top_of(srcdir)
    found: set[str] = set()
    if top is not None:
        for record in records:
            if record.source is None:
                continue
            for path in (record.source, *record.dependencies):
                located = dates.locate(path)
                if located is None or located[0] != top:
                    continue
                real = os.path.join(top, located[1])  # noqa: PTH118
                folder = os.path.dirname(real)  # noqa: PTH120
                if folder == real_src or folder.startswith(real_src + os.sep):
                    continue
                found.add(real if folder == str(top) else folder)
    keep_names(doctreedir / _NAME, sorted(found))
