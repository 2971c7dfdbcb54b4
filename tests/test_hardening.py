"""Hostile or careless input never hangs, escapes the site, loses lines or files.

Each test reproduces one reported problem on a tiny fixture. A hang is caught by running
the work in a child process with a generous timeout (never by timing the work itself).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitemap_core import PageRecord
from sitemap_core.check import check_files, check_site
from sitemap_core.check.findings import CheckReport
from tests.conftest import (
    HANG_TIMEOUT,
    build_cli,
    check_both_paths,
    core_build,
    file_bytes,
    finishes,
    snapshot,
)

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def urlset(*locs: str) -> str:
    body = "".join(f"<url><loc>{loc}</loc></url>\n" for loc in locs)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n{body}</urlset>\n'


def codes(report: CheckReport) -> set[str]:
    return {f.code for f in report.findings}


# -- 1: no super-linear regex on untrusted input ---------------------------------------------
HOSTILE_LOCS = [
    "https://example.org/blog/2024/05/my-first-post-about-café/",
    "https://example.org/" + "a" * 1500 + " b",
    "https://example.org/" + "ab/" * 600 + "\u00e9",
    "https://example.org/" + "%41" * 500 + "%zz",
]


@pytest.mark.parametrize("loc", HOSTILE_LOCS, ids=["cafe", "space", "slashes", "bad-percent"])
def test_hostile_loc_does_not_hang_check(tmp_path: Path, loc: str) -> None:
    good = [f"https://example.org/p{i}" for i in range(50)]
    path = tmp_path / "sitemap.xml"
    path.write_text(urlset(*good, loc, *good[:3]), encoding="utf-8")
    done = finishes(
        """
        import sys
        from pathlib import Path
        from sitemap_core.check import check_files
        report = check_files([Path(sys.argv[1])], "https://example.org/")
        print(sorted({f.code for f in report.findings}))
        """,
        str(path),
    )
    assert "loc-" in done.stdout or "duplicate" in done.stdout


def test_long_space_run_in_robots_line_does_not_hang(tmp_path: Path) -> None:
    (tmp_path / "robots.txt").write_text(
        "Sitemap: https://example.org/sitemap.xml" + " " * 200_000 + "x\n", encoding="utf-8"
    )
    finishes(
        """
        import sys
        from pathlib import Path
        from sitemap_core.check import check_site
        check_site(Path(sys.argv[1]), "https://example.org/")
        """,
        str(tmp_path),
    )


def test_long_refresh_content_does_not_hang(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        '<html><head><meta http-equiv="refresh" content="' + " " * 20_000 + 'x"></head>',
        encoding="utf-8",
    )
    finishes(
        """
        import sys
        from pathlib import Path
        from sitemap_core.html import inspect_html
        assert inspect_html(Path(sys.argv[1])).refresh is None
        """,
        str(page),
    )


@pytest.mark.parametrize(
    ("content", "url"),
    [
        ("0; url=/about/", "/about/"),
        ("5;URL='/next/'", "/next/"),
        ('0, url = "/q"', "/q"),
        ("url=/plain", "/plain"),
        ("5", None),
        ("0; url=", None),
    ],
)
def test_refresh_url_reading_unchanged(content: str, url: str | None) -> None:
    from sitemap_core.html._script_redirect import refresh_url

    assert (refresh_url(content) or None) == url


def test_hostile_loc_is_reported_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "sitemap.xml"
    path.write_text(urlset("https://example.org/a", HOSTILE_LOCS[0]), encoding="utf-8")
    report = check_files([path], "https://example.org/")
    assert [(f.code, f.line) for f in report.findings] == [("loc-unescaped", 4)]


def test_fast_path_rollback_forgets_its_alternates(tmp_path: Path) -> None:
    """Found by the fuzz test: the fast pass recorded alternates, then the file turned out
    not well-formed; the detailed pass stops earlier, so those alternates must go too."""
    entries = "".join(
        f"<url>\n<loc>https://example.org/{'&' if i == 0 else ''}p{i}</loc>\n"
        f'<xhtml:link rel="alternate" hreflang="en" href="https://example.org/p{i}"/>\n</url>\n'
        for i in range(3)
    )
    path = tmp_path / "s.xml"
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}" '
        f'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n{entries}</urlset>\n',
        encoding="utf-8",
    )
    fast, detailed = check_both_paths(path, "https://example.org/")
    assert sorted((f.code, f.line) for f in fast.findings) == sorted(
        (f.code, f.line) for f in detailed.findings
    )
    assert codes(fast) == {"not-well-formed"}


def test_namespace_with_brace_is_a_finding_not_a_crash(tmp_path: Path) -> None:
    """Found by the fuzz test: ``xmlns="}http://..."`` made ``etree.QName`` raise."""
    path = tmp_path / "s.xml"
    path.write_text(urlset("https://example.org/a").replace(f'"{NS}"', f'"}}{NS}"'))
    report = check_files([path], "https://example.org/")
    assert codes(report) == {"namespace"}


def _regex_glob(pattern: str, target: str) -> bool:
    import re

    anchored = pattern.endswith("$")
    body = pattern[:-1] if anchored else pattern
    regex = ".*".join(re.escape(part) for part in body.split("*"))
    return re.match(regex + ("$" if anchored else ""), target) is not None


@given(
    pattern=st.text(alphabet="ab*/$", max_size=8),
    target=st.text(alphabet="ab/$", max_size=10),
)
@settings(max_examples=400, deadline=None)
def test_robots_glob_matches_like_the_regex_it_replaces(pattern: str, target: str) -> None:
    from sitemap_core.check.robots_rules import _Glob

    assert _Glob(pattern).match(target) == _regex_glob(pattern, target)


def test_robots_rules_with_many_stars_do_not_hang() -> None:
    finishes(
        """
        from sitemap_core.check.robots_rules import RobotsRules
        rules = RobotsRules("User-agent: *\\nDisallow: /" + "*a" * 30 + "*b$\\n"
                            + "Allow:" + " " * 100_000 + "/x\\n")
        assert rules.verdict("Googlebot", "https://example.org/" + "a" * 5000).allowed
        """
    )


# -- 2: check never reads outside the site directory -----------------------------------------
SECRET = "TOPSECRET-do-not-print"


def index_of(*locs: str) -> str:
    body = "".join(f"<sitemap><loc>{loc}</loc></sitemap>\n" for loc in locs)
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{NS}">\n{body}'
        "</sitemapindex>\n"
    )


@pytest.fixture
def walled(tmp_path: Path) -> Path:
    """A site beside a private folder whose files would leak into findings if read."""
    priv = tmp_path / "priv"
    priv.mkdir()
    (priv / "secret.txt").write_text(f"{SECRET}\nsecond {SECRET}\n", encoding="utf-8")
    (priv / "page.html").write_text(
        f'<html><head><link rel="canonical" href="https://example.org/{SECRET}"></head>',
        encoding="utf-8",
    )
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><head><title>home</title></head>", encoding="utf-8")
    return site


def no_leak(report: CheckReport) -> None:
    for finding in report.findings:
        assert SECRET not in finding.message, finding
        assert SECRET not in finding.file, finding


@pytest.mark.parametrize(
    "line",
    [
        "https://example.org/../priv/secret.txt",
        "https://example.org/%2e%2e/priv/secret.txt",
        "https://example.org/..%2Fpriv%2Fsecret.txt",
        "https://example.org/a/../../priv/secret.txt",
    ],
)
def test_robots_sitemap_line_outside_the_site_is_refused(walled: Path, line: str) -> None:
    (walled / "robots.txt").write_text(f"User-agent: *\nSitemap: {line}\n", encoding="utf-8")
    report = check_site(walled, "https://example.org/")
    no_leak(report)
    assert "outside-site" in codes(report)


def test_robots_line_with_absolute_path_stays_in_the_site(walled: Path) -> None:
    secret = walled.parent / "priv" / "secret.txt"
    (walled / "robots.txt").write_text(
        f"Sitemap: https://example.org/{secret.as_posix()}\n", encoding="utf-8"
    )
    report = check_site(walled, "https://example.org/")
    no_leak(report)
    assert "file-missing" in codes(report)


def test_index_loc_outside_the_site_is_refused(walled: Path) -> None:
    (walled / "robots.txt").write_text("Sitemap: https://example.org/sitemap.xml\n")
    (walled / "sitemap.xml").write_text(
        index_of("https://example.org/%2E%2E/priv/secret.txt", "https://example.org/s.xml")
    )
    (walled / "s.xml").write_text(urlset("https://example.org/"))
    report = check_site(walled, "https://example.org/")
    no_leak(report)
    assert [f.line for f in report.findings if f.code == "outside-site"] == [3]


def test_symlinked_shard_and_page_outside_the_site_are_refused(walled: Path) -> None:
    (walled / "shard.txt").symlink_to(walled.parent / "priv" / "secret.txt")
    (walled / "page.html").symlink_to(walled.parent / "priv" / "page.html")
    (walled / "robots.txt").write_text("Sitemap: https://example.org/sitemap.xml\n")
    (walled / "sitemap.xml").write_text(
        index_of("https://example.org/shard.txt", "https://example.org/s.xml")
    )
    (walled / "s.xml").write_text(urlset("https://example.org/", "https://example.org/page.html"))
    report = check_site(walled, "https://example.org/")
    no_leak(report)
    outside = sorted((f.file, f.line) for f in report.findings if f.code == "outside-site")
    assert outside == [("s.xml", 4), ("sitemap.xml", 3)]


def test_symlinked_default_sitemap_outside_the_site_is_refused(walled: Path) -> None:
    (walled / "sitemap.txt").symlink_to(walled.parent / "priv" / "secret.txt")
    report = check_site(walled, "https://example.org/")
    no_leak(report)
    assert "outside-site" in codes(report)


def test_files_mode_index_loc_outside_its_directory_is_refused(walled: Path) -> None:
    index = walled / "sitemap.xml"
    index.write_text(index_of("https://example.org/../priv/secret.txt"))
    report = check_files([index], "https://example.org/")
    no_leak(report)
    assert "outside-site" in codes(report)


def test_build_leaves_out_pages_that_symlink_out_of_the_site(walled: Path) -> None:
    (walled / "leak.html").symlink_to(walled.parent / "priv" / "page.html")
    (walled / "inner.html").write_text("<html><head><title>in</title></head><body>")
    (walled / "alias.html").symlink_to(walled / "inner.html")  # inside: fine
    done = build_cli(str(walled), "--base-url", "https://example.org/")
    assert done.returncode == 0, done.stderr
    written = (walled / "sitemap.xml").read_text()
    assert "leak.html" not in written and "alias.html" in written
    assert "leak.html leads outside" in done.stderr


def test_cli_check_prints_no_outside_content(walled: Path) -> None:
    (walled / "robots.txt").write_text("Sitemap: https://example.org/%2e%2e/priv/secret.txt\n")
    done = subprocess.run(
        [sys.executable, "-m", "sitemap_core", "check", str(walled)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert SECRET not in done.stdout + done.stderr
    assert "outside the site directory" in done.stdout


# -- 3: the index command writes only checked, escaped values --------------------------------
DOCS = "https://docs.example.org/"


def index_cli(tmp_path: Path, *listed: Path) -> tuple[int, Path]:
    from sitemap_core.cli.main import main

    out = tmp_path / "top.xml"
    status = main(["index", str(out), "--base-url", DOCS, "--no-robots", *map(str, listed)])
    return status, out


def nested(tmp_path: Path, entries: str) -> Path:
    sub = tmp_path / "sub"
    sub.mkdir(exist_ok=True)
    (sub / "sitemap.xml").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{NS}">{entries}'
        "</sitemapindex>\n"
    )
    return sub


def test_listed_index_lastmod_is_validated_and_escaped(
    tmp_path: Path, xsd_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from lxml import etree

    sub = nested(
        tmp_path,
        f"<sitemap><loc>{DOCS}sub/a.xml</loc><lastmod>2024-01-01&lt;/lastmod&gt;&lt;/sitemap&gt;"
        f"&lt;sitemap&gt;&lt;loc&gt;https://evil.example/&lt;/loc&gt;</lastmod></sitemap>"
        f"<sitemap><loc>{DOCS}sub/b.xml</loc><lastmod>2024-02-03</lastmod></sitemap>",
    )
    (sub / "a.xml").write_text(urlset(DOCS + "sub/x.html"))
    (sub / "b.xml").write_text(
        urlset(DOCS + "sub/y.html").replace("</loc>", "</loc><lastmod>2024-03-04</lastmod>")
    )
    status, out = index_cli(tmp_path, sub)
    assert status == 0
    schema = etree.XMLSchema(etree.parse(str(xsd_dir / "siteindex.xsd")))
    tree = etree.parse(str(out))
    assert schema.validate(tree), schema.error_log
    got = [
        (s.findtext(f"{{{NS}}}loc"), s.findtext(f"{{{NS}}}lastmod"))
        for s in tree.getroot().iter(f"{{{NS}}}sitemap")
    ]
    # a.xml has no lastmod and its index's one is junk: dropped; b.xml: the newest inside
    assert got == [(DOCS + "sub/a.xml", None), (DOCS + "sub/b.xml", "2024-03-04")]
    assert "evil.example" not in out.read_text()
    assert "not a W3C Datetime" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("loc", "why"),
    [
        (DOCS + "../etc/s.xml", "outside the index's directory"),
        (DOCS + "sub/%2e%2e/%2e%2e/s.xml", "outside the index's directory"),
        (DOCS + "sub/missing.xml", "does not exist"),
        (DOCS + "sub/inner.xml", "indexes cannot be nested"),
        (DOCS + "sub/sitemap.xml", "indexes cannot be nested"),
    ],
)
def test_listed_index_entries_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], loc: str, why: str
) -> None:
    sub = nested(tmp_path, f"<sitemap><loc>{loc}</loc></sitemap>")
    (sub / "inner.xml").write_text(index_of(DOCS + "sub/a.xml"))
    (sub / "a.xml").write_text(urlset(DOCS + "sub/x.html"))
    status, out = index_cli(tmp_path, sub)
    assert status == 2
    assert why in capsys.readouterr().err
    assert not out.exists()


def test_write_index_checks_every_value(tmp_path: Path) -> None:
    from sitemap_core import SitemapError
    from sitemap_core.sites import IndexItem, write_index

    warned: list[str] = []
    out = tmp_path / "i.xml"
    write_index(out, [IndexItem(DOCS + "a.xml", "yesterday<b>")], warned.append)
    assert "<lastmod>" not in out.read_text() and "yesterday" in warned[0]
    with pytest.raises(SitemapError, match="cannot list"):
        write_index(out, [IndexItem("javascript:alert(1)</loc>", None)])


def test_include_sitemaps_refuses_encoded_parent_paths(tmp_path: Path) -> None:
    import logging

    from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager

    out = tmp_path / "site"
    out.mkdir()
    (out / "p.html").write_text("<html><head><title>p</title></head></html>")
    (tmp_path / "other.xml").write_text(urlset("https://docs.example.org/q.html"))
    records = []
    settings = Settings(
        base_url=DOCS,
        html_checks=False,
        include_sitemaps=(DOCS + "%2e%2e/other.xml", "../other.xml"),
    )
    handler_records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            handler_records.append(record)

    logger = logging.getLogger("sitemap_core")
    keep = Keep()
    logger.addHandler(keep)
    try:
        records = [PageRecord(url="p.html")]
        build_sitemap(
            records, settings, out, plugin_manager=make_plugin_manager(load_entry_points=False)
        )
    finally:
        logger.removeHandler(keep)
    index = (out / "sitemap_index.xml").read_text()
    assert "other.xml" not in index
    messages = [r.getMessage() for r in handler_records]
    assert sum("outside the output directory" in m for m in messages) == 2, messages


# -- 4: robots.txt merge keeps every line that is not ours -----------------------------------
def merged(tmp_path: Path, existing: bytes, url: str = "https://example.org/sitemap.xml") -> bytes:
    import logging

    from sitemap_core import Diagnostics
    from sitemap_core.files import merge_robots

    (tmp_path / "robots.txt").write_bytes(existing)
    merge_robots(
        tmp_path,
        url,
        "https://example.org/",
        {"sitemap.xml", "sitemap.xml.gz", "sitemap_index.xml"},
        Diagnostics(logging.getLogger("sitemap_core")),
    )
    return (tmp_path / "robots.txt").read_bytes()


def test_robots_merge_keeps_other_hosts_sitemap_lines(tmp_path: Path) -> None:
    before = (
        b"User-agent: *\nDisallow: /tmp/\n"
        b"Sitemap: https://cdn.example.net/sitemap.xml\n"
        b"Sitemap: https://blog.example.org/sitemap.xml\n"
        b"Sitemap: https://example.org:8443/sitemap.xml\n"
        b"Sitemap: http://example.org/sitemap.xml.gz\n"
    )
    assert merged(tmp_path, before) == (
        b"User-agent: *\nDisallow: /tmp/\n"
        b"Sitemap: https://cdn.example.net/sitemap.xml\n"
        b"Sitemap: https://blog.example.org/sitemap.xml\n"
        b"Sitemap: https://example.org:8443/sitemap.xml\n"
        b"Sitemap: https://example.org/sitemap.xml\n"
    )


def test_robots_merge_sees_our_old_line_after_a_bom(tmp_path: Path) -> None:
    before = b"\xef\xbb\xbfSitemap: https://example.org/sitemap.xml.gz\r\nUser-agent: *\r\n"
    assert merged(tmp_path, before) == (
        b"\xef\xbb\xbfSitemap: https://example.org/sitemap.xml\r\nUser-agent: *\r\n"
    )
    again = b"\xef\xbb\xbfSitemap: https://example.org/sitemap.xml\nAllow: /\n"
    assert merged(tmp_path, again) == again


def test_check_reads_a_sitemap_line_after_a_bom(tmp_path: Path) -> None:
    (tmp_path / "robots.txt").write_bytes(b"\xef\xbb\xbfSitemap: https://example.org/s.xml\n")
    (tmp_path / "s.xml").write_text(urlset("https://example.org/"))
    (tmp_path / "index.html").write_text("<html><head><title>x</title></head>")
    report = check_site(tmp_path, "https://example.org/")
    assert "s.xml" in report.checked
    assert "robots-no-sitemap" not in codes(report)


# -- 6: shards and index are committed as one set ---------------------------------------------
def pages(n: int, day: int) -> list[PageRecord]:
    return [
        PageRecord(url=f"p{i}.html", dates={"modified": f"2024-05-{day:02d}"}) for i in range(n)
    ]


def test_failure_mid_commit_leaves_the_old_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills up as the third shard is renamed into place (after shards 1 and 2)."""
    import errno

    from sitemap_core import SitemapError
    from sitemap_core._util.atomic import TempFile

    out = tmp_path / "site"
    out.mkdir()
    options = {"max_urls": 2, "gzip": True, "html_checks": False, "robots": False}
    core_build(pages(5, 1), out, **options)
    before = file_bytes(out)
    assert {"sitemap-3.xml", "sitemap.xml", "sitemap.xml.gz"} <= set(before)
    real_commit = TempFile.commit

    def full_disk(self: TempFile, final: Path) -> None:
        if final.name == "sitemap-3.xml":
            raise OSError(errno.ENOSPC, "No space left on device")
        real_commit(self, final)

    monkeypatch.setattr(TempFile, "commit", full_disk)
    with pytest.raises(SitemapError, match=r"sitemap-3\.xml: No space left"):
        core_build(pages(7, 2), out, **options)
    assert file_bytes(out) == before
    assert not list(out.glob(".sitemap-*"))


def test_a_directory_where_a_shard_goes_stops_the_build_before_any_change(
    tmp_path: Path,
) -> None:
    out = tmp_path / "site"
    out.mkdir()
    options = {"max_urls": 2, "html_checks": False, "robots": False}
    core_build(pages(5, 1), out, **options)
    before = file_bytes(out)
    (out / "sitemap-4.xml").mkdir()
    report = core_build(pages(7, 2), out, **options)
    assert report.urls == 0
    assert file_bytes(out) == before
    assert not list(out.glob(".sitemap-*"))


def test_index_is_renamed_after_every_shard(tmp_path: Path) -> None:
    """The index names the shards; it must not appear before they are all in place."""
    out = tmp_path / "site"
    out.mkdir()
    (out / "sitemap.xml").mkdir()  # the index's own name is taken: nothing may change
    report = core_build(pages(5, 1), out, max_urls=2, html_checks=False, robots=False)
    assert report.urls == 0
    assert sorted(p.name for p in out.iterdir()) == ["sitemap.xml"]


def test_leftover_temp_files_of_dead_builds_are_removed(tmp_path: Path) -> None:
    import os
    import time

    out = tmp_path / "site"
    out.mkdir()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (out / f".sitemap-{dead.pid}-abc.tmp").write_text("half a shard")
        (out / f".sitemap-{alive.pid}-def.tmp").write_text("being written")
        old = out / ".sitemap-q1w2e3r4.tmp"  # no pid: an old-style name, removed once old
        old.write_text("old")
        os.utime(old, (time.time() - 7200, time.time() - 7200))
        young = out / ".sitemap-zzzzzzzz.tmp"
        young.write_text("young")
        reused = out / f".sitemap-{alive.pid}-old.tmp"  # two days old: its pid was reused
        reused.write_text("abandoned")
        os.utime(reused, (time.time() - 172800, time.time() - 172800))
        core_build(pages(2, 1), out, html_checks=False, robots=False)
        left = sorted(p.name for p in out.glob(".sitemap*"))
        assert left == [f".sitemap-{alive.pid}-def.tmp", ".sitemap-zzzzzzzz.tmp"]
    finally:
        alive.kill()
        alive.wait()


@pytest.fixture
def small_site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><head><title>home</title></head><body>hi")
    (site / "about.html").write_text("<html><head><title>about</title></head><body>me")
    (site / "robots.txt").write_text("User-agent: *\nDisallow: /private/\n")
    return site


def test_filename_of_a_page_is_refused(small_site: Path) -> None:
    page = (small_site / "about.html").read_bytes()
    done = build_cli(
        str(small_site), "--base-url", "https://example.org/", "--filename", "about.html"
    )
    assert (small_site / "about.html").read_bytes() == page
    assert "about.html exists and was not written by ssg-sitemap" in done.stderr
    assert "Traceback" not in done.stderr
    # Writing the sitemap is the command's whole job: a CI step must not deploy without it.
    assert done.returncode == 1
    strict = build_cli(
        str(small_site),
        "--base-url",
        "https://example.org/",
        "--filename",
        "about.html",
        "--strict",
    )
    assert strict.returncode == 1
    assert (small_site / "about.html").read_bytes() == page


@pytest.mark.parametrize(
    "args",
    [
        ["--format", "txt", "--filename", "robots.txt"],
        ["--filename", "ROBOTS.TXT"],
        ["--html-sitemap", "sitemap.xml"],
        ["--html-sitemap", "sitemap-2.xml"],
        ["--html-sitemap", "robots.txt"],
        ["--filename", "map.xml", "--html-sitemap", "map.xml.gz"],
    ],
)
def test_colliding_names_are_usage_errors(small_site: Path, args: list[str]) -> None:
    before = snapshot(small_site)
    done = build_cli(str(small_site), "--base-url", "https://example.org/", *args)
    assert done.returncode == 2, done.stderr
    assert "choose another name" in done.stderr and "Traceback" not in done.stderr
    assert snapshot(small_site) == before


def test_a_hand_written_sitemap_is_never_replaced(small_site: Path) -> None:
    mine = urlset("https://example.org/hand-made.html")
    (small_site / "sitemap.xml").write_text(mine)
    done = build_cli(str(small_site), "--base-url", "https://example.org/")
    assert (small_site / "sitemap.xml").read_text() == mine
    assert "was not written by ssg-sitemap" in done.stderr
    assert done.returncode == 1
    # our own earlier text sitemap (no marker possible) is replaced as before
    (small_site / "sitemap.xml").unlink()
    (small_site / "sitemap.txt").write_text("https://example.org/old.html\n")
    done = build_cli(str(small_site), "--base-url", "https://example.org/", "--format", "txt")
    assert done.returncode == 0, done.stderr
    assert "https://example.org/about.html" in (small_site / "sitemap.txt").read_text()


# -- 7 and 8: bounded messages, no crash on huge numbers or broken URLs -------------------------
def test_yaml_anchor_bomb_in_front_matter_gives_a_short_message() -> None:
    """Nine levels of nine shared references: repr() would be billions of characters."""
    done = finishes(
        """
        import logging, resource, sys, tempfile
        from pathlib import Path
        limit = 1536 * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager
        bomb = ["lol"] * 9
        for _ in range(9):
            bomb = [bomb] * 9
        logging.basicConfig(level=logging.WARNING, stream=sys.stdout)
        with tempfile.TemporaryDirectory() as out:
            records = [PageRecord(url="a.html", front_matter={
                "sitemap_changefreq": bomb, "sitemap_priority": bomb, "sitemap_lastmod": bomb,
                "sitemap_exclude": bomb})]
            settings = Settings(base_url="https://example.org/", html_checks=False)
            build_sitemap(records, settings, Path(out),
                          plugin_manager=make_plugin_manager(load_entry_points=False))
        """
    )
    lines = [line for line in done.stdout.splitlines() if "a.html" in line]
    assert len(lines) >= 3, done.stdout
    assert all(len(line) < 400 for line in lines), lines


def test_huge_priority_is_a_clear_error(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    out = tmp_path / "site"
    out.mkdir()
    records = [
        PageRecord(url="a.html", front_matter={"sitemap_priority": 10**400}),
        PageRecord(url="b.html", front_matter={"sitemap_priority": "9" * 300}),
    ]
    report = core_build(records, out, html_checks=False)
    assert report.urls == 2
    warnings = [r.getMessage() for r in caplog.records if "priority" in r.getMessage()]
    assert len(warnings) == 2 and all(len(w) < 300 for w in warnings), warnings
    done = build_cli(str(out), "--base-url", "https://example.org/", "--priority", "1" * 300)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "1" * 100 not in done.stderr


@pytest.mark.parametrize("command", ["build", "check"])
def test_broken_ipv6_base_url_is_a_usage_error(small_site: Path, command: str) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sitemap_core",
            command,
            str(small_site),
            "--base-url",
            "https://[::1/",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "not a valid URL" in done.stderr and "Traceback" not in done.stderr


def test_broken_ipv6_url_to_check_live_is_a_usage_error() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sitemap_core", "check", "https://[::1/"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "not a valid URL" in done.stderr and "Traceback" not in done.stderr


def test_broken_ipv6_endpoint_to_announce_is_a_usage_error(small_site: Path) -> None:
    assert build_cli(str(small_site), "--base-url", "https://example.org/").returncode == 0
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sitemap_core",
            "announce",
            str(small_site),
            "--base-url",
            "https://example.org/",
            "--key",
            "abcdefgh1234",
            "--endpoint",
            "https://[::1/",
            "--dry-run",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "not a valid URL" in done.stderr and "Traceback" not in done.stderr


def test_broken_ipv6_sitemap_line_in_robots_txt(small_site: Path) -> None:
    (small_site / "robots.txt").write_text("User-agent: *\nSitemap: https://[::1/sitemap.xml\n")
    done = build_cli(str(small_site), "--base-url", "https://example.org/")
    assert done.returncode == 0, done.stderr
    robots = (small_site / "robots.txt").read_text()
    assert "Sitemap: https://[::1/sitemap.xml\n" in robots
    assert "Sitemap: https://example.org/sitemap.xml\n" in robots
    report = check_site(small_site, "https://example.org/")
    assert [f.line for f in report.findings if f.code == "robots-invalid"] == [2]


def test_gzip_bomb_from_a_previous_build_is_read_through_a_cap(tmp_path: Path) -> None:
    """1 GiB of zeros behind our marker, 1 MiB on disk; the build may use far less memory."""
    import gzip

    from sitemap_core.files import INDEX_HEADER

    out = tmp_path / "site"
    out.mkdir()
    with gzip.GzipFile(out / "sitemap.xml.gz", "wb", compresslevel=1) as bomb:
        bomb.write(INDEX_HEADER.encode())
        zeros = b" " * (1 << 20)
        for _ in range(1024):
            bomb.write(zeros)
    finishes(
        """
        import resource, sys
        from pathlib import Path
        limit = 768 * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager
        records = [PageRecord(url="a.html")]
        settings = Settings(base_url="https://example.org/", html_checks=False, gzip=True)
        build_sitemap(records, settings, Path(sys.argv[1]),
                      plugin_manager=make_plugin_manager(load_entry_points=False))
        """,
        str(out),
    )


def test_long_text_line_is_one_finding_and_later_lines_keep_their_numbers(tmp_path: Path) -> None:
    """The unfinished line is no longer joined and split again per chunk (see
    benchmarks/check_long_line.py for the time it takes)."""
    path = tmp_path / "sitemap.txt"
    path.write_text(
        "https://example.org/" + "a" * (3 << 20) + " b\nhttps://example.org/ok\n"
        "https://example.org/\u00e9\n"
    )
    report = check_files([path], "https://example.org/")
    assert [(f.code, f.line) for f in report.findings] == [
        ("loc-too-long", 1),
        ("loc-unescaped", 1),
        ("loc-unescaped", 3),
    ]
    assert all(len(f.message) < 400 for f in report.findings)


def test_page_checks_read_each_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sitemap_core.check.site as site_rules
    from sitemap_core.html import inspect_html as real

    reads: list[Path] = []

    def counting(path: Path) -> object:
        reads.append(path)
        return real(path)

    monkeypatch.setattr(site_rules, "inspect_html", counting)
    (tmp_path / "page.html").write_text(
        '<html><head><meta name="robots" content="noindex"></head><body>'
    )
    (tmp_path / "s.xml").write_text(
        urlset(*(f"https://example.org/page.html?v={i}" for i in range(2000)))
    )
    (tmp_path / "robots.txt").write_text("Sitemap: https://example.org/s.xml\n")
    report = check_site(tmp_path, "https://example.org/")
    assert reads == [tmp_path / "page.html"]
    assert (
        report.counts["error"] >= 2000
        or sum(1 for f in report.findings if f.code == "page-noindex") > 0
    )


def test_fifos_in_the_site_are_skipped_not_waited_on(small_site: Path) -> None:
    import os

    os.mkfifo(small_site / "pipe.html")
    os.mkfifo(small_site / "sitemap.xml.gz")
    done = build_cli(str(small_site), "--base-url", "https://example.org/")
    assert done.returncode == 0, done.stderr
    written = (small_site / "sitemap.xml").read_text()
    assert "about.html" in written and "pipe.html" not in written
    os.mkfifo(small_site / "fifo.xml")
    (small_site / "robots.txt").write_text("Sitemap: https://example.org/fifo.xml\n")
    checked = subprocess.run(
        [sys.executable, "-m", "sitemap_core", "check", str(small_site)],
        capture_output=True,
        text=True,
        check=False,
        timeout=HANG_TIMEOUT,
    )
    assert "not a regular file" in checked.stdout, checked.stdout


# -- 9: build and check agree --------------------------------------------------------------------
def test_odd_file_names_get_urls_that_name_them(tmp_path: Path) -> None:
    from tests.conftest import locs

    site = tmp_path / "site"
    site.mkdir()
    names = ["a%41.html", "b%2e.html", "c?d.html", "e#f.html", "g:h.html", "caf\u00e9.html"]
    for name in [*names, "aA.html", "index.html"]:
        (site / name).write_text(f"<html><head><title>{name}</title></head><body>")
    done = build_cli(str(site), "--base-url", "https://example.org/")
    assert done.returncode == 0, done.stderr
    listed = locs(site / "sitemap.xml")
    assert sorted(listed) == sorted(
        "https://example.org/" + u
        for u in [
            "a%2541.html",
            "b%252e.html",
            "c%3Fd.html",
            "e%23f.html",
            "g%3Ah.html",
            "caf%C3%A9.html",
            "aA.html",
            "",
        ]
    )
    report = check_site(site, "https://example.org/")
    assert not [f for f in report.findings if f.severity == "error"], report.findings


def test_impossible_offsets_and_future_lastmods_are_not_written(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from tests.conftest import lastmods

    out = tmp_path / "site"
    out.mkdir()
    records = [
        PageRecord(url="a.html", dates={"modified": "2024-05-01T10:00:00+23:00"}),
        PageRecord(url="b.html", dates={"modified": "2999-01-01"}),
        PageRecord(url="c.html", dates={"modified": "2024-05-01T10:00:00+14:00"}),
    ]
    core_build(records, out, html_checks=False, lastmod_sources=("metadata",))
    assert lastmods(out / "sitemap.xml") == {
        "https://example.org/a.html": None,
        "https://example.org/b.html": None,
        "https://example.org/c.html": "2024-05-01T10:00:00+14:00",
    }
    assert "2999-01-01 is in the future" in caplog.text
    report = check_files([out / "sitemap.xml"], "https://example.org/")
    assert not report.findings


def test_percent_encoded_host_and_negative_zero_priority(tmp_path: Path) -> None:
    from sitemap_core import ConfigError, Settings

    with pytest.raises(ConfigError, match="percent-encoded"):
        Settings(base_url="https://ex%41mple.org/")
    out = tmp_path / "site"
    out.mkdir()
    core_build([PageRecord(url="a.html", priority=-0.0)], out, html_checks=False)  # type: ignore[arg-type]
    text = (out / "sitemap.xml").read_text()
    assert "<priority>0.0</priority>" in text
    assert not check_files([out / "sitemap.xml"], "https://example.org/").findings


def test_declared_charset_is_used_to_read_the_page(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><head><title>home</title></head><body>")
    (site / "latin.html").write_bytes(
        b'<html><head><meta charset="windows-1252"><title>Caf\xe9</title>'
        b'<meta name="robots" content="noindex"></head><body>'
    )
    done = build_cli(str(site), "--base-url", "https://example.org/")
    assert done.returncode == 0, done.stderr
    assert "latin.html" not in (site / "sitemap.xml").read_text()
    (site / "s.xml").write_text(urlset("https://example.org/latin.html"))
    (site / "robots.txt").write_text("Sitemap: https://example.org/s.xml\n")
    assert "page-noindex" in codes(check_site(site, "https://example.org/"))


def test_an_index_listing_itself_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "sitemap.xml").write_text(index_of("https://example.org/sitemap.xml"))
    (tmp_path / "robots.txt").write_text("Sitemap: https://example.org/sitemap.xml\n")
    report = check_site(tmp_path, "https://example.org/")
    assert [(f.code, f.line) for f in report.findings if f.severity == "error"] == [
        ("index-self", 3)
    ]


def test_a_huge_prolog_is_named_as_such(tmp_path: Path) -> None:
    path = tmp_path / "s.xml"
    body = urlset("https://example.org/")
    path.write_text(body.replace("?>\n", "?>\n<!--" + "x" * (2 << 20) + "-->\n", 1))
    report = check_files([path], "https://example.org/")
    assert codes(report) == {"prolog-too-long"}


# -- 10: no control characters reach the terminal -------------------------------------------------
def test_check_text_output_escapes_control_characters(tmp_path: Path) -> None:
    path = tmp_path / "evil\x1b[2J.txt"
    path.write_bytes(b"https://example.org/a\x1b]0;pwned\x07b\nhttps://example.org/\x9bc\n")
    done = subprocess.run(
        [sys.executable, "-m", "sitemap_core", "check", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout and "\x9b" not in done.stdout
    assert "evil\\x1b[2J.txt" in done.stdout
    json_out = subprocess.run(
        [sys.executable, "-m", "sitemap_core", "check", "--format", "json", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "\x1b" not in json_out.stdout


def test_build_messages_escape_control_characters(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    out = tmp_path / "site"
    out.mkdir()
    record = PageRecord(
        url="a.html", name="page\x1b[2J.md", front_matter={"sitemap_changefreq": "\x1b[31mdaily"}
    )
    core_build([record], out, html_checks=False)
    messages = [r.getMessage() for r in caplog.records if "changefreq" in r.getMessage()]
    assert messages and all("\x1b" not in m for m in messages)
    assert "page\\x1b[2J.md" in messages[0]


# -- 11: minor ----------------------------------------------------------------------------------
@pytest.mark.parametrize("value", [[1, 2], 0.8, "sometimes", {"exclude": True}, False, True])
def test_sitemap_key_that_is_no_mapping_is_reported(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, value: object
) -> None:
    out = tmp_path / "site"
    out.mkdir()
    report = core_build(
        [PageRecord(url="a.html", front_matter={"sitemap": value}), PageRecord(url="b.html")],
        out,
        html_checks=False,
    )
    warned = [r.getMessage() for r in caplog.records if "it is ignored" in r.getMessage()]
    if value in ([1, 2], 0.8, "sometimes"):
        assert len(warned) == 1 and "a.html" in warned[0] and "sitemap" in warned[0]
        assert report.urls == 2
    else:
        assert warned == []


def test_a_stale_file_another_build_removed_first_is_no_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    import logging

    from sitemap_core import BuildReport, Diagnostics
    from sitemap_core.build._pipeline import _remove_stale

    gone = tmp_path / "sitemap-3.xml"  # listed as stale, then removed by a concurrent build
    stale = tmp_path / "sitemap-4.xml"
    stale.write_text("old")
    report = BuildReport()
    _remove_stale([gone, stale], [], report, Diagnostics(logging.getLogger("sitemap_core")))
    assert report.removed == [stale] and not stale.exists()
    assert "could not remove" not in caplog.text


def test_yaml_anchor_bomb_in_a_real_mkdocs_page(tmp_path: Path) -> None:
    """The reported case: MkDocs parses the anchors into shared lists; our warnings used to
    repr() them whole (2.2 GB). The build runs under a 1.5 GB address-space limit."""
    import os
    import resource

    from tests.conftest import MKDOCS

    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: T\nsite_url: https://docs.example.org/\nplugins:\n  - sitemap\n"
    )
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    lines += ["sitemap_changefreq: *a9", "sitemap_priority: *a9", "sitemap: *a9"]
    (tmp_path / "docs" / "index.md").write_text("---\n" + "\n".join(lines) + "\n---\n# Home\n")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))

    done = subprocess.run(
        [MKDOCS, "build"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        preexec_fn=limit,
        timeout=HANG_TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    warnings = [line for line in done.stderr.splitlines() if "index.md" in line]
    assert len(warnings) == 3 and all(len(line) < 400 for line in warnings), warnings


def test_a_write_error_names_the_folder_and_leaves_no_temp_files(tmp_path: Path) -> None:
    """Files over 64 KiB cannot be written (RLIMIT_FSIZE): a real EFBIG while a shard is
    streamed; the message names the output folder, never a .sitemap-*.tmp name."""
    out = tmp_path / "site"
    out.mkdir()
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            textwrap.dedent(
                """
                import resource, signal, sys
                from pathlib import Path
                from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager
                from sitemap_core import SitemapError
                signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
                resource.setrlimit(resource.RLIMIT_FSIZE, (65536, 65536))
                records = [PageRecord(url=f"page-{i}.html") for i in range(5000)]
                settings = Settings(base_url="https://example.org/", html_checks=False)
                try:
                    build_sitemap(records, settings, Path(sys.argv[1]),
                                  plugin_manager=make_plugin_manager(load_entry_points=False))
                except SitemapError as exc:
                    print(exc)
                """
            ),
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=HANG_TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"cannot write the sitemap files in {out}" in done.stdout
    assert ".tmp" not in done.stdout
    assert list(out.iterdir()) == []
