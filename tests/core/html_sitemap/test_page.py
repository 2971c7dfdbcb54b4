"""The HTML sitemap for visitors: grouping, titles, dates, safety, and the build paths."""

from __future__ import annotations

from lxml import html as lxml_html

from sitemap_core._html_sitemap._page import TOP_LABEL, HtmlEntry, PageOptions, render, section_of

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
    text = render([hostile], BASE, PageOptions(html_sitemap_title="Site & map"))
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


def test_orphans_are_marked_only_when_asked():
    entries = [HtmlEntry(BASE, "Home"), HtmlEntry(BASE + "lone.html", "Lone <one>", orphan=True)]
    doc = parse(render(entries, BASE, PageOptions(html_sitemap_orphans=True)))
    (item,) = doc.xpath("//li[@class='ssg-sitemap-orphan']")
    assert item.findtext(".//bdi") == "Lone <one>"  # escaped: the text, not markup
    assert item.findtext("small[@class='ssg-sitemap-orphan-label']") == "(no page links it)"
    assert "ssg-sitemap-orphan" not in render(entries, BASE)
