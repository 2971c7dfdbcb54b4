"""The git history is read only for files the lastmod chain may ask git about."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest
from lxml import etree

from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager
from sitemap_core.git_history import GitDates

NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}


def _repo(root: Path, names: list[str]) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "T",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "T",
        "GIT_COMMITTER_EMAIL": "t@example.org",
        "GIT_AUTHOR_DATE": "2022-02-02T02:02:02+00:00",
        "GIT_COMMITTER_DATE": "2022-02-02T02:02:02+00:00",
    }
    subprocess.run(["git", "init", "-q"], cwd=root, check=True, env=env)
    for name in names:
        (root / name).write_text(name)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True, env=env)
    subprocess.run(["git", "commit", "-q", "-m", "x"], cwd=root, check=True, env=env)


def test_dated_pages_are_not_read_from_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "src"
    src.mkdir()
    _repo(src, ["dated.md", "undated.md", "bad-date.md", "front.md"])
    prepared: list[Path] = []
    original = GitDates.prepare

    def spy(self: GitDates, sources: Sequence[Path]) -> None:
        prepared.extend(sources)
        original(self, sources)

    monkeypatch.setattr(GitDates, "prepare", spy)
    records = [
        PageRecord("dated.html", source=src / "dated.md", dates={"date": "2020-01-01"}),
        PageRecord("undated.html", source=src / "undated.md"),
        PageRecord("bad.html", source=src / "bad-date.md", dates={"date": "soon"}),
        PageRecord(
            "front.html", source=src / "front.md", front_matter={"sitemap_lastmod": "2019-05-05"}
        ),
    ]
    out = tmp_path / "out"
    out.mkdir()
    build_sitemap(
        records,
        Settings("https://example.org/", robots=False),
        out,
        plugin_manager=make_plugin_manager(load_entry_points=False),
    )
    # A date that fails to parse is not foreseen: git still answers for it (bad.html below),
    # from a read of the whole repository on the first question about it.
    assert [p.name for p in prepared] == ["undated.md"]
    tree = etree.parse(str(out / "sitemap.xml"))
    lastmod = {
        u.findtext("sm:loc", namespaces=NS): u.findtext("sm:lastmod", namespaces=NS)
        for u in tree.findall("sm:url", NS)
    }
    assert lastmod == {
        "https://example.org/dated.html": "2020-01-01",
        "https://example.org/undated.html": "2022-02-02T02:02:02Z",
        "https://example.org/bad.html": "2022-02-02T02:02:02Z",
        "https://example.org/front.html": "2019-05-05",
    }


def test_git_first_in_the_chain_reads_every_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = tmp_path / "src"
    src.mkdir()
    _repo(src, ["a.md", "b.md"])
    prepared: list[Path] = []
    original = GitDates.prepare

    def spy(self: GitDates, sources: Sequence[Path]) -> None:
        prepared.extend(sources)
        original(self, sources)

    monkeypatch.setattr(GitDates, "prepare", spy)
    out = tmp_path / "out"
    out.mkdir()
    build_sitemap(
        [
            PageRecord("a.html", source=src / "a.md", dates={"date": "2020-01-01"}),
            PageRecord("b.html", source=src / "b.md"),
        ],
        Settings("https://example.org/", robots=False, lastmod_sources=("git", "metadata")),
        out,
        plugin_manager=make_plugin_manager(load_entry_points=False),
    )
    assert sorted(p.name for p in prepared) == ["a.md", "b.md"]
    assert "2022-02-02" in (out / "sitemap.xml").read_text()
    assert "2020-01-01" not in (out / "sitemap.xml").read_text()
