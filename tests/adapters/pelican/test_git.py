"""The Pelican adapter with git lastmod: real git history, real ``pelican`` build."""

from __future__ import annotations

import datetime as dt
import logging
import os
from pathlib import Path

import pytest

from tests.conftest import git_commit, git_init, lastmods, run_pelican, u, write

pytest.importorskip("pelican")


pytestmark = pytest.mark.slow


SITEURL = "https://git.example.org"


def test_pages_without_dates_take_their_last_commit(tmp_path: Path) -> None:
    from pelican import Pelican
    from pelican.settings import read_settings

    repo = tmp_path / "site"
    content = repo / "content"
    (content / "pages").mkdir(parents=True)
    (content / "files").mkdir()
    git_init(repo)
    (content / "post.md").write_text("Title: Post\nDate: 2021-03-04 05:06\nCategory: a\n\nx\n")
    (content / "pages" / "about.md").write_text("Title: About\n\nFirst version.\n")
    (content / "pages" / "contact.md").write_text("Title: Contact\n\nMail us.\n")
    (content / "files" / "doc.pdf").write_bytes(b"%PDF-1.4\n%%EOF\n")
    git_commit(repo, {}, "2022-01-01T10:00:00+00:00", "first")
    git_commit(
        repo,
        {"content/pages/about.md": "Title: About\n\nSecond version.\n"},
        "2023-06-15T08:30:00+02:00",
        "edit about",
    )
    (content / "pages" / "contact.md").write_text("Title: Contact\n\nUncommitted edit.\n")

    output = tmp_path / "output"
    settings = read_settings(
        override={
            "PATH": str(content),
            "OUTPUT_PATH": str(output),
            "SITEURL": SITEURL,
            "TIMEZONE": "UTC",
            "CACHE_CONTENT": False,
            "PLUGINS": ["sitemap"],
            "STATIC_PATHS": ["files"],
            "SITEMAP": {"static": ["files/*"]},
        }
    )
    logging.getLogger("pelican.plugins.sitemap").setLevel(logging.INFO)
    Pelican(settings).run()

    lastmod = lastmods(output / "sitemap.xml")
    # Date is a floor: the later commit answers.
    assert lastmod[f"{SITEURL}/post.html"] == "2022-01-01T10:00:00+00:00"
    assert lastmod[f"{SITEURL}/pages/about.html"] == "2023-06-15T08:30:00+02:00"
    assert lastmod[f"{SITEURL}/files/doc.pdf"] == "2022-01-01T10:00:00+00:00"
    # Uncommitted changes: the file's modification time (when it really changed).
    stamp = (content / "pages" / "contact.md").stat().st_mtime
    expected = dt.datetime.fromtimestamp(int(stamp), tz=dt.timezone.utc)
    assert lastmod[f"{SITEURL}/pages/contact.html"] == expected.strftime("%Y-%m-%dT%H:%M:%S+00:00")


def when(text: str | None) -> dt.datetime:
    assert text is not None
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def test_default_date_fs_dates_come_from_git_not_the_checkout(tmp_path: Path) -> None:
    repo = git_init(tmp_path / "site")
    content = repo / "content"
    git_commit(
        repo,
        {
            "content/old.md": "Title: Old\nCategory: News\n\nNo date.\n",
            "content/dated.md": "Title: Dated\nDate: 2020-05-05\nCategory: News\n\nDated.\n",
        },
        "2021-02-03T04:05:06+00:00",
    )
    git_commit(
        repo, {"content/newer.md": "Title: Newer\nCategory: Misc\n\nx\n"}, "2022-03-04T05:06:07Z"
    )
    # A fresh clone: every file's mtime is the checkout time.
    for path in content.glob("*.md"):
        path.touch()
    # A new, uncommitted post: git has no answer, its file's mtime has.
    write(content / "draft-ish.md", "Title: Uncommitted\nCategory: Misc\n\nNew.\n")
    stamp = dt.datetime(2023, 7, 8, 9, 10, 11, tzinfo=dt.timezone.utc).timestamp()
    os.utime(content / "draft-ish.md", (stamp, stamp))

    built = run_pelican(content, tmp_path / "output", DEFAULT_DATE="fs")
    found = lastmods(built.output / "sitemap.xml")
    assert when(found[u("old.html")]) == dt.datetime(2021, 2, 3, 4, 5, 6, tzinfo=dt.timezone.utc)
    # A Date: header is a floor under git; the fs "modified" does not count.
    assert when(found[u("dated.html")]) == when(found[u("old.html")])
    assert when(found[u("newer.html")]) == dt.datetime(2022, 3, 4, 5, 6, 7, tzinfo=dt.timezone.utc)
    assert when(found[u("uncommitted.html")]) == dt.datetime.fromtimestamp(stamp, dt.timezone.utc)
    assert when(found[u("category/news.html")]) == when(found[u("old.html")])
    assert when(found[u("")]) == when(found[u("uncommitted.html")])
    today = dt.datetime.now(dt.timezone.utc).date()
    assert not [loc for loc, value in found.items() if value and when(value).date() == today]
