"""The site's own ``filter`` and ``transform``: they shape the entries; an exception names
the function, the page and the line."""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sitemap_core import Alternate, Entry, Lastmod, PageRecord
from sitemap_core._config import HookError
from sitemap_core._files._serialize import IMAGE_NS
from tests.conftest import core_build, lastmods, locs, url_fields

BASE = "https://example.org/"


RECORDS = [PageRecord(url) for url in ("", "blog/a.html", "blog/b.html", "drafts/x.html")]


def no_drafts(entry: Entry) -> bool:
    return "/drafts/" not in entry.loc


def weekly_blog(entry: Entry) -> Entry | None:
    if entry.loc.endswith("a.html"):
        return None
    if "/blog/" in entry.loc:
        return dataclasses.replace(entry, changefreq="weekly", priority="0.8")  # type: ignore[arg-type]
    return entry


def raising(entry: Entry) -> Entry:
    if entry.loc.endswith("b.html"):
        raise KeyError("no such key")  # the line the message names
    return entry


RAISING_LINE = raising.__code__.co_firstlineno + 2


def test_filter_and_transform_shape_the_entries(tmp_path: Path) -> None:
    report = core_build(RECORDS, tmp_path, filter=no_drafts, transform=weekly_blog)
    assert locs(tmp_path / "sitemap.xml") == [BASE, BASE + "blog/b.html"]
    assert url_fields(tmp_path / "sitemap.xml")[BASE + "blog/b.html"] == {
        "changefreq": "weekly",
        "priority": "0.8",
    }
    assert report.excluded == {"filter": 1, "transform": 1}


def test_a_raising_function_names_itself_the_page_and_the_line(tmp_path: Path) -> None:
    with pytest.raises(HookError) as caught:
        core_build(RECORDS, tmp_path, transform=raising)
    message = str(caught.value)
    assert "transform function raising raised KeyError: 'no such key'" in message
    assert f"{Path(__file__).name}:{RAISING_LINE}" in message
    assert message.endswith(f"for {BASE}blog/b.html")
    assert not (tmp_path / "sitemap.xml").exists()


def test_warn_mode_keeps_the_page_and_counts_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        report = core_build(
            RECORDS, tmp_path, filter=lambda e: 1 / 0, transform=raising, hooks_errors="warn"
        )
    assert len(locs(tmp_path / "sitemap.xml")) == 4
    assert report.warnings == 5  # the filter on each page, the transform on one
    assert "<lambda> raised ZeroDivisionError: division by zero at tests/" in caplog.text


def test_a_transform_must_return_an_entry_with_writable_values(tmp_path: Path) -> None:
    with pytest.raises(HookError, match=r"returned 'x', not an Entry"):
        core_build(RECORDS, tmp_path, transform=lambda e: "x")
    with pytest.raises(HookError, match=r"returned an invalid priority: 2 is outside"):
        core_build(RECORDS, tmp_path, transform=lambda e: dataclasses.replace(e, priority=2))
    with pytest.raises(HookError, match=r"outside the sitemap's directory"):
        core_build(
            RECORDS, tmp_path, transform=lambda e: dataclasses.replace(e, loc="https://x.org/")
        )
    core_build(
        RECORDS,
        tmp_path,
        transform=lambda e: dataclasses.replace(
            e, loc=e.loc.replace(".html", "/"), lastmod="2024-01-02"
        ),
    )
    assert lastmods(tmp_path / "sitemap.xml")[BASE + "blog/a/"] == "2024-01-02"


# -- what a transform returns is checked like a page's own values -----------------------------
def _with(**changes: Any) -> Callable[[Entry], Entry]:
    return lambda e: dataclasses.replace(e, **changes)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"alternates": None}, "alternates: None is not a tuple of Alternate"),
        ({"alternates": "de"}, "alternates: 'de' is not a tuple of Alternate"),
        ({"images": None}, "images: None is not a tuple of image URLs"),
        ({"images": (1, 2)}, "images: 1 is not an image URL"),
        ({"images": "https://example.org/a.png"}, "images: 'https://example.org/a.png' is not a"),
        ({"images": ("javascript:alert(1)",)}, "is not an absolute http(s) URL"),
        ({"images": ("a.png",)}, "is not an absolute http(s) URL"),
        ({"images": ("data:image/png;base64,AAAA",)}, "is not an absolute http(s) URL"),
        ({"images": ("https://u:p@example.org/a.png",)}, "must not contain user credentials"),
        ({"images": ("https://example.org:99999/a.png",)}, "has an invalid port"),
        (
            {"images": tuple(f"https://example.org/{i}.png" for i in range(1001))},
            "more than 1,000 images",
        ),
        ({"lastmod": Lastmod("2024-01-01")}, "lastmod: Lastmod"),  # type: ignore[arg-type]
    ],
)
def test_a_transforms_values_are_checked_never_a_traceback(
    tmp_path: Path, changes: dict[str, Any], message: str, caplog: pytest.LogCaptureFixture
) -> None:
    with pytest.raises(HookError) as caught:
        core_build(RECORDS, tmp_path, transform=_with(**changes), images=True)
    text = str(caught.value)
    assert text.startswith("transform function _with.<locals>.<lambda> (")
    assert message in text
    assert text.endswith(f", for {BASE}")
    assert not (tmp_path / "sitemap.xml").exists()
    with caplog.at_level(logging.WARNING):
        report = core_build(
            RECORDS, tmp_path, transform=_with(**changes), images=True, hooks_errors="warn"
        )
    assert report.warnings == len(RECORDS)
    assert message in caplog.text and "the page stays as it was" in caplog.text
    assert len(locs(tmp_path / "sitemap.xml")) == len(RECORDS)


def test_a_transforms_images_are_written_when_valid(
    tmp_path: Path, assert_valid: Callable[[Path], Any]
) -> None:
    core_build(RECORDS[:1], tmp_path, transform=_with(images=["https://cdn.example.org/a.png"]))
    root = assert_valid(tmp_path / "sitemap.xml")
    assert [e.text for e in root.iterfind(".//image:loc", {"image": IMAGE_NS})] == [
        "https://cdn.example.org/a.png"
    ]


def test_two_different_links_for_one_language_are_refused(tmp_path: Path) -> None:
    twice = (
        Alternate("de", "https://example.org/de/"),
        Alternate("de", "https://example.org/de2/"),
    )
    with pytest.raises(HookError, match=r"hreflang 'de' twice"):
        core_build(RECORDS[:1], tmp_path, transform=_with(alternates=twice))


def test_a_transforms_lastmod_follows_the_rule_of_every_lastmod(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    future = dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=400)
    with caplog.at_level(logging.WARNING):
        report = core_build(RECORDS[:1], tmp_path, transform=_with(lastmod=f"{future:%Y-%m-%d}"))
    assert lastmods(tmp_path / "sitemap.xml") == {BASE: None}
    assert report.warnings == 1
    assert f"{future:%Y-%m-%d} is in the future; no lastmod is written" in caplog.text
    # A naive datetime takes the site's timezone, as every naive date does.
    naive = Lastmod(dt.datetime(2024, 1, 2, 5, 6, 7))
    core_build(RECORDS[:1], tmp_path, transform=_with(lastmod=naive), timezone="Europe/Berlin")
    assert lastmods(tmp_path / "sitemap.xml") == {BASE: "2024-01-02T05:06:07+01:00"}
    core_build(RECORDS[:1], tmp_path, transform=_with(lastmod=Lastmod(future)))
    assert lastmods(tmp_path / "sitemap.xml") == {BASE: None}
