"""Real MkDocs and Sphinx builds take the git history read started at the build's beginning,
and their sitemaps carry exactly ``git log -1``'s dates; with ``-j`` Sphinx reads directly."""

from __future__ import annotations

import io
import shutil
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from sitemap_core._lastmod import GitDates, GitPrefetch
from tests.conftest import git, git_commit, git_init

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed"),
]

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}


def _repo(root: Path, files: dict[str, str]) -> Path:
    git_init(root)
    for day, (name, text) in enumerate(files.items(), 1):
        git_commit(root, {name: text}, f"2024-02-{day:02d}T10:00:00+01:00", name)
    return root


@pytest.fixture
def used(monkeypatch: pytest.MonkeyPatch) -> list[GitDates | None]:
    """What each prefetch gave the build that took it."""
    results: list[GitDates | None] = []
    original = GitPrefetch.result

    def spy(self: GitPrefetch, *args: Any, **kwargs: Any) -> GitDates | None:
        found = original(self, *args, **kwargs)
        results.append(found)
        return found

    monkeypatch.setattr(GitPrefetch, "result", spy)
    return results


def _lastmods(sitemap: Path) -> dict[str, str]:
    tree = etree.parse(str(sitemap))
    return {
        str(url.findtext("s:loc", namespaces=NS)): str(url.findtext("s:lastmod", namespaces=NS))
        for url in tree.getroot()
    }


def _git_date(repo: Path, rel: str) -> str:
    return git(repo, "log", "-1", "--format=%cI", "--", rel).strip()


def test_mkdocs_build_uses_the_prefetched_history(
    tmp_path: Path, used: list[GitDates | None]
) -> None:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    repo = _repo(
        tmp_path / "site",
        {
            "mkdocs.yml": "site_name: T\nsite_url: https://example.org/\nplugins:\n  - sitemap\n",
            "docs/index.md": "# Home\n",
            "docs/guide/a.md": "# A\n",
            "docs/b.md": "# B\n",
        },
    )
    build(load_config(str(repo / "mkdocs.yml")))
    assert len(used) == 1 and used[0] is not None
    got = _lastmods(repo / "site" / "sitemap.xml")
    for rel, loc in (("index.md", ""), ("guide/a.md", "guide/a/"), ("b.md", "b/")):
        assert got[f"https://example.org/{loc}"] == _git_date(repo, f"docs/{rel}"), rel
    assert got["https://example.org/b/"] == "2024-02-04T10:00:00+01:00"


@pytest.mark.parametrize("parallel", [1, 2])
def test_sphinx_build_uses_the_prefetched_history_except_with_workers(
    tmp_path: Path, used: list[GitDates | None], parallel: int
) -> None:
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    conf = 'extensions = ["ssg_sitemap.sphinx"]\nhtml_baseurl = "https://example.org/"\n'
    conf += "sitemap_show_lastmod = True\nsitemap_url_scheme = '{link}'\n"
    repo = _repo(
        tmp_path / "proj",
        {
            "conf.py": conf,
            "index.rst": "Home\n====\n\n.. toctree::\n\n   a\n   sub/b\n",
            "a.rst": "A\n=\n",
            "sub/b.rst": "B\n=\n",
        },
    )
    out = tmp_path / "out"
    with patch_docutils(str(repo)), docutils_namespace():
        app = Sphinx(
            str(repo),
            str(repo),
            str(out),
            str(tmp_path / "doctrees"),
            "html",
            status=io.StringIO(),
            warning=io.StringIO(),
            freshenv=True,
            parallel=parallel,
        )
        app.build()
    assert app.statuscode == 0
    if parallel == 1:
        assert len(used) == 1 and used[0] is not None
    else:
        assert used == []  # no thread beside forked workers: the direct read ran
    got = _lastmods(out / "sitemap.xml")
    assert got["https://example.org/a.html"] == _git_date(repo, "a.rst")
    assert got["https://example.org/sub/b.html"] == _git_date(repo, "sub/b.rst")
