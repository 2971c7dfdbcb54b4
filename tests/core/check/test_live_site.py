"""``ssg-sitemap check https://…``: a real HTTP server on 127.0.0.1 with each fault planted."""

from __future__ import annotations

import gzip
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("httpx")


from sitemap_core._check import LiveOptions, check_live
from sitemap_core._cli import main
from tests.core.check.conftest import (
    FAST,
    GZ,
    NO_LINKS,
    PAGE,
    XML,
    Reply,
    Site,
    clean_site,
    codes,
    index,
    page,
    redirect,
    urlset,
)

HTML = {"Content-Type": "text/html; charset=utf-8"}


def test_clean_site_exits_0_and_requests_every_page_once(
    site: Site, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = clean_site(site)
    status = main(["check", site.url("/"), "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert status == 0, out
    assert out["errors"] == 0 and out["warnings"] == 0, out["findings"]
    assert out["urls"] == len(paths)
    for path in paths:
        assert len(site.hits(path)) == 1, path
    agents = {agent for _t, _p, agent in site.log}
    assert len(agents) == 1
    assert agents.pop().startswith("ssg-sitemap/0.")


def test_each_fault_is_reported(site: Site) -> None:
    clean = ["/ok.html"]
    faults = {
        "/missing.html": None,
        "/dir": redirect(301, "/dir/"),
        "/dir/": page("/dir/"),
        "/loop-a": redirect(302, "/loop-b"),
        "/loop-b": redirect(302, "/loop-a"),
        "/flaky": [Reply(500, b"oops"), page("/flaky")],
        "/busy": [Reply(429, b"", {"Retry-After": "1"}), page("/busy")],
        "/slow": Reply(200, b"late", {"Content-Type": "text/html"}, delay=8.0),
        "/xrobots": page("/xrobots", **{"X-Robots-Tag": "noindex, nofollow"}),
        "/meta": page("/meta", '<meta name="robots" content="noindex">'),
        "/canonical": page("/canonical", '<link rel="canonical" href="/elsewhere">'),
        "/private/page": page("/private/page"),
        "/away": redirect(301, "http://other.example/away"),
    }
    for path, reply in faults.items():
        if reply is not None:
            site.routes[path] = reply
    site.routes["/ok.html"] = page("/ok.html")
    listed = [p for p in [*clean, *faults] if p not in ("/dir/", "/loop-b")]
    site.routes["/robots.txt"] = Reply(200, b"User-agent: *\nDisallow: /private/\n")
    site.routes["/sitemap.xml"] = Reply(
        200, index([site.url("/sitemap-1.xml"), site.url("/sitemap-2.xml.gz")]), XML
    )
    site.routes["/sitemap-1.xml"] = Reply(
        200, urlset([site.url(p) for p in listed] + ["http://other.example/page"]), XML
    )
    # a gzip sitemap with the wrong content type
    site.routes["/sitemap-2.xml.gz"] = Reply(
        200, gzip.compress(urlset([site.url("/ok2.html")]), mtime=0), {"Content-Type": "text/plain"}
    )
    site.routes["/ok2.html"] = page("/ok2.html")

    started = time.monotonic()
    options = LiveOptions(request_timeout=2.0, backoff=0.05, links=NO_LINKS)
    report = check_live(site.url("/"), options)
    elapsed = time.monotonic() - started
    found = codes(report)

    assert found.pop("robots-no-sitemap")  # robots.txt names no sitemap: /sitemap.xml is tried
    status = found.pop("http-status")
    assert sorted(status) == sorted(
        [
            f"{site.url('/missing.html')} answers 404 Not Found",
            f"{site.url('/slow')} gave no answer (timed out after 2s)",
        ]
    )
    redirects = found.pop("http-redirect")
    assert f"{site.url('/dir')} redirects (301) to {site.url('/dir/')}; list the target" in (
        redirects[0] + redirects[1]
    )
    assert any("http://other.example/away (another origin; not requested)" in m for m in redirects)
    assert len(found.pop("http-redirect-loop")) == 1
    noindex = found.pop("page-noindex")
    assert len(noindex) == 2
    assert any("X-Robots-Tag" in m for m in noindex)
    assert found.pop("page-canonical") == [
        f"{site.url('/canonical')}: the page's canonical URL is {site.url('/elsewhere')}; "
        "list that one instead"
    ]
    blocked = found.pop("robots-blocked")
    assert blocked == [
        f"{site.url('/private/page')} is listed but blocked: robots.txt says "
        "'Disallow: /private/' for User-agent: *"
    ]
    assert len(found.pop("other-host")) == 1
    assert found.pop("content-type")[0].startswith("is served as text/plain")
    assert found == {}, found
    assert report.exit_status(strict=False) == 1

    # retried after the 500, after the 429 (honouring Retry-After: 1), then fine
    assert len(site.hits("/flaky")) == 2
    busy = site.hits("/busy")
    assert len(busy) == 2 and busy[1] - busy[0] >= 0.95
    # never requested: the blocked page, the other host, the loop past its second visit
    assert site.hits("/private/page") == []
    assert len(site.hits("/loop-a")) == 1 and len(site.hits("/loop-b")) == 1
    # the slow page was not retried and did not hold up the run
    assert len(site.hits("/slow")) == 1
    assert elapsed < 7.5  # the slow page answers after 8 s: it was not waited for


def test_crawl_delay_keeps_requests_per_second_under_the_limit(site: Site) -> None:
    paths = clean_site(site, pages=16)
    site.routes["/robots.txt"] = Reply(
        200, f"User-agent: *\nCrawl-delay: 0.1\nSitemap: {site.url('/sitemap.xml')}\n".encode()
    )
    report = check_live(site.url("/"), LiveOptions(concurrency=8, progress=False))
    assert report.errors == 0, report.findings
    times = sorted(t for t, path, _a in site.log if path in paths)
    assert len(times) == len(paths)
    # at most 10 requests a second: any 11 consecutive ones span at least one second
    spans = [times[i + 10] - times[i] for i in range(len(times) - 10)]
    assert min(spans) >= 0.85, spans  # some slack for when the server sees each request
    assert "crawl-delay" in codes(report)


@pytest.mark.parametrize(
    ("route", "code"),
    [
        (Reply(404, b"no"), "sitemap-status"),
        (redirect(301, "/new-sitemap.xml"), "sitemap-redirect"),
        (page("/sitemap.xml"), "sitemap-html"),
        (
            Reply(200, b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><urlset/>', XML),
            "doctype",
        ),
    ],
)
def test_a_bad_sitemap_is_an_error_naming_it(site: Site, route: Reply, code: str) -> None:
    site.routes["/sitemap.xml"] = route
    report = check_live(site.url("/sitemap.xml"), FAST)
    found = codes(report)
    assert code in found, found
    assert any(f.file == site.url("/sitemap.xml") for f in report.findings if f.code == code)
    assert "robots-missing" in found  # no robots.txt on this server: a warning


def test_sample_is_deterministic_and_max_urls_caps(site: Site) -> None:
    paths = set(clean_site(site, pages=30))

    def requested() -> set[str]:
        return {p for _t, p, _a in site.log if p in paths}

    check_live(site.url("/"), LiveOptions(sample=5, progress=False))
    first = requested()
    site.log.clear()
    report = check_live(site.url("/"), LiveOptions(sample=5, progress=False))
    assert requested() == first and len(first) == 5
    assert "5 of the 30 listed URLs" in codes(report)["live-partial"][0]
    site.log.clear()
    check_live(site.url("/"), LiveOptions(max_urls=3, progress=False))
    assert len(requested()) == 3
    site.log.clear()
    report = check_live(site.url("/"), LiveOptions(sample=5, max_urls=2, progress=False))
    assert requested() < first and len(requested()) == 2
    assert "(--sample and --max-urls)" in codes(report)["live-partial"][0]
    report = check_live(site.url("/"), LiveOptions(sample=50, max_urls=2, progress=False))
    assert "(--max-urls)" in codes(report)["live-partial"][0]


def test_the_whole_run_is_bounded(site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    paths = clean_site(site, pages=4)
    for path in paths:
        site.routes[path] = Reply(200, b"late", {"Content-Type": "text/html"}, delay=6.0)
    started = time.monotonic()
    status = main(["check", site.url("/"), "--timeout", "0.8", "--concurrency", "2"])
    assert time.monotonic() - started < 4
    assert status == 1
    assert "--timeout (0.8s)" in capsys.readouterr().out


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "https://example.org/", "public/"]) == 2
    assert main(["check", "https://example.org/", "--concurrency", "0"]) == 2
    assert "--concurrency: 0 is too small" in capsys.readouterr().err
    # Options for the other kind of check are refused, not silently ignored.
    assert main(["check", "https://example.org/", "--base-url", "https://example.org/"]) == 2
    assert "--base-url is for a SITE_DIR" in capsys.readouterr().err
    assert main(["check", "public/", "--sample", "5"]) == 2
    assert "--sample and --max-urls are for checking a URL" in capsys.readouterr().err


def test_a_clear_message_without_httpx() -> None:
    code = (
        "import sys; sys.modules['httpx'] = None\n"
        "from sitemap_core._cli._main import main\n"
        "sys.exit(main(['check', 'https://example.org/']))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert proc.returncode == 2, proc.stderr
    assert "pip install 'ssg-sitemap[live]'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_robots_rules_follow_googles_matching() -> None:
    from sitemap_core._check._robots_rules import RobotsRules

    rules = RobotsRules(
        "User-agent: *\nDisallow: /private/\nAllow: /private/open$\nDisallow: /*.pdf$\n"
        "Crawl-delay: 2\n\nUser-agent: Googlebot\nUser-agent: Bingbot\nDisallow: /nogoogle\n"
    )
    base = "https://e.org"
    assert not rules.verdict("*", base + "/private/x").allowed
    assert rules.verdict("*", base + "/private/open").allowed  # longer Allow wins
    assert not rules.verdict("*", base + "/private/open/more").allowed
    assert not rules.verdict("*", base + "/files/a.pdf").allowed
    assert rules.verdict("*", base + "/files/a.pdf?x=1").allowed
    # Googlebot has a group of its own: only its rules apply to it
    google = rules.verdict("Googlebot", base + "/nogoogle/page")
    assert not google.allowed and google.agent == "googlebot"
    assert rules.verdict("Googlebot", base + "/private/x").allowed
    assert rules.crawl_delay("ssg-sitemap") == 2.0
    assert rules.crawl_delay("Googlebot") is None
    assert RobotsRules("").verdict("*", base + "/x").allowed


def test_robots_txt_redirect_on_the_same_host_is_followed(site: Site) -> None:
    paths = clean_site(site, pages=2)
    site.routes["/robots.txt"] = redirect(301, "/real-robots.txt")
    site.routes["/real-robots.txt"] = Reply(
        200, f"User-agent: *\nDisallow: {paths[0]}\nSitemap: {site.url('/sitemap.xml')}\n".encode()
    )
    report = check_live(site.url("/"), FAST)
    assert list(codes(report)) == ["robots-redirect", "robots-blocked"]
    assert "/real-robots.txt on the same origin, which was followed" in report.findings[0].message
    assert report.findings[0].severity == "info"
    assert site.hits(paths[0]) == []


def test_a_sitemap_scanned_twice_requests_each_url_once(site: Site) -> None:
    # canonical entries for more than one read chunk, then a comment: the fast scan gives
    # up half-way and the file is scanned again from its start
    locs = [site.url(f"/gen/{i}.html") for i in range(1500)]
    body = urlset(locs).replace(b"</urlset>", b"<!-- end --></urlset>")
    site.routes["/robots.txt"] = Reply(200, b"User-agent: *\nDisallow:\n")
    site.routes["/sitemap.xml"] = Reply(200, body, XML)
    report = check_live(site.url("/sitemap.xml"), LiveOptions(concurrency=16, progress=False))
    assert report.errors == 0, report.findings[:3]
    hits = [path for _t, path, _a in site.log if path.startswith("/gen/")]
    assert len(hits) == len(locs) == len(set(hits))


def test_a_gzip_bomb_sitemap_is_capped(site: Site) -> None:
    padding = b" " * (51 * 1024 * 1024)
    bomb = gzip.compress(urlset([site.url("/a.html")]).replace(b"</urlset>", padding), 1)
    assert len(bomb) < 1_000_000
    site.routes["/sitemap.xml.gz"] = Reply(200, bomb, GZ)
    report = check_live(site.url("/sitemap.xml.gz"), FAST)
    assert "size-limit" in codes(report)


def test_page_findings_are_reported_in_sitemap_order(site: Site) -> None:
    """Pages answer in any order; the report lists them as the sitemap does, run after run."""
    locs = [site.url(f"/gone{i}.html") for i in (3, 1, 2)]
    one_a_line = urlset(locs).replace(b"<url>", b"\n<url>")
    site.routes["/sitemap.xml"] = Reply(200, one_a_line, XML)
    site.routes["/robots.txt"] = Reply(
        200, f"User-agent: *\nSitemap: {site.url('/sitemap.xml')}\n".encode(), {}
    )
    # The first listed page answers last; the last listed sorts first by message.
    site.routes["/gone3.html"] = Reply(404, b"gone", {"Content-Type": "text/plain"}, delay=0.5)
    report = check_live(site.url("/"), FAST)
    found = [f.message.split()[0] for f in report.findings if f.code == "http-status"]
    assert found == locs


def test_a_refused_connection_reads_once_as_no_answer() -> None:
    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    report = check_live(f"http://127.0.0.1:{port}/", FAST)
    messages = codes(report)["robots-unavailable"]
    assert messages[0].startswith("gave no answer (ConnectError: "), messages


def test_listed_error_pages_are_found_as_the_build_finds_them(site: Site) -> None:
    """The shared rule: by name at the site or a language root (not asked for: a host may
    answer 200 for /404.html), by title where the name says nothing; a product page named
    404 deep in the site and a page about 404 errors are pages."""
    pages = {
        "/ok.html": page("/ok.html"),
        "/404.html": page("/404.html"),
        "/de/404/": page("/de/404/"),
        "/502.html": page("/502.html"),
        "/store/404/": page("/store/404/"),
        "/gone": Reply(200, PAGE.format(path="Page not found | Site", head="").encode(), HTML),
        "/flask": Reply(200, PAGE.format(path="Handling 404 errors", head="").encode(), HTML),
    }
    site.routes.update(pages)
    site.routes["/sitemap.xml"] = Reply(200, urlset([site.url(p) for p in pages]), XML)
    report = check_live(site.url("/sitemap.xml"), FAST)
    found = codes(report)
    assert sorted(found.pop("page-404")) == [
        f"{site.url('/404.html')} is the site's not-found page",
        f"{site.url('/de/404/')} is the site's not-found page",
        f"{site.url('/gone')} is the site's not-found page "
        "(its title says 'Page not found | Site')",
    ]
    assert found.pop("page-error") == [
        f"{site.url('/502.html')} is the site's page for HTTP error 502"
    ]
    assert set(found) <= {"robots-missing"}, found
    assert not site.hits("/404.html") and not site.hits("/de/404/")


def test_without_a_sitemap_line_the_entry_names_are_probed_in_order(site: Site) -> None:
    """A site whose robots.txt names no sitemap: the live check tries the names the local
    check tries (``files.ENTRY_NAMES``), in the same order; it tried only ``sitemap.xml``."""
    site.routes["/p.html"] = page("/p.html")
    site.routes["/robots.txt"] = Reply(200, b"User-agent: *\nDisallow:\n")
    site.routes["/sitemap-index.xml"] = Reply(200, index([site.url("/sitemap-0.xml")]), XML)
    site.routes["/sitemap-0.xml"] = Reply(200, urlset([site.url("/p.html")]), XML)
    report = check_live(site.url("/"), FAST)
    found = codes(report)
    assert "sitemap-status" not in found, found
    assert report.urls == 1
    probed = [p for _t, p, _a in site.log if p.startswith("/sitemap")]
    assert probed[:2] == ["/sitemap_index.xml", "/sitemap-index.xml"]
    assert "/sitemap.xml" not in probed  # the first found is the entry


@pytest.mark.slow
@pytest.mark.parametrize("alias_type", ["symlink", "copy"])
def test_llms_of_a_mike_deployment_agree_with_the_local_check(
    tmp_path: Path, alias_type: str
) -> None:
    """Each version's llms.txt links the pages its own sitemap lists, not the root index's:
    the live check reads that sitemap as the local one does, and finds what it finds (none)."""
    pytest.importorskip("mike")
    from sitemap_core._check import check_site
    from tests.conftest import local_server
    from tests.core.sites.conftest import deploy_three_versions, serving

    served = tmp_path / "served"
    served.mkdir()
    with local_server(serving(served)) as port:
        root = f"http://127.0.0.1:{port}/"
        deploy_three_versions(tmp_path, root, served, alias_type, "sitemap:\n      llms_txt: true")
        local = [f for f in check_site(served, root).findings if f.code.startswith("llms")]
        live = check_live(root, FAST)
    assert [f for f in live.findings if f.code.startswith("llms")] == local == []
    assert root + "3.0/sitemap.xml" in live.checked


def test_a_versions_own_sitemap_index_is_followed_for_its_llms_txt(site: Site) -> None:
    """A version's folder whose sitemap.xml is an index: its shard's URLs are the pages its
    llms.txt may link, as the local check reads them (through the one sitemap reader)."""
    from sitemap_core._files import MARKER

    text = {"Content-Type": "text/plain; charset=utf-8"}
    site.routes["/robots.txt"] = Reply(200, f"Sitemap: {site.url('/sitemap.xml')}\n".encode())
    site.routes["/sitemap.xml"] = Reply(200, urlset([site.url("/")]), XML)
    site.routes["/"] = page("/")
    site.routes["/llms.txt"] = Reply(
        200,
        f"# Site\n\n{MARKER}\n\n## Versions\n\n- [v1]({site.url('/v1/llms.txt')})\n".encode(),
        text,
    )
    site.routes["/v1/llms.txt"] = Reply(
        200, f"# V1\n\n{MARKER}\n\n## Pages\n\n- [A]({site.url('/v1/a.html')})\n".encode(), text
    )
    site.routes["/v1/sitemap.xml"] = Reply(200, index([site.url("/v1/sitemap-1.xml")]), XML)
    site.routes["/v1/sitemap-1.xml"] = Reply(200, urlset([site.url("/v1/a.html")]), XML)
    site.routes["/v1/a.html"] = page("/v1/a.html")
    report = check_live(site.url("/"), FAST)
    assert [f for f in report.findings if "v1/a.html" in f.message] == []
    assert site.url("/v1/sitemap.xml") in report.checked
    assert len(site.hits("/v1/sitemap-1.xml")) == 1
