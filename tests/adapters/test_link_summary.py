"""The build's line on links, in real MkDocs, Sphinx and Pelican builds: it counts what ``check``
finds on the built site (``orphan``, ``link-broken``), it is information (``--strict``, ``-W``
and ``--fatal warnings`` stay green), and ``html_sitemap_orphans`` marks the orphans on the
site's themed site map page."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from lxml import html as lxml_html

from sitemap_core._check import check_site
from tests.conftest import SITEURL, mkdocs_build, sphinx_build, write, write_files

pytestmark = pytest.mark.slow
_LINE = re.compile(r"sitemap: (?:(\d+) orphan pages?)?(?:, )?(?:(\d+) broken internal links?)? \(")


def said(log: str) -> tuple[int, int]:
    """``(orphans, broken)`` as the build's line says them; ``(0, 0)`` when it says nothing."""
    found = [m for m in _LINE.finditer(log) if m.group(1) or m.group(2)]
    assert len(found) <= 1, log
    return (int(found[0].group(1) or 0), int(found[0].group(2) or 0)) if found else (0, 0)


def checked(site: Path) -> tuple[int, int]:
    """``(orphan, link-broken)`` findings of ``ssg-sitemap check SITE``."""
    codes = [finding.code for finding in check_site(site).findings]
    return codes.count("orphan"), codes.count("link-broken")


def marked(page: Path) -> list[str]:
    """The links the site map page marks as orphans."""
    tree = lxml_html.fromstring(page.read_bytes())
    return [str(a.get("href")) for a in tree.iterfind(".//a[@class='ssg-sitemap-orphan']")]


MKDOCS = {
    "docs/index.md": '# Home\n\n[Guide](guide.md) <a href="nowhere/">gone</a>\n',
    "docs/guide.md": "# Guide\n\n<a href='../gone.html'>gone too</a>\n",
    "docs/orphan.md": "# Orphan\n\nNo page links here.\n",
}


def test_mkdocs_says_what_check_finds_and_strict_stays_green(tmp_path: Path) -> None:
    conf = "site_name: L\nsite_url: https://example.org/\nnav: [index.md, guide.md]\n"
    on = "not_in_nav: orphan.md\nplugins:\n  - sitemap:\n      link_summary: true\n"
    write_files(tmp_path, {**MKDOCS, "mkdocs.yml": conf + on})
    proc = mkdocs_build(tmp_path, "--strict")
    assert said(proc.stderr) == checked(tmp_path / "site") == (1, 2), proc.stderr
    assert "ssg-sitemap check site lists them" in proc.stderr
    # Off by default: no line.
    (tmp_path / "mkdocs.yml").write_text(conf + "not_in_nav: orphan.md\nplugins: [sitemap]\n")
    assert said(mkdocs_build(tmp_path, "--strict").stderr) == (0, 0)


def test_mkdocs_marks_the_orphans_on_its_site_map_page(tmp_path: Path) -> None:
    conf = (
        "site_name: L\nsite_url: https://example.org/\nnav: [index.md, guide.md]\n"
        "not_in_nav: orphan.md\nplugins:\n  - sitemap:\n      html_sitemap: map/\n"
    )
    write_files(
        tmp_path,
        {
            **MKDOCS,
            "mkdocs.yml": conf + "      html_sitemap_orphans: true\n      link_summary: true\n",
        },
    )
    proc = mkdocs_build(tmp_path, "--strict")
    # The site map page's own list is no page's link: the orphan stays one (and the page, which
    # nothing links, is one too).
    assert said(proc.stderr) == (2, 2), proc.stderr
    assert marked(tmp_path / "site" / "map" / "index.html") == ["../orphan/"]
    page = (tmp_path / "site" / "map" / "index.html").read_text()
    assert '<small class="ssg-sitemap-orphan-label">(no page links it)</small>' in page
    # A check after the build agrees: the filled list (between our markers) is no page's link.
    assert checked(tmp_path / "site") == said(proc.stderr)
    (tmp_path / "mkdocs.yml").write_text(conf)  # the option's default: nothing marked
    mkdocs_build(tmp_path, "--strict")
    assert marked(tmp_path / "site" / "map" / "index.html") == []


SPHINX = {
    "index.rst": "Home\n====\n\n.. toctree::\n\n   guide\n",
    "guide.rst": "Guide\n=====\n\n.. raw:: html\n\n   <a href='gone.html'>gone</a>\n",
    "lonely.rst": ":orphan:\n\nLonely\n======\n\nNo page links here.\n",
}


def test_sphinx_says_what_check_finds_under_w(tmp_path: Path) -> None:
    conf = "extensions = ['ssg_sitemap.sphinx']\nhtml_baseurl = 'https://example.org/'\n"
    write_files(tmp_path / "src", {**SPHINX, "conf.py": conf + "sitemap_link_summary = True\n"})
    run = sphinx_build(tmp_path / "src", tmp_path / "html", strict=True)
    assert run.statuscode == 0, run.warnings
    counts = checked(run.out)
    assert counts[0] >= 1 and counts[1] == 1, counts  # lonely.html (and Sphinx's own pages)
    assert said(run.status) == counts, run.status


def test_sphinx_marks_the_orphans_on_its_site_map_page(tmp_path: Path) -> None:
    conf = (
        "extensions = ['ssg_sitemap.sphinx']\nhtml_baseurl = 'https://example.org/'\n"
        "sitemap_html = 'sitemap.html'\nsitemap_html_orphans = True\n"
    )
    write_files(tmp_path / "src", {**SPHINX, "conf.py": conf})
    run = sphinx_build(tmp_path / "src", tmp_path / "html", strict=True)
    assert run.statuscode == 0, run.warnings
    shown = marked(run.out / "sitemap.html")
    assert "lonely.html" in shown and "guide.html" not in shown, shown  # genindex.html: one too


def _pelican(root: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    write(
        root / "conf.py",
        f"SITEURL = {SITEURL!r}\nPATH = 'content'\nTIMEZONE = 'UTC'\nPLUGINS = ['sitemap']\n"
        "FEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\nAUTHOR_FEED_ATOM = None\n"
        "AUTHOR_FEED_RSS = None\nTRANSLATION_FEED_ATOM = None\n" + "".join(extra),
    )
    pelican = Path(sys.executable).parent / "pelican"
    return subprocess.run(
        [str(pelican), "content", "-s", "conf.py", "-o", "output", "--fatal", "warnings", "-v"],
        cwd=root,
        env={**os.environ, "COLUMNS": "400"},  # Rich wraps its log lines at the width
        capture_output=True,
        text=True,
        check=False,
    )


def _blog(root: Path) -> None:
    for name, day in (("old", 1), ("new", 2)):
        write(
            root / f"content/{name}.md",
            f"Title: {name}\nDate: 2024-01-0{day}\nCategory: news\n\nBody.\n",
        )
    write(
        root / "content/linked.md",
        'Title: Linked\nDate: 2024-04-01\nCategory: news\n\n<a href="/missing.html">missing</a>\n',
    )


def test_pelican_says_what_check_finds_under_fatal_warnings(tmp_path: Path) -> None:
    _blog(tmp_path)
    done = _pelican(tmp_path, "SITEMAP = {'link_summary': True}\n")
    assert done.returncode == 0, done.stdout + done.stderr
    counts = checked(tmp_path / "output")
    assert counts[0] >= 1 and counts[1] == 1, counts  # archives.html, by the default theme
    assert said(done.stdout + done.stderr) == counts, done.stdout + done.stderr


def test_pelican_marks_the_orphans_on_its_site_map_page(tmp_path: Path) -> None:
    _blog(tmp_path)
    done = _pelican(tmp_path, "SITEMAP = {'html_sitemap': 'sitemap.html', 'html_orphans': True}\n")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "archives.html" in marked(tmp_path / "output" / "sitemap.html")
