"""The Pelican adapter with git lastmod: real git history, real ``pelican`` build."""

from __future__ import annotations

import datetime as dt
import logging
import os
import subprocess
from pathlib import Path

import pytest
from lxml import etree

pytest.importorskip("pelican")

pytestmark = pytest.mark.slow

NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}
SITEURL = "https://git.example.org"


def _commit(repo: Path, message: str, when: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "T",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "T",
        "GIT_COMMITTER_EMAIL": "t@example.org",
        "GIT_AUTHOR_DATE": when,
        "GIT_COMMITTER_DATE": when,
    }
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)
    subprocess.run(["git", "commit", "-q", "-m", message], cwd=repo, check=True, env=env)


def test_pages_without_dates_take_their_last_commit(tmp_path: Path) -> None:
    from pelican import Pelican
    from pelican.settings import read_settings

    repo = tmp_path / "site"
    content = repo / "content"
    (content / "pages").mkdir(parents=True)
    (content / "files").mkdir()
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    (content / "post.md").write_text("Title: Post\nDate: 2021-03-04 05:06\nCategory: a\n\nx\n")
    (content / "pages" / "about.md").write_text("Title: About\n\nFirst version.\n")
    (content / "pages" / "contact.md").write_text("Title: Contact\n\nMail us.\n")
    (content / "files" / "doc.pdf").write_bytes(b"%PDF-1.4\n%%EOF\n")
    _commit(repo, "first", "2022-01-01T10:00:00+00:00")
    (content / "pages" / "about.md").write_text("Title: About\n\nSecond version.\n")
    _commit(repo, "edit about", "2023-06-15T08:30:00+02:00")
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

    tree = etree.parse(str(output / "sitemap.xml"))
    lastmod = {
        url.findtext("sm:loc", namespaces=NS): url.findtext("sm:lastmod", namespaces=NS)
        for url in tree.findall("sm:url", NS)
    }
    assert lastmod[f"{SITEURL}/post.html"] == "2021-03-04T05:06:00Z"  # Date beats git
    assert lastmod[f"{SITEURL}/pages/about.html"] == "2023-06-15T08:30:00+02:00"
    assert lastmod[f"{SITEURL}/files/doc.pdf"] == "2022-01-01T10:00:00Z"
    # Uncommitted changes: the file's modification time (when it really changed).
    stamp = (content / "pages" / "contact.md").stat().st_mtime
    expected = dt.datetime.fromtimestamp(int(stamp), tz=dt.timezone.utc)
    assert lastmod[f"{SITEURL}/pages/contact.html"] == expected.strftime("%Y-%m-%dT%H:%M:%SZ")
