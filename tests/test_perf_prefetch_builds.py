"""Real MkDocs and Sphinx builds take the git history read started at the build's beginning,
and their sitemaps carry exactly ``git log -1``'s dates; with ``-j`` Sphinx reads directly."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from sitemap_core.git_history import GitDates
from sitemap_core.git_prefetch import GitPrefetch

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

ENV = {
    **{k: v for k, v in os.environ.items() if not k.startswith("GIT_")},
    "GIT_AUTHOR_NAME": "Ada",
    "GIT_AUTHOR_EMAIL": "ada@example.org",
    "GIT_COMMITTER_NAME": "Bob",
    "GIT_COMMITTER_EMAIL": "bob@example.org",
    "GIT_CONFIG_NOSYSTEM": "1",
    "HOME": "/nonexistent",
    "GIT_CONFIG_GLOBAL": "/dev/null",
}
NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}


def _git(repo: Path, *args: str, date: str | None = None) -> str:
    env = dict(ENV)
    if date is not None:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
    done = subprocess.run(["git", "-C", str(repo), *args], env=env, capture_output=True, check=True)
    return done.stdout.decode()


def _repo(root: Path, files: dict[str, str]) -> Path:
    root.mkdir(parents=True)
    _git(root, "init", "-q", "-b", "main")
    for day, (name, text) in enumerate(files.items(), 1):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
        _git(root, "add", "-A")
        _git(root, "commit", "-q", "-m", name, date=f"2024-02-{day:02d}T10:00:00+01:00")
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
    return _git(repo, "log", "-1", "--format=%cI", "--", rel).strip()


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
    with patch_docutils(repo), docutils_namespace():
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
