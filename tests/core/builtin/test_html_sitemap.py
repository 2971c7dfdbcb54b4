"""``html_sitemap``: a build writes the HTML sitemap beside the XML, never over a user's file."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from lxml import html as lxml_html

from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager
from sitemap_core._cli import main
from tests.conftest import cli

BASE = "https://example.org/docs/"


def parse(text: str) -> lxml_html.HtmlElement:
    return lxml_html.fromstring(text)


def _build(out: Path, records: list[PageRecord], **settings: object):
    config = Settings(base_url=BASE, html_checks=False, html_sitemap="sitemap.html", **settings)  # type: ignore[arg-type]
    return build_sitemap(
        records, config, out, plugin_manager=make_plugin_manager(load_entry_points=False)
    )


def test_build_writes_it_beside_the_xml(tmp_path: Path):
    records = [
        PageRecord(url="", title="Home"),
        PageRecord(
            url="post.html", title="A post", section="Articles", dates={"date": "2024-03-02"}
        ),
        PageRecord(url="hidden.html", title="Hidden", front_matter={"sitemap_exclude": True}),
        PageRecord(url="post.html", title="Again"),
    ]
    report = _build(tmp_path, records, lastmod_sources=("metadata",))
    assert tmp_path / "sitemap.html" in report.files
    doc = parse((tmp_path / "sitemap.html").read_text())
    links = [(a.get("href"), a.text_content()) for a in doc.xpath("//ul[@class='pages']//a")]
    assert links == [("./", "Home"), ("post.html", "A post")]
    assert doc.findtext(".//time") == "2024-03-02"
    assert not list(tmp_path.glob(".sitemap-*"))  # no temp files left behind


def test_a_foreign_file_is_never_overwritten(tmp_path: Path, caplog: pytest.LogCaptureFixture):
    mine = tmp_path / "sitemap.html"
    mine.write_text("<html>the user's own page</html>")
    with caplog.at_level(logging.WARNING):
        report = _build(tmp_path, [PageRecord(url="", title="Home")])
    assert mine.read_text() == "<html>the user's own page</html>"
    assert mine not in report.files
    assert "was not written by ssg-sitemap" in caplog.text


def test_cli_titles_from_html_and_reproducible_rebuilds(tmp_path: Path):
    site = tmp_path / "public"
    (site / "guide").mkdir(parents=True)
    (site / "index.html").write_text("<html><head><title>Welcome</title></head></html>")
    (site / "guide" / "index.html").write_text("<html><head><title> The\n guide </title></head>")
    (site / "guide" / "untitled.html").write_text("<html><body>no title</body></html>")
    argv = ["build", str(site), "--base-url", BASE, "--html-sitemap", "map.html", "--no-robots"]
    assert main(argv) == 0
    first = (site / "map.html").read_text()
    xml = (site / "sitemap.xml").read_text()
    assert main(argv) == 0  # the map from the first build is not a page of the second
    assert (site / "sitemap.xml").read_text() == xml
    assert (site / "map.html").read_text() == first
    assert "map.html" not in xml
    doc = parse(first)
    pages = [(a.get("href"), a.text_content()) for a in doc.xpath("//ul[@class='pages']//a")]
    assert pages == [
        ("./", "Welcome"),
        ("guide/", "The guide"),
        ("guide/untitled.html", "guide/untitled.html"),
    ]


@pytest.mark.slow
def test_the_site_map_page_is_in_the_ledger_and_an_edit_is_kept(tmp_path: Path) -> None:
    """The command line's site map page is one more file of the build's set: recorded with its
    hash, removed when the option goes, and kept (with a warning) once the user edits it."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<title>Home</title><p>x</p>", encoding="utf-8")
    build = ("build", str(site), "--base-url", "https://example.org/")
    assert cli(*build, "--html-sitemap", "map.html").returncode == 0
    ledger = (site / ".sitemap.sha256").read_text(encoding="utf-8")
    assert "  map.html\n" in ledger
    assert cli(*build).returncode == 0  # the option gone: our unchanged page goes too
    assert not (site / "map.html").exists()
    assert cli(*build, "--html-sitemap", "map.html").returncode == 0
    edited = (site / "map.html").read_text(encoding="utf-8") + "<!-- mine -->\n"
    (site / "map.html").write_text(edited, encoding="utf-8")
    done = cli(*build, "--html-sitemap", "map.html")
    assert "map.html exists and was not written by ssg-sitemap" in done.stdout + done.stderr
    assert (site / "map.html").read_text(encoding="utf-8") == edited
