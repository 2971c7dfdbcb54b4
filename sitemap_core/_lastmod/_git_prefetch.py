"""Read the git history in a background thread while the generator builds the site.

An adapter calls :func:`prefetch_git` at build start and passes the handle to
:func:`~sitemap_core.build_sitemap` (``git_prefetch=``). The result is used only when it
answers exactly as a direct read would (no failed repository, the same repositories, every
source inside the directories read); otherwise the direct read runs. Its messages are held
and logged, in order, by the build that uses it.
"""

from __future__ import annotations

import logging.handlers
import os
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from sitemap_core._config import Settings
from sitemap_core._diagnostics import Diagnostics
from sitemap_core._lastmod._git_history import DateKind, GitDates

_Key = tuple[DateKind, Path | None]


class _Held(Diagnostics):
    """Keeps messages, as the text they would log, for a later build's diagnostics."""

    def __init__(self) -> None:
        self.kept = logging.handlers.BufferingHandler(capacity=1 << 62)
        logger = logging.Logger("sitemap_core.git_prefetch", logging.DEBUG)  # not propagated
        logger.addHandler(self.kept)
        super().__init__(logger, prefix="")

    def replay(self, diagnostics: Diagnostics) -> None:
        for record in self.kept.buffer:
            getattr(diagnostics, record.levelname.lower())(record.getMessage())


class GitPrefetch:
    """One background read of the git history of some directories.

    :param directories: the source directories.
    :param date: ``"committer"`` or ``"author"`` dates.
    :param ignore_revs: the ignore-revs file (see :class:`~sitemap_core._lastmod.GitDates`).
    """

    def __init__(
        self, directories: Sequence[Path], date: DateKind, ignore_revs: Path | None
    ) -> None:
        self.directories = tuple(directories)
        self.pid = os.getpid()
        self.key: _Key = (date, ignore_revs)
        self.dates = GitDates(date=date, ignore_revs=ignore_revs)
        self.held: dict[Path, _Held] = {}
        self.error: BaseException | None = None
        self.used = False
        #: How long the read took (beside the build; benchmarks print it).
        self.seconds = 0.0
        self.thread = threading.Thread(target=self._run, name="sitemap-git-prefetch", daemon=True)

    def _run(self) -> None:
        began = time.perf_counter()
        try:
            tops: dict[Path, list[Path]] = {}
            for directory in self.directories:
                top = self.dates.top_of(directory)
                if top is not None:
                    tops.setdefault(top, []).append(directory)
            for top, directories in tops.items():
                # Messages per repository: the build logs only those of the repositories
                # its direct read would have read.
                self.held[top] = self.dates.diagnostics = _Held()
                self.dates.prepare_directories(directories)
        except BaseException as exc:  # any failure means "read directly"
            self.error = exc
        finally:
            self.seconds = time.perf_counter() - began

    def wait(self) -> bool:
        """Wait for the read to end; whether it ran in this process (not in a forked child,
        where the thread did not come along)."""
        if self.pid != os.getpid():
            return False
        self.thread.join()
        return True

    def take(
        self, settings: Settings, sources: Sequence[Path], diagnostics: Diagnostics
    ) -> GitDates | None:
        """The reader for a build with ``settings`` and these ``sources``, if the read was
        made for such a build and answers exactly as a direct read would; used up either way.
        """
        used, self.used = self.used, True
        # Not in a forked child: the thread did not come along.
        if used or not sources or self.pid != os.getpid():
            return None
        if self.key != (settings.git_date, settings.git_ignore_revs):
            return None
        return self.result(sources, diagnostics)

    def result(self, sources: Iterable[Path], diagnostics: Diagnostics) -> GitDates | None:
        """Wait for the read; the reader if every repository was read without failure and it
        answers for ``sources`` (not empty) exactly as a direct read would, else ``None``.

        :param diagnostics: the build's diagnostics; held messages are logged there.
        """
        self.thread.join()
        dates = self.dates
        if self.error is not None or dates.git_missing:
            return None
        if any(repo.failure is not None for repo in dates.repos.values()):
            return None
        order: list[Path] = []
        for source in sources:
            located = dates.locate(source)
            if located is None:
                continue
            repo = dates.repos.get(located[0])
            if repo is None or not repo.covers(located[1]):
                return None
            if repo.top not in order:
                order.append(repo.top)
        if set(order) != set(dates.repos):
            return None
        for top in order:
            self.held[top].replay(diagnostics)
        dates.diagnostics = diagnostics
        return dates


def prefetch_git(directories: Iterable[Path], settings: Settings) -> GitPrefetch | None:
    """Start reading the git history of ``directories`` in the background, for the build
    with ``settings``. Call it before any worker process is forked (Sphinx ``-j``: not at all).

    :return: the running read, or ``None`` when git is not a lastmod source.
    """
    if "git" not in settings.lastmod_sources:
        return None
    found = [Path(d) for d in directories]
    if not found:
        return None
    prefetch = GitPrefetch(found, settings.git_date, settings.git_ignore_revs)
    prefetch.thread.start()
    return prefetch
