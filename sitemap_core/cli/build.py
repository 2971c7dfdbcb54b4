"""Build a sitemap for an already-built static site (Hugo, Jekyll, hand-written HTML).

Walks the HTML files of SITE_DIR, maps x/index.html to x/, leaves out pages whose HTML says
noindex, redirects or names another canonical URL, writes the sitemap(s) and merges a
Sitemap: line into SITE_DIR/robots.txt.

With --project (a mkdocs.yml, properdocs.yml or zensical.toml, or the folder holding it),
the pages come from the project's sources by MkDocs' rules, with front matter and git dates,
the same sitemap the MkDocs plugin writes; SITE_DIR defaults to the config's site_dir and
--base-url to its site_url. Use it after `zensical build`.

exit status: 0 success, 1 no sitemap written because a file at its name is not ours (or
--strict turned warnings into a failure), 2 usage or config error.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from sitemap_core._errors import ConfigError, SitemapError
from sitemap_core._record import PageRecord
from sitemap_core._report import BuildReport
from sitemap_core._util.progress import Progress
from sitemap_core.build import build_sitemap, check_output_dir
from sitemap_core.cli._flags import given_flags
from sitemap_core.config import (
    CLI_LASTMOD_SOURCES,
    DEFAULT_MAX_BYTES,
    LASTMOD_SOURCES,
    PROTOCOL_MAX_URLS,
    Settings,
    check_indexnow_key,
    load_hooks_file,
)
from sitemap_core.files import is_ours
from sitemap_core.html import inspect_html, with_head_alternates
from sitemap_core.html_sitemap import SLOT, directory_nav, fill_slot, render_nav
from sitemap_core.lastmod import GitPrefetch, prefetch_git
from sitemap_core.mkdocs_project import (
    MATERIAL_INDEX,
    ProjectConfig,
    material_problem,
    options_with_defaults,
    project_records,
    read_project,
    reads_material_file,
    settings_from_options,
    write_material_copy,
)
from sitemap_core.sites import html_files, site_records
from sitemap_core.values import absolute_url, without_index

NAME = "build"
HELP = "write sitemap(s) and robots.txt for an already-built site"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options mirror the core settings."""
    parser.add_argument(
        "site_dir",
        metavar="SITE_DIR",
        type=Path,
        nargs="?",
        help="the built site's root (with --project: the config's site_dir by default)",
    )
    parser.add_argument(
        "--base-url",
        metavar="URL",
        help="absolute URL the site is served at, e.g. https://example.org/docs/ "
        "(with --project: the config's site_url by default)",
    )
    parser.add_argument(
        "--project",
        type=Path,
        nargs="?",
        const=Path(),
        metavar="FILE|DIR",
        help="a MkDocs-family project (mkdocs.yml, properdocs.yml, zensical.toml, or the "
        "folder holding one; alone: the current folder): pages, front matter and git dates "
        "from its sources, options from its sitemap plugin entry",
    )
    parser.add_argument(
        "--filename",
        default=None,
        help="sitemap file name (sitemap.xml; sitemap.txt with --format txt)",
    )
    parser.add_argument("--format", choices=("xml", "txt"), default=None, help="output format")
    parser.add_argument("--gzip", action="store_true", help="also write .gz copies")
    parser.add_argument("--gzip-only", action="store_true", help="write only .gz files")
    parser.add_argument(
        "--exclude",
        action="append",
        default=[],
        metavar="GLOB",
        help="leave out URLs matching GLOB (relative to the base URL); repeatable",
    )
    parser.add_argument(
        "--max-urls",
        type=int,
        default=None,
        metavar="N",
        help=f"URLs per file (at most {PROTOCOL_MAX_URLS:,}, the default)",
    )
    parser.add_argument(
        "--max-bytes",
        type=int,
        default=None,
        metavar="N",
        help=f"uncompressed bytes per file (default {DEFAULT_MAX_BYTES:,}, at most 52,428,800)",
    )
    parser.add_argument("--changefreq", default=None, help="changefreq for every page")
    parser.add_argument("--priority", default=None, help="priority for every page (0.0-1.0)")
    parser.add_argument(
        "--keep-index-html", action="store_true", help="list x/index.html instead of x/"
    )
    parser.add_argument("--no-robots", action="store_true", help="do not touch robots.txt")
    parser.add_argument(
        "--no-html-checks",
        action="store_true",
        help="do not read pages for noindex, canonical and redirects",
    )
    parser.add_argument("--strict", action="store_true", help="exit 1 when there are warnings")
    parser.add_argument(
        "--lastmod-sources",
        default=None,
        metavar="LIST",
        help=f"lastmod sources in order, comma-separated, from {','.join(LASTMOD_SOURCES)} "
        f"(default {','.join(CLI_LASTMOD_SOURCES)}); empty: no lastmod; git dates need "
        "--project (a built page does not name its source)",
    )
    parser.add_argument(
        "--shard-order",
        choices=("url", "lastmod"),
        default=None,
        help="fill shards in URL order (default) or oldest first, so that new and edited "
        "pages change only the last shards (lastmod)",
    )
    parser.add_argument(
        "--indexnow-key",
        default=None,
        metavar="KEY",
        help="write the IndexNow key file KEY.txt to SITE_DIR (for 'ssg-sitemap announce')",
    )
    parser.add_argument(
        "--section",
        action="append",
        default=[],
        metavar="GLOB=NAME",
        help="write the URLs matching GLOB (relative to the base URL) to a sitemap of their "
        "own, sitemap-NAME.xml, listed in the sitemap.xml index; repeatable, first match "
        "wins, the rest go to sitemap-pages.xml",
    )
    parser.add_argument(
        "--images",
        action="store_true",
        help="list each page's own images (<image:image>): its <main>/<article> images, "
        "else those outside header, nav and footer, and og:image",
    )
    parser.add_argument(
        "--hooks",
        type=Path,
        default=None,
        metavar="FILE.py",
        help="a Python file defining filter(entry), transform(entry) and/or extra_urls "
        "(with --project it replaces the plugin's hooks option)",
    )
    parser.add_argument(
        "--hooks-errors",
        choices=("fail", "warn"),
        default=None,
        help="an exception in a hooks function fails the build (fail, the default) or is a "
        "warning and the page stays as it was (warn)",
    )
    parser.add_argument(
        "--xsl",
        action="store_true",
        help="make the XML sitemap readable in a browser: name the bundled stylesheet "
        "(<?xml-stylesheet?>) and write it beside the sitemap as sitemap.xsl",
    )
    parser.add_argument(
        "--xsl-href",
        default=None,
        metavar="URL",
        help="name your own stylesheet in the sitemap files instead of ours (nothing written)",
    )
    parser.add_argument(
        "--html-exclude",
        action="append",
        default=[],
        metavar="GLOB",
        help="leave pages matching this URL glob out of the HTML sitemap only (repeatable)",
    )
    parser.add_argument(
        "--html-sitemap-into",
        default=None,
        metavar="PAGE",
        help="put the HTML sitemap into this page of SITE_DIR (e.g. sitemap/index.html), "
        "inside your theme: at a <!-- ssg-sitemap --> comment or into the element with "
        'id="ssg-sitemap"; rebuilds replace the list',
    )
    parser.add_argument(
        "--html-sitemap",
        default=None,
        metavar="NAME",
        help="also write an HTML sitemap for visitors (e.g. sitemap.html), titles from <title>",
    )


log = logging.getLogger("ssg-sitemap")


def run(args: argparse.Namespace) -> int:
    """Build the sitemap; see the module docstring for exit codes."""
    if args.indexnow_key is not None:
        check_indexnow_key(args.indexnow_key)
    if args.project is not None:
        return _run_project(args)
    if args.site_dir is None:
        raise ConfigError("give SITE_DIR, or --project with a MkDocs-family config")
    if not args.base_url:
        raise ConfigError("--base-url is required (without --project)")
    site_dir: Path = args.site_dir
    check_output_dir(site_dir)
    settings = _plain_settings(args)
    if args.lastmod_sources is not None and "git" in settings.lastmod_sources:
        # A built page does not name its source file, so git has nothing to date; asked for
        # by name, the user should learn why no page got a git date.
        log.info(
            "sitemap: git dates need each page's source file, which a built site does not "
            "name: git dates come with --project (a MkDocs-family project) or the generator's "
            "plugin"
        )
    into = _into_page(args, site_dir)
    if into is not None:
        settings = dataclasses.replace(settings, html_themed=True)
    files = html_files(site_dir)
    records: Iterable[PageRecord] = site_records(
        site_dir, files, args.keep_index_html, titles=bool(args.html_sitemap or into)
    )
    return _build(_alternates(records, settings), settings, site_dir, len(files), None, into=into)


def _into_page(args: argparse.Namespace, site_dir: Path) -> tuple[Path, str] | None:
    """``--html-sitemap-into``: the page's file and its URL relative to the base URL."""
    name = args.html_sitemap_into
    if name is None:
        return None
    if args.html_sitemap:
        raise ConfigError("give --html-sitemap or --html-sitemap-into, not both")
    path = (site_dir / name).resolve()
    if not path.is_relative_to(site_dir.resolve()) or not path.is_file():
        raise ConfigError(f"--html-sitemap-into: {name!r} is not a page in {site_dir}")
    rel = path.relative_to(site_dir.resolve()).as_posix()
    return path, rel if args.keep_index_html else without_index(rel)


def _plain_settings(args: argparse.Namespace) -> Settings:
    # Settings owns the default name (sitemap.xml, or sitemap.txt for the text format).
    named = {"filename": args.filename} if args.filename else {}
    hooks = {} if args.hooks is None else load_hooks_file(args.hooks)
    return Settings(
        base_url=args.base_url,
        format=args.format or "xml",
        gzip=args.gzip or args.gzip_only,
        gzip_only=args.gzip_only,
        exclude=tuple(args.exclude),
        # 0 is a value given (and refused), not a default.
        max_urls=PROTOCOL_MAX_URLS if args.max_urls is None else args.max_urls,
        max_bytes=DEFAULT_MAX_BYTES if args.max_bytes is None else args.max_bytes,
        changefreq=args.changefreq,
        priority=args.priority,
        robots=not args.no_robots,
        html_checks=not args.no_html_checks,
        strict=args.strict,
        html_sitemap=args.html_sitemap,
        html_exclude=tuple(args.html_exclude),
        shard_order=args.shard_order or "url",
        indexnow_key=args.indexnow_key,
        lastmod_sources=_sources(args.lastmod_sources, CLI_LASTMOD_SOURCES),
        filter=hooks.get("filter"),
        transform=hooks.get("transform"),
        extra_urls=hooks.get("extra_urls"),
        hooks_errors=args.hooks_errors or "fail",
        sections=_sections(args.section),
        images=args.images,
        xsl=args.xsl_href or args.xsl,
        **named,
    )


def _sections(given: list[str]) -> tuple[tuple[str, str], ...]:
    """``--section GLOB=NAME`` options as pairs, in order."""
    pairs = []
    for text in given:
        glob, sep, name = text.rpartition("=")
        if not sep or not glob or not name:
            raise ConfigError(f"--section {text!r}: write it as GLOB=NAME (blog/*=blog)")
        pairs.append((glob, name))
    return tuple(pairs)


def _sources(text: str | None, default: Iterable[str]) -> tuple[str, ...]:
    if text is None:
        return tuple(default)
    return tuple(s.strip() for s in text.split(",") if s.strip())


def _run_project(args: argparse.Namespace) -> int:
    """``--project``: the MkDocs plugin's sitemap, from the project's sources and git."""
    project = read_project(args.project)
    site_dir: Path = args.site_dir or project.site_dir
    if not site_dir.is_dir():
        raise ConfigError(
            f"site_dir {site_dir} does not exist: build the project first "
            "(zensical build, mkdocs build)"
        )
    check_output_dir(site_dir)
    base_url = args.base_url or project.site_url
    if not base_url:
        raise ConfigError(
            f"{project.path} has no site_url and no --base-url was given: a sitemap needs "
            "absolute URLs"
        )
    settings = _project_settings(args, project, base_url)
    if project.material_uses and reads_material_file(settings):
        # As the MkDocs plugin does: a sharded index goes to another name, sitemap.xml stays
        # the one list of pages Material reads.
        settings = dataclasses.replace(settings, index_filename=MATERIAL_INDEX)
    replaced = _check_foreign_sitemap(project, site_dir, settings)
    try:
        records = list(
            project_records(project, site_dir, settings.exclude, titles=bool(settings.html_sitemap))
        )
    except ValueError as exc:
        raise ConfigError(f"{project.path}: {exc}") from None
    prefetch = prefetch_git([project.docs_dir], settings)
    # Zensical's own sitemap, which the note after the summary names.
    replace = (site_dir / settings.filename, site_dir / (settings.filename + ".gz"))
    status = _build(
        _alternates(records, settings),
        settings,
        site_dir,
        len(records),
        prefetch,
        replace if replaced is not None else (),
        material=project.material_uses,
    )
    target = site_dir / settings.filename
    # Nothing listed: nothing was written and Zensical's file is still there.
    if replaced is not None and (not target.is_file() or is_ours(target)):
        log.info(replaced)
    return status


def _project_settings(args: argparse.Namespace, project: ProjectConfig, base_url: str) -> Settings:
    """The plugin's options from the config; what the command line says explicitly wins.

    :raises ConfigError: about a value from the config: naming the file and the key as
        written there (one given by a flag is named by its flag, see ``cli._flags``).
    """
    try:
        return _merged_settings(args, project, base_url)
    except ConfigError as exc:
        if exc.setting in given_flags(args):
            raise
        named = exc.renamed({"base URL": "site_url"})
        if exc.setting in options_with_defaults(None):
            named = ConfigError(f"sitemap plugin: {exc}")
        raise ConfigError(f"{project.path}: {named}") from None


def _merged_settings(args: argparse.Namespace, project: ProjectConfig, base_url: str) -> Settings:
    options = options_with_defaults(project.sitemap_options)
    given: dict[str, Any] = {
        "filename": args.filename,
        "format": args.format,
        "max_urls": args.max_urls,
        "max_bytes": args.max_bytes,
        "changefreq": args.changefreq,
        "priority": args.priority,
        "html_sitemap": args.html_sitemap,
        "shard_order": args.shard_order,
        "indexnow_key": args.indexnow_key,
        "hooks": None if args.hooks is None else str(args.hooks.resolve()),
        "hooks_errors": args.hooks_errors,
        "lastmod_sources": None
        if args.lastmod_sources is None
        else list(_sources(args.lastmod_sources, ())),
    }
    options.update({k: v for k, v in given.items() if v is not None})
    options["exclude"] = [*options["exclude"], *args.exclude]
    if args.section:
        options["sections"] = dict(_sections(args.section))
    if args.gzip or args.gzip_only:
        options["gzip"] = True
    if args.no_robots:
        options["robots"] = False
    if args.images:
        options["images"] = True
    if args.xsl or args.xsl_href:
        options["xsl"] = args.xsl_href or True
    if args.no_html_checks:
        options["html_checks"] = False
    if args.strict:
        options["strict"] = True
    settings = settings_from_options(options, base_url, root=project.path.resolve().parent)
    if args.gzip_only:
        settings = dataclasses.replace(settings, gzip_only=True)
    return settings


def _check_foreign_sitemap(
    project: ProjectConfig, site_dir: Path, settings: Settings
) -> str | None:
    """Zensical writes its own sitemap.xml (``<loc>`` only); ours replaces it, and the
    returned note says so after the summary. Any other file of that name that we did not
    write is left alone.

    :raises ConfigError: a sitemap file someone else wrote, in a project not built by Zensical.
    """
    target = site_dir / settings.filename
    if not target.is_file() or is_ours(target):
        return None
    if project.zensical or _built_by_zensical(site_dir):
        return (
            f"sitemap: replaced Zensical's own sitemap ({target}, URLs only) with this one "
            "(with lastmod and alternates)"
        )
    raise ConfigError(
        f"{target} exists and was not written by ssg-sitemap; it is left alone (remove it, "
        "or choose another name with --filename)"
    )


def _built_by_zensical(site_dir: Path) -> bool:
    """The home page names Zensical as its generator (a mkdocs.yml built by Zensical), in
    whatever form the tag was written (quoted, or unquoted by ``minify_html``)."""
    for name in ("index.html", "404.html"):
        try:
            generator = inspect_html(site_dir / name).generator
        except (OSError, ValueError):
            continue
        if generator is not None and generator.lower().startswith("zensical"):
            return True
    return False


def _fill_into(into: tuple[Path, str], report: BuildReport, base_url: str) -> bool:
    """The HTML sitemap into the site's own page: the sitemap's pages by directory."""
    path, rel = into
    page_loc = absolute_url(base_url, rel)
    nav = directory_nav(report.html_entries, base_url)
    try:
        filled = fill_slot(path, render_nav(nav, report.html_entries, page_loc))
    except OSError as exc:
        log.error("sitemap: cannot fill %s: %s", path, exc.strerror)
        return False
    if not filled:
        log.error(
            'sitemap: %s has no %s comment and no element with id="ssg-sitemap": put one '
            "where the HTML sitemap goes",
            path,
            SLOT,
        )
        return False
    log.info("sitemap: HTML sitemap put into %s", path)
    return True


def _alternates(records: Iterable[PageRecord], settings: Settings) -> Iterable[PageRecord]:
    """hreflang alternates from the pages' heads (a built site says them nowhere else)."""
    if not settings.alternates or not settings.html_checks or not settings.base_url:
        return records
    return with_head_alternates(records, settings.base_url)


def _build(
    records: Iterable[PageRecord],
    settings: Settings,
    site_dir: Path,
    total: int,
    prefetch: GitPrefetch | None,
    replace: tuple[Path, ...] = (),
    *,
    into: tuple[Path, str] | None = None,
    material: Sequence[str] = (),
) -> int:
    """Build; for a project whose theme reads sitemap.xml (``material``), the file it reads."""
    progress = Progress(total, "pages")
    try:
        report = build_sitemap(
            records,
            settings,
            site_dir,
            progress=progress.update,
            git_prefetch=prefetch,
            replace=replace,
        )
    finally:
        progress.close()
    if report.skipped:
        raise SitemapError(report.skipped)
    write_material_copy(site_dir, settings, report, log, prefix="sitemap: ")
    problem = material_problem(material, site_dir, report)
    if problem is not None:
        log.warning(f"sitemap: {problem}")
        if settings.strict:
            report.failed = True
    if into is not None and settings.base_url and not _fill_into(into, report, settings.base_url):
        return 1
    # A refused file is only a warning to the generator adapters (their build's job is the
    # site), but writing the sitemap is this command's whole job: a CI step must not go on.
    return 1 if report.failed or report.refused else 0
