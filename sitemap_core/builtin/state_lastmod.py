"""The content-hash state file as a wrapper around the lastmod sources.

A ``sitemap_lastmod`` wrapper sees what the sources answered (git, mtime, a third-party
provider) and keeps the remembered date when the page's main content has the same hash as
at the last build. Explicit dates (``sitemap_lastmod`` front matter, generator metadata
dates) always win: an author's statement is not second-guessed. Aggregate pages take their
date from the pages they list, so they are not tracked. ``sitemap_written`` saves the file.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from pathlib import Path

from sitemap_core.context import BuildContext
from sitemap_core.dates import Lastmod, parse_date
from sitemap_core.front_matter import record_values
from sitemap_core.hookspecs import hookimpl
from sitemap_core.record import PageRecord
from sitemap_core.report import BuildReport
from sitemap_core.settings import Settings
from sitemap_core.state import StateFile, content_hash


def active_for(settings: Settings) -> bool:
    """Per-record hooks of this plugin only matter when a state file is configured."""
    return settings.state_file is not None


@hookimpl
def sitemap_prepare(sources: Sequence[Path], context: BuildContext) -> None:
    """Load the previous build's state when ``state_file`` is set."""
    path = context.settings.state_file
    if path is None:
        return
    state = StateFile(Path(path), context.diagnostics)
    state.load()
    context.cache["state"] = state


@hookimpl(wrapper=True)
def sitemap_lastmod(
    record: PageRecord, context: BuildContext
) -> Generator[None, Lastmod | None, Lastmod | None]:
    """Keep the remembered lastmod of a page whose main content did not change."""
    found = yield
    state = context.cache.get("state")
    if not isinstance(state, StateFile) or record.summarises or record.output is None:
        return found
    digest = content_hash(record.output)
    if digest is None:
        return found
    if _explicit(record, context):
        state.remember(record.url, digest, found)
        return found
    return state.decide(record.url, digest, found, context.tz)


@hookimpl
def sitemap_written(report: BuildReport, context: BuildContext) -> None:
    """Save this build's state (not when nothing was listed: keep the old one then)."""
    state = context.cache.get("state")
    if isinstance(state, StateFile) and report.urls and not report.skipped:
        state.save()


def _explicit(record: PageRecord, context: BuildContext) -> bool:
    """Whether a usable front matter or metadata date exists among the configured sources."""
    settings = context.settings
    values: list[object] = []
    if "front_matter" in settings.lastmod_sources:
        found = record_values(record, context).get("lastmod")
        if found is not None:
            values.append(found[1])
    if "metadata" in settings.lastmod_sources:
        values.extend(record.dates.get(name) for name in settings.metadata_dates)
    for value in values:
        if value in (None, ""):
            continue
        try:
            parse_date(value, context.tz)
        except ValueError:
            continue
        return True
    return False
