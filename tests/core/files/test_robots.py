"""robots.txt: merged, never duplicated, other lines kept byte for byte."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from sitemap_core import Diagnostics, PageRecord
from sitemap_core._files import merge_robots, sitemap_value
from tests.conftest import (
    build_cli,
    core_build,
    snapshot,
    urlset_text,
)
from tests.core.conftest import plain_site

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


def test_a_relative_line_naming_our_sitemap_becomes_absolute_others_are_named(
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
    # Both are INFO: the other line is the site's own (check calls it an error).
    assert [level for level, _ in said] == [logging.INFO, logging.INFO]
    assert "robots.txt:3" in said[0][1] and "replaced" in said[0][1]
    assert "robots.txt:4" in said[1][1] and "https://example.org/feeds/news.xml" in said[1][1]
    # Our absolute line after a relative one: one line stays, in the relative one's place.
    (tmp_path / "robots.txt").write_text(
        "Sitemap: /sitemap.xml\nUser-agent: *\n" + f"Sitemap: {URL}\n"
    )
    merge(tmp_path)
    assert (tmp_path / "robots.txt").read_text() == f"Sitemap: {URL}\nUser-agent: *\n"


def merged(tmp_path: Path, existing: bytes, url: str = "https://example.org/sitemap.xml") -> bytes:
    import logging

    from sitemap_core import Diagnostics
    from sitemap_core._files import merge_robots

    (tmp_path / "robots.txt").write_bytes(existing)
    merge_robots(
        tmp_path,
        url,
        "https://example.org/",
        {"sitemap.xml", "sitemap.xml.gz", "sitemap_index.xml"},
        Diagnostics(logging.getLogger("sitemap_core")),
    )
    return (tmp_path / "robots.txt").read_bytes()


def test_robots_merge_keeps_other_hosts_sitemap_lines(tmp_path: Path) -> None:
    before = (
        b"User-agent: *\nDisallow: /tmp/\n"
        b"Sitemap: https://cdn.example.net/sitemap.xml\n"
        b"Sitemap: https://blog.example.org/sitemap.xml\n"
        b"Sitemap: https://example.org:8443/sitemap.xml\n"
        b"Sitemap: http://example.org/sitemap.xml.gz\n"
    )
    assert merged(tmp_path, before) == (
        b"User-agent: *\nDisallow: /tmp/\n"
        b"Sitemap: https://cdn.example.net/sitemap.xml\n"
        b"Sitemap: https://blog.example.org/sitemap.xml\n"
        b"Sitemap: https://example.org:8443/sitemap.xml\n"
        b"Sitemap: https://example.org/sitemap.xml\n"
    )


def test_robots_merge_sees_our_old_line_after_a_bom(tmp_path: Path) -> None:
    before = b"\xef\xbb\xbfSitemap: https://example.org/sitemap.xml.gz\r\nUser-agent: *\r\n"
    assert merged(tmp_path, before) == (
        b"\xef\xbb\xbfSitemap: https://example.org/sitemap.xml\r\nUser-agent: *\r\n"
    )
    again = b"\xef\xbb\xbfSitemap: https://example.org/sitemap.xml\nAllow: /\n"
    assert merged(tmp_path, again) == again


def test_build_refuses_a_robots_symlink_out_of_the_site(tmp_path: Path, secret: Path) -> None:
    site = plain_site(tmp_path / "site", 3)
    (site / "robots.txt").symlink_to(secret)
    before = snapshot(site)
    done = build_cli(str(site), "--base-url", BASE)
    assert done.returncode == 2, done.stderr
    assert "robots.txt is a symlink that leads outside" in done.stderr
    assert snapshot(site) == before  # no sitemap, robots.txt still the link
    assert "AKIA" not in done.stderr + done.stdout


def test_build_follows_a_robots_symlink_inside_the_site(tmp_path: Path) -> None:
    site = plain_site(tmp_path / "site", 3)
    (site / "static").mkdir()
    (site / "static" / "robots.txt").write_text("User-agent: *\nDisallow: /x/\n")
    (site / "robots.txt").symlink_to(Path("static") / "robots.txt")
    done = build_cli(str(site), "--base-url", BASE)
    assert done.returncode == 0, done.stderr
    robots = (site / "robots.txt").read_text()
    assert robots == "User-agent: *\nDisallow: /x/\nSitemap: https://example.org/sitemap.xml\n"


def test_build_refuses_a_robots_txt_over_512_kib_and_leaves_it(tmp_path: Path) -> None:
    site = plain_site(tmp_path / "site", 3)
    big = b"User-agent: *\n" + b"Disallow: /" + b"x" * (600 * 1024) + b"\n"
    (site / "robots.txt").write_bytes(big)
    before = snapshot(site)
    done = build_cli(str(site), "--base-url", BASE)
    assert done.returncode == 2, done.stderr
    assert "robots.txt is larger than 512 KiB; it is left unchanged" in done.stderr
    assert snapshot(site) == before


def test_index_refuses_a_robots_symlink_out_of_its_folder(
    tmp_path: Path, secret: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sitemap_core._cli import main

    top = tmp_path / "top"
    top.mkdir()
    (top / "en").mkdir()
    core_build([PageRecord(url="a.html")], top / "en", base_url=BASE + "en/")
    (top / "robots.txt").symlink_to(secret)
    before = snapshot(top)
    assert main(["index", str(top / "sitemap.xml"), "--base-url", BASE, str(top / "en")]) == 2
    err = capsys.readouterr().err
    assert "robots.txt is a symlink that leads outside" in err and "AKIA" not in err
    assert snapshot(top) == before


SITEMAP_LINES = [
    "Sitemap: {url} # ours",
    "SITEMAP :{url}#x",
    "  sitemap:\t{url}  ",
]


@pytest.mark.parametrize("line", SITEMAP_LINES)
def test_a_sitemap_line_reads_the_same_with_a_comment_or_in_any_case(line: str) -> None:
    """``sitemap_value`` is the one reader of a ``Sitemap:`` line (the build's merge, ``check``
    and ``announce`` use it)."""
    assert sitemap_value(line.format(url=URL)) == URL
    assert sitemap_value("# Sitemap: " + URL) is None
    assert sitemap_value("Disallow: /sitemap:x") is None


@pytest.mark.parametrize("line", SITEMAP_LINES)
def test_our_line_with_a_comment_is_not_added_again(tmp_path: Path, line: str) -> None:
    """The merge read ``Sitemap: URL # ours`` as somebody else's line and added a second."""
    original = "User-agent: *\n" + line.format(url=URL) + "\n"
    (tmp_path / "robots.txt").write_text(original)
    assert merge(tmp_path) is None
    assert (tmp_path / "robots.txt").read_text() == original


def unlist(out: Path, base: str = BASE) -> Path | None:
    return merge_robots(out, URL, base, OURS, Diagnostics(), listed=False)


def test_unlisting_removes_our_lines_and_keeps_every_other_byte(tmp_path: Path) -> None:
    theirs = (
        b"\xef\xbb\xbfUser-agent: *\r\nDisallow: /x/\r\n"
        b"Sitemap: https://example.org/blog/sitemap.xml\r\n"
        b"Sitemap: https://cdn.example.net/sitemap.xml\r\n"
        b"Sitemap: https://example.org/their-map.xml\r\n"
    )
    ours = b"Sitemap: https://example.org/sitemap.xml\r\nsitemap : /sitemap.xml.gz # old\r\n"
    (tmp_path / "robots.txt").write_bytes(theirs + ours + b"# end")
    assert unlist(tmp_path) == tmp_path / "robots.txt"
    assert (tmp_path / "robots.txt").read_bytes() == theirs + b"# end"
    assert unlist(tmp_path) is None  # nothing of ours left: not rewritten


def test_unlisting_keeps_a_line_whose_sitemap_is_still_there(tmp_path: Path) -> None:
    """A sitemap that is not ours, left in place (Zensical's own, a refused name), is still
    named rightly by the line."""
    original = b"User-agent: *\nSitemap: https://example.org/sitemap.xml\n"
    (tmp_path / "robots.txt").write_bytes(original)
    (tmp_path / "sitemap.xml").write_text(urlset_text("https://example.org/"))
    assert unlist(tmp_path) is None
    assert (tmp_path / "robots.txt").read_bytes() == original


def test_unlisting_creates_no_robots_txt_and_skips_a_base_url_with_a_path(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    assert unlist(tmp_path) is None
    assert not (tmp_path / "robots.txt").exists()
    original = b"Sitemap: https://example.org/docs/sitemap.xml\n"
    (tmp_path / "robots.txt").write_bytes(original)
    with caplog.at_level(logging.INFO):
        assert unlist(tmp_path, BASE + "docs/") is None
    assert (tmp_path / "robots.txt").read_bytes() == original
    assert caplog.records == []
