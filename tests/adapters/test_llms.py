"""``llms.txt`` from each adapter on a real build: sections and order as the site shows them,
exactly the pages the XML sitemap lists, read back by llmstxt.org's parser."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import (
    llms_parsed,
    locs,
    mkdocs_build,
    pelican_blog,
    run_pelican,
    sphinx_build,
    u,
    write_files,
)

pytestmark = pytest.mark.slow


def _links(parsed: Any) -> list[tuple[str, str, str | None]]:
    return [
        (section, link.title, link.url)
        for section, links in parsed.sections.items()
        for link in links
    ]


MKDOCS_SITE = {
    "mkdocs.yml": """
        site_name: Demo Docs
        site_description: Docs for the demo.
        site_url: https://example.org/
        theme: material
        nav:
          - Home: index.md
          - Getting started:
              - Install: start/install.md
              - First steps: start/first.md
          - Reference:
              - API: ref/api.md
              - CLI: ref/cli.md
        plugins:
          - sitemap:
              llms_txt: true
        """,
    "docs/index.md": "# Welcome\n\nHi.\n",
    "docs/start/install.md": "---\ndescription: Install the demo.\n---\n# Install\n",
    "docs/start/first.md": "# First steps\n",
    "docs/ref/cli.md": "# CLI\n",
    "docs/ref/api.md": "---\nsitemap_exclude: true\n---\n# API\n",
}


def test_mkdocs_nav_sections_and_order(tmp_path: Path) -> None:
    write_files(tmp_path, MKDOCS_SITE, dedent=True)
    proc = mkdocs_build(tmp_path, "--strict")
    site = tmp_path / "site"
    parsed = llms_parsed(site / "llms.txt")
    assert (parsed.title, parsed.summary) == ("Demo Docs", "Docs for the demo.")
    assert [(s, t) for s, t, _ in _links(parsed)] == [
        ("Pages", "Home"),
        ("Getting started", "Install"),
        ("Getting started", "First steps"),
        ("Reference", "CLI"),
    ]
    assert parsed.sections["Getting started"][0].desc == "Install the demo."
    # The theme puts site_description in every page's head: not the page's own description.
    assert "Docs for the demo." in (site / "start" / "first" / "index.html").read_text()
    assert parsed.sections["Getting started"][1].desc is None
    assert {url for _, _, url in _links(parsed)} == set(locs(site / "sitemap.xml"))
    assert "llms.txt " in proc.stderr and " tokens" in proc.stderr
    first = (site / "llms.txt").read_bytes()
    mkdocs_build(tmp_path, "--strict")
    assert (site / "llms.txt").read_bytes() == first


def test_mkdocs_off_by_default(tmp_path: Path) -> None:
    site = {**MKDOCS_SITE}
    site["mkdocs.yml"] = site["mkdocs.yml"].replace("llms_txt: true", "llms_txt: false")
    write_files(tmp_path, site, dedent=True)
    mkdocs_build(tmp_path)
    assert not (tmp_path / "site" / "llms.txt").exists()


def test_sphinx_toctree_captions_and_order(tmp_path: Path) -> None:
    src = write_files(
        tmp_path / "src",
        {
            "conf.py": """
                project = "Sphinx Demo"
                html_baseurl = "https://example.org/"
                extensions = ["ssg_sitemap.sphinx"]
                sitemap_llms_txt = True
                sitemap_url_scheme = "{link}"
                html_theme_options = {"description": "A Sphinx demo."}
                """,
            "index.rst": """
                Home
                ====

                .. toctree::
                   :caption: Guide

                   guide/b
                   guide/a

                .. toctree::
                   :caption: API

                   api
                """,
            "guide/a.rst": "Alpha\n=====\n",
            "guide/b.rst": ":description: All about beta.\n\nBeta\n====\n",
            "api.rst": "API\n===\n",
        },
        dedent=True,
    )
    run = sphinx_build(src, tmp_path / "out")
    assert run.statuscode == 0, run.warnings
    parsed = llms_parsed(tmp_path / "out" / "llms.txt")
    assert (parsed.title, parsed.summary) == ("Sphinx Demo", "A Sphinx demo.")
    sections = [(s, t) for s, t, _ in _links(parsed)]
    assert sections.index(("Guide", "Beta")) < sections.index(("Guide", "Alpha"))
    assert sections.index(("Guide", "Alpha")) < sections.index(("API", "API"))
    assert parsed.sections["Guide"][0].desc == "All about beta."
    listed = {url for _, _, url in _links(parsed)}
    assert listed == set(locs(tmp_path / "out" / "sitemap.xml"))


def test_pelican_categories_and_pages(tmp_path: Path) -> None:
    content = pelican_blog(tmp_path)
    out = tmp_path / "output"
    run_pelican(
        content,
        out,
        SITENAME="Blog",
        SITEDESCRIPTION="A small blog.",
        SITEMAP={"llms_txt": True},
    )
    parsed = llms_parsed(out / "llms.txt")
    assert (parsed.title, parsed.summary) == ("Blog", "A small blog.")
    titles = {t for _, t, _ in _links(parsed)}
    assert {"Old news", "New news", "A dev post", "About"} <= titles
    assert "Left out" not in titles
    assert [link.title for link in parsed.sections["news"]] == ["New news", "Old news"]
    assert parsed.sections["dev"][0].desc == "Body."  # the theme's meta description
    # Pages first (the home page, untitled: the site's name; the static pages; then the
    # listing pages), then one section per category by name, articles newest first.
    assert list(parsed.sections) == ["Pages", "dev", "news"]
    pages = [link.title for link in parsed.sections["Pages"]]
    assert pages[:2] == ["Blog", "About"] and {"Tags", "Archives", "t"} <= set(pages[2:])
    listed = {url for _, _, url in _links(parsed)}
    assert listed == set(locs(out / "sitemap.xml"))
    assert u("pages/about.html") in listed
    # Index pages have no category: they are at the top of the site, not under their folder.
    assert {"Tags", "Archives", "t"} <= {link.title for link in parsed.sections["Pages"]}
