"""The Sphinx adapter on the shapes of real projects: packaging's versioned html_baseurl,
joserfc's language builds writing one sitemap into the site root, a singlehtml build. Real
``sphinx-build`` runs in their own process."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from sitemap_core.check import check_site
from tests.conftest import (
    GIT_ENV,
    SEARCH_LISTED,
    SINGLEHTML_ROOT,
    W_STOPS_AT_FIRST,
    git_commit,
    git_init,
    lastmods,
    locs,
    write_files,
)

pytestmark = pytest.mark.slow

SPHINX_BUILD = str(Path(sys.executable).parent / "sphinx-build")
PAGES = {
    "index.rst": "Home\n====\n\n.. toctree::\n\n   utils\n   version\n",
    "utils.rst": "Utilities\n=========\n\nText.\n",
    "version.rst": "Version handling\n================\n\nText.\n",
}


def sphinx(src: Path, out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [SPHINX_BUILD, "-b", "html", str(src), str(out), *args],
        capture_output=True,
        text=True,
        env=GIT_ENV,
        check=False,
    )


def canonical(page: Path) -> str:
    found = re.search(r'<link rel="canonical" href="([^"]+)"', page.read_text(encoding="utf-8"))
    assert found is not None, page
    return found.group(1)


# -- the default scheme with a versioned html_baseurl ------------------------------------------
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


def test_every_url_differing_from_the_canonical_links_is_a_warning_naming_the_fix(
    tmp_path: Path,
) -> None:
    # html_baseurl at the site root and the default scheme: every URL gains en/1.0/ while
    # the pages' canonical links do not; one of the two is wrong, and -W users must see it.
    src = write_files(
        tmp_path / "docs",
        {
            "conf.py": 'project = "p"\nversion = "1.0"\nextensions = ["ssg_sitemap.sphinx"]\n'
            'html_baseurl = "https://docs.example.org/"\n',
            **PAGES,
        },
    )
    done = sphinx(src, tmp_path / "out", "-W")
    assert done.returncode != 0
    said = [line for line in done.stderr.splitlines() if "canonical link" in line]
    assert len(said) == 1, done.stderr
    assert "https://docs.example.org/en/1.0/utils.html" not in said[0]  # a sample: page.html
    assert 'sitemap_url_scheme = "{link}"' in said[0]
    assert "html_baseurl = 'https://docs.example.org/en/1.0/'" in said[0]
    if not W_STOPS_AT_FIRST:
        lastmods(tmp_path / "out" / "sitemap.xml")  # the sitemap is still written


# -- singlehtml ------------------------------------------------------------------------------
def test_the_singlehtml_page_is_dated_by_the_newest_document_it_holds(tmp_path: Path) -> None:
    repo = git_init(tmp_path / "repo")
    conf = (
        'project = "p"\nextensions = ["ssg_sitemap.sphinx"]\n'
        'html_baseurl = "https://docs.example.org/"\nsitemap_url_scheme = "{link}"\n'
        "sitemap_show_lastmod = True\n"
    )
    git_commit(
        repo,
        {"docs/conf.py": conf, **{f"docs/{k}": v for k, v in PAGES.items()}},
        "2024-01-01T00:00:00+00:00",
    )
    git_commit(
        repo, {"docs/version.rst": PAGES["version.rst"] + "\nMore.\n"}, "2024-03-01T12:00:00+00:00"
    )
    out = tmp_path / "out"
    done = sphinx(repo / "docs", out, "-W", "-b", "singlehtml")
    assert done.returncode == 0, done.stderr
    found = lastmods(out / "sitemap.xml")
    assert found == {"https://docs.example.org/" + SINGLEHTML_ROOT: "2024-03-01T12:00:00Z"}


# -- sphinx-sitemap's sitemap_filename = "../sitemap.xml" ------------------------------------
#: joserfc's conf.py: site_url at the host root, each language built into its own folder of
#: the site, and the sitemap written one folder up, into the site root.
JOSERFC = (
    'project = "joserfc"\nextensions = ["ssg_sitemap.sphinx"]\n'
    'site_url = "https://jose.authlib.org/"\nsitemap_url_scheme = "{lang}{link}"\n'
    'sitemap_filename = "../sitemap.xml"\nsitemap_locales = []\n'
)


def test_a_sitemap_in_the_build_folders_parent_lists_the_builds_pages(tmp_path: Path) -> None:
    src = write_files(tmp_path / "docs", {"conf.py": JOSERFC, **PAGES})
    site = tmp_path / "site"
    done = sphinx(src, site / "en", "-W", "-D", "language=en")
    assert done.returncode == 0, done.stderr
    assert not (site / "en" / "sitemap.xml").exists()
    search = ["https://jose.authlib.org/en/search.html"] if SEARCH_LISTED else []
    assert sorted(locs(site / "sitemap.xml")) == [
        "https://jose.authlib.org/en/genindex.html",
        "https://jose.authlib.org/en/index.html",
        *search,
        "https://jose.authlib.org/en/utils.html",
        "https://jose.authlib.org/en/version.html",
    ]
    # robots.txt at the site root names the file that is there.
    robots = (site / "robots.txt").read_text()
    assert "Sitemap: https://jose.authlib.org/sitemap.xml" in robots
    report = check_site(site)
    assert [f for f in report.findings if f.severity != "info"] == []
    # The second language writing the same file replaces the first one's: a warning names
    # the one-command way to list both.
    done = sphinx(src, site / "zh", "-W", "-D", "language=zh")
    assert done.returncode != 0
    said = [line for line in done.stderr.splitlines() if "another build's pages" in line]
    assert len(said) == 1 and "ssg-sitemap index" in said[0], done.stderr
    assert "https://jose.authlib.org/en/" in said[0]


def test_a_sitemap_in_the_parent_of_a_build_served_at_its_own_base_url(tmp_path: Path) -> None:
    # html_baseurl names the build's folder itself ({link} scheme): the sitemap one folder up
    # is served at the URL above it.
    conf = (
        'project = "p"\nextensions = ["ssg_sitemap.sphinx"]\n'
        'html_baseurl = "https://docs.example.org/en/"\nsitemap_url_scheme = "{link}"\n'
        'sitemap_filename = "../sitemap.xml"\n'
    )
    src = write_files(tmp_path / "docs", {"conf.py": conf, **PAGES})
    site = tmp_path / "site"
    done = sphinx(src, site / "en", "-W")
    assert done.returncode == 0, done.stderr
    assert "https://docs.example.org/en/utils.html" in locs(site / "sitemap.xml")
    assert "Sitemap: https://docs.example.org/sitemap.xml" in (site / "robots.txt").read_text()
    # robots.txt was merged at the site root, and the build says nothing else.
    assert "robots.txt not written" not in done.stdout


def test_sitemap_sections_globs_start_at_the_builds_folder(tmp_path: Path) -> None:
    """sitemap_sections globs name pages as sitemap_excludes do, whatever folder the URL
    scheme puts the build under (the language, a version) or where the sitemap goes."""
    sections = 'sitemap_sections = {"utils*": "utils"}\n'
    src = write_files(tmp_path / "docs", {"conf.py": JOSERFC + sections, **PAGES})
    site = tmp_path / "site"
    done = sphinx(src, site / "en", "-W", "-D", "language=en")
    assert done.returncode == 0, done.stderr
    assert locs(site / "sitemap-utils.xml") == ["https://jose.authlib.org/en/utils.html"]
    assert "https://jose.authlib.org/en/index.html" in locs(site / "sitemap-pages.xml")
    # The default scheme under a site-root html_baseurl: the sitemap in the build's folder.
    conf = (
        'project = "p"\nversion = "1.0"\nextensions = ["ssg_sitemap.sphinx"]\n'
        'html_baseurl = "https://docs.example.org/"\nsuppress_warnings = ["sitemap"]\n'
    )
    src = write_files(tmp_path / "docs2", {"conf.py": conf + sections, **PAGES})
    out = tmp_path / "out"
    done = sphinx(src, out, "-W", "-D", "language=de")
    assert done.returncode == 0, done.stderr
    assert locs(out / "sitemap-utils.xml") == ["https://docs.example.org/de/1.0/utils.html"]


@pytest.mark.parametrize("name", ["../../sitemap.xml", "/tmp/sitemap.xml", "sub/sitemap.xml"])
def test_a_sitemap_filename_leading_elsewhere_is_a_clear_error(tmp_path: Path, name: str) -> None:
    conf = JOSERFC.replace('"../sitemap.xml"', repr(name))
    src = write_files(tmp_path / "docs", {"conf.py": conf, **PAGES})
    done = sphinx(src, tmp_path / "site" / "en", "-D", "language=en")
    assert "sitemap_filename" in done.stderr and "ssg-sitemap index" in done.stderr
    assert "Traceback" not in done.stderr
    assert not list((tmp_path / "site").rglob("sitemap*.xml"))
