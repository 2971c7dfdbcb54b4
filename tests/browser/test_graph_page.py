"""``check --graph``'s page in a real headless chromium: a built site with an orphan, a page
six clicks deep and a broken link, drawn offline; the DOM as rendered, and the screenshot's
pixels (the orphan's mark is there in its colour, and gone once the orphan is linked).

Opt-in, as the other browser tests: ``make test-browser`` or ``pytest -m browser``.
"""

from __future__ import annotations

import struct
import subprocess
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from lxml import html as lxml_html

from sitemap_core._cli import main
from tests.browser.conftest import FLAGS, chromium_binary
from tests.core.check.test_links import BASE, SITE, built

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The orphan mark's background in graph_page.html (``.m.orphan``).
ORPHAN = (0xCF, 0x22, 0x2E)


def _run(chromium: str, tmp_path: Path, *args: str) -> str:
    result = subprocess.run(
        [chromium, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def pixels(png: bytes) -> Counter[tuple[int, int, int]]:
    """How many pixels of each colour an 8-bit RGB(A) PNG has (chromium's screenshots)."""
    width, height, bits, colour = struct.unpack(">IIBB", png[16:26])
    assert bits == 8 and colour in (2, 6)
    step = 3 if colour == 2 else 4
    data, at = b"", 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at : at + 8])
        if kind == b"IDAT":
            data += png[at + 8 : at + 8 + length]
        at += 12 + length
    raw, stride = zlib.decompress(data), width * step
    counted: Counter[tuple[int, int, int]] = Counter()
    prev = bytearray(stride)
    for y in range(height):
        kind, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up, corner = prev[i], prev[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                near = min(
                    (abs(p - left), 0, left), (abs(p - up), 1, up), (abs(p - corner), 2, corner)
                )
                line[i] = (line[i] + near[2]) & 255
        counted.update(zip(line[0::step], line[1::step], line[2::step], strict=True))
        prev = line
    return counted


@pytest.fixture(scope="module")
def chromium() -> str:
    return chromium_binary()


def test_the_graph_renders_offline_with_the_orphan_marked(chromium: str, tmp_path: Path) -> None:
    site = built(tmp_path / "site")
    graph = tmp_path / "graph.html"
    assert main(["check", str(site), "--graph", str(graph)]) == 0
    doc: Any = lxml_html.fromstring(_run(chromium, tmp_path, "--dump-dom", graph.as_uri()))
    marked = {
        li.xpath("./a")[0].text: [b.text for b in li.xpath("./b")]
        for li in doc.xpath("//ul[@class='marked']/li")
    }
    assert marked == {"/": ["1 broken"], "island.html": ["unreachable"], "orphan.html": ["orphan"]}
    deep = doc.xpath("//li[contains(@class, 'deep')]/span")
    assert [s.text for s in deep] == ["5", "6"]
    assert doc.xpath("//script") == []

    shot = tmp_path / "shot.png"
    args = (f"--screenshot={shot}", "--window-size=800,1000", "--hide-scrollbars")
    _run(chromium, tmp_path, *args, graph.as_uri())
    counted = pixels(shot.read_bytes())
    assert sum(counted.values()) == 800 * 1000
    assert counted[(255, 255, 255)] < 800 * 1000 * 0.97  # drawn: not a blank page
    assert counted[ORPHAN] > 300  # the orphan's marks (in the list, the tree, the totals)

    # The orphan linked from the home page: its colour is gone from the page.
    (site / "index.html").write_text(
        SITE["index.html"].replace("</body>", '<a href="orphan.html">o</a></body>')
    )
    assert main(["check", str(site), "--graph", str(graph)]) == 0
    _run(chromium, tmp_path, *args, graph.as_uri())
    assert counted[ORPHAN] > 300 and pixels(shot.read_bytes())[ORPHAN] == 0
    assert BASE in graph.read_text(encoding="utf-8")
