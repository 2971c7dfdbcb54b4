"""Validation of the values users give: base URL, page URLs, changefreq, priority, dates."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from sitemap_core import ConfigError, Settings
from sitemap_core.config import Rule
from sitemap_core.values import (
    MAX_LOC_LENGTH,
    absolute_url,
    encode_iri,
    format_priority,
    is_language_tag,
    parse_changefreq,
    parse_date,
    parse_priority,
    validate_base_url,
)

BASE = "https://example.org/"


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("https://example.org", "https://example.org/"),
        ("HTTPS://Example.ORG/docs", "https://example.org/docs/"),
        ("http://example.org:8000/a/b/", "http://example.org:8000/a/b/"),
        ("https://bücher.example/", "https://xn--bcher-kva.example/"),
        ("https://example.org/ü/", "https://example.org/%C3%BC/"),
    ],
)
def test_base_url_is_normalised(given: str, expected: str) -> None:
    assert validate_base_url(given) == expected


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ("/docs/", "not absolute"),
        ("example.org", "not absolute"),
        ("ftp://example.org/", "http or https"),
        ("https://example.org/?q=1", "query or fragment"),
        ("https://example.org/#top", "query or fragment"),
        ("https://user:pw@example.org/", "credentials"),
        ("https://exa mple.org/", "spaces"),
    ],
)
def test_bad_base_url_is_a_config_error(given: str, words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        Settings(base_url=given)


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("", BASE),
        ("a.html", BASE + "a.html"),
        ("/a.html", BASE + "a.html"),
        ("x/", BASE + "x/"),
        ("café & crêpes.html", BASE + "caf%C3%A9%20&%20cr%C3%AApes.html"),
        ('a<b>"q".html', BASE + "a%3Cb%3E%22q%22.html"),
        ("it's.html", BASE + "it's.html"),
        ("100%.html", BASE + "100%25.html"),
        ("already%20encoded.html", BASE + "already%20encoded.html"),
        ("a/./b/../c.html", BASE + "a/c.html"),
        ("page?x=1&y=2", BASE + "page?x=1&y=2"),
        ("https://EXAMPLE.org/abs.html", BASE + "abs.html"),
        ("日本語/", BASE + "%E6%97%A5%E6%9C%AC%E8%AA%9E/"),
    ],
)
def test_page_urls_become_encoded_absolute_uris(url: str, expected: str) -> None:
    assert absolute_url(BASE, url) == expected


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("a\x01b.html", "control characters"),
        ("a\nb.html", "control characters"),
        ("mailto:someone@example.org", "not an http"),
        ("javascript:alert(1)", "not an http"),
        ("https://other.example/x", "outside the sitemap's directory"),
        ("page.html#section", "fragment"),
    ],
)
def test_bad_page_urls_are_refused(url: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        absolute_url(BASE, url)


def test_scope_is_the_base_url_directory() -> None:
    base = "https://example.org/docs/"
    assert absolute_url(base, "") == base
    with pytest.raises(ValueError, match="outside"):
        absolute_url(base, "https://example.org/blog/")
    with pytest.raises(ValueError, match="outside"):
        absolute_url(base, "../up.html")
    assert absolute_url(base, "a/../b.html") == base + "b.html"


def test_url_length_limit_is_counted_after_encoding() -> None:
    room = MAX_LOC_LENGTH - len(BASE)
    assert len(absolute_url(BASE, "a" * room)) == MAX_LOC_LENGTH
    with pytest.raises(ValueError, match="2,048"):
        absolute_url(BASE, "a" * (room + 1))
    # 300 non-ASCII characters are 1,800 characters once percent-encoded.
    with pytest.raises(ValueError, match="after encoding"):
        absolute_url(BASE, "é" * 400)


def test_encoding_is_idempotent() -> None:
    once = encode_iri("/ü a/%zz/b%41")
    assert once == "/%C3%BC%20a/%25zz/b%41"
    assert encode_iri(once) == once


@pytest.mark.parametrize("value", [1.5, -1, "high", True, float("nan"), "1.01", [0.5]])
def test_bad_priority(value: object) -> None:
    with pytest.raises(ValueError):
        parse_priority(value)


@pytest.mark.parametrize(
    ("value", "text"), [(0, "0.0"), (1, "1.0"), ("0.8", "0.8"), (0.85, "0.85"), (" 0.5 ", "0.5")]
)
def test_good_priority(value: object, text: str) -> None:
    parsed = parse_priority(value)
    assert parsed is not None and format_priority(parsed) == text


def test_changefreq() -> None:
    assert parse_changefreq("Weekly ") == "weekly"
    assert parse_changefreq(None) is None
    with pytest.raises(ValueError, match="sometimes"):
        parse_changefreq("sometimes")


UTC = dt.timezone.utc


@pytest.mark.parametrize(
    ("value", "w3c"),
    [
        ("2024-05-01", "2024-05-01"),
        (dt.date(2024, 5, 1), "2024-05-01"),
        ("2024-05-01T10:20:30Z", "2024-05-01T10:20:30Z"),
        ("2024-05-01T10:20:30+02:00", "2024-05-01T10:20:30+02:00"),
        ("2024-05-01T10:20:30.123456-0530", "2024-05-01T10:20:30-05:30"),
        ("2024-05-01 10:20", "2024-05-01T10:20:00Z"),
        (dt.datetime(2024, 5, 1, 10, 20), "2024-05-01T10:20:00Z"),
        (
            dt.datetime(2024, 5, 1, 10, 20, tzinfo=dt.timezone(dt.timedelta(hours=1))),
            "2024-05-01T10:20:00+01:00",
        ),
    ],
)
def test_dates_parse_to_w3c(value: object, w3c: str) -> None:
    assert parse_date(value, UTC).w3c() == w3c


def test_naive_values_take_the_configured_timezone() -> None:
    paris = ZoneInfo("Europe/Paris")
    assert parse_date("2024-07-01 12:00", paris).w3c() == "2024-07-01T12:00:00+02:00"
    assert parse_date(dt.datetime(2024, 1, 1, 12), paris).w3c() == "2024-01-01T12:00:00+01:00"


def test_date_precision_never_invents_a_time() -> None:
    assert parse_date("2024-05-01T23:59:00+00:00", UTC).w3c("date") == "2024-05-01"
    assert parse_date("2024-05-01", UTC).w3c("datetime") == "2024-05-01"


@pytest.mark.parametrize(
    "value",
    [
        "yesterday",
        "2024-13-45",
        "2024-02-30",
        "2024-05",
        "",
        17,
        "2024-05-01T25:00:00Z",
        "2024-05-01T10:00+25:00",
    ],
)
def test_bad_dates(value: object) -> None:
    with pytest.raises(ValueError):
        parse_date(value, UTC)


@pytest.mark.parametrize("name", ["a/sitemap.xml", "../sitemap.xml", "..", "", ".hidden", "a b"])
def test_output_filename_must_be_plain(name: str) -> None:
    with pytest.raises(ConfigError, match="filename"):
        Settings(base_url=BASE, filename=name)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("max_urls", 0),
        ("max_urls", 50_001),
        ("max_bytes", 52_428_801),
        ("max_bytes", 100),
        ("max_urls", True),
    ],
)
def test_limits_are_bounded(field: str, value: int) -> None:
    with pytest.raises(ConfigError, match=field):
        Settings(base_url=BASE, **{field: value})  # type: ignore[arg-type]


def test_empty_base_url_means_no_sitemap_not_an_error() -> None:
    assert not Settings(base_url="").has_base_url
    assert not Settings(base_url=None).has_base_url


def test_other_settings_are_checked() -> None:
    with pytest.raises(ConfigError, match="timezone"):
        Settings(base_url=BASE, timezone="Mars/Olympus")
    with pytest.raises(ConfigError, match="lastmod_sources"):
        Settings(base_url=BASE, lastmod_sources=("front_matter", "build_time"))
    with pytest.raises(ConfigError, match="priority"):
        Settings(base_url=BASE, priority=2)
    with pytest.raises(ConfigError, match="changefreq"):
        Settings(base_url=BASE, changefreq="sometimes")
    assert Settings(base_url=BASE, max_bytes=52_428_800).max_bytes == 52_428_800


@pytest.mark.parametrize("tag", ["en", "pt-BR", "zh-Hant-TW", "de-CH-1996", "yue"])
def test_language_tags(tag: str) -> None:
    assert is_language_tag(tag) and is_language_tag(tag, x_default=True)


@pytest.mark.parametrize("tag", ["", "e", "english", "en_US", "en-", "-en", "en\n", "en--US"])
def test_not_language_tags(tag: str) -> None:
    assert not is_language_tag(tag, x_default=True)


def test_x_default_only_where_asked() -> None:
    assert is_language_tag("x-default", x_default=True)
    assert not is_language_tag("x-default")


def test_rule_from_mapping() -> None:
    rule = Rule.from_mapping({"pattern": "blog/*", "changefreq": "Weekly", "priority": "0.6"})
    assert rule == Rule("blog/*", "weekly", 0.6)
    assert Rule.from_mapping({"pattern": "a"}) == Rule("a")
    for bad, message in [
        ("blog/*", "is not a mapping"),
        ({"changefreq": "daily"}, "needs a 'pattern'"),
        ({"pattern": 3}, "needs a 'pattern'"),
        ({"pattern": "a", "weight": 1}, "unknown: weight"),
        ({"pattern": "a", "priority": 2}, "priority"),
    ]:
        with pytest.raises(ConfigError, match=message):
            Rule.from_mapping(bad)
