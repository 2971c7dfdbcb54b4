"""``ssg-sitemap check https://…``: audit the deployed site, not only the build.

robots.txt first, then each sitemap, index and shard is downloaded to a temp file and checked
by the local scanner and rules, so every protocol rule holds over HTTP too. Then every listed
URL on the sitemap's origin (or a ``sample``) is requested: a status other than 200, a
redirect, an error page, a noindex, a canonical URL elsewhere or a robots.txt block is an
error naming the sitemap line. Last, the site's ``llms.txt`` by the local check's rules.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import email.utils
import hashlib
import heapq
import http
import math
import re
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO
from urllib.parse import urljoin, urlsplit

from sitemap_core._check._across_files import SiteRules, error_page, index_nested, report_page_facts
from sitemap_core._check._findings import CheckReport, Run, Severity
from sitemap_core._check._link_report import report_links
from sitemap_core._check._links import OTHER, UNKNOWN, LinkGraph, LinkOptions, kind_of, link_key
from sitemap_core._check._live_fetch import (
    READ_LIMIT,
    ROBOTS_AGENT,
    SITEMAP_SUFFIX,
    Fetched,
    Origin,
    PoliteClient,
    RunTimeout,
    fetch_entries,
    origin_of,
    require_httpx,
)
from sitemap_core._check._llms import LlmsRules
from sitemap_core._check._robots import MAX_ROBOTS, sitemap_lines
from sitemap_core._check._robots_rules import RobotsRules
from sitemap_core._check._scan import Scanned, scan_file
from sitemap_core._check._truth import report_blocked, report_truth
from sitemap_core._errors import SitemapError
from sitemap_core._files import ENTRY_NAMES, ERROR_BYTES
from sitemap_core._html import error_code, head_facts
from sitemap_core._llms import LLMS_FULL, LLMS_TXT, linked_file, marked
from sitemap_core._util.progress import Progress
from sitemap_core._util.text import short

#: Bytes of a page's body read to find its head (noindex, canonical).
HEAD_BYTES = 256 * 1024
#: Bytes of an llms.txt read: past the format's 50,000 characters whatever their encoding.
LLMS_BYTES = 256 * 1024
_GZIP_TYPES = frozenset({"application/gzip", "application/x-gzip", "application/octet-stream"})
_XML_TYPES = frozenset({"application/xml", "text/xml"})
_HTML_TYPES = ("text/html", "application/xhtml+xml")
_NOINDEX = re.compile(r"(?:^|[\s,:])(noindex|none)(?:$|[\s,])", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class LiveOptions:
    """How politely and how much to check.

    :param concurrency: requests in flight at most.
    :param request_timeout: seconds for one request.
    :param timeout: seconds for the whole run.
    :param retries: extra attempts after 429, 5xx or a connection error.
    :param backoff: first retry wait in seconds (doubled each time; ``Retry-After`` wins).
    :param sample: request only this many listed URLs, chosen by a hash of the URL (the same
        sample every run).
    :param max_urls: request at most this many listed URLs (the first ones).
    :param html_checks: read each page's head for robots meta and canonical.
    :param links: how internal links are read (all listed pages: not with a sample).
    :param progress: a progress bar on a terminal.
    """

    concurrency: int = 8
    request_timeout: float = 10.0
    timeout: float = 600.0
    retries: int = 3
    backoff: float = 1.0
    sample: int | None = None
    max_urls: int | None = None
    html_checks: bool = True
    links: LinkOptions = field(default_factory=LinkOptions)
    progress: bool = True


def check_live(url: str, options: LiveOptions | None = None) -> CheckReport:
    """Audit the site or sitemap at ``url`` over HTTP.

    :param url: ``http(s)://host[/path/]`` (a site) or the URL of a sitemap or index.
    :raises SitemapError: not an http(s) URL, bad options, or httpx is not installed.
    """
    options = options or LiveOptions()
    require_httpx()
    try:
        parts = urlsplit(url)
    except ValueError as exc:  # "https://[::1/"
        raise SitemapError(f"{short(url)} is not a valid URL ({exc})") from None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise SitemapError(f"{short(url)} is not an http(s) URL of a site or a sitemap")
    for name in ("concurrency", "retries", "sample", "max_urls"):
        value = getattr(options, name)
        if value is not None and value < (0 if name == "retries" else 1):
            raise SitemapError(f"--{name.replace('_', '-')}: {value} is too small")
    for name in ("request_timeout", "timeout"):
        seconds = getattr(options, name)
        # nan compares false with everything: without isfinite, "--timeout nan" is no deadline
        if not math.isfinite(seconds) or seconds <= 0:
            raise SitemapError(
                f"--{name.replace('_', '-')}: {seconds} is not a number of seconds more than 0"
            )
    return asyncio.run(_Audit(url, options).run())


#: Where :class:`_Listed` was: URLs seen, kept, the spool's end, the sample's heap.
_Mark = tuple[int, int, int, list[tuple[int, int, str, str, int, str]]]


class _Listed:
    """The URLs to request: spooled to a temp file so that memory stays flat, or, with a
    sample, the ``sample`` URLs of smallest hash kept in a bounded heap.

    :param sample: keep this many URLs, chosen by a hash (the same ones every run).
    :param cap: keep at most this many (the first ones, or of the sample).
    """

    def __init__(self, sample: int | None, cap: int | None) -> None:
        self.sample = sample
        self.cap = cap
        self.total = 0
        self.kept = 0
        self._heap: list[tuple[int, int, str, str, int, str]] = []
        self._spool: IO[str] = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115

    def add(self, loc: str, file: str, line: int, lastmod: str = "") -> None:
        """One URL on the site's origin, in sitemap order, with its lastmod as written."""
        self.total += 1
        if self.sample is not None:
            # a max-heap (negated hashes) of the smallest hashes seen
            key = -int.from_bytes(hashlib.sha256(loc.encode("utf-8")).digest()[:8], "big")
            item = (key, self.total, loc, file, line, lastmod)
            if len(self._heap) < self.sample:
                heapq.heappush(self._heap, item)
            elif item > self._heap[0]:
                heapq.heapreplace(self._heap, item)
            return
        if self.cap is None or self.kept < self.cap:
            self.kept += 1
            self._spool.write(f"{loc}\t{file}\t{line}\t{lastmod}\n")

    def mark(self) -> _Mark:
        """The state to go back to with :meth:`restore`."""
        return self.total, self.kept, self._spool.tell(), list(self._heap)

    def restore(self, state: _Mark) -> None:
        """Forget the URLs added since :meth:`mark` (their file is scanned again)."""
        self.total, self.kept, position, self._heap = state
        self._spool.seek(position)
        self._spool.truncate()

    def chosen(self) -> int:
        """How many will be requested."""
        if self.sample is not None:
            return min(len(self._heap), self.cap if self.cap is not None else len(self._heap))
        return self.kept

    def __iter__(self) -> Iterator[tuple[str, str, int, str]]:
        if self.sample is not None:
            picked = sorted(self._heap, key=lambda item: item[1])[: self.chosen()]
            for _key, _order, loc, file, line, lastmod in picked:
                yield loc, file, line, lastmod
            return
        self._spool.seek(0)
        for row in self._spool:
            loc, file, number, lastmod = row.rstrip("\n").split("\t")
            yield loc, file, int(number), lastmod

    def close(self) -> None:
        """Remove the spool file."""
        self._spool.close()


@dataclass
class _LiveRules(SiteRules):
    """The local cross-file rules, also collecting the URLs to request."""

    origin: Origin | None = None
    listed: _Listed = field(default_factory=lambda: _Listed(None, None))
    #: Each URL's lastmod goes with it to the page's request (``lastmod-drift``).
    lastmods_wanted: bool = False
    _mark: _Mark | None = None

    def start_file(self, file_url: str | None) -> None:
        """A new file begins: remember where its URLs start."""
        super().start_file(file_url)
        self._mark = self.listed.mark()

    def rollback(self) -> None:
        """The file is scanned again from its start: forget its URLs here too."""
        if self._mark is not None:
            self.listed.restore(self._mark)
        super().rollback()

    def first_seen(self, file: str, line: int, loc: str, lastmod_text: str | None) -> None:
        if origin_of(loc) == self.origin:
            self.listed.add(loc, file, line, lastmod_text or "")

    def bulk(self, run: Run) -> bool:
        if self.lastmods_wanted and run.texts:
            return False  # one by one: the bulk path does not say which URL has which lastmod
        fresh: list[int] = []
        batch: set[int] = set()
        for index, loc in enumerate(run.locs):
            key = hash(loc)
            if key not in self.seen and key not in batch:
                batch.add(key)
                fresh.append(index)
        taken = super().bulk(run)
        if taken:
            site = self.origin
            for index in fresh:
                loc = run.locs[index]
                if origin_of(loc) == site:
                    self.listed.add(loc, run.file, run.line_of(index))
        return taken


class _Audit:
    def __init__(self, url: str, options: LiveOptions) -> None:
        self.url = url
        self.options = options
        self.report = CheckReport()
        parts = urlsplit(url)
        self.host = (parts.hostname or "").lower()
        self.root = f"{parts.scheme}://{parts.netloc}/"
        self.is_sitemap = bool(SITEMAP_SUFFIX.search(parts.path))
        self.base = url if url.endswith("/") else url.rsplit("/", 1)[0] + "/"
        self.robots = RobotsRules()
        self.rules = _LiveRules(
            self.report,
            None,
            None,
            html_checks=False,
            lastmods_wanted=options.html_checks,
            origin=origin_of(url),
            listed=_Listed(options.sample, options.max_urls),
        )
        self.links: LinkGraph | None = None
        if (
            options.html_checks
            and options.links.enabled
            and not (options.sample or options.max_urls)
        ):
            self.links = LinkGraph(self.base, lambda link: (link_key(self.base, link), UNKNOWN))
        self.timed_out = False
        self.robots_read = False
        self.sitemaps_found = 0
        self.sitemaps_read = 0
        self.sitemaps_skipped = 0
        self.pages_started = False
        self.pages_done = 0

    async def run(self) -> CheckReport:
        options = self.options
        deadline = time.monotonic() + options.timeout
        async with PoliteClient(
            self.url,
            concurrency=options.concurrency,
            timeout=options.request_timeout,
            deadline=deadline,
            retries=options.retries,
            backoff=options.backoff,
            http2=self.root.startswith("https:"),
        ) as client:
            self.report.requested = 0
            try:
                starts = await self._robots(client)
                self.robots_read = True
                with tempfile.TemporaryDirectory(prefix="ssg-sitemap-live-") as tmp:
                    await self._sitemaps(client, starts, Path(tmp))
                self._note_partial()
                await self._pages(client, self.rules.listed)
                if self.links is not None and not self.timed_out:
                    await self._link_targets(client, self.links)
                    report_links(self.links, self.report, self.options.links)
                await self._llms(client)
            except RunTimeout:
                self.timed_out = True
            finally:
                self.rules.listed.close()
        if self.timed_out:
            self._timed_out(client.delay)
        return self.report

    def _timed_out(self, delay: float) -> None:
        """Say what the deadline left undone, in numbers that add up."""
        paced = (
            f" (robots.txt's Crawl-delay: {delay:g} allows one request every {delay:g}s)"
            if delay
            else ""
        )
        chosen = self.rules.listed.chosen()
        if not self.robots_read:
            undone = "robots.txt gave no answer in time; no sitemap was read"
        else:
            unread = self.sitemaps_found - self.sitemaps_read - self.sitemaps_skipped
            sitemaps = (
                f"{unread:,} of the {self.sitemaps_found:,} sitemaps found were not read; "
                if unread > 0
                else ""
            )
            if self.pages_started:
                pages = f"{chosen - self.pages_done:,} of the {chosen:,} URLs to request were not"
            else:
                pages = f"none of the {chosen:,} URLs to request so far was"
            undone = f"{sitemaps}{pages} checked"
        self.report.error(
            "live-timeout",
            "",
            None,
            f"the run reached --timeout ({self.options.timeout:g}s){paced}: {undone}",
        )

    # -- robots.txt ------------------------------------------------------------------------
    async def _robots(self, client: PoliteClient) -> list[str]:
        report = self.report
        robots_url = self.root + "robots.txt"
        fetched = await client.fetch(robots_url, limit=MAX_ROBOTS, whole=True)
        report.checked.append(robots_url)
        found: list[str] = []
        if fetched.hops and not (300 <= (fetched.status or 0) < 400):
            # followed: only on this origin; what it led to is used, and said to be
            chain = " -> ".join(target for _status, target in fetched.hops)
            report.info(
                "robots-redirect",
                robots_url,
                None,
                f"redirects ({fetched.hops[0][0]}) to {chain} on the same origin, which was "
                "followed: its answer is used as this site's robots.txt",
            )
        if fetched.status is not None and 300 <= fetched.status < 400:
            target = fetched.hops[-1][1] if fetched.hops else "nowhere"
            report.warning(
                "robots-redirect",
                robots_url,
                None,
                f"redirects to {target}, which was not followed "
                f"({fetched.error or 'another origin: scheme, host or port'}); its rules and "
                "Sitemap: lines are not checked",
            )
        elif fetched.status == 200:
            self.robots = RobotsRules(fetched.body.decode("utf-8", "replace"))
            at_root = urlsplit(self.base).path in ("", "/")
            found = sitemap_lines(
                fetched.body, robots_url, at_root or self.is_sitemap, report, not fetched.complete
            )
            for value in self.robots.bad_delays:
                report.warning(
                    "crawl-delay",
                    robots_url,
                    None,
                    f"Crawl-delay: {short(value)} is not a finite number of seconds; ignored",
                )
            delay = self.robots.crawl_delay(ROBOTS_AGENT)
            if delay:
                client.delay = delay
                report.info(
                    "crawl-delay",
                    robots_url,
                    None,
                    f"Crawl-delay: {delay:g} is honoured (one request every {delay:g}s)",
                )
        elif fetched.status is not None and 400 <= fetched.status < 500:
            report.warning(
                "robots-missing",
                robots_url,
                None,
                f"answers {_status(fetched.status)}; add a robots.txt with a "
                "'Sitemap: <absolute URL>' line",
            )
        else:
            report.error(
                "robots-unavailable",
                robots_url,
                None,
                f"{_answer(fetched)}; crawlers stop crawling a site whose robots.txt fails",
            )
        if self.is_sitemap:
            return [self.url]
        starts = []
        for url in found:
            if origin_of(url) != self.rules.origin:
                report.info(
                    "robots-elsewhere",
                    robots_url,
                    None,
                    f"Sitemap: {url} is on another origin (scheme, host or port) than "
                    f"{self.root}; it is not checked here",
                )
            elif url.startswith(self.base) or urlsplit(self.base).path in ("", "/"):
                starts.append(url)
        return starts or await self._probe(client)

    async def _probe(self, client: PoliteClient) -> list[str]:
        """The entry sitemap of a site whose robots.txt names none: the first of the names the
        local check tries (:data:`~sitemap_core._files.ENTRY_NAMES`, in its order) that answers
        200 with something other than a page. Over HTTP a name can only be asked for: one
        request each, no more than the list's six, stopping at the first found; when none is,
        ``sitemap.xml``, so its answer is what gets reported."""
        for name in ENTRY_NAMES:
            fetched = await client.fetch(self.base + name, limit=1, follow=False)
            if fetched.status == 200 and fetched.content_type not in _HTML_TYPES:
                return [self.base + name]
        return [self.base + "sitemap.xml"]

    # -- sitemaps --------------------------------------------------------------------------
    async def _sitemaps(self, client: PoliteClient, starts: list[str], tmp: Path) -> None:
        rules = self.rules
        unique = list(dict.fromkeys(starts))
        visited = set(unique)
        self.sitemaps_found = len(unique)
        for start in unique:
            if self._stop_reading():
                break
            scanned = await self._scan(client, start, tmp)
            if scanned is None or scanned.kind != "sitemapindex":
                continue
            entries = []
            for entry in rules.followed_entries(start):
                if entry.loc not in visited:
                    visited.add(entry.loc)
                    entries.append(entry)
            self.sitemaps_found += len(entries)
            for entry in entries:
                if self._stop_reading():
                    break
                inner = await self._scan(client, entry.loc, tmp)
                if inner is not None and inner.kind == "sitemapindex":
                    index_nested(self.report, entry)
            if self.sitemaps_skipped:
                break
        rules.finish()

    def _stop_reading(self) -> bool:
        """Whether to leave the sitemaps not yet read unread (and say why): enough URLs for
        --max-urls, or the most one run reads, which bounds memory."""
        listed = self.rules.listed
        if listed.sample is None and listed.cap is not None and listed.kept >= listed.cap:
            why = f"--max-urls {listed.cap:,} is reached"
        elif self.report.urls >= READ_LIMIT:
            why = (
                f"{self.report.urls:,} URLs are read, the most one run reads (memory stays "
                "bounded; check the built site for all of them)"
            )
        else:
            return False
        self.sitemaps_skipped = self.sitemaps_found - self.sitemaps_read
        self.report.info(
            "live-not-read",
            "",
            None,
            f"{why} after {self.sitemaps_read:,} sitemap(s): the other "
            f"{self.sitemaps_skipped:,} listed are not read",
        )
        return True

    async def _scan(self, client: PoliteClient, url: str, tmp: Path) -> Scanned | None:
        # Named by a counter, never after the URL (a NUL or a 300-byte last segment is no
        # file name); only the URL's suffix is kept, which decides XML, text and gzip.
        suffix = SITEMAP_SUFFIX.search(urlsplit(url).path.rsplit("/", 1)[-1])
        kind = suffix.group(0).lower() if suffix else ".xml"
        path = tmp / f"{len(self.report.checked)}{kind}"
        try:
            with path.open("wb") as sink:
                fetched = await client.fetch(url, limit=ERROR_BYTES, sink=sink, follow=False)
            if client.remaining() <= 0:
                raise RunTimeout  # scanning 50 MiB takes seconds: not past the deadline
            self.sitemaps_read += 1
            encoded = fetched.headers.get("content-encoding", "").strip().lower()
            if encoded in ("gzip", "x-gzip") and not kind.endswith(".gz"):
                path = path.rename(path.with_name(path.name + ".gz"))
            return self._scan_body(url, fetched, path, kind)
        finally:
            path.unlink(missing_ok=True)

    def _scan_body(self, url: str, fetched: Fetched, path: Path, kind: str) -> Scanned | None:
        """Report what ``url`` answered and scan its body (downloaded to ``path``).

        :param kind: the URL's suffix (``.xml``, ``.txt.gz``...), for the Content-Type rule.
        """
        report, ctype = self.report, fetched.content_type
        if fetched.status in (301, 302, 303, 307, 308):
            target = urljoin(url, fetched.headers.get("location", ""))
            code = "sitemap-redirect"
            why = (
                f"redirects ({fetched.status}) to {target}; crawlers expect the sitemap at the "
                "URL they were given: list the final URL"
            )
        elif fetched.status != 200:
            code, why = "sitemap-status", f"{_answer(fetched)}; not a sitemap"
        elif ctype in _HTML_TYPES:
            code = "sitemap-html"
            why = (
                f"is served as {ctype}: a page, not a sitemap (a missing file answered with "
                "the site's HTML?)"
            )
        elif not fetched.complete:
            code = "size-limit"
            why = f"is larger than {ERROR_BYTES:,} bytes as sent; reading stopped there"
        else:
            code = ""
        if code:
            report.checked.append(url)
            report.error(code, url, None, why)
            return None
        encoded = fetched.headers.get("content-encoding", "").strip().lower()
        self._content_type(url, kind, ctype, encoded)
        self.rules.start_file(url)
        scanned = scan_file(path, url, report, self.rules)
        self.rules.end_file(url, path, _last_modified(fetched))
        return scanned

    def _content_type(self, url: str, name: str, ctype: str, encoded: str) -> None:
        if name.endswith(".gz"):
            fine = ctype in _GZIP_TYPES or (encoded in ("gzip", "x-gzip") and bool(ctype))
            wanted = "application/gzip (or application/x-gzip)"
        elif name.endswith(".txt"):
            fine, wanted = ctype == "text/plain", "text/plain"
        else:
            fine = ctype in _XML_TYPES or ctype.endswith("+xml")
            wanted = "application/xml (or text/xml)"
        if not fine:
            self.report.warning(
                "content-type",
                url,
                None,
                f"is served as {ctype or 'no Content-Type'}; send {wanted} so that every "
                "crawler reads it",
            )

    # -- llms.txt --------------------------------------------------------------------------
    async def _llms(self, client: PoliteClient) -> None:
        """The site's llms.txt, when it answers (a missing one is no finding), and the files of
        ours it links on this site (sections, languages, versions): the local check's rules."""
        if self.sitemaps_skipped:
            return  # not every listed page is known: its links cannot be judged
        root = self.base + LLMS_TXT
        got = await self._llms_text(client, root)
        if got is None:
            return
        seen = self.rules.seen
        builds: dict[str, None] = {}  # what the versions' own sitemaps list, as locally
        rules = LlmsRules(
            self.report, lambda url: hash(url) in seen or url in builds, self.rules.unfit
        )
        if rules.foreign(got[0], root):
            return
        queue = [(root, *got)]
        followed = {root}
        while queue:
            name, text, cut = queue.pop(0)
            for line, url in rules.file(name, text, cut):
                # A section's file, a language's, a version's: each read once.
                if url in followed:
                    continue
                linked = None
                if linked_file(self.base, url, (LLMS_TXT, LLMS_FULL)) is not None:
                    linked = await self._llms_text(client, url)
                if linked is not None and marked(linked[0]):
                    followed.add(url)
                    queue.append((url, *linked))
                    builds.update(await self._own_urls(client, url.rsplit("/", 1)[0] + "/"))
                else:
                    rules.unlisted(name, line, url)
        listed = builds or (loc for loc, *_ in self.rules.listed)
        rules.coverage(len(builds) or len(seen), listed, root)

    async def _own_urls(self, client: PoliteClient, folder_url: str) -> dict[str, None]:
        """The URLs a followed llms.txt's folder's own sitemap.xml lists (an index followed),
        as locally (:func:`own_urls`): none when it has none or it cannot be read."""
        url = folder_url + "sitemap.xml"
        if not self.robots.verdict(ROBOTS_AGENT, url).allowed:
            return {}
        with tempfile.TemporaryDirectory(prefix="ssg-sitemap-live-") as tmp:
            try:
                listed = await fetch_entries(client, url, Path(tmp))
            except SitemapError:
                return {}
        self.report.checked.append(url)
        return dict.fromkeys(loc for loc, _lastmod in listed)

    async def _llms_text(self, client: PoliteClient, url: str) -> tuple[str, bool] | None:
        """An llms.txt's text and whether it was cut at :data:`LLMS_BYTES`; ``None`` when it
        does not answer 200 with text (a page answered for any path is none), or robots.txt
        keeps us out."""
        if not self.robots.verdict(ROBOTS_AGENT, url).allowed:
            return None
        fetched = await client.fetch(url, limit=LLMS_BYTES, whole=True)
        if fetched.status != 200 or fetched.content_type in _HTML_TYPES:
            return None
        self.report.checked.append(url)
        return fetched.body.decode("utf-8", "replace"), not fetched.complete

    # -- pages -----------------------------------------------------------------------------
    def _note_partial(self) -> None:
        listed = self.rules.listed
        if listed.chosen() < listed.total:
            sample, cap = listed.sample, listed.cap
            sampled = sample is not None and sample < listed.total
            capped = cap is not None and cap < min(listed.total, sample or listed.total)
            how = " and ".join(
                name for name, used in (("--sample", sampled), ("--max-urls", capped)) if used
            )
            self.report.info(
                "live-partial",
                "",
                None,
                f"{listed.chosen():,} of the {listed.total:,} listed URLs on {self.host} are "
                f"requested ({how})",
            )

    async def _pages(self, client: PoliteClient, listed: _Listed) -> None:
        count = listed.chosen()
        progress = Progress(count, "URLs", threshold=1 if self.options.progress else 1 << 62)
        done = 0
        pending: Iterator[tuple[str, str, int, str]] = iter(listed)

        async def worker() -> None:
            nonlocal done
            for loc, file, line, lastmod in pending:
                try:
                    await self._page(client, loc, file, line, lastmod)
                except RunTimeout:
                    self.timed_out = True
                    return  # the rest is counted, not read: the spool may be long
                done += 1
                progress.update(done)

        first = len(self.report.findings)
        self.pages_started = True
        try:
            workers = max(1, min(self.options.concurrency, count))
            await asyncio.gather(*(worker() for _ in range(workers)))
        finally:
            self.pages_done = done
            progress.close()
            # Pages answer in any order: reported in sitemap order (then by message, for
            # one-line sitemaps), so that two runs print the same lines (CI logs diff).
            files = {name: rank for rank, name in enumerate(self.report.checked)}
            self.report.findings[first:] = sorted(
                self.report.findings[first:],
                key=lambda f: (files.get(f.file, len(files)), f.line or 0, f.message),
            )

    async def _page(
        self, client: PoliteClient, loc: str, file: str, line: int, lastmod: str = ""
    ) -> None:
        report = self.report
        if loc.startswith(self.base):
            # Known by its name: no need to ask the server (which may answer 200 for it).
            code = error_code(loc[len(self.base) :].partition("#")[0].partition("?")[0])
            if code is not None:
                self.rules.unfit[loc] = ("error", error_page(report, file, line, loc, code))
                return
        report_blocked(report, self.robots, file, line, loc)
        if not self.robots.verdict(ROBOTS_AGENT, loc).allowed:
            self._linked(loc, None)  # listed; what it links is not read
            return  # blocked for us too: not requested
        fetched = await client.fetch(loc, limit=HEAD_BYTES)
        # counted once answered (or failed): one cut off by the deadline is "not checked"
        self.report.requested = (self.report.requested or 0) + 1
        unfit = self.rules.unfit
        verdict = self._verdict(fetched)
        if verdict is not None:
            # As locally, a missing page is no node; it is known, not asked again.
            self._linked(loc, verdict, kind=kind_of(verdict) if verdict[1] == "http-status" else -1)
            unfit[loc] = verdict
            if verdict[1] == "http-redirect":
                self._redirected(client, loc, file, line, fetched)
            elif verdict[1] == "http-status":
                report.error("http-status", file, line, f"{loc} {_answer(fetched)}")
            else:
                header = fetched.headers.get("x-robots-tag", "")
                report.error(
                    "page-noindex",
                    file,
                    line,
                    f"{loc}: its X-Robots-Tag header says {short(header)}; search engines report "
                    "listing a noindex page as an error",
                )
            return
        if not self.options.html_checks or fetched.content_type not in _HTML_TYPES:
            self._linked(loc, None, kind=OTHER)  # a file that is no page, as a link finds it
            return
        facts = head_facts(fetched.body)
        found = None
        if facts is not None:
            scope = file.rsplit("/", 1)[0] + "/"
            found = report_page_facts(report, file, line, loc, facts, scope=scope)
            if found is not None:
                unfit[loc] = found
            listed = self.rules.alternates.get(loc)
            links = listed.links if listed is not None else ()
            report_truth(report, file, line, loc, lastmod or None, links, facts)
        self._linked(loc, found, fetched.body)

    def _redirected(
        self, client: PoliteClient, loc: str, file: str, line: int, fetched: Fetched
    ) -> None:
        """The finding of a listed URL that redirects."""
        report, target = self.report, fetched.hops[-1][1]
        if fetched.error and fetched.error.startswith("redirect loop"):
            report.error("http-redirect-loop", file, line, f"{loc}: {fetched.error}")
        elif fetched.error:
            report.error("http-redirect", file, line, f"{loc}: {fetched.error}")
        else:
            if not client.allowed(target):
                # Not asked: the status at hand is the redirect's own.
                outside, ends = " (another origin; not requested)", ""
            else:
                outside = ""
                ends = "" if fetched.status == 200 else f", which {_answer(fetched)}"
            report.error(
                "http-redirect",
                file,
                line,
                f"{loc} redirects ({fetched.hops[0][0]}) to {target}{outside}{ends}; "
                "list the target instead",
            )

    def _linked(
        self, loc: str, verdict: tuple[Severity, str] | None, body: bytes = b"", kind: int = -1
    ) -> None:
        """A listed page for the link graph: what it is and, from its body, what it links;
        with ``kind``, only what a link to it finds (it is no page of the graph)."""
        if self.links is not None and loc.startswith(self.base):
            if kind < 0:
                self.links.page(link_key(self.base, loc), loc, body, verdict)
            else:
                self.links.kinds[self.links.node(link_key(self.base, loc))] = kind

    def _verdict(self, fetched: Fetched) -> tuple[Severity, str] | None:
        """What an answer says of the page before its head is read: a redirect, an error
        status, an X-Robots-Tag noindex (``None``: none of them)."""
        if fetched.hops:
            return ("error", "http-redirect")
        if fetched.status != 200:
            return ("error", "http-status")
        header = fetched.headers.get("x-robots-tag", "")
        return ("error", "page-noindex") if header and _NOINDEX.search(header) else None

    async def _link_targets(self, client: PoliteClient, graph: LinkGraph) -> None:
        """Ask what each page the listed pages link, and the sitemaps do not list, is."""
        pending = iter(list(graph.unknown()))

        async def worker() -> None:
            for page, url in pending:
                fetched = await client.fetch(url, limit=HEAD_BYTES)
                self.report.requested = (self.report.requested or 0) + 1
                verdict = self._verdict(fetched)
                if verdict is None and fetched.content_type in _HTML_TYPES:
                    facts = head_facts(fetched.body)
                    if facts is not None:
                        verdict = report_page_facts(CheckReport(), "", None, url, facts)
                elif verdict is None:
                    graph.kinds[page] = OTHER
                    continue
                graph.kinds[page] = kind_of(verdict)

        await asyncio.gather(*(worker() for _ in range(max(1, self.options.concurrency))))


def _last_modified(fetched: Fetched) -> dt.datetime | None:
    """The ``Last-Modified`` header's moment, when the server sent a valid one."""
    value = fetched.headers.get("last-modified")
    if not value:
        return None
    try:
        moment = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.timezone.utc)


def _status(status: int) -> str:
    try:
        return f"{status} {http.HTTPStatus(status).phrase}"
    except ValueError:
        return str(status)


def _answer(fetched: Fetched) -> str:
    """``answers 404 Not Found`` / ``gave no answer (timed out after 10s)``."""
    if fetched.status is None:
        return f"gave no answer ({fetched.error})"
    tries = f" (after {fetched.attempts} attempts)" if fetched.attempts > 1 else ""
    return f"answers {_status(fetched.status)}{tries}"
