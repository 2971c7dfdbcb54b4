"""lastmod, top to bottom: the ordered sources, publish-date floors and the content-hash state.

The configured sources are asked in turn, the first answer wins. A publish date is a floor
instead: lastmod is the newer of it and what ``git`` or ``mtime`` say. With a state file, a
page whose main content did not change keeps its remembered date in place of a ``git``,
``mtime`` or ``html`` answer. The build time is never used.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from sitemap_core._context import BuildContext, record_front_matter_keys
from sitemap_core._html import inspect_html, may_state_modified
from sitemap_core._lastmod._git_history import FileDate, GitDates
from sitemap_core._lastmod._git_prefetch import GitPrefetch
from sitemap_core._lastmod._state import StateFile, content_hash
from sitemap_core._record import PageRecord
from sitemap_core._report import BuildReport
from sitemap_core._values import Lastmod, is_page_file, parse_date, parse_foreign_date

#: Sources whose answers are the author's own statement: the state file keeps them.
_STATED = ("front_matter", "metadata")
#: "One commit (or one day's commits) dates many pages": the last change of at least
#: ``ONE_COMMIT_MIN`` and more than ``ONE_COMMIT_SHARE`` of the pages git dates (130 of 259
#: on a real blog, after a link rewrite), or on a small site of at least ``SMALL_MIN`` and
#: more than half of them (9 of 11).
ONE_COMMIT_MIN = 10
ONE_COMMIT_SHARE = 0.25
SMALL_MIN = 5
#: What to do about it (the build and ``check`` say the same).
ONE_COMMIT_FIX = (
    "if it changed no content (a mass edit: a reformat, rewritten links), add it to "
    "git_ignore_revs (a .git-blame-ignore-revs file) and each page keeps the date of its own "
    "last change"
)
SWEEP_FIX = (
    "if they changed no content (a sweep: a reformat, rewritten links), add them to "
    "git_ignore_revs (a .git-blame-ignore-revs file) and each page keeps the date of its own "
    "last change"
)


def dates_many(count: int, dated: int) -> bool:
    """Whether one commit, or one day's commits, that last changed ``count`` of the ``dated``
    pages dates many of them: the one rule the build's note and ``check`` share."""
    if dated < ONE_COMMIT_MIN or count < SMALL_MIN:
        return False
    return count > dated / 2 or (count >= ONE_COMMIT_MIN and count > dated * ONE_COMMIT_SHARE)


class Source:
    """One lastmod source.

    :param context: the build.
    """

    name: ClassVar[str]
    #: An answer of this source wins over a publish-date floor.
    explicit: ClassVar[bool] = True
    #: The record field it reads: a record without one is not asked (most records lack some).
    needs: ClassVar[str]

    def __init__(self, context: BuildContext) -> None:
        self.context = context

    def prepare(self, records: Sequence[PageRecord]) -> None:
        """Batch work before the first question (``records`` is empty when
        :func:`~sitemap_core.build_sitemap` was given a one-shot iterable)."""

    def settles(self, record: PageRecord) -> bool:
        """Whether this source has a value for ``record`` (sources after it are not asked)."""
        return False

    def __call__(self, record: PageRecord) -> Lastmod | None:
        raise NotImplementedError

    def finish(self) -> None:
        """After the last question: say what the user should know about the answers."""


class FrontMatter(Source):
    """``sitemap_lastmod`` (or ``sitemap: {lastmod: ...}``) in the page's front matter."""

    name = "front_matter"
    needs = "front_matter"

    def settles(self, record: PageRecord) -> bool:
        found = record_front_matter_keys(record, self.context).get("lastmod")
        return found is not None and found[1] not in (None, "")

    def __call__(self, record: PageRecord) -> Lastmod | None:
        context = self.context
        found = record_front_matter_keys(record, context).get("lastmod")
        if found is None or found[1] in (None, ""):
            return None
        key, value = found
        try:
            return parse_date(value, context.tz, self.name)
        except ValueError as exc:
            context.diagnostics.warning(f"{exc}; this source is skipped", record.label, key)
            return None


class Metadata(Source):
    """The generator's dates, in the order of ``settings.metadata_dates``: modification
    dates answer; publish dates are a floor (:meth:`floor`) unless
    ``settings.publish_date_is_lastmod``."""

    name = "metadata"
    needs = "dates"

    def __init__(self, context: BuildContext) -> None:
        super().__init__(context)
        settings = context.settings
        publish = () if settings.publish_date_is_lastmod else settings.publish_dates
        #: Each name and whether it is a publish date (a floor), in the configured order.
        self.names = tuple((n, n in publish) for n in settings.metadata_dates)

    def settles(self, record: PageRecord) -> bool:
        return any(record.dates.get(n) not in (None, "") for n, floor in self.names if not floor)

    def __call__(self, record: PageRecord) -> Lastmod | None:
        return self.dated(record)[0]

    def dated(self, record: PageRecord) -> tuple[Lastmod | None, Lastmod | None]:
        """The first modification date (the answer), else the first publish date (the floor)."""
        floor = None
        for name, publish in self.names:
            value = record.dates.get(name)
            if value in (None, "") or (publish and floor is not None):
                continue
            try:
                found = parse_foreign_date(value, self.context.tz, self.name)
            except ValueError as exc:
                # Another extension's field (ABlog's date...): its owner judges it, not us.
                self.context.diagnostics.debug(f"{exc}; this source is skipped", record.label, name)
                continue
            if not publish:
                return found, None
            floor = found
        return None, floor


class Html(Source):
    """A modification date the built page states in its head (``article:modified_time``,
    ``itemprop="dateModified"``, JSON-LD ``dateModified``)."""

    name = "html"
    needs = "output"

    def __call__(self, record: PageRecord) -> Lastmod | None:
        output = record.output
        if output is None or not is_page_file(output.name):
            return None
        if not may_state_modified(output):
            return None
        try:
            modified = inspect_html(output).modified
        except (OSError, ValueError) as exc:
            self.context.diagnostics.debug(f"built file {output} {exc}", record.label, "html")
            return None
        if modified is None:
            return None
        try:
            return parse_date(modified, self.context.tz, self.name)
        except ValueError as exc:
            self.context.diagnostics.warning(
                f"the page's dateModified {exc}; this source is skipped", record.label, "html"
            )
            return None


class Mtime(Source):
    """The source file's modification time (opt-in: it moves on every checkout)."""

    name = "mtime"
    explicit = False
    needs = "source"

    def settles(self, record: PageRecord) -> bool:
        return record.source is not None

    def __call__(self, record: PageRecord) -> Lastmod | None:
        return file_mtime(record.source)


def file_mtime(path: Path | None) -> Lastmod | None:
    """A file's modification time, in whole seconds (UTC)."""
    if path is None:
        return None
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return None
    return Lastmod(dt.datetime.fromtimestamp(int(stamp), tz=dt.timezone.utc), False, "mtime")


class Git(Source):
    """The last commit of the page's source or of a file it includes (``dependencies``),
    whichever is newer; one batched history pass (:class:`~sitemap_core._lastmod.GitDates`).
    Only the repositories holding the pages' own sources are read: a dependency elsewhere is
    undated, never a warning about a repository the user cannot change.

    :param prefetch: a read the adapter started when the build began (used when it answers
        exactly as a direct read would).
    :param earlier: the sources asked before this one.
    """

    name = "git"
    explicit = False
    needs = "source"

    def __init__(
        self,
        context: BuildContext,
        prefetch: GitPrefetch | None = None,
        earlier: Sequence[Source] = (),
    ) -> None:
        super().__init__(context)
        self.prefetch = prefetch
        self.earlier = tuple(earlier)
        self.dates: GitDates | None = None
        #: Top-levels of the repositories holding the pages' own sources.
        self.own: set[Path] = set()
        #: Pages git gave no date because their source's last change lies before a shallow
        #: clone's first commit, by repository.
        self.beyond_shallow: dict[Path, int] = {}
        #: Pages whose source is in no git repository.
        self.outside = 0
        #: Pages dated by git, and by each commit that edited the page (not created it).
        self.dated = 0
        self.edits: Counter[str] = Counter()
        self.commit_times: dict[str, dt.datetime] = {}
        #: Pages last changed on each day (UTC), and that day's commits.
        self.day_edits: Counter[dt.date] = Counter()
        self.day_commits: dict[dt.date, set[str]] = {}

    def reaches(self, record: PageRecord) -> bool:
        """Whether the chain may ask git about ``record``: no source before it has a value
        for it. (A value that then fails to parse reaches git anyway; git must still answer
        for files it did not expect.)"""
        return not any(source.settles(record) for source in self.earlier)

    def prepare(self, records: Sequence[PageRecord]) -> None:
        """Read the history once, for the files the chain may ask git about: a page whose
        explicit date comes first never gets that far, and reading fewer paths is faster.
        Without records (a one-shot iterable), the first question about a repository reads
        its whole history."""
        settings = self.context.settings
        direct = GitDates(
            date=settings.git_date,
            ignore_revs=settings.git_ignore_revs,
            diagnostics=self.context.diagnostics,
        )
        prefetch = self.prefetch
        if prefetch is not None and records and prefetch.wait():
            direct.share_locations(prefetch.dates)  # locate each file once, not twice
        reached = [r for r in records if r.source is not None and self.reaches(r)]
        for record in reached:
            assert record.source is not None
            located = direct.locate(record.source)
            if located is not None:
                self.own.add(located[0])
        sources: list[Path] = []
        for record in reached:
            assert record.source is not None
            sources.append(record.source)
            sources.extend(d for d in record.dependencies if self._in_own(direct, d))
        dates = None
        if self.prefetch is not None:
            dates = self.prefetch.take(settings, sources, self.context.diagnostics)
        if dates is None:
            dates = direct
            if sources:
                dates.prepare(sources)
        self.dates = dates

    def _in_own(self, dates: GitDates, path: Path) -> bool:
        located = dates.locate(path)
        return located is not None and located[0] in self.own

    def __call__(self, record: PageRecord) -> Lastmod | None:
        assert self.dates is not None and record.source is not None  # prepared; has a source
        located = self.dates.locate(record.source)
        if located is not None:
            # Pages prepare() did not see (a one-shot iterable's, a plugin's extra pages)
            # name their repositories as they come.
            self.own.add(located[0])
        known = self.dates.lookup(record.source)
        result = self.file_date(record, record.source, known)
        answer = known
        for dependency in record.dependencies:
            if not self._in_own(self.dates, dependency):
                continue
            said = self.dates.lookup(dependency)
            found = self.file_date(record, dependency, said)
            if found is not None and (result is None or found.when > result.when):
                result, answer = found, said
        if result is not None:
            self.dated += 1
            if answer.edit and answer.when is not None:
                self.edits[answer.commit] += 1
                self.commit_times[answer.commit] = answer.when
                day = answer.when.astimezone(dt.timezone.utc).date()
                self.day_edits[day] += 1
                self.day_commits.setdefault(day, set()).add(answer.commit)
        if result is None:
            if known.status == "shallow" and located is not None:
                self.beyond_shallow[located[0]] = self.beyond_shallow.get(located[0], 0) + 1
            elif known.status == "no-repository" and located is None:
                self.outside += 1
        return result

    def finish(self) -> None:
        """One INFO line per shallow clone that left pages undated, one when no page's
        source is in a git repository (a tarball), and one when a single commit edited many
        of the pages it dates: none is a mistake of our output, and a warning would fail
        ``-W``/``--strict`` builds."""
        diagnostics = self.context.diagnostics
        if self.edits:
            sha, count = self.edits.most_common(1)[0]
            day, on_day = self.day_edits.most_common(1)[0]
            if dates_many(count, self.dated):
                when = self.commit_times[sha].isoformat()
                diagnostics.info(
                    f"commit {sha[:12]} ({when}) is the last change of {count:,} of the "
                    f"{self.dated:,} pages git dates; {ONE_COMMIT_FIX}"
                )
            elif dates_many(on_day, self.dated):
                diagnostics.info(
                    f"{len(self.day_commits[day]):,} commits of {day} (UTC) are the last change "
                    f"of {on_day:,} of the {self.dated:,} pages git dates; {SWEEP_FIX}"
                )
        for top, count in sorted(self.beyond_shallow.items()):
            diagnostics.info(
                f"{top} is a shallow clone: {count:,} page(s) last changed before its first "
                "fetched commit get no git date (the others are dated right); to date them, "
                "fetch the full history before the build: 'git fetch --unshallow' (Read the "
                "Docs: a build.jobs.post_checkout step; actions/checkout: 'fetch-depth: 0')"
            )
        if self.outside and not self.own and self.dates is not None and not self.dates.git_missing:
            others = [n for n in self.context.settings.lastmod_sources if n != "git"]
            fallback = (
                f"their lastmod comes from {', '.join(others)} alone" if others else "no lastmod"
            )
            diagnostics.info(
                f"no git repository holds the pages' sources (a tarball or an export without "
                f".git): {self.outside:,} page(s) get no git date, {fallback}; build from a git "
                "clone to date pages by their last commit"
            )

    def file_date(self, record: PageRecord, path: Path, found: FileDate) -> Lastmod | None:
        """One file's git date (``found``: what git said about ``path``); its modification
        time when it has uncommitted changes."""
        if found.when is not None:
            return Lastmod(found.when, False, self.name)
        diagnostics = self.context.diagnostics
        if found.status == "modified":
            diagnostics.debug(
                f"{found.detail}; the file's modification time is used", record.label, "git"
            )
            return file_mtime(path)
        diagnostics.debug(f"{found.detail}; no git date", record.label, "git")
        return None


class LastmodChain:
    """The configured sources in order, then the state file; one call per record.

    :param context: the build.
    :param git_prefetch: the adapter's background git read (:func:`~sitemap_core.prefetch_git`).
    """

    def __init__(self, context: BuildContext, git_prefetch: GitPrefetch | None = None) -> None:
        self.context = context
        self.sources: list[Source] = []
        self.metadata: Metadata | None = None
        for name in context.settings.lastmod_sources:
            source: Source
            if name == "git":
                source = Git(context, git_prefetch, self.sources)
            elif name == "metadata":
                source = self.metadata = Metadata(context)
            else:
                source = _SIMPLE[name](context)
            self.sources.append(source)
        self.state: StateFile | None = None

    def prepare(self, records: Sequence[PageRecord]) -> None:
        """Load the state file and let each source batch its work."""
        path = self.context.settings.state_file
        if path is not None:
            self.state = StateFile(Path(path), self.context.diagnostics)
            self.state.load()
        for source in self.sources:
            source.prepare(records)

    def __call__(self, record: PageRecord) -> Lastmod | None:
        """The page's lastmod from the sources, the floor and the state."""
        floor = found = None
        for source in self.sources:
            if not getattr(record, source.needs):
                continue
            found, floor = (
                source.dated(record) if source is self.metadata else (source(record), floor)
            )
            if found is not None:
                if source.explicit:
                    floor = None
                break
        if self.state is not None:
            found = self.remembered(record, found)
        if floor is not None and (found is None or floor.when > found.when):
            return floor
        return found

    def remembered(self, record: PageRecord, found: Lastmod | None) -> Lastmod | None:
        """The state file's answer for a page whose main content did not change; dates from
        front matter and metadata are kept. Aggregate pages are not tracked."""
        state = self.state
        if state is None or record.summarises or record.output is None:
            return found
        digest = content_hash(record.output)
        if digest is None:
            return found
        if found is not None and found.source in _STATED:
            state.remember(record.url, digest, found)
            return found
        return state.decide(record.url, digest, found, self.context.tz)

    def finish(self, report: BuildReport) -> None:
        """Let each source say what it has to say; save this build's state (not when nothing
        was listed: keep the old one then)."""
        for source in self.sources:
            source.finish()
        if self.state is not None and report.urls and not report.skipped:
            self.state.save()


_SIMPLE: dict[str, type[Source]] = {
    FrontMatter.name: FrontMatter,
    Html.name: Html,
    Mtime.name: Mtime,
}
#: The sources that read a date the page itself states (all but the site's own
#: ``sitemap_lastmod``): one of them in the future is the page's (a scheduled post), not ours.
PAGE_SOURCES = frozenset(source.name for source in (Metadata, Html, Mtime, Git))
