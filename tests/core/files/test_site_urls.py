"""What a built site's sitemaps list, read back from its files (announce, Pelican's HTML
sitemap): the entry robots.txt names, else the usual names; an index's sitemaps followed."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core import SitemapError
from sitemap_core._files import site_urls
from tests.conftest import write_files

BASE = "https://example.org/"
URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{}</urlset>'
INDEX = '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{}</sitemapindex>'


def urls(*locs: str) -> str:
    return URLSET.format("".join(f"<url><loc>{BASE}{loc}</loc></url>" for loc in locs))


def index(*names: str) -> str:
    return INDEX.format("".join(f"<sitemap><loc>{BASE}{n}</loc></sitemap>" for n in names))


def test_the_index_robots_names_is_followed(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "robots.txt": f"User-agent: *\nSitemap: {BASE}maps/all.xml # ours\n",
            "maps/all.xml": index("maps/a.xml", "maps/b.xml"),
            "maps/a.xml": urls("a.html"),
            "maps/b.xml": urls("b.html"),
            # Not named by robots.txt: not read.
            "sitemap.xml": urls("stale.html"),
        },
    )
    assert [loc for loc, _ in site_urls(tmp_path, BASE)] == [BASE + "a.html", BASE + "b.html"]


def test_without_robots_the_usual_names_are_tried(tmp_path: Path) -> None:
    write_files(tmp_path, {"sitemap.xml": urls("a.html")})
    assert list(site_urls(tmp_path, BASE)) == [(BASE + "a.html", None)]


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({}, "holds no sitemap"),
        ({"sitemap.xml": index("elsewhere.xml")}, "which is not a file in"),
        (
            {"sitemap_index.xml": index("sitemap.xml"), "sitemap.xml": index("a.xml")},
            "another index; indexes cannot be nested",
        ),
    ],
)
def test_what_cannot_be_followed_is_an_error(
    tmp_path: Path, files: dict[str, str], message: str
) -> None:
    write_files(tmp_path, files)
    with pytest.raises(SitemapError, match=message):
        list(site_urls(tmp_path, BASE))
