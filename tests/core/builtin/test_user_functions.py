"""The site's own ``filter`` and ``transform``: they shape the entries; an exception names
the function, the page and the line."""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path

import pytest
from lxml import etree

from sitemap_core import Entry, PageRecord
from sitemap_core._config import HookError
from tests.conftest import NS, core_build, lastmods, locs, read_xml

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


def url_fields(path: Path) -> dict[str, dict[str, str]]:
    return {
        url.findtext("sm:loc", "", NS): {
            etree.QName(child).localname: child.get("hreflang") or str(child.text)
            for child in url
            if etree.QName(child).localname != "loc"
        }
        for url in read_xml(path).iterfind("sm:url", NS)
    }


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
