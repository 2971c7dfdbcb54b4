"""Lastmod end to end through ``build_sitemap``: git, source order, aggregates, precision,
SOURCE_DATE_EPOCH, on real repositories in tmp_path."""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager
from sitemap_core._lastmod import GitDates
from tests.conftest import git, git_commit, git_init, lastmods

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

BASE = "https://example.org/"


def build(
    records: Any, out: Path, caplog: pytest.LogCaptureFixture | None = None, **settings: Any
) -> dict[str, str | None]:
    """Build and return ``{loc: lastmod text or None}`` from the written sitemap."""
    out.mkdir(exist_ok=True)
    logger = logging.getLogger("test.lastmod")
    report = build_sitemap(
        records,
        Settings(BASE, **settings),
        out,
        logger=logger,
        plugin_manager=make_plugin_manager(load_entry_points=False),
    )
    assert not report.failed
    return lastmods(out / "sitemap.xml")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A repository whose docs live below the root, with a merge and a rename."""
    repo = git_init(tmp_path_factory.mktemp("site"))
    git_commit(
        repo, {"README.md": "r", "docs/a.md": "a1", "docs/b.md": "b1"}, "2024-01-01T10:00:00Z"
    )
    git(repo, "checkout", "-q", "-b", "side")
    git_commit(
        repo, {"docs/a.md": "a2"}, "2024-02-01T10:00:00+02:00", author="2023-12-01T00:00:00Z"
    )
    git(repo, "checkout", "-q", "main")
    git_commit(repo, {"docs/b.md": "b2", "docs/c d.md": "c"}, "2024-03-01T10:00:00-05:00")
    git(repo, "merge", "-q", "--no-ff", "side", "-m", "merge", date="2024-04-01T00:00:00Z")
    (repo / "docs/sub").mkdir()
    git(repo, "mv", "docs/b.md", "docs/sub/b.md")
    git(repo, "commit", "-q", "-m", "move", date="2024-05-01T08:00:00+01:00")
    return repo


def pages(repo: Path) -> list[PageRecord]:
    names = ["docs/a.md", "docs/sub/b.md", "docs/c d.md"]
    return [PageRecord(n.removeprefix("docs/").replace(".md", ".html"), repo / n) for n in names]


def per_file(repo: Path, rel: str, fmt: str = "%cI") -> str:
    return git(repo, "log", "-1", f"--format={fmt}", "--", rel).strip()


def w3c(iso: str) -> str:
    return iso[:-6] + "Z" if iso.endswith("+00:00") else iso


def test_git_dates_in_the_sitemap_equal_git_log(site: Path, tmp_path: Path) -> None:
    got = build(pages(site), tmp_path / "out")
    for record in pages(site):
        assert record.source is not None
        rel = record.source.relative_to(site).as_posix()
        assert got[BASE + record.url.replace(" ", "%20")] == w3c(per_file(site, rel))
    assert got[BASE + "a.html"] == "2024-02-01T10:00:00+02:00"  # the side branch commit
    assert got[BASE + "sub/b.html"] == "2024-05-01T08:00:00+01:00"  # the move


def test_author_date_and_date_precision(site: Path, tmp_path: Path) -> None:
    got = build(pages(site), tmp_path / "a", git_date="author")
    assert got[BASE + "a.html"] == w3c(per_file(site, "docs/a.md", "%aI"))
    assert got[BASE + "a.html"] == "2023-12-01T00:00:00Z"
    got = build(pages(site), tmp_path / "d", precision="date")
    assert got[BASE + "c%20d.html"] == "2024-03-01"  # the committer's own calendar day


def test_one_shot_iterator_gives_the_same_dates(site: Path, tmp_path: Path) -> None:
    streamed = build(iter(pages(site)), tmp_path / "i")
    assert streamed == build(pages(site), tmp_path / "l")
    assert None not in streamed.values()


def test_source_order(site: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    a = site / "docs/a.md"
    records = [
        PageRecord("fm.html", a, front_matter={"sitemap_lastmod": "2020-01-01"},
                   dates={"modified": "2021-01-01", "date": "2019-01-01"}),
        PageRecord("mod.html", a, dates={"modified": "2021-01-01", "date": "2019-01-01"}),
        PageRecord("date.html", a, dates={"date": dt.date(2019, 1, 1)}),
        PageRecord("git.html", a),
        PageRecord("bad.html", a, dates={"modified": "last tuesday"}),
        PageRecord("none.html"),
    ]  # fmt: skip
    with caplog.at_level(logging.DEBUG, "test.lastmod"):
        got = build(records, tmp_path / "o")
    assert got == {
        BASE + "fm.html": "2020-01-01",
        BASE + "mod.html": "2021-01-01",
        # A publish date is a floor: the later commit answers.
        BASE + "date.html": "2024-02-01T10:00:00+02:00",
        BASE + "git.html": "2024-02-01T10:00:00+02:00",
        BASE + "bad.html": "2024-02-01T10:00:00+02:00",  # said, then git answered
        BASE + "none.html": None,  # never the build time
    }
    # Another extension's field: said at DEBUG, not warned about.
    said = [r for r in caplog.records if "last tuesday" in r.getMessage()]
    assert len(said) == 1 and said[0].levelno == logging.DEBUG
    assert "modified" in said[0].getMessage() and str(a) in said[0].getMessage()
    got = build(records, tmp_path / "g", lastmod_sources=("git", "front_matter"))
    assert got[BASE + "fm.html"] == "2024-02-01T10:00:00+02:00"
    got = build(records, tmp_path / "n", lastmod_sources=("front_matter",))
    assert got[BASE + "git.html"] is None and got[BASE + "fm.html"] == "2020-01-01"


def test_naive_metadata_takes_the_site_timezone(tmp_path: Path) -> None:
    records = [PageRecord("a.html", dates={"date": "2024-07-01 09:15"})]
    got = build(records, tmp_path / "o", timezone="America/New_York")
    assert got[BASE + "a.html"] == "2024-07-01T09:15:00-04:00"


def test_git_is_not_run_unless_configured(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(self: GitDates, files: object) -> None:
        raise AssertionError("git was run")

    monkeypatch.setattr(GitDates, "prepare", boom)
    got = build(pages(site), tmp_path / "o", lastmod_sources=("front_matter", "metadata"))
    assert set(got.values()) == {None}
    with pytest.raises(AssertionError, match="git was run"):
        build(pages(site), tmp_path / "p")


def test_mtime_is_opt_in_and_used_for_uncommitted_changes(tmp_path: Path) -> None:
    repo = git_init(tmp_path / "r")
    git_commit(repo, {"a.md": "1", "b.md": "1"}, "2024-01-01T00:00:00Z")
    (repo / "a.md").write_text("edited, not committed")
    os.utime(repo / "a.md", (1_717_000_000, 1_717_000_000))
    (repo / "new.md").write_text("untracked")
    os.utime(repo / "new.md", (1_718_000_000, 1_718_000_000))
    records = [PageRecord(f"{n}.html", repo / f"{n}.md") for n in ("a", "b", "new")]
    got = build(records, tmp_path / "o")
    assert got == {
        BASE + "a.html": "2024-05-29T16:26:40Z",  # uncommitted: the file's mtime
        BASE + "b.html": "2024-01-01T00:00:00Z",
        BASE + "new.html": None,  # untracked: git cannot answer, no mtime unless configured
    }
    got = build(records, tmp_path / "m", lastmod_sources=("git", "mtime"))
    assert got[BASE + "new.html"] == "2024-06-10T06:13:20Z"


def test_aggregate_pages_take_the_newest_summarised_date(site: Path, tmp_path: Path) -> None:
    records = [
        PageRecord("index.html", kind="index", summarises=("a.html", "sub/b.html")),
        *pages(site),
        PageRecord("tags/x.html", kind="index", summarises=("c d.html",)),
        PageRecord("empty.html", kind="index", summarises=("missing.html",)),
    ]
    got = build(records, tmp_path / "o")
    assert got[BASE + "index.html"] == "2024-05-01T08:00:00+01:00"
    assert got[BASE + "tags/x.html"] == "2024-03-01T10:00:00-05:00"
    assert got[BASE + "empty.html"] is None


def test_source_date_epoch_is_an_upper_bound_never_a_stamp(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    epoch = dt.datetime(2024, 3, 1, tzinfo=dt.timezone.utc).timestamp()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(int(epoch)))
    records = [*pages(site), PageRecord("none.html")]
    got = build(records, tmp_path / "o")
    assert got[BASE + "a.html"] == "2024-02-01T10:00:00+02:00"  # older: unchanged
    assert got[BASE + "sub/b.html"] == "2024-03-01T00:00:00Z"  # newer: clamped
    assert got[BASE + "none.html"] is None


def test_shallow_clone_says_once_at_info_how_many_pages_it_left_undated(
    site: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{site}", str(clone))
    with caplog.at_level(logging.INFO, "test.lastmod"):
        got = build(pages(clone), tmp_path / "o")
    assert set(got.values()) == {None}
    shallow = [r for r in caplog.records if "shallow" in r.getMessage()]
    assert [r.levelno for r in shallow] == [logging.INFO]
    message = shallow[0].getMessage()
    assert f"{len(got)} page(s)" in message and "git fetch --unshallow" in message


def test_sitemap_with_lastmods_is_valid(site: Path, tmp_path: Path, xsd_dir: Path) -> None:
    records = [*pages(site), PageRecord("index.html", summarises=("a.html",))]
    build(records, tmp_path / "o")
    schema = etree.XMLSchema(etree.parse(str(xsd_dir / "sitemap.xsd")))
    schema.assertValid(etree.parse(str(tmp_path / "o" / "sitemap.xml")))


def test_pages_without_a_repository_get_the_next_source(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "a.md").write_text("x")
    records = [PageRecord("a.html", plain / "a.md", dates={"date": "2022-02-02"})]
    got = build(records, tmp_path / "o", lastmod_sources=("git", "metadata"))
    assert got == {BASE + "a.html": "2022-02-02"}
    replaced = [dataclasses.replace(records[0], dates={})]
    assert build(replaced, tmp_path / "p") == {BASE + "a.html": None}


def test_ignore_revs_setting(site: Path, tmp_path: Path) -> None:
    side = git(site, "rev-parse", "side").strip()
    revs = tmp_path / "ignore-revs"
    revs.write_text(f"# a formatting sweep\n{side}\n")
    got = build(pages(site), tmp_path / "o", git_ignore_revs=revs)
    assert got[BASE + "a.html"] == "2024-01-01T10:00:00Z"  # the sweep does not count
    assert got[BASE + "sub/b.html"] == "2024-05-01T08:00:00+01:00"


def _sources(cls: type[Any]) -> set[str]:
    """The names of ``cls``'s subclasses (a source class names itself)."""
    found: set[str] = set()
    sub: type[Any]
    for sub in cls.__subclasses__():
        if "name" in vars(sub):
            found.add(str(sub.name))
        found |= _sources(sub)
    return found


def test_the_chain_and_the_settings_know_the_same_sources(tmp_path: Path) -> None:
    """A source added to ``lastmod/_chain.py`` alone is refused by ``Settings``
    (``config.LASTMOD_SOURCES``), and one named there alone fails in the chain: the two
    lists are one set, and every source builds."""
    from sitemap_core._config import CLI_LASTMOD_SOURCES
    from sitemap_core._config._options import LASTMOD_SOURCES
    from sitemap_core._lastmod._chain import Source

    assert _sources(Source) == set(LASTMOD_SOURCES)
    assert set(CLI_LASTMOD_SOURCES) <= set(LASTMOD_SOURCES)
    page = tmp_path / "page.html"
    page.write_text("<html><head><title>T</title></head><body>x</body></html>")
    record = PageRecord(url="page.html", source=page, output=page)
    assert BASE + "page.html" in build([record], tmp_path / "out", lastmod_sources=LASTMOD_SOURCES)
