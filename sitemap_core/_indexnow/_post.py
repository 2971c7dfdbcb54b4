"""One IndexNow submission over HTTP: a POST of one batch, retried after 429, 5xx or no
answer, every request and wait bounded by the run's deadline, a redirect never followed."""

from __future__ import annotations

import http.client
import json
import math
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass

from sitemap_core._indexnow._watched_http import Watch, watched_opener
from sitemap_core._util.retry_after import retry_after_seconds
from sitemap_core._util.text import short
from sitemap_core._version import __version__

#: Longest wait a ``Retry-After`` may impose between two attempts.
MAX_RETRY_WAIT = 300.0
#: What an IndexNow endpoint's refusals mean (from the protocol's documentation).
REFUSALS = {
    400: "bad request: the endpoint could not read the submission",
    403: "forbidden: the key is not valid (the key file was not found at keyLocation, or it "
    "does not hold the key); deploy the site with its key file first",
    422: "unprocessable: the URLs do not belong to the host, or the key does not match the "
    "protocol's format",
}


@dataclass(frozen=True)
class Submission:
    """Where and how each batch goes: the endpoint, what every request says besides its URLs,
    and the limits of the run (``timeout``: seconds for one request, answer included;
    ``deadline``: ``time.monotonic()`` after which nothing more is sent or waited for)."""

    endpoint: str
    host: str
    key: str
    key_location: str
    retries: int
    backoff: float
    timeout: float
    deadline: float


def post(submission: Submission, urls: list[str]) -> tuple[int | None, str]:
    """POST one batch; 429 and 5xx (and no answer) retried. ``(status, what it means)``."""
    endpoint, retries, backoff = submission.endpoint, submission.retries, submission.backoff
    timeout, deadline = submission.timeout, submission.deadline
    host, key, key_location = submission.host, submission.key, submission.key_location
    payload = {"host": host, "key": key, "keyLocation": key_location, "urlList": urls}
    body = json.dumps(payload).encode("utf-8")
    attempt = 0
    while True:
        attempt += 1
        budget = min(timeout, deadline - time.monotonic())
        if budget <= 0:
            return None, "no time left (--timeout)"
        status, why, retry_after = _attempt(endpoint, body, budget)
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
        time.sleep(wait)


def _attempt(endpoint: str, body: bytes, budget: float) -> tuple[int | None, str, str | None]:
    """One POST, cut after ``budget`` seconds: ``(status, what it means, its Retry-After)``;
    no status when there was no (complete, valid) answer."""
    request = urllib.request.Request(
        endpoint,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json; charset=utf-8",
            "User-Agent": f"ssg-sitemap/{__version__}",
        },
    )
    watch = Watch()
    opener = watched_opener(watch)
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
    return status, why, retry_after
