"""Putting one build's files in place under the folder's lock: refusals first, commit the
sitemap set and stylesheet, tell the ``sitemap_written`` hooks, commit what they planned and
the IndexNow key file, then merge robots.txt. Each commit is journaled in the ledger."""

from __future__ import annotations

import os
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

import pluggy

from sitemap_core._config import Settings
from sitemap_core._context import BuildContext
from sitemap_core._diagnostics import Diagnostics
from sitemap_core._files import (
    PLAN_KEY,
    STYLESHEET,
    XSL_NAME,
    Committed,
    FilePlan,
    ForeignFile,
    OwnedFiles,
    SitemapWriter,
    Written,
    check_robots,
    commit_set,
    is_ours,
    merge_robots,
    our_line,
    read_owned,
)
from sitemap_core._indexnow import check_key_file, key_file_name
from sitemap_core._lastmod import LastmodChain
from sitemap_core._pipeline._lastmod_spread import LastmodSpread
from sitemap_core._report import BuildReport
from sitemap_core._sites import ReadTheDocs, preview_deploy, read_the_docs
from sitemap_core._util.atomic import TempFile, folder_lock, recover

#: What to do about robots.txt when the base URL has a path ...
ROBOTS_YOURSELF = "add the Sitemap line to that file yourself"
#: ... and for one version of versioned docs (mike): the root index names the canonical one.
VERSIONED_ROBOTS = (
    "for versioned docs, run ssg-sitemap index with versions.json at the deployment root "
    "(docs/versions.md)"
)


@dataclass(frozen=True)
class Hosting:
    """The hosting environment, read once at the edge of the build.

    :param rtd: a Read the Docs build, or ``None``.
    :param preview: what says this is a preview deploy, or ``None``.
    """

    rtd: ReadTheDocs | None
    preview: str | None

    @classmethod
    def read(cls, settings: Settings) -> Hosting:
        return cls(read_the_docs(), preview_deploy() if settings.preview_detection else None)

    def robots_wanted(self, settings: Settings, output_dir: Path) -> bool:
        # Read the Docs serves the default version's robots.txt at the root in place of its
        # own: only the project's own file gets our lines. A preview is not for search engines.
        return (
            settings.robots
            and self.preview is None
            and (self.rtd is None or (output_dir / "robots.txt").is_file())
        )


def replace_set(
    writer: SitemapWriter,
    settings: Settings,
    output_dir: Path,
    report: BuildReport,
    diagnostics: Diagnostics,
    context: BuildContext,
    pm: pluggy.PluginManager,
    *,
    spread: LastmodSpread,
    chain: LastmodChain,
    hosting: Hosting | None = None,
) -> None:
    """Commit the staged files and the hooks' planned ones, sweep the earlier build's other
    files of ours, tell the hooks and merge robots.txt (under the folder's lock).

    :param spread: the build's lastmod vote, checked once the URLs are counted.
    :param chain: the lastmod sources, finished (the state file) before the hooks are told.
    :param hosting: the hosting environment (read here when not given).
    """
    hosting = hosting or Hosting.read(settings)
    wanted = hosting.robots_wanted(settings, output_dir)
    # Refusals before any file changes.
    if wanted and settings.base_url:
        check_robots(output_dir, settings.base_url, at_root=hosting.rtd is not None)
    if settings.indexnow_key:
        check_key_file(output_dir, settings.indexnow_key)
    recover(output_dir)
    owned = read_owned(output_dir)
    written, decided, now = _commit_sitemaps(writer, settings, owned, report, diagnostics)
    spread.check(written.urls)
    context.cache[PLAN_KEY] = plan = FilePlan(now)
    chain.finish(report)
    pm.hook.sitemap_written(report=report, context=context)
    if not report.refused:
        _commit_planned(plan, owned, decided, settings, written, report, diagnostics)
    robots = _robots(settings, output_dir, report, diagnostics, hosting, wanted, written)
    _hosting_note(settings, output_dir, report, hosting, wanted, robots)


def _commit_sitemaps(
    writer: SitemapWriter,
    settings: Settings,
    owned: OwnedFiles,
    report: BuildReport,
    diagnostics: Diagnostics,
) -> tuple[Written, set[str], OwnedFiles]:
    """The first commit: the sitemap files and their stylesheet; the earlier set's sitemap
    files go. :return: what was written, the recorded paths this commit ruled on, and the
    ledger after it."""
    names = settings.names
    decided = {rel for rel in owned.digests if names.owned.match(rel) or rel == XSL_NAME}
    styled = bool(writer.shards) and settings.stylesheet is True
    xsl: dict[Path, bytes] = {}
    if styled:
        _plan_stylesheet(owned, xsl, diagnostics)
    others = _unrecorded_ours(owned, settings)
    done: list[Committed] = []

    def finish(pairs: list[tuple[TempFile, Path]]) -> None:
        done.append(commit_set(owned, pairs, xsl, decided))

    try:
        written = writer.commit(owned.may_replace, finish)
    except ForeignFile as exc:
        # Nothing was written; the earlier files stay as they are (no stale sweep either).
        diagnostics.warning(str(exc))
        report.refused = True
        return Written("", [], 0), decided, owned
    (committed,) = done
    report.urls = written.urls
    report.files.extend(written.files)
    report.files.extend(xsl)
    report.removed.extend(committed.removed)
    kept = [*committed.kept, *(p for p in others if p not in written.files)]
    _say_kept(owned, kept, diagnostics)
    if written.oversize:
        diagnostics.warning(
            f"{written.oversize} URL(s) with their alternates exceed max_bytes on their own; "
            "each was written to a file of its own"
        )
    if written.urls:
        report.entry = written.entry_name
        if settings.stylesheet:
            diagnostics.info(
                "the sitemap names an XSLT stylesheet (xsl); browsers are removing XSLT "
                "(Chrome already shows a warning banner over such a page): the site map page "
                "(html_sitemap) is the human view that lasts",
                field="xsl",
            )
    return written, decided, committed.owned


def _plan_stylesheet(owned: OwnedFiles, xsl: dict[Path, bytes], diagnostics: Diagnostics) -> None:
    """The stylesheet the sitemap files name, beside them (a foreign file of its name stays)."""
    path = owned.folder / XSL_NAME
    if owned.may_replace(path):
        xsl[path] = STYLESHEET.encode("utf-8")
        return
    diagnostics.warning(
        f"{path} exists and was not written by ssg-sitemap, or was changed since; it is left "
        "alone, and browsers show the sitemap with it",
        field="xsl",
    )


def _commit_planned(
    plan: FilePlan,
    owned: OwnedFiles,
    decided: Collection[str],
    settings: Settings,
    written: Written,
    report: BuildReport,
    diagnostics: Diagnostics,
) -> None:
    """The second commit: what the hooks planned and the IndexNow key file; the rest of the
    earlier build's recorded files (not sitemap files) go when unchanged."""
    key = settings.indexnow_key
    if written.urls and key:
        path = owned.folder / key_file_name(key)
        if check_key_file(owned.folder, key) or owned.rel(path) in owned.digests:
            plan.files[path] = key.encode("ascii")
        report.files.append(path)
    rest = set(owned.digests) - set(decided)
    try:
        committed = commit_set(plan.owned, [], plan.files, rest)
    except OSError as exc:
        diagnostics.warning(f"cannot write the files planned: {exc}")
        return
    report.removed.extend(committed.removed)
    if committed.removed:
        # Not a sitemap file: an output turned off, or a file `ssg-sitemap index` wrote here.
        names = ", ".join(owned.rel(path) or str(path) for path in committed.removed)
        diagnostics.info(f"{names} removed: written here before, unchanged, not written now")
    said = {owned.rel(path) for path in plan.kept}
    _say_kept(owned, [path for path in committed.kept if owned.rel(path) not in said], diagnostics)
    if plan.kept:
        # Where this build would write (a twin, a section's llms.txt): yours, or ours edited.
        one = len(plan.kept) == 1
        names = ", ".join(owned.rel(path) or str(path) for path in plan.kept)
        diagnostics.info(
            f"{names} {'exists' if one else 'exist'} and {'was' if one else 'were'} not written "
            "by ssg-sitemap, or changed since; kept as is (llms.txt links it): remove it to "
            "have it written"
        )


def _robots(
    settings: Settings,
    output_dir: Path,
    report: BuildReport,
    diagnostics: Diagnostics,
    hosting: Hosting,
    wanted: bool,
    written: Written,
) -> Path | None:
    """Once, after the hooks (include_sitemaps may have pointed the entry at its index): our
    ``Sitemap:`` line merged in, or taken away when no sitemap was written."""
    names = settings.names
    # A line naming a file of the earlier set that just went is ours too (another filename).
    our_names = names.robots | {path.name for path in report.removed}
    base_url, at_root, robots = settings.base_url, hosting.rtd is not None, None
    if report.entry is None and wanted and base_url and not report.refused:
        # No sitemap: the line of ours naming the earlier one goes too (a crawler would
        # fetch a missing file); the site's own lines stay.
        robots = merge_robots(
            output_dir, base_url + names.filename, base_url, our_names, diagnostics,
            at_root=at_root, listed=False,
        )  # fmt: skip
    if not written.urls and not report.refused:
        # Saying when the earlier build's sitemap went too: a deploy would drop it silently.
        gone = []
        if report.removed:
            gone.append("the earlier " + ", ".join(p.name for p in report.removed))
        if robots is not None:
            gone.append("its Sitemap line in robots.txt")
        removed = f" ({' and '.join(gone)} removed)" if gone else ""
        diagnostics.warning(f"no pages to list; no sitemap written{removed}")
    if report.entry is not None and wanted and base_url:
        hint = VERSIONED_ROBOTS if settings.versioned else ROBOTS_YOURSELF
        robots = merge_robots(
            output_dir, base_url + report.entry, base_url, our_names, diagnostics,
            at_root=at_root, hint=hint,
        )  # fmt: skip
        if hosting.rtd is not None:
            root = hosting.rtd.root_sitemap(base_url)
            at_host = merge_robots(output_dir, root, base_url, (), diagnostics, at_root=True)
            robots = at_host or robots
    if robots is not None:
        report.files.append(robots)
    return robots


def _hosting_note(
    settings: Settings,
    output_dir: Path,
    report: BuildReport,
    hosting: Hosting,
    wanted: bool,
    robots: Path | None,
) -> None:
    if hosting.preview is not None and settings.robots:
        names = settings.names
        url = (settings.base_url or "") + (report.entry or names.filename)
        line = our_line(output_dir, url, names.robots) if report.entry else None
        # The summary and robots.txt agree: a line there already (the site's) is not dropped.
        stays = f"robots.txt's line 'Sitemap: {line}' stays (remove it yourself for previews)"
        report.hosting = f"{hosting.preview}: " + (
            stays if line else "no Sitemap: line in robots.txt"
        )
    elif hosting.rtd is not None:
        named = robots is not None or (output_dir / "robots.txt").is_file()
        report.hosting = hosting.rtd.note(
            wanted and report.entry is not None and named, asked=settings.robots
        )


def _unrecorded_ours(owned: OwnedFiles, settings: Settings) -> list[Path]:
    """Files of our names the ledger does not record but that carry our marker (a copy, an
    earlier version's set): never removed."""
    pattern = settings.names.owned
    # Names first (a site's root can hold thousands of pages): a Path only for candidates.
    with os.scandir(owned.folder) as entries:
        candidates = [
            entry.name
            for entry in entries
            if entry.name not in owned.digests
            and (pattern.match(entry.name) or entry.name == XSL_NAME)
        ]
    folder = owned.folder
    return [folder / name for name in sorted(candidates) if is_ours(folder / name)]


def _say_kept(owned: OwnedFiles, kept: list[Path], diagnostics: Diagnostics) -> None:
    """One line naming the files at our names or in the ledger that were not ours to replace
    or remove (INFO: not our output, so a strict build stays green)."""
    if kept:
        names = ", ".join(owned.rel(path) or str(path) for path in kept)
        diagnostics.info(
            f"kept {names}: not the files the last build here "
            "wrote, or changed since; only those are replaced or removed (remove these yourself "
            "if they are stale)"
        )


def remove_set(output_dir: Path, diagnostics: Diagnostics) -> list[Path]:
    """Take away the folder's recorded set (a build that writes none: no base URL, a setting
    error), so that no earlier sitemap stays looking current; a changed file stays, named.

    :return: the files removed.
    """
    if not output_dir.is_dir():
        return []
    with folder_lock(output_dir):
        recover(output_dir)
        owned = read_owned(output_dir)
        committed = commit_set(owned, [], {}, set(owned.digests))
        _say_kept(owned, committed.kept, diagnostics)
    return committed.removed
