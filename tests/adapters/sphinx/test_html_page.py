"""The Sphinx site map page: titles for every page, lists the theme dresses, groups that tell
the truth, words in the project's language."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import html as lxml_html

from tests.conftest import sitemap_warnings, sphinx_build, write_files

pytestmark = pytest.mark.slow

BASE = "https://docs.example.org/"

PROJECT = {
    "conf.py": (
        "import os, sys\n"
        "sys.path.insert(0, os.path.abspath('.'))\n"
        'project = "Demo"\n'
        'extensions = ["sphinx.ext.autodoc", "sphinx.ext.viewcode", "ssg_sitemap.sphinx"]\n'
        f'html_baseurl = "{BASE}"\n'
        'sitemap_url_scheme = "{link}"\n'
        'sitemap_html = "sitemap.html"\n'
    ),
    "index.rst": (
        "Demo\n====\n\n.. toctree::\n\n   tutorial/index\n   templates\n   testing\n   api\n"
    ),
    "tutorial/index.rst": "Tutorial\n========\n\n.. toctree::\n\n   step\n",
    "tutorial/step.rst": "Step\n====\n",
    "templates.rst": "Templates\n=========\n",
    "testing.rst": "Testing\n=======\n",
    "api.rst": "API\n===\n\n.. automodule:: mypkg.logo\n   :members:\n",
    "mypkg/__init__.py": "",
    "mypkg/logo.py": 'def draw():\n    """Draw the logo."""\n',
}


def _section(page: Path) -> lxml_html.HtmlElement:
    doc = lxml_html.parse(str(page)).getroot()
    (section,) = doc.xpath("//section[@class='ssg-sitemap']")
    return section


@pytest.mark.parametrize("theme", ["sphinx_rtd_theme", "alabaster"])
def test_titles_groups_and_the_project_s_language(tmp_path: Path, theme: str):
    src = write_files(tmp_path / "src", PROJECT)
    overrides = {"html_theme": theme, "language": "fr"}
    run = sphinx_build(src, tmp_path / "out", overrides=overrides)
    assert run.statuscode == 0 and not sitemap_warnings(run.warnings), run.warnings
    section = _section(run.out / "sitemap.html")
    assert section.get("aria-label") == "Plan du site"
    assert section.xpath("ancestor::body//h1[.='Plan du site']")
    links = {a.text_content(): a.get("href") for a in section.iter("a")}
    # viewcode's page by its title, not its page name (_modules/mypkg/logo).
    assert "mypkg.logo" in links and links["mypkg.logo"] == "_modules/mypkg/logo.html"
    assert not [t for t in links if t.startswith("_modules")]
    (tutorial,) = section.xpath("./section[h2[.='Tutorial']]")
    assert [a.text_content() for a in tutorial.iter("a")] == ["Tutorial", "Step"]
    # Templates, Testing and API follow the Tutorial section in the toctree: a group of their
    # own, not the Tutorial's.
    (more,) = section.xpath("./section[ul/li/a[.='Templates']]")
    assert more.xpath("./h2")[0].text_content() == "Plus de pages"
    assert section.xpath("./section[h2[.='Autres pages']]")
    # Every list inside a <section> (sphinx_rtd_theme dresses only those); no heading inside
    # a list item.
    assert all(ul.xpath("ancestor::section") for ul in section.iter("ul"))
    assert not section.xpath(".//li/*[self::h2 or self::h3]")


@pytest.mark.parametrize("theme", ["classic", "nature"])
def test_the_page_s_own_table_of_contents_lists_its_sections(tmp_path: Path, theme: str):
    """The themes' local table of contents (localtoc.html) listed only "Site map"."""
    src = write_files(tmp_path / "src", PROJECT)
    run = sphinx_build(src, tmp_path / "out", overrides={"html_theme": theme})
    assert run.statuscode == 0 and not sitemap_warnings(run.warnings), run.warnings
    page = run.out / "sitemap.html"
    doc = lxml_html.parse(str(page)).getroot()
    (box,) = doc.xpath("//div[@class='sphinxsidebarwrapper']")
    links = {
        a.text_content(): a.get("href")
        for a in box.iter("a")
        if a.get("href", "").startswith("#") and a.get("href") != "#"
    }
    assert {"Tutorial", "More pages", "Other pages"} <= set(links)
    for href in links.values():  # each names a heading of the page
        assert href.startswith("#") and doc.xpath(f"//section/*[@id='{href[1:]}']"), href
    assert "ssg-sitemap:toc" not in page.read_text()
