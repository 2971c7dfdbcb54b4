"""Putting one build's files in place, under the folder's lock: the staged sitemap files
committed, the earlier build's other files of ours swept, our stylesheet, the
``sitemap_written`` hooks told, the ``Sitemap:`` line merged into robots.txt (or taken away
when nothing was written) and the IndexNow key file. Refusals (a foreign robots.txt rule, a
foreign key file) come before any file changes."""

from __future__ import annotations

import os
from pathlib import Path

import pluggy

from sitemap_core._config import Settings, SitemapNames
from sitemap_core._context import BuildContext
from sitemap_core._diagnostics import Diagnostics
from sitemap_core._files import (
    XSL_NAME,
    ForeignFile,
    OwnedFiles,
    SitemapWriter,
    Written,
    check_robots,
    is_ours,
    merge_robots,
    read_owned,
    record_owned,
    write_stylesheet,
)
from sitemap_core._indexnow import check_key_file, write_key_file
from sitemap_core._lastmod import LastmodChain
from sitemap_core._pipeline._lastmod_spread import LastmodSpread
from sitemap_core._report import BuildReport
from sitemap_core._sites import preview_deploy, read_the_docs
from sitemap_core._util.atomic import WriteError, folder_lock

#: What to do about robots.txt when the base URL has a path ...
ROBOTS_YOURSELF = "add the Sitemap line to that file yourself"
#: ... and for one version of versioned docs (mike): the root index names the canonical one.
VERSIONED_ROBOTS = (
    "for versioned docs, run ssg-sitemap index with versions.json at the deployment root "
    "(docs/versions.md)"
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
) -> None:
    """Put the staged files in place, remove the earlier build's other files, tell the
    hooks, merge robots.txt and write the IndexNow key file (under the folder's lock).

    :param spread: the build's lastmod vote, checked once the URLs are counted.
    :param chain: the lastmod sources, finished (the state file) before the hooks are told.
    """
    rtd = read_the_docs()
    names = SitemapNames.of(settings)
    # Read the Docs serves the default version's robots.txt at the domain root, whatever
    # the version's path, in place of its own (which disallows Hidden versions): only the
    # project's own file (its custom robots.txt) gets our lines. A preview (a pull request)
    # is not for search engines at all.
    preview = preview_deploy() if settings.preview_detection else None
    robots_wanted = (
        settings.robots
        and preview is None
        and (rtd is None or (output_dir / "robots.txt").is_file())
    )
    at_root = rtd is not None
    # Refusals before any file changes.
    if robots_wanted and settings.base_url:
        check_robots(output_dir, settings.base_url, at_root=at_root)
    if settings.indexnow_key:
        check_key_file(output_dir, settings.indexnow_key)
    owned = read_owned(output_dir)
    previous, others = _previous_files(output_dir, settings, owned)
    blocked = False
    try:
        written = writer.commit(owned.may_replace)
    except ForeignFile as exc:
        # Nothing was written; the earlier files stay as they are (no stale sweep either).
        diagnostics.warning(str(exc))
        written, blocked = Written("", [], 0), True
        report.refused = True
    spread.check(written.urls)
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
        remove_stale(previous, kept, report, diagnostics)
        _say_kept([path for path in others if path not in kept], diagnostics)
    if written.urls:
        report.entry = written.entry_name
        if styled:
            _write_stylesheet(output_dir, report, diagnostics, owned)
        if settings.stylesheet:
            diagnostics.info(
                "the sitemap names an XSLT stylesheet (xsl); browsers are removing XSLT "
                "(Chrome already shows a warning banner over such a page): the site map page "
                "(html_sitemap) is the human view that lasts",
                field="xsl",
            )
    if not blocked:
        _record(output_dir, report.files, diagnostics)
    chain.finish(report)
    pm.hook.sitemap_written(report=report, context=context)
    # Once, after the hooks: include_sitemaps may have pointed the entry at its index.
    robots = None
    # A line naming a file of the earlier set that just went is ours too (another filename).
    our_names = names.robots | {path.name for path in report.removed}
    if report.entry is None and robots_wanted and settings.base_url and not blocked:
        # No sitemap: the line of ours naming the earlier one goes too (a crawler would
        # fetch a missing file); the site's own lines stay.
        robots = merge_robots(
            output_dir,
            settings.base_url + names.filename,
            settings.base_url,
            our_names,
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
            our_names,
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
    if preview is not None and settings.robots:
        report.hosting = f"{preview}: no Sitemap: line in robots.txt"
    elif rtd is not None:
        named = robots is not None or (output_dir / "robots.txt").is_file()
        report.hosting = rtd.note(
            robots_wanted and report.entry is not None and named, asked=settings.robots
        )
    if written.urls and settings.indexnow_key:
        report.files.append(write_key_file(output_dir, settings.indexnow_key))


def _write_stylesheet(
    output_dir: Path, report: BuildReport, diagnostics: Diagnostics, owned: OwnedFiles
) -> None:
    """The stylesheet the sitemap files name, beside them (a foreign file of its name stays)."""
    try:
        path = write_stylesheet(output_dir, owned.may_replace)
    except OSError as exc:
        diagnostics.warning(f"cannot write {XSL_NAME}: {exc.strerror}", field="xsl")
        return
    if path is None:
        diagnostics.warning(
            f"{output_dir / XSL_NAME} exists and was not written by ssg-sitemap, or was changed "
            "since; it is left alone, and browsers show the sitemap with it",
            field="xsl",
        )
        return
    report.files.append(path)


def _record(output_dir: Path, files: list[Path], diagnostics: Diagnostics) -> None:
    """Record the set just written: the next build replaces or removes only these files."""
    try:
        record_owned(output_dir, files)
    except (WriteError, OSError) as exc:
        diagnostics.warning(f"cannot record the files written: {exc}")


def _previous_files(
    output_dir: Path, settings: Settings, owned: OwnedFiles
) -> tuple[list[Path], list[Path]]:
    """The earlier set's files, read before anything is overwritten: ``(ours, others)``.

    Ours are the recorded files, unchanged since; others are files of our names the sweep
    leaves (recorded but changed since, or carrying our marker without being recorded).
    """
    ours, changed = owned.set_files()
    recorded = set(owned.digests)
    pattern = SitemapNames.of(settings).owned
    # Names first (a site's root can hold thousands of pages): a Path only for candidates.
    with os.scandir(output_dir) as entries:
        candidates = [
            entry.name
            for entry in entries
            if entry.name not in recorded and (pattern.match(entry.name) or entry.name == XSL_NAME)
        ]
    unrecorded = [
        output_dir / name
        for name in sorted(candidates)
        if (output_dir / name).is_file() and is_ours(output_dir / name)
    ]
    return ours, changed + unrecorded


def _say_kept(kept: list[Path], diagnostics: Diagnostics) -> None:
    """One line naming the files of our names that were not ours to remove."""
    if kept:
        diagnostics.info(
            f"kept {', '.join(path.name for path in kept)}: not the files the last build here "
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
    report = BuildReport()
    with folder_lock(output_dir):
        owned = read_owned(output_dir)
        ours, changed = owned.set_files()
        remove_stale(ours, [], report, diagnostics)
        _say_kept(changed, diagnostics)
        _record(output_dir, [], diagnostics)
    return report.removed


def remove_stale(
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
