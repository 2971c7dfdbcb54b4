"""The Sphinx adapter's HTML checks against the canonical links Sphinx writes: packaging's
versioned ``html_baseurl``; URLs that differ from the canonical are a warning naming the fix.
Real ``sphinx-build`` runs in their own process."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sitemap_core._check import check_site
from tests.adapters.sphinx.conftest import PAGES, sphinx
from tests.conftest import (
    lastmods,
    locs,
    write_files,
)

pytestmark = pytest.mark.slow


def canonical(page: Path) -> str:
    found = re.search(r'<link rel="canonical" href="([^"]+)"', page.read_text(encoding="utf-8"))
    assert found is not None, page
    return found.group(1)


def test_an_html_baseurl_ending_with_language_and_version_is_the_pages_folder(
    tmp_path: Path,
) -> None:
    # packaging: html_baseurl https://packaging.pypa.io/en/stable/, version 26.4.dev0, the
    # default sitemap_url_scheme and language. Its sitemap listed .../en/stable/en/26.4.dev0/.
    src = write_files(
        tmp_path / "docs",
        {
            "conf.py": 'project = "packaging"\nversion = release = "26.4.dev0"\n'
            'extensions = ["ssg_sitemap.sphinx"]\n'
            'html_baseurl = "https://packaging.pypa.io/en/stable/"\n',
            **PAGES,
        },
    )
    out = tmp_path / "out"
    done = sphinx(src, out, "-W")
    assert done.returncode == 0, done.stderr
    listed = locs(out / "sitemap.xml")
    assert "https://packaging.pypa.io/en/stable/utils.html" in listed
    for name in ("index.html", "utils.html", "version.html"):
        assert canonical(out / name) in listed, name
    report = check_site(out, "https://packaging.pypa.io/en/stable/")
    assert [f for f in report.findings if f.severity == "error"] == []


def test_every_url_differing_from_the_canonical_links_is_one_info_line_naming_the_fix(
    tmp_path: Path,
) -> None:
    # html_baseurl at the site root and the default scheme: every URL gains en/1.0/ while
    # the pages' canonical links do not. sphinx-sitemap lists the same URLs silently, so a -W
    # build stays green: the line is INFO (``check`` reports each page).
    src = write_files(
        tmp_path / "docs",
        {
            "conf.py": 'project = "p"\nversion = "1.0"\nextensions = ["ssg_sitemap.sphinx"]\n'
            'html_baseurl = "https://docs.example.org/"\n',
            **PAGES,
        },
    )
    done = sphinx(src, tmp_path / "out", "-W")
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stdout.splitlines() if "canonical link" in line]
    assert len(said) == 1, done.stdout
    assert "https://docs.example.org/en/1.0/utils.html" not in said[0]  # a sample: page.html
    assert 'sitemap_url_scheme = "{link}"' in said[0]
    assert "html_baseurl = 'https://docs.example.org/en/1.0/'" in said[0]
    lastmods(tmp_path / "out" / "sitemap.xml")  # the sitemap is written
