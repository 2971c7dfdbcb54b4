"""Extension points of the core (pluggy project and entry-point group ``sitemap_core``).

Third-party plugins register through the ``sitemap_core`` entry-point group; each hook
implementation is marked with :data:`sitemap_core.hookimpl`.

A plugin (module or object) may also define ``active_for(settings: Settings) -> bool``. When
it returns ``False`` for a build's settings, the plugin's per-record hooks
(:func:`sitemap_exclude`, :func:`sitemap_lastmod`, :func:`sitemap_transform`) are not called
in that build; its other hooks still are. The built-in HTML sitemap uses it to cost nothing
when it is off.

Any hook implementation may be a wrapper (``@hookimpl(wrapper=True)``, or the older
``hookwrapper=True``), as pluggy documents them. On :func:`sitemap_transform` a wrapper wraps
the whole chain: its ``yield`` gives pluggy's list of results, ``[entry]``, and it returns that
list (changed or not).

lastmod itself is not a plugin: the configured sources, publish-date floors and the state
file live in :mod:`sitemap_core._lastmod`; :func:`sitemap_lastmod` implementations are asked
before them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from sitemap_core._context import BuildContext
    from sitemap_core._record import Entry, PageRecord
    from sitemap_core._report import BuildReport
    from sitemap_core._values import Lastmod

PROJECT = "sitemap_core"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@dataclass(frozen=True, slots=True)
class LeftOut:
    """What a :func:`sitemap_transform` returns to leave the page out after all.

    :param reason: counted under this reason in the build's summary.
    """

    reason: str


@dataclass(frozen=True, slots=True)
class Canonical:
    """What a :func:`sitemap_exclude` returns for a page whose canonical link names ``url``:
    the pipeline decides, the same way for every plugin. It keeps the page when ``url`` is the
    page itself (listed in the form ``url`` gives: ``x``, ``x/`` or ``x.html``) or its copy in
    another version's folder; otherwise it leaves the page out as "canonical elsewhere" and
    lists the page ``url`` names, when that is a built page of the site.

    :param url: the absolute URL the canonical link names.
    :param address: the URL the page is compared with, when not its ``loc`` (Sphinx's own
        page URL).
    """

    url: str
    address: str | None = None


@hookspec
def sitemap_extra_pages(context: BuildContext) -> Iterable[PageRecord] | None:
    """Add pages the generator does not know about.

    :param context: the build.
    :return: page records to add to the build, or ``None``.
    """


@hookspec
def sitemap_prepare(
    sources: Sequence[Path], context: BuildContext, records: Sequence[PageRecord]
) -> None:
    """Called once before lastmod is resolved, with every record's source file.

    Lets a provider batch its work (one ``git log`` pass for all files).

    :param sources: the source files of all records that have one.
    :param context: the build.
    :param records: the records themselves, so that a provider can leave out files it will
        not be asked about (both empty when :func:`~sitemap_core.build_sitemap` was given a
        one-shot iterable rather than a sequence).
    """


@hookspec(firstresult=True)
def sitemap_exclude(record: PageRecord, loc: str, context: BuildContext) -> str | Canonical | None:
    """Decide whether a page is left out; the first non-``None`` result wins.

    :param record: the page.
    :param loc: its absolute URL.
    :param context: the build.
    :return: the reason to exclude it (shown in the summary), :class:`Canonical` when the
        page names a canonical URL (the pipeline decides), or ``None`` to keep it.
    """


@hookspec(firstresult=True)
def sitemap_lastmod(record: PageRecord, context: BuildContext) -> Lastmod | None:
    """Give a page's last modification; the first non-``None`` result wins, before the
    configured ``lastmod_sources`` are asked.

    :param record: the page.
    :param context: the build.
    :return: a :class:`~sitemap_core._values.Lastmod`, or ``None`` to let others answer.
    """


@hookspec
def sitemap_transform(entry: Entry, context: BuildContext) -> Entry | LeftOut | None:
    """Last change to an entry before it is written.

    Implementations run in turn, each one seeing the previous one's result; a
    :class:`LeftOut` ends the turn and the page is not listed.

    :param entry: the entry as the pipeline built it.
    :param context: the build.
    :return: a replacement entry (``dataclasses.replace``), ``None`` to keep it, or
        ``LeftOut(reason)`` to leave the page out.
    """


@hookspec
def sitemap_written(report: BuildReport, context: BuildContext) -> None:
    """Notice after all files are written.

    :param report: what the build wrote and excluded.
    :param context: the build.
    """
