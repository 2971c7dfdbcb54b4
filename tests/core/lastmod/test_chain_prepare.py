"""The git history is read only for files the lastmod chain may ask git about."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from sitemap_core import PageRecord
from sitemap_core._lastmod import GitDates
from tests.conftest import core_build, git_commit, git_init, lastmods

DATE = "2022-02-02T02:02:02+00:00"


def _repo(root: Path, names: list[str]) -> Path:
    """A repository at ``root`` with one commit at ``DATE`` of files holding their names."""
    git_commit(git_init(root), {name: name for name in names}, DATE)
    return root


@pytest.fixture
def prepared(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every source :meth:`GitDates.prepare` is asked to read, in order."""
    seen: list[Path] = []
    original = GitDates.prepare

    def spy(self: GitDates, sources: Sequence[Path]) -> None:
        seen.extend(sources)
        original(self, sources)

    monkeypatch.setattr(GitDates, "prepare", spy)
    return seen


def test_dated_pages_are_not_read_from_git(tmp_path: Path, prepared: list[Path]) -> None:
    src = _repo(tmp_path / "src", ["dated.md", "undated.md", "bad-date.md", "front.md"])
    records = [
        PageRecord("dated.html", source=src / "dated.md", dates={"modified": "2020-01-01"}),
        PageRecord("undated.html", source=src / "undated.md"),
        PageRecord("bad.html", source=src / "bad-date.md", dates={"modified": "soon"}),
        PageRecord(
            "front.html", source=src / "front.md", front_matter={"sitemap_lastmod": "2019-05-05"}
        ),
    ]
    out = tmp_path / "out"
    out.mkdir()
    core_build(records, out, robots=False)
    # A date that fails to parse is not foreseen: git still answers for it (bad.html below),
    # from a read of the whole repository on the first question about it.
    assert [p.name for p in prepared] == ["undated.md"]
    assert lastmods(out / "sitemap.xml") == {
        "https://example.org/dated.html": "2020-01-01",
        "https://example.org/undated.html": "2022-02-02T02:02:02Z",
        "https://example.org/bad.html": "2022-02-02T02:02:02Z",
        "https://example.org/front.html": "2019-05-05",
    }


def test_pages_with_only_a_publish_date_are_read_from_git(
    tmp_path: Path, prepared: list[Path]
) -> None:
    src = _repo(tmp_path / "src", ["old.md", "scheduled.md", "edited.md"])
    records = [
        PageRecord("old.html", source=src / "old.md", dates={"date": "2020-01-01"}),
        PageRecord("scheduled.html", source=src / "scheduled.md", dates={"date": "2030-01-01"}),
        PageRecord(
            "edited.html",
            source=src / "edited.md",
            dates={"date": "2020-01-01", "modified": "2021-01-01"},
        ),
    ]
    out = tmp_path / "out"
    out.mkdir()
    core_build(records, out, robots=False)
    assert sorted(p.name for p in prepared) == ["old.md", "scheduled.md"]
    assert lastmods(out / "sitemap.xml") == {
        "https://example.org/old.html": "2022-02-02T02:02:02Z",
        "https://example.org/scheduled.html": None,  # in the future: no lastmod
        "https://example.org/edited.html": "2021-01-01",
    }
    prepared.clear()
    core_build(records, out, robots=False, publish_date_is_lastmod=True)
    assert prepared == []
    assert lastmods(out / "sitemap.xml")["https://example.org/old.html"] == "2020-01-01"


def test_git_first_in_the_chain_reads_every_source(tmp_path: Path, prepared: list[Path]) -> None:
    src = _repo(tmp_path / "src", ["a.md", "b.md"])
    out = tmp_path / "out"
    out.mkdir()
    records = [
        PageRecord("a.html", source=src / "a.md", dates={"date": "2020-01-01"}),
        PageRecord("b.html", source=src / "b.md"),
    ]
    core_build(records, out, robots=False, lastmod_sources=("git", "metadata"))
    assert sorted(p.name for p in prepared) == ["a.md", "b.md"]
    assert "2022-02-02" in (out / "sitemap.xml").read_text()
    assert "2020-01-01" not in (out / "sitemap.xml").read_text()
