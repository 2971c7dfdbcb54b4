"""The HTML sitemap in a real headless browser (Debian's chromium): DOM and a phone screenshot.

Opt-in: deselected by default; run with ``make test-browser``, which installs ``chromium``
first (pytest itself never installs anything), or ``pytest -m browser`` where it is installed.
Two browser launches in all.
"""

from __future__ import annotations

import struct
import subprocess
from pathlib import Path
from typing import Any

import pytest
from lxml import html as lxml_html

from sitemap_core._cli import main
from tests.browser.conftest import FLAGS, chromium_binary

pytestmark = [pytest.mark.browser, pytest.mark.slow]


BASE = "https://www.example.org/"


@pytest.fixture(scope="module")
def chromium() -> str:
    return chromium_binary()


@pytest.fixture(scope="module")
def sitemap_html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("browser") / "public"
    pages = {
        "index.html": "Home",
        "about.html": "About the project",
        "blog/index.html": "Blog",
        "blog/a-very-long-article-name-that-must-wrap-on-a-phone-screen.html": (
            "A very long article title that has to wrap nicely on a narrow phone screen"
        ),
        "blog/café.html": "Café & crêpes",
        "docs/guide/install.html": "Installing",
    }
    for name, title in pages.items():
        path = site / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"<html><head><title>{title.replace('&', '&amp;')}</title></head></html>")
    assert main(["build", str(site), "--base-url", BASE, "--html-sitemap", "sitemap.html"]) == 0
    return site / "sitemap.html"


def _run(chromium: str, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    profile = tmp_path / "profile"
    return subprocess.run(
        [chromium, *FLAGS, f"--user-data-dir={profile}", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_rendered_dom_has_the_links_and_titles(chromium: str, sitemap_html: Path, tmp_path: Path):
    result = _run(chromium, tmp_path, "--dump-dom", sitemap_html.as_uri())
    assert result.returncode == 0, result.stderr[-2000:]
    doc: Any = lxml_html.fromstring(result.stdout)
    links = {a.text_content(): a.get("href") for a in doc.xpath("//ul[@class='pages']//a")}
    assert links == {
        "Home": "./",
        "About the project": "about.html",
        "Blog": "blog/",
        "A very long article title that has to wrap nicely on a narrow phone screen": (
            "blog/a-very-long-article-name-that-must-wrap-on-a-phone-screen.html"
        ),
        "Café & crêpes": "blog/caf%C3%A9.html",
        "Installing": "docs/guide/install.html",
    }
    sections = [s.text_content() for s in doc.xpath("//summary")]
    assert sections == ["Pages (2)", "blog (3)", "docs/guide (1)"]
    assert doc.xpath("//script") == []
    assert doc.findtext(".//h1") == "Site map"


def test_phone_screenshot(chromium: str, sitemap_html: Path, tmp_path: Path):
    shot = tmp_path / "shot.png"
    result = _run(
        chromium,
        tmp_path,
        f"--screenshot={shot}",
        "--window-size=390,844",
        "--hide-scrollbars",
        sitemap_html.as_uri(),
    )
    assert result.returncode == 0, result.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (390, 844)
    print(f"screenshot saved at {shot}")
