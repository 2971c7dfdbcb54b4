"""The HTML sitemap as a page of the site, inside its own theme and in its own order."""

from __future__ import annotations

import textwrap
from pathlib import Path
from urllib.parse import urljoin

import pytest
from lxml import html as lxml_html

from sitemap_core._files._serialize import XSL_NAME, xsl_pi
from sitemap_core._html_sitemap._page import (
    END,
    OTHER_LABEL,
    SLOT,
    START,
    HtmlEntry,
    NavItem,
    PageOptions,
    fill_slot,
    relative_href,
    render_nav_and_toc,
)
from tests.conftest import (
    NS,
    locs,
    mkdocs_build,
    pelican_blog,
    read_xml,
    sitemap_warnings,
    write_files,
)

BASE = "https://example.org/docs/"
XSL_PI = xsl_pi(True)


def _links(fragment: lxml_html.HtmlElement) -> list[tuple[str, str]]:
    return [(str(a.get("href")), a.text_content()) for a in fragment.iter("a")]


def test_the_navigation_in_order_less_what_the_xml_sitemap_left_out():
    nav = [
        NavItem("Home", BASE),
        NavItem(
            "Guide",
            None,
            (
                NavItem("Install", BASE + "guide/install/"),
                NavItem("Deep", None, (NavItem("Internals", BASE + "guide/deep/"),)),
                NavItem("Hidden", BASE + "guide/hidden/"),
            ),
        ),
        NavItem("Gone", None, (NavItem("Draft", BASE + "draft/"),)),
        NavItem("Site map", BASE + "sitemap/"),
    ]
    others = [NavItem("Orphan", BASE + "orphan/"), NavItem("Home again", BASE)]
    listed = [
        HtmlEntry(BASE + url, lastmod="2024-05-01T10:00:00Z")
        for url in ("", "guide/install/", "guide/deep/", "orphan/", "sitemap/")
    ]
    text = render_nav_and_toc(
        nav, listed, BASE + "sitemap/", others=others, options=PageOptions(html_sitemap_dates=True)
    )[0]
    doc = lxml_html.fragment_fromstring(text)
    assert doc.tag == "section" and doc.get("aria-label") == "Site map"
    assert _links(doc) == [
        ("../", "Home"),
        ("../guide/install/", "Install"),
        ("../guide/deep/", "Internals"),
        ("../orphan/", "Orphan"),  # not in the nav: the last group; listed once
    ]
    headings = [(h.tag, h.text_content()) for h in doc.iter("h2", "h3", "h4")]
    assert headings == [("h2", "Guide"), ("h3", "Deep"), ("h2", OTHER_LABEL)]
    (deep,) = doc.xpath("//section/section[h3]")
    assert [a.text_content() for a in deep.xpath("./ul/li/a")] == ["Internals"]
    assert [t.get("datetime") for t in doc.iter("time")][:1] == ["2024-05-01T10:00:00Z"]
    assert "<script" not in text and "style" not in text


def test_escaping_and_hrefs_from_subfolders():
    hostile = NavItem('<script>x</script> & "q"', BASE + "a%20b.html")
    text = render_nav_and_toc([hostile], [HtmlEntry(BASE + "a%20b.html")], BASE + "x/y/map.html")[0]
    assert "<script>" not in text and "&lt;script&gt;" in text
    assert relative_href(BASE + "a.html", BASE + "sitemap.html") == "a.html"
    assert relative_href(BASE, BASE + "sitemap/") == "../"
    assert relative_href(BASE + "sitemap/", BASE + "sitemap/") == "./"
    assert relative_href(BASE + "g/p/", BASE + "fr/sitemap/") == "../../g/p/"
    assert relative_href("https://other.org/x", BASE + "sitemap/") == "https://other.org/x"
    for page in ("sitemap.html", "sitemap/", "x/y/map.html"):
        for target in ("", "a.html", "g/p/", "x/y/z.html"):
            href = relative_href(BASE + target, BASE + page)
            assert urljoin(BASE + page, href) == BASE + target


def test_fill_slot_keeps_the_page_around_it_and_refills(tmp_path: Path):
    page = tmp_path / "index.html"
    page.write_text(f"<header>theme</header>\n{SLOT}\n<footer>{SLOT}</footer>")
    assert fill_slot(page, "<nav>one</nav>")
    first = f"<header>theme</header>\n{START}<nav>one</nav>{END}\n<footer>{SLOT}</footer>"
    assert page.read_text() == first
    assert fill_slot(page, "<nav>two</nav>")  # a page not rewritten since: the list is replaced
    assert page.read_text() == first.replace("one", "two")
    element = tmp_path / "element.html"
    element.write_text('<main><div class="x" id="ssg-sitemap"><p>old</p></div></main>')
    assert fill_slot(element, "<nav>list</nav>")
    assert element.read_text() == (
        f'<main><div class="x" id="ssg-sitemap">{START}<nav>list</nav>{END}<p>old</p></div></main>'
    )
    plain = tmp_path / "plain.html"
    plain.write_text("<p>no marker</p>")
    assert not fill_slot(plain, "<nav>list</nav>")
    assert plain.read_text() == "<p>no marker</p>"


def test_cli_fills_a_page_of_the_site(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    from sitemap_core._cli import main

    site = write_files(
        tmp_path / "public",
        {
            "index.html": "<html><head><title>Home</title></head><body>home</body></html>",
            "blog/a.html": "<html><head><title>Post A</title></head></html>",
            "blog/b.html": "<html><head><title>Post B</title></head></html>",
            "hidden.html": '<html><head><meta name="robots" content="noindex"></head></html>',
            "about.html": "<html><head><title>About</title></head></html>",
            "sitemap/index.html": (
                "<html><head><title>Map</title></head><body><header>my theme</header>"
                f"<main>{SLOT}</main><footer>mine</footer></body></html>"
            ),
        },
    )
    argv = ["build", str(site), "--base-url", BASE, "--no-robots"]
    into = ["--html-sitemap-into", "sitemap/index.html"]
    assert main([*argv, *into]) == 0
    page = site / "sitemap" / "index.html"
    once = page.read_text()
    assert "<header>my theme</header>" in once and "<footer>mine</footer>" in once
    listed = _listed(page, BASE + "sitemap/")
    assert listed == [BASE, BASE + "about.html", BASE + "blog/a.html", BASE + "blog/b.html"]
    assert set(locs(site / "sitemap.xml")) == {*listed, BASE + "sitemap/"}
    assert main([*argv, *into]) == 0  # a second run replaces the list, once
    assert page.read_text() == once
    (site / "plain.html").write_text("<html><body>nothing</body></html>")
    capsys.readouterr()
    # Refused before anything is written: a usage error.
    assert main([*argv, "--html-sitemap-into", "plain.html"]) == 2
    wanted = 'no <!-- ssg-sitemap --> comment and no element with id="ssg-sitemap"'
    assert wanted in capsys.readouterr().err
    assert main([*argv, "--html-sitemap-into", "../outside.html"]) == 2
    assert "'../outside.html' is not a page in" in capsys.readouterr().err
    assert main([*argv, *into, "--html-exclude", "/blog/*"]) == 0
    assert _listed(page, BASE + "sitemap/") == [BASE, BASE + "about.html", BASE + "plain.html"]
    assert BASE + "blog/a.html" in locs(site / "sitemap.xml")  # the XML one keeps them


# -- MkDocs -------------------------------------------------------------------------------------
MKDOCS = """
site_name: Themed
site_url: https://example.org/docs/
theme:
  name: {theme}
nav:
  - Home: index.md
  - Guide:
      - guide/install.md
      - Deeper:
          - guide/internals.md
          - guide/excluded.md
  - About us: about.md
  - Elsewhere: https://example.com/
plugins:
  - sitemap:
      html_sitemap: sitemap/
      html_exclude: ["/legal/*"]
      xsl: true
"""


MKDOCS_PAGES = {
    "docs/index.md": "# Welcome\n",
    "docs/guide/install.md": "# Installing\n",
    "docs/guide/internals.md": "# Internals\n",
    "docs/guide/excluded.md": "---\nsitemap_exclude: true\n---\n# Excluded\n",
    "docs/about.md": "# About\n",
    "docs/orphan.md": "# Orphan page\n",
    "docs/legal/terms.md": "# Terms\n",
}


#: An element of each theme's own page chrome (header or navigation).
THEME_CHROME = {
    "material": "//header[contains(@class, 'md-header')]",
    "mkdocs": "//div[contains(@class, 'navbar')]",
    "readthedocs": "//nav[contains(@class, 'wy-nav-side')]",
}


def _listed(page: Path, page_url: str) -> list[str]:
    doc = lxml_html.parse(str(page)).getroot()
    (nav,) = doc.xpath("//section[@class='ssg-sitemap']")
    return [urljoin(page_url, str(a.get("href"))) for a in nav.iter("a")]


@pytest.mark.slow
@pytest.mark.parametrize("theme", sorted(THEME_CHROME))
def test_mkdocs_page_in_the_theme_in_nav_order(tmp_path: Path, theme: str):
    write_files(
        tmp_path, {"mkdocs.yml": textwrap.dedent(MKDOCS).format(theme=theme), **MKDOCS_PAGES}
    )
    mkdocs_build(tmp_path)
    site = tmp_path / "site"
    page = site / "sitemap" / "index.html"
    doc = lxml_html.parse(str(page)).getroot()
    assert doc.xpath(THEME_CHROME[theme]), f"{theme}'s own page chrome is not around the list"
    (nav,) = doc.xpath("//section[@aria-label='Site map']")
    assert nav.xpath("ancestor::body"), "the list is inside the theme's body"
    assert SLOT not in page.read_text()
    listed = _listed(page, BASE + "sitemap/")
    assert listed == [
        BASE,
        BASE + "guide/install/",
        BASE + "guide/internals/",
        BASE + "about/",
        BASE + "orphan/",  # not in nav: the last group
    ]
    assert [a.text_content() for a in nav.iter("a")][:4] == [
        "Home",
        "Installing",
        "Internals",
        "About us",  # the nav's own titles
    ]
    xml = set(locs(site / "sitemap.xml"))
    # The same pages as the XML sitemap, less html_exclude and the sitemap page itself.
    assert xml - set(listed) == {BASE + "legal/terms/", BASE + "sitemap/"}
    assert set(listed) <= xml
    assert XSL_PI in (site / "sitemap.xml").read_text() and (site / XSL_NAME).is_file()
    # Not in the site's navigation (default): MkDocs' sidebars do not link it.
    assert not doc.xpath("//a[@href='./' or @href='.'][contains(., 'Site map')]")


@pytest.mark.slow
def test_mkdocs_page_in_the_automatic_nav_only_when_asked(tmp_path: Path):
    config = "site_name: Auto\nsite_url: https://example.org/\nplugins:\n  - sitemap:\n"
    pages = {"docs/index.md": "# Home\n", "docs/zebra.md": "# Zebra\n"}
    write_files(tmp_path, {"mkdocs.yml": config + "      html_sitemap: map.html\n", **pages})
    mkdocs_build(tmp_path)
    home = (tmp_path / "site" / "index.html").read_text()
    assert "map/" not in home  # the automatic nav does not list it
    listed = _listed(tmp_path / "site" / "map" / "index.html", "https://example.org/map/")
    assert listed == ["https://example.org/", "https://example.org/zebra/"]
    extra = "      html_sitemap: map/\n      html_sitemap_in_nav: true\n"
    write_files(tmp_path, {"mkdocs.yml": config + extra})
    mkdocs_build(tmp_path)
    home = (tmp_path / "site" / "index.html").read_text()
    assert 'href="map/"' in home


@pytest.mark.slow
def test_mkdocs_the_site_s_own_page_with_the_marker(tmp_path: Path):
    config = "site_name: Own\nsite_url: https://example.org/\nplugins:\n  - sitemap:\n"
    own = f"# All our pages\n\nIntro text.\n\n{SLOT}\n\nOutro text.\n"
    pages = {"docs/index.md": "# Home\n", "docs/sitemap.md": own}
    write_files(tmp_path, {"mkdocs.yml": config + "      html_sitemap: sitemap/\n", **pages})
    mkdocs_build(tmp_path)
    text = (tmp_path / "site" / "sitemap" / "index.html").read_text()
    assert "Intro text." in text and "Outro text." in text
    assert text.index("Intro text.") < text.index('aria-label="Site map"') < text.index("Outro")
    pages["docs/sitemap.md"] = "# No marker\n"
    write_files(tmp_path, pages)
    proc = mkdocs_build(tmp_path)
    assert "sitemap.md has no <!-- ssg-sitemap --> marker" in proc.stderr


I18N = """
site_name: I18n
site_url: https://i18n.example.org/
theme:
  name: material
plugins:
  - search
  - sitemap:
      html_sitemap: sitemap/
  - i18n:
      docs_structure: suffix
      fallback_to_default: true
      languages:
        - locale: en
          default: true
          name: English
          build: true
        - locale: fr
          name: Français
          build: true
"""


@pytest.mark.slow
def test_mkdocs_one_html_sitemap_per_language(tmp_path: Path):
    pages = {
        "docs/index.md": "# Home\n",
        "docs/index.fr.md": "# Accueil\n",
        "docs/about.md": "# About\n",
        "docs/about.fr.md": "# À propos\n",
        "docs/only-english.md": "# Only in English\n",
    }
    write_files(tmp_path, {"mkdocs.yml": I18N, **pages})
    mkdocs_build(tmp_path)
    site = tmp_path / "site"
    base = "https://i18n.example.org/"
    english = _listed(site / "sitemap" / "index.html", base + "sitemap/")
    french = _listed(site / "fr" / "sitemap" / "index.html", base + "fr/sitemap/")
    assert english == [base, base + "about/", base + "only-english/"]
    # What a French reader can reach: the untranslated page too, at its English URL (the one
    # the XML sitemap lists), marked with its language.
    assert french == [base + "fr/", base + "fr/about/", base + "only-english/"]
    doc = lxml_html.parse(str(site / "fr" / "sitemap" / "index.html")).getroot()
    (section,) = doc.xpath("//section[@class='ssg-sitemap']")
    assert section.xpath(".//a")[-1].text_content() == "Only in English (en)"
    assert section.get("aria-label") == "Plan du site" and doc.xpath("//h1[.='Plan du site']")
    xml = set(locs(site / "sitemap.xml"))
    assert xml == {*english, *french, base + "sitemap/", base + "fr/sitemap/"}
    assert doc.get("lang") == "fr"  # the French build's theme
    english_page = lxml_html.parse(str(site / "sitemap" / "index.html")).getroot()
    assert english_page.xpath("//section[@aria-label='Site map']")  # not the last build's
    # The two site map pages are each other's translation.
    tree = read_xml(site / "sitemap.xml")
    (url,) = [
        u
        for u in tree.findall("sm:url", NS)
        if u.findtext("sm:loc", "", NS) == base + "fr/sitemap/"
    ]
    alternates = {x.get("hreflang"): x.get("href") for x in url.findall("xhtml:link", NS)}
    assert alternates == {"en": base + "sitemap/", "fr": base + "fr/sitemap/"}


# -- Sphinx -------------------------------------------------------------------------------------
SPHINX_BASE = "https://docs.example.org/"


SPHINX = {
    "conf.py": (
        'project = "Demo"\n'
        'extensions = ["ssg_sitemap.sphinx"]\n'
        f'html_baseurl = "{SPHINX_BASE}"\n'
        'sitemap_url_scheme = "{link}"\n'
        'sitemap_html = "sitemap.html"\n'
        'sitemap_html_exclude = ["api.html"]\n'
        "sitemap_xsl = True\n"
    ),
    "index.rst": (
        "Demo docs\n=========\n\n"
        ".. toctree::\n   :caption: User guide\n\n   usage\n   install\n\n"
        ".. toctree::\n   :caption: Reference\n\n   api\n   Other title <zlast>\n"
    ),
    "install.rst": "Install\n=======\n\n.. toctree::\n\n   advanced\n",
    "advanced.rst": "Advanced install\n================\n",
    "usage.rst": "Usage\n=====\n",
    "api.rst": "API\n===\n",
    "zlast.rst": "Last\n====\n",
    "orphan.rst": ":orphan:\n\nOrphan\n======\n",
    "hidden.rst": ":orphan:\n\nHidden\n======\n\n.. meta::\n   :robots: noindex\n",
}


SPHINX_CHROME = {
    "alabaster": "//div[contains(@class, 'sphinxsidebar')]",
    "furo": "//div[contains(@class, 'sidebar-tree')]",
    "sphinx_rtd_theme": "//nav[contains(@class, 'wy-nav-side')]",
}


@pytest.mark.slow
@pytest.mark.parametrize("theme", sorted(SPHINX_CHROME))
def test_sphinx_page_in_the_theme_in_toctree_order(tmp_path: Path, theme: str):
    from tests.conftest import sphinx_build

    src = write_files(tmp_path / "src", SPHINX)
    run = sphinx_build(src, tmp_path / "out", overrides={"html_theme": theme})
    assert run.statuscode == 0 and "sitemap" not in run.warnings, run.warnings
    page = run.out / "sitemap.html"
    doc = lxml_html.parse(str(page)).getroot()
    assert doc.xpath(SPHINX_CHROME[theme]), f"{theme}'s own page chrome is not around the list"
    (nav,) = doc.xpath("//section[@aria-label='Site map']")
    listed = _listed(page, SPHINX_BASE + "sitemap.html")
    xml = set(run.locs())
    # sphinx_rtd_theme's search page has no noindex: both sitemaps list it, or neither.
    search = [SPHINX_BASE + "search.html"] if SPHINX_BASE + "search.html" in xml else []
    assert listed == [
        SPHINX_BASE + "index.html",
        SPHINX_BASE + "usage.html",
        SPHINX_BASE + "install.html",
        SPHINX_BASE + "advanced.html",
        SPHINX_BASE + "zlast.html",
        SPHINX_BASE + "orphan.html",  # not in a toctree: the last group
        SPHINX_BASE + "genindex.html",
        *search,
    ]
    headings = [h.text_content() for h in nav.iter("h2", "h3")]
    assert headings == ["User guide", "Install", "Reference", "Other pages"]
    assert "Other title" in nav.text_content()  # the toctree's own title for the entry
    # The XML sitemap's pages, less html_exclude (api) and the sitemap page itself.
    assert xml - set(listed) == {SPHINX_BASE + "api.html", SPHINX_BASE + "sitemap.html"}
    assert set(listed) <= xml and SPHINX_BASE + "hidden.html" not in xml
    assert XSL_PI in run.sitemap.read_text() and (run.out / XSL_NAME).is_file()


@pytest.mark.slow
def test_sphinx_dirhtml_and_the_site_s_own_document(tmp_path: Path):
    from tests.conftest import sphinx_build

    files = {
        **SPHINX,
        "index.rst": SPHINX["index.rst"] + "\nSee the :doc:`sitemap`.\n",
        "sitemap.rst": (
            ":orphan:\n\nAll pages\n=========\n\nIntro text.\n\n"
            ".. raw:: html\n\n   <!-- ssg-sitemap -->\n"
        ),
    }
    src = write_files(tmp_path / "src", files)
    run = sphinx_build(src, tmp_path / "out", "dirhtml")
    assert run.statuscode == 0 and not sitemap_warnings(run.warnings), run.warnings
    page = run.out / "sitemap" / "index.html"
    text = page.read_text()
    assert text.index("Intro text.") < text.index('aria-label="Site map"')
    listed = _listed(page, SPHINX_BASE + "sitemap/")
    assert listed[:2] == [SPHINX_BASE, SPHINX_BASE + "usage/"]
    assert SPHINX_BASE + "sitemap/" not in listed
    home = (run.out / "index.html").read_text()
    assert 'href="sitemap/"' in home  # :doc: links it
    (src / "usage.rst").write_text("Usage\n=====\n\n.. meta::\n   :robots: noindex\n")
    run = sphinx_build(src, tmp_path / "out", "dirhtml", fresh=False)  # incremental
    assert run.statuscode == 0 and not sitemap_warnings(run.warnings), run.warnings
    listed = _listed(page, SPHINX_BASE + "sitemap/")
    assert listed[:2] == [SPHINX_BASE, SPHINX_BASE + "install/"]  # usage/ is noindex now


# -- Pelican ------------------------------------------------------------------------------------
PELICAN_BASE = "https://blog.example.org/"


PELICAN_CHROME = {
    "notmyidea": "//header[@id='banner']//nav",
    "simple": "//header//nav",
}


@pytest.mark.slow
@pytest.mark.parametrize("theme", sorted(PELICAN_CHROME))
def test_pelican_page_in_the_theme_grouped_as_the_site(tmp_path: Path, theme: str):
    from tests.conftest import run_pelican

    content = pelican_blog(tmp_path)
    built = run_pelican(
        content,
        tmp_path / "output",
        SITEURL=PELICAN_BASE.rstrip("/"),
        THEME=theme,
        TEMPLATE_PAGES={"templates/links.html": "links.html"},
        IGNORE_FILES=["links.html"],
        SITEMAP={
            "html_sitemap": "sitemap.html",
            "html_exclude": ["/tag/*", "/author/*"],
            "xsl": True,
        },
    )
    assert not built.messages(), built.messages()
    page = built.output / "sitemap.html"
    doc = lxml_html.parse(str(page)).getroot()
    assert doc.xpath(PELICAN_CHROME[theme]), f"{theme}'s own header is not around the list"
    (nav,) = doc.xpath("//section[@aria-label='Site map']")
    listed = _listed(page, PELICAN_BASE + "sitemap.html")
    b = PELICAN_BASE
    assert listed[:6] == [
        b,
        b + "pages/about.html",  # pages first
        b + "category/dev.html",
        b + "a-dev-post.html",  # "Left out" is not in the XML sitemap, so not here
        b + "category/news.html",
        b + "new-news.html",  # newest first
    ]
    assert listed[6] == b + "old-news.html"
    headings = [h.text_content() for h in nav.iter("h2")]
    assert headings[:3] == ["Pages", "dev", "news"]
    xml = set(locs(built.output / "sitemap.xml"))
    assert set(listed) <= xml
    left = xml - set(listed)
    assert b + "sitemap.html" in left and b + "left-out.html" not in xml
    assert all(u.startswith((b + "tag/", b + "author/")) for u in left - {b + "sitemap.html"})
    assert (built.output / "links.html").read_text().strip() == "<p>map at sitemap.html</p>"
    assert XSL_PI in (built.output / "sitemap.xml").read_text()
    assert (built.output / XSL_NAME).is_file()


@pytest.mark.slow
def test_pelican_one_html_sitemap_per_language(tmp_path: Path):
    pytest.importorskip("pelican.plugins.i18n_subsites")
    from tests.conftest import I18N_CONF, pelican_cli

    files = {
        f"content/hello-{lang}.md": (
            f"Title: {title}\nDate: 2024-01-1{n}\nCategory: news\nLang: {lang}\nSlug: hello\n\nx\n"
        )
        for n, (lang, title) in enumerate((("en", "Hello"), ("de", "Hallo"), ("fr", "Bonjour")))
    }
    files["content/only-de.md"] = "Title: Nur\nDate: 2024-01-20\nLang: de\n\nNur.\n"
    extra = (
        'SITEMAP = {"html_sitemap": "sitemap.html", "html_exclude": ["*/tag/*", "*/author/*"]}\n'
    )
    files["conf.py"] = I18N_CONF + extra
    write_files(tmp_path, files)
    pelican_cli(tmp_path)
    output = tmp_path / "output"
    base = "https://blog.example.org/"
    own = {}
    for lang in ("", "de/", "fr/"):
        page_url = f"{base}{lang}sitemap.html"
        listed = _listed(output / lang / "sitemap.html", page_url)
        assert listed[0] == base + lang  # each language's own home first
        own[lang] = set(listed)
    assert base + "de/nur.html" in own["de/"]
    # Each subsite's page in its own language (its DEFAULT_LANG).
    for lang, title in (("", "Site map"), ("de/", "Sitemap"), ("fr/", "Plan du site")):
        page = lxml_html.parse(str(output / lang / "sitemap.html")).getroot()
        assert page.xpath(f"//section[@class='ssg-sitemap'][@aria-label='{title}']"), lang
    assert not {u for u in own["fr/"] if u.startswith(base + "de/")}
    assert all(u.startswith(base + "de/") for u in own["de/"])
    xml = set(locs(output / "sitemap.xml"))
    assert set().union(*own.values()) <= xml


@pytest.mark.slow
def test_pelican_page_filled_from_the_index_of_a_split_text_sitemap(tmp_path: Path):
    # A split sitemap's entry is its index (sitemap.xml over sitemap-N.txt shards), not the
    # configured sitemap.txt; the page was left without its list.
    from tests.conftest import run_pelican

    content = pelican_blog(tmp_path)
    built = run_pelican(
        content,
        tmp_path / "output",
        SITEURL=PELICAN_BASE.rstrip("/"),
        SITEMAP={"html_sitemap": "sitemap.html", "format": "txt", "max_urls": 3},
    )
    assert not built.messages(), built.messages()
    assert not (built.output / "sitemap.txt").exists()
    shards = sorted(built.output.glob("sitemap-*.txt"))
    assert len(shards) >= 2
    in_text = {line for shard in shards for line in shard.read_text().split()}
    listed = _listed(built.output / "sitemap.html", PELICAN_BASE + "sitemap.html")
    assert listed and set(listed) <= in_text


@pytest.mark.slow
@pytest.mark.parametrize("theme", ["material", "mkdocs"])
def test_mkdocs_titles_as_the_nav_shows_them_labels_in_the_site_s_language(
    tmp_path: Path, theme: str
):
    language = "language: fr" if theme == "material" else "locale: fr"
    config = f"""
site_name: Titres
site_url: https://example.org/
theme:
  name: {theme}
  {language}
nav:
  - index.md
  - Tutoriel:
      - tuto/one.md
  - qa.md
  - code.md
plugins:
  - sitemap:
      html_sitemap: plan/
"""
    pages = {
        "docs/index.md": "# Accueil\n",
        "docs/tuto/one.md": "# Un\n",
        "docs/qa.md": "# Q&A\n",
        "docs/code.md": "# Use `foo` <em>now</em>\n",
    }
    write_files(tmp_path, {"mkdocs.yml": config, **pages})
    mkdocs_build(tmp_path)
    page = tmp_path / "site" / "plan" / "index.html"
    doc = lxml_html.parse(str(page)).getroot()
    (section,) = doc.xpath("//section[@aria-label='Plan du site']")
    assert doc.xpath("//h1[.='Plan du site']")
    shown = [a.text_content() for a in section.iter("a")]
    assert shown == ["Accueil", "Un", "Q&A", "Use foo now"]  # not "Q&amp;A"
    # The pages after the "Tutoriel" section are a group of their own, in French.
    (more,) = section.xpath("./section[ul/li/a[.='Q&A']]")
    assert more.xpath("./h2")[0].text_content() == "Plus de pages"


@pytest.mark.slow
def test_mkdocs_material_blog_posts_under_the_blog_newest_first(tmp_path: Path):
    config = """
site_name: Blog
site_url: https://example.org/
theme:
  name: material
nav:
  - index.md
  - Blog:
      - blog/index.md
  - about.md
plugins:
  - blog:
      pagination_per_page: 2
      archive: false
      categories: false
  - sitemap:
      html_sitemap: sitemap/
"""
    posts = {
        f"docs/blog/posts/{name}.md": f"---\ndate: {date}\n---\n\n# {title}\n\nText.\n"
        for name, date, title in (
            ("a", "2024-01-01", "Alpha"),
            ("b", "2024-03-01", "Beta"),
            ("c", "2024-02-01", "Gamma"),
        )
    }
    pages = {
        "docs/index.md": "# Home\n",
        "docs/blog/index.md": "# Blog\n",
        "docs/about.md": "# About\n",
    }
    write_files(tmp_path, {"mkdocs.yml": config, **pages, **posts})
    mkdocs_build(tmp_path)
    site = tmp_path / "site"
    base = "https://example.org/"
    assert base + "blog/page/2/" in locs(site / "sitemap.xml")  # a page of the XML sitemap
    doc = lxml_html.parse(str(site / "sitemap" / "index.html")).getroot()
    (section,) = doc.xpath("//section[@class='ssg-sitemap']")
    (blog,) = section.xpath("./section[h2[.='Blog']]")
    titles = [a.text_content() for a in blog.iter("a")]
    assert titles == ["Blog", "Beta", "Gamma", "Alpha"]  # the posts under it, newest first
    listed = _listed(site / "sitemap" / "index.html", base + "sitemap/")
    assert base + "blog/page/2/" not in listed  # the blog's second page is no page to read
    assert not section.xpath(f".//h2[.='{OTHER_LABEL}']")
    assert listed[-1] == base + "about/"
