"""The pipeline: exclusions, invalid values, duplicates, the report, strict mode, the output
folder (the stages with a module of their own have a test file of their own)."""

from __future__ import annotations

import dataclasses
import gzip
import logging
from pathlib import Path

import pytest

from sitemap_core import (
    Entry,
    PageRecord,
    Settings,
    SitemapError,
    build_sitemap,
    hookimpl,
    make_plugin_manager,
)
from tests.conftest import core_build as build
from tests.conftest import (
    sitemap_urls,
)

BASE = "https://example.org/"


def test_invalid_page_values_warn_with_page_and_field_and_use_the_default(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    records = [
        PageRecord("a.html", name="content/a.md", front_matter={"sitemap_priority": "high"}),
        PageRecord("b.html", name="content/b.md", priority=1.5),
        PageRecord("c.html", name="content/c.md", priority=-1),
        PageRecord("d.html", name="content/d.md", changefreq="sometimes"),
        PageRecord("e.html", name="content/e.md", front_matter={"sitemap_lastmod": "yesterday"}),
        PageRecord("f.html", name="content/f.md", dates={"date": "2024-13-45"}),
        PageRecord("g.html", name="content/g.md", front_matter={"sitemap_exclude": "maybe"}),
    ]
    with caplog.at_level(logging.DEBUG):
        report = build(records, tmp_path, priority=0.3, changefreq="weekly")
    # f.md's date is another extension's field: skipped at DEBUG, not warned about.
    assert report.urls == 7 and report.warnings == 6
    text = caplog.text
    assert "content/a.md: sitemap_priority: 'high' is not a number" in text
    assert "content/b.md: priority: 1.5 is outside 0.0–1.0" in text
    assert "content/c.md: priority: -1 is outside" in text
    assert "content/d.md: changefreq: 'sometimes' is not one of" in text
    assert "content/e.md: sitemap_lastmod: 'yesterday' is not a date" in text
    debug = [r.getMessage() for r in caplog.records if r.levelno == logging.DEBUG]
    assert any("content/f.md: date: '2024-13-45' is not a valid date" in m for m in debug)
    assert "content/g.md: sitemap_exclude: 'maybe' is not true or false" in text
    got = sitemap_urls(tmp_path)
    assert {u["priority"] for u in got.values()} == {"0.3"}
    assert {u["changefreq"] for u in got.values()} == {"weekly"}
    assert not any("lastmod" in u for u in got.values())
    assert "<loc>None</loc>" not in (tmp_path / "sitemap.xml").read_text()


def test_html_that_is_not_utf8_or_not_html_warns_and_keeps_the_page(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "latin1.html").write_bytes(b"<html><head><title>caf\xe9</title></head>")
    (tmp_path / "binary.html").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    (tmp_path / "text.html").write_text("just words")
    records = [
        PageRecord(n, output=tmp_path / n, name=f"site/{n}")
        for n in ("latin1.html", "binary.html", "text.html")
    ]
    report = build(records, tmp_path)
    assert report.urls == 3
    assert "site/latin1.html: output: built file" in caplog.text
    assert "is not valid UTF-8" in caplog.text
    assert "is not HTML (binary content)" in caplog.text
    assert "does not look like HTML" in caplog.text


def test_duplicates_keep_the_first_and_name_both(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    records = [
        PageRecord("a.html", name="one.md", dates={"date": "2024-01-01"}),
        PageRecord("/a.html", name="two.md"),
    ]
    report = build(records, tmp_path)
    assert report.urls == 1 and report.excluded["duplicate"] == 1
    assert sitemap_urls(tmp_path)[BASE + "a.html"]["lastmod"] == "2024-01-01"
    assert (
        "two.md: url: duplicate URL https://example.org/a.html (already listed for one.md)"
        in caplog.text
    )


def test_lastmod_source_order_is_configurable(tmp_path: Path) -> None:
    record = PageRecord(
        "a.html",
        front_matter={"sitemap_lastmod": "2024-05-01"},
        dates={"modified": "2024-06-01", "date": "2024-01-01"},
    )
    build([record], tmp_path)
    assert sitemap_urls(tmp_path)[BASE + "a.html"]["lastmod"] == "2024-05-01"
    build([record], tmp_path, lastmod_sources=("metadata", "front_matter"))
    assert sitemap_urls(tmp_path)[BASE + "a.html"]["lastmod"] == "2024-06-01"
    build([record], tmp_path, metadata_dates=("date",), lastmod_sources=("metadata",))
    assert sitemap_urls(tmp_path)[BASE + "a.html"]["lastmod"] == "2024-01-01"
    build([record], tmp_path, lastmod_sources=())
    assert "lastmod" not in sitemap_urls(tmp_path)[BASE + "a.html"]


def test_no_base_url_writes_nothing(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    report = build([PageRecord("a.html")], tmp_path, base_url="")
    assert report.skipped and not report.failed
    assert list(tmp_path.iterdir()) == []
    assert "no base URL is set" in caplog.text
    strict = build([PageRecord("a.html")], tmp_path, base_url=None, strict=True)
    assert strict.failed
    assert caplog.records[-1].levelno == logging.ERROR


def test_strict_mode_fails_on_warnings(tmp_path: Path) -> None:
    report = build([PageRecord("a.html", priority="high")], tmp_path, strict=True)
    assert report.failed and report.warnings == 1
    assert build([PageRecord("a.html")], tmp_path, strict=True).failed is False


def test_output_directory_must_exist(tmp_path: Path) -> None:
    with pytest.raises(SitemapError, match="does not exist"):
        build([PageRecord("a.html")], tmp_path / "missing")
    (tmp_path / "file").write_text("")
    with pytest.raises(SitemapError, match="not a directory"):
        build([PageRecord("a.html")], tmp_path / "file")


def test_one_shot_iterators_stream(tmp_path: Path) -> None:
    report = build_sitemap(
        (PageRecord(f"p{i}.html") for i in range(120)),
        Settings(base_url=BASE, max_urls=50),
        tmp_path,
        plugin_manager=make_plugin_manager(load_entry_points=False),
    )
    assert report.urls == 120
    assert len(list(tmp_path.glob("sitemap-*.xml"))) == 3


def test_byte_scan_skips_the_parse_only_when_nothing_can_exclude(tmp_path: Path) -> None:
    from sitemap_core._html import may_exclude

    loc = BASE + "q?a=1&b=2"
    escaped = loc.replace("&", "&amp;")
    cases = {
        "<html><head><title>x</title></head><body>noindex in the body</body>": False,
        f'<html><head><link rel="canonical" href="{escaped}"></head><body>': False,
        f"<html><head><link rel='canonical' href='{loc}'></head><body>": False,
        '<html><head><link rel="canonical" href="/other.html"></head><body>': True,
        '<html><head><META NAME="ROBOTS" CONTENT="NOINDEX"></head><body>': True,
        '<html><head><meta http-equiv="refresh" content="0;url=/"></head><body>': True,
        "<html><head><title>no body tag at all</title></head>": True,
        # The head ends at the first <body in any case; what follows is the page's body.
        '<html><head></head><BODY><meta name="robots" content="noindex"> <body': False,
    }
    for number, (text, expected) in enumerate(cases.items()):
        page = tmp_path / f"{number}.html"
        page.write_text(text)
        assert may_exclude(page, loc) is expected, text
    assert may_exclude(tmp_path / "missing.html", loc) is True


class _Careless:
    """A third-party plugin whose transform hands back values no writer can write."""

    def __init__(self, **changes: object) -> None:
        self.changes = changes

    @hookimpl
    def sitemap_transform(self, entry: Entry) -> Entry:
        return dataclasses.replace(entry, **self.changes)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "changes", [{"images": None}, {"alternates": 3}, {"lastmod": "2024-01-01"}, {"loc": None}]
)
def test_an_entry_that_cannot_be_written_is_an_error_naming_the_page(
    tmp_path: Path, changes: dict[str, object]
) -> None:
    pm = make_plugin_manager(load_entry_points=False)
    pm.register(_Careless(**changes))
    with pytest.raises(SitemapError, match=r"^about\.html: a sitemap_transform hook gave an entry"):
        build_sitemap(
            [PageRecord("about.html")], Settings(base_url=BASE), tmp_path, plugin_manager=pm
        )
    assert not (tmp_path / "sitemap.xml").exists()


def test_the_core_stays_near_the_plain_python_floor(tmp_path: Path) -> None:
    """A regression guard, a ratio and never a time: the core's CPU time for 20,000 records
    against the plain-Python floor's (``benchmarks/core_write.py``: the same bytes from a
    list, a sort, a join and gzip) in this process, the best of three of each, alternating.
    About 3.5-4x on a loaded machine today (it was 5x); past 8x fails, so a slowdown of 2.5x
    fails."""
    import time

    from benchmarks.core_write import core_write, floor_write

    n = 20_000
    floor: list[float] = []
    core: list[float] = []
    for k in range(3):
        for name, write, times in (("floor", floor_write, floor), ("core", core_write, core)):
            out = tmp_path / f"{name}-{k}"
            out.mkdir()
            began = time.process_time()
            write(n, out)
            times.append(time.process_time() - began)
    # The same bytes: the floor is a floor of this very output.
    for shard in (tmp_path / "floor-0").glob("*.gz"):
        assert gzip.decompress(shard.read_bytes()) == gzip.decompress(
            (tmp_path / "core-0" / shard.name).read_bytes()
        )
    ratio = min(core) / min(floor)
    assert ratio < 8, f"the core took {ratio:.1f}x the floor's CPU time (guard: 8x)"
