"""Protocol rules for single values (the sitemaps.org protocol intersected with the XSDs).

A problem is a ``(severity, code, message)`` tuple. :func:`plain_locs` is the loc rule's
shortcut for many URLs at once; a new loc rule must keep it from accepting what it flags.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from functools import lru_cache

from sitemap_core._util.text import short
from sitemap_core._values._dates import w3c_offset
from sitemap_core._values._fields import CHANGEFREQS, is_language_tag
from sitemap_core._values._urls import MAX_LOC_LENGTH

Problem = tuple[str, str, str]

#: The schemas' ``tLoc`` minimum length.
MIN_LOC_LENGTH = 12

# The common case, a loc none of check_loc's rules flags, answered by one regular expression:
# absolute http(s), a plain host, only characters a URI may hold unescaped, valid %XX escapes,
# no fragment (the length is checked beside it). Written so that every character has one way
# to match (a run, then "%XX run" pieces): a loc that fails costs time linear in its length.
# ``(?:[...]+|%XX)*`` would try every split of the run and never finish on a long loc with
# one bad character.
_URI_RUN = r"[A-Za-z0-9\-._~:/?@!$&'()*+,;=]*"
_PLAIN_LOC = (
    rf"https?://[A-Za-z0-9.-]+(?::[0-9]{{1,5}})?/{_URI_RUN}(?:%[0-9A-Fa-f]{{2}}{_URI_RUN})*"
)
_ONE_PLAIN = re.compile(_PLAIN_LOC)
_PLAIN_LINES = re.compile(rf"(?:{_PLAIN_LOC}\n)*")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")
_UNSAFE = re.compile(r"[^A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]")
_BAD_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
_HOST = re.compile(r"^[A-Za-z0-9.-]+(?::[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::[0-9]{1,5})?$")

_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_DATETIME = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})"
)
_NO_ZONE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?")
_NO_SECONDS = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})")
_PARTIAL = re.compile(r"\d{4}(-\d{2})?")
_DECIMAL = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")


def check_loc(text: str | None) -> tuple[str | None, list[Problem]]:
    """Check a ``<loc>`` (or an ``href``).

    :return: the URL with surrounding whitespace removed (``None`` when it is unusable for
        further checks) and the problems found.
    """
    if text is None:
        return None, [("error", "loc-empty", "<loc> is empty")]
    loc = text.strip()
    if MIN_LOC_LENGTH <= len(loc) <= MAX_LOC_LENGTH and _ONE_PLAIN.fullmatch(loc):
        return loc, []
    if not loc:
        return None, [("error", "loc-empty", "<loc> is empty")]
    problems: list[Problem] = []
    scheme = _SCHEME.match(loc)
    if not scheme or "://" not in loc[: scheme.end() + 2]:
        return None, [
            (
                "error",
                "loc-not-absolute",
                f"{_short(loc)} is not an absolute URL; give the full address with https://",
            )
        ]
    if scheme.group(1).lower() not in ("http", "https"):
        return None, [("error", "loc-scheme", f"{_short(loc)} is not an http(s) URL")]
    host = loc[scheme.end() + 2 :].split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
    if not host or "@" in host or not _HOST.match(host):
        problems.append(("error", "loc-host", f"{_short(loc)} has no valid host name"))
    if len(loc) > MAX_LOC_LENGTH:
        problems.append(
            (
                "error",
                "loc-too-long",
                f"{_short(loc)} is {len(loc):,} characters; the protocol allows fewer than 2,048",
            )
        )
    elif len(loc) < MIN_LOC_LENGTH:
        problems.append(
            ("error", "loc-too-short", f"{loc} is shorter than the schema's 12 characters")
        )
    unsafe = _UNSAFE.search(loc)
    if unsafe:
        problems.append(
            (
                "error",
                "loc-unescaped",
                f"{_short(loc)} contains {short(unsafe.group())} unescaped; percent-encode it "
                "(non-ASCII as UTF-8 %XX, space as %20)",
            )
        )
    elif _BAD_PERCENT.search(loc):
        problems.append(
            ("error", "loc-unescaped", f"{_short(loc)} has a '%' that does not start a %XX escape")
        )
    if "#" in loc:
        problems.append(
            (
                "warning",
                "loc-fragment",
                f"{_short(loc)} has a fragment (#...); crawlers ignore it, list the page's URL",
            )
        )
    return loc, problems


def plain_locs(locs: Sequence[str], joined: str) -> bool:
    """Whether :func:`check_loc` finds nothing to say about any of ``locs``, answered for all
    of them at once by its shortcut; ``False`` says nothing (ask :func:`check_loc` each).

    :param locs: the URLs as written (at least one).
    :param joined: the same URLs, each with a newline before and after (``"\\na\\nb\\n"``).
    """
    lengths = list(map(len, locs))
    return (
        min(lengths) >= MIN_LOC_LENGTH
        and max(lengths) <= MAX_LOC_LENGTH
        and _PLAIN_LINES.fullmatch(joined, 1) is not None
    )


def _short(loc: str) -> str:
    return loc if len(loc) <= 100 else loc[:80] + "..."


@lru_cache(maxsize=65536)
def check_lastmod(text: str) -> tuple[dt.datetime | None, Problem | None]:
    """Check a ``<lastmod>`` value: W3C Datetime as the schemas accept it.

    :return: the moment (aware; a plain date is midnight UTC) and the problem, if any.
    """
    value = text.strip()
    match = _DATETIME.fullmatch(value)
    try:
        if match:
            y, mo, d, h, mi, s = (int(g) for g in match.groups()[:6])
            zone = match.group(8)
            tz = dt.timezone.utc
            if zone != "Z":
                tz = w3c_offset(zone[0], int(zone[1:3]), int(zone[4:6]))
            return dt.datetime(y, mo, d, h, mi, s, tzinfo=tz), None
        match = _DATE.fullmatch(value)
        if match:
            y, mo, d = (int(g) for g in match.groups())
            return dt.datetime(y, mo, d, tzinfo=dt.timezone.utc), None
    except ValueError:
        return None, ("error", "lastmod-invalid", f"{short(value)} is not a real date or time")
    if _NO_ZONE.fullmatch(value):
        why = f"{short(value)} has a time without a timezone; add Z or an offset like +02:00"
    elif _NO_SECONDS.fullmatch(value):
        why = (
            f"{short(value)} has no seconds: W3C Datetime allows it but the sitemap schema "
            "(xsd:dateTime) does not; write hh:mm:ss"
        )
    elif _PARTIAL.fullmatch(value):
        why = f"{short(value)} is a year or month only; the sitemap schema needs YYYY-MM-DD"
    else:
        why = (
            f"{short(value)} is not a W3C Datetime (YYYY-MM-DD or YYYY-MM-DDThh:mm:ss+hh:mm, "
            "a time always with its timezone)"
        )
    return None, ("error", "lastmod-invalid", why)


def check_changefreq(text: str | None) -> Problem | None:
    """Check a ``<changefreq>``: one of the seven words, lower case, nothing around it."""
    if text in CHANGEFREQS:
        return None
    return (
        "error",
        "changefreq-invalid",
        f"{short(text or '')} is not one of {', '.join(CHANGEFREQS)}",
    )


@lru_cache(maxsize=1024)
def check_priority(text: str | None) -> Problem | None:
    """Check a ``<priority>``: a decimal number from 0.0 to 1.0."""
    value = (text or "").strip()
    if _DECIMAL.fullmatch(value) and 0.0 <= float(value) <= 1.0:
        return None
    if _DECIMAL.fullmatch(value):
        return ("error", "priority-range", f"{short(value)} is outside 0.0–1.0")
    return ("error", "priority-invalid", f"{short(value)} is not a decimal number from 0.0 to 1.0")


def check_language_once(seen: dict[str, str], tag: str, loc: str) -> Problem | None:
    """Check one ``<xhtml:link>`` of a ``<url>`` against the ones before it: a language (case
    aside) has one URL.

    :param seen: the URL of each language so far in this ``<url>``; this link's is added.
    """
    first = seen.setdefault(tag.lower(), loc)
    if first == loc:
        return None
    return (
        "error",
        "hreflang-invalid",
        f"hreflang={short(tag)} a second time in one <url>, for {short(loc)} after "
        f"{short(first)}; a language has one URL",
    )


def check_hreflang(value: str | None) -> bool:
    """Whether an ``hreflang`` is a language tag (or ``x-default``)."""
    return bool(value) and is_language_tag(value or "", x_default=True)
