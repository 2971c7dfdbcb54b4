"""The Sphinx adapter on small copies of real project layouts: autodoc outside the
project, Read the Docs' conf.py, includes outside the docs folder, language builds, viewcode
and index pages, and settings that real conf.py files get wrong. Real ``sphinx-build`` runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import (
    GIT_ENV,
    OLD_PAGEURL,
    SPHINX_BUILD,
    git,
    git_commit,
    git_init,
    lastmods,
    write_files,
)

pytestmark = pytest.mark.slow

BASE = "https://docs.example.org/"


def sphinx_cli(
    src: Path, out: Path, *args: str, env: dict[str, str] | None = None, quiet: bool = True
) -> subprocess.CompletedProcess[str]:
    """``sphinx-build -b html SRC OUT ARGS`` in its own process, git's identity pinned."""
    return subprocess.run(
        [SPHINX_BUILD, *(["-q"] if quiet else []), "-b", "html", str(src), str(out), *args],
        capture_output=True,
        text=True,
        env={**GIT_ENV, **(env or {})},
        check=False,
    )


def conf(*lines: str) -> str:
    """A conf.py with the extension, the base URL, ``{link}`` URLs and git lastmod."""
    head = [
        "import os, sys, pathlib",
        'extensions = ["sphinx.ext.autodoc", "ssg_sitemap.sphinx"]',
        f'html_baseurl = "{BASE}"',
        'sitemap_url_scheme = "{link}"',
        "sitemap_show_lastmod = True",
    ]
    return "\n".join([*head, *lines]) + "\n"


# -- 1. shallow clones: only the project's own repository may warn ---------------------------
def _shallow_clone(tmp_path: Path, name: str, files: dict[str, str]) -> Path:
    origin = git_init(tmp_path / f"{name}-origin")
    git_commit(origin, files, "2024-01-01T00:00:00+00:00")
    git_commit(origin, {"later.txt": "2"}, "2024-02-01T00:00:00+00:00")
    clone = tmp_path / name
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{origin}", str(clone))
    return clone


def test_shallow_foreign_repository_is_not_a_warning(tmp_path: Path) -> None:
    # A pyenv-like install: a shallow clone whose versions/ folder (ignored) holds the module
    # autodoc imports; the project's own repository has its full history.
    pyenv = _shallow_clone(tmp_path, "pyenv", {".gitignore": "versions/\n", "README": "1"})
    write_files(pyenv, {"versions/lib/foreignmod.py": '"""Foreign."""\n\nX = 1\n'})
    project = git_init(tmp_path / "project")
    lib = pyenv / "versions" / "lib"
    files = {
        "docs/conf.py": conf(f"sys.path.insert(0, {str(lib)!r})"),
        "docs/index.rst": "Home\n====\n\n.. toctree::\n\n   api\n",
        "docs/api.rst": "API\n===\n\n.. automodule:: foreignmod\n   :members:\n",
    }
    git_commit(project, files, "2024-03-01T00:00:00+00:00")
    proc = sphinx_cli(project / "docs", tmp_path / "out", "-W")
    assert proc.returncode == 0, proc.stderr
    assert "shallow" not in proc.stderr
    found = lastmods(tmp_path / "out" / "sitemap.xml")
    assert found[BASE + "api.html"] == "2024-03-01T00:00:00Z"


def test_shallow_project_repository_is_said_at_info(tmp_path: Path) -> None:
    files = {
        "docs/conf.py": conf(),
        "docs/index.rst": "Home\n====\n",
    }
    clone = _shallow_clone(tmp_path, "project", files)
    proc = sphinx_cli(clone / "docs", tmp_path / "out", "-W", quiet=False)
    assert proc.returncode == 0, proc.stderr
    assert "is a shallow clone: 1 page(s)" in proc.stdout and "fetch-depth: 0" in proc.stdout
    assert "shallow" not in proc.stderr


# -- 2. Read the Docs --------------------------------------------------------------------------
RTD_URL = "https://proj.readthedocs.io/en/latest/"
RTD_CONF = """
import os
project = "proj"
version = release = "1.0"
language = "en"
extensions = ["ssg_sitemap.sphinx"]
html_baseurl = os.environ.get("READTHEDOCS_CANONICAL_URL", "/")
"""


def canonical_of(page: Path) -> str | None:
    """The ``<link rel="canonical">`` a built page carries."""
    from lxml import html

    for link in html.parse(str(page)).iterfind(".//link"):
        if link.get("rel") == "canonical":
            return str(link.get("href"))
    return None


def test_read_the_docs_template_conf_lists_the_canonical_urls(tmp_path: Path) -> None:
    src = write_files(
        tmp_path / "docs",
        {
            "conf.py": RTD_CONF,
            "index.rst": "Home\n====\n\n.. toctree::\n\n   guide/intro\n",
            "guide/intro.rst": "Intro\n=====\n",
        },
    )
    out = tmp_path / "out"
    proc = sphinx_cli(src, out, "-W", env={"READTHEDOCS_CANONICAL_URL": RTD_URL})
    assert proc.returncode == 0, proc.stderr
    found = lastmods(out / "sitemap.xml")
    assert RTD_URL + "guide/intro.html" in found
    for loc in found:
        page = out / loc.removeprefix(RTD_URL)
        assert canonical_of(page) == loc


# -- 3. one git log pass a build -----------------------------------------------------------------
def _git_spy(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """A ``git`` first on PATH that logs each call and runs the real git."""
    real = subprocess.run(["which", "git"], capture_output=True, text=True, check=True)
    folder = tmp_path / "spy"
    folder.mkdir()
    log = tmp_path / "git-calls.log"
    spy = folder / "git"
    spy.write_text(f'#!/bin/sh\necho "$*" >> {log}\nexec {real.stdout.strip()} "$@"\n')
    spy.chmod(0o755)
    return {"PATH": f"{folder}{os.pathsep}{os.environ['PATH']}"}, log


def _log_passes(log: Path) -> int:
    calls = log.read_text().splitlines() if log.exists() else []
    log.unlink(missing_ok=True)
    return sum(1 for call in calls if " log HEAD " in f" {call} ")


def test_one_git_log_pass_with_includes_outside_the_docs(tmp_path: Path) -> None:
    project = git_init(tmp_path / "project")
    files = {
        "CHANGES.rst": "Changes\n=======\n",
        "src/pkg/__init__.py": "",
        "src/pkg/mod.py": '"""The module."""\n\n\ndef f():\n    """F."""\n',
        "docs/conf.py": conf(
            "sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / 'src'))"
        ),
        "docs/index.rst": "Home\n====\n\n.. toctree::\n\n   api\n   changes\n",
        "docs/api.rst": "API\n===\n\n.. automodule:: pkg.mod\n   :members:\n",
        "docs/changes.rst": ".. include:: ../CHANGES.rst\n",
    }
    git_commit(project, files, "2024-01-01T00:00:00+00:00")
    git_commit(project, {"CHANGES.rst": "Changes\n=======\n\n1.1\n"}, "2024-02-01T00:00:00+00:00")
    git_commit(project, {"src/pkg/mod.py": '"""The module, v2."""\n'}, "2024-03-01T00:00:00+00:00")
    env, log = _git_spy(tmp_path)
    out = tmp_path / "out"
    for build in ("fresh", "no change", "fresh again"):
        args = ("-E",) if build == "fresh again" else ()
        proc = sphinx_cli(project / "docs", out, *args, env=env)
        assert proc.returncode == 0, proc.stderr
        assert _log_passes(log) == 1, build
        found = lastmods(out / "sitemap.xml")
        assert found[BASE + "changes.html"] == "2024-02-01T00:00:00Z"
        assert found[BASE + "api.html"] == "2024-03-01T00:00:00Z"


# -- 4. check agrees with the adapter ------------------------------------------------------------
SSG_SITEMAP = str(Path(sys.executable).parent / "ssg-sitemap")
PAGES = {
    "index.rst": "Home\n====\n\n.. toctree::\n\n   guide\n",
    "guide.rst": "Guide\n=====\n",
}


def check(site: Path, *args: str) -> tuple[int, dict[str, Any]]:
    """``ssg-sitemap check SITE --strict --format json ARGS``: exit status and report."""
    proc = subprocess.run(
        [SSG_SITEMAP, "check", str(site), "--strict", "--format", "json", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    return proc.returncode, json.loads(proc.stdout)


@pytest.mark.skipif(OLD_PAGEURL, reason="Sphinx's canonical has no fragment before 8.1")
def test_check_takes_a_singlehtml_canonical_with_a_fragment_as_the_same_page(
    tmp_path: Path,
) -> None:
    src = write_files(tmp_path / "docs", {"conf.py": conf(), **PAGES})
    out = tmp_path / "out"
    proc = sphinx_cli(src, out, "-W", "-b", "singlehtml")
    assert proc.returncode == 0, proc.stderr
    assert "#document-index" in (canonical_of(out / "index.html") or "")
    status, report = check(out)
    assert status == 0, report["findings"]
    assert report["urls"] >= 1


def test_check_falls_back_to_the_sites_own_sitemap_when_robots_points_elsewhere(
    tmp_path: Path,
) -> None:
    robots = "User-agent: *\nSitemap: https://elsewhere.example.org/sitemap.xml\n"
    src = write_files(
        tmp_path / "docs",
        {
            "conf.py": conf('html_extra_path = ["extra"]', "sitemap_robots = False"),
            "extra/robots.txt": robots,
            **PAGES,
        },
    )
    out = tmp_path / "out"
    assert sphinx_cli(src, out, "-W").returncode == 0
    status, report = check(out, "--base-url", BASE)
    assert status == 0, report["findings"]
    assert report["urls"] == len(lastmods(out / "sitemap.xml")) > 0
    # Nothing of the site's own to fall back to: a failure that says why, never "OK".
    (out / "sitemap.xml").unlink()
    status, report = check(out, "--base-url", BASE)
    assert status == 1 and report["urls"] == 0
    assert any("elsewhere.example.org" in f["message"] for f in report["findings"])


TRANSLATED = {
    **PAGES,
    "locales/en/LC_MESSAGES/.keep": "",
    "locales/ja/LC_MESSAGES/.keep": "",
}


def translated_conf(baseurl: str) -> str:
    return "\n".join(
        [
            'extensions = ["ssg_sitemap.sphinx"]',
            f'html_baseurl = "{baseurl}"',
            'locale_dirs = ["locales"]',
            'language = "ja"',
        ]
    )


def test_html_baseurl_with_the_language_gives_matching_canonicals(tmp_path: Path) -> None:
    src = write_files(tmp_path / "docs", {"conf.py": translated_conf(BASE + "ja/"), **TRANSLATED})
    out = tmp_path / "out"
    proc = sphinx_cli(src, out, "-W")
    assert proc.returncode == 0, proc.stderr
    found = lastmods(out / "sitemap.xml")
    assert BASE + "ja/guide.html" in found
    for loc in found:
        assert canonical_of(out / loc.removeprefix(BASE + "ja/")) == loc
    text = (out / "sitemap.xml").read_text()
    assert f'hreflang="en" href="{BASE}en/guide.html"' in text


def test_translated_build_whose_canonicals_name_another_page_says_so(tmp_path: Path) -> None:
    src = write_files(tmp_path / "docs", {"conf.py": translated_conf(BASE), **TRANSLATED})
    proc = sphinx_cli(src, tmp_path / "out", "-W", quiet=False)
    assert proc.returncode == 0, proc.stderr
    assert "differs from the canonical link" in proc.stdout
    assert f"html_baseurl = '{BASE}ja/'" in proc.stdout


def test_check_of_one_language_build_leaves_other_builds_unchecked(tmp_path: Path) -> None:
    src = write_files(tmp_path / "docs", {"conf.py": translated_conf(BASE + "ja/"), **TRANSLATED})
    out = tmp_path / "out"
    assert sphinx_cli(src, out, "-W").returncode == 0
    status, report = check(out, "--base-url", BASE + "ja/")
    assert status == 0, report["findings"]
    assert report["urls"] == len(lastmods(out / "sitemap.xml"))
    unchecked = [f for f in report["findings"] if f["code"] == "hreflang-unlisted"]
    assert unchecked and all(f["severity"] == "info" for f in unchecked)
    assert "not checked" in unchecked[0]["message"]
    # said once for the whole set, with a count and a few examples, not once per URL
    pages = len(lastmods(out / "sitemap.xml"))
    assert len(unchecked) == 1, unchecked
    assert unchecked[0]["message"].startswith(f"{pages} URLs name alternates")
    assert unchecked[0]["message"].count(" names ") <= 3


# -- 5. robots.txt in a language build ------------------------------------------------------------
def test_language_build_writes_no_robots_txt_in_its_folder(tmp_path: Path) -> None:
    src = write_files(
        tmp_path / "docs",
        {
            "conf.py": 'extensions = ["ssg_sitemap.sphinx"]\nlanguage = "de"\n'
            f'html_baseurl = "{BASE}de/"\n',
            **PAGES,
        },
    )
    out = tmp_path / "out"
    proc = sphinx_cli(src, out, "-W", quiet=False)
    assert proc.returncode == 0, proc.stderr
    assert BASE + "de/guide.html" in lastmods(out / "sitemap.xml")
    assert not (out / "robots.txt").exists()
    assert "robots.txt" in proc.stdout


def test_sharded_language_build_lists_its_shards_in_its_own_folder(tmp_path: Path) -> None:
    # The output folder is served under /de/: the index must point at /de/sitemap-N.xml,
    # where the shards are, not at the site root where they are not.
    src = write_files(
        tmp_path / "docs",
        {
            "conf.py": 'extensions = ["ssg_sitemap.sphinx"]\nlanguage = "de"\n'
            f'html_baseurl = "{BASE}de/"\nsitemap_max_urls = 1\n',
            **PAGES,
        },
    )
    out = tmp_path / "out"
    proc = sphinx_cli(src, out, "-W")
    assert proc.returncode == 0, proc.stderr
    shards = sorted(p.name for p in out.glob("sitemap-*.xml"))
    assert len(shards) >= 2
    index = (out / "sitemap.xml").read_text()
    for name in shards:
        assert f"<loc>{BASE}de/{name}</loc>" in index
    status, report = check(out, "--base-url", BASE + "de/")
    assert status == 0, report


# -- 6. dates of translated, viewcode and index pages ---------------------------------------------
PO = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Welcome"
msgstr "Willkommen"
"""


def test_translated_page_takes_its_catalogue_date(tmp_path: Path) -> None:
    project = git_init(tmp_path / "project")
    files = {
        "docs/conf.py": conf('language = "de"', 'locale_dirs = ["locales"]')
        + f'html_baseurl = "{BASE}"\n',
        "docs/index.rst": "Welcome\n=======\n\n.. toctree::\n\n   guide\n",
        "docs/guide.rst": "Guide\n=====\n",
        "docs/locales/de/LC_MESSAGES/index.po": PO,
    }
    git_commit(project, files, "2024-01-01T00:00:00+00:00")
    git_commit(
        project,
        {"docs/locales/de/LC_MESSAGES/index.po": PO + '\nmsgid "Text"\nmsgstr "Text"\n'},
        "2024-05-01T00:00:00+00:00",
    )
    out = tmp_path / "out"
    proc = sphinx_cli(project / "docs", out, "-W")
    assert proc.returncode == 0, proc.stderr
    assert "Willkommen" in (out / "index.html").read_text(encoding="utf-8")  # .po → .mo used
    found = lastmods(out / "sitemap.xml")
    assert found[BASE + "index.html"] == "2024-05-01T00:00:00Z"  # its catalogue changed
    assert found[BASE + "guide.html"] == "2024-01-01T00:00:00Z"  # no catalogue of its own


def test_viewcode_and_index_pages_take_the_dates_of_what_they_show(tmp_path: Path) -> None:
    project = git_init(tmp_path / "project")
    files = {
        "src/pkg/__init__.py": "",
        "src/pkg/mod.py": '"""The module."""\n\n\ndef f():\n    """F."""\n',
        "docs/conf.py": conf(
            "sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / 'src'))",
            'extensions.append("sphinx.ext.viewcode")',
        ),
        "docs/index.rst": "Home\n====\n\n.. toctree::\n\n   api\n   terms\n",
        "docs/api.rst": "API\n===\n\n.. automodule:: pkg.mod\n   :members:\n",
        "docs/terms.rst": "Terms\n=====\n\n.. index:: single: term\n\nA term.\n",
    }
    git_commit(project, files, "2024-01-01T00:00:00+00:00")
    git_commit(
        project,
        {"src/pkg/mod.py": '"""The module, v2."""\n\n\ndef f():\n    """F."""\n'},
        "2024-05-01T00:00:00+00:00",
    )
    git_commit(
        project,
        {"docs/terms.rst": files["docs/terms.rst"] + "More.\n"},
        "2024-07-01T00:00:00+00:00",
    )
    out = tmp_path / "out"
    proc = sphinx_cli(project / "docs", out, "-W")
    assert proc.returncode == 0, proc.stderr
    found = lastmods(out / "sitemap.xml")
    assert found[BASE + "api.html"] == "2024-05-01T00:00:00Z"
    assert found[BASE + "_modules/pkg/mod.html"] == "2024-05-01T00:00:00Z"
    assert found[BASE + "_modules/index.html"] == "2024-05-01T00:00:00Z"
    assert found[BASE + "py-modindex.html"] == "2024-05-01T00:00:00Z"  # lists api only
    assert found[BASE + "genindex.html"] == "2024-07-01T00:00:00Z"  # terms is newest


def test_an_empty_general_index_gets_no_lastmod(tmp_path: Path) -> None:
    # "the newest of the documents with index entries": with none, there is no date to give.
    project = git_init(tmp_path / "project")
    files = {
        "docs/conf.py": conf(),
        "docs/index.rst": "Home\n====\n\n.. toctree::\n\n   page\n",
        "docs/page.rst": "Page\n====\n\nText.\n",
    }
    git_commit(project, files, "2024-01-01T00:00:00+00:00")
    out = tmp_path / "out"
    proc = sphinx_cli(project / "docs", out, "-W")
    assert proc.returncode == 0, proc.stderr
    found = lastmods(out / "sitemap.xml")
    assert found[BASE + "page.html"] == "2024-01-01T00:00:00Z"
    assert found[BASE + "genindex.html"] is None


# -- 7. settings real conf.py files get wrong ----------------------------------------------------
def test_locales_given_as_a_string_is_an_error_naming_it(tmp_path: Path) -> None:
    src = write_files(
        tmp_path / "docs", {"conf.py": conf('language = "en"', 'sitemap_locales = "en"'), **PAGES}
    )
    out = tmp_path / "out"
    proc = sphinx_cli(src, out)
    assert "sitemap: invalid setting in conf.py: sitemap_locales: 'en'" in proc.stderr
    assert "not a language code" not in proc.stderr
    assert not (out / "sitemap.xml").exists()


def test_x_default_not_among_the_languages_is_a_warning(tmp_path: Path) -> None:
    files = {"conf.py": translated_conf(BASE + "ja/") + '\nsitemap_x_default = "fr"\n'}
    src = write_files(tmp_path / "docs", {**files, **TRANSLATED})
    out = tmp_path / "out"
    proc = sphinx_cli(src, out)
    assert proc.returncode == 0, proc.stderr
    assert "WARNING: sitemap: sitemap_x_default: 'fr' is not one of the languages" in proc.stderr
    assert "x-default" not in (out / "sitemap.xml").read_text()


def test_no_sitemap_this_build_removes_the_previous_one(tmp_path: Path) -> None:
    src = write_files(tmp_path / "docs", {"conf.py": conf(), **PAGES})
    out = tmp_path / "out"
    assert sphinx_cli(src, out, "-D", "sitemap_gzip=1").returncode == 0
    assert (out / "sitemap.xml").is_file() and (out / "sitemap.xml.gz").is_file()
    (out / "notes.txt").write_text("not ours\n")
    proc = sphinx_cli(src, out, "-D", "sitemap_format=yaml")
    assert "invalid setting in conf.py: sitemap_format" in proc.stderr
    assert not (out / "sitemap.xml").exists() and not (out / "sitemap.xml.gz").exists()
    assert (out / "notes.txt").is_file()
