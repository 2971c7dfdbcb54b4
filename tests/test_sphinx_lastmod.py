"""lastmod for Sphinx pages: the newest git date over a document and the files it includes
(``PageRecord.dependencies``), and ``sitemap_show_lastmod`` switching lastmod on and off."""

from __future__ import annotations

import datetime as dt
import importlib.util
import io
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from lxml import etree
from sphinx import locale
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace, patch_docutils

from sitemap_core import BuildContext, Diagnostics, Lastmod, PageRecord, Settings
from sitemap_core.builtin import lastmod_sources

NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}
BASE = "https://docs.example.org/"
UTC = dt.timezone.utc


def _at(day: int) -> Lastmod:
    return Lastmod(dt.datetime(2024, 3, day, 12, tzinfo=UTC))


def test_git_source_takes_the_newest_over_dependencies(tmp_path: Path) -> None:
    dates = {tmp_path / "page.rst": _at(1), tmp_path / "part.rst": _at(9)}

    def provider(record: PageRecord, context: BuildContext) -> Lastmod | None:
        return dates.get(record.source) if record.source is not None else None

    context = BuildContext(Settings(BASE), Diagnostics(), UTC)
    context.cache["git"] = provider
    page = PageRecord(
        "page.html",
        source=tmp_path / "page.rst",
        dependencies=(tmp_path / "part.rst", tmp_path / "untracked.png"),
    )
    assert lastmod_sources.git(page, context) == _at(9)
    alone = PageRecord("page.html", source=tmp_path / "page.rst")
    assert lastmod_sources.git(alone, context) == _at(1)


def sphinx_build(src: Path, out: Path, overrides: dict[str, Any]) -> Path:
    with patch_docutils(src), docutils_namespace():
        app = Sphinx(
            str(src),
            str(src),
            str(out),
            str(out.parent / f"{out.name}.doctrees"),
            "html",
            confoverrides=overrides,
            status=io.StringIO(),
            warning=io.StringIO(),
            freshenv=True,
        )
        app.build()
    locale.translators.clear()
    return out / "sitemap.xml"


def lastmods(sitemap: Path) -> dict[str, str | None]:
    root = etree.parse(str(sitemap)).getroot()
    return {
        url.findtext("sm:loc", "", NS): url.findtext("sm:lastmod", None, NS)
        for url in root.findall("sm:url", NS)
    }


def _commit(repo: Path, when: str, *files: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_DATE": when,
        "GIT_COMMITTER_DATE": when,
        "GIT_AUTHOR_NAME": "T",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "T",
        "GIT_COMMITTER_EMAIL": "t@example.org",
    }
    subprocess.run(["git", "add", *files], cwd=repo, check=True, env=env)
    subprocess.run(["git", "commit", "-q", "-m", when], cwd=repo, check=True, env=env)


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("repo")
    subprocess.run(["git", "init", "-q", str(src)], check=True)
    (src / "conf.py").write_text(
        f'extensions = ["ssg_sitemap.sphinx"]\nhtml_baseurl = "{BASE}"\n'
        'sitemap_url_scheme = "{link}"\nexclude_patterns = ["_build", "parts"]\n',
        encoding="utf-8",
    )
    (src / "index.rst").write_text(
        ":sitemap_lastmod: 2023-12-24\n\nHome\n====\n\n.. toctree::\n\n   page\n",
        encoding="utf-8",
    )
    (src / "page.rst").write_text("Page\n====\n\n.. include:: parts/part.rst\n", encoding="utf-8")
    (src / "parts").mkdir()
    (src / "parts" / "part.rst").write_text("Old text.\n", encoding="utf-8")
    _commit(src, "2024-01-01T10:00:00+00:00", ".")
    (src / "parts" / "part.rst").write_text("New text.\n", encoding="utf-8")
    _commit(src, "2024-03-01T10:00:00+00:00", "parts/part.rst")
    return src


def test_show_lastmod_off_writes_no_lastmod(repo: Path, tmp_path: Path) -> None:
    found = lastmods(sphinx_build(repo, tmp_path / "off", {}))
    assert found[BASE + "page.html"] is None
    assert found[BASE + "index.html"] is None  # even an explicit date: lastmod is off


def test_show_lastmod_uses_metadata_then_git_over_includes(repo: Path, tmp_path: Path) -> None:
    found = lastmods(sphinx_build(repo, tmp_path / "on", {"sitemap_show_lastmod": True}))
    assert found[BASE + "index.html"] == "2023-12-24"
    if importlib.util.find_spec("sitemap_core.git_history") is None:
        pytest.skip("the core's git lastmod provider is not in this tree yet")
    # page.rst was last committed on 2024-01-01; the file it includes on 2024-03-01.
    assert found[BASE + "page.html"] == "2024-03-01T10:00:00Z"
