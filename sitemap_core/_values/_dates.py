"""Dates: parse what generators hand over into W3C Datetime values with a timezone."""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
from dataclasses import dataclass, field
from typing import Literal

from sitemap_core._util.frozen import stores_given
from sitemap_core._util.text import short

_DATE_RE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
_DATETIME_RE = re.compile(
    r"^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?"
    r"\s*(Z|z|[+-]\d{2}(?::?\d{2})?|UTC|GMT)?$"
)
# ISO 8601 basic format: 20240501, 20240501T1230[00][.5][Z|+0200].
_BASIC_DATE_RE = re.compile(r"^(\d{4})(\d{2})(\d{2})$")
_BASIC_DATETIME_RE = re.compile(
    r"^(\d{4})(\d{2})(\d{2})[Tt](\d{2})(\d{2})(?:(\d{2})(?:[.,](\d{1,9}))?)?"
    r"(Z|z|[+-]\d{2}(?:\d{2})?)?$"
)


#: Slack for clocks before a lastmod counts as in the future (``check`` uses the same); a
#: date without a time may be ahead by a timezone's width.
FUTURE_SLACK = dt.timedelta(minutes=5)
DATE_SLACK = dt.timedelta(hours=14)


def in_future(when: dt.datetime, date_only: bool, now: dt.datetime) -> bool:
    """Whether ``when`` is later than ``now`` beyond the slack for its precision."""
    return when > now + (DATE_SLACK if date_only else FUTURE_SLACK)


def written_lastmod(
    found: Lastmod, upper: dt.datetime | None, now: dt.datetime
) -> tuple[Lastmod | None, str | None]:
    """The lastmod a build writes for ``found``, whichever source gave it: never later than
    ``upper`` (``SOURCE_DATE_EPOCH``), none when it lies in the future (``check`` calls that
    an error).

    :return: the value to write, and the warning to give when it is dropped.
    """
    if upper is not None and found.when > upper:
        found = Lastmod(upper, found.date_only, found.source)
    if in_future(found.when, found.date_only, now):
        return None, (
            f"{found.w3c('date' if found.date_only else 'datetime')} is in the future; "
            "no lastmod is written for this page"
        )
    return found, None


@stores_given
@dataclass(frozen=True, order=True)
class Lastmod:
    """A point in time for ``<lastmod>``.

    :param when: an aware datetime (midnight in the site's timezone for a plain date).
    :param date_only: the source only gave a date: never invent a time of day.
    :param source: the lastmod source that gave it (``"git"``, ``"metadata"``...), if known;
        not part of comparisons.
    """

    when: dt.datetime
    date_only: bool = False
    source: str | None = field(default=None, compare=False)

    def w3c(
        self, precision: Literal["datetime", "date"] = "datetime", utc_suffix: str = "Z"
    ) -> str:
        """Format as W3C Datetime: ``YYYY-MM-DD`` or ``YYYY-MM-DDThh:mm:ss+hh:mm``.

        :param utc_suffix: how a zero offset is written: ``"Z"`` or ``"+00:00"``.
        """
        if self.date_only or precision == "date":
            return self.when.date().isoformat()
        when = self.when
        # Whole seconds (the usual case) need no timespec: isoformat() is twice as fast then.
        text = when.isoformat("T", "seconds") if when.microsecond else when.isoformat()
        if len(text) != 25:  # not YYYY-MM-DDThh:mm:ss±hh:mm (the usual case, in one call)
            when = when.replace(microsecond=0)
            offset = when.utcoffset()
            if offset is not None and offset.seconds % 60:
                # Historic zone offsets like +00:09:21 are not W3C Datetime: say it in UTC.
                when = when.astimezone(dt.timezone.utc)
            text = when.isoformat()
        return text[:-6] + utc_suffix if text.endswith("+00:00") else text


def parse_date(value: object, tz: dt.tzinfo, source: str | None = None) -> Lastmod:
    """Parse a generator's date value: ``datetime`` (naive ones take ``tz``), ``date``, or an
    ISO 8601 / W3C string (extended or basic form, ``T`` or a space).

    :param source: recorded as the result's :attr:`Lastmod.source`.
    :raises ValueError: anything else, with a message for the user.
    """
    if isinstance(value, dt.datetime):
        when = value if value.tzinfo is not None else value.replace(tzinfo=tz)
        return Lastmod(when, False, source)
    if isinstance(value, dt.date):
        return Lastmod(dt.datetime(value.year, value.month, value.day, tzinfo=tz), True, source)
    if not isinstance(value, str):
        raise ValueError(f"{short(value)} is not a date")
    text = value.strip()
    try:
        match = _DATE_RE.match(text) or _BASIC_DATE_RE.match(text)
        if match:
            y, m, d = (int(g) for g in match.groups())
            return Lastmod(dt.datetime(y, m, d, tzinfo=tz), True, source)
        match = _DATETIME_RE.match(text) or _BASIC_DATETIME_RE.match(text)
        if match:
            y, mo, d, h, mi, s = (int(g or 0) for g in match.groups()[:6])
            frac = match.group(7) or "0"
            micro = int(frac[:6].ljust(6, "0"))
            zone = _parse_zone(match.group(8), tz)
            return Lastmod(dt.datetime(y, mo, d, h, mi, s, micro, tzinfo=zone), False, source)
    except ValueError:
        raise ValueError(f"{short(value)} is not a valid date") from None
    raise ValueError(f"{short(value)} is not a date (use YYYY-MM-DD or YYYY-MM-DDThh:mm:ss+hh:mm)")


#: ABlog's default ``post_date_format``: ``Jan 01, 2022``.
_ABLOG_FORMAT = "%b %d, %Y"


def parse_foreign_date(value: object, tz: dt.tzinfo, source: str | None = None) -> Lastmod:
    """Parse a date another extension owns (``:date:``, ``:modified:``), in the forms it reads.

    :func:`parse_date`'s forms, ABlog's ``Jan 01, 2022``, then python-dateutil if installed.

    :raises ValueError: none of them reads it (:func:`parse_date`'s message).
    """
    if type(value) is dt.datetime and value.tzinfo is not None:
        return Lastmod(value, False, source)  # most values: parse_date's answer, at once
    try:
        return parse_date(value, tz, source)
    except ValueError:
        text = value.strip() if isinstance(value, str) else ""
        # A value starting with a year is an ISO date, judged by the ISO rules alone.
        found = None if not text or text[:4].isdigit() else _other_forms(text, tz, source)
        if found is None:
            raise
        return found


def _other_forms(text: str, tz: dt.tzinfo, source: str | None) -> Lastmod | None:
    with contextlib.suppress(ValueError):
        day = dt.datetime.strptime(text, _ABLOG_FORMAT)
        return Lastmod(day.replace(tzinfo=tz), True, source)
    try:
        from dateutil.parser import parse  # ABlog's dependency, not ours
    except ImportError:
        return None
    try:
        when = parse(text)
    except (ValueError, OverflowError):  # dateutil's ParserError is a ValueError
        return None
    offset = when.utcoffset()
    if offset is not None:
        # W3C Datetime allows -14:00 to +14:00.
        return Lastmod(when, False, source) if abs(offset) <= dt.timedelta(hours=14) else None
    return Lastmod(when.replace(tzinfo=tz), when.time() == dt.time(), source)


def _parse_zone(text: str | None, default: dt.tzinfo) -> dt.tzinfo:
    if text is None:
        return default
    if text in ("Z", "z", "UTC", "GMT"):
        return dt.timezone.utc
    digits = text[1:].replace(":", "")
    return w3c_offset(text[0], int(digits[:2]), int(digits[2:] or 0))


def w3c_offset(sign: str, hours: int, minutes: int) -> dt.timezone:
    """The zone of a W3C Datetime offset (``sign`` is ``"+"`` or ``"-"``).

    :raises ValueError: outside -14:00 to +14:00, the range xsd:dateTime allows.
    """
    if hours > 14 or minutes > 59 or (hours == 14 and minutes):
        raise ValueError(f"{sign}{hours:02}:{minutes:02}")
    delta = dt.timedelta(hours=hours, minutes=minutes)
    return dt.timezone(-delta if sign == "-" else delta)


def source_date_epoch() -> dt.datetime | None:
    """``SOURCE_DATE_EPOCH`` as an upper bound for lastmod values, if set and valid."""
    raw = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not raw.isdigit():
        return None
    return dt.datetime.fromtimestamp(int(raw), tz=dt.timezone.utc)
