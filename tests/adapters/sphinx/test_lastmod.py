"""lastmod for Sphinx pages: the newest git date over a document and the files it includes
(``PageRecord.dependencies``), and ``sitemap_show_lastmod`` switching lastmod on and off."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from sitemap_core import BuildContext, Diagnostics, Lastmod, PageRecord, Settings
from sitemap_core._lastmod._chain import Git
from tests.adapters.sphinx.conftest import PAGES, sphinx
from tests.conftest import (
    SINGLEHTML_ROOT,
    git_commit,
    git_init,
    lastmods,
    sphinx_build,
    write_files,
)

BASE = "https://docs.example.org/"


UTC = dt.timezone.utc


def _at(day: int) -> Lastmod:
    return Lastmod(dt.datetime(2024, 3, day, 12, tzinfo=UTC))


def test_git_source_takes_the_newest_over_dependencies(tmp_path: Path) -> None:
    git_init(tmp_path)
    git_commit(tmp_path, {"page.rst": "1", "part.rst": "1"}, "2024-03-01T12:00:00+00:00")
    git_commit(tmp_path, {"part.rst": "2"}, "2024-03-09T12:00:00+00:00")
    context = BuildContext(Settings(BASE), Diagnostics(), UTC)
    source = Git(context)
    source.prepare(())
    page = PageRecord(
        "page.html",
        source=tmp_path / "page.rst",
        dependencies=(tmp_path / "part.rst", tmp_path / "untracked.png"),
    )
    assert source(page) == _at(9)
    alone = PageRecord("page.html", source=tmp_path / "page.rst")
    assert source(alone) == _at(1)


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = git_init(tmp_path_factory.mktemp("repo"))
    conf = (
        f'extensions = ["ssg_sitemap.sphinx"]\nhtml_baseurl = "{BASE}"\n'
        'sitemap_url_scheme = "{link}"\nexclude_patterns = ["_build", "parts"]\n'
    )
    files = {
        "conf.py": conf,
        "index.rst": ":sitemap_lastmod: 2023-12-24\n\nHome\n====\n\n.. toctree::\n\n   page\n",
        "page.rst": "Page\n====\n\n.. include:: parts/part.rst\n",
        "parts/part.rst": "Old text.\n",
    }
    git_commit(src, files, "2024-01-01T10:00:00+00:00")
    git_commit(src, {"parts/part.rst": "New text.\n"}, "2024-03-01T10:00:00+00:00")
    return src


@pytest.mark.slow
def test_show_lastmod_off_writes_no_lastmod(repo: Path, tmp_path: Path) -> None:
    found = lastmods(sphinx_build(repo, tmp_path / "off").sitemap)
    assert found[BASE + "page.html"] is None
    assert found[BASE + "index.html"] is None  # even an explicit date: lastmod is off


@pytest.mark.slow
def test_show_lastmod_uses_metadata_then_git_over_includes(repo: Path, tmp_path: Path) -> None:
    run = sphinx_build(repo, tmp_path / "on", overrides={"sitemap_show_lastmod": True})
    found = lastmods(run.sitemap)
    assert found[BASE + "index.html"] == "2023-12-24"
    # page.rst was last committed on 2024-01-01; the file it includes on 2024-03-01.
    assert found[BASE + "page.html"] == "2024-03-01T10:00:00Z"


@pytest.mark.slow
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


@pytest.mark.slow
def test_ablog_dates_are_read_and_an_unreadable_one_is_no_warning(tmp_path: Path) -> None:
    # pydata-sphinx-theme's ABlog posts: ``date: Jan 01, 2022`` (ABlog's post_date_format);
    # ``date`` is ABlog's field, not ours: a value nobody can read is skipped at DEBUG.
    src = write_files(
        tmp_path / "src",
        {
            "conf.py": (
                f'extensions = ["ssg_sitemap.sphinx"]\nhtml_baseurl = "{BASE}"\n'
                'sitemap_url_scheme = "{link}"\nsitemap_show_lastmod = True\n'
            ),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   post\n   other\n   odd\n",
            "post.rst": ":date: Jan 01, 2022\n\nPost\n====\n",
            "other.rst": ":date: March 5, 2023 14:30\n\nOther\n=====\n",
            "odd.rst": ":date: some day soon\n\nOdd\n===\n",
        },
    )
    done = sphinx(src, tmp_path / "out", "-W", "-vv")
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr
    got = lastmods(tmp_path / "out/sitemap.xml")
    assert got[BASE + "post.html"] == "2022-01-01"
    assert (got[BASE + "other.html"] or "").startswith("2023-03-05T14:30")
    assert got[BASE + "odd.html"] is None
    assert "some day soon" in done.stdout  # said at DEBUG (-vv)
