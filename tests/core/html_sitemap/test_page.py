"""The HTML sitemap for visitors: grouping, titles, dates, safety, and the build paths."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from lxml import html as lxml_html

from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager
from sitemap_core._cli._main import main
from sitemap_core._html_sitemap._page import TOP_LABEL, HtmlEntry, render, section_of

BASE = "https://example.org/docs/"


def parse(text: str) -> lxml_html.HtmlElement:
    return lxml_html.fromstring(text)


def test_sections_titles_and_dates():
    entries = [
        HtmlEntry(BASE + "about.html", "About us", None, "2024-05-01T10:00:00Z"),
        HtmlEntry(BASE + "blog/first.html", "First", None, "2024-04-01"),
        HtmlEntry(BASE, "Home", None, None),
        HtmlEntry(BASE + "guide/install.html", "Install", "Getting started", None),
        HtmlEntry(BASE + "blog/", None, None, None),
        HtmlEntry(BASE + "blog/caf%C3%A9.html", None, None, None),
        HtmlEntry(BASE + "about.html", "Duplicate", None, None),
    ]
    doc = parse(render(entries, BASE))
    sections = [s.text_content().split(" (")[0] for s in doc.iter("summary")]
    assert sections == [TOP_LABEL, "blog", "Getting started"]
    pages = [(a.get("href"), a.text_content()) for a in doc.xpath("//ul[@class='pages']//a")]
    assert pages == [
        ("./", "Home"),  # the home page leads its section
        ("about.html", "About us"),
        ("blog/", "blog/"),  # the directory's own page leads its section
        ("blog/first.html", "First"),
        ("blog/caf%C3%A9.html", "blog/café.html"),
        ("guide/install.html", "Install"),
    ]
    times = [(t.get("datetime"), t.text) for t in doc.iter("time")]
    assert times == [("2024-05-01T10:00:00Z", "2024-05-01"), ("2024-04-01", "2024-04-01")]
    assert [a.get("href") for a in doc.xpath("//nav//a")] == ["#s1", "#s2", "#s3"]


def test_no_script_no_external_assets_and_escaping():
    hostile = HtmlEntry(BASE + "x.html", '<script>alert("x")</script>', "<b>s</b>", None)
    text = render([hostile], BASE, title="Site & map")
    lower = text.lower()
    assert "<script" not in lower and "<b>" not in lower
    assert "&lt;script&gt;" in text
    for external in ("src=", "<link", "@import", "url(", "http-equiv"):
        assert external not in lower
    doc = parse(text)
    assert doc.find(".//meta[@name='viewport']") is not None
    assert doc.findtext(".//title") == "Site & map"


def test_section_of_uses_directories():
    assert section_of(HtmlEntry(BASE + "a/b/c.html"), BASE) == "a/b"
    assert section_of(HtmlEntry(BASE + "a/"), BASE) == "a"
    assert section_of(HtmlEntry(BASE + "top.html"), BASE) == TOP_LABEL
    assert section_of(HtmlEntry(BASE), BASE) == TOP_LABEL
    assert section_of(HtmlEntry(BASE + "a/b.html", section="Blog"), BASE) == "Blog"


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


def test_directories_nest_as_a_tree():
    entries = [
        HtmlEntry(BASE + "blog/2024/b.html", "B"),
        HtmlEntry(BASE + "blog/2024/a.html", "A"),
        HtmlEntry(BASE + "blog/", "Blog"),
        HtmlEntry(BASE + "api/v1/ref/x.html", "X"),
        HtmlEntry(BASE + "top.html", "Top"),
    ]
    doc = parse(render(entries, BASE))
    top = doc.xpath("/html/body/main/details")
    assert [d.findtext("summary").strip() for d in top] == ["Pages", "blog", "api/v1/ref"]
    blog = top[1]
    assert [a.text_content() for a in blog.xpath("./ul/li/a")] == ["Blog"]
    (year,) = blog.xpath("./details")
    assert year.findtext("summary").strip() == "2024"
    assert [a.text_content() for a in year.xpath("./ul/li/a")] == ["B", "A"]
    counts = [s.text_content() for s in doc.xpath("//summary/span")]
    assert counts == ["(1)", "(3)", "(2)", "(1)"]
