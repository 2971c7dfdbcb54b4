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
    # The general index lists the pages listed here: a listing, out of llms.txt by default.
    genindex = "https://example.org/genindex.html"
    assert listed == set(locs(tmp_path / "out" / "sitemap.xml")) - {genindex}
    assert genindex in locs(tmp_path / "out" / "sitemap.xml")


def test_pelican_categories_and_pages(tmp_path: Path) -> None:
    content = pelican_blog(tmp_path)
    out = tmp_path / "output"
    run_pelican(
        content,
        out,
        SITENAME="Blog",
        SITEDESCRIPTION="A small blog.",
        SITEMAP={"llms_txt": True, "llms_listings": True},
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


def test_mkdocs_flat_nav_without_description_one_section_named_by_the_site(
    tmp_path: Path,
) -> None:
    # No site_description: the theme writes content="None" in the home page's head, which is
    # no summary; a nav without sections is one group, not one per folder (`## install`).
    write_files(
        tmp_path,
        {
            "mkdocs.yml": "site_name: Demo\nsite_url: https://example.org/\n"
            "nav:\n  - Home: index.md\n  - Install: install/index.md\n"
            "  - Usage: install/usage.md\nplugins:\n  - sitemap:\n      llms_txt: true\n",
            "docs/index.md": "# Welcome\n",
            "docs/install/index.md": "# Install\n",
            "docs/install/usage.md": "# Usage\n",
        },
    )
    mkdocs_build(tmp_path, "--strict")
    text = (tmp_path / "site" / "llms.txt").read_text(encoding="utf-8")
    assert 'content="None"' in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "None" not in text
    parsed = llms_parsed(tmp_path / "site" / "llms.txt")
    assert [(s, t) for s, t, _ in _links(parsed)] == [
        ("Demo", "Home"),
        ("Demo", "Install"),
        ("Demo", "Usage"),
    ]


def test_sphinx_index_pages_out_and_a_caption_s_colon_dropped(tmp_path: Path) -> None:
    src = write_files(
        tmp_path / "src",
        {
            "conf.py": 'project = "Demo"\nhtml_baseurl = "https://example.org/"\n'
            'extensions = ["ssg_sitemap.sphinx"]\nsitemap_llms_txt = True\n'
            'sitemap_url_scheme = "{link}"\n',
            "index.rst": "Home\n====\n\n.. toctree::\n   :caption: Contents:\n\n   a\n",
            "a.rst": "A\n=\n\n.. py:function:: f()\n",
        },
    )
    run = sphinx_build(src, tmp_path / "out")
    assert run.statuscode == 0, run.warnings
    parsed = llms_parsed(tmp_path / "out" / "llms.txt")
    assert list(parsed.sections) == ["Pages", "Contents"]
    listed = {url for _, _, url in _links(parsed)}
    in_sitemap = set(locs(tmp_path / "out" / "sitemap.xml"))
    base = "https://example.org/"
    listings = {base + "genindex.html", base + "py-modindex.html"} & in_sitemap
    assert base + "genindex.html" in listings
    assert listed == in_sitemap - listings


def test_pelican_tag_and_pagination_pages_out_the_home_page_stays(tmp_path: Path) -> None:
    content = pelican_blog(tmp_path)
    out = tmp_path / "output"
    run_pelican(content, out, SITENAME="Blog", DEFAULT_PAGINATION=1, SITEMAP={"llms_txt": True})
    parsed = llms_parsed(out / "llms.txt")
    listed = {url for _, _, url in _links(parsed)}
    in_sitemap = set(locs(out / "sitemap.xml"))
    assert u("page/2/") in in_sitemap or u("index2.html") in in_sitemap
    assert u("tag/t.html") in in_sitemap and u("tag/t.html") not in listed
    assert not {url for url in listed if url and ("index2" in url or "/tag/" in url)}
    assert parsed.sections["Pages"][0].url == u("")  # the home page, a listing too, stays
    assert {"Old news", "New news", "A dev post", "About"} <= {t for _, t, _ in _links(parsed)}


def test_mkdocs_markdown_description_after_the_summary(tmp_path: Path) -> None:
    # mkdocs-llmstxt's markdown_description: uv and Pydantic tell agents how to read the docs.
    write_files(
        tmp_path,
        {
            "mkdocs.yml": "site_name: Demo\nsite_description: Docs.\n"
            "site_url: https://example.org/\nplugins:\n  - sitemap:\n      llms_txt: true\n"
            "      llms_markdown_description: |\n        Fetch `/llms-full.txt` first.\n\n"
            "        - Ask [us](https://example.org/help/).\n",
            "docs/index.md": "# Welcome\n",
        },
    )
    mkdocs_build(tmp_path, "--strict")
    parsed = llms_parsed(tmp_path / "site" / "llms.txt")
    assert parsed.summary == "Docs."
    assert "Fetch `/llms-full.txt` first." in parsed.info
    assert "- Ask [us](https://example.org/help/)." in parsed.info
    assert list(parsed.sections) == ["Demo"]
