"""Our documentation site (``mkdocs build`` of docs/, Material) in a real headless chromium:
no code block is clipped at the right edge on a laptop's screen, and the home page shows how to
install on its first screen (a screenshot; with ``SSG_SITEMAP_SCREENSHOTS=docs/screenshots`` it
is kept there as ``docs-home.png``).

Opt-in like the other browser tests (``make test-browser``). A code block scrolls sideways
(Material's ``pre > code`` has ``overflow: auto``) when its ``scrollWidth`` passes its
``clientWidth``: a reader then sees it cut off; each page is measured by a small script added
to a copy of the built page, the numbers read back from the rendered DOM.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from lxml import html as lxml_html

from tests.browser.conftest import FLAGS, chromium_binary
from tests.conftest import MKDOCS, ROOT
from tests.core.diff.conftest import serve_folder
from tests.test_docs_site import nav_sources

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: A laptop's window, where a reader expects every line of a code block in view.
WIDTH, HEIGHT = 1280, 800

MEASURE = """
<script>
addEventListener("load", () => {
  const blocks = [...document.querySelectorAll("article pre")].map((pre) => {
    const box = pre.querySelector("code") || pre;
    return {over: box.scrollWidth - box.clientWidth, first: box.textContent.split("\\n")[0]};
  });
  const install = document.getElementById("install");
  const out = document.createElement("div");
  out.id = "measured";
  out.textContent = JSON.stringify({
    blocks, install: install ? install.getBoundingClientRect().top : null,
  });
  document.body.appendChild(out);
});
</script>
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("docs") / "site"
    done = subprocess.run(
        [MKDOCS, "build", "-f", str(ROOT / "mkdocs.yml"), "-d", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return out


def _chromium(profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [chromium_binary(), *FLAGS, f"--user-data-dir={profile}", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _measured(site: Path, page: Path, port: int, profile: Path) -> dict[str, Any]:
    copy = page.with_name("measured.html")
    copy.write_text(page.read_text(encoding="utf-8").replace("</body>", MEASURE + "</body>"))
    url = f"http://127.0.0.1:{port}/{copy.relative_to(site).as_posix()}"
    done = _chromium(
        profile, f"--window-size={WIDTH},{HEIGHT}", "--virtual-time-budget=5000", "--dump-dom", url
    )
    assert done.returncode == 0, done.stderr[-2000:]
    doc: Any = lxml_html.fromstring(done.stdout)
    (found,) = doc.xpath("//div[@id='measured']")
    data: dict[str, Any] = json.loads(found.text_content())
    return data


def _built_page(site: Path, source: str) -> Path:
    stem = source.removesuffix(".md")
    return site / ("index.html" if stem == "index" else f"{stem}/index.html")


def test_no_code_block_of_the_docs_is_clipped(site: Path, tmp_path: Path) -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    clipped: dict[str, list[str]] = {}
    blocks = 0
    with serve_folder(site) as port:
        for source in nav_sources(config["nav"]):
            measured = _measured(site, _built_page(site, source), port, tmp_path / "profile")
            blocks += len(measured["blocks"])
            over = [f"{b['first'][:70]} (+{b['over']}px)" for b in measured["blocks"] if b["over"]]
            if over:
                clipped[source] = over
    assert blocks >= 50  # the measure saw the code blocks
    assert clipped == {}, json.dumps(clipped, indent=1)


def test_the_home_shows_install_on_its_first_screen(site: Path, tmp_path: Path) -> None:
    with serve_folder(site) as port:
        measured = _measured(site, site / "index.html", port, tmp_path / "profile")
        assert measured["install"] is not None and 0 < measured["install"] < HEIGHT / 2
        shot = tmp_path / "docs-home.png"
        done = _chromium(
            tmp_path / "profile",
            f"--window-size={WIDTH},{HEIGHT}",
            "--hide-scrollbars",
            "--virtual-time-budget=5000",
            f"--screenshot={shot}",
            f"http://127.0.0.1:{port}/",
        )
    assert done.returncode == 0, done.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (WIDTH, HEIGHT)
    keep = os.environ.get("SSG_SITEMAP_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, Path(keep) / shot.name)
