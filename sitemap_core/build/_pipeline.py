"""The pipeline: resolve → exclude → lastmod → alternates → write → robots.txt → report."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Collection, Iterable, Sequence
from itertools import chain
from pathlib import Path
from typing import cast

import pluggy

from sitemap_core._context import BuildContext
from sitemap_core._diagnostics import Diagnostics, LoggerLike
from sitemap_core._errors import SitemapError
from sitemap_core._record import Entry, PageRecord
from sitemap_core._report import BuildReport
from sitemap_core._util.atomic import folder_lock, remove_leftovers
from sitemap_core._util.sorting import ExternalSorter, Item
from sitemap_core.build._aggregates import Aggregates, newest
from sitemap_core.build._alternates import with_alternates
from sitemap_core.build._canonical import Canonicals
from sitemap_core.build._fields import PageFields
from sitemap_core.build._hook_calls import chained, first_result
from sitemap_core.build._lastmod_spread import LastmodSpread
from sitemap_core.build._page_lastmod import PageLastmod
from sitemap_core.build._shard_order import LastmodOrder
from sitemap_core.builtin import make_plugin_manager
from sitemap_core.config import DEFAULT_SECTION, Settings, SitemapNames, section_names
from sitemap_core.files import (
    XSL_NAME,
    ForeignFile,
    SitemapWriter,
    Written,
    check_robots,
    is_ours,
    listed_in_index,
    merge_robots,
    url_block,
    write_stylesheet,
)
from sitemap_core.hookspecs import Canonical, LeftOut
from sitemap_core.indexnow import check_key_file, write_key_file
from sitemap_core.lastmod import GitPrefetch, LastmodChain
from sitemap_core.sites import read_the_docs
from sitemap_core.values import Lastmod, absolute_url, in_form_of, source_date_epoch

#: What to do about robots.txt when the base URL has a path ...
ROBOTS_YOURSELF = "add the Sitemap line to that file yourself"
#: ... and for one version of versioned docs (mike): the root index names the canonical one.
VERSIONED_ROBOTS = (
    "for versioned docs, run ssg-sitemap index with versions.json at the deployment root "
    "(docs/versions.md)"
)


def _always(settings: Settings) -> bool:
    return True


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

    ``records`` may be any iterable. Every adapter passes a list: a sequence is looked at
    once before the first record is written, so that the ``sitemap_prepare`` hooks and the
    lastmod sources batch their work (one ``git log`` pass for the pages' files) and aggregate
    pages (``summarises``) get their listed pages' dates. A one-shot iterable (a generator)
    is read once, and memory stays flat for plain records; the ``sitemap_prepare`` hooks then
    get no records, git reads a repository's whole history on its first question, and
    aggregate pages only have their own dates. Records with a translation key and aggregate
    records are held until the end either way.

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
        message = f"{report.skipped} (set the site's base URL to write one)"
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
        swept=True,
    )
    writer.stage(run.spread.counted(items))
    _note_empty_sections(writer, settings, diagnostics)
    try:
        # One build at a time from reading the folder's earlier files to the last file
        # written: two at once would each sweep what it thinks stale and leave a mix.
        with folder_lock(output_dir):
            _replace_set(run, writer, settings, output_dir, report, diagnostics, context, pm)
    finally:
        writer.discard()  # after an error: the temp files (nothing once committed)
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


def _replace_set(
    run: _Run,
    writer: SitemapWriter,
    settings: Settings,
    output_dir: Path,
    report: BuildReport,
    diagnostics: Diagnostics,
    context: BuildContext,
    pm: pluggy.PluginManager,
) -> None:
    """Put the staged files in place, remove the earlier build's other files, tell the
    hooks, merge robots.txt and write the IndexNow key file (under the folder's lock)."""
    rtd = read_the_docs()
    # Read the Docs serves the default version's robots.txt at the domain root, whatever
    # the version's path; a pull request build is not for search engines at all.
    robots_wanted = settings.robots and not (rtd is not None and rtd.external)
    at_root = rtd is not None
    # Refusals before any file changes.
    if robots_wanted and settings.base_url:
        check_robots(output_dir, settings.base_url, at_root=at_root)
    if settings.indexnow_key:
        check_key_file(output_dir, settings.indexnow_key)
    previous = _previous_files(output_dir, settings)
    blocked = False
    try:
        written = writer.commit()
    except ForeignFile as exc:
        # Nothing was written; the earlier files stay as they are (no stale sweep either).
        diagnostics.warning(str(exc))
        written, blocked = Written("", [], 0), True
        report.refused = True
    run.spread.check(written.urls)
    report.urls = written.urls
    report.files.extend(written.files)
    if written.oversize:
        diagnostics.warning(
            f"{written.oversize} URL(s) with their alternates exceed max_bytes on their own; "
            "each was written to a file of its own"
        )
    styled = bool(written.urls) and settings.stylesheet is True
    if not blocked:
        # Our stylesheet of an earlier build goes when no sitemap of this one names it.
        kept = [*written.files, output_dir / XSL_NAME] if styled else written.files
        _remove_stale(previous, kept, report, diagnostics)
    if written.urls:
        report.entry = written.entry_name
        if styled:
            _write_stylesheet(output_dir, report, diagnostics)
    run.chain.finish(report)
    pm.hook.sitemap_written(report=report, context=context)
    # Once, after the hooks: include_sitemaps may have pointed the entry at its index.
    robots = None
    names = SitemapNames.of(settings)
    if report.entry is None and robots_wanted and settings.base_url and not blocked:
        # No sitemap: the line of ours naming the earlier one goes too (a crawler would
        # fetch a missing file); the site's own lines stay.
        robots = merge_robots(
            output_dir,
            settings.base_url + names.filename,
            settings.base_url,
            names.robots,
            diagnostics,
            at_root=at_root,
            listed=False,
        )
        if robots is not None:
            report.files.append(robots)
    if not written.urls and not blocked:
        # Say so when the earlier build's sitemap went too: a deploy would drop it silently.
        gone = []
        if report.removed:
            gone.append("the earlier " + ", ".join(p.name for p in report.removed))
        if robots is not None:
            gone.append("its Sitemap line in robots.txt")
        removed = f" ({' and '.join(gone)} removed)" if gone else ""
        diagnostics.warning(f"no pages to list; no sitemap written{removed}")
    if report.entry is not None and robots_wanted:
        assert settings.base_url is not None
        robots = merge_robots(
            output_dir,
            settings.base_url + report.entry,
            settings.base_url,
            names.robots,
            diagnostics,
            at_root=at_root,
            hint=VERSIONED_ROBOTS if settings.versioned else ROBOTS_YOURSELF,
        )
        if rtd is not None:
            robots = (
                merge_robots(
                    output_dir,
                    rtd.root_sitemap(settings.base_url),
                    settings.base_url,
                    (),
                    diagnostics,
                    at_root=True,
                )
                or robots
            )
        if robots is not None:
            report.files.append(robots)
    if rtd is not None:
        named = robots is not None or (output_dir / "robots.txt").is_file()
        report.hosting = rtd.note(robots_wanted and report.entry is not None and named)
    if written.urls and settings.indexnow_key:
        report.files.append(write_key_file(output_dir, settings.indexnow_key))


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
        self.sorter = ExternalSorter()
        self.seq = 0
        self.aggregates = Aggregates(self.base)
        self.translated: list[Entry] = []
        self.has_alternates = False
        self.has_images = False
        # Plugins say when this build's settings leave them nothing to do (``active_for``,
        # see hookspecs); their per-record hooks are then not called at all.
        idle = {p for p in pm.get_plugins() if not getattr(p, "active_for", _always)(settings)}
        self.exclude = first_result(pm, "sitemap_exclude", idle)
        self.canonicals = Canonicals(context)
        self.chain = chain
        self.lastmod = PageLastmod(context, first_result(pm, "sitemap_lastmod", idle), chain).of
        self.transform = chained(pm, "sitemap_transform", idle)
        self.fields = PageFields(settings, context).of
        self.spread = LastmodSpread(context.diagnostics)
        #: URLs of records left out (a canonical target among them stays out).
        self.excluded_locs: set[str] = set()
        #: Sequence numbers of the canonical targets added after the records: a target
        #: that duplicates a listed page is no mistake.
        self.targets: set[int] = set()

    # -- per record ------------------------------------------------------------------------
    def add(self, record: PageRecord) -> None:
        diagnostics = self.context.diagnostics
        try:
            loc = absolute_url(self.base, record.url)
        except ValueError as exc:
            diagnostics.warning(f"{exc}; the page is left out", record.label, "url")
            self.report.excluded["invalid URL"] += 1
            return
        reason = (
            None
            if self.exclude is None
            else self.exclude(record=record, loc=loc, context=self.context)
        )
        if isinstance(reason, Canonical):
            reason = self.canonicals.judge(record, loc, reason)
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
        entry = Entry(listed, record, lastmod, changefreq, priority)
        # Aggregate pages summarise record URLs: their dates are kept under those.
        aggregates = self.aggregates
        if loc in aggregates.wanted:
            aggregates.lastmods.setdefault(loc, lastmod)
        if record.summarises:
            aggregates.entries.append(entry)
        elif record.translation_key and self.settings.alternates:
            self.translated.append(entry)
        else:
            self.emit(entry)

    def excluded(self, record: PageRecord, loc: str) -> str | None:
        """Why the ``sitemap_exclude`` hooks leave the page out; ``None`` to keep it."""
        if self.exclude is None:
            return None
        reason = self.exclude(record=record, loc=loc, context=self.context)
        if isinstance(reason, Canonical):
            return self.canonicals.judge(record, loc, reason)
        return cast("str | None", reason)

    def emit(self, entry: Entry) -> bool:
        """Send one finished entry to the sorter; ``False`` when a transform left it out."""
        if self.transform is not None:
            result = cast("Entry | LeftOut", self.transform("entry", entry, context=self.context))
            if type(result) is LeftOut:
                self.report.excluded[result.reason] += 1
                self.excluded_locs.add(entry.loc)
                return False
            entry = cast(Entry, result)
        if entry.alternates:
            self.has_alternates = True
        if entry.images:
            self.has_images = True
        lastmod_text = (
            None
            if entry.lastmod is None
            else entry.lastmod.w3c(self.settings.precision, self.settings.utc_suffix)
        )
        key = entry.lastmod.when.timestamp() if entry.lastmod is not None else float("-inf")
        if self.settings.format == "xml":
            payload = url_block(entry, lastmod_text, self.indent)
        else:
            payload = entry.loc + "\n"
        if lastmod_text is not None:
            self.spread.see(lastmod_text)
        self.seq += 1
        self.sorter.add(Item(entry.loc, self.seq, payload, key, lastmod_text, entry.record.label))
        return True

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


def _write_stylesheet(output_dir: Path, report: BuildReport, diagnostics: Diagnostics) -> None:
    """The stylesheet the sitemap files name, beside them (a foreign file of its name stays)."""
    try:
        path = write_stylesheet(output_dir)
    except OSError as exc:
        diagnostics.warning(f"cannot write {XSL_NAME}: {exc.strerror}", field="xsl")
        return
    if path is None:
        diagnostics.warning(
            f"{output_dir / XSL_NAME} exists and was not written by ssg-sitemap; it is left "
            "alone, and browsers show the sitemap with it",
            field="xsl",
        )
        return
    report.files.append(path)


def _previous_files(output_dir: Path, settings: Settings) -> list[Path]:
    """Files an earlier build of ours left (read before anything is overwritten)."""
    names = SitemapNames.of(settings)
    pattern = names.owned
    found: list[Path] = []
    listed: set[str] = set()
    for name in (names.index, names.index + ".gz"):
        listed.update(listed_in_index(output_dir / name))
    # Names first (a site's root can hold thousands of pages): a Path only for candidates.
    with os.scandir(output_dir) as entries:
        candidates = [entry.name for entry in entries if pattern.match(entry.name)]
    for name in candidates:
        path = output_dir / name
        if not path.is_file():
            continue
        if name in listed or is_ours(path):
            found.append(path)
    stylesheet = output_dir / XSL_NAME
    if stylesheet.is_file() and is_ours(stylesheet):
        found.append(stylesheet)  # stays only while this build's sitemaps name it
    return found


def _remove_stale(
    previous: list[Path], written: list[Path], report: BuildReport, diagnostics: Diagnostics
) -> None:
    keep = set(written)
    for path in previous:
        if path not in keep:
            try:
                path.unlink()
                report.removed.append(path)
            except FileNotFoundError:
                pass  # another build in this folder removed it first: nothing to say
            except OSError as exc:
                diagnostics.warning(f"could not remove stale sitemap file {path}: {exc.strerror}")
