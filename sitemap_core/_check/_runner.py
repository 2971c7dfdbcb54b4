"""Run ``check``: find the sitemaps (robots.txt, indexes, shards) and scan each once."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

from sitemap_core._check._across_files import (
    IndexEntry,
    SiteRules,
    index_nested,
    index_self,
    origin,
    outside_site,
    report_page_facts,
)
from sitemap_core._check._findings import CheckReport, Severity
from sitemap_core._check._link_report import report_links
from sitemap_core._check._links import LinkGraph, LinkOptions, kind_of, local_locate
from sitemap_core._check._llms import check_llms
from sitemap_core._check._robots import robots_sitemaps, site_robots_rules
from sitemap_core._check._scan import scan_file
from sitemap_core._errors import SitemapError
from sitemap_core._files import ENTRY_NAMES, entry_file, is_ours, read_entries
from sitemap_core._html import inspect_html
from sitemap_core._values import (
    OutsideSite,
    ensure_inside,
    served_file,
    site_path,
    site_served_file,
    unquoted_path,
    validate_base_url,
)

#: A file to scan: its path, how findings name it, and its URL when known.
Target = tuple[Path, str, "str | None"]
#: How many of a sitemap's first URLs vote on the folder URL it is served at.
_VOTERS = 20


def check_site(
    site_dir: Path,
    base_url: str | None = None,
    *,
    html_checks: bool = True,
    links: LinkOptions | None = None,
) -> CheckReport:
    """Check the sitemaps of a built site, starting from its robots.txt.

    :param site_dir: the built site's root.
    :param base_url: the URL it is served at; inferred from robots.txt when ``None``.
    :param links: how the listed pages' internal links are judged (``None``: the defaults).
    :raises ConfigError: an invalid ``base_url``.
    """
    report = CheckReport()
    given = bool(base_url)
    # Our own sitemap before robots.txt: its lines may name the host root's or another host's
    # sitemap (a Read the Docs version, a preview build beside the production robots.txt).
    base_url = validate_base_url(base_url) if base_url else own_base_url(site_dir)
    listed = robots_sitemaps(site_dir, base_url, report)
    if base_url is None and listed:
        base_url = origin(listed[0]) + "/"
    elif base_url is not None and not given and (not listed or origin(listed[0]) + "/" != base_url):
        report.info(
            "base-url-inferred",
            "",
            None,
            f"no --base-url: the site is taken to be served at {base_url}, as the URLs of "
            "its own sitemap say",
        )
    rules = SiteRules(report, site_dir, base_url, html_checks)
    links = links or LinkOptions()
    if base_url:
        rules.robots = site_robots_rules(site_dir, base_url)
        if html_checks and links.enabled:
            rules.links = LinkGraph(base_url, local_locate(site_dir, base_url))
    starts: list[Target] = []
    for url in listed:
        if not base_url or not url.startswith(base_url):
            report.info(
                "robots-elsewhere",
                "robots.txt",
                None,
                f"Sitemap: {url} is not under {base_url}; it is not checked here",
            )
            continue
        rel = unquoted_path(base_url, url)
        try:
            starts.append((site_path(site_dir, rel), rel, url))
        except OutsideSite:
            outside_site(report, "robots.txt", None, url)
    if not starts:
        # robots.txt names none, or only sitemaps elsewhere (a language build whose
        # robots.txt names the site's top-level sitemap): check the site's own files.
        entry = entry_file(site_dir)
        if entry is not None:
            name = entry.name
            try:
                ensure_inside(site_dir, entry)
            except OutsideSite:
                outside_site(report, name, None, name)
            else:
                starts.append((entry, name, base_url + name if base_url else None))
        else:
            why = (
                f"robots.txt names only sitemaps elsewhere ({', '.join(listed)})"
                if listed
                else "robots.txt names none"
            )
            report.error(
                "no-sitemap",
                "",
                None,
                f"no sitemap found in {site_dir}: {why} and none of "
                f"{', '.join(ENTRY_NAMES)} exists",
            )
    if base_url is None:
        report.info(
            "no-base-url",
            "",
            None,
            "no --base-url and no absolute Sitemap: line in robots.txt; pages in the site "
            "directory and each sitemap's scope are not checked",
        )

    def locate(entry: IndexEntry) -> Target | None:
        if not base_url:
            # No URL known for the site: as for sitemap files given by name, a listed
            # sitemap is the file of its name beside the index (shards and sections are).
            folder = PurePosixPath(entry.file).parent.as_posix()
            rel = listed_name(entry.loc) if folder == "." else f"{folder}/{listed_name(entry.loc)}"
        elif not entry.loc.startswith(base_url):
            report.error(
                "index-outside",
                entry.file,
                entry.line,
                f"{entry.loc} is not under {base_url}; it cannot be checked here",
            )
            return None
        else:
            rel = unquoted_path(base_url, entry.loc)
        try:
            return site_path(site_dir, rel), rel, entry.loc if base_url else None
        except OutsideSite:
            outside_site(report, entry.file, entry.line, entry.loc)
            return None

    _walk(starts, rules, report, locate)
    if rules.links is not None:
        _link_targets(rules)
        report_links(rules.links, report, links)
    if base_url:
        check_llms(site_dir, base_url, report, rules.unfit)
    return report


def _link_targets(rules: SiteRules) -> None:
    """What each linked page the sitemaps do not list is, by its head (as if listed)."""
    assert rules.links is not None and rules.site_dir is not None and rules.base_url
    graph = rules.links
    for page, url in list(graph.unknown()):
        found = served_file(rules.site_dir, rules.base_url, url)
        try:
            facts = inspect_html(found) if found is not None else None
        except (OSError, ValueError):
            facts = None
        verdict: tuple[Severity, str] | None = None if found else ("error", "page-missing")
        if facts is not None:
            verdict = report_page_facts(CheckReport(), "", None, url, facts, rules.served)
        graph.kinds[page] = kind_of(verdict)


def check_files(
    paths: list[Path], base_url: str | None = None, *, html_checks: bool = True
) -> CheckReport:
    """Check sitemap files named on the command line (and the shards their indexes list).

    :param base_url: the URL of the directory the files are served from, if known; it
        enables the scope rule (URLs under each sitemap's own directory).
    """
    report = CheckReport()
    if base_url:
        base_url = validate_base_url(base_url)
    rules = SiteRules(report, None, base_url, html_checks)
    starts = [(path, str(path), base_url + path.name if base_url else None) for path in paths]

    def locate(entry: IndexEntry) -> Target | None:
        index = Path(entry.file)
        if base_url and entry.loc.startswith(base_url):
            rel = unquoted_path(base_url, entry.loc)
        else:
            rel = listed_name(entry.loc)
        # The index's own directory is the site here: its shards live under it.
        try:
            path = site_path(index.parent, rel)
        except OutsideSite:
            outside_site(report, entry.file, entry.line, entry.loc)
            return None
        return path, str(path), entry.loc if base_url else None

    _walk(starts, rules, report, locate)
    return report


def own_base_url(site_dir: Path) -> str | None:
    """The URL ``site_dir`` is served at, as a sitemap of ours there says (only ours: its URLs
    were made from this folder's files): the folder URL above its first URLs under which most
    name files of the site, the longest on a tie. ``None``: no such sitemap or URL.
    """
    entry = entry_file(site_dir)
    if entry is None or not is_ours(entry):
        return None
    try:
        _kind, entries = read_entries(entry)
    except SitemapError:
        return None  # check reports it when it reads the file
    locs = [loc for loc, _ in entries[:_VOTERS]]
    best, votes = None, 0
    for base in _folder_urls(locs[0]) if locs else ():
        count = sum(1 for loc in locs if _serves(site_dir, base, loc, entry))
        if count > votes:
            best, votes = base, count
    if best is None:
        return None
    try:
        return validate_base_url(best)
    except SitemapError:
        return None


def _folder_urls(loc: str) -> list[str]:
    """The folder URLs above ``loc``, longest first: ``https://h/a/b/c.html`` gives
    ``https://h/a/b/``, ``https://h/a/``, ``https://h/``."""
    try:
        parts = urlsplit(loc)
    except ValueError:
        return []
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return []
    path = parts.path if parts.path.startswith("/") else "/" + parts.path
    folder = path[: path.rfind("/") + 1]
    found = [folder]
    while folder != "/":
        folder = folder[: folder[:-1].rfind("/") + 1]
        found.append(folder)
    return [f"{parts.scheme}://{parts.netloc}{folder}" for folder in found]


def _serves(site_dir: Path, base_url: str, loc: str, entry: Path) -> bool:
    """Whether ``site_dir``, served at ``base_url``, has a file for ``loc`` other than the
    sitemap ``entry`` that lists it (an index never lists itself)."""
    try:
        found = site_served_file(site_dir, base_url, loc)
    except (OutsideSite, ValueError):
        return False
    return found is not None and found.resolve() != entry.resolve()


def listed_name(loc: str) -> str:
    """The file name of a sitemap an index lists: the last part of its URL's path."""
    return unquote(urlsplit(loc).path).rsplit("/", 1)[-1]


def _written(path: Path) -> dt.datetime | None:
    """When a sitemap file was last written."""
    try:
        return dt.datetime.fromtimestamp(path.stat().st_mtime, dt.timezone.utc)
    except OSError:
        return None


def _walk(
    starts: list[Target],
    rules: SiteRules,
    report: CheckReport,
    find: Callable[[IndexEntry], Target | None],
) -> None:
    visited: set[Path] = set()
    for path, display, url in starts:
        key = path.resolve()
        if key in visited:
            continue
        visited.add(key)
        rules.start_file(url)
        scanned = scan_file(path, display, report, rules)
        rules.end_file(display, path, _written(path))
        if scanned.kind != "sitemapindex":
            continue
        for entry in rules.followed_entries(display):
            target = find(entry)
            if target is None:
                continue
            child, child_display, child_url = target
            if not child.is_file():
                report.error(
                    "index-missing-file",
                    entry.file,
                    entry.line,
                    f"lists {entry.loc}, but {child_display} does not exist",
                )
                continue
            if child.resolve() == key:
                index_self(report, entry.file, entry.line, entry.loc)
                continue
            if child.resolve() in visited:
                continue
            visited.add(child.resolve())
            rules.start_file(child_url)
            inner = scan_file(child, child_display, report, rules)
            rules.end_file(child_display, child, _written(child))
            if inner.kind == "sitemapindex":
                index_nested(report, entry)
    rules.finish()
