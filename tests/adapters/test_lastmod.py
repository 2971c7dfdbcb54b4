"""Publish dates are floors in real Pelican, MkDocs and Sphinx builds over real git history:
a page published before its last commit takes the commit's date, a scheduled post keeps its
date, explicit modification dates (``Modified``, ``updated``, Material's ``date: {updated}``,
``:modified:``) answer, and each adapter's ``publish_date_is_lastmod`` restores the old
behaviour."""

from __future__ import annotations

import datetime as dt
import logging
import shutil
from pathlib import Path

import pytest

from tests.conftest import git_commit, git_init, lastmods, mkdocs_build, sphinx_build

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed"),
]

COMMIT = "2024-05-10T09:00:00+00:00"
LATER = dt.datetime(2025, 3, 1, 8, tzinfo=dt.timezone.utc)
AT_COMMIT = dt.datetime(2024, 5, 10, 9, tzinfo=dt.timezone.utc)


def _when(text: str | None) -> dt.datetime:
    """A lastmod as an aware datetime (the text form, Z or +00:00, is not what is tested)."""
    assert text is not None
    when = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    return when if when.tzinfo else when.replace(tzinfo=dt.timezone.utc)


def _day(year: int, month: int, day: int) -> dt.datetime:
    return dt.datetime(year, month, day, tzinfo=dt.timezone.utc)


# -- Pelican ------------------------------------------------------------------------------------
def _pelican(repo: Path, out: Path, sitemap: dict[str, object]) -> dict[str, str | None]:
    from pelican import Pelican
    from pelican.settings import read_settings

    settings = read_settings(
        override={
            "PATH": str(repo / "content"),
            "OUTPUT_PATH": str(out),
            "SITEURL": "https://blog.example.org",
            "TIMEZONE": "UTC",
            "CACHE_CONTENT": False,
            "PLUGINS": ["sitemap"],
            "SITEMAP": sitemap,
        }
    )
    logger = logging.getLogger("pelican.plugins.sitemap")
    logger.setLevel(logging.INFO)
    warned: list[logging.LogRecord] = []
    handler = logging.Handler(logging.WARNING)
    handler.emit = warned.append  # type: ignore[method-assign,assignment]
    logger.addHandler(handler)
    try:
        Pelican(settings).run()
    finally:
        logger.removeHandler(handler)
    # A scheduled post is the site's own fact: `pelican --fatal warnings` stays green.
    assert not warned, [r.getMessage() for r in warned]
    found = lastmods(out / "sitemap.xml")
    return {k.removeprefix("https://blog.example.org/"): v for k, v in found.items()}


def test_pelican_date_is_a_floor_and_modified_answers(tmp_path: Path) -> None:
    pytest.importorskip("pelican")
    repo = git_init(tmp_path / "site")
    post = "Title: {t}\nDate: {d}\nCategory: a\n{extra}\nText.\n"
    git_commit(
        repo,
        {
            "content/old.md": post.format(t="Old", d="2021-09-13 10:00", extra=""),
            "content/soon.md": post.format(t="Soon", d="2030-01-01 08:00", extra=""),
            "content/later.md": post.format(t="Later", d="2025-03-01 08:00", extra=""),
            "content/fixed.md": post.format(
                t="Fixed", d="2020-01-01 10:00", extra="Modified: 2020-06-01 10:00\n"
            ),
        },
        COMMIT,
    )
    got = _pelican(repo, tmp_path / "out", {})
    assert _when(got["old.html"]) == AT_COMMIT
    # A date in the future is no lastmod: check calls it an error.
    assert got["soon.html"] is None
    # A scheduled post that went live after its last commit keeps its date.
    assert _when(got["later.html"]) == LATER
    assert _when(got["fixed.html"]) == dt.datetime(2020, 6, 1, 10, tzinfo=dt.timezone.utc)
    assert _when(got[""]) == LATER  # the index: newest of what it lists
    old = _pelican(repo, tmp_path / "old-out", {"publish_date_is_lastmod": True})
    assert _when(old["old.html"]) == dt.datetime(2021, 9, 13, 10, tzinfo=dt.timezone.utc)


# -- MkDocs -------------------------------------------------------------------------------------
def _mkdocs(repo: Path, options: str) -> dict[str, str | None]:
    (repo / "mkdocs.yml").write_text(
        "site_name: T\nsite_url: https://docs.example.org/\nplugins:\n  - sitemap" + options + "\n",
        encoding="utf-8",
    )
    mkdocs_build(repo, "--strict")  # a scheduled page keeps --strict green
    found = lastmods(repo / "site" / "sitemap.xml")
    return {k.removeprefix("https://docs.example.org/"): v for k, v in found.items()}


def test_mkdocs_date_is_a_floor_and_updated_answers(tmp_path: Path) -> None:
    repo = git_init(tmp_path / "site")
    git_commit(
        repo,
        {
            "docs/index.md": "# Home\n",
            "docs/old.md": "---\ndate: 2021-09-13\n---\n# Old\n",
            "docs/soon.md": "---\ndate: 2030-01-01\n---\n# Soon\n",
            "docs/later.md": "---\ndate: 2025-03-01 08:00:00+00:00\n---\n# Later\n",
            "docs/updated.md": "---\ndate: 2020-01-01\nupdated: 2022-02-02\n---\n# U\n",
            "docs/material.md": (
                "---\ndate:\n  created: 2020-01-01\n  updated: 2021-01-01\n---\n# M\n"
            ),
            "docs/created.md": "---\ndate:\n  created: 2020-01-01\n---\n# C\n",
        },
        COMMIT,
    )
    got = _mkdocs(repo, "")
    assert _when(got["old/"]) == AT_COMMIT
    assert got["soon/"] is None  # in the future: no lastmod
    assert _when(got["later/"]) == LATER  # published after its commit: keeps its date
    assert got["updated/"] == "2022-02-02"
    assert got["material/"] == "2021-01-01"
    assert _when(got["created/"]) == AT_COMMIT
    old = _mkdocs(repo, ":\n      publish_date_is_lastmod: true")
    assert old["old/"] == "2021-09-13"
    assert old["created/"] == "2020-01-01"


# -- Sphinx -------------------------------------------------------------------------------------
def test_sphinx_date_is_a_floor_and_modified_answers(tmp_path: Path) -> None:
    repo = git_init(tmp_path / "proj")
    conf = (
        'extensions = ["ssg_sitemap.sphinx"]\nhtml_baseurl = "https://docs.example.org/"\n'
        'sitemap_url_scheme = "{link}"\nsitemap_show_lastmod = True\n'
    )
    git_commit(
        repo,
        {
            "conf.py": conf,
            "index.rst": "Home\n====\n\n.. toctree::\n\n   old\n   soon\n   later\n   fixed\n",
            "old.rst": ":date: 2021-09-13\n\nOld\n===\n",
            "soon.rst": ":date: 2030-01-01\n\nSoon\n====\n",
            "later.rst": ":date: 2025-03-01T08:00:00+00:00\n\nLater\n=====\n",
            "fixed.rst": ":date: 2020-01-01\n:modified: 2022-02-02\n\nFixed\n=====\n",
        },
        COMMIT,
    )
    run = sphinx_build(repo, tmp_path / "out", strict=True)  # -W: a scheduled page is no warning
    assert run.statuscode == 0, run.warnings
    got = lastmods(run.sitemap)
    base = "https://docs.example.org/"
    assert _when(got[base + "old.html"]) == AT_COMMIT
    assert got[base + "soon.html"] is None  # in the future: no lastmod
    assert _when(got[base + "later.html"]) == LATER  # published after its commit
    assert got[base + "fixed.html"] == "2022-02-02"
    old = sphinx_build(repo, tmp_path / "old", overrides={"sitemap_publish_date_is_lastmod": True})
    assert lastmods(old.sitemap)[base + "old.html"] == "2021-09-13"
