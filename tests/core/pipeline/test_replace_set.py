"""Putting a build's files in place (build/_replace_set.py): the earlier build's files of
ours swept, and what a build that lists nothing says and takes away."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core import PageRecord
from sitemap_core._util.atomic import commit_all, sha256_of
from tests.conftest import core_build as build


def test_empty_site_warns_and_writes_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    report = build([], tmp_path)
    assert report.urls == 0 and not (tmp_path / "sitemap.xml").exists()
    assert "no pages to list" in caplog.text


def test_a_build_listing_nothing_says_it_removed_the_earlier_sitemap(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    build([PageRecord("a.html")], tmp_path)
    assert (tmp_path / "sitemap.xml").exists()
    caplog.clear()
    report = build([], tmp_path)
    assert not (tmp_path / "sitemap.xml").exists()
    assert report.removed == [tmp_path / "sitemap.xml"]
    assert (
        "no sitemap written (the earlier sitemap.xml and its Sitemap line in robots.txt removed)"
        in caplog.text
    )
    assert (tmp_path / "robots.txt").read_text() == "User-agent: *\nAllow: /\n\n"


def test_a_stale_file_another_build_removed_first_is_no_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    gone = tmp_path / "sitemap-3.xml"  # listed as stale, then removed by a concurrent build
    stale = tmp_path / "sitemap-4.xml"
    stale.write_text("old")
    removed = commit_all([], tmp_path, [(gone, "0" * 64), (stale, sha256_of(stale) or "")])
    assert removed == [stale] and not stale.exists()
    assert "could not remove" not in caplog.text
