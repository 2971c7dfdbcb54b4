"""robots.txt: merged, never duplicated, other lines kept byte for byte."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from sitemap_core import Diagnostics
from sitemap_core.files import merge_robots

BASE = "https://example.org/"
URL = BASE + "sitemap.xml"
OURS = {"sitemap.xml", "sitemap.xml.gz"}


def merge(out: Path, url: str = URL, base: str = BASE) -> Path | None:
    return merge_robots(out, url, base, OURS, Diagnostics())


def test_created_when_missing(tmp_path: Path) -> None:
    merge(tmp_path)
    assert (tmp_path / "robots.txt").read_text() == (
        "User-agent: *\nAllow: /\n\nSitemap: https://example.org/sitemap.xml\n"
    )


def test_existing_rules_kept_byte_for_byte_and_line_added_once(tmp_path: Path) -> None:
    rules = b"# team rules\r\nUser-agent: *\r\nDisallow: /private/\r\n\r\n"
    original = rules + b"User-agent: Bad\r\nDisallow: /"
    (tmp_path / "robots.txt").write_bytes(original)
    assert merge(tmp_path) is not None
    merged = (tmp_path / "robots.txt").read_bytes()
    assert merged == original + b"\r\nSitemap: https://example.org/sitemap.xml\r\n"
    assert merge(tmp_path) is None  # nothing to do the second time
    assert (tmp_path / "robots.txt").read_bytes() == merged


def test_other_sitemap_lines_are_kept(tmp_path: Path) -> None:
    original = "User-agent: *\nDisallow:\nSitemap: https://example.org/blog/sitemap.xml\n"
    (tmp_path / "robots.txt").write_text(original)
    merge(tmp_path)
    assert (tmp_path / "robots.txt").read_text() == original + f"Sitemap: {URL}\n"


def test_stale_line_for_our_old_sitemap_is_replaced_in_place(tmp_path: Path) -> None:
    (tmp_path / "robots.txt").write_text(
        "User-agent: *\nSitemap: http://example.org/sitemap.xml.gz\nDisallow: /tmp/\n"
        "SITEMAP: https://example.org/sitemap.xml.gz\n"
    )
    merge(tmp_path)
    assert (tmp_path / "robots.txt").read_text() == (
        f"User-agent: *\nSitemap: {URL}\nDisallow: /tmp/\n"
    )


def test_duplicate_lines_of_ours_collapse_to_one(tmp_path: Path) -> None:
    (tmp_path / "robots.txt").write_text(f"Sitemap: {URL}\nUser-agent: *\nsitemap:  {URL}\n")
    merge(tmp_path)
    assert (tmp_path / "robots.txt").read_text() == f"Sitemap: {URL}\nUser-agent: *\n"


def test_base_url_with_a_path_is_skipped_at_info_level(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO):
        assert merge(tmp_path, BASE + "docs/sitemap.xml", BASE + "docs/") is None
    assert not (tmp_path / "robots.txt").exists()
    assert [r.levelno for r in caplog.records] == [logging.INFO]
    assert "crawlers only read robots.txt at the host root" in caplog.text


def test_robots_that_is_not_utf8_is_left_alone_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    original = b"User-agent: *\nDisallow: /caf\xe9/\n"
    (tmp_path / "robots.txt").write_bytes(original)
    assert merge(tmp_path) is None
    assert (tmp_path / "robots.txt").read_bytes() == original
    assert "is not UTF-8 text; it was left unchanged" in caplog.text


def test_a_relative_line_naming_our_sitemap_becomes_absolute_others_are_warned_about(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # kevin.deldycke.com's robots.txt: a relative Sitemap line for the site's own sitemap.
    rules = "User-agent: *\nDisallow: /drafts/\nSitemap: /sitemap.xml\nSitemap: feeds/news.xml\n"
    (tmp_path / "robots.txt").write_text(rules)
    logger = logging.getLogger("test.robots.relative")
    with caplog.at_level(logging.INFO, logger.name):
        assert merge_robots(tmp_path, URL, BASE, OURS, Diagnostics(logger)) is not None
    assert (tmp_path / "robots.txt").read_text() == (
        "User-agent: *\nDisallow: /drafts/\nSitemap: https://example.org/sitemap.xml\n"
        "Sitemap: feeds/news.xml\n"
    )
    said = [(r.levelno, r.getMessage()) for r in caplog.records]
    assert [level for level, _ in said] == [logging.INFO, logging.WARNING]
    assert "robots.txt:3" in said[0][1] and "replaced" in said[0][1]
    assert "robots.txt:4" in said[1][1] and "https://example.org/feeds/news.xml" in said[1][1]
    # Our absolute line after a relative one: one line stays, in the relative one's place.
    (tmp_path / "robots.txt").write_text(
        "Sitemap: /sitemap.xml\nUser-agent: *\n" + f"Sitemap: {URL}\n"
    )
    merge(tmp_path)
    assert (tmp_path / "robots.txt").read_text() == f"Sitemap: {URL}\nUser-agent: *\n"
