"""hreflang alternates from built pages' heads (Hugo, Jekyll, Zensical output): the CLI writes
reciprocal ``xhtml:link`` entries for listed pages, x-default kept, on static HTML fixtures."""

from __future__ import annotations

import subprocess
from pathlib import Path

from lxml import etree

from sitemap_core._html import inspect_html
from tests.conftest import cli, write_files

BASE = "https://example.org/"
NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}


def page(*links: tuple[str, str], extra: str = "") -> str:
    heads = "".join(f'<link rel="alternate" hreflang="{h}" href="{u}">' for h, u in links)
    return f"<!doctype html><html><head><title>t</title>{heads}{extra}</head><body>x</body></html>"


HOME = (("en", "https://example.org/en/"), ("de", "/de/"), ("fr", "/fr/"), ("x-default", "/"))
ABOUT = (("en", "/en/about/"), ("de", "../../de/ueber/"), ("x-default", "/en/about/"))

SITE = {
    # The language picker: the x-default of the home pages, no language of its own.
    "index.html": page(*HOME),
    "en/index.html": page(*HOME),
    "de/index.html": page(*HOME),
    # Listed nowhere (noindex): no other page may name it as an alternate.
    "fr/index.html": page(*HOME, extra='<meta name="robots" content="noindex">'),
    # Relative hrefs, resolved against the page; x-default is the English version.
    "en/about/index.html": page(*ABOUT, ("es", "https://elsewhere.example.com/es/")),
    "de/ueber/index.html": page(*ABOUT),
    # Only itself: no alternates.
    "en/solo.html": page(("en", "/en/solo.html")),
    "plain.html": page(),
}


def alternates(sitemap: Path) -> dict[str, dict[str, str]]:
    tree = etree.parse(str(sitemap))
    found: dict[str, dict[str, str]] = {}
    for url in tree.getroot().iterfind("s:url", NS):
        loc = url.findtext("s:loc", namespaces=NS) or ""
        found[loc] = {
            link.get("hreflang", ""): link.get("href", "") for link in url.iterfind("x:link", NS)
        }
    return found


def build(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return cli("build", str(site), "--base-url", BASE, *args)


def test_reciprocal_alternates_from_heads(tmp_path: Path) -> None:
    site = write_files(tmp_path / "public", SITE)
    done = build(site)
    assert done.returncode == 0, done.stderr
    found = alternates(site / "sitemap.xml")
    home = {"en": BASE + "en/", "de": BASE + "de/", "x-default": BASE}
    assert found[BASE + "en/"] == home
    assert found[BASE + "de/"] == home
    assert found[BASE] == home  # the picker is listed with the group's links
    about = {"en": BASE + "en/about/", "de": BASE + "de/ueber/", "x-default": BASE + "en/about/"}
    assert found[BASE + "en/about/"] == about
    assert found[BASE + "de/ueber/"] == about
    assert found[BASE + "en/solo.html"] == {}
    assert found[BASE + "plain.html"] == {}
    assert BASE + "fr/" not in found
    assert "warning" not in done.stderr


def test_no_alternates_without_html_checks(tmp_path: Path) -> None:
    site = write_files(tmp_path / "public", SITE)
    done = build(site, "--no-html-checks")
    assert done.returncode == 0, done.stderr
    assert all(links == {} for links in alternates(site / "sitemap.xml").values())


def test_head_scan_reads_alternates_in_the_head_only(tmp_path: Path) -> None:
    path = tmp_path / "p.html"
    body_link = '<link rel="alternate" hreflang="it" href="/it/">'
    path.write_text(
        page(
            *ABOUT, extra='<link rel="alternate" type="application/rss+xml" href="/feed.xml">'
        ).replace("<body>x", "<body>" + body_link)
    )
    assert inspect_html(path).alternates == ABOUT
