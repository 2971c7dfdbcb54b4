"""``ssg-sitemap announce``: tell IndexNow search engines which URLs changed since last time.

What changed is decided from the built site's own sitemaps against a small state file: a URL
is sent when it is new, when its ``lastmod`` changed, or (a page without ``lastmod``) when
its built file's content hash changed. The state file is written atomically, and only with
the URLs of batches the endpoint accepted, so a rejected or failed run is simply resent.

:func:`announce` runs the steps in order: check the arguments and the site's key file
(``_key``), read the URLs its sitemaps list with their signatures (``_signatures``), compare
them with the state file (``_state``), then list them (a dry run) or send them (:func:`_send`,
one POST a batch: ``_post``).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from sitemap_core._config import check_indexnow_key
from sitemap_core._errors import SitemapError
from sitemap_core._indexnow._key import DEFAULT_ENDPOINT, key_file_name, require_key_file
from sitemap_core._indexnow._post import post
from sitemap_core._indexnow._signatures import listed_urls
from sitemap_core._indexnow._state import load_state, save_state
from sitemap_core._util.text import short
from sitemap_core._values import validate_base_url

#: IndexNow accepts at most this many URLs in one request.
BATCH = 10_000
STATE_NAME = ".ssg-sitemap-announced.json"


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


@dataclass(frozen=True)
class _Submission:
    """Where and how each batch goes: the endpoint, what every request says besides its URLs,
    and the limits of the run."""

    endpoint: str
    host: str
    key: str
    key_location: str
    retries: int
    backoff: float
    timeout: float
    deadline: float


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
    _check_timeouts(run_timeout, timeout)
    deadline = time.monotonic() + run_timeout
    base_url = _check_key_and_urls(key, base_url, endpoint)
    require_key_file(site_dir, key)
    state_file = state_file or default_state_file(site_dir)
    host = (urlsplit(base_url).hostname or "").lower()
    current, other_hosts = listed_urls(site_dir, base_url, host)
    result = AnnounceResult()
    if other_hosts:
        result.lines.append(f"{other_hosts:,} URL(s) on other hosts than {host} are left out")
    previous = load_state(state_file)
    if previous is None and not send_all:
        recorded = "would be recorded" if dry_run else "are recorded"
        result.lines.append(
            f"no state file ({state_file}): nothing sent; the {len(current):,} URLs now listed "
            f"{recorded} as announced (--all sends them all)"
        )
        if not dry_run:
            save_state(state_file, current)
        return result
    known = previous or {}
    result.changed = [loc for loc, sig in current.items() if send_all or known.get(loc) != sig]
    if not result.changed:
        result.lines.append("nothing changed since the last announcement")
        if not dry_run and set(known) != set(current):
            save_state(state_file, current)  # forget pages that are gone
        return result
    batches = [result.changed[i : i + BATCH] for i in range(0, len(result.changed), BATCH)]
    submission = _Submission(
        endpoint, host, key, base_url + key_file_name(key), retries, backoff, timeout, deadline
    )
    if dry_run:
        result.lines.extend(_dry_run_lines(batches, submission))
    else:
        _send(batches, submission, current, known, state_file, result)
    return result


def _check_timeouts(run_timeout: float, timeout: float) -> None:
    for name, seconds in (("--timeout", run_timeout), ("request timeout", timeout)):
        # nan compares false with everything: unchecked, it would mean "no deadline"
        if not math.isfinite(seconds) or seconds <= 0:
            raise SitemapError(f"{name}: {seconds} is not a number of seconds more than 0")


def _check_key_and_urls(key: str, base_url: str, endpoint: str) -> str:
    """The key's form, the base URL (returned as validated) and the endpoint's form.

    :raises ConfigError: the key or the base URL (the command line names it by its flag).
    :raises SitemapError: the endpoint.
    """
    check_indexnow_key(key, "--key")
    base_url = validate_base_url(base_url)
    try:
        parts = urlsplit(endpoint)
    except ValueError as exc:  # "https://[::1/"
        raise SitemapError(f"--endpoint: {short(endpoint)} is not a valid URL ({exc})") from None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise SitemapError(f"--endpoint: {short(endpoint)} is not an http(s) URL")
    return base_url


def _dry_run_lines(batches: list[list[str]], submission: _Submission) -> list[str]:
    """What a run would send, batch by batch."""
    lines = []
    for number, batch in enumerate(batches, 1):
        lines.append(
            f"would POST {len(batch):,} URL(s) to {submission.endpoint} (batch {number} of "
            f"{len(batches)}; host {submission.host}, keyLocation {submission.key_location}):"
        )
        lines.extend(f"  {loc}" for loc in batch)
    return lines


def _send(
    batches: list[list[str]],
    submission: _Submission,
    current: dict[str, str],
    known: dict[str, str],
    state_file: Path,
    result: AnnounceResult,
) -> None:
    """POST each batch in turn, recording each accepted one in the state file at once; the
    first batch not accepted ends the run with ``result.error``."""
    endpoint = submission.endpoint
    accepted = dict(known)
    for number, batch in enumerate(batches, 1):
        payload: dict[str, object] = {
            "host": submission.host,
            "key": submission.key,
            "keyLocation": submission.key_location,
            "urlList": batch,
        }
        status, why = post(
            endpoint,
            payload,
            submission.retries,
            submission.backoff,
            submission.timeout,
            submission.deadline,
        )
        if status in (200, 202):
            accepted.update((loc, current[loc]) for loc in batch)
            if number == len(batches):
                accepted = {loc: accepted[loc] for loc in current if loc in accepted}
            save_state(state_file, accepted)
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
        return
