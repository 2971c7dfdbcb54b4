"""``<link rel="alternate" type="text/markdown">`` naming each page's Markdown twin, added
while MkDocs and Sphinx render the page: exactly on the pages the XML sitemap lists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sitemap_core._llms import twin_url
from tests.conftest import locs, mkdocs_build, sphinx_build, write_files

pytestmark = pytest.mark.slow

BASE = "https://example.org/"
_LINK = re.compile(r'<link rel="alternate" type="text/markdown" href="([^"]*)">')


def _links(site: Path) -> dict[str, list[str]]:
    """The twin links in each built page's head, by the page's path in the site."""
    found = {}
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        head = text[: text.find("</head>")]
        found[page.relative_to(site).as_posix()] = _LINK.findall(head)
    return found


def _assert_links(site: Path, linked: dict[str, str]) -> None:
    """Exactly the pages of ``linked`` (built file: its sitemap URL) link their twin."""
    assert set(linked.values()) <= set(locs(site / "sitemap.xml"))
    expected = {path: [twin_url(loc)] for path, loc in linked.items()}
    assert {path: hrefs for path, hrefs in _links(site).items() if hrefs} == expected
    # Each link names a twin the build wrote.
    assert all((site / f"{path}.md").is_file() for path in linked)


MKDOCS_SITE = {
    "mkdocs.yml": f"""
        site_name: Twins
        site_url: {BASE}
        hooks: [hooks.py]
        plugins:
          - sitemap:
              llms_txt: true
              llms_markdown: true
              exclude: ["private/*"]
        """,
    # A plugin (here the site's hook) that marks a page noindex while it renders: ours
    # runs last and sees it.
    "hooks.py": """
        def on_post_page(output, page, config):
            if page.file.src_uri == "hidden.md":
                return output.replace("<head>", '<head><meta name="robots" content="noindex">')
            return output
        """,
    "docs/index.md": "# Home\n",
    "docs/guide/intro.md": "# Intro\n",
    "docs/excluded.md": "---\nsitemap_exclude: true\n---\n# Excluded\n",
    "docs/private/notes.md": "# Notes\n",
    "docs/hidden.md": "# Hidden\n",
}


def test_mkdocs_links_the_twins_of_listed_pages(tmp_path: Path) -> None:
    write_files(tmp_path, MKDOCS_SITE, dedent=True)
    mkdocs_build(tmp_path)
    site = tmp_path / "site"
    assert set(locs(site / "sitemap.xml")) == {BASE, BASE + "guide/intro/"}
    _assert_links(site, {"index.html": BASE, "guide/intro/index.html": BASE + "guide/intro/"})


SPHINX_SITE = {
    "conf.py": f"""
        project = "Twins"
        extensions = ["ssg_sitemap.sphinx"]
        html_baseurl = "{BASE}"
        sitemap_url_scheme = "{{link}}"
        sitemap_excludes = ["private/"]
        sitemap_llms_txt = True
        sitemap_llms_markdown = True
        """,
    "index.rst": "Home\n====\n\n.. toctree::\n\n   intro\n   excluded\n   private\n   hidden\n",
    "intro.rst": "Intro\n=====\n\nText.\n",
    "excluded.rst": ":sitemap_exclude: true\n\nExcluded\n========\n\nx\n",
    "private.rst": "Private\n=======\n\nx\n",
    "hidden.rst": ".. meta::\n   :robots: noindex\n\nHidden\n======\n\nx\n",
}


def test_sphinx_links_the_twins_of_listed_documents(tmp_path: Path) -> None:
    write_files(tmp_path, SPHINX_SITE, dedent=True)
    out = tmp_path / "_build"
    sphinx_build(tmp_path, out, "dirhtml")
    listed = set(locs(out / "sitemap.xml"))
    assert {BASE + "excluded/", BASE + "private/", BASE + "hidden/"}.isdisjoint(listed)
    # Generated pages (genindex) are listed, but are no document: no link.
    _assert_links(out, {"index.html": BASE, "intro/index.html": BASE + "intro/"})
