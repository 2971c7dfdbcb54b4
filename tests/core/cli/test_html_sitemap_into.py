"""``build --html-sitemap-into PAGE`` (_cli/_html_sitemap_into.py): the list put into a page of
the built site in the page's own encoding, checked before anything is written, and written only
when it changed, keeping the page's mode and hard links."""

from __future__ import annotations

import html
import os
import stat
import subprocess
import sys
from pathlib import Path

from tests.conftest import locs, snapshot

BASE = "https://example.org/"
SLOT = "<!-- ssg-sitemap -->"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sitemap_core", "build", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def site(root: Path, page: bytes) -> Path:
    root.mkdir()
    (root / "index.html").write_text("<html><head><title>Home</title></head><body>x</body>")
    (root / "ja.html").write_text(
        "<html><head><title>日本語</title></head><body>x</body>", encoding="utf-8"
    )
    (root / "map.html").write_bytes(page)
    return root


INTO = ("--base-url", BASE, "--html-sitemap-into", "map.html")


def test_a_latin1_page_is_filled_in_its_own_encoding(tmp_path: Path) -> None:
    head = b'<html><head><meta charset="iso-8859-1"><title>Caf\xe9</title></head><body>'
    tail = b"<p>Men\xfc</p></body></html>"
    root = site(tmp_path / "public", head + f"<main>{SLOT}</main>".encode() + tail)
    done = run(str(root), *INTO)
    assert done.returncode == 0, done.stderr
    filled = (root / "map.html").read_bytes()
    assert filled.startswith(head + b"<main>") and filled.endswith(b"</main>" + tail)
    text = filled.decode("iso-8859-1")
    assert "&#26085;&#26412;&#35486;" in text  # the Japanese title, as character references
    assert "日本語" in html.unescape(text)


def test_an_undeclared_page_that_is_not_utf8_gets_character_references(tmp_path: Path) -> None:
    page = f"<html><body>Men\xfc<main>{SLOT}</main></body></html>".encode("cp1252")
    root = site(tmp_path / "public", page)
    done = run(str(root), *INTO)
    assert done.returncode == 0, done.stderr
    filled = (root / "map.html").read_bytes()
    assert filled.startswith(b"<html><body>Men\xfc<main>")
    assert "&#26085;" in filled.decode("ascii", "replace")


def test_a_page_that_cannot_be_filled_is_refused_before_anything_is_written(
    tmp_path: Path,
) -> None:
    utf16 = f"<html><body><main>{SLOT}</main></body></html>".encode("utf-16")
    for number, page in enumerate((utf16, b"<html><body>no slot</body></html>")):
        root = site(tmp_path / f"public{number}", page)
        before = snapshot(root)
        done = run(str(root), *INTO)
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith("ssg-sitemap: error: --html-sitemap-into: 'map.html'")
        assert "Traceback" not in done.stderr
        assert snapshot(root) == before


def test_the_page_is_written_only_on_change_keeping_its_mode_and_links(tmp_path: Path) -> None:
    root = site(tmp_path / "public", f"<html><body><main>{SLOT}</main></body></html>".encode())
    page = root / "map.html"
    page.chmod(0o664)
    linked = tmp_path / "deploy-copy.html"
    os.link(page, linked)
    assert run(str(root), *INTO).returncode == 0
    assert BASE + "ja.html" in locs(root / "sitemap.xml")
    assert stat.S_IMODE(page.stat().st_mode) == 0o664
    assert page.stat().st_ino == linked.stat().st_ino and "ja.html" in linked.read_text()
    before = page.stat().st_mtime_ns
    os.utime(page, ns=(before - 10**9, before - 10**9))
    assert run(str(root), *INTO).returncode == 0
    assert page.stat().st_mtime_ns == before - 10**9  # nothing changed: not rewritten


def test_a_robots_symlink_inside_the_site_stays_a_symlink(tmp_path: Path) -> None:
    root = site(tmp_path / "public", f"<main>{SLOT}</main>".encode())
    (root / "conf").mkdir()
    (root / "conf" / "robots.txt").write_text("User-agent: *\nDisallow: /x/\n")
    (root / "robots.txt").symlink_to("conf/robots.txt")
    done = run(str(root), "--base-url", BASE)
    assert done.returncode == 0, done.stderr
    assert (root / "robots.txt").is_symlink()
    assert (root / "conf" / "robots.txt").read_text() == (
        f"User-agent: *\nDisallow: /x/\nSitemap: {BASE}sitemap.xml\n"
    )
