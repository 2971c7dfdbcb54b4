"""The themed HTML sitemaps and the readable sitemap.xml in a real headless chromium.

Opt-in like the other browser tests (``make test-browser``). Each site is served by a local
HTTP server on 127.0.0.1 (chromium applies no XSLT to ``file://`` pages). With
``SSG_SITEMAP_SCREENSHOTS=docs/screenshots`` the screenshots are also copied there (how the
ones the README shows were made).
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import textwrap
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from lxml import html as lxml_html

from tests.browser.conftest import FLAGS, chromium_binary
from tests.conftest import local_server, mkdocs_build, sphinx_build, write_files

pytestmark = [pytest.mark.browser, pytest.mark.slow]


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    root = tmp_path_factory.mktemp("served")
    handler = functools.partial(_Quiet, directory=str(root))
    with local_server(handler) as port:  # type: ignore[arg-type]
        yield root, f"http://127.0.0.1:{port}/"


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [chromium_binary(), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def _dom(tmp_path: Path, url: str) -> Any:
    result = _run(tmp_path, "--virtual-time-budget=3000", "--dump-dom", url)
    assert result.returncode == 0, result.stderr[-2000:]
    return lxml_html.fromstring(result.stdout)


def _screenshot(tmp_path: Path, url: str, name: str) -> Path:
    shot = tmp_path / f"{name}.png"
    result = _run(
        tmp_path,
        f"--screenshot={shot}",
        "--window-size=900,700",
        "--hide-scrollbars",
        "--virtual-time-budget=3000",
        url,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    keep = os.environ.get("SSG_SITEMAP_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, Path(keep) / shot.name)
    return shot


def _every_link_is_a_built_page(doc: Any, page_url: str, root: Path, server: str) -> list[str]:
    (nav,) = doc.xpath("//section[@aria-label='Site map']")
    hrefs = [urljoin(page_url, str(a.get("href"))) for a in nav.iter("a")]
    assert hrefs
    for href in hrefs:
        assert href.startswith(server), href
        path = root / unquote(urlsplit(href).path.lstrip("/"))
        assert (path / "index.html" if href.endswith("/") else path).is_file(), href
    return hrefs


MKDOCS = """
site_name: Themed demo
site_url: {url}
theme:
  name: material
  features: [navigation.instant]
nav:
  - Home: index.md
  - Guide:
      - guide/install.md
      - guide/configure.md
  - About: about.md
plugins:
  - sitemap:
      html_sitemap: sitemap/
      xsl: true
"""


def test_mkdocs_material(served: tuple[Path, str], tmp_path: Path) -> None:
    root, server = served
    url = server + "mkdocs/site/"
    files = {
        "mkdocs.yml": MKDOCS.format(url=url),
        "docs/index.md": "# Welcome\n",
        "docs/guide/install.md": "# Installing\n",
        "docs/guide/configure.md": "# Configuring\n",
        "docs/about.md": "# About us\n",
    }
    write_files(root / "mkdocs", files)
    mkdocs_build(root / "mkdocs")
    page = url + "sitemap/"
    doc = _dom(tmp_path, page)
    assert doc.xpath("//header[contains(@class, 'md-header')]")
    assert doc.xpath("//nav[contains(@class, 'md-nav--primary')]")
    hrefs = _every_link_is_a_built_page(doc, page, root, server)
    assert hrefs == [url, url + "guide/install/", url + "guide/configure/", url + "about/"]
    _screenshot(tmp_path, page, "mkdocs-material")
    table = _dom(tmp_path, url + "sitemap.xml")
    rows = table.xpath("//tbody/tr")
    assert len(rows) == 5 and table.findtext(".//h1") == "XML sitemap"
    _screenshot(tmp_path, url + "sitemap.xml", "sitemap-xml")


@pytest.mark.parametrize("theme", ["alabaster", "furo", "sphinx_rtd_theme"])
def test_sphinx(served: tuple[Path, str], tmp_path: Path, theme: str) -> None:
    root, server = served
    url = f"{server}sphinx-{theme}/out/"
    files = {
        "conf.py": textwrap.dedent(f"""
            project = "Themed demo"
            extensions = ["ssg_sitemap.sphinx"]
            html_baseurl = "{url}"
            sitemap_url_scheme = "{{link}}"
            sitemap_html = "sitemap.html"
            html_theme = "{theme}"
            """),
        "index.rst": (
            "Themed demo\n===========\n\n.. toctree::\n   :caption: Guide\n\n   install\n"
            "   configure\n\n.. toctree::\n   :caption: Reference\n\n   api\n"
        ),
        "install.rst": "Installing\n==========\n",
        "configure.rst": "Configuring\n===========\n",
        "api.rst": "API\n===\n",
    }
    src = write_files(root / f"sphinx-{theme}" / "src", files)
    run = sphinx_build(src, root / f"sphinx-{theme}" / "out")
    assert run.statuscode == 0, run.warnings
    page = url + "sitemap.html"
    doc = _dom(tmp_path, page)
    assert doc.xpath("//*[@role='main'] | //article[@role='main'] | //div[@role='main']")
    hrefs = _every_link_is_a_built_page(doc, page, root, server)
    assert hrefs[:4] == [
        url + "index.html",
        url + "install.html",
        url + "configure.html",
        url + "api.html",
    ]
    _screenshot(tmp_path, page, f"sphinx-{theme}")


@pytest.mark.parametrize("theme", ["notmyidea", "simple"])
def test_pelican(served: tuple[Path, str], tmp_path: Path, theme: str) -> None:
    from tests.conftest import pelican_blog, run_pelican

    root, server = served
    url = f"{server}pelican-{theme}/output"
    content = pelican_blog(root / f"pelican-{theme}")
    run_pelican(
        content,
        root / f"pelican-{theme}" / "output",
        SITEURL=url,
        THEME=theme,
        SITENAME="Themed demo",
        SITEMAP={"html_sitemap": "sitemap.html", "html_exclude": ["/tag/*", "/author/*"]},
    )
    page = url + "/sitemap.html"
    doc = _dom(tmp_path, page)
    assert doc.xpath("//header//nav")
    hrefs = _every_link_is_a_built_page(doc, page, root, server)
    assert hrefs[:3] == [url + "/", url + "/pages/about.html", url + "/category/dev.html"]
    _screenshot(tmp_path, page, f"pelican-{theme}")


#: What Flex 2.5.0 (and themes like it) say about a navigation inside <main>: its top menu.
FLEX_LIKE_CSS = """
main nav { text-align: center; font-size: 0; }
main nav ul { list-style: none; }
main nav a { display: inline-block; font-size: 1rem; text-transform: uppercase; }
"""


def test_a_theme_styling_main_nav_leaves_the_list_alone(tmp_path: Path) -> None:
    """Flex styles `main nav` as its top menu: a list in a <nav> inside <main> became
    centred capitalised menu items, and its dates vanished (font-size 0)."""
    from sitemap_core._html_sitemap import HtmlEntry, NavItem, PageOptions, render_nav_and_toc

    base = "https://example.org/"
    nav = [NavItem("Home", base), NavItem("Posts", None, (NavItem("A post", base + "a/"),))]
    entries = [HtmlEntry(base, lastmod="2024-01-02"), HtmlEntry(base + "a/", lastmod="2024-01-03")]
    fragment = render_nav_and_toc(
        nav, entries, base + "map/", options=PageOptions(html_sitemap_dates=True)
    )[0]
    probe = """<script>
    const a = document.querySelector('.ssg-sitemap a');
    const time = document.querySelector('.ssg-sitemap time');
    document.body.dataset.probe = [getComputedStyle(a).textTransform,
      getComputedStyle(time).fontSize, getComputedStyle(a.closest('ul')).textAlign].join('|');
    </script>"""
    page = tmp_path / "map.html"
    page.write_text(
        f"<!doctype html><html><head><style>{FLEX_LIKE_CSS}</style></head><body>"
        f"<header><nav><a href='/'>Menu</a></nav></header><main>{fragment}</main>{probe}"
        "</body></html>"
    )
    doc = _dom(tmp_path, page.as_uri())
    transform, size, align = doc.xpath("//body/@data-probe")[0].split("|")
    assert transform == "none" and align != "center"
    assert size != "0px"  # the dates show
