"""The Pelican adapter's settings on real ``pelican`` runs: a development build without SITEURL
under ``--fatal warnings``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import write

pytest.importorskip("pelican")


pytestmark = pytest.mark.slow


def pelican_fatal_warnings(root: Path, siteurl: str, sitemap: str = "{}") -> int:
    write(root / "content" / "post.md", "Title: Post\nDate: 2024-01-02\n\nBody.\n")
    write(
        root / "conf.py",
        f"SITEURL = {siteurl!r}\nRELATIVE_URLS = True\nTIMEZONE = 'UTC'\n"
        "PLUGINS = ['sitemap']\nFEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\n"
        "TRANSLATION_FEED_ATOM = None\nAUTHOR_FEED_ATOM = None\nAUTHOR_FEED_RSS = None\n"
        f"SITEMAP = {sitemap}\n",
    )
    pelican_bin = Path(sys.executable).parent / "pelican"
    done = subprocess.run(
        [str(pelican_bin), "content", "-s", "conf.py", "-o", "output", "--fatal", "warnings"],
        cwd=root,
        capture_output=True,
        text=True,
    )
    return done.returncode


def test_fatal_warnings_dev_build_without_siteurl_passes(tmp_path: Path) -> None:
    assert pelican_fatal_warnings(tmp_path / "dev", "") == 0
    assert not (tmp_path / "dev" / "output" / "sitemap.xml").exists()
    # Strict mode still fails it.
    assert pelican_fatal_warnings(tmp_path / "strict", "", "{'strict': True}") != 0
