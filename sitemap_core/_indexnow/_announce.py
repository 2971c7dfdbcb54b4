"""``ssg-sitemap announce``: tell IndexNow search engines which URLs changed since last time.

A URL is sent when it is new, its ``lastmod`` changed, its main-content hash changed under
the same ``lastmod``, or it is no longer listed (IndexNow takes a 404 or 410 as deleted).
The state file is written atomically with only the batches the endpoint accepted, so a
failed run is simply resent. Steps: ``_key``, ``_changes`` (the model ``diff`` uses too), the
state file (:func:`load_state`), then a dry-run list or :func:`_send` (``_post``, one POST a
batch).
"""

from __future__ import annotations

import contextlib
import json
import math
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from sitemap_core._config import check_indexnow_key
from sitemap_core._errors import SitemapError
from sitemap_core._indexnow._changes import Changes, Listed, compare, listed_urls
from sitemap_core._indexnow._key import DEFAULT_ENDPOINT, key_file_name, require_key_file
from sitemap_core._indexnow._post import Submission, post
from sitemap_core._util.atomic import FolderBusy, atomic_write, folder_lock
from sitemap_core._util.regular import read_regular
from sitemap_core._util.text import short
from sitemap_core._values import validate_base_url

#: IndexNow accepts at most this many URLs in one request.
BATCH = 10_000
STATE_NAME = ".ssg-sitemap-announced.json"


@dataclass
class AnnounceResult:
    """What one run did.

    :param changed: URLs found new or changed (what was, or would be, sent).
    :param error: why the run failed, or ``None``.
    :param lines: what to tell the user, one line each.
    """

    changed: list[str] = field(default_factory=list)
    error: str | None = None
    lines: list[str] = field(default_factory=list)


@contextlib.contextmanager
def _state_lock(state_file: Path, wait: float) -> Iterator[None]:
    """Hold ``state_file``'s lock (a ``.lock`` file beside it) for one run."""
    state_file.parent.mkdir(parents=True, exist_ok=True)
    try:
        with folder_lock(state_file.parent, wait, state_file.name + ".lock"):
            yield
    except FolderBusy:
        raise SitemapError(
            f"another announce has been using {short(str(state_file))} for {wait:g} s "
            "(--timeout); nothing was sent"
        ) from None


def announce(
    site_dir: Path,
    base_url: str,
    key: str,
    *,
    endpoint: str = DEFAULT_ENDPOINT,
    state_file: Path | None = None,
    dry_run: bool = False,
    send_all: bool = False,
    no_removed: bool = False,
    retries: int = 3,
    backoff: float = 1.0,
    timeout: float = 30.0,
    run_timeout: float = 300.0,
) -> AnnounceResult:
    """Send the URLs that changed since the last accepted announcement, and those removed
    since (unless ``no_removed``).

    :param timeout: seconds for one request, the whole answer included.
    :param run_timeout: seconds for every request and retry wait of the run together.
    :raises SitemapError: a bad key, base URL, endpoint or timeout, a missing key file or
        sitemap, an unreadable state file.
    """
    base_url = _check_arguments(key, base_url, endpoint, (run_timeout, timeout))
    deadline = time.monotonic() + run_timeout
    require_key_file(site_dir, key)
    # Beside the site directory, not inside: it is not deployed.
    state_file = state_file or site_dir.resolve().parent / STATE_NAME
    host = (urlsplit(base_url).hostname or "").lower()
    current, other_hosts = listed_urls(site_dir, base_url, host)
    # Two runs at once on one state file would both read it before either records what it
    # sent, and send every URL twice: the later run waits and reads what the first recorded.
    with _state_lock(state_file, run_timeout):
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
                save_state(state_file, _signatures(current))
            return result
        previous = previous or {}
        known = {loc: Listed.from_signature(sig) for loc, sig in previous.items()}
        changes = compare(known, current)
        removed = [
            loc
            for loc in ([] if no_removed else changes.removed)
            if (urlsplit(loc).hostname or "").lower() == host
        ]
        changed = [*changes.added, *(m.loc for m in changes.moved), *changes.edited]
        new = list(current) if send_all else changed
        result.changed = [*new, *removed]
        # What is taken as announced before this run sends anything: the state file, with pages
        # unchanged since then given their signature now (an older state file has no content
        # hash; without one, a same-day edit would never be seen).
        sending = set(new)
        start = {
            loc: current[loc].signature() if loc in current and loc not in sending else sig
            for loc, sig in previous.items()
        }
        if not result.changed:
            result.lines.append("nothing changed since the last announcement")
            if not dry_run and _signatures(current) != previous:
                save_state(state_file, _signatures(current))  # forget pages that are gone
            return result
        result.lines.append(_what(changes, send_all, len(new), len(removed)))
        batches = [result.changed[i : i + BATCH] for i in range(0, len(result.changed), BATCH)]
        submission = Submission(
            endpoint, host, key, base_url + key_file_name(key), retries, backoff, timeout, deadline
        )
        if dry_run:
            result.lines.extend(_dry_run_lines(batches, submission, set(removed)))
        else:
            _send(batches, submission, current, start, state_file, result)
        return result


def _signatures(listed: dict[str, Listed]) -> dict[str, str]:
    return {loc: page.signature() for loc, page in listed.items()}


def _what(changes: Changes, send_all: bool, new: int, removed: int) -> str:
    """One line: what is sent, and why removed pages are among it."""
    if send_all:
        parts = [f"{new:,} listed (--all)"]
    else:
        parts = [
            f"{len(changes.added):,} new",
            f"{len(changes.moved):,} with a new lastmod",
            f"{len(changes.edited):,} edited under the same lastmod",
        ]
    line = f"{new + removed:,} URL(s) to send: {', '.join(parts)}, {removed:,} removed"
    if removed:
        line += (
            " (a removed page is sent so that engines drop it: IndexNow takes a URL that now "
            "answers 404 or 410 as deleted; --no-removed leaves them out)"
        )
    return line


def _check_arguments(key: str, base_url: str, endpoint: str, timeouts: tuple[float, float]) -> str:
    """The timeouts, the key's form, the base URL (returned as validated), the endpoint's form.

    :raises ConfigError: the key or the base URL (the command line names it by its flag).
    :raises SitemapError: a timeout, the endpoint.
    """
    for name, seconds in zip(("--timeout", "request timeout"), timeouts, strict=True):
        # nan compares false with everything: unchecked, it would mean "no deadline"
        if not math.isfinite(seconds) or seconds <= 0:
            raise SitemapError(f"{name}: {seconds} is not a number of seconds more than 0")
    check_indexnow_key(key, "--key")
    base_url = validate_base_url(base_url)
    try:
        parts = urlsplit(endpoint)
    except ValueError as exc:  # "https://[::1/"
        raise SitemapError(f"--endpoint: {short(endpoint)} is not a valid URL ({exc})") from None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise SitemapError(f"--endpoint: {short(endpoint)} is not an http(s) URL")
    return base_url


def _dry_run_lines(
    batches: list[list[str]], submission: Submission, removed: set[str]
) -> list[str]:
    """What a run would send, batch by batch."""
    lines = []
    for number, batch in enumerate(batches, 1):
        lines.append(
            f"would POST {len(batch):,} URL(s) to {submission.endpoint} (batch {number} of "
            f"{len(batches)}; host {submission.host}, keyLocation {submission.key_location}):"
        )
        lines.extend(f"  {loc} (removed)" if loc in removed else f"  {loc}" for loc in batch)
    return lines


def _send(
    batches: list[list[str]],
    submission: Submission,
    current: dict[str, Listed],
    known: dict[str, str],
    state_file: Path,
    result: AnnounceResult,
) -> None:
    """POST each batch in turn, recording each accepted one in the state file at once (a
    removed URL by leaving it out); the first batch not accepted ends the run with
    ``result.error``."""
    endpoint = submission.endpoint
    accepted = dict(known)
    for number, batch in enumerate(batches, 1):
        status, why = post(submission, batch)
        if status in (200, 202):
            for loc in batch:
                if loc in current:
                    accepted[loc] = current[loc].signature()
                else:
                    accepted.pop(loc, None)
            if number == len(batches):
                accepted = {loc: accepted[loc] for loc in current if loc in accepted}
            save_state(state_file, accepted)
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


_STATE_VERSION = 1


def load_state(path: Path) -> dict[str, str] | None:
    """The URLs announced so far with their signatures; ``None`` when there is no file yet.

    :raises SitemapError: the file cannot be read or is not a state file.
    """
    try:
        data = json.loads(read_regular(path).decode("utf-8"))  # a FIFO would block for ever
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


def save_state(path: Path, urls: dict[str, str]) -> None:
    """Record ``urls`` as announced (atomically: a run cut short leaves the old file)."""
    data = {"version": _STATE_VERSION, "urls": dict(sorted(urls.items()))}
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(path) as handle:
        handle.write(json.dumps(data, indent=0, ensure_ascii=False).encode("utf-8"))
