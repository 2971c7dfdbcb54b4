"""The themed page's list: markup themes do not restyle, groups that tell the truth, titles
as the generator's own navigation shows them, labels in the page's language."""

from __future__ import annotations

from pathlib import Path

from lxml import html as lxml_html

from sitemap_core._cli import main
from sitemap_core._html_sitemap._page import OTHER_LABEL as OTHER
from sitemap_core._html_sitemap._page import (
    HtmlEntry,
    NavItem,
    PageOptions,
    render,
    render_nav_and_toc,
)

BASE = "https://example.org/"


def _fragment(text: str) -> lxml_html.HtmlElement:
    return lxml_html.fragment_fromstring(text)


def test_a_plain_labelled_section_not_a_nav_themes_restyle():
    text = render_nav_and_toc(
        [NavItem("Home", BASE)],
        [HtmlEntry(BASE)],
        BASE + "map.html",
        options=PageOptions(html_sitemap_title="Map"),
    )[0]
    doc = _fragment(text)
    # Flex styles `main nav` as its top menu: no <nav> at all.
    assert doc.tag == "section" and doc.get("aria-label") == "Map"
    assert "<nav" not in text
    # sphinx_rtd_theme bullets only lists inside a <section>: the first list too.
    assert doc.xpath("./ul/li/a")


def test_pages_after_a_section_are_a_group_of_their_own():
    nav = [
        NavItem("Home", BASE),
        NavItem("Tutorial", BASE + "tutorial/", (NavItem("Step 1", BASE + "tutorial/1/"),)),
        NavItem("Templates", BASE + "templates/"),
        NavItem("Testing", BASE + "testing/"),
        NavItem(
            "Guide",
            None,
            (
                NavItem("Deep", None, (NavItem("Internals", BASE + "deep/"),)),
                NavItem("Changes", BASE + "changes/"),
            ),
        ),
    ]
    listed = [HtmlEntry(BASE + u) for u in ("", "tutorial/", "tutorial/1/", "templates/")]
    listed += [HtmlEntry(BASE + u) for u in ("testing/", "deep/", "changes/")]
    doc = _fragment(render_nav_and_toc(nav, listed, BASE + "map/")[0])
    (tutorial,) = doc.xpath("./section[h2[.='Tutorial']]")
    assert [a.text_content() for a in tutorial.iter("a")] == ["Tutorial", "Step 1"]
    # Templates and Testing are not drawn under Tutorial: a visible group of their own.
    (more,) = doc.xpath("./section[ul/li/a[.='Templates']]")
    assert more.xpath("./h2") and more is not tutorial
    assert [a.text_content() for a in more.iter("a")] == ["Templates", "Testing"]
    (guide,) = doc.xpath("./section[h2[.='Guide']]")
    (after_deep,) = guide.xpath("./section[ul/li/a[.='Changes']]")
    assert after_deep.xpath("./h3")
    # No heading inside a list item (a bullet before it).
    assert not doc.xpath("//li/*[self::h2 or self::h3 or self::h4]")


def test_titles_as_the_generator_s_navigation_shows_them():
    nav = [
        NavItem("Q&amp;A", BASE + "qa/", markup=True),
        NavItem("Who am&nbsp;I?", BASE + "me/", markup=True),
        NavItem('Tips <tt class="docutils literal">foo</tt>', BASE + "tips/", markup=True),
        NavItem("<script>alert(1)</script>Safe <b onclick='x'>bold</b>", BASE + "s/", markup=True),
        NavItem(
            '<span class="twemoji"><svg><path d="M0"/></svg></span> Icon ', BASE + "i/", markup=True
        ),
        NavItem("A & B <plain>", BASE + "text/"),
        NavItem("\u202egnp.exe", BASE + "rlo/"),
    ]
    listed = [HtmlEntry(BASE + u) for u in ("qa/", "me/", "tips/", "s/", "i/", "text/", "rlo/")]
    text = render_nav_and_toc(nav, listed, BASE + "map/")[0]
    doc = _fragment(text)
    shown = [a.text_content() for a in doc.iter("a")]
    assert shown == [
        "Q&A",
        "Who am\u00a0I?",
        "Tips foo",
        "Safe bold",
        "Icon",  # no space left over from the icon
        "A & B <plain>",
        "\u202egnp.exe",
    ]
    assert doc.xpath("//a[@href='../tips/']//code[.='foo']")  # inline code stays code
    assert "<script" not in text and "onclick" not in text and "<svg" not in text
    # Every title isolated: a right-to-left override does not flip what follows it.
    assert [a[0].tag for a in doc.iter("a")] == ["bdi"] * 7


def test_labels_in_the_page_s_language():
    nav = [
        NavItem("Tutoriel", None, (NavItem("Un", BASE + "fr/1/"),)),
        NavItem("Deux", BASE + "fr/2/"),
    ]
    others = [NavItem("Orphelin", BASE + "fr/o/")]
    listed = [HtmlEntry(BASE + u) for u in ("fr/1/", "fr/2/", "fr/o/")]
    doc = _fragment(
        render_nav_and_toc(nav, listed, BASE + "fr/plan/", others=others, lang="fr-FR")[0]
    )
    headings = [h.text_content() for h in doc.iter("h2")]
    assert headings == ["Tutoriel", "Plus de pages", "Autres pages"]
    unknown = _fragment(render_nav_and_toc(nav, listed, BASE + "x/", others=others, lang="tlh")[0])
    assert [h.text_content() for h in unknown.iter("h2")] == ["Tutoriel", "More pages", OTHER]


def test_folders_500_deep_no_recursion_error(tmp_path: Path):
    deep = "/".join(["d"] * 500)
    entries = [HtmlEntry(BASE + deep + "/x.html", "X"), HtmlEntry(BASE + "d/y.html", "Y")]
    entries.append(HtmlEntry(BASE + "/".join(["d"] * 250) + "/z.html", "Z"))
    text = render(entries, BASE)
    assert all(f"<bdi>{title}</bdi>" in text for title in "XYZ")
    site = tmp_path / "site"
    for page in ("index.html", deep + "/x.html", "/".join(["d"] * 250) + "/z.html"):
        (site / page).parent.mkdir(parents=True, exist_ok=True)
        (site / page).write_text("<html><head><title>T</title></head></html>")
    (site / "map.html").write_text("<html><body><!-- ssg-sitemap --></body></html>")
    argv = ["build", str(site), "--base-url", BASE, "--no-robots"]
    assert main([*argv, "--html-sitemap", "sitemap.html"]) == 0
    assert (site / "sitemap.html").is_file()
    assert main([*argv, "--html-sitemap-into", "map.html"]) == 0
    filled = (site / "map.html").read_text()
    assert filled.count("/x.html") == 1 and filled.count("/z.html") == 1


def test_the_themed_list_marks_orphans_only_when_asked():
    nav = [NavItem("Home", BASE), NavItem("Lone", BASE + "lone/")]
    entries = [HtmlEntry(BASE, lastmod="2024-01-02"), HtmlEntry(BASE + "lone/", orphan=True)]
    asked = PageOptions(html_sitemap_dates=True, html_sitemap_orphans=True)
    doc = _fragment(render_nav_and_toc(nav, entries, BASE + "map/", asked)[0])
    assert [a.get("href") for a in doc.xpath("//a[@class='ssg-sitemap-orphan']")] == ["../lone/"]
    assert doc.xpath("//small[@class='ssg-sitemap-orphan-label']/text()") == ["(no page links it)"]
    assert doc.xpath("//time/text()") == ["2024-01-02"]  # the dates still beside their link
    plain = render_nav_and_toc(nav, entries, BASE + "map/", PageOptions())[0]
    assert "ssg-sitemap-orphan" not in plain
