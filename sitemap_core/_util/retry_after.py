"""``Retry-After`` read one way for ``check`` and ``announce``: ASCII seconds (``isdigit``
also takes ``²``) or an HTTP date; anything else is no answer.
"""

from __future__ import annotations

import datetime as dt
import email.utils


def retry_after_seconds(value: str | None) -> float | None:
    """Seconds a ``Retry-After`` header asks for (``None``: absent or not understood)."""
    if not value:
        return None
    value = value.strip()
    if value.isascii() and value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if when is None:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    try:
        return max(0.0, (when - dt.datetime.now(dt.timezone.utc)).total_seconds())
    except OverflowError:
        return None
