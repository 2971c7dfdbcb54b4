"""``llms_markdown`` and ``llms_full`` on real builds: a twin for exactly the pages the XML
sitemap lists, its front matter's lastmod the sitemap's, the page's content without the
theme, llms.txt linking the twins, llms-full.txt read by llmstxt.org's parser."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from llms_txt import parse_llms_file

from tests.conftest import (
    SITEURL,
    lastmods,
    mkdocs_build,
    pelican_blog,
    run_pelican,
    sphinx_build,
    write_files,
)

pytestmark = pytest.mark.slow

MKDOCS_SITE = {
    "mkdocs.yml": """
        site_name: Twin Docs
        site_url: https://example.org/
        theme: material
        nav:
          - Home: index.md
          - Guide:
              - Install: guide/install.md
              - Hidden: guide/hidden.md
        markdown_extensions:
          - admonition
          - pymdownx.highlight:
              pygments_lang_class: true
          - pymdownx.superfences
        plugins:
          - sitemap:
              llms_markdown: true
              llms_full: true
        """,
    "docs/index.md": """
        ---
        date: 2024-03-04
        ---
        # Welcome

        Read [the install guide](guide/install.md) first.

        ```python
        print("twin")
        ```

        | option | meaning |
        | --- | --- |
        | `a|b` | either |
        """,
    "docs/guide/install.md": "# Install\n\n!!! note\n    Needs Python.\n",
    "docs/guide/hidden.md": "---\nsitemap_exclude: true\n---\n# Hidden\n",
}


def _twin_files(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("*.html.md")}


def _front_matter(text: str) -> dict[str, str]:
    head = text.split("\n---\n", 1)[0].removeprefix("---\n")
    return {k: v.strip().strip('"') for k, v in (line.split(":", 1) for line in head.splitlines())}


@pytest.fixture(scope="module")
def mkdocs_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("twins")
    write_files(root, MKDOCS_SITE, dedent=True)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    subprocess.run([*git, "commit", "-qm", "docs"], cwd=root, check=True)
    mkdocs_build(root, "--strict")
    return root


def test_mkdocs_a_twin_for_each_listed_page(mkdocs_site: Path) -> None:
    site = mkdocs_site / "site"
    listed = lastmods(site / "sitemap.xml")
    assert set(listed) == {"https://example.org/", "https://example.org/guide/install/"}
    assert _twin_files(site) == {"index.html.md", "guide/install/index.html.md"}
    for loc, lastmod in listed.items():
        rel = loc.removeprefix("https://example.org/") + "index.html.md"
        meta = _front_matter((site / rel).read_text(encoding="utf-8"))
        assert meta["url"] == loc
        assert meta.get("lastmod") == lastmod
    assert _front_matter((site / "index.html.md").read_text(encoding="utf-8"))["title"] == ("Home")


def test_mkdocs_twin_is_the_content_only(mkdocs_site: Path) -> None:
    text = (mkdocs_site / "site" / "index.html.md").read_text(encoding="utf-8")
    assert '```python\nprint("twin")\n```' in text
    assert "[the install guide](https://example.org/guide/install/)" in text
    assert r"`a\|b`" in text  # the cell's pipe does not end it
    assert "# Welcome" in text
    # Neither the navigation, the header, the footer nor the headings' permalinks.
    for chrome in ("Skip to content", "Made with", "Twin Docs", "¶", "Hidden"):
        assert chrome not in text.split("\n---\n", 1)[1], chrome
    install = (mkdocs_site / "site" / "guide/install/index.html.md").read_text()
    assert "Needs Python." in install


def test_mkdocs_llms_txt_links_the_twins_and_full_is_parsed(mkdocs_site: Path) -> None:
    site = mkdocs_site / "site"
    parsed = parse_llms_file((site / "llms.txt").read_text(encoding="utf-8"))
    urls = {link.url for links in parsed.sections.values() for link in links}
    assert urls == {
        "https://example.org/index.html.md",
        "https://example.org/guide/install/index.html.md",
    }
    full_text = (site / "llms-full.txt").read_text(encoding="utf-8")
    full = parse_llms_file(full_text)
    assert full.title == "Twin Docs"
    assert full_text.index("# Welcome") < full_text.index("# Install")
    assert "Source: https://example.org/guide/install/index.html.md" in full_text


def test_mkdocs_rebuild_is_byte_identical(mkdocs_site: Path, tmp_path: Path) -> None:
    site = mkdocs_site / "site"
    before = tmp_path / "before"
    shutil.copytree(site, before)
    mkdocs_build(mkdocs_site, "--strict")
    for path in before.rglob("*"):
        if path.name.endswith((".md", ".txt")) and path.is_file():
            assert (site / path.relative_to(before)).read_bytes() == path.read_bytes(), path


def test_sphinx_twins_beside_the_html_files(tmp_path: Path) -> None:
    src = write_files(
        tmp_path / "src",
        {
            "conf.py": """
                project = "Sphinx Twins"
                html_baseurl = "https://example.org/"
                extensions = ["ssg_sitemap.sphinx"]
                sitemap_llms_markdown = True
                sitemap_url_scheme = "{link}"
                """,
            "index.rst": """
                Home
                ====

                .. toctree::

                   guide

                .. code-block:: python

                   print("sphinx twin")
                """,
            "guide.rst": "Guide\n=====\n\nSee :doc:`index`.\n",
        },
        dedent=True,
    )
    out = tmp_path / "out"
    run = sphinx_build(src, out)
    assert run.statuscode == 0, run.warnings
    listed = set(lastmods(out / "sitemap.xml"))
    assert {"https://example.org/index.html", "https://example.org/guide.html"} <= listed
    assert _twin_files(out) == {loc.removeprefix("https://example.org/") + ".md" for loc in listed}
    index = (out / "index.html.md").read_text(encoding="utf-8")
    assert '```python\nprint("sphinx twin")\n```' in index
    assert "¶" not in index and "Navigation" not in index
    assert "(https://example.org/index.html)" in (out / "guide.html.md").read_text()
    parsed = parse_llms_file((out / "llms.txt").read_text(encoding="utf-8"))
    urls = {link.url for links in parsed.sections.values() for link in links}
    # The general index is a listing: its twin is written, llms.txt leaves it out.
    assert urls == {loc + ".md" for loc in listed if not loc.endswith("genindex.html")}


def test_pelican_twins_for_exactly_the_listed_pages(tmp_path: Path) -> None:
    out = tmp_path / "output"
    run_pelican(pelican_blog(tmp_path), out, SITENAME="Blog", SITEMAP={"llms_full": True})
    listed = lastmods(out / "sitemap.xml")
    twins = {
        (loc.removeprefix(SITEURL + "/") + ("index.html" if loc.endswith("/") else "") + ".md"): (
            lastmod
        )
        for loc, lastmod in listed.items()
    }
    found = {p.relative_to(out).as_posix() for p in out.rglob("*.md")}
    assert found == set(twins)
    for rel, lastmod in twins.items():
        assert _front_matter((out / rel).read_text(encoding="utf-8")).get("lastmod") == lastmod
    assert parse_llms_file((out / "llms-full.txt").read_text(encoding="utf-8")).title == "Blog"


def test_sphinx_signatures_are_code_and_admonitions_quotes(tmp_path: Path) -> None:
    src = write_files(
        tmp_path / "src",
        {
            "conf.py": 'project = "Api"\nhtml_baseurl = "https://example.org/"\n'
            'extensions = ["ssg_sitemap.sphinx"]\nsitemap_llms_markdown = True\n'
            'sitemap_url_scheme = "{link}"\n',
            "index.rst": "Api\n===\n\n"
            ".. py:function:: fetch(headers: Mapping[str, str | None], *, timeout: float = 1)"
            " -> dict[str, int]\n\n   Fetch it.\n\n"
            ".. important::\n\n   Read this first.\n\n"
            ".. warning::\n\n   - one\n   - two\n",
        },
    )
    run = sphinx_build(src, tmp_path / "out")
    assert run.statuscode == 0, run.warnings
    twin = (tmp_path / "out" / "index.html.md").read_text(encoding="utf-8")
    assert (
        "`fetch(headers: Mapping[str, str | None], *, timeout: float = 1) → dict[str, int]`\n"
        ":   Fetch it." in twin
    )
    assert "**[**" not in twin and "¶" not in twin
    assert "> **Important:** Read this first." in twin
    assert "> **Warning:**\n>\n> - one\n> - two" in twin
