"""Validation of the per-URL protocol fields: changefreq, priority and hreflang."""

from __future__ import annotations

import math
import re

from sitemap_core._util.text import short

CHANGEFREQS = ("always", "hourly", "daily", "weekly", "monthly", "yearly", "never")


def parse_changefreq(value: object) -> str | None:
    """Return a valid changefreq or ``None`` for an empty value.

    :raises ValueError: the value is not one of the protocol's seven words.
    """
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().lower() in CHANGEFREQS:
        return value.strip().lower()
    raise ValueError(f"{short(value)} is not one of {', '.join(CHANGEFREQS)}")


def parse_priority(value: object) -> float | None:
    """Return a priority from 0.0 to 1.0, or ``None`` for an empty value.

    :raises ValueError: not a number, or outside 0.0–1.0.
    """
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise ValueError(f"{short(value)} is not a number from 0.0 to 1.0")
    try:
        number = float(value.strip() if isinstance(value, str) else value)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"{short(value)} is not a number from 0.0 to 1.0") from None
    if math.isnan(number) or not 0.0 <= number <= 1.0:
        raise ValueError(f"{short(value)} is outside 0.0–1.0")
    return round(number, 4) + 0.0  # + 0.0: -0.0 becomes 0.0


# BCP 47's shape as hreflang takes it: a 2–3 letter ISO 639 language, then script, region or
# variant subtags. Subtags are separated by "-", so matching is linear.
_LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*")


def is_language_tag(value: str, *, x_default: bool = False) -> bool:
    """Whether ``value`` is a language tag (``en``, ``pt-BR``, ``zh-Hant-TW``); with
    ``x_default``, ``x-default`` counts too. The one hreflang rule of the suite."""
    if x_default and value.lower() == "x-default":
        return True
    return _LANGUAGE_TAG.fullmatch(value) is not None


def format_priority(value: float) -> str:
    """Shortest decimal form with at least one decimal (``1.0``, ``0.85``)."""
    text = f"{value:.4f}".rstrip("0")
    return text + "0" if text.endswith(".") else text
