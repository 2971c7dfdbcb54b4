"""The ``git`` lastmod source: one batched history pass, stored for the chain to ask.

:func:`sitemap_prepare` reads the history of every repository that holds a source file
(:class:`~sitemap_core.git_history.GitDates`) and puts the provider in
``context.cache["git"]``, where :func:`sitemap_core.builtin.lastmod_sources.git` finds it.
When the pipeline streams records (no sources known up front), each repository is read on
the first question about one of its files.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from sitemap_core.builtin import lastmod_sources
from sitemap_core.context import BuildContext
from sitemap_core.dates import Lastmod
from sitemap_core.git_history import GitDates
from sitemap_core.git_prefetch import take_prefetched
from sitemap_core.hookspecs import hookimpl
from sitemap_core.record import PageRecord


class GitProvider:
    """Answers the chain's ``git`` source from a :class:`GitDates`.

    :param dates: the history reader.
    """

    def __init__(self, dates: GitDates) -> None:
        self.dates = dates

    def __call__(self, record: PageRecord, context: BuildContext) -> Lastmod | None:
        if record.source is None:
            return None
        found = self.dates.lookup(record.source)
        if found.when is not None:
            return Lastmod(found.when)
        if found.status == "modified":
            context.diagnostics.debug(
                f"{found.detail}; the file's modification time is used", record.label, "git"
            )
            return lastmod_sources.mtime(record, context)
        context.diagnostics.debug(f"{found.detail}; no git date", record.label, "git")
        return None


@hookimpl
def sitemap_prepare(
    sources: Sequence[Path], context: BuildContext, records: Sequence[PageRecord]
) -> None:
    """Read the git history once (only when ``git`` is a lastmod source), for the files the
    chain may ask git about: a page whose metadata date comes first never gets that far
    (every Pelican article, most blog posts), and reading fewer paths is faster."""
    settings = context.settings
    if "git" not in settings.lastmod_sources:
        return
    dates = GitDates(
        date=settings.git_date,
        ignore_revs=settings.git_ignore_revs,
        diagnostics=context.diagnostics,
    )
    if records:
        sources = [
            path
            for record in records
            if record.source is not None and lastmod_sources.may_reach(record, context, "git")
            for path in (record.source, *record.dependencies)
        ]
    # A read started when the build began (``prefetch_git``) answers the same, sooner.
    prefetched = take_prefetched(settings, sources, context.diagnostics)
    if prefetched is not None:
        dates = prefetched
    elif sources:
        dates.prepare(sources)
    context.cache["git"] = GitProvider(dates)
