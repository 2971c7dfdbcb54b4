"""The CLI's walk of a built site: files that symlink out, FIFOs, odd and non-UTF-8 file names."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from sitemap_core._check import LinkOptions, check_site
from tests.conftest import (
    HANG_TIMEOUT,
    build_cli,
)
from tests.core.conftest import plain_site

#: The link findings (true ones here too) are test_links.py's, not these tests'.
NO_LINKS = LinkOptions(enabled=False)


def test_build_leaves_out_pages_that_symlink_out_of_the_site(walled: Path) -> None:
    (walled / "leak.html").symlink_to(walled.parent / "priv" / "page.html")
    (walled / "inner.html").write_text("<html><head><title>in</title></head><body>")
    (walled / "alias.html").symlink_to(walled / "inner.html")  # inside: fine
    done = build_cli(str(walled), "--base-url", "https://example.org/")
    assert done.returncode == 0, done.stderr
    written = (walled / "sitemap.xml").read_text()
    assert "leak.html" not in written and "alias.html" in written
    assert "leak.html leads outside" in done.stderr


def test_fifos_in_the_site_are_skipped_not_waited_on(small_site: Path) -> None:
    import os

    os.mkfifo(small_site / "pipe.html")
    os.mkfifo(small_site / "sitemap.xml.gz")
    done = build_cli(str(small_site), "--base-url", "https://example.org/")
    assert done.returncode == 0, done.stderr
    written = (small_site / "sitemap.xml").read_text()
    assert "about.html" in written and "pipe.html" not in written
    os.mkfifo(small_site / "fifo.xml")
    (small_site / "robots.txt").write_text("Sitemap: https://example.org/fifo.xml\n")
    checked = subprocess.run(
        [sys.executable, "-m", "sitemap_core", "check", str(small_site)],
        capture_output=True,
        text=True,
        check=False,
        timeout=HANG_TIMEOUT,
    )
    assert "not a regular file" in checked.stdout, checked.stdout


def test_odd_file_names_get_urls_that_name_them(tmp_path: Path) -> None:
    from tests.conftest import locs

    site = tmp_path / "site"
    site.mkdir()
    names = ["a%41.html", "b%2e.html", "c?d.html", "e#f.html", "g:h.html", "caf\u00e9.html"]
    for name in [*names, "aA.html", "index.html"]:
        (site / name).write_text(f"<html><head><title>{name}</title></head><body>")
    done = build_cli(str(site), "--base-url", "https://example.org/")
    assert done.returncode == 0, done.stderr
    listed = locs(site / "sitemap.xml")
    assert sorted(listed) == sorted(
        "https://example.org/" + u
        for u in [
            "a%2541.html",
            "b%252e.html",
            "c%3Fd.html",
            "e%23f.html",
            "g%3Ah.html",
            "caf%C3%A9.html",
            "aA.html",
            "",
        ]
    )
    report = check_site(site, "https://example.org/")
    assert not [f for f in report.findings if f.severity == "error"], report.findings


BASE = "https://example.org/"


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="names are Unicode there")
def test_a_file_name_that_is_not_utf8_gets_the_url_of_its_bytes(tmp_path: Path) -> None:
    """``caf\\xe9.html`` (Latin-1, from an old archive) is served by its bytes: listed as
    ``caf%E9.html``, and ``check`` finds that URL's page; a page of such a name that is
    left out is named in the message, escaped."""
    import os

    from sitemap_core._check import check_site

    site = plain_site(tmp_path / "site", 1)
    (site / os.fsdecode(b"caf\xe9.html")).write_text("<html><head><title>t</title></head>x")
    noindex = '<html><head><meta name="robots" content="noindex"></head>x'
    (site / os.fsdecode(b"d\xe9j\xe0.html")).write_text(noindex)
    done = build_cli(str(site), "--base-url", BASE)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "1 excluded (1 noindex)" in done.stderr
    listed = re.findall(r"<loc>([^<]*)</loc>", (site / "sitemap.xml").read_text())
    assert listed == [f"{BASE}caf%E9.html", f"{BASE}p0000.html"]
    report = check_site(site, BASE, links=NO_LINKS)
    assert not report.findings, report.findings


def test_the_walk_goes_as_the_build_asks(tmp_path: Path) -> None:
    """The pages come as the walk finds them, not from a list made first: a site of a
    million pages is never held in memory whole (a file written in a folder the walk has not
    reached yet is found)."""
    from sitemap_core._sites import html_files

    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "page.html").write_text("<title>x</title>")
    walk = html_files(tmp_path)
    assert next(walk) == tmp_path / "a" / "page.html"
    (tmp_path / "b" / "later.html").write_text("<title>y</title>")
    assert list(walk) == [tmp_path / "b" / "later.html", tmp_path / "b" / "page.html"]


def test_a_symlink_out_is_named_once(walled: Path) -> None:
    """The site is walked twice (a count of its pages, then the build): one warning."""
    (walled / "leak.html").symlink_to(walled.parent / "priv" / "page.html")
    done = build_cli(str(walled), "--base-url", "https://example.org/")
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("leak.html leads outside") == 1, done.stderr
