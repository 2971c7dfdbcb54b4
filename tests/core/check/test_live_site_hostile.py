"""``check https://…`` against hostile servers on 127.0.0.1: odd headers, hostile robots.txt,
URLs that are no file names, other origins, huge indexes. Each ends in findings, never a
traceback, a request to another origin, or a run past its deadline."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("httpx")

from sitemap_core._check import LiveOptions, check_live, check_site
from sitemap_core._cli import main
from tests.core.check.conftest import (
    FAST,
    XML,
    Reply,
    Site,
    clean_site,
    codes,
    index,
    page,
    redirect,
    serve_site,
    urlset,
)


def robots(*lines: str) -> Reply:
    return Reply(200, ("\n".join(lines) + "\n").encode(), {"Content-Type": "text/plain"})


# -- crashes -------------------------------------------------------------------------------
def test_retry_after_with_a_digit_float_refuses_is_ignored(site: Site) -> None:
    from sitemap_core._util.retry_after import retry_after_seconds

    assert "\u00b2".isdigit() and retry_after_seconds("\u00b2") is None
    assert retry_after_seconds("7") == 7.0
    clean_site(site, pages=2)
    site.routes["/robots.txt"] = Reply(503, b"busy", {"Retry-After": "\u00b2"})
    report = check_live(site.url("/"), FAST)
    assert "robots-unavailable" in codes(report)
    assert len(site.hits("/robots.txt")) == 1 + FAST.retries


def test_a_nul_in_a_robots_sitemap_line_is_a_finding(
    site: Site, capsys: pytest.CaptureFixture[str]
) -> None:
    clean_site(site, pages=2)
    site.routes["/robots.txt"] = robots(f"Sitemap: {site.url('/a')}\x00b.xml")
    assert main(["check", site.url("/"), "--timeout", "20"]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in err and err == ""
    assert "holds a control character" in out and "[robots-invalid]" in out


def test_a_url_too_long_for_a_file_name_keeps_every_finding(
    site: Site, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = clean_site(site, pages=2)
    long_name = "/" + "%C3%A9" * 60 + ".xml"  # 360 bytes: no file system takes it as a name
    site.routes["/sitemap.xml"] = Reply(
        200, index([site.url("/sitemap-1.xml"), site.url(long_name)]), XML
    )
    site.routes[long_name] = Reply(200, urlset([site.url("/gone.html")]), XML)
    assert main(["check", site.url("/"), "--timeout", "20"]) == 1
    out, err = capsys.readouterr()
    assert err == "" and "File name too long" not in out
    assert "/gone.html answers 404 Not Found [http-status]" in out
    assert all(site.hits(p) for p in paths[:1])


# -- options and robots.txt values -----------------------------------------------------------
@pytest.mark.parametrize("option", ["--timeout", "--request-timeout"])
@pytest.mark.parametrize("value", ["nan", "inf"])
def test_timeouts_that_are_no_number_of_seconds_are_usage_errors(
    site: Site, capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    assert main(["check", site.url("/"), option, value]) == 2
    err = capsys.readouterr().err
    assert f"{option}: " in err and "Traceback" not in err
    assert site.log == []


def test_an_infinite_crawl_delay_is_ignored_and_said(site: Site) -> None:
    paths = clean_site(site, pages=2)
    site.routes["/robots.txt"] = robots(
        "User-agent: *", "Crawl-delay: inf", f"Sitemap: {site.url('/sitemap.xml')}"
    )
    report = check_live(site.url("/"), FAST)
    assert report.errors == 0, report.findings
    assert any("Crawl-delay: 'inf'" in m for m in codes(report)["crawl-delay"])
    assert all(site.hits(p) for p in paths)


def test_a_crawl_delay_longer_than_the_run_is_named(site: Site) -> None:
    clean_site(site, pages=2)
    site.routes["/robots.txt"] = robots(
        "User-agent: *", "Crawl-delay: 1000", f"Sitemap: {site.url('/sitemap.xml')}"
    )
    options = LiveOptions(request_timeout=2.0, timeout=3.0, backoff=0.05, progress=False)
    started = time.monotonic()
    report = check_live(site.url("/"), options)
    assert time.monotonic() - started < 6
    (message,) = codes(report)["live-timeout"]
    assert "Crawl-delay: 1000" in message


def test_a_robots_txt_over_512_kib_is_said_to_be_cut(site: Site, tmp_path: Path) -> None:
    clean_site(site, pages=2)
    body = ("# padding\n" * 60_000 + f"Sitemap: {site.url('/sitemap.xml')}\n").encode()
    assert len(body) > 512 * 1024
    site.routes["/robots.txt"] = Reply(200, body, {"Content-Type": "text/plain"})
    live = codes(check_live(site.url("/"), FAST))
    assert "robots-large" in live
    assert any("in what is read" in m for m in live["robots-no-sitemap"])
    # the same rule for a built site
    (tmp_path / "robots.txt").write_bytes(body)
    local = codes(check_site(tmp_path, site.url("/")))
    assert "robots-large" in local
    assert any("in what is read" in m for m in local["robots-no-sitemap"])


# -- one origin: scheme, host and port ------------------------------------------------------
@pytest.fixture
def other() -> Iterator[Site]:
    """A second server on 127.0.0.1: the same host, another port, so another origin."""
    with serve_site() as served:
        for path in ("/robots.txt", "/sitemap.xml", "/p.html", "/x.html"):
            served.routes[path] = page(path)
        served.routes["/robots.txt"] = robots("User-agent: *", "Disallow: /")
        yield served


def test_origins_differ_by_scheme_and_port_only_when_they_do() -> None:
    from sitemap_core._check import origin_of

    assert origin_of("http://Example.org/a") == origin_of("http://example.org:80/b")
    assert origin_of("https://example.org/") == origin_of("https://example.org:443/")
    assert origin_of("http://example.org/") != origin_of("https://example.org/")
    assert origin_of("http://example.org:8000/") != origin_of("http://example.org:8001/")
    assert origin_of("ftp://example.org/") is None and origin_of("http://h:99999/") is None


def test_a_sitemap_line_on_another_port_is_not_fetched(site: Site, other: Site) -> None:
    paths = clean_site(site, pages=2)
    site.routes["/robots.txt"] = robots(f"Sitemap: {other.url('/sitemap.xml')}")
    report = check_live(site.url("/"), FAST)
    assert other.log == []
    assert any("another origin" in m for m in codes(report)["robots-elsewhere"])
    assert all(site.hits(p) for p in paths)  # the site's own sitemap.xml instead


def test_a_listed_url_on_another_port_is_reported_not_requested(site: Site, other: Site) -> None:
    clean_site(site, pages=2)
    site.routes["/sitemap-1.xml"] = Reply(
        200, urlset([site.url("/p0.html"), other.url("/p.html")]), XML
    )
    report = check_live(site.url("/"), FAST)
    assert other.log == []
    assert "other-host" in codes(report)


def test_a_redirect_to_another_port_is_not_followed(site: Site, other: Site) -> None:
    paths = clean_site(site, pages=2)
    site.routes[paths[0]] = redirect(301, other.url("/x.html"))
    report = check_live(site.url("/"), FAST)
    assert other.log == []
    (message,) = codes(report)["http-redirect"]
    # The target was not asked: no answer of its is claimed (301 is the redirect's own).
    assert message == (
        f"{site.url(paths[0])} redirects (301) to {other.url('/x.html')} "
        "(another origin; not requested); list the target instead"
    )


def test_a_robots_redirect_to_another_port_is_reported_and_not_used(
    site: Site, other: Site
) -> None:
    paths = clean_site(site, pages=2)
    site.routes["/robots.txt"] = redirect(301, other.url("/robots.txt"))
    report = check_live(site.url("/"), FAST)
    assert other.log == []
    (message,) = codes(report)["robots-redirect"]
    assert "not followed (another origin" in message
    assert "robots-blocked" not in codes(report)  # the other server's Disallow: / is not used
    assert all(site.hits(p) for p in paths)


# -- huge indexes: bounded reading, true totals, the protocol's limits ------------------------
def shards(site: Site, count: int, per: int) -> list[str]:
    """An index at /sitemap.xml of ``count`` shards of ``per`` pages each (served by /gen/)."""
    names = [f"/sitemap-{n}.xml" for n in range(count)]
    for n, name in enumerate(names):
        site.routes[name] = Reply(
            200, urlset([site.url(f"/gen/{n}-{i}.html") for i in range(per)]), XML
        )
    site.routes["/sitemap.xml"] = Reply(200, index([site.url(n) for n in names]), XML)
    site.routes["/robots.txt"] = robots(f"Sitemap: {site.url('/sitemap.xml')}")
    return names


def test_an_index_listing_itself_fails_live_as_it_does_locally(site: Site, tmp_path: Path) -> None:
    shards(site, 1, 2)
    body = index([site.url("/sitemap-0.xml"), site.url("/sitemap.xml")])
    site.routes["/sitemap.xml"] = Reply(200, body, XML)
    live = check_live(site.url("/"), FAST)
    (tmp_path / "sitemap.xml").write_bytes(body)
    (tmp_path / "sitemap-0.xml").write_bytes(site.routes["/sitemap-0.xml"].body)  # type: ignore[union-attr]
    (tmp_path / "robots.txt").write_bytes(site.routes["/robots.txt"].body)  # type: ignore[union-attr]
    local = check_site(tmp_path, site.url("/"), html_checks=False)
    assert "index-self" in codes(live)
    assert [(f.code, f.line) for f in live.findings if f.code == "index-self"] == [
        (f.code, f.line) for f in local.findings if f.code == "index-self"
    ]


def test_index_entries_past_50000_are_not_followed(site: Site, tmp_path: Path) -> None:
    shards(site, 1, 2)
    # 50,000 entries naming one shard (read once), then one more: the 50,001st
    locs = [site.url("/sitemap-0.xml")] * 50_000 + [site.url("/sitemap-extra.xml")]
    site.routes["/sitemap.xml"] = Reply(200, index(locs), XML)
    site.routes["/sitemap-extra.xml"] = Reply(200, urlset([site.url("/gen/x.html")]), XML)
    report = check_live(site.url("/"), FAST)
    assert site.hits("/sitemap-extra.xml") == []
    assert "too-many-entries" in codes(report)
    assert codes(report)["index-not-followed"] == [
        "the 1 entries past the 50,000th are not followed"
    ]


def test_max_urls_stops_reading_sitemaps_and_the_totals_are_true(
    site: Site, capsys: pytest.CaptureFixture[str]
) -> None:
    names = shards(site, 5, 100)
    assert main(["check", site.url("/"), "--max-urls", "50"]) == 0
    out = capsys.readouterr().out
    assert [n for n in names if site.hits(n)] == names[:1]
    assert "--max-urls 50 is reached after 2 sitemap(s): the other 4 listed are not read" in out
    assert "OK: 3 files, 100 URLs read from sitemaps, 50 requested;" in out
    assert len([p for _t, p, _a in site.log if p.startswith("/gen/")]) == 50


def test_reading_stops_at_the_read_limit(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    import sitemap_core._check._live_site as live_site

    monkeypatch.setattr(live_site, "READ_LIMIT", 150)  # the real one is 1,000,000 URLs
    names = shards(site, 5, 100)
    report = check_live(site.url("/"), LiveOptions(progress=False, concurrency=16))
    assert [n for n in names if site.hits(n)] == names[:2]
    (message,) = codes(report)["live-not-read"]
    assert message.startswith("200 URLs are read, the most one run reads")
    assert report.urls == 200 and report.requested == 200


def test_the_timeout_report_adds_up(site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    names = shards(site, 3, 4)
    slow = site.routes[names[1]]
    assert isinstance(slow, Reply)
    slow.delay = 6.0
    started = time.monotonic()
    assert main(["check", site.url("/"), "--timeout", "2", "--request-timeout", "10"]) == 1
    assert time.monotonic() - started < 3.5
    out = capsys.readouterr().out
    assert (
        "the run reached --timeout (2s): 2 of the 4 sitemaps found were not read; none of the "
        "4 URLs to request so far was checked [live-timeout]"
    ) in out
    assert "4 URLs read from sitemaps, 0 requested;" in out


def test_the_timeout_totals_add_up_while_requesting_pages(site: Site) -> None:
    import re

    paths = clean_site(site, pages=8)
    for path in paths:
        site.routes[path] = Reply(200, b"late", {"Content-Type": "text/html"}, delay=0.4)
    options = LiveOptions(concurrency=1, timeout=1.5, request_timeout=5.0, progress=False)
    report = check_live(site.url("/"), options)
    (message,) = codes(report)["live-timeout"]
    found = re.search(r": ([\d,]+) of the ([\d,]+) URLs to request were not checked$", message)
    assert found, message
    left, chosen = (int(n.replace(",", "")) for n in found.groups())
    assert chosen == len(paths) and report.requested is not None
    assert 0 < report.requested < chosen
    assert report.requested + left == chosen
