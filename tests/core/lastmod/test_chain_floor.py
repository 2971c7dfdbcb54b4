"""A publish date is a floor, not an answer: lastmod is the newer of it and the
page's git date; explicit modification dates still answer; ``publish_date_is_lastmod`` gives
the old behaviour. Real git repositories made in the test."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from sitemap_core import PageRecord
from tests.conftest import core_build, git_commit, git_init, lastmods

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

BASE = "https://example.org/"
COMMIT = "2024-05-10T09:00:00+00:00"
HTML = "<html><head><title>t</title></head><body><article>{}</article></body></html>"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = git_init(tmp_path / "repo")
    names = ["old", "scheduled", "future", "modified", "created", "both", "edited-after"]
    git_commit(root, {f"{n}.md": n for n in names}, COMMIT)
    return root


def _records(repo: Path) -> list[PageRecord]:
    def page(name: str, **dates: Any) -> PageRecord:
        return PageRecord(f"{name}.html", source=repo / f"{name}.md", dates=dates)

    return [
        page("old", date="2021-09-13"),  # edited since it was published
        page("scheduled", date="2024-08-01T08:00:00+00:00"),  # published after its commit
        page("future", date="2030-01-01T08:00:00+00:00"),  # not published yet
        page("modified", modified="2022-02-02"),  # an explicit answer, even before the commit
        page("created", created="2020-01-01"),
        page("both", modified="2023-03-03", date="2020-01-01"),
        PageRecord("listing.html", kind="index", summarises=("old.html", "scheduled.html")),
    ]


def _build(repo: Path, out: Path, **settings: Any) -> dict[str, str | None]:
    out.mkdir()
    core_build(
        _records(repo),
        out,
        robots=False,
        html_checks=False,
        metadata_dates=("modified", "date", "created"),
        **settings,
    )
    return {k.removeprefix(BASE): v for k, v in lastmods(out / "sitemap.xml").items()}


def test_publish_date_is_a_floor_under_the_git_date(repo: Path, tmp_path: Path) -> None:
    assert _build(repo, tmp_path / "out") == {
        "old.html": "2024-05-10T09:00:00Z",
        # A scheduled post keeps its date: it went live after its last commit.
        "scheduled.html": "2024-08-01T08:00:00Z",
        # A floor in the future is no lastmod: check calls it an error.
        "future.html": None,
        "modified.html": "2022-02-02",
        "created.html": "2024-05-10T09:00:00Z",
        "both.html": "2023-03-03",
        # The listing follows what it lists.
        "listing.html": "2024-08-01T08:00:00Z",
    }


def test_publish_date_is_lastmod_restores_the_old_answer(repo: Path, tmp_path: Path) -> None:
    got = _build(repo, tmp_path / "out", publish_date_is_lastmod=True)
    assert got["old.html"] == "2021-09-13"
    assert got["created.html"] == "2020-01-01"
    assert got["listing.html"] == "2024-08-01T08:00:00Z"  # the newest of what it lists


def test_without_git_the_publish_date_still_answers(repo: Path, tmp_path: Path) -> None:
    got = _build(repo, tmp_path / "out", lastmod_sources=("front_matter", "metadata"))
    assert got["old.html"] == "2021-09-13"
    assert got["created.html"] == "2020-01-01"


def test_the_state_answer_replaces_git_in_the_comparison(tmp_path: Path) -> None:
    repo = git_init(tmp_path / "repo")
    out = tmp_path / "out"
    out.mkdir()
    state = tmp_path / "state.json"
    git_commit(repo, {"post.md": "v1"}, "2022-06-01T00:00:00+00:00")
    (out / "post.html").write_text(HTML.format("same text"))
    record = PageRecord(
        "post.html", source=repo / "post.md", output=out / "post.html", dates={"date": "2023-01-01"}
    )

    def build() -> str | None:
        core_build([record], out, robots=False, html_checks=False, state_file=state)
        return lastmods(out / "sitemap.xml")[BASE + "post.html"]

    assert build() == "2023-01-01"  # the publish date is newer than the commit
    # A commit that leaves the built page as it was (a typo in a comment): git moves, the
    # state keeps its date, and the publish date stays the answer.
    git_commit(repo, {"post.md": "v1 <!-- typo -->"}, "2024-08-01T00:00:00+00:00")
    assert build() == "2023-01-01"
    # The content changes: the new commit date is newer than the publish date.
    (out / "post.html").write_text(HTML.format("new text"))
    assert build() == "2024-08-01T00:00:00Z"
