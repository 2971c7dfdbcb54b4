"""The lastmod chain: each configured source in turn, first answer wins.

Sources are functions registered by name in :data:`SOURCES`; the ``git`` source is filled by
the git history module (one batched pass, see :mod:`sitemap_core.git_history`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable

from sitemap_core.context import BuildContext
from sitemap_core.dates import Lastmod, parse_date
from sitemap_core.front_matter import record_values
from sitemap_core.hookspecs import hookimpl
from sitemap_core.record import PageRecord

Source = Callable[[PageRecord, BuildContext], Lastmod | None]


def front_matter(record: PageRecord, context: BuildContext) -> Lastmod | None:
    """``sitemap_lastmod`` (or ``sitemap: {lastmod: ...}``) in the page's front matter."""
    found = record_values(record, context).get("lastmod")
    if found is None or found[1] in (None, ""):
        return None
    key, value = found
    try:
        return parse_date(value, context.tz)
    except ValueError as exc:
        context.diagnostics.warning(f"{exc}; this source is skipped", record.label, key)
        return None


def metadata(record: PageRecord, context: BuildContext) -> Lastmod | None:
    """The generator's metadata dates, in the order of ``settings.metadata_dates``."""
    for name in context.settings.metadata_dates:
        value = record.dates.get(name)
        if value in (None, ""):
            continue
        try:
            return parse_date(value, context.tz)
        except ValueError as exc:
            context.diagnostics.warning(f"{exc}; this source is skipped", record.label, name)
    return None


def mtime(record: PageRecord, context: BuildContext) -> Lastmod | None:
    """The source file's modification time (opt-in: it moves on every checkout)."""
    if record.source is None:
        return None
    try:
        stamp = record.source.stat().st_mtime
    except OSError:
        return None
    return Lastmod(dt.datetime.fromtimestamp(int(stamp), tz=dt.timezone.utc))


def git(record: PageRecord, context: BuildContext) -> Lastmod | None:
    """Slot for the git provider: answers once a provider is stored in ``context.cache``.

    The newest date over the record's source and its ``dependencies`` wins: a page changes
    when a file it includes changes.
    """
    provider = context.cache.get("git")
    if provider is None or record.source is None:
        return None
    result: Lastmod | None = provider(record, context)
    for dependency in record.dependencies:
        other = dataclasses.replace(record, source=dependency, dependencies=())
        found: Lastmod | None = provider(other, context)
        if found is not None and (result is None or found.when > result.when):
            result = found
    return result


def may_reach(record: PageRecord, context: BuildContext, name: str) -> bool:
    """Whether the chain may ask source ``name`` about ``record``: no source before it has
    a value for the record. (A value that then fails to parse reaches ``name`` anyway; a
    provider must still answer for files it did not expect.)"""
    for source in context.settings.lastmod_sources:
        if source == name:
            return True
        if source == "front_matter":
            found = record_values(record, context).get("lastmod")
            if found is not None and found[1] not in (None, ""):
                return False
        elif source == "metadata":
            if any(record.dates.get(n) not in (None, "") for n in context.settings.metadata_dates):
                return False
        elif source == "mtime" and record.source is not None:
            return False
    return False


SOURCES: dict[str, Source] = {
    "front_matter": front_matter,
    "metadata": metadata,
    "git": git,
    "mtime": mtime,
}


@hookimpl(trylast=True)
def sitemap_lastmod(record: PageRecord, context: BuildContext) -> Lastmod | None:
    """Ask each configured source in order; build time is never used."""
    for name in context.settings.lastmod_sources:
        found = SOURCES[name](record, context)
        if found is not None:
            return found
    return None
