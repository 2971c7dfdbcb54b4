"""``check --graph FILE.html``: the link graph as one offline page, read back with an HTML
parser: sections by URL folder, each page's click depth, orphans, unreachable pages and broken
links marked; nothing a URL holds can inject markup; bad paths are usage errors; a site of
10,000 pages stays one small page with its sections closed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lxml import html as lxml_html

from sitemap_core._check import LiveOptions, check_live, check_site
from sitemap_core._check._graph_page import render
from sitemap_core._check._links import UNKNOWN, LinkGraph
from sitemap_core._cli._main import main
from tests.conftest import local_server
from tests.core.check.test_links import BASE, built, page
from tests.core.sites.conftest import serving


def parsed(path: Path) -> Any:
    return lxml_html.fromstring(path.read_bytes())


def rows(doc: Any, where: str) -> dict[str, tuple[str, str, list[str]]]:
    """``{href: (depth shown, li classes, marks)}`` of the page rows under ``where``."""
    found = {}
    for li in doc.xpath(f"{where}//li[contains(@class, 'page')]"):
        found[li.xpath("./a/@href")[0]] = (
            li.xpath("./span")[0].text,
            li.get("class").strip(),
            [b.text for b in li.xpath("./b")],
        )
    return found


def test_the_page_draws_sections_depths_and_marks(tmp_path: Path) -> None:
    site = built(tmp_path / "site")
    out = tmp_path / "graph.html"
    assert main(["check", str(site), "--graph", str(out)]) == 0
    doc = parsed(out)
    assert doc.xpath("//script|//link|//img|//iframe|//*[@src]") == []  # nothing fetched
    tree = rows(doc, "//details")
    assert tree == {
        BASE: ("0", "page", ["1 broken"]),
        BASE + "about.html": ("1", "page", []),
        BASE + "island.html": ("–", "page unreachable", ["unreachable"]),
        BASE + "orphan.html": ("–", "page orphan", ["orphan"]),
        BASE + "guide/": ("1", "page", []),
        BASE + "guide/a.html": ("2", "page", []),
        BASE + "guide/b.html": ("3", "page", []),
        BASE + "guide/c.html": ("4", "page", []),
        BASE + "guide/d.html": ("5", "page  deep", []),
        BASE + "guide/e.html": ("6", "page  deep", []),
    }
    # the sections: the root, then guide/ inside it, open on a small site; counts and notes
    summaries = [" ".join(s.text_content().split()) for s in doc.xpath("//summary")]
    assert summaries == ["/ 10 pages 2 to look at", "guide/ 6 pages"]
    assert all(d.get("open") is not None for d in doc.xpath("//details"))
    marked = list(rows(doc, "//ul[@class='marked']"))
    assert marked == [BASE, BASE + "island.html", BASE + "orphan.html"]
    assert [li.text_content() for li in doc.xpath("//ul[@class='missing']/li")] == [
        f"{BASE}missing.html: linked from 1 page"
    ]
    depths = [(r.xpath("./th")[0].text, r.xpath("./td")[0].text) for r in doc.xpath("//tr")]
    assert depths == [("0", "1"), ("1", "2"), ("2", "1"), ("3", "1"), ("4", "1"), ("5", "1"),
                      ("6", "1"), ("unreachable", "2")]  # fmt: skip
    totals = [" ".join(li.text_content().split()) for li in doc.xpath("//ul[@class='totals']/li")]
    assert totals == ["10 pages listed", "1 orphans", "1 unreachable",
                      "1 broken links to 1 missing pages", "2 deeper than 4 clicks"]  # fmt: skip


def test_the_live_site_draws_the_same_page(tmp_path: Path) -> None:
    root = tmp_path / "site"
    root.mkdir()
    out = tmp_path / "live.html"
    with local_server(serving(root)) as port:
        base = f"http://127.0.0.1:{port}/"
        local = check_site(built(root, base))
        live = check_live(base, LiveOptions(request_timeout=5.0, progress=False))
        assert main(["check", base, "--graph", str(out), "--request-timeout", "5"]) == 0
    assert local.links is not None and live.links is not None
    assert render(live.links, 4) == render(local.links, 4) == out.read_text(encoding="utf-8")


def test_what_a_url_holds_is_text_never_markup(tmp_path: Path) -> None:
    site = tmp_path / "site"
    folder, name = "<i>x", "<script>alert(1)&amp;\"'.html"
    (site / folder).mkdir(parents=True)
    (site / "index.html").write_text(page("home"))
    (site / folder / name).write_text(page("orphan"))
    assert main(["build", str(site), "--base-url", BASE]) == 0
    out = tmp_path / "graph.html"
    assert main(["check", str(site), "--graph", str(out)]) == 0
    doc = parsed(out)
    assert doc.xpath("//script") == []
    (orphan,) = doc.xpath("//details//li[contains(@class, 'orphan')]/a")
    assert orphan.text == name
    assert orphan.get("href") == BASE + "%3Ci%3Ex/%3Cscript%3Ealert%281%29%26amp%3B%22%27.html"
    assert doc.xpath("//i") == []
    assert [s.text for s in doc.xpath("//summary")] == ["/ ", "<i>x/ "]


def test_bad_paths_are_usage_errors_and_leave_the_old_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = built(tmp_path / "site")
    old = tmp_path / "old.html"
    old.write_text("mine")
    cases = [
        (["--graph", str(tmp_path)], f"--graph {tmp_path}: is a folder; name the HTML file"),
        (["--graph", str(tmp_path / "no" / "g.html")], f"there is no folder {tmp_path / 'no'}"),
        (["--graph", "/proc/graph.html"], "cannot write /proc/graph.html:"),
        (["--graph", str(old), "--no-links"], "--graph draws the internal links: not with"),
        (["--graph", str(old), "--no-html-checks"], "--graph: the internal links were not read"),
    ]
    for flags, said in cases:
        capsys.readouterr()
        assert main(["check", str(site), *flags]) == 2, flags
        err = capsys.readouterr().err
        assert said in err and "Traceback" not in err
    assert old.read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.html", "site"]  # no temp file


def test_ten_thousand_pages_are_one_small_page_with_closed_sections() -> None:
    base = "https://example.org/"
    graph = LinkGraph(base, lambda link: (link[len(base) :], UNKNOWN))
    nav = "".join(f'<a href="/s{s}/p{s}.html">s</a>' for s in range(40)).encode()
    graph.page("", base, nav, None)
    for i in range(10_000):
        key = f"s{i % 40}/p{i}.html"
        body = nav + f'<a href="p{i + 40}.html">next</a>'.encode() * (i % 97 != 0)
        graph.page(key, base + key, body, None)
    text = render(graph, 4)
    assert len(text.encode()) < 2_000_000  # nearly every page marked unreachable: the most
    doc: Any = lxml_html.fromstring(text)
    assert len(doc.xpath("//details//li[contains(@class, 'page')]")) == 10_001
    assert [d.get("open") for d in doc.xpath("//details")] == ["", *[None] * 40]
    assert len(doc.xpath("//ul[@class='marked']/li")) == 500  # then "... and N more"
    assert "… and " in doc.xpath("//ul[@class='marked']/following-sibling::p[1]")[0].text
