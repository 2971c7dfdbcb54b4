"""A polite HTTP client for ``check URL``: one origin, bounded concurrency, retries, caps.

Starts spaced by ``Crawl-delay``, 429 and 5xx retried honouring ``Retry-After``, redirects
followed by hand (at most 5, never to another origin), bounded time per request and run, and
only a bounded head of each body read (gzip undone here, with the same cap).
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
import sys
import time
import zlib
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, TypeVar
from urllib.parse import urljoin, urlsplit

from sitemap_core._errors import SitemapError
from sitemap_core._files import ERROR_BYTES, read_entries
from sitemap_core._util.retry_after import retry_after_seconds
from sitemap_core._version import __version__

try:
    import httpx
except ImportError:  # pragma: no cover - exercised by a subprocess test
    httpx = None  # type: ignore[assignment]

PROJECT_URL = "https://pypi.org/project/ssg-sitemap/"
USER_AGENT = f"ssg-sitemap/{__version__} (+{PROJECT_URL})"
#: The name robots.txt groups are matched against for our own requests.
ROBOTS_AGENT = "ssg-sitemap"
MAX_REDIRECTS = 5
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
#: Longest wait a ``Retry-After`` may impose before we give up on that URL.
MAX_RETRY_WAIT = 120.0
_CHUNK = 1 << 16
_DEFAULT_PORTS = {"http": 80, "https": 443}
T = TypeVar("T")
Origin = tuple[str, str, int]
#: Most URLs read from sitemaps in one run (checked between sitemaps): memory stays bounded,
#: about 100 bytes a URL.
READ_LIMIT = 1_000_000
SITEMAP_SUFFIX = re.compile(r"\.(xml|txt)(\.gz)?$|\.gz$", re.IGNORECASE)


def origin_of(url: str) -> Origin | None:
    """``(scheme, host, port)`` of an http(s) URL, the port made explicit; ``None``: not one.
    Two URLs are on one site only when all three match."""
    try:
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        port = parts.port
    except ValueError:  # "https://[::1/", "http://host:99999/"
        return None
    if scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port if port is not None else _DEFAULT_PORTS[scheme]


def require_httpx() -> None:
    """:raises SitemapError: httpx is not installed (the ``live`` extra)."""
    if httpx is None:
        raise SitemapError(
            "checking a live site needs the optional HTTP client: "
            "pip install 'ssg-sitemap[live]' (it installs httpx)"
        )


@dataclass(frozen=True, slots=True)
class Fetched:
    """What one URL answered, after retries and redirects.

    :param url: the URL asked for.
    :param status: the last status seen (``None``: no answer at all).
    :param hops: the redirects followed, ``(status, target)`` each.
    :param headers: response headers of the last answer, lower-case names, repeated
        headers joined with ``", "``.
    :param body: the head of the body (content-encoding undone), at most the limit asked.
    :param complete: the whole body was read (not cut at the limit).
    :param error: why there is no usable answer (timeout, redirect loop, other host...).
    :param attempts: requests made for the last URL of the chain (retries included).
    """

    url: str
    status: int | None
    hops: tuple[tuple[int, str], ...] = ()
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    complete: bool = True
    error: str | None = None
    attempts: int = 1

    @property
    def content_type(self) -> str:
        """The media type, lower case, without parameters."""
        return self.headers.get("content-type", "").split(";", 1)[0].strip().lower()


@dataclass(frozen=True, slots=True)
class _Ask:
    """One GET of a redirect chain (``first`` its start, ``hops`` so far): the body's
    ``limit``, the ``sink`` a raw body goes to, ``whole``: read past an HTML head."""

    first: str
    url: str
    hops: tuple[tuple[int, str], ...]
    limit: int
    sink: BinaryIO | None
    whole: bool


class RunTimeout(Exception):
    """The whole run's time is up."""


class PoliteClient:
    """One origin's polite client; use as ``async with PoliteClient(...) as client``.

    :param site: a URL of the only origin (scheme, host, port) requests may go to.
    :param concurrency: requests in flight at most.
    :param timeout: seconds for one request, body included.
    :param deadline: ``time.monotonic()`` value after which nothing more is sent.
    :param retries: extra attempts after a 429, a 5xx or a connection error.
    :param backoff: first retry wait in seconds; doubled each time.
    :param delay: seconds between the starts of two requests (``Crawl-delay``).
    :param http2: offer HTTP/2 (over TLS, when the ``h2`` package is installed).
    """

    def __init__(
        self,
        site: str,
        *,
        concurrency: int = 8,
        timeout: float = 10.0,
        deadline: float | None = None,
        retries: int = 3,
        backoff: float = 1.0,
        delay: float = 0.0,
        http2: bool = True,
    ) -> None:
        require_httpx()
        try:
            import h2  # noqa: F401  (httpx speaks HTTP/2 only with it)
        except ImportError:
            http2 = False
        self.origin = origin_of(site)
        self.timeout = timeout
        self.deadline = deadline
        self.retries = retries
        self.backoff = backoff
        self.delay = delay
        self._gate = asyncio.Semaphore(concurrency)
        self._pace = asyncio.Lock()
        self._next_start = 0.0
        self._client = httpx.AsyncClient(
            http2=http2,
            follow_redirects=False,
            timeout=httpx.Timeout(timeout),
            limits=httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency),
            headers={"User-Agent": USER_AGENT, "Accept-Encoding": "gzip"},
            trust_env=False,
        )

    async def __aenter__(self) -> PoliteClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._client.aclose()

    def allowed(self, url: str) -> bool:
        """Whether ``url`` is on the one origin this client may talk to."""
        return self.origin is not None and origin_of(url) == self.origin

    def remaining(self) -> float:
        """Seconds left in the run (infinite without a deadline)."""
        if self.deadline is None:
            return float("inf")
        return self.deadline - time.monotonic()

    async def fetch(
        self,
        url: str,
        *,
        limit: int,
        sink: BinaryIO | None = None,
        follow: bool = True,
        whole: bool = False,
    ) -> Fetched:
        """GET ``url`` and what it redirects to (when ``follow``), politely.

        :param limit: bytes of body to keep (decoded), or, with ``sink``, raw bytes to write.
        :param sink: write the raw body there instead of keeping its head in memory.
        :param whole: read up to ``limit`` even past an HTML head (not a page: robots.txt).
        :raises RunTimeout: the run's deadline passed before an answer.
        """
        hops: list[tuple[int, str]] = []
        seen = {url}
        current = url
        while True:
            result = await self._with_retries(_Ask(url, current, tuple(hops), limit, sink, whole))
            location = result.headers.get("location")
            if not follow or result.status not in (301, 302, 303, 307, 308) or not location:
                return result
            target = urljoin(current, location.strip())
            hops.append((result.status, target))
            error = None
            if target in seen:
                error = "redirect loop: " + " -> ".join([url, *(t for _s, t in hops)])
            elif len(hops) > MAX_REDIRECTS:
                error = f"more than {MAX_REDIRECTS} redirects"
            if error is not None or not self.allowed(target):
                return dataclasses.replace(result, hops=tuple(hops), error=error)
            seen.add(target)
            current = target

    async def _with_retries(self, ask: _Ask) -> Fetched:
        attempt = 0
        while True:
            attempt += 1
            result = await self._once(ask, attempt)
            retry = result.status in RETRY_STATUSES or (
                result.status is None
                and result.error is not None
                and "timed out" not in result.error
            )
            if not retry or attempt > self.retries:
                return result
            wait = self.backoff * 2 ** (attempt - 1)
            asked = retry_after_seconds(result.headers.get("retry-after"))
            if asked is not None:
                if asked > MAX_RETRY_WAIT:
                    return result
                wait = max(wait, asked)
            if wait >= self.remaining():
                return result
            if ask.sink is not None:
                ask.sink.seek(0)
                ask.sink.truncate()
            await asyncio.sleep(wait)

    async def _start(self) -> None:
        """Wait for this request's turn: the delay between starts, and the deadline."""
        if self.remaining() <= 0:
            raise RunTimeout
        if self.delay <= 0:
            return
        async with self._pace:
            now = time.monotonic()
            start = max(now, self._next_start)
            self._next_start = start + self.delay
        if start - now >= self.remaining():
            raise RunTimeout
        if start > now:
            await asyncio.sleep(start - now)

    async def _once(self, ask: _Ask, attempt: int) -> Fetched:
        async with self._gate:
            await self._start()
            budget = min(self.timeout, self.remaining())
            try:
                return await _within(budget, self._request(ask, attempt))
            except asyncio.TimeoutError:
                if self.remaining() <= 0:
                    raise RunTimeout from None
                why = f"timed out after {self.timeout:g}s"
            except httpx.TimeoutException:
                why = f"timed out after {self.timeout:g}s"
            except (httpx.HTTPError, httpx.InvalidURL) as exc:
                why = f"{type(exc).__name__}: {exc or 'connection failed'}"
            return Fetched(ask.first, None, ask.hops, error=why, attempts=attempt)

    async def _request(self, ask: _Ask, attempt: int) -> Fetched:
        limit, sink = ask.limit, ask.sink
        async with self._client.stream("GET", ask.url) as response:
            headers: dict[str, str] = {}
            for name, value in response.headers.multi_items():
                key = name.lower()
                headers[key] = f"{headers[key]}, {value}" if key in headers else value
            body = b""
            complete = True
            if response.status_code in (301, 302, 303, 307, 308):
                pass  # the body of a redirect is of no interest
            elif sink is not None:
                written = 0
                async for chunk in response.aiter_raw(_CHUNK):
                    written += len(chunk)
                    if written > limit:
                        complete = False
                        break
                    sink.write(chunk)
            else:
                body, complete = await _read_head(
                    response, limit, headers.get("content-encoding", ""), ask.whole
                )
        status = response.status_code
        return Fetched(ask.first, status, ask.hops, headers, body, complete, None, attempt)


async def _read_head(
    response: httpx.Response, limit: int, encoding: str, whole: bool = False
) -> tuple[bytes, bool]:
    """At most ``limit`` decoded bytes of the body; gzip undone with the same cap.

    :param whole: do not stop at the end of an HTML head.
    """
    gzipped = encoding.strip().lower() in ("gzip", "x-gzip")
    inflate = zlib.decompressobj(wbits=47) if gzipped else None
    parts: list[bytes] = []
    size = 0
    head_seen = False
    async for raw in response.aiter_raw(_CHUNK):
        chunk = raw
        if inflate is not None:
            try:
                chunk = inflate.decompress(raw, limit + 1 - size)
            except zlib.error:
                break
        parts.append(chunk)
        size += len(chunk)
        if size > limit or (inflate is not None and inflate.unconsumed_tail):
            return b"".join(parts)[:limit], False
        lower = chunk.lower()
        head_seen = not whole and (head_seen or b"</head>" in lower or b"<body" in lower)
        # A small page is read to its end so that the connection can be used again;
        # past the first chunk, the end of the head is enough.
        if head_seen and size >= _CHUNK:
            return b"".join(parts), False
    return b"".join(parts), True


async def _within(seconds: float, work: Coroutine[Any, Any, T]) -> T:
    """``work``, cancelled after ``seconds`` (:class:`asyncio.TimeoutError`)."""
    if sys.version_info >= (3, 11):
        # No task per request, unlike wait_for: this is on the path of every URL.
        async with asyncio.timeout(seconds):
            return await work
    return await asyncio.wait_for(work, seconds)  # pragma: no cover - Python 3.10


async def fetch_entries(client: PoliteClient, url: str, tmp: Path) -> list[tuple[str, str | None]]:
    """``(loc, lastmod)`` of the sitemap at ``url``, an index's sitemaps followed on the
    client's origin, each downloaded to a file in ``tmp`` and read by the local reader.

    :raises SitemapError: no answer, not 200, a page, too large, another origin, a nested
        index, more than :data:`READ_LIMIT` URLs, or a file that is no sitemap.
    """
    kind, items = await _fetch_one(client, url, tmp, 0)
    if kind != "index":
        return items
    found: list[tuple[str, str | None]] = []
    for number, (loc, _lastmod) in enumerate(items, 1):
        if not client.allowed(loc):
            raise SitemapError(f"{url} lists {loc}, on another origin; only {url}'s is read")
        shard_kind, shard_items = await _fetch_one(client, loc, tmp, number)
        if shard_kind == "index":
            raise SitemapError(f"{url} lists {loc}, another index; indexes cannot be nested")
        found.extend(shard_items)
        if len(found) > READ_LIMIT:
            raise SitemapError(f"{url}: more than {READ_LIMIT:,} URLs; not read")
    return found


async def _fetch_one(
    client: PoliteClient, url: str, tmp: Path, number: int
) -> tuple[str, list[tuple[str, str | None]]]:
    # Named by a counter; the URL's suffix decides XML or text (gzip is sniffed).
    suffix = SITEMAP_SUFFIX.search(urlsplit(url).path.rsplit("/", 1)[-1])
    path = tmp / f"{number}{suffix.group(0).lower() if suffix else '.xml'}"
    try:
        with path.open("wb") as sink:
            fetched = await client.fetch(url, limit=ERROR_BYTES, sink=sink)
    except RunTimeout:
        raise SitemapError(f"{url}: no answer in the time given (--timeout)") from None
    if fetched.status != 200:
        why = fetched.error or f"answered {fetched.status}"
        if fetched.status in (301, 302, 303, 307, 308) and not fetched.error:
            why = f"redirects to {fetched.hops[-1][1]}, on another origin"
        raise SitemapError(f"{url}: {why}")
    if fetched.content_type in ("text/html", "application/xhtml+xml"):
        raise SitemapError(f"{url}: served as {fetched.content_type}, a page, not a sitemap")
    if not fetched.complete:
        raise SitemapError(f"{url}: larger than {ERROR_BYTES:,} bytes; not read")
    try:
        return read_entries(path)
    except SitemapError as exc:  # named by the URL, not by the temp file
        raise SitemapError(str(exc).replace(str(path), url)) from None
    finally:
        path.unlink()  # read: the temp folder holds one file at a time
