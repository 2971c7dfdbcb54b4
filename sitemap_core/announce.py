"""``ssg-sitemap announce``: tell IndexNow search engines which URLs changed since last time.

What changed is decided from the built site's own sitemaps against a small state file: a URL
is sent when it is new, when its ``lastmod`` changed, or (a page without ``lastmod``) when
its built file's content hash changed. The state file is written atomically, and only with
the URLs of batches the endpoint accepted, so a rejected or failed run is simply resent.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from sitemap_core import __version__
from sitemap_core.atomic import atomic_write
from sitemap_core.errors import ConfigError, SitemapError
from sitemap_core.indexnow import DEFAULT_ENDPOINT, key_file_name
from sitemap_core.multi_index import ENTRY_NAMES
from sitemap_core.settings import check_indexnow_key
from sitemap_core.sitemap_reading import read_entries
from sitemap_core.state import content_hash
from sitemap_core.text import short
from sitemap_core.urls import OutsideSite, served_file, site_path, unquoted_path, validate_base_url

#: IndexNow accepts at most this many URLs in one request.
BATCH = 10_000
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
) -> AnnounceResult:
    """Send the URLs that changed since the last accepted announcement.

    :raises SitemapError: a bad key, base URL or endpoint, a missing key file or sitemap.
    """
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
        held = key_path.read_text("utf-8").strip()
    except (OSError, UnicodeDecodeError):
        raise SitemapError(
            f"the key file {key_path} is missing; build with --indexnow-key {key} "
            "(adapters: indexnow_key) so that it is deployed with the site"
        ) from None
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
        status, why = _post(endpoint, payload, retries, backoff, timeout)
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
        what = (
            f"{endpoint} refused batch {number} of {len(batches)} ({urls})"
            if status is not None
            else f"could not send batch {number} of {len(batches)} ({urls}) to {endpoint}"
        )
        result.error = (
            f"{what}: {why}; nothing of it is recorded as announced, the next run sends it again"
        )
        break
    return result


def site_urls(site_dir: Path, base_url: str) -> Iterator[tuple[str, str | None]]:
    """``(loc, lastmod)`` of every URL in the built site's sitemaps (indexes followed).

    :raises SitemapError: no sitemap, or one that cannot be read.
    """
    entry = _entry(site_dir, base_url)
    kind, items = read_entries(entry)
    if kind != "index":
        yield from items
        return
    for loc, _lastmod in items:
        shard = _local(site_dir, base_url, loc)
        if shard is None:
            raise SitemapError(f"{entry} lists {loc}, which is not a file in {site_dir}")
        shard_kind, shard_items = read_entries(shard)
        if shard_kind == "index":
            raise SitemapError(f"{entry} lists {loc}, another index; indexes cannot be nested")
        yield from shard_items


def _entry(site_dir: Path, base_url: str) -> Path:
    robots = site_dir / "robots.txt"
    if robots.is_file():
        for line in robots.read_text("utf-8", "replace").splitlines():
            name, _, value = line.partition(":")
            if name.strip().lower() == "sitemap":
                path = _local(site_dir, base_url, value.strip())
                if path is not None:
                    return path
    for name in ("sitemap_index.xml", *ENTRY_NAMES):
        if (site_dir / name).is_file():
            return site_dir / name
    raise SitemapError(
        f"{site_dir} holds no sitemap (robots.txt names none under {base_url}, and none of "
        f"sitemap_index.xml, {', '.join(ENTRY_NAMES)} exists); build it first"
    )


def _local(site_dir: Path, base_url: str, loc: str) -> Path | None:
    if not loc.startswith(base_url):
        return None
    try:
        path = site_path(site_dir, unquoted_path(base_url, loc))
    except OutsideSite:
        return None
    return path if path.is_file() else None


def _signature(site_dir: Path, base_url: str, loc: str, lastmod: str | None) -> str:
    """What must change for a URL to count as changed: its lastmod, else its content."""
    if lastmod:
        return lastmod
    path = served_file(site_dir, base_url, loc)
    digest = content_hash(path) if path is not None else None
    return f"sha256:{digest}" if digest else ""


def _load_state(path: Path) -> dict[str, str] | None:
    try:
        data = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise SitemapError(f"{path}: cannot read the announce state file ({exc})") from None
    urls = data.get("urls") if isinstance(data, dict) else None
    if not isinstance(urls, dict) or not all(isinstance(v, str) for v in urls.values()):
        raise SitemapError(f"{path}: not an announce state file (no 'urls' mapping)")
    return {str(k): v for k, v in urls.items()}


def _save_state(path: Path, urls: dict[str, str]) -> None:
    data = {"version": _STATE_VERSION, "urls": dict(sorted(urls.items()))}
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(path) as handle:
        handle.write(json.dumps(data, indent=0, ensure_ascii=False).encode("utf-8"))


def _post(
    endpoint: str,
    payload: dict[str, object],
    retries: int,
    backoff: float,
    timeout: float,
    sleep: Callable[[float], None] = time.sleep,
) -> tuple[int | None, str]:
    """POST one batch; 429 and 5xx (and no answer) retried. ``(status, what it means)``."""
    body = json.dumps(payload).encode("utf-8")
    attempt = 0
    while True:
        attempt += 1
        request = urllib.request.Request(
            endpoint,
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/json; charset=utf-8",
                "User-Agent": f"ssg-sitemap/{__version__}",
            },
        )
        retry_after: str | None = None
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                status: int | None = response.status
                why = f"{status}"
        except urllib.error.HTTPError as exc:
            status = exc.code
            retry_after = exc.headers.get("Retry-After")
            exc.close()
            why = f"{status} " + REFUSALS.get(status, f"{exc.reason}")
        except (urllib.error.URLError, OSError) as exc:
            status = None
            reason = getattr(exc, "reason", exc)
            why = f"no answer ({reason})"
        if status in (200, 202):
            return status, why
        retryable = status is None or status == 429 or status >= 500
        if not retryable or attempt > retries:
            if status == 429:
                why = "429 too many requests: the endpoint throttles this host; try later"
            elif status is not None and status >= 500:
                why = f"{status}: the endpoint failed (after {attempt} attempts)"
            return status, why
        wait = backoff * 2 ** (attempt - 1)
        if retry_after and retry_after.strip().isdigit():
            wait = max(wait, min(float(retry_after), 300.0))
        sleep(wait)
