"""The Sphinx adapter's ``sitemap_filename`` and ``sitemap_sections``: joserfc's language builds
writing one sitemap into the site root. Real ``sphinx-build`` runs in their own process."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from sitemap_core._check import check_site
from sitemap_core._config._options import offered
from tests.adapters.sphinx.conftest import PAGES, sphinx
from tests.conftest import (
    GIT_ENV,
    SEARCH_LISTED,
    SPHINX_BUILD,
    locs,
    write_files,
)

pytestmark = pytest.mark.slow


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


def test_sitemap_preview_detection(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    conf = (
        'extensions = ["ssg_sitemap.sphinx"]\nhtml_baseurl = "https://docs.example.org/"\n'
        'sitemap_url_scheme = "{link}"\n'
    )
    src = write_files(tmp_path / "docs", {"conf.py": conf, **PAGES})
    env = {**GIT_ENV, "VERCEL_ENV": "preview"}
    done = subprocess.run(
        [SPHINX_BUILD, "-b", "html", "-W", str(src), str(tmp_path / "a")],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "a" / "sitemap.xml").is_file()
    assert not (tmp_path / "a" / "robots.txt").exists()
    assert "Vercel preview deployment" in done.stdout
    (src / "conf.py").write_text(conf + "sitemap_preview_detection = False\n")
    done = subprocess.run(
        [SPHINX_BUILD, "-b", "html", "-W", str(src), str(tmp_path / "b")],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (
        "Sitemap: https://docs.example.org/sitemap.xml"
        in (tmp_path / "b" / "robots.txt").read_text()
    )


def test_every_value_of_the_table_is_registered_with_its_default(tmp_path: Path) -> None:
    conf = (
        'project = "p"\nextensions = ["ssg_sitemap.sphinx"]\nhtml_baseurl = "https://e.org/"\n'
        "import json\n"
        "def setup(app):\n"
        "    def dump(app):\n"
        "        names = [n for n in app.config._raw_config.get('NAMES', [])]\n"
        "        values = {n: app.config[n] for n in names}\n"
        "        open(str(app.outdir) + '/../values.json', 'w').write(json.dumps(values))\n"
        "    app.connect('builder-inited', dump)\n"
    )
    names = [o.sphinx for o in offered("sphinx")]
    conf += f"NAMES = {names!r}\n"
    src = write_files(tmp_path / "docs", {"conf.py": conf, **PAGES})
    done = sphinx(src, tmp_path / "out" / "html")
    assert done.returncode == 0, done.stderr
    values = json.loads((tmp_path / "out" / "values.json").read_text())
    assert values == {o.sphinx: o.default_for("sphinx") for o in offered("sphinx")}
    done = sphinx(src, tmp_path / "bad", "-D", "sitemap_hooks_errors=nope")
    assert "sitemap_hooks_errors: 'nope' is not 'fail' or 'warn'" in done.stderr
    done = sphinx(src, tmp_path / "untitled", "-D", "sitemap_html_title= ")
    assert "sitemap_html_title: ' ' is not a non-empty string" in done.stderr


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("sitemap_timezone = 5", "sitemap_timezone: 5 is not a string"),
        ("sitemap_x_default = ['a']", "sitemap_x_default: ['a'] is not a string"),
        ("sitemap_gzip = 2", "sitemap_gzip: 2 is not True or False"),
        ("sitemap_robots = 2", "sitemap_robots: 2 is not True or False"),
        ("sitemap_git_ignore_revs = 'missing-revs'", "sitemap_git_ignore_revs: no file "),
    ],
)
def test_a_value_of_the_wrong_kind_is_a_named_config_error(
    tmp_path: Path, line: str, said: str
) -> None:
    """The option table's kinds, checked once in the core, named in conf.py's spelling."""
    conf = f'extensions = ["ssg_sitemap.sphinx"]\nhtml_baseurl = "https://ex.org/"\n{line}\n'
    src = write_files(tmp_path / "docs", {"conf.py": conf, **PAGES})
    done = sphinx(src, tmp_path / "out")
    assert "Traceback" not in done.stderr and "Extension error" not in done.stderr, done.stderr
    assert f"invalid setting in conf.py: {said}" in done.stderr, done.stderr
    assert not (tmp_path / "out" / "sitemap.xml").exists()
