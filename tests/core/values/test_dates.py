"""Metadata dates: what generators hand over, parsed into W3C Datetime with a timezone."""

from __future__ import annotations

import datetime as dt
import logging
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from sitemap_core import ConfigError, PageRecord, Settings
from sitemap_core._check import check_files
from sitemap_core._values import (
    Lastmod,
    parse_date,
    parse_foreign_date,
)
from tests.conftest import (
    core_build,
)

UTC = dt.timezone.utc


PARIS = ZoneInfo("Europe/Paris")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (dt.datetime(2024, 5, 1, 12, 30, tzinfo=UTC), "2024-05-01T12:30:00Z"),
        (dt.datetime(2024, 5, 1, 12, 30), "2024-05-01T12:30:00+02:00"),  # naive: site zone
        (dt.datetime(2024, 1, 1, 12, 30), "2024-01-01T12:30:00+01:00"),  # winter time
        (dt.date(2024, 5, 1), "2024-05-01"),
        ("2024-05-01", "2024-05-01"),
        ("  2024-05-01\n", "2024-05-01"),
        ("2024-05-01 12:30", "2024-05-01T12:30:00+02:00"),
        ("2024-05-01T12:30:15", "2024-05-01T12:30:15+02:00"),
        ("2024-05-01T12:30:15Z", "2024-05-01T12:30:15Z"),
        ("2024-05-01t12:30:15z", "2024-05-01T12:30:15Z"),
        ("2024-05-01T12:30:15.123456+05:30", "2024-05-01T12:30:15+05:30"),
        ("2024-05-01T12:30:15,5-0400", "2024-05-01T12:30:15-04:00"),
        ("2024-05-01T12:30+02", "2024-05-01T12:30:00+02:00"),
        ("2024-05-01 12:30:00 UTC", "2024-05-01T12:30:00Z"),
        ("20240501", "2024-05-01"),
        ("20240501T1230Z", "2024-05-01T12:30:00Z"),
        ("20240501T123015+0200", "2024-05-01T12:30:15+02:00"),
    ],
)
def test_parse_date_forms(value: object, expected: str) -> None:
    assert parse_date(value, PARIS).w3c() == expected


@pytest.mark.parametrize(
    "value",
    ["yesterday", "2024-13-01", "2024-02-30", "2024-05-01T25:00", "05/01/2024", "", 20240501,
     None, True, "2024-05-01T12:30+25:00", "2024-05"],
)  # fmt: skip
def test_unparseable_values_raise_a_message(value: object) -> None:
    with pytest.raises(ValueError, match="date"):
        parse_date(value, UTC)


def test_date_precision_and_date_only_values() -> None:
    moment = parse_date("2024-05-01T23:30:00-05:00", UTC)
    assert moment.w3c("date") == "2024-05-01"  # the date where it happened, not UTC's
    day = parse_date("2024-05-01", UTC)
    assert day.date_only and day.w3c("datetime") == "2024-05-01"  # never invent a time


def test_historic_offsets_with_seconds_are_written_in_utc() -> None:
    old = Lastmod(dt.datetime(1900, 1, 1, 12, 0, tzinfo=PARIS))
    assert old.w3c() == "1900-01-01T11:50:39Z"


def test_utc_suffix_setting() -> None:
    """``Z`` by default; ``+00:00`` (pelican-sitemap's form) on request; other offsets as they
    are; anything else is a configuration error."""
    utc = Lastmod(dt.datetime(2023, 7, 12, 13, tzinfo=dt.timezone.utc))
    paris = Lastmod(dt.datetime(2023, 7, 12, 13, tzinfo=dt.timezone(dt.timedelta(hours=2))))
    assert utc.w3c() == "2023-07-12T13:00:00Z"
    assert utc.w3c(utc_suffix="+00:00") == "2023-07-12T13:00:00+00:00"
    assert paris.w3c(utc_suffix="+00:00") == paris.w3c() == "2023-07-12T13:00:00+02:00"
    assert Settings(None).utc_suffix == "Z"
    with pytest.raises(ConfigError, match="utc_suffix"):
        Settings(None, utc_suffix="UTC")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("offset", "ok"),
    [("+14:00", True), ("-14:00", True), ("+13:59", True), ("+14:01", False), ("-15:00", False)],
)
def test_build_and_check_share_the_w3c_offset_range(offset: str, ok: bool) -> None:
    from sitemap_core._values import check_lastmod

    text = "2024-05-01T10:00:00" + offset
    if ok:
        assert parse_date(text, PARIS).w3c() == text
    else:
        with pytest.raises(ValueError):
            parse_date(text, PARIS)
    assert (check_lastmod(text)[1] is None) is ok


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


def test_impossible_offsets_and_future_lastmods_are_not_written(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from tests.conftest import lastmods

    out = tmp_path / "site"
    out.mkdir()
    records = [
        PageRecord(url="a.html", dates={"modified": "2024-05-01T10:00:00+23:00"}),
        PageRecord(url="b.html", dates={"modified": "2999-01-01"}),
        PageRecord(url="c.html", dates={"modified": "2024-05-01T10:00:00+14:00"}),
        PageRecord(url="d.html", front_matter={"sitemap_lastmod": "2998-01-01"}),
    ]
    with caplog.at_level(logging.INFO):
        core_build(records, out, html_checks=False, lastmod_sources=("front_matter", "metadata"))
    assert lastmods(out / "sitemap.xml") == {
        "https://example.org/a.html": None,
        "https://example.org/b.html": None,
        "https://example.org/c.html": "2024-05-01T10:00:00+14:00",
        "https://example.org/d.html": None,
    }
    said = {r.getMessage().split(" is in the future")[0][-10:]: r.levelno for r in caplog.records}
    # A scheduled page's own date is the site's: INFO (a strict build stays green); a
    # sitemap_lastmod, written for the sitemap alone, is warned of.
    assert said["2999-01-01"] == logging.INFO
    assert said["2998-01-01"] == logging.WARNING
    report = check_files([out / "sitemap.xml"], "https://example.org/")
    assert not report.findings


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2024-05-01", "2024-05-01"),
        ("Jan 01, 2022", "2022-01-01"),  # ABlog's post_date_format
        ("March 5, 2023", "2023-03-05"),  # what ABlog's dateutil fallback reads
        ("5 March 2023 14:30", "2023-03-05T14:30:00Z"),
        ("March 5, 2023 14:30 +02:00", "2023-03-05T14:30:00+02:00"),
    ],
)
def test_another_extensions_dates_in_the_forms_it_reads(value: str, expected: str) -> None:
    assert parse_foreign_date(value, UTC).w3c("datetime", "Z") == expected


@pytest.mark.parametrize(
    "value",
    ["some day", "2024-05-01T10:00:00+23:00", "2024-13-45", "March 5, 2023 14:30 +23:00"],
)
def test_an_unreadable_foreign_date_says_why(value: str) -> None:
    # An ISO attempt is judged by the ISO rules alone; no offset beyond W3C's ±14:00.
    with pytest.raises(ValueError, match="is not a"):
        parse_foreign_date(value, UTC)
