"""``lastmod-one-commit``: one commit that edited many pages sets their lastmod; the build
names it and the fix (``git_ignore_revs``), as information."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager
from sitemap_core._check import LinkOptions, check_site
from tests.conftest import git, git_commit, git_init

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

BASE = "https://example.org/"
PAGES = 12

#: The link findings (true ones here too) are test_links.py's, not these tests'.
NO_LINKS = LinkOptions(enabled=False)


def notes(
    repo: Path,
    out: Path,
    caplog: pytest.LogCaptureFixture,
    pages: int = PAGES,
    **settings: object,
) -> list[str]:
    records = [
        PageRecord(url=f"p{i}.html", source=repo / f"p{i}.md", name=f"p{i}.md")
        for i in range(pages)
    ]
    out.mkdir(exist_ok=True)
    caplog.clear()
    with caplog.at_level(logging.INFO, "test.one_commit"):
        report = build_sitemap(
            records,
            Settings(BASE, lastmod_sources=("git",), strict=True, **settings),  # type: ignore[arg-type]
            out,
            logger=logging.getLogger("test.one_commit"),
            plugin_manager=make_plugin_manager(load_entry_points=False),
        )
    assert not report.failed  # information only: a -W build stays green
    return [r.getMessage() for r in caplog.records if "git_ignore_revs" in r.getMessage()]


def test_one_commit_that_edited_most_pages_is_named(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    repo = git_init(tmp_path / "repo")
    git_commit(repo, {"README": "r"}, "2020-01-01T00:00:00Z")
    # an import: every page created at once is the honest date of each
    git_commit(repo, {f"p{i}.md": f"{i}" for i in range(PAGES)}, "2021-01-01T00:00:00Z")
    assert notes(repo, tmp_path / "out", caplog) == []
    git_commit(repo, {"p0.md": "edited"}, "2022-01-01T00:00:00Z")
    git_commit(repo, {f"p{i}.md": f"{i} /abs" for i in range(1, PAGES)}, "2024-03-01T00:00:00Z")
    sha = git(repo, "rev-parse", "HEAD").strip()
    found = notes(repo, tmp_path / "out", caplog)
    assert found == [
        f"sitemap: commit {sha[:12]} (2024-03-01T00:00:00+00:00) is the last change of 11 of "
        "the 12 pages git dates; if it changed no content (a mass edit: a reformat, rewritten "
        "links), add it to git_ignore_revs (a .git-blame-ignore-revs file) and each page keeps "
        "the date of its own last change"
    ]
    ignore = repo / ".git-blame-ignore-revs"
    ignore.write_text(sha + "\n")
    git_commit(repo, {}, "2024-03-02T00:00:00Z")  # the file itself, committed
    assert notes(repo, tmp_path / "out", caplog, git_ignore_revs=ignore) == []


def test_check_names_the_commit_too(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """``check`` of a build inside the repository finds the commit by the lastmod that most
    pages share, and says it only when that commit edited the pages (not created them)."""
    from sitemap_core._check import check_site

    repo = git_init(tmp_path / "repo")
    git_commit(repo, {f"p{i}.md": f"{i}" for i in range(PAGES)}, "2021-01-01T00:00:00Z")
    out = repo / "public"
    for i in range(PAGES):
        out.mkdir(exist_ok=True)
        (out / f"p{i}.html").write_text(f"<html><head><title>{i}</title></head></html>")
    notes(repo, out, caplog)
    assert check_site(out, links=NO_LINKS).findings == []  # an import: the honest date of each page
    git_commit(repo, {f"p{i}.md": f"{i} /abs" for i in range(1, PAGES)}, "2024-03-01T00:00:00Z")
    sha = git(repo, "rev-parse", "HEAD").strip()
    notes(repo, out, caplog)
    findings = check_site(out, links=NO_LINKS).findings
    assert [(f.code, f.severity) for f in findings] == [("lastmod-one-commit", "warning")]
    assert findings[0].message == (
        f"11 of the 12 dated URLs share lastmod 2024-03-01T00:00:00Z, the time of commit "
        f"{sha[:12]}, which edited 11 files; if it changed no content (a mass edit: a "
        "reformat, rewritten links), add it to git_ignore_revs (a .git-blame-ignore-revs "
        "file) and each page keeps the date of its own last change"
    )


def _site(repo: Path, pages: int) -> Path:
    """``pages`` pages created at once in 2010, and their built files inside the repository."""
    git_commit(repo, {f"p{i}.md": f"{i}" for i in range(pages)}, "2010-01-01T00:00:00Z")
    out = repo / "public"
    out.mkdir()
    for i in range(pages):
        (out / f"p{i}.html").write_text(f"<html><head><title>{i}</title></head></html>")
    return out


def test_a_sweep_of_many_small_commits_on_one_day_is_named_by_build_and_check(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Ten commits on one day, five files each, last change of 46 of 94 pages (a
    housekeeping sweep): no commit dates ten pages, the day dates half the site."""
    repo = git_init(tmp_path / "repo")
    out = _site(repo, 94)
    for n in range(10):
        edited = {f"p{i}.md": f"{i} swept" for i in range(n * 5, min(n * 5 + 5, 46))}
        git_commit(repo, edited, f"2024-03-01T{8 + n:02d}:00:00Z")
    found = notes(repo, out, caplog, pages=94)
    assert found == [
        "sitemap: 10 commits of 2024-03-01 (UTC) are the last change of 46 of the 94 pages git "
        "dates; if they changed no content (a sweep: a reformat, rewritten links), add them "
        "to git_ignore_revs (a .git-blame-ignore-revs file) and each page keeps the date of "
        "its own last change"
    ]
    findings = check_site(out, links=NO_LINKS).findings
    assert [(f.code, f.severity) for f in findings] == [("lastmod-one-commit", "warning")]
    assert findings[0].message.startswith(
        "46 of the 94 dated URLs have a lastmod on 2024-03-01 (UTC), the times of 10 commits "
        "that edited 46 files; if they changed no content"
    )


def test_one_commit_dating_most_of_a_small_site_is_named(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    repo = git_init(tmp_path / "repo")
    out = _site(repo, 11)
    git_commit(repo, {f"p{i}.md": f"{i} /abs" for i in range(9)}, "2024-03-01T00:00:00Z")
    sha = git(repo, "rev-parse", "HEAD").strip()
    assert notes(repo, out, caplog, pages=11) == [
        f"sitemap: commit {sha[:12]} (2024-03-01T00:00:00+00:00) is the last change of 9 of "
        "the 11 pages git dates; if it changed no content (a mass edit: a reformat, rewritten "
        "links), add it to git_ignore_revs (a .git-blame-ignore-revs file) and each page keeps "
        "the date of its own last change"
    ]
    findings = check_site(out, links=NO_LINKS).findings
    assert [f.code for f in findings] == ["lastmod-one-commit"]
    assert findings[0].message.startswith("9 of the 11 dated URLs share lastmod 2024-03-01")


def test_a_day_of_ordinary_edits_is_not_a_sweep(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    repo = git_init(tmp_path / "repo")
    out = _site(repo, 12)
    for n in range(4):
        git_commit(repo, {f"p{n}.md": "edited"}, f"2024-03-01T{8 + n:02d}:00:00Z")
    assert notes(repo, out, caplog) == []
    assert check_site(out, links=NO_LINKS).findings == []
