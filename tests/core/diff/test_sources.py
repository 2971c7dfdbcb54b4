"""What ``diff`` reads: a built site folder, a sitemap file, a sitemap URL (one origin)."""

from __future__ import annotations

import contextlib
import math
import re
import shutil
import tempfile
import threading
import time
from pathlib import Path

import pytest

from sitemap_core._diff import read_side
from sitemap_core._errors import SitemapError
from sitemap_core._indexnow import Listed
from tests.conftest import index_text, urlset_text
from tests.core.diff.conftest import BASE, build, serve_folder, two_builds, write_page


def test_a_site_folder_gives_lastmods_and_content_hashes(tmp_path: Path) -> None:
    old, _new = two_builds(tmp_path)
    pages = read_side(str(old))
    assert set(pages) == {BASE + f"p{i}.html" for i in range(5)} | {BASE + "undated.html"}
    assert pages[BASE + "p0.html"].lastmod == "2024-01-01"
    assert all(page.digest for page in pages.values())


def test_a_site_served_below_a_path_is_found_without_a_base_url(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    write_page(site, "a/index.html", "2024-01-01")
    write_page(site, "b.html", "2024-01-02")
    build(site, "https://example.org/docs/")
    (site / "robots.txt").unlink(missing_ok=True)  # none is written below a path
    pages = read_side(str(site))
    assert sorted(pages) == ["https://example.org/docs/a/", "https://example.org/docs/b.html"]
    assert all(page.digest for page in pages.values())


def test_a_sitemap_file_gives_lastmods_only(tmp_path: Path) -> None:
    old, _new = two_builds(tmp_path)
    pages = read_side(str(old / "sitemap.xml"))
    assert pages[BASE + "p0.html"] == Listed("2024-01-01", None)


def test_a_served_sitemap_and_its_index(tmp_path: Path) -> None:
    site = tmp_path / "served"
    site.mkdir()
    with serve_folder(site) as port:
        base = f"http://127.0.0.1:{port}/"
        write_page(site, "a.html", "2024-01-01")
        write_page(site, "b.html", "2024-01-02")
        build(site, base)
        shutil.move(site / "sitemap.xml", site / "part.xml")
        (site / "sitemap.xml").write_text(index_text(base + "part.xml"), "utf-8")
        pages = read_side(base + "sitemap.xml")
    assert pages == {
        base + "a.html": Listed("2024-01-01", None),
        base + "b.html": Listed("2024-01-02", None),
    }


def test_a_served_index_naming_another_origin_is_refused(tmp_path: Path) -> None:
    site = tmp_path / "served"
    site.mkdir()
    with serve_folder(site) as port:
        other = f"http://127.0.0.1:{port + 1}/part.xml"
        (site / "sitemap.xml").write_text(index_text(other), "utf-8")
        with pytest.raises(SitemapError, match="another origin"):
            read_side(f"http://127.0.0.1:{port}/sitemap.xml")


def test_a_missing_sitemap_url_is_a_clear_error(tmp_path: Path) -> None:
    with serve_folder(tmp_path) as port:
        url = f"http://127.0.0.1:{port}/sitemap.xml"
        with pytest.raises(SitemapError, match=r"sitemap\.xml: answered 404"):
            read_side(url)


def test_a_served_page_that_is_not_a_sitemap(tmp_path: Path) -> None:
    (tmp_path / "sitemap.xml").write_text("<html><body>hello</body></html>", "utf-8")
    with serve_folder(tmp_path) as port:
        url = f"http://127.0.0.1:{port}/sitemap.xml"
        with pytest.raises(SitemapError, match=re.escape(f"{url}: not a sitemap (its root")):
            read_side(url)


def test_neither_folder_nor_file_nor_url(tmp_path: Path) -> None:
    with pytest.raises(SitemapError, match="no such folder or file"):
        read_side(str(tmp_path / "nothing"))
    (tmp_path / "urls.xml").write_text(urlset_text(BASE + "x"), "utf-8")
    assert read_side(str(tmp_path / "urls.xml")) == {BASE + "x": Listed(None, None)}


def test_a_local_index_naming_a_file_out_of_its_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    folder.mkdir()
    (tmp_path / "secret.xml").write_text(urlset_text(BASE + "secret"), "utf-8")
    index = folder / "sitemap.xml"
    index.write_text(index_text(BASE + "..%2Fsecret.xml"), "utf-8")
    with pytest.raises(SitemapError, match=r"lists .*\.\.%2Fsecret\.xml, which is not a file"):
        read_side(str(index))
    (folder / "link.xml").symlink_to(tmp_path / "secret.xml")
    index.write_text(index_text(BASE + "link.xml"), "utf-8")
    with pytest.raises(SitemapError, match=r"lists .*link\.xml, which is not a file beside it"):
        read_side(str(index))


def test_timeout_bounds_each_request_as_given(tmp_path: Path) -> None:
    # A sitemap trickled out over ~11 s: more than the client's default cut for one request.
    from http.server import BaseHTTPRequestHandler

    from tests.conftest import local_server

    body = urlset_text(*(BASE + f"p{i}" for i in range(2000))).encode()

    class Trickle(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            step = len(body) // 22 + 1
            for start in range(0, len(body), step):
                self.wfile.write(body[start : start + step])
                self.wfile.flush()
                time.sleep(0.5)

        def log_message(self, format: str, *args: object) -> None:
            pass

    with local_server(Trickle) as port:
        url = f"http://127.0.0.1:{port}/sitemap.xml"
        assert len(read_side(url, timeout=40)) == 2000
        with pytest.raises(SitemapError, match="no answer in the time given"):
            read_side(url, timeout=2)
    for bad in (math.nan, 0.0, -1.0, math.inf):
        with pytest.raises(SitemapError, match=r"--timeout: .* is not a positive number"):
            read_side(url, timeout=bad)


def test_each_downloaded_index_child_is_deleted_once_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))  # where diff's temp folder goes
    site = tmp_path / "served"
    site.mkdir()
    held: list[int] = []
    with serve_folder(site) as port:
        base = f"http://127.0.0.1:{port}/"
        children = [f"part{i}.xml" for i in range(12)]
        for i, name in enumerate(children):
            (site / name).write_text(
                urlset_text(*(base + f"{i}/{n}" for n in range(3000))), "utf-8"
            )
        (site / "sitemap.xml").write_text(index_text(*(base + c for c in children)), "utf-8")

        stop = threading.Event()

        def count() -> None:
            while not stop.wait(0.005):
                # the reader's own temp folder may go while it is walked
                with contextlib.suppress(FileNotFoundError):
                    held.append(sum(1 for _ in temp.rglob("*.xml")))

        watcher = threading.Thread(target=count)
        watcher.start()
        try:
            pages = read_side(base + "sitemap.xml")
        finally:
            stop.set()
            watcher.join()
    assert len(pages) == 12 * 3000
    assert held and max(held) <= 1, max(held)
