"""The pipeline: resolve → exclude → lastmod → alternates → write → robots.txt → report.

This module runs the stages in order (:func:`build_sitemap`, and ``_Run`` for each record);
each stage's rules live in a module of its own beside it (``_fields``, ``_aggregates``,
``_alternates``, ``_lastmod_spread``, ``_canonical``, ``_replace_set``); a page's lastmod is
the ``sitemap_lastmod`` hooks', else the ``_lastmod`` chain's, by ``_values.written_lastmod``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
from collections.abc import Callable, Collection, Iterable, Sequence
from itertools import chain
from pathlib import Path
from typing import cast

import pluggy

from sitemap_core._builtin import BUILTINS, make_plugin_manager
from sitemap_core._config import DEFAULT_SECTION, Settings, section_names
from sitemap_core._context import BuildContext
from sitemap_core._diagnostics import Diagnostics, LoggerLike
from sitemap_core._errors import SitemapError
from sitemap_core._files import SitemapWriter, url_block
from sitemap_core._lastmod import PAGE_SOURCES, GitPrefetch, LastmodChain
from sitemap_core._pipeline._aggregates import Aggregates, newest
from sitemap_core._pipeline._alternates import with_alternates
from sitemap_core._pipeline._canonical import Canonicals
from sitemap_core._pipeline._fields import PageFields
from sitemap_core._pipeline._hook_calls import chained, first_result
from sitemap_core._pipeline._lastmod_spread import LastmodSpread
from sitemap_core._pipeline._replace_set import Hosting, remove_set, replace_set
from sitemap_core._pipeline._robots_blocked import RobotsBlocked
from sitemap_core._pipeline._shard_order import LastmodOrder
from sitemap_core._record import Alternate, Entry, PageRecord
from sitemap_core._report import BuildReport
from sitemap_core._util.atomic import folder_lock, remove_leftovers
from sitemap_core._util.sorting import ExternalSorter, Item, new_item
from sitemap_core._util.text import short
from sitemap_core._values import (
    Lastmod,
    absolute_url,
    in_form_of,
    source_date_epoch,
    written_lastmod,
)
from sitemap_core.hookspecs import Canonical, LeftOut


def check_output_dir(output_dir: Path) -> None:
    """Fail clearly when the output directory is missing or not writable."""
    if not output_dir.is_dir():
        raise SitemapError(f"output directory {output_dir} does not exist or is not a directory")
    if not os.access(output_dir, os.W_OK | os.X_OK):
        raise SitemapError(f"output directory {output_dir} is not writable")


def build_sitemap(
    records: Iterable[PageRecord],
    settings: Settings,
    output_dir: Path,
    *,
    logger: LoggerLike | None = None,
    prefix: str = "sitemap: ",
    plugin_manager: pluggy.PluginManager | None = None,
    progress: Callable[[int], None] | None = None,
    indent: str = "",
    git_prefetch: GitPrefetch | None = None,
    replace: Collection[Path] = (),
) -> BuildReport:
    """Turn page records into sitemap files in ``output_dir``.

    A sequence is looked at once before the first record is written, so that the
    ``sitemap_prepare`` hooks and lastmod sources batch their work and aggregate pages get
    their listed pages' dates. A one-shot iterable keeps memory flat for plain records, but
    the hooks get no records and aggregate pages only their own dates.

    :param records: the site's pages: a sequence, or a one-shot iterable (above).
    :param settings: the build's settings.
    :param output_dir: the built site's root; sitemaps and robots.txt go here.
    :param logger: the generator's logger.
    :param prefix: put before every message (empty when the logger adds its own).
    :param plugin_manager: an isolated manager (tests); a new one with entry points otherwise.
    :param progress: called with the number of records processed, every 1,000 records.
    :param indent: indentation per level (sphinx-sitemap's ``sitemap_indent``); none by default.
    :param git_prefetch: the handle :func:`~sitemap_core.prefetch_git` returned when the
        generator's build began; the git lastmod source takes its result.
    :param replace: files the caller has decided to replace although we did not write them
        (a generator's own sitemap the user was told about); any other foreign file at a
        sitemap's name is left alone and no sitemap is written.
    :return: what was written and excluded; ``failed`` when strict mode saw warnings.
    :raises SitemapError: output directory missing or not writable; too many shards.
    """
    diagnostics = Diagnostics(logger, prefix)
    report = BuildReport()
    if not settings.has_base_url:
        report.skipped = "no base URL is set; a sitemap needs absolute URLs"
        # The earlier build's set would stay looking current: it goes, as after an empty build.
        report.removed = remove_set(output_dir, diagnostics)
        gone = ", ".join(path.name for path in report.removed)
        removed = f"; the earlier {gone} removed" if gone else ""
        message = f"{report.skipped} (set the site's base URL to write one){removed}"
        if settings.strict:
            diagnostics.error(message)
            report.failed = True
        else:
            diagnostics.warning(message)
        report.warnings = diagnostics.warnings
        return report
    check_output_dir(output_dir)
    context = BuildContext(settings, diagnostics, settings.tzinfo(), source_date_epoch())
    context.output_dir = output_dir
    pm = plugin_manager or make_plugin_manager()
    run = _Run(settings, context, pm, report, indent, LastmodChain(context, git_prefetch))
    extra = [pages for pages in pm.hook.sitemap_extra_pages(context=context) if pages]
    if isinstance(records, Sequence):
        run.aggregates.prepare(records)
        run.chain.prepare(records)
        pm.hook.sitemap_prepare(
            sources=[
                *(r.source for r in records if r.source is not None),
                *(d for r in records for d in r.dependencies),
            ],
            context=context,
            records=records,
        )
    else:
        # A one-shot iterable (see the docstring): nothing to look at beforehand.
        run.chain.prepare(())
        pm.hook.sitemap_prepare(sources=[], context=context, records=())
    remove_leftovers(output_dir)
    count = 0
    for count, record in enumerate(chain(records, *extra), 1):
        run.add(record)
        if progress is not None and count % 1000 == 0:
            progress(count)
    run.finish()
    # After every record, so that a target listed anyway is the duplicate that goes.
    run.add_canonical_targets()
    run.canonicals.warn(count)
    items = run.sorter.unique(run.duplicate)
    shard_group = None
    if settings.shard_order == "lastmod":
        # Reads the previous build's shards now, before the writer replaces them.
        order = LastmodOrder(output_dir, settings)
        items, shard_group = order.order(items), order.group
    writer = SitemapWriter(
        settings,
        output_dir,
        alternates=run.has_alternates,
        images=run.has_images,
        shard_group=shard_group,
        replace=replace,
    )
    robots_blocked = RobotsBlocked(output_dir, settings.base_url or "")
    writer.stage(robots_blocked.counted(run.spread.counted(items)))
    _note_empty_sections(writer, settings, diagnostics)
    try:
        # One build at a time from reading the folder's earlier files to the last file
        # written: two at once would each sweep what it thinks stale and leave a mix.
        with folder_lock(output_dir):
            replace_set(
                writer,
                settings,
                output_dir,
                report,
                diagnostics,
                context,
                pm,
                spread=run.spread,
                chain=run.chain,
                hosting=Hosting.read(settings),
            )
    finally:
        writer.discard()  # after an error: the temp files (nothing once committed)
    robots_blocked.say(diagnostics, report.urls)
    report.warnings = diagnostics.warnings
    if settings.strict and diagnostics.warnings:
        report.failed = True
        diagnostics.error(f"{diagnostics.warnings} warning(s) and strict mode is on")
    diagnostics.info(report.summary(output_dir))
    return report


def _note_empty_sections(
    writer: SitemapWriter, settings: Settings, diagnostics: Diagnostics
) -> None:
    """One INFO line for each named section no URL went to: it gets no sitemap, and a glob
    that never matches (written from another folder than the base URL) is easy to miss."""
    if writer.section_of is None or not writer.shards:
        return
    used = {shard.section for shard in writer.shards}
    for name in section_names(settings.named_sections):
        if name in used or name == DEFAULT_SECTION:
            continue
        globs = ", ".join(glob for glob, named in settings.named_sections if named == name)
        diagnostics.info(
            f"section {name}: no URL matches {globs} (globs match the path after "
            f"{settings.base_url}); the section has no sitemap this time"
        )


class _Run:
    """State of one pass over the records: each record resolved, excluded or kept, its
    fields and lastmod worked out, and its entry sent to the sorter (or held: aggregate
    pages and translations go after the last record)."""

    def __init__(
        self,
        settings: Settings,
        context: BuildContext,
        pm: pluggy.PluginManager,
        report: BuildReport,
        indent: str,
        chain: LastmodChain,
    ) -> None:
        self.settings = settings
        self.base = settings.base_url or ""
        self.context = context
        self.report = report
        self.indent = indent
        self.precision, self.utc_suffix = settings.precision, settings.utc_suffix
        self.xml = settings.format == "xml"
        self.sorter = ExternalSorter()
        self.seq = 0
        self.aggregates = Aggregates(self.base)
        self.translated: list[Entry] = []
        self.has_alternates = False
        self.has_images = False
        # Plugins say when this build's settings leave them nothing to do (``active_for``,
        # see hookspecs); their per-record hooks are then not called at all.
        idle = {
            p for p in pm.get_plugins() if not getattr(p, "active_for", lambda _: True)(settings)
        }
        self.exclude = first_result(pm, "sitemap_exclude", idle, BUILTINS)
        self.canonicals = Canonicals(context)
        self.chain = chain
        self.lastmod_hook = first_result(pm, "sitemap_lastmod", idle, BUILTINS)
        self.upper = context.upper_bound
        # Only compared with, never written: the build time is no page's lastmod.
        self.now = dt.datetime.now(dt.timezone.utc)
        self.transform = chained(pm, "sitemap_transform", idle, BUILTINS)
        self.fields = PageFields(settings, context).of
        self.spread = LastmodSpread(context.diagnostics)
        #: The HTML sitemap and llms.txt list what was written (``BuildReport.entries``).
        self.keep = bool(settings.html_sitemap or settings.html_themed or settings.llms_txt)
        #: URLs of records left out (a canonical target among them stays out).
        self.excluded_locs: set[str] = set()
        #: Sequence numbers of the canonical targets added after the records: a target
        #: that duplicates a listed page is no mistake.
        self.targets: set[int] = set()

    # -- per record ------------------------------------------------------------------------
    def add(self, record: PageRecord) -> None:
        try:
            loc = absolute_url(self.base, record.url)
        except ValueError as exc:
            self.context.diagnostics.warning(f"{exc}; the page is left out", record.label, "url")
            self.report.excluded["invalid URL"] += 1
            return
        reason = self.excluded(record, loc)
        listed = loc
        forms = self.canonicals.forms
        if forms:
            canonical = forms.pop(record.url, None)
            if canonical is not None:
                listed = in_form_of(loc, canonical)
        if reason:
            self.report.excluded[reason] += 1
            self.excluded_locs.add(loc)
            return
        changefreq, priority = self.fields(record, loc)
        lastmod = None if record.summarises else self.lastmod(record)
        # Aggregate pages summarise record URLs: their dates are kept under those.
        aggregates = self.aggregates
        if loc in aggregates.wanted:
            aggregates.lastmods.setdefault(loc, lastmod)
        if record.summarises:
            aggregates.entries.append(Entry(listed, record, lastmod, changefreq, priority))
        elif record.translation_key and self.settings.alternates:
            self.translated.append(Entry(listed, record, lastmod, changefreq, priority))
        elif self.transform is None and not self.keep:
            # No transform to show an Entry to and no one keeping entries: the URL's text at once.
            self.stage(listed, lastmod, changefreq, priority, record)
        else:
            self.emit(Entry(listed, record, lastmod, changefreq, priority))

    def lastmod(self, record: PageRecord) -> Lastmod | None:
        """A third-party ``sitemap_lastmod`` hook's answer (the state file still applies to
        it), else the configured sources'; never later than ``SOURCE_DATE_EPOCH``, and none
        when it lies in the future."""
        found: Lastmod | None = None
        if self.lastmod_hook is not None:
            found = self.lastmod_hook(record, self.context)
        if found is None:
            found = self.chain(record)
        elif self.chain.state is not None:
            found = self.chain.remembered(record, found)
        # A date before now and with no SOURCE_DATE_EPOCH is written as it is (most pages).
        if found is not None and (self.upper is not None or found.when > self.now):
            source = found.source
            found, dropped = written_lastmod(found, self.upper, self.now)
            # A page's own date (a scheduled post) is INFO; a sitemap_lastmod, a hook's: warned.
            if dropped is not None and source in PAGE_SOURCES:
                self.context.diagnostics.info(dropped, record.label, "lastmod")
            elif dropped is not None:
                self.context.diagnostics.warning(dropped, record.label, "lastmod")
        return found

    def excluded(self, record: PageRecord, loc: str) -> str | None:
        """Why the ``sitemap_exclude`` hooks leave the page out; ``None`` to keep it."""
        if self.exclude is None:
            return None
        reason = self.exclude(record, loc, self.context)
        if isinstance(reason, Canonical):
            return self.canonicals.judge(record, loc, reason)
        return cast("str | None", reason)

    def emit(self, entry: Entry) -> bool:
        """Send one finished entry to the sorter; ``False`` when a transform left it out."""
        if self.transform is not None:
            result = self.transform("entry", entry, context=self.context)
            if type(result) is LeftOut:
                self.report.excluded[result.reason] += 1
                self.excluded_locs.add(entry.loc)
                return False
            entry = result
        self.has_alternates |= bool(entry.alternates)
        self.has_images |= bool(entry.images)
        try:
            self.stage(
                entry.loc,
                entry.lastmod,
                entry.changefreq,
                entry.priority,
                entry.record,
                entry.alternates,
                entry.images,
            )
        except (TypeError, AttributeError, ValueError) as exc:
            # The last line of defence against a third-party transform: the site's own is
            # checked value by value (_builtin/_user_functions.py).
            raise SitemapError(
                f"{entry.record.label}: a sitemap_transform hook gave an entry that cannot be "
                f"written ({type(exc).__name__}: {short(str(exc))})"
            ) from None
        if self.keep:
            self.report.entries.append(entry)
        return True

    def stage(
        self,
        loc: str,
        lastmod: Lastmod | None,
        changefreq: str | None,
        priority: float | None,
        record: PageRecord,
        alternates: Sequence[Alternate] = (),
        images: Sequence[str] = (),
    ) -> None:
        """Send one URL's text to the sorter."""
        if lastmod is None:
            lastmod_text, key = None, float("-inf")
        else:  # Settings.lastmod_text, without a call's cost
            lastmod_text = lastmod.w3c(self.precision, self.utc_suffix)
            key = lastmod.when.timestamp()
            self.spread.see(lastmod_text)
        if self.xml:
            payload = url_block(
                loc, lastmod_text, changefreq, priority, alternates, images, self.indent
            )
        else:
            payload = loc + "\n"
        self.seq += 1
        item = new_item((loc, self.seq, payload, key, lastmod_text, record.label))
        self.sorter.add(item, len(payload) + len(loc))

    # -- after the last record -------------------------------------------------------------
    def finish(self) -> None:
        """Emit the held entries: aggregate pages dated by what they list, then the
        translations with their alternates."""
        aggregates = self.aggregates
        for entry in aggregates.entries:
            self.finish_aggregate(entry, aggregates.newest_listed(entry.record))
        diagnostics = self.context.diagnostics
        for entry in with_alternates(self.translated, self.settings.x_default, diagnostics):
            self.emit(entry)

    def finish_aggregate(self, entry: Entry, listed: Lastmod | None) -> None:
        """Give an aggregate page the newest of its own lastmod and its listed pages'."""
        entry = dataclasses.replace(entry, lastmod=newest(self.lastmod(entry.record), listed))
        if entry.record.translation_key and self.settings.alternates:
            self.translated.append(entry)
        else:
            self.emit(entry)

    def add_canonical_targets(self) -> None:
        """List the pages of the site that left-out pages name as canonical (those not
        listed already): a page dropped as "canonical elsewhere" then loses nothing."""
        canonicals = self.canonicals
        found, canonicals.targets = canonicals.targets, {}
        diagnostics = self.context.diagnostics
        for loc in sorted(found):
            target = found[loc]
            if loc in self.excluded_locs:
                continue
            named_by = target.named_by
            record = PageRecord(
                url=loc,
                output=target.output,
                kind=named_by.kind,
                name=f"{loc} (canonical URL of {named_by.label})",
            )
            reason = self.excluded(record, loc)
            canonical = canonicals.forms.pop(record.url, None)
            if reason:
                diagnostics.debug(f"canonical target left out too: {reason}", record.label)
                continue
            listed = loc if canonical is None else in_form_of(loc, canonical)
            changefreq, priority = self.fields(record, loc)
            if self.emit(Entry(listed, record, self.lastmod(record), changefreq, priority)):
                self.targets.add(self.seq)
        # A target that names yet another page is left out, and that page is not listed.
        canonicals.targets.clear()

    def duplicate(self, kept: Item, dropped: Item) -> None:
        if dropped.seq in self.targets:
            return  # a canonical target that is listed anyway
        self.report.excluded["duplicate"] += 1
        self.context.diagnostics.warning(
            f"duplicate URL {kept.loc} (already listed for {kept.label}); the second one is left "
            "out",
            dropped.label,
            "url",
        )
