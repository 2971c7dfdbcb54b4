"""The render-time judgement (``listed_url``, ``twin_link``) against a real build of the same
pages: a page the build lists has the link, in the form the sitemap lists it; a page it leaves
out has none."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager
from sitemap_core._pipeline import listed_url, twin_link
from tests.conftest import locs

BASE = "https://example.org/"

#: (record URL, the page's head, front matter): each a reason to list or to leave out.
PAGES: dict[str, tuple[str, dict[str, object]]] = {
    "": ("<title>Home</title>", {}),
    "plain/": ("<title>Plain</title>", {}),
    "fm/": ("<title>Front matter</title>", {"sitemap_exclude": True}),
    "secret/x/": ("<title>Globbed</title>", {}),
    "noindex/": ('<meta name="robots" content="noindex"><title>N</title>', {}),
    "moved/": ('<meta http-equiv="refresh" content="0; url=../plain/">', {}),
    "gone/": ("<title>404 Not Found</title>", {}),
    "404.html": ("<title>Oops</title>", {}),
    "other/": (f'<link rel="canonical" href="{BASE}plain/"><title>O</title>', {}),
    "away/": ('<link rel="canonical" href="https://elsewhere.org/a/"><title>A</title>', {}),
    "self/": (f'<link rel="canonical" href="{BASE}self/"><title>S</title>', {}),
    "form/": (f'<link rel="canonical" href="{BASE}form"><title>F</title>', {}),
}


def _output(root: Path, url: str) -> Path:
    return root / (url if url.endswith(".html") else url + "index.html")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[PageRecord], Path]:
    root = tmp_path_factory.mktemp("site")
    records = []
    for url, (head, front_matter) in PAGES.items():
        output = _output(root, url)
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(f"<html><head>{head}</head><body>x</body></html>", encoding="utf-8")
        records.append(PageRecord(url, output=output, front_matter=front_matter))
    records.append(PageRecord("draft/", exclude="draft"))
    build_sitemap(
        records,
        SETTINGS,
        root,
        plugin_manager=make_plugin_manager(load_entry_points=False),
    )
    return records, root


SETTINGS = Settings(base_url=BASE, exclude=("secret/*",), robots=False)


def test_render_time_agrees_with_the_build(built: tuple[list[PageRecord], Path]) -> None:
    records, root = built
    judged = {}
    for record in records:
        head = None if record.output is None else record.output.read_text(encoding="utf-8")
        judged[record.url] = listed_url(record, SETTINGS, head, root)
    listed = {loc for loc in judged.values() if loc is not None}
    assert listed == set(locs(root / "sitemap.xml"))
    # Each reason on its own: the cases above are not all listed or all left out.
    assert judged["plain/"] == BASE + "plain/"
    assert judged["self/"] == BASE + "self/"
    assert judged["form/"] == BASE + "form"
    for left_out in ("fm/", "secret/x/", "noindex/", "moved/", "gone/", "404.html", "draft/"):
        assert judged[left_out] is None, left_out
    assert judged["other/"] is None and judged["away/"] is None


def test_unrendered_page_is_judged_by_its_record(built: tuple[list[PageRecord], Path]) -> None:
    records, root = built
    noindex = next(r for r in records if r.url == "noindex/")
    assert listed_url(noindex, SETTINGS, None, root) == BASE + "noindex/"
    checks_off = Settings(base_url=BASE, html_checks=False)
    assert listed_url(noindex, checks_off, "<meta name=robots content=noindex>") is not None


def test_twin_link_names_the_twin_of_the_listed_url() -> None:
    settings = Settings(base_url=BASE)
    assert twin_link(PageRecord("a b/"), settings) == (
        '<link rel="alternate" type="text/markdown" href="https://example.org/a%20b/index.html.md">'
    )
    assert twin_link(PageRecord("p.html"), settings, "<title>P</title>") == (
        '<link rel="alternate" type="text/markdown" href="https://example.org/p.html.md">'
    )
    quoted = twin_link(PageRecord("q.html?x=1&y=2"), settings)
    assert quoted is not None and "x=1&amp;y=2" in quoted
    assert twin_link(PageRecord("d/", front_matter={"sitemap_exclude": True}), settings) is None
