"""``ssg-sitemap announce``: tell IndexNow search engines which URLs changed since last time.

What changed is decided from the built site's own sitemaps against a small state file: a URL
is sent when it is new, when its ``lastmod`` changed, or (a page without ``lastmod``) when
its built file's content hash changed. The state file is written atomically, and only with
the URLs of batches the endpoint accepted, so a rejected or failed run is simply resent.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import math
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sitemap_core._errors import ConfigError, SitemapError
from sitemap_core._util.atomic import atomic_write
from sitemap_core._util.regular import NotRegularFile, open_regular
from sitemap_core._util.retry_after import retry_after_seconds
from sitemap_core._util.text import short
from sitemap_core._version import __version__
from sitemap_core.config import check_indexnow_key
from sitemap_core.files import site_urls
from sitemap_core.indexnow._key import DEFAULT_ENDPOINT, key_file_name
from sitemap_core.lastmod import content_hash
from sitemap_core.values import served_file, validate_base_url

#: IndexNow accepts at most this many URLs in one request.
BATCH = 10_000
#: Longest wait a ``Retry-After`` may impose between two attempts.
MAX_RETRY_WAIT = 300.0
#: A key file holds a key of at most 128 characters: anything much larger is not one.
_KEY_FILE_MAX = 4096
STATE_NAME = ".ssg-sitemap-announced.json"
_STATE_VERSION = 1
#: What an IndexNow endpoint's refusals mean (from the protocol's documentation).
REFUSALS = {
    400: "bad request: the endpoint could not read the submission",
    403: "forbidden: the key is not valid (the key file was not found at keyLocation, or it "
    "does not hold the key); deploy the site with its key file first",
    422: "unprocessable: the URLs do not belong to the host, or the key does not match the "
    "protocol's format",
}


@dataclass
class AnnounceResult:
    """What one run did.

    :param changed: URLs found new or changed (what was, or would be, sent).
    :param sent: URLs the endpoint accepted.
    :param error: why the run failed, or ``None``.
    :param lines: what to tell the user, one line each.
    """

    changed: list[str] = field(default_factory=list)
    sent: int = 0
    error: str | None = None
    lines: list[str] = field(default_factory=list)


def default_state_file(site_dir: Path) -> Path:
    """``.ssg-sitemap-announced.json`` beside the site directory (not inside: not deployed)."""
    return site_dir.resolve().parent / STATE_NAME


def announce(
    site_dir: Path,
    base_url: str,
    key: str,
    *,
    endpoint: str = DEFAULT_ENDPOINT,
    state_file: Path | None = None,
    dry_run: bool = False,
    send_all: bool = False,
    retries: int = 3,
    backoff: float = 1.0,
    timeout: float = 30.0,
    run_timeout: float = 300.0,
) -> AnnounceResult:
    """Send the URLs that changed since the last accepted announcement.

    :param timeout: seconds for one request, the whole answer included.
    :param run_timeout: seconds for every request and retry wait of the run together.
    :raises SitemapError: a bad key, base URL, endpoint or timeout, a missing key file or
        sitemap, an unreadable state file.
    """
    for name, seconds in (("--timeout", run_timeout), ("request timeout", timeout)):
        # nan compares false with everything: unchecked, it would mean "no deadline"
        if not math.isfinite(seconds) or seconds <= 0:
            raise SitemapError(f"{name}: {seconds} is not a number of seconds more than 0")
    deadline = time.monotonic() + run_timeout
    try:
        check_indexnow_key(key, "--key")
        base_url = validate_base_url(base_url)
    except ConfigError as exc:
        raise SitemapError(str(exc)) from None
    try:
        parts = urlsplit(endpoint)
    except ValueError as exc:  # "https://[::1/"
        raise SitemapError(f"--endpoint: {short(endpoint)} is not a valid URL ({exc})") from None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise SitemapError(f"--endpoint: {short(endpoint)} is not an http(s) URL")
    key_path = site_dir / key_file_name(key)
    try:
        # a FIFO would block, /dev/zero never end: regular files only, and only a key's size
        with open_regular(key_path) as handle:
            raw = handle.read(_KEY_FILE_MAX + 1)
    except NotRegularFile:
        raise SitemapError(f"the key file {key_path} is not a regular file") from None
    except OSError:
        raise SitemapError(
            f"the key file {key_path} is missing; build with --indexnow-key {key} "
            "(adapters: indexnow_key) so that it is deployed with the site"
        ) from None
    try:
        held = raw.decode("utf-8").strip() if len(raw) <= _KEY_FILE_MAX else None
    except UnicodeDecodeError:
        held = None
    if held != key:
        raise SitemapError(f"the key file {key_path} does not hold the key {key}")
    state_file = state_file or default_state_file(site_dir)
    host = (urlsplit(base_url).hostname or "").lower()
    current: dict[str, str] = {}
    other_hosts = 0
    for loc, lastmod in site_urls(site_dir, base_url):
        if (urlsplit(loc).hostname or "").lower() != host:
            other_hosts += 1
            continue
        current[loc] = _signature(site_dir, base_url, loc, lastmod)
    result = AnnounceResult()
    if other_hosts:
        result.lines.append(f"{other_hosts:,} URL(s) on other hosts than {host} are left out")
    previous = _load_state(state_file)
    if previous is None and not send_all:
        recorded = "would be recorded" if dry_run else "are recorded"
        result.lines.append(
            f"no state file ({state_file}): nothing sent; the {len(current):,} URLs now listed "
            f"{recorded} as announced (--all sends them all)"
        )
        if not dry_run:
            _save_state(state_file, current)
        return result
    known = previous or {}
    result.changed = [loc for loc, sig in current.items() if send_all or known.get(loc) != sig]
    if not result.changed:
        result.lines.append("nothing changed since the last announcement")
        if not dry_run and set(known) != set(current):
            _save_state(state_file, current)  # forget pages that are gone
        return result
    key_location = base_url + key_file_name(key)
    batches = [result.changed[i : i + BATCH] for i in range(0, len(result.changed), BATCH)]
    if dry_run:
        for number, batch in enumerate(batches, 1):
            result.lines.append(
                f"would POST {len(batch):,} URL(s) to {endpoint} (batch {number} of "
                f"{len(batches)}; host {host}, keyLocation {key_location}):"
            )
            result.lines.extend(f"  {loc}" for loc in batch)
        return result
    accepted = dict(known)
    for number, batch in enumerate(batches, 1):
        payload: dict[str, object] = {
            "host": host,
            "key": key,
            "keyLocation": key_location,
            "urlList": batch,
        }
        status, why = _post(endpoint, payload, retries, backoff, timeout, deadline)
        if status in (200, 202):
            accepted.update((loc, current[loc]) for loc in batch)
            if number == len(batches):
                accepted = {loc: accepted[loc] for loc in current if loc in accepted}
            _save_state(state_file, accepted)
            result.sent += len(batch)
            pending = " (key validation pending)" if status == 202 else ""
            result.lines.append(f"announced {len(batch):,} URL(s) to {endpoint}: {status}{pending}")
            continue
        urls = f"{len(batch):,} URL{'s' if len(batch) != 1 else ''}"
        if status is None:
            what = f"could not send batch {number} of {len(batches)} ({urls}) to {endpoint}"
        elif status < 400:
            what = f"{endpoint} did not take batch {number} of {len(batches)} ({urls})"
        else:
            what = f"{endpoint} refused batch {number} of {len(batches)} ({urls})"
        result.error = (
            f"{what}: {why}; nothing of it is recorded as announced, the next run sends it again"
        )
        break
    return result


def _signature(site_dir: Path, base_url: str, loc: str, lastmod: str | None) -> str:
    """What must change for a URL to count as changed: its lastmod, else its content."""
    if lastmod:
        return lastmod
    path = served_file(site_dir, base_url, loc)
    digest = content_hash(path) if path is not None else None
    return f"sha256:{digest}" if digest else ""


def _load_state(path: Path) -> dict[str, str] | None:
    try:
        with open_regular(path) as handle:  # a FIFO here would block the run for ever
            data = json.loads(handle.read().decode("utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else exc
        raise SitemapError(f"{path}: cannot read the announce state file ({why})") from None
    except RecursionError:
        raise SitemapError(
            f"{path}: not an announce state file (JSON nested too deeply to read)"
        ) from None
    urls = data.get("urls") if isinstance(data, dict) else None
    if not isinstance(urls, dict) or not all(isinstance(v, str) for v in urls.values()):
        raise SitemapError(f"{path}: not an announce state file (no 'urls' mapping)")
    return {str(k): v for k, v in urls.items()}


def _save_state(path: Path, urls: dict[str, str]) -> None:
    data = {"version": _STATE_VERSION, "urls": dict(sorted(urls.items()))}
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(path) as handle:
        handle.write(json.dumps(data, indent=0, ensure_ascii=False).encode("utf-8"))


class _Watch:
    """The sockets of one request, shut down when its time is up.

    urllib's timeout bounds each read, not the answer: an endpoint that sends a byte every
    25 seconds holds a request for ever. Shutting the socket down ends a blocked read or
    write at once, whatever the proxy or TLS layer above it.
    """

    def __init__(self) -> None:
        self.fired = False
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()

    def wrap(self, create: Callable[..., socket.socket]) -> Callable[..., socket.socket]:
        """``create`` (``socket.create_connection``), its sockets watched."""

        def connect(*args: Any, **kwargs: Any) -> socket.socket:
            sock = create(*args, **kwargs)
            with self._lock:
                self._sockets.append(sock)
                if self.fired:
                    _shut(sock)
            return sock

        return connect

    def fire(self) -> None:
        """Time is up: end every blocked read and write."""
        with self._lock:
            self.fired = True
            for sock in self._sockets:
                _shut(sock)


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)


class _WatchedHTTP(http.client.HTTPConnection):
    def __init__(self, *args: Any, watch: _Watch, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._create_connection = watch.wrap(self._create_connection)  # type: ignore[has-type]


class _WatchedHTTPS(http.client.HTTPSConnection):
    def __init__(self, *args: Any, watch: _Watch, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._create_connection = watch.wrap(self._create_connection)  # type: ignore[has-type]


class _HTTPHandler(urllib.request.HTTPHandler):
    def __init__(self, watch: _Watch) -> None:
        super().__init__()
        self.watch = watch

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(_WatchedHTTP, req, watch=self.watch)  # type: ignore[arg-type]


class _HTTPSHandler(urllib.request.HTTPSHandler):
    def __init__(self, watch: _Watch) -> None:
        super().__init__()
        self.watch = watch

    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        # no context given: http.client makes its default one (certificates verified)
        return self.do_open(_WatchedHTTPS, req, watch=self.watch)  # type: ignore[arg-type]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer, not followed: urllib would turn the POST into a bodiless
    GET, send it anywhere (another host, another scheme) and report that GET's 200."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def _post(
    endpoint: str,
    payload: dict[str, object],
    retries: int,
    backoff: float,
    timeout: float,
    deadline: float = float("inf"),
    sleep: Callable[[float], None] = time.sleep,
) -> tuple[int | None, str]:
    """POST one batch; 429 and 5xx (and no answer) retried. ``(status, what it means)``.

    :param timeout: seconds for one request, answer included.
    :param deadline: ``time.monotonic()`` after which nothing more is sent or waited for.
    """
    body = json.dumps(payload).encode("utf-8")
    attempt = 0
    while True:
        attempt += 1
        budget = min(timeout, deadline - time.monotonic())
        if budget <= 0:
            return None, "no time left (--timeout)"
        request = urllib.request.Request(
            endpoint,
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/json; charset=utf-8",
                "User-Agent": f"ssg-sitemap/{__version__}",
            },
        )
        watch = _Watch()
        opener = urllib.request.build_opener(_NoRedirect, _HTTPHandler(watch), _HTTPSHandler(watch))
        timer = threading.Timer(budget, watch.fire)
        timer.daemon = True
        timer.start()
        retry_after: str | None = None
        try:
            with opener.open(request, timeout=budget) as response:
                status: int | None = response.status
                why = f"{status}"
        except urllib.error.HTTPError as exc:
            status = exc.code
            retry_after = exc.headers.get("Retry-After")
            location = exc.headers.get("Location")
            exc.close()
            if 300 <= status < 400:
                why = (
                    f"{status}, a redirect to {short(location or 'nowhere')}: not followed (it "
                    "would arrive as a GET without the URLs); give the final URL as --endpoint"
                )
            else:
                why = f"{status} " + REFUSALS.get(status, f"{exc.reason}")
        except http.client.HTTPException as exc:
            status = None
            why = f"no valid HTTP answer ({type(exc).__name__}: {short(str(exc))})"
        except (urllib.error.URLError, OSError) as exc:
            status = None
            reason = getattr(exc, "reason", exc)
            why = f"no answer ({reason})"
        finally:
            timer.cancel()
        if watch.fired:
            status, why = None, f"no complete answer within {math.ceil(budget * 10) / 10:g}s"
        if status in (200, 202):
            return status, why
        retryable = (
            status == 429
            or (status is not None and status >= 500)
            or (status is None and why.startswith("no answer"))
        )
        if not retryable or attempt > retries:
            if status == 429:
                why = "429 too many requests: the endpoint throttles this host; try later"
            elif status is not None and status >= 500:
                why = f"{status}: the endpoint failed (after {attempt} attempts)"
            return status, why
        wait = backoff * 2 ** (attempt - 1)
        asked = retry_after_seconds(retry_after)
        if asked is not None:
            wait = max(wait, min(asked, MAX_RETRY_WAIT))
        left = deadline - time.monotonic()
        if wait >= left:
            return status, (
                f"{why}; a retry would wait {wait:g}s, more than the {max(left, 0):.0f}s left "
                "of --timeout"
            )
        sleep(wait)
