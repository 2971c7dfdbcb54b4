"""Rules that span files: scope, hosts, duplicates, pages in SITE_DIR, hreflang, lastmods."""

from __future__ import annotations

import contextlib
import datetime as dt
import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from sitemap_core._check._findings import CheckReport, Run, Severity
from sitemap_core._check._links import LinkGraph
from sitemap_core._check._one_commit import one_commit
from sitemap_core._check._robots_rules import RobotsRules
from sitemap_core._check._truth import report_blocked, report_truth
from sitemap_core._config import PROTOCOL_MAX_URLS
from sitemap_core._files import is_ours
from sitemap_core._html import NOT_FOUND, HtmlFacts, error_code, inspect_html, judge
from sitemap_core._sites import version_canonical_note
from sitemap_core._util.regular import read_regular
from sitemap_core._values import (
    DATE_SLACK,
    FUTURE_SLACK,
    OutsideSite,
    check_lastmod,
    is_page_file,
    same_page,
    same_url,
    served_file,
    site_served_file,
    without_index,
)

#: Slack for clocks and timezones before a lastmod counts as "in the future".
#: Files remembered per URL path and page facts per file before the caches start over.
PAGE_CACHE = 16_384
#: "Most pages share one lastmod": at least this many dated URLs, more than this share.
SHARED_MIN_URLS = 10
SHARED_SHARE = 0.5
#: A shared lastmod this long before (or after, for clock skew) the sitemap file or the
#: newest page was written is the build's own time: a build stamps its start and writes the
#: files minutes later.
STAMP_BEFORE = dt.timedelta(minutes=15)
STAMP_AFTER = dt.timedelta(minutes=1)


def origin(url: str) -> str:
    """``scheme://host[:port]`` in lower case."""
    parts = urlsplit(url)
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


@dataclass
class IndexEntry:
    """A ``<sitemap>`` entry to follow."""

    file: str
    line: int
    loc: str


@dataclass
class _Alternates:
    file: str
    line: int
    links: frozenset[tuple[str, str]]
    hrefs: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        self.hrefs = frozenset(href for _lang, href in self.links)


@dataclass
class SiteRules:
    """Collects entries of every file and applies the cross-file rules.

    :param report: where findings go.
    :param site_dir: the built site, to find each URL's page (``None``: not checked).
    :param base_url: the URL ``site_dir`` is served at.
    :param html_checks: read listed pages for noindex and canonical.
    :param now: the present, for lastmods in the future.
    :param robots: the site's own robots.txt rules, when ``site_dir`` is served at its
        host's root (the live check asks them itself, before requesting a page).
    """

    report: CheckReport
    site_dir: Path | None = None
    base_url: str | None = None
    html_checks: bool = True
    now: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.timezone.utc))
    robots: RobotsRules | None = None
    scope: str | None = None
    file_origin: str | None = None
    file_origin_slash: str = ""
    seen: set[int] = field(default_factory=set)
    alternates: dict[str, _Alternates] = field(default_factory=dict)
    index_entries: list[IndexEntry] = field(default_factory=list)
    #: Entries of this index past the protocol's 50,000: counted, never followed.
    index_skipped: int = 0
    lastmods: Counter[str] = field(default_factory=Counter)
    dated: int = 0
    added: list[int] = field(default_factory=list)
    #: Alternates this file set, with what they replaced (undone by :meth:`rollback`).
    added_alternates: list[tuple[str, _Alternates | None]] = field(default_factory=list)
    file_url: str | None = None
    #: Per file, not per URL: the file serving each URL path, and what each page says.
    served_cache: dict[str, Path | None] = field(default_factory=dict)
    outside_cache: set[str] = field(default_factory=set)
    facts_cache: dict[Path, HtmlFacts | None] = field(default_factory=dict)
    #: The listed pages found unfit to be listed, with the finding (llms.txt's links).
    unfit: dict[str, tuple[Severity, str]] = field(default_factory=dict)
    #: The internal links of the listed pages, when they are read.
    links: LinkGraph | None = None

    def start_file(self, file_url: str | None) -> None:
        """A new file begins; ``file_url`` is where it is served, when known."""
        self.file_url = file_url
        self.added = []
        self.added_alternates = []
        self.lastmods = Counter()
        self.dated = 0
        self.scope = file_url.rsplit("/", 1)[0] + "/" if file_url else None
        self.file_origin = origin(file_url) if file_url else None
        self.file_origin_slash = (self.file_origin or "") + "/"
        self.index_entries = []
        self.index_skipped = 0

    def url(
        self,
        file: str,
        line: int,
        loc: str,
        lastmod: dt.datetime | None,
        lastmod_text: str | None,
        links: list[tuple[str, str]],
    ) -> None:
        """One listed URL (a ``<url>`` or a text line) with a usable ``loc``."""
        report = self.report
        report.urls += 1
        key = hash(loc)
        if key in self.seen:
            report.error("duplicate", file, line, _duplicate(loc))
        else:
            self.seen.add(key)
            self.added.append(key)
            self.first_seen(file, line, loc, lastmod_text)
        if not self._in_scope(file, line, loc):
            return
        if lastmod is not None:
            self._future(file, line, lastmod, lastmod_text)
            self.lastmods[lastmod_text or ""] += 1
            self.dated += 1
        if links:
            self._set_alternates(loc, _Alternates(file, line, frozenset(links)))
        if self.site_dir is not None and self.base_url and loc.startswith(self.base_url):
            if self.robots is not None:
                report_blocked(report, self.robots, file, line, loc)
            self._page(file, line, loc, lastmod_text, links)

    def first_seen(self, file: str, line: int, loc: str, lastmod_text: str | None) -> None:
        """A URL no entry before it listed (the live check requests those)."""

    def sitemap(self, file: str, line: int, loc: str, lastmod: dt.datetime | None) -> None:
        """One entry of an index."""
        if lastmod is not None:
            self._future(file, line, lastmod, None)
        if self.file_origin is not None and origin(loc) != self.file_origin:
            self.report.error(
                "other-host",
                file,
                line,
                f"{loc} is on another host; an index may only list sitemaps of its own site",
            )
            return
        if self.file_url is not None and loc == self.file_url:
            index_self(self.report, file, line, loc)
        elif len(self.index_entries) >= PROTOCOL_MAX_URLS:
            self.index_skipped += 1  # memory stays bounded whatever the index holds
        else:
            self.index_entries.append(IndexEntry(file, line, loc))

    def followed_entries(self, file: str) -> list[IndexEntry]:
        """The entries of the index just read that are followed: the first 50,000 (the
        protocol's limit; the rest is reported, not read, locally and live alike)."""
        if self.index_skipped:
            self.report.info(
                "index-not-followed",
                file,
                None,
                f"the {self.index_skipped:,} entries past the {PROTOCOL_MAX_URLS:,}th are not "
                "followed",
            )
        return list(self.index_entries)

    def bulk(self, run: Run) -> bool:
        """Take many good entries at once, where none needs its page read; ``False``: send them
        one by one instead."""
        file, locs, texts, line_of = run.file, run.locs, run.texts, run.line_of
        if not run.urls or (self.site_dir is not None and self.base_url):
            return False
        if self.scope is not None:
            prefix = self.scope
        else:
            if self.file_origin is None:
                self.file_origin = origin(locs[0])
                self.file_origin_slash = self.file_origin + "/"
            prefix = self.file_origin_slash
        if run.joined.count("\n" + prefix) != len(locs):
            return False
        if run.newest is not None and run.newest > self.now + FUTURE_SLACK:
            return False
        if texts:
            self.lastmods.update(texts)
            self.dated += len(texts)
        hashes = list(map(hash, locs))
        new = set(hashes)
        seen = self.seen
        if len(new) == len(hashes) and seen.isdisjoint(new):
            seen |= new
            self.added.extend(hashes)
        else:
            report = self.report
            added = self.added
            shown = report.wants(file, "duplicate")
            hidden = 0
            for i, key in enumerate(hashes):
                if key not in seen:
                    seen.add(key)
                    added.append(key)
                elif shown:
                    report.error("duplicate", file, line_of(i), _duplicate(locs[i]))
                    shown = report.wants(file, "duplicate")
                else:
                    hidden += 1
            if hidden:
                report.count("error", "duplicate", file, hidden)
        if run.links is not None:
            for i, pairs in enumerate(run.links):
                if pairs:
                    self._set_alternates(locs[i], _Alternates(file, line_of(i), frozenset(pairs)))
        self.report.urls += len(locs)
        return True

    def rollback(self) -> None:
        """Forget the current file's URLs (it is about to be scanned again)."""
        self.seen.difference_update(self.added)
        # The detailed pass may stop earlier (at a syntax error) than the fast one got.
        for loc, before in reversed(self.added_alternates):
            if before is None:
                self.alternates.pop(loc, None)
            else:
                self.alternates[loc] = before
        self.start_file(self.file_url)

    def _set_alternates(self, loc: str, entry: _Alternates) -> None:
        self.added_alternates.append((loc, self.alternates.get(loc)))
        self.alternates[loc] = entry

    def _in_scope(self, file: str, line: int, loc: str) -> bool:
        if self.scope is not None:
            if loc.startswith(self.scope):
                return True
            if origin(loc) != self.file_origin:
                self.report.error(
                    "other-host", file, line, f"{loc} is on another host than the sitemap"
                )
            elif not (loc + "/").startswith(self.scope) and loc.rstrip("/") + "/" != self.scope:
                self.report.error(
                    "outside-directory",
                    file,
                    line,
                    f"{loc} is outside the sitemap's directory {self.scope}; a sitemap may only "
                    "list URLs under its own location",
                )
            return False
        if self.file_origin is not None and loc.startswith(self.file_origin_slash):
            return True
        found = origin(loc)
        if self.file_origin is None:
            self.file_origin = found
            self.file_origin_slash = found + "/"
        elif found != self.file_origin:
            self.report.error(
                "other-host",
                file,
                line,
                f"{loc} is on another host than the file's first URL ({self.file_origin})",
            )
            return False
        return True

    def _future(self, file: str, line: int, lastmod: dt.datetime, text: str | None) -> None:
        date_only = text is not None and "T" not in text
        slack = DATE_SLACK if date_only else FUTURE_SLACK
        if lastmod > self.now + slack:
            self.report.error(
                "lastmod-future",
                file,
                line,
                f"lastmod {text or lastmod.isoformat()} is in the future",
            )

    def end_file(self, file: str, path: Path | None, written: dt.datetime | None) -> None:
        """Per-file rule: most pages sharing one lastmod is a sign of a build date.

        :param path: the file as read (its marker: our builds never write the build time).
        :param written: when the file was written (its mtime, or a live file's
            ``Last-Modified``), to tell the build time from a commit that changed many pages.
        """
        if self.dated >= SHARED_MIN_URLS:
            value, count = self.lastmods.most_common(1)[0]
            if count > self.dated * SHARED_SHARE and self._build_stamp(value, path, written):
                self.report.warning(
                    "lastmod-shared",
                    file,
                    None,
                    f"{count:,} of {self.dated:,} URLs share lastmod {value}; is it the build "
                    "date rather than when each page changed?",
                )
            elif path is not None:
                one_commit(self.report, file, path, self.lastmods, self.dated)
        self.lastmods = Counter()
        self.dated = 0

    def _build_stamp(self, value: str, path: Path | None, written: dt.datetime | None) -> bool:
        """Could ``value``, which most URLs share, be the build's time rather than when the
        pages changed? Not in a sitemap of ours (its lastmods come from sources, never the
        clock); else yes when it falls in the build: shortly before the sitemap file or the
        newest listed page was written. ``True`` when nothing says when that was."""
        if path is not None and is_ours(path):
            return False
        times = [t for t in (written, self._newest_page()) if t is not None]
        moment, _problem = check_lastmod(value)
        if not times or moment is None:
            return True
        if "T" not in value:  # a date: the build's day, in UTC or the machine's zone
            days = {t.astimezone(dt.timezone.utc).date() for t in times}
            days |= {t.astimezone().date() for t in times}
            return moment.date() in days
        return any(t - STAMP_BEFORE <= moment <= t + STAMP_AFTER for t in times)

    def _newest_page(self) -> dt.datetime | None:
        """When the newest page listed so far was written (local check of a site folder)."""
        newest = 0.0
        for page in self.served_cache.values():
            if page is not None:
                with contextlib.suppress(OSError):
                    newest = max(newest, page.stat().st_mtime)
        return dt.datetime.fromtimestamp(newest, dt.timezone.utc) if newest else None

    # -- the page behind a URL -----------------------------------------------------------
    def served(self, loc: str) -> Path | None:
        """The file in ``site_dir`` that serves ``loc`` (``None``: outside it, or none)."""
        if self.site_dir is None or not self.base_url:
            return None
        return served_file(self.site_dir, self.base_url, loc)

    def _page(
        self, file: str, line: int, loc: str, lastmod_text: str | None, links: list[tuple[str, str]]
    ) -> None:
        assert self.site_dir is not None and self.base_url
        # Many locs can name one file (?v=1, ?v=2...): find it and read it once.
        key = loc.partition("#")[0].partition("?")[0]
        if key in self.served_cache:
            page = self.served_cache[key]
        elif key in self.outside_cache:
            page = None
        else:
            if len(self.served_cache) + len(self.outside_cache) >= PAGE_CACHE:
                # Bounded: memory stays flat on a site of a million pages.
                self.served_cache.clear()
                self.outside_cache.clear()
                self.facts_cache.clear()
            try:
                page = site_served_file(self.site_dir, self.base_url, loc)
            except OutsideSite:
                self.outside_cache.add(key)
            else:
                self.served_cache[key] = page
        if key in self.outside_cache:
            outside_site(self.report, file, line, loc)
            self.unfit[loc] = ("error", "outside-site")
            return
        if page is None:
            self.report.error(
                "page-missing",
                file,
                line,
                f"{loc} has no page in the site directory (a 404 in the sitemap)",
            )
            self.unfit[loc] = ("error", "page-missing")
            return
        code = error_code(key[len(self.base_url) :])  # by name, as the build decides
        if code is None:
            try:
                code = error_code(page.relative_to(self.site_dir).as_posix())
            except ValueError:
                code = None
        if code is not None:
            self.unfit[loc] = ("error", error_page(self.report, file, line, loc, code))
            return
        if not self.html_checks or not is_page_file(page.name):
            return
        if page in self.facts_cache:
            facts = self.facts_cache[page]
        else:
            try:
                facts = inspect_html(page)
            except (OSError, ValueError):
                facts = None
            self.facts_cache[page] = facts
        found = None
        if facts is not None:
            found = report_page_facts(self.report, file, line, loc, facts, self.served, self.scope)
            if found is not None:
                self.unfit[loc] = found
            report_truth(self.report, file, line, loc, lastmod_text, links, facts)
        root = str(self.site_dir) + os.sep  # a string prefix: pathlib's relative_to is 10x slower
        if self.links is not None and str(page).startswith(root):
            with contextlib.suppress(OSError, ValueError):
                key = without_index(str(page)[len(root) :].replace(os.sep, "/"))
                self.links.page(key, loc, read_regular(page), found)

    # -- after every file ----------------------------------------------------------------
    def finish(self) -> None:
        """Rules that need every file: hreflang reciprocity."""
        alternates = self.alternates
        unlisted: dict[bool, list[tuple[str, str, _Alternates]]] = {False: [], True: []}
        for loc, entry in alternates.items():
            if loc not in entry.hrefs:
                self.report.warning(
                    "hreflang-no-self",
                    entry.file,
                    entry.line,
                    f"{loc}: its alternates do not include the page itself",
                )
            for href in entry.hrefs:
                other = alternates.get(href)
                if href == loc or (other is not None and loc in other.hrefs):
                    continue
                lang = min(lang for lang, target in entry.links if target == href)
                if other is None and hash(href) not in self.seen:
                    # Outside the site checked (another language build's folder): its
                    # sitemap is not one of these, so this is no finding about them.
                    outside = self.base_url is not None and not href.startswith(self.base_url)
                    unlisted[outside].append(
                        (loc, f"{loc} names {href} as its {lang} version", entry)
                    )
                else:
                    back = "lists no alternates" if other is None else "does not link"
                    self.report.error(
                        "hreflang-not-reciprocal",
                        entry.file,
                        entry.line,
                        f"{loc} names {href} as its {lang} version, but {href} {back} back",
                    )
        for outside, found in unlisted.items():
            # Said once: a language build checked alone names the other languages' pages
            # from each of its pages.
            if found:
                pages = len({loc for loc, _said, _entry in found})
                more = f"; and {len(found) - 3:,} more" if len(found) > 3 else ""
                self.report.add(
                    "info" if outside else "warning",
                    "hreflang-unlisted",
                    found[0][2].file,
                    found[0][2].line,
                    f"{pages:,} URL{'s' if pages != 1 else ''} name alternates that are not in "
                    "these sitemaps, so the links back are not checked (e.g. "
                    f"{'; '.join(said for _loc, said, _entry in found[:3])}{more})",
                )


def error_page(
    report: CheckReport, file: str, line: int | None, loc: str, code: int, title: str | None = None
) -> str:
    """A listed error document (:mod:`sitemap_core._html`), known by its name or, when
    ``title`` is given, by its title.

    :return: the finding's code.
    """
    said = f" (its title says {title!r})" if title is not None else ""
    if code == NOT_FOUND:
        report.error("page-404", file, line, f"{loc} is the site's not-found page{said}")
        return "page-404"
    report.error("page-error", file, line, f"{loc} is the site's page for HTTP error {code}{said}")
    return "page-error"


def index_self(report: CheckReport, file: str, line: int | None, loc: str) -> None:
    """An index that lists itself: one rule for local and live checks."""
    report.error(
        "index-self",
        file,
        line,
        f"lists {loc}, which is this index itself; an index lists sitemaps of URLs",
    )


def index_nested(report: CheckReport, entry: IndexEntry) -> None:
    """An index that lists another index: one rule for local and live checks."""
    report.error(
        "index-nested",
        entry.file,
        entry.line,
        f"lists {entry.loc}, which is itself a sitemap index; indexes cannot be nested",
    )


def outside_site(report: CheckReport, file: str, line: int | None, what: str) -> None:
    """A listed name that leads outside the site directory: one rule for every reader."""
    report.error(
        "outside-site",
        file,
        line,
        f"{what} names a file outside the site directory (.., an encoded slash or a symlink "
        "out); it is not read",
    )


def _duplicate(loc: str) -> str:
    return f"{loc} is listed more than once across the sitemaps"


def report_page_facts(
    report: CheckReport,
    file: str,
    line: int | None,
    loc: str,
    facts: HtmlFacts,
    served: Callable[[str], Path | None] | None = None,
    scope: str | None = None,
) -> tuple[Severity, str] | None:
    """Report what a listed page's head says against listing it: noindex, an error page's
    title, a redirect, a canonical URL elsewhere (a note when it is the page's copy in a
    sibling version: the build keeps those). The local and the live check both judge pages with it.

    :param served: the file a URL is served by (local check), so that ``x`` and ``x.html``
        served by one file are one page; ``None`` compares URLs only.
    :param scope: the folder the sitemap is served from (a version's folder).
    :return: the finding, when it says the page is unfit to be listed (``llms.txt`` should
        not link it either), as ``(severity, code)``.
    """
    said = judge(facts, loc)
    if said is None:
        return None
    if said.rule == "noindex":
        report.error(
            "page-noindex",
            file,
            line,
            f"{loc}: the page says noindex; search engines report listing it as an error",
        )
        return ("error", "page-noindex")
    if said.rule == "error-title" and said.code is not None:
        return ("error", error_page(report, file, line, loc, said.code, facts.title))
    if said.rule == "redirect":
        report.warning(
            "page-redirect", file, line, f"{loc}: the page is a redirect to {said.target}"
        )
        return ("warning", "page-redirect")
    if said.rule == "canonical" and said.target is not None:
        canonical = said.target
        if same_page(canonical, loc, served):
            if not same_url(canonical, loc) and canonical.startswith(scope or ""):
                # What the build lists (see html_checks): the form the page declares.
                report.warning(
                    "page-canonical-form",
                    file,
                    line,
                    f"{loc}: the page's canonical URL is {canonical}, the same page in another "
                    "form; list that one (hosts with clean URLs or trailing-slash rules "
                    "redirect the other)",
                )
            return None
        note = version_canonical_note(canonical, loc, scope or "", served)
        if note is not None:
            report.info("page-version-canonical", file, line, note)
            return None
        report.error(
            "page-canonical",
            file,
            line,
            f"{loc}: the page's canonical URL is {canonical}; list that one instead",
        )
        return ("error", "page-canonical")
    # A rule added to html.RULES: the build leaves the page out, so listing it is an error.
    report.error(f"page-{said.rule}", file, line, f"{loc}: {said.reason}; the build leaves it out")
    return ("error", f"page-{said.rule}")
