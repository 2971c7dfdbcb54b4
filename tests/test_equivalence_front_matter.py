"""The one-pass ``sitemap_values`` and its per-record memo give what the two-pass reading gave."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from sitemap_core import BuildContext, Diagnostics, PageRecord, Settings
from sitemap_core._context import record_values
from sitemap_core.config._front_matter import KEYS, sitemap_values

_FALSE = {"false", "no", "off", "0", ""}


def reference(front_matter: Mapping[str, Any]) -> dict[str, tuple[str, Any]]:
    """The earlier two-pass implementation, kept as the specification."""
    found: dict[str, tuple[str, Any]] = {}
    if not front_matter:
        return found
    for key, value in front_matter.items():
        if not isinstance(key, str):
            continue
        low = key.lower()
        if low == "sitemap":
            if isinstance(value, Mapping):
                for sub, subvalue in value.items():
                    if isinstance(sub, str) and sub.lower() in KEYS:
                        found.setdefault(sub.lower(), (f"{key}.{sub}", subvalue))
            elif value is False or (isinstance(value, str) and value.lower() in _FALSE - {""}):
                found.setdefault("exclude", (key, True))
    for key, value in front_matter.items():
        if isinstance(key, str) and key.lower().startswith("sitemap_"):
            name = key.lower().removeprefix("sitemap_")
            if name in KEYS:
                found[name] = (key, value)
    return found


CASES: list[dict[Any, Any]] = [
    {},
    {"title": "T", "date": "2024-01-01", "tags": "a, b"},
    {"sitemap_changefreq": "daily", "Sitemap_Priority": "0.3", "sitemaps": 1, "sitemap_x": 2},
    {"sitemap": {"changefreq": "weekly", "LASTMOD": "2024-01-01", "other": 1, 3: 4}},
    {"sitemap": {"priority": 0.1}, "sitemap_priority": 0.9, "sitemap_changefreq": "daily"},
    {"sitemap_priority": 0.9, "sitemap": {"priority": 0.1, "exclude": True}},
    {"SITEMAP_LASTMOD": "a", "sitemap_lastmod": "b"},
    {"sitemap": False},
    {"sitemap": "no", "Sitemap": {"exclude": False}},
    {"sitemap": "", "sitemap_exclude": "yes"},
    {"sitemap": "yes", 7: "x", "sitemap_": 1},
    {"sitemapx": {"priority": 1}, "sİtemap_priority": 1, "SİTEMAP": False},
]


@pytest.mark.parametrize("front_matter", CASES)
def test_same_values_in_the_same_order(front_matter: dict[Any, Any]) -> None:
    got = sitemap_values(front_matter)
    want = reference(front_matter)
    assert got == want
    assert list(got) == list(want)


def test_record_values_are_computed_once_per_record() -> None:
    context = BuildContext(Settings("https://example.org/"), Diagnostics(), Settings(None).tzinfo())
    first = PageRecord(url="a/", front_matter={"sitemap_priority": "0.5"})
    same_content = PageRecord(url="a/", front_matter={"sitemap_priority": "0.5"})
    values = record_values(first, context)
    assert values == {"priority": ("sitemap_priority", "0.5")}
    assert record_values(first, context) is values
    # Another record (even an equal one) gets its own reading.
    assert record_values(same_content, context) is not values
    assert record_values(PageRecord(url="b/"), context) == {}
