"""``xsl``: a sitemap a person can read in a browser, still valid for crawlers and ``check``."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from lxml import etree

from sitemap_core import ConfigError, PageRecord, Settings
from sitemap_core._cli import main
from sitemap_core._files._serialize import XSL_NAME, xsl_pi
from sitemap_core._files._stylesheet import STYLESHEET
from tests.conftest import check_both_paths, core_build, locs

BASE = "https://example.org/docs/"
XSL_PI = xsl_pi(True)
RECORDS = [PageRecord(url=f"p{n}.html", title=f"P{n}") for n in range(5)]


def _transform(path: Path) -> Any:
    """Apply the stylesheet as a browser does (files beside it readable, no network)."""
    access = etree.XSLTAccessControl(  # type: ignore[call-arg]
        read_network=False, write_file=False, create_dir=False, write_network=False
    )
    xslt = etree.XSLT(etree.parse(str(path.parent / XSL_NAME)), access_control=access)
    return xslt(etree.parse(str(path)))


def test_sharded_sitemap_with_the_stylesheet(
    tmp_path: Path, assert_valid: Callable[[Path], etree._Element]
):
    for record in RECORDS:  # the pages, for check
        (tmp_path / record.url).write_text("<html><head><title>x</title></head></html>")
    report = core_build(RECORDS, tmp_path, base_url=BASE, xsl=True, max_urls=2, robots=False)
    assert tmp_path / XSL_NAME in report.files
    files = sorted(tmp_path.glob("sitemap*.xml"))
    assert [f.name for f in files] == [
        "sitemap-1.xml",
        "sitemap-2.xml",
        "sitemap-3.xml",
        "sitemap.xml",
    ]
    for path in files:
        first, second = path.read_text().splitlines()[:2]
        assert XSL_PI in first  # the root stays on line 2
        assert second.startswith(("<urlset", "<sitemapindex"))
        assert_valid(path)
        fast, detailed = check_both_paths(path, BASE)
        assert fast.findings == [] and detailed.findings == [], fast.findings
    assert main(["check", str(tmp_path), "--base-url", BASE]) == 0
    # The href is relative: the stylesheet beside the sitemap, also under a subfolder.
    assert urljoin(BASE + "sitemap.xml", XSL_NAME) == BASE + XSL_NAME
    shard = _transform(tmp_path / "sitemap-1.xml")
    rows = shard.xpath("//tbody/tr")
    assert [r.xpath("string(td[1]/a/@href)") for r in rows] == locs(tmp_path / "sitemap-1.xml")
    index = _transform(tmp_path / "sitemap.xml")
    counts = [r.xpath("string(td[2])").strip() for r in index.xpath("//tbody/tr")]
    assert counts == ["2", "2", "1"]  # each shard's URLs, read beside the index
    assert "<script" not in STYLESHEET and "http://" not in STYLESHEET.split("xmlns", 1)[0]


@pytest.mark.parametrize("xsl", [True, "https://cdn.example.org/sitemap.xsl"])
def test_xsl_on_is_one_info_line_about_browsers_dropping_xslt(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, xsl: bool | str
) -> None:
    with caplog.at_level(logging.INFO):
        report = core_build(RECORDS, tmp_path, base_url=BASE, xsl=xsl, max_urls=2, robots=False)
    said = [r for r in caplog.records if "XSLT" in r.getMessage()]
    assert len(said) == 1 and said[0].levelno == logging.INFO, caplog.text
    assert "html_sitemap" in said[0].getMessage()
    assert report.warnings == 0
    caplog.clear()
    with caplog.at_level(logging.INFO):
        (tmp_path / "off").mkdir()
        core_build(RECORDS, tmp_path / "off", base_url=BASE, robots=False)
    assert "XSLT" not in caplog.text


def test_alternates_and_dates_in_the_table(tmp_path: Path):
    records = [
        PageRecord(
            url="en/a.html", lang="en", translation_key="a", dates={"modified": "2024-05-01"}
        ),
        PageRecord(url="fr/a.html", lang="fr", translation_key="a"),
    ]
    core_build(records, tmp_path, base_url=BASE, xsl=True, lastmod_sources=("metadata",))
    table = _transform(tmp_path / "sitemap.xml")
    (first, _second) = table.xpath("//tbody/tr")
    assert first.xpath("string(td[2])").startswith("2024-05-01")
    assert first.xpath("td[3]/a/@hreflang") == ["en", "fr"]


def test_off_by_default_and_a_foreign_stylesheet_is_left_alone(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    (tmp_path / "plain").mkdir()
    core_build(RECORDS, tmp_path / "plain", base_url=BASE)
    assert XSL_PI not in (tmp_path / "plain" / "sitemap.xml").read_text()
    assert not (tmp_path / "plain" / XSL_NAME).exists()
    mine = tmp_path / XSL_NAME
    mine.write_text("<xsl:stylesheet/>")
    with caplog.at_level(logging.WARNING):
        report = core_build(RECORDS, tmp_path, base_url=BASE, xsl=True)
    assert mine.read_text() == "<xsl:stylesheet/>" and mine not in report.files
    assert "was not written by ssg-sitemap" in caplog.text
    # Rebuilding with it on keeps our own file as it was (rewritten only when it changes).
    ours = tmp_path / "own"
    ours.mkdir()
    core_build(RECORDS, ours, base_url=BASE, xsl=True)
    assert (ours / XSL_NAME).read_text() == STYLESHEET


def test_cli_flag(tmp_path: Path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><head><title>Home</title></head></html>")
    assert main(["build", str(site), "--base-url", BASE, "--xsl", "--no-robots"]) == 0
    assert XSL_PI in (site / "sitemap.xml").read_text()
    assert (site / XSL_NAME).read_text() == STYLESHEET


def test_the_site_s_own_stylesheet(tmp_path: Path, assert_valid: Callable[[Path], etree._Element]):
    core_build(RECORDS, tmp_path, base_url=BASE, xsl="/assets/map.xsl?v=2&x=1")
    text = (tmp_path / "sitemap.xml").read_text()
    assert '<?xml-stylesheet type="text/xsl" href="/assets/map.xsl?v=2&amp;x=1"?>' in text
    assert not (tmp_path / XSL_NAME).exists()  # named, not written
    assert_valid(tmp_path / "sitemap.xml")
    for bad in ("", "a b.xsl", 'x".xsl', "x?>.xsl", 3, "javascript:alert(1)", "data:text/xsl,x"):
        with pytest.raises(ConfigError, match=r"^xsl: "):
            Settings(base_url=BASE, xsl=bad)  # type: ignore[arg-type]
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><head><title>Home</title></head></html>")
    argv = ["build", str(site), "--base-url", BASE, "--xsl-href", "/s.xsl", "--no-robots"]
    assert main(argv) == 0
    assert 'href="/s.xsl"' in (site / "sitemap.xml").read_text()
    assert not (site / XSL_NAME).exists()


def test_a_split_text_sitemap_names_no_stylesheet(tmp_path: Path):
    # The index over text shards is XML; it named sitemap.xsl, which no build wrote.
    site = tmp_path / "site"
    site.mkdir()
    for name in ("index.html", "a.html", "b.html", "c.html"):
        (site / name).write_text("<html><head><title>Page</title></head></html>")
    argv = ["build", str(site), "--base-url", BASE, "--no-robots", "--xsl"]
    assert main([*argv, "--format", "txt", "--max-urls", "2"]) == 0
    assert len(list(site.glob("sitemap-*.txt"))) == 2
    assert "xml-stylesheet" not in (site / "sitemap.xml").read_text()
    assert not (site / XSL_NAME).exists()
    assert Settings(base_url=BASE, xsl=True, format="txt").stylesheet is False
    assert Settings(base_url=BASE, xsl="/s.xsl").stylesheet == "/s.xsl"
