"""The background git read (``prefetch_git``) answers exactly as the direct read, or steps aside."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from sitemap_core import Diagnostics, PageRecord, Settings, build_sitemap, prefetch_git
from sitemap_core._lastmod import GitDates
from tests.conftest import git, git_commit, git_init

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

SETTINGS = Settings("https://example.org/", lastmod_sources=("git",), html_checks=False)


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """docs/ and blog/ with a merge that brings an older side-branch edit, a file with
    uncommitted changes and an untracked file."""
    root = tmp_path_factory.mktemp("prefetch") / "r"
    root.mkdir()
    git_init(root)
    git_commit(
        root,
        {f"docs/p{n}.md": "1" for n in range(6)} | {"blog/b.md": "1"},
        "2024-01-01T00:00:00+00:00",
    )
    git(root, "checkout", "-q", "-b", "side")
    git_commit(root, {"docs/p1.md": "side"}, "2024-01-02T00:00:00+05:00")
    git(root, "checkout", "-q", "main")
    git_commit(root, {"docs/p2.md": "main", "docs/sub/q.md": "1"}, "2024-01-03T00:00:00+00:00")
    git(root, "merge", "-q", "--no-ff", "-m", "merge", "side", "--no-edit")
    git_commit(root, {"blog/b.md": "2", "docs/p3.md": "3"}, "2024-01-05T00:00:00-03:00")
    (root / "docs/p4.md").write_text("edited, not committed", encoding="utf-8")
    (root / "docs/new.md").write_text("untracked", encoding="utf-8")
    return root


def _answers(dates: GitDates, files: list[Path]) -> dict[str, str]:
    result = {}
    for file in files:
        found = dates.lookup(file)
        result[file.name] = found.when.isoformat() if found.when else found.status
    return result


def _docs(repo: Path) -> list[Path]:
    return sorted(repo.glob("docs/**/*.md"))


def test_prefetched_and_direct_reads_agree_with_git_log(repo: Path) -> None:
    files = _docs(repo)
    direct = GitDates()
    direct.prepare(files)
    handle = prefetch_git([repo / "docs"], SETTINGS)
    assert handle is not None
    prefetched = handle.take(SETTINGS, files, Diagnostics())
    assert prefetched is not None
    got = _answers(prefetched, files)
    assert got == _answers(direct, files)
    for file in files:
        if got[file.name] not in ("modified", "untracked"):
            rel = file.relative_to(repo).as_posix()
            assert got[file.name] == git(repo, "log", "-1", "--format=%cI", "--", rel).strip()
    assert got["p4.md"] == "modified" and got["new.md"] == "untracked"
    assert got["p1.md"] == "2024-01-02T00:00:00+05:00"
    # Used up: a second build reads for itself.
    assert handle.take(SETTINGS, files, Diagnostics()) is None


def test_a_source_outside_the_prefetched_directories_means_a_direct_read(repo: Path) -> None:
    handle = prefetch_git([repo / "docs"], SETTINGS)
    assert handle is not None
    assert handle.take(SETTINGS, [repo / "blog/b.md"], Diagnostics()) is None
    # Different date kind: the prefetch is not for this build.
    handle = prefetch_git([repo / "docs"], SETTINGS)
    assert handle is not None
    author = Settings("https://example.org/", lastmod_sources=("git",), git_date="author")
    assert handle.take(author, _docs(repo), Diagnostics()) is None
    # A repository read that holds no source: the direct read would not have read it.
    other = repo.parent / "other"
    other.mkdir(exist_ok=True)
    git_init(other)
    git_commit(other, {"x.md": "1"}, "2024-01-01T00:00:00+00:00")
    handle = prefetch_git([repo / "docs", other], SETTINGS)
    assert handle is not None
    assert handle.take(SETTINGS, _docs(repo), Diagnostics()) is None
    assert (
        prefetch_git([repo], Settings("https://example.org/", lastmod_sources=("mtime",))) is None
    )


def _sitemap(repo: Path, out: Path, prefetch: list[Path] | None, logger: logging.Logger) -> bytes:
    out.mkdir()
    records = [
        PageRecord(url=f"{f.relative_to(repo).with_suffix('').as_posix()}/", source=f)
        for f in [*_docs(repo), repo / "blog/b.md"]
    ]
    handle = None if prefetch is None else prefetch_git(prefetch, SETTINGS)
    build_sitemap(records, SETTINGS, out, logger=logger, git_prefetch=handle)
    return (out / "sitemap.xml").read_bytes()


@pytest.mark.parametrize("directories", [["docs"], ["docs", "blog"], ["."], ["nowhere"]])
def test_sitemaps_are_identical_with_and_without_prefetch(
    repo: Path, tmp_path: Path, directories: list[str]
) -> None:
    logger = logging.getLogger("test_equivalence_git_prefetch")
    plain = _sitemap(repo, tmp_path / "plain", None, logger)
    fetched = _sitemap(repo, tmp_path / "fetched", [repo / d for d in directories], logger)
    assert plain == fetched
    assert b"<lastmod>2024-01-05T00:00:00-03:00</lastmod>" in plain  # blog/b.md


class _Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_failed_or_shallow_reads_log_what_a_direct_read_logs(tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / ".git").write_text("gitdir: /nonexistent/place\n")
    (broken / "a.md").write_text("x")
    origin = tmp_path / "origin"
    origin.mkdir()
    git_init(origin)
    for day in range(1, 4):
        git_commit(origin, {"old.md" if day == 1 else "new.md": str(day)}, f"2024-01-0{day}T00:00Z")
    shallow = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{origin}", str(shallow))
    # A logger of its own: Pelican (imported by other tests) makes getLogger's loggers drop
    # repeated messages.
    logger = logging.Logger("test_equivalence_git_prefetch.logs", logging.DEBUG)
    kept = _Kept()
    logger.addHandler(kept)
    for name, root in (("broken", broken), ("shallow", shallow)):
        logs = []
        for prefetch in (None, [root]):
            out = tmp_path / f"{name}-{prefetch is not None}"
            out.mkdir()
            records = [PageRecord(url=f"{p.stem}/", source=p) for p in sorted(root.glob("*.md"))]
            handle = None if prefetch is None else prefetch_git(prefetch, SETTINGS)
            kept.records.clear()
            build_sitemap(records, SETTINGS, out, logger=logger, git_prefetch=handle)
            logs.append([(r.levelname, r.getMessage()) for r in kept.records])
        assert logs[0] == logs[1]
        # A broken repository and a shallow clone are both information (the checkout's state).
        assert any(level == "INFO" and str(root) in text for level, text in logs[0])
        assert not [text for level, text in logs[0] if level == "WARNING"], logs[0]
