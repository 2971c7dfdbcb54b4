"""Which earlier files a build replaces or removes (_pipeline/_replace_set.py with
_files/_owned.py): only the files the folder's last build set wrote, unchanged since; any
other file is kept, and named in one line."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from sitemap_core import PageRecord
from tests.conftest import core_build as build
from tests.conftest import urlset_text

PAGES = [PageRecord("a.html"), PageRecord("blog/b.html"), PageRecord("blog/c.html")]


def test_a_file_of_another_tool_at_a_dropped_sections_name_is_kept(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    build(PAGES, tmp_path, sections={"blog/*": "blog"})
    assert (tmp_path / "sitemap-blog.xml").is_file()
    theirs = urlset_text("https://example.org/their-blog/")  # no marker of ours
    (tmp_path / "sitemap-blog.xml").write_text(theirs)
    caplog.clear()
    report = build(PAGES, tmp_path)
    assert (tmp_path / "sitemap-blog.xml").read_text() == theirs
    assert not (tmp_path / "sitemap-pages.xml").exists()  # ours, unchanged: it goes
    assert report.removed == [tmp_path / "sitemap-pages.xml"]
    kept = [r.getMessage() for r in caplog.records if "sitemap-blog.xml" in r.getMessage()]
    assert len(kept) == 1 and "kept" in kept[0], caplog.text


def test_an_edited_copy_of_our_sitemap_is_kept(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    build(PAGES, tmp_path)
    ours = (tmp_path / "sitemap.xml").read_text()
    archive = tmp_path / "sitemap-archive.xml"
    archive.write_text(ours.replace("a.html", "old.html"))  # it still carries our marker
    caplog.clear()
    build(PAGES, tmp_path, sections={"blog/*": "blog"})
    build(PAGES, tmp_path)
    assert archive.read_text() == ours.replace("a.html", "old.html")
    assert "sitemap-archive.xml" in caplog.text and "kept" in caplog.text


def test_our_stylesheet_edited_by_the_user_is_neither_overwritten_nor_removed(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    build(PAGES, tmp_path, xsl=True)
    xsl = tmp_path / "sitemap.xsl"
    edited = xsl.read_text().replace("XML sitemap", "Our sitemap")
    xsl.write_text(edited)
    caplog.clear()
    build(PAGES, tmp_path, xsl=True)
    assert xsl.read_text() == edited
    assert "sitemap.xsl" in caplog.text
    caplog.clear()
    build(PAGES, tmp_path)
    assert xsl.read_text() == edited
    assert "sitemap.xsl" in caplog.text and "kept" in caplog.text


def test_an_edited_sitemap_at_the_name_we_write_is_not_replaced(tmp_path: Path) -> None:
    build(PAGES, tmp_path)
    edited = (tmp_path / "sitemap.xml").read_text().replace("a.html", "x.html")
    (tmp_path / "sitemap.xml").write_text(edited)
    report = build(PAGES, tmp_path)
    assert report.refused
    assert (tmp_path / "sitemap.xml").read_text() == edited


def test_our_unchanged_files_are_replaced_and_swept(tmp_path: Path) -> None:
    build(PAGES, tmp_path, sections={"blog/*": "blog"}, xsl=True, gzip=True)
    report = build(PAGES[:1], tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == [
        "robots.txt",
        "sitemap.xml",
    ]
    assert len(report.removed) == 6  # two sections' files and the .gz copies, the stylesheet


def test_a_text_set_then_an_xml_build_leaves_one_set(tmp_path: Path) -> None:
    build(PAGES, tmp_path, format="txt", max_urls=1)
    assert (tmp_path / "sitemap-3.txt").is_file()
    build(PAGES, tmp_path)
    left = sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("."))
    assert left == ["robots.txt", "sitemap.xml"]
    assert (tmp_path / "robots.txt").read_text().count("Sitemap:") == 1


def test_a_new_filename_takes_the_old_set_and_its_robots_line_away(tmp_path: Path) -> None:
    build(PAGES, tmp_path)
    build(PAGES, tmp_path, filename="other.xml")
    assert not (tmp_path / "sitemap.xml").exists()
    robots = (tmp_path / "robots.txt").read_text()
    assert robots.count("Sitemap:") == 1 and "Sitemap: https://example.org/other.xml" in robots


def test_a_build_without_base_url_takes_the_earlier_set_away(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    build(PAGES, tmp_path, max_urls=2)
    assert (tmp_path / "sitemap-2.xml").is_file()
    caplog.clear()
    report = build(PAGES, tmp_path, base_url=None)
    assert sorted(p.name for p in report.removed) == [
        "sitemap-1.xml",
        "sitemap-2.xml",
        "sitemap.xml",
    ]
    assert not list(tmp_path.glob("sitemap*"))
    assert "no base URL is set" in caplog.text
    assert "the earlier sitemap-1.xml, sitemap-2.xml, sitemap.xml removed" in caplog.text
