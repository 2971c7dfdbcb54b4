"""``check`` reads the listed pages' internal links: orphans, pages not reachable from the
home page, click depth, links to missing pages, redirects and pages the sitemap leaves out,
and pages linked but unlisted; the same findings from the built folder and served live."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sitemap_core._check import CheckReport, LiveOptions, check_live, check_site
from sitemap_core._check._links import LINK_CODES, LinkOptions
from sitemap_core._cli._main import main
from tests.conftest import local_server, write_files
from tests.core.check.conftest import XML, Reply, Site, urlset
from tests.core.sites.conftest import serving

BASE = "https://example.org/"


def page(body: str, head: str = "") -> str:
    return f"<!doctype html><html><head><title>t</title>{head}</head><body>{body}</body></html>"


#: One page for each finding; the guide is a chain of pages, each one click deeper.
SITE = {
    "index.html": page(
        '<nav><a href="guide/">Guide</a> <a href=about.html>About</a></nav>'
        '<a href="missing.html">gone</a> <a href="old/">moved</a> <a href="hidden.html">h</a>'
        '<a href="late.html">late</a> <a href="https://other.example/">away</a>'
        '<a href="#top">top</a> <a href="mailto:me@example.org">me</a>'
    ),
    "guide/index.html": page('<a href="../">home</a> <a href="a.html">A</a> <a href="./a.html#x">'),
    "guide/a.html": page("<a href='b.html'>B</a>"),
    "guide/b.html": page('<a href="c.html?v=1">C</a>'),
    "guide/c.html": page('<a href="d.html">D</a>'),
    "guide/d.html": page('<a href="/guide/e.html">E</a>'),
    "guide/e.html": page('<a href="../index.html">home</a>'),
    "about.html": page('<a href="index.html">home</a>'),
    "orphan.html": page('<a href="island.html">island</a>'),
    "island.html": page("alone"),
    "old/index.html": page("", '<meta http-equiv="refresh" content="0; url=../guide/">'),
    "hidden.html": page("", '<meta name="robots" content="noindex">'),
}


def built(root: Path, base_url: str = BASE) -> Path:
    write_files(root, SITE)
    assert main(["build", str(root), "--base-url", base_url]) == 0
    # A page added after the build: linked, and not in the sitemap.
    (root / "late.html").write_text(page("late"))
    return root


def link_findings(report: CheckReport) -> list[tuple[str, str, str, str]]:
    return sorted(
        (f.severity, f.code, f.file, f.message) for f in report.findings if f.code in LINK_CODES
    )


def test_each_link_finding_names_the_page_and_the_fix(tmp_path: Path) -> None:
    report = check_site(built(tmp_path / "site"))
    assert link_findings(report) == [
        ("info", "depth", "", f"{BASE}guide/d.html is 5 clicks from the home page (more than 4); "
         "link it from a page nearer the top"),
        ("info", "depth", "", f"{BASE}guide/e.html is 6 clicks from the home page (more than 4); "
         "link it from a page nearer the top"),
        ("info", "link-redirect", BASE, f"links {BASE}old/, a redirect; link where it leads "
         "instead"),
        ("info", "orphan", "", f"{BASE}orphan.html: no page links it, so only the sitemap leads "
         "there; link it from a page or the navigation"),
        ("info", "unlisted-linked", "", f"{BASE}late.html is linked from {BASE} but not in "
         "the sitemap; list it, or mark it noindex if it should not be found"),
        ("info", "unreachable", "", f"{BASE}island.html: no path of links from the home page "
         "leads there (only pages that are not reached link it); link it from a page that is"),
        ("warning", "link-broken", BASE, f"links {BASE}missing.html, which the site does not "
         "have; fix or remove the link"),
        ("warning", "link-excluded", BASE, f"links {BASE}hidden.html, which the sitemap leaves "
         "out (noindex or canonical elsewhere); link the page the sitemap lists instead"),
    ]  # fmt: skip
    assert report.links is not None
    assert report.links.depth_table() == [
        ("0", 1), ("1", 2), ("2", 1), ("3", 1), ("4", 1), ("5", 1), ("6", 1), ("unreachable", 2)
    ]  # fmt: skip
    # a deeper threshold names no page; orphans fail only when asked
    report = check_site(tmp_path / "site", links=LinkOptions(max_depth=6, fail_orphans=True))
    assert "depth" not in {f.code for f in report.findings}
    assert {f.code for f in report.findings if f.severity == "error"} == {"orphan", "unreachable"}
    assert not check_site(tmp_path / "site", links=LinkOptions(enabled=False)).links


def test_the_command_prints_the_depth_table_and_the_graph(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = built(tmp_path / "site")
    assert main(["check", str(site)]) == 0  # notes and warnings
    out = capsys.readouterr().out
    assert "click depth from the home page: 0: 1, 1: 2, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, " in out
    assert main(["check", str(site), "--strict"]) == 1  # the broken link is a warning
    assert main(["check", str(site), "--fail-orphans", "--max-depth", "9"]) == 1
    capsys.readouterr()
    assert main(["check", str(site), "--max-depth", "0"]) == 2
    assert "--max-depth must be 1 or more, not 0" in capsys.readouterr().err
    assert main(["check", str(site), "--format", "json"]) == 0
    graph = json.loads(capsys.readouterr().out)["links"]
    nodes = {node["url"]: node for node in graph["nodes"]}
    assert nodes[BASE] == {
        "id": 0, "url": BASE, "depth": 0, "listed": True, "kind": "page", "in": 3, "out": 6
    }  # fmt: skip
    assert nodes[BASE + "missing.html"]["kind"] == "missing"
    assert nodes[BASE + "orphan.html"]["in"] == 0 and nodes[BASE + "orphan.html"]["depth"] is None
    ids = {node["id"]: url for url, node in nodes.items()}
    assert [ids[s] for s, d in graph["edges"] if ids[d] == BASE + "guide/a.html"] == [
        BASE + "guide/"
    ]


def test_the_live_check_finds_what_the_local_one_does(tmp_path: Path) -> None:
    root = tmp_path / "site"
    root.mkdir()
    with local_server(serving(root)) as port:
        base = f"http://127.0.0.1:{port}/"
        local = check_site(built(root, base))
        live = check_live(base, LiveOptions(request_timeout=5.0, progress=False))
        # a sample reads a part of the site: no link findings from it
        sampled = check_live(base, LiveOptions(sample=3, progress=False))
    assert sampled.links is None
    assert len(link_findings(local)) == 8
    assert link_findings(live) == link_findings(local)
    assert local.links is not None and live.links is not None
    assert live.links.as_dict() == local.links.as_dict()


def test_the_live_check_asks_once_for_a_listed_page_it_links(site: Site) -> None:
    """A listed URL answering 404, a listed PDF: known from the sitemap's requests, so the
    links to them are judged without asking again."""
    home = page('<a href="/gone.html">gone</a> <a href="/doc.pdf">pdf</a> <a href="/a.html">a</a>')
    site.routes["/"] = Reply(200, home.encode(), {"Content-Type": "text/html"})
    site.routes["/a.html"] = Reply(
        200, page('<a href="/">home</a>').encode(), {"Content-Type": "text/html"}
    )
    site.routes["/doc.pdf"] = Reply(200, b"%PDF-1.4", {"Content-Type": "application/pdf"})
    locs = [site.url(p) for p in ("/", "/a.html", "/gone.html", "/doc.pdf")]
    site.routes["/sitemap.xml"] = Reply(200, urlset(locs), XML)
    report = check_live(site.url("/sitemap.xml"), LiveOptions(request_timeout=5.0, progress=False))
    assert [len(site.hits(p)) for p in ("/gone.html", "/doc.pdf")] == [1, 1]
    assert [f.message for f in report.findings if f.code == "link-broken"] == [
        f"links {site.url('/gone.html')}, which the site does not have; fix or remove the link"
    ]
