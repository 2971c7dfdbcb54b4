"""The Pelican adapter with git lastmod: real git history, real ``pelican`` build."""

from __future__ import annotations

import datetime as dt
import logging
from pathlib import Path

import pytest

from tests.conftest import git_commit, git_init, lastmods

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
