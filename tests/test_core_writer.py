"""The writer: order, shards, index, gzip, text format, atomic writes, stale files."""

from __future__ import annotations

import gzip
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from sitemap_core import PageRecord, Settings
from sitemap_core.sorting import ExternalSorter, Item
from sitemap_core.writer import SitemapWriter

from .conftest import NS, locs, read_xml
from .conftest import core_build as build

BASE = "https://example.org/"


def pages(n: int, **extra: Any) -> list[PageRecord]:
    return [PageRecord(f"p{i:04d}.html", **extra) for i in range(n)]


def test_single_file_layout_is_compact_sorted_and_valid(
    tmp_path: Path, assert_valid: Callable[[Path], Any]
) -> None:
    records = [
        PageRecord("b.html", dates={"date": "2024-01-02"}, changefreq="weekly", priority=0.5),
        PageRecord("a.html"),
        PageRecord(""),
    ]
    report = build(records, tmp_path)
    assert report.urls == 3
    text = (tmp_path / "sitemap.xml").read_text("utf-8")
    assert text.splitlines()[3:] == [
        "<url>",
        f"<loc>{BASE}</loc>",
        "</url>",
        "<url>",
        f"<loc>{BASE}a.html</loc>",
        "</url>",
        "<url>",
        f"<loc>{BASE}b.html</loc>",
        "<lastmod>2024-01-02</lastmod>",
        "<changefreq>weekly</changefreq>",
        "<priority>0.5</priority>",
        "</url>",
        "</urlset>",
    ]
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    assert not any(line.startswith(" ") for line in text.splitlines())
    assert_valid(tmp_path / "sitemap.xml")


def test_children_follow_the_schema_order(tmp_path: Path) -> None:
    build([PageRecord("a", dates={"date": "2024-01-01"}, changefreq="daily", priority=1)], tmp_path)
    url = read_xml(tmp_path / "sitemap.xml").find("sm:url", NS)
    assert url is not None
    assert [etree.QName(c).localname for c in url] == ["loc", "lastmod", "changefreq", "priority"]


def test_escaping_of_special_characters(
    tmp_path: Path, assert_valid: Callable[[Path], Any]
) -> None:
    build([PageRecord("q?a=1&b='2'"), PageRecord("café & <crêpes>.html")], tmp_path)
    raw = (tmp_path / "sitemap.xml").read_text()
    assert "<loc>https://example.org/q?a=1&amp;b=&apos;2&apos;</loc>" in raw
    assert "caf%C3%A9%20&amp;%20%3Ccr%C3%AApes%3E.html" in raw
    assert_valid(tmp_path / "sitemap.xml")
    assert locs(tmp_path / "sitemap.xml") == [
        BASE + "caf%C3%A9%20&%20%3Ccr%C3%AApes%3E.html",
        BASE + "q?a=1&b='2'",
    ]


def test_shards_at_max_urls_with_an_index(
    tmp_path: Path, assert_valid: Callable[[Path], Any]
) -> None:
    records = [PageRecord(f"p{i}.html", dates={"date": f"2024-01-{i + 1:02d}"}) for i in range(5)]
    report = build(records, tmp_path, max_urls=2)
    assert report.urls == 5
    names = sorted(p.name for p in tmp_path.glob("sitemap*"))
    assert names == ["sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap.xml"]
    index = assert_valid(tmp_path / "sitemap.xml")
    assert index.tag == f"{{{NS['sm']}}}sitemapindex"
    assert locs(tmp_path / "sitemap.xml") == [f"{BASE}sitemap-{i}.xml" for i in (1, 2, 3)]
    lastmods = [e.text for e in index.iterfind(".//sm:lastmod", NS)]
    assert lastmods == ["2024-01-02", "2024-01-04", "2024-01-05"]  # newest in each shard
    all_locs = [loc for i in (1, 2, 3) for loc in locs(tmp_path / f"sitemap-{i}.xml")]
    assert all_locs == [f"{BASE}p{i}.html" for i in range(5)]
    for i in (1, 2, 3):
        assert_valid(tmp_path / f"sitemap-{i}.xml")
    assert "Sitemap: https://example.org/sitemap.xml" in (tmp_path / "robots.txt").read_text()


def test_shards_at_the_byte_cap(tmp_path: Path, assert_valid: Callable[[Path], Any]) -> None:
    report = build(pages(200), tmp_path, max_bytes=4096)
    shards = sorted(tmp_path.glob("sitemap-*.xml"))
    assert len(shards) > 1
    assert all(p.stat().st_size <= 4096 for p in shards)
    assert sum(len(locs(p)) for p in shards) == report.urls == 200
    for shard in shards:
        assert_valid(shard)


def test_gzip_is_byte_identical_across_builds(tmp_path: Path) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    first.mkdir()
    second.mkdir()
    for out in (first, second):
        build(pages(30, dates={"date": "2024-01-01"}), out, gzip=True, max_urls=10)
    names = sorted(p.name for p in first.iterdir())
    assert "sitemap-1.xml.gz" in names and "sitemap.xml.gz" in names
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
    packed = (first / "sitemap-1.xml.gz").read_bytes()
    assert packed[4:8] == b"\0\0\0\0"  # gzip header mtime
    assert packed[3] & 0x08 == 0  # no FNAME field
    assert gzip.decompress(packed) == (first / "sitemap-1.xml").read_bytes()
    assert locs(first / "sitemap.xml")[0] == f"{BASE}sitemap-1.xml.gz"


def test_gzip_only(tmp_path: Path) -> None:
    build(pages(3), tmp_path, gzip=True, gzip_only=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["robots.txt", "sitemap.xml.gz"]
    assert "Sitemap: https://example.org/sitemap.xml.gz" in (tmp_path / "robots.txt").read_text()


def test_text_format_and_its_shards(tmp_path: Path) -> None:
    build([PageRecord("b c.html"), PageRecord("a.html")], tmp_path, format="txt")
    assert not (tmp_path / "sitemap.xml").exists()
    assert (tmp_path / "sitemap.txt").read_text() == f"{BASE}a.html\n{BASE}b%20c.html\n"
    sharded = tmp_path / "sharded"
    sharded.mkdir()
    build(pages(5), sharded, format="txt", filename="sitemap.txt", max_urls=2)
    assert (sharded / "sitemap-3.txt").read_text() == f"{BASE}p0004.html\n"
    assert locs(sharded / "sitemap.xml") == [f"{BASE}sitemap-{i}.txt" for i in (1, 2, 3)]


def test_stale_shards_are_removed_but_never_a_users_file(tmp_path: Path) -> None:
    build(pages(10), tmp_path, max_urls=2, gzip=True)
    assert (tmp_path / "sitemap-5.xml").exists()
    (tmp_path / "sitemap-9.xml").write_text("<mine/>")  # the user's own file
    report = build(pages(3), tmp_path, max_urls=2)
    names = sorted(p.name for p in tmp_path.glob("sitemap*"))
    assert names == ["sitemap-1.xml", "sitemap-2.xml", "sitemap-9.xml", "sitemap.xml"]
    assert {p.name for p in report.removed} >= {"sitemap-5.xml", "sitemap-3.xml.gz"}
    build(pages(1), tmp_path, max_urls=2)
    assert sorted(p.name for p in tmp_path.glob("sitemap*")) == ["sitemap-9.xml", "sitemap.xml"]


def test_stale_text_shards_listed_in_our_index_are_removed(tmp_path: Path) -> None:
    build(pages(5), tmp_path, format="txt", filename="sitemap.txt", max_urls=2)
    build(pages(1), tmp_path, format="txt", filename="sitemap.txt", max_urls=2)
    assert sorted(p.name for p in tmp_path.glob("sitemap*")) == ["sitemap.txt"]


def test_a_failure_while_writing_leaves_the_old_sitemap_untouched(tmp_path: Path) -> None:
    build(pages(3), tmp_path)
    before = (tmp_path / "sitemap.xml").read_bytes()
    settings = Settings(base_url=BASE, max_urls=1)
    sorter = ExternalSorter()

    def items() -> Iterator[Item]:
        yield (BASE + "x", 1, f"<url>\n<loc>{BASE}x</loc>\n</url>\n", 0.0, None, "x")
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        SitemapWriter(settings, tmp_path).write(items())
    sorter.close()
    assert (tmp_path / "sitemap.xml").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["robots.txt", "sitemap.xml"]


def test_external_sort_spills_and_merges_with_duplicates_dropped() -> None:
    sorter = ExternalSorter(run_size=7)
    for i in range(50):
        sorter.add((f"u{(i * 37) % 25:03d}", i, "", 0.0, None, f"page{i}"))
    dropped: list[tuple[str, str]] = []
    out = list(sorter.unique(lambda kept, gone: dropped.append((kept[5], gone[5]))))
    assert [item[0] for item in out] == [f"u{i:03d}" for i in range(25)]
    assert len(dropped) == 25
    assert all(int(kept[4:]) < int(gone[4:]) for kept, gone in dropped)  # first one kept


def test_oversized_entry_is_written_alone_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    records = [
        PageRecord(f"{lang}/{'x' * 1500}", lang=lang, translation_key="k")
        for lang in ("en", "de", "fr")
    ]
    report = build(records, tmp_path, max_bytes=4096)
    assert report.urls == 3
    assert "exceed max_bytes" in caplog.text


def test_switching_format_leaves_no_stale_robots_line(tmp_path: Path) -> None:
    (tmp_path / "robots.txt").write_text("User-agent: *\nDisallow: /x/\n")
    build(pages(2), tmp_path, format="txt", filename="sitemap.txt", gzip=True)
    build(pages(2), tmp_path)
    # A plain-text sitemap carries no marker, so it cannot be told from a user's own file
    # and is kept; robots.txt no longer points at it.
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "robots.txt",
        "sitemap.txt",
        "sitemap.txt.gz",
        "sitemap.xml",
    ]
    assert (tmp_path / "robots.txt").read_text() == (
        f"User-agent: *\nDisallow: /x/\nSitemap: {BASE}sitemap.xml\n"
    )
    build(pages(2), tmp_path, format="txt", filename="sitemap.txt")
    assert (tmp_path / "robots.txt").read_text().endswith(f"Sitemap: {BASE}sitemap.txt\n")
    assert (tmp_path / "robots.txt").read_text().count("Sitemap:") == 1
