"""What ``diff`` reads: a built site folder, a sitemap file, a sitemap URL (one origin)."""

from __future__ import annotations

import re
import shutil
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
