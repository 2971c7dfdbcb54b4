"""``extra_urls``: pages the generator did not build, listed with their fields and checked
like a page's."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sitemap_core import ConfigError, PageRecord, Settings
from tests.conftest import NS, core_build, locs, read_xml, url_fields

BASE = "https://example.org/"


RECORDS = [PageRecord(url) for url in ("", "blog/a.html", "blog/b.html", "drafts/x.html")]


EXTRA: list[Any] = [
    "search/",
    {
        "loc": "https://example.org/app/",
        "lastmod": "2024-05-01T10:00:00+02:00",
        "changefreq": "daily",
        "priority": 0.3,
        "alternates": {"en": "app/", "de": "https://example.de/app/"},
    },
]


@pytest.mark.parametrize("given", [EXTRA, lambda: EXTRA, tuple(EXTRA)])
def test_extra_urls_are_listed_with_their_fields(
    tmp_path: Path, given: Any, assert_valid: Callable[[Path], Any]
) -> None:
    core_build(RECORDS[:1], tmp_path, extra_urls=given)
    assert_valid(tmp_path / "sitemap.xml")
    fields = url_fields(tmp_path / "sitemap.xml")
    assert fields == {
        BASE: {},
        BASE + "app/": {
            "lastmod": "2024-05-01T10:00:00+02:00",
            "changefreq": "daily",
            "priority": "0.3",
            "link": "en",  # the last of the two, in hreflang order
        },
        BASE + "search/": {},
    }
    root = read_xml(tmp_path / "sitemap.xml")
    links = root.findall(".//xhtml:link", NS)
    assert [(a.get("hreflang"), a.get("href")) for a in links] == [
        ("de", "https://example.de/app/"),
        ("en", BASE + "app/"),
    ]


def test_extra_urls_values_are_checked_like_a_pages(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        report = core_build(
            [],
            tmp_path,
            extra_urls=[
                {"loc": "a/", "priority": 7, "lastmod": "yesterday"},
                "https://elsewhere.org/",
            ],
        )
    assert locs(tmp_path / "sitemap.xml") == [BASE + "a/"]
    assert report.excluded == {"invalid URL": 1}
    text = caplog.text
    assert "extra_urls[0] ('a/'): priority: 7 is outside 0.0–1.0" in text
    assert "extra_urls[0] ('a/'): lastmod: 'yesterday' is not a date" in text
    assert "extra_urls[1] ('https://elsewhere.org/'): url:" in text


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("search/", "extra_urls: 'search/' is not a list of URLs"),
        ([{"url": "a/"}], r"extra_urls\[0\]: unknown key\(s\) url"),
        (["a/", {"lastmod": "2024-01-01"}], r"extra_urls\[1\]: loc: None is not a URL string"),
        ([3], r"extra_urls\[0\]: 3 is not a URL string"),
        ([{"loc": "a/", "alternates": ["de"]}], r"extra_urls\[0\] \('a/'\): alternates: "),
    ],
)
def test_malformed_extra_urls_are_config_errors(given: Any, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Settings(base_url=BASE, extra_urls=given)
