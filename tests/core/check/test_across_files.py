"""``check SITE_DIR``: robots.txt, indexes and shards, and the site rules, on built sites."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest

from sitemap_core._check import CheckReport, check_files, check_site
from sitemap_core._cli import main
from tests.conftest import (
    ROOT,
    build_cli,
    cli,
    finding_codes,
    index_text,
    urlset_text,
    write_files,
)
from tests.core.check.conftest import NO_LINKS
from tests.core.conftest import SECRET, no_leak

BASE = "https://site.example.org/"


def page(title: str, head: str = "") -> str:
    return f"<!DOCTYPE html><html><head><title>{title}</title>{head}</head><body>x</body></html>"


def make_site(root: Path) -> Path:
    files = {
        "index.html": page("Home"),
        "about.html": page("About"),
        "blog/index.html": page("Blog"),
        "blog/first.html": page("First post"),
        "blog/second.html": page("Second post"),
        "docs/guide/index.html": page("Guide"),
        "404.html": page("Not found"),
        "search.html": page("Search", '<meta name="robots" content="noindex">'),
    }
    files["robots.txt"] = "User-agent: *\nDisallow: /private/\n"
    return write_files(root, files)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small site built with the real ``ssg-sitemap build`` (sharded: 2 URLs a file)."""
    root = make_site(tmp_path_factory.mktemp("built") / "public")
    assert main(["build", str(root), "--base-url", BASE, "--max-urls", "2"]) == 0
    return root


@pytest.fixture
def site(built: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "public"
    shutil.copytree(built, copy)
    return copy


NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


XHTML = "http://www.w3.org/1999/xhtml"


def codes(report: CheckReport, severity: str = "error") -> set[tuple[str, str, int | None]]:
    return {(f.code, f.file, f.line) for f in report.findings if f.severity == severity}


def test_a_fresh_build_is_clean(built: Path, capsys: pytest.CaptureFixture[str]):
    report = check_site(built, links=NO_LINKS)
    assert report.findings == [], report.findings
    assert report.urls == 6
    assert "sitemap.xml" in report.checked and "sitemap-3.xml" in report.checked
    capsys.readouterr()
    assert main(["check", str(built), "--strict"]) == 0
    assert "OK: " in capsys.readouterr().out
    assert main(["check", str(built), "--base-url", BASE, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["urls"] == 6


def _shard_with(site: Path, url: str) -> tuple[str, int]:
    """The shard (name) and line of ``<url>`` whose loc is ``url``."""
    for shard in sorted(site.glob("sitemap-*.xml")):
        lines = shard.read_text().splitlines()
        for number, line in enumerate(lines, 1):
            if line.strip() == f"<loc>{url}</loc>":
                return shard.name, number - 1
    raise AssertionError(url)


def test_missing_page_noindex_and_canonical(site: Path):
    (site / "blog" / "first.html").unlink()
    (site / "about.html").write_text(page("About", '<meta name="robots" content="noindex">'))
    (site / "blog" / "second.html").write_text(
        page("Second", '<link rel="canonical" href="https://site.example.org/blog/">')
    )
    report = check_site(site)
    found = codes(report)
    assert ("page-missing", *_shard_with(site, BASE + "blog/first.html")) in found
    assert ("page-noindex", *_shard_with(site, BASE + "about.html")) in found
    assert ("page-canonical", *_shard_with(site, BASE + "blog/second.html")) in found
    assert report.exit_status(strict=False) == 1


def test_robots_rules(site: Path):
    (site / "robots.txt").write_text("User-agent: *\nSitemap: /sitemap.xml\n")
    report = check_site(site, BASE)
    assert ("robots-relative", "robots.txt", 2) in codes(report)
    (site / "robots.txt").write_text("User-agent: *\n")
    report = check_site(site, BASE)
    assert ("robots-no-sitemap", "robots.txt", None) in codes(report, "warning")
    assert report.urls == 6  # found by its default name
    (site / "robots.txt").unlink()
    report = check_site(site, BASE)
    assert ("robots-missing", "robots.txt", None) in codes(report, "warning")
    # under a path, robots.txt is the host's business: only a note
    report = check_site(site, BASE + "docs/")
    assert not any(f.code == "robots-missing" for f in report.findings)


def test_index_missing_and_nested(site: Path):
    (site / "sitemap-2.xml").unlink()
    report = check_site(site)
    index_lines = (site / "sitemap.xml").read_text().splitlines()
    line = (
        next(n for n, text in enumerate(index_lines, 1) if "sitemap-2.xml" in text) - 1
    )  # the <sitemap> start tag
    assert ("index-missing-file", "sitemap.xml", line) in codes(report)
    shutil.copy(site / "sitemap.xml", site / "sitemap-3.xml")
    report = check_site(site)
    assert any(f.code == "index-nested" for f in report.findings)


def write(path: Path, *urls: str, prefix: str = "") -> Path:
    """A urlset; ``prefix`` uses a prefixed root, which takes the detailed path."""
    p = f"{prefix}:" if prefix else ""
    xmlns = f"xmlns:{prefix}" if prefix else "xmlns"
    body = "".join(
        f"<{p}url>\n<{p}loc>{u}</{p}loc>\n</{p}url>\n" if "<" not in u else u for u in urls
    )
    path.write_text(f'<?xml version="1.0"?>\n<{p}urlset {xmlns}="{NS}">\n{body}</{p}urlset>\n')
    return path


@pytest.mark.parametrize("prefix", ["", "sm"], ids=["fast-path", "detailed-path"])
def test_scope_hosts_duplicates_same_lines_on_both_paths(tmp_path: Path, prefix: str):
    docs = tmp_path / "docs"
    docs.mkdir()
    first = write(docs / "a.xml", BASE + "docs/one", BASE + "docs/two", prefix=prefix)
    second = write(
        docs / "b.xml",
        BASE + "docs/three",
        BASE + "docs/one",  # duplicate of a.xml line 3
        BASE + "other/page",  # outside docs/
        "https://elsewhere.example.com/docs/x",
        prefix=prefix,
    )
    report = check_files([first, second], BASE + "docs/")
    assert codes(report) == {
        ("duplicate", str(second), 6),
        ("outside-directory", str(second), 9),
        ("other-host", str(second), 12),
    }


@pytest.mark.parametrize("prefix", ["", "sm"], ids=["fast-path", "detailed-path"])
def test_lastmod_future_and_shared(tmp_path: Path, prefix: str):
    p = f"{prefix}:" if prefix else ""
    future = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=3)).date().isoformat()
    # The day the file is written: a build date, not when the pages changed.
    today = dt.datetime.now(dt.timezone.utc).date().isoformat()
    urls = [
        f"<{p}url><{p}loc>{BASE}p{i}</{p}loc><{p}lastmod>{today}</{p}lastmod></{p}url>\n"
        for i in range(12)
    ]
    urls.append(f"<{p}url><{p}loc>{BASE}f</{p}loc><{p}lastmod>{future}</{p}lastmod></{p}url>\n")
    path = write(tmp_path / "s.xml", *urls, prefix=prefix)
    report = check_files([path])
    assert codes(report) == {("lastmod-future", str(path), 15)}
    assert ("lastmod-shared", str(path), None) in codes(report, "warning")


@pytest.mark.parametrize("url", ["<url>", "<url><!-- detailed path -->"], ids=["fast", "detailed"])
def test_hreflang_reciprocity(tmp_path: Path, url: str):
    def link(lang: str, href: str) -> str:
        return f'<xhtml:link rel="alternate" hreflang="{lang}" href="{href}"/>'

    en, de, fr = BASE + "en/", BASE + "de/", BASE + "fr/"
    path = tmp_path / "i18n.xml"
    path.write_text(
        f'<?xml version="1.0"?>\n<urlset xmlns="{NS}" xmlns:xhtml="{XHTML}">\n'
        f"{url}<loc>{en}</loc>{link('en', en)}{link('de', de)}{link('fr', fr)}</url>\n"
        f"{url}<loc>{de}</loc>{link('de', de)}</url>\n"
        f"{url}<loc>{fr}</loc>\n  {link('en', en)}\n</url>\n"
        "</urlset>\n"
    )
    report = check_files([path])
    assert codes(report) == {("hreflang-not-reciprocal", str(path), 3)}
    assert ("hreflang-no-self", str(path), 5) in codes(report, "warning")


def test_text_sitemap_in_site(site: Path):
    (site / "robots.txt").write_text(f"Sitemap: {BASE}sitemap.txt\n")
    (site / "sitemap.txt").write_text(f"{BASE}\n{BASE}about.html\n{BASE}gone.html\n")
    report = check_site(site)
    assert codes(report) == {("page-missing", "sitemap.txt", 3)}


def test_listed_404_page(site: Path):
    (site / "robots.txt").write_text(f"Sitemap: {BASE}only.xml\n")
    write(site / "only.xml", BASE, BASE + "404.html")
    report = check_site(site)
    assert codes(report) == {("page-404", "only.xml", 6)}


def test_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["check", str(tmp_path), "--base-url", "ftp://x/"]) == 2
    assert "error" in capsys.readouterr().err
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["check", str(empty), "--base-url", BASE]) == 1
    assert main(["check", str(tmp_path / "nope.xml")]) == 1


EXAMPLE = ROOT / "examples" / "static" / "site"


def test_the_static_example_checks_clean(tmp_path: Path):
    """What ``make demo`` builds, checked strictly."""
    public = tmp_path / "public"
    shutil.copytree(EXAMPLE, public)
    argv = ["build", str(public), "--base-url", "https://static.example.org/", "--gzip"]
    assert main([*argv, "--html-sitemap", "sitemap.html"]) == 0
    assert main(["check", str(public), "--strict"]) == 0


def test_a_sectioned_site_without_robots_txt_is_checked_through_its_index(tmp_path: Path) -> None:
    """No robots.txt and no --base-url (robots: false, a version's folder): the index's
    sections and shards are the files beside it, as for sitemap files given by name; they
    were all reported as not under the site."""
    site = write_files(
        tmp_path / "site",
        {"index.html": page("Home"), "blog/a.html": page("A"), "blog/b.html": page("B")},
    )
    built = main(
        [
            "build",
            str(site),
            "--base-url",
            "https://example.org/",
            "--section",
            "blog/*=blog",
            "--max-urls",
            "1",
            "--no-robots",
            "-q",
        ]
    )
    assert built == 0
    assert (site / "sitemap-blog-2.xml").is_file() and not (site / "robots.txt").exists()
    report = check_site(site)
    assert [f.code for f in report.findings if f.severity == "error"] == []
    assert report.urls == 3


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
    assert "outside-site" in finding_codes(report)


def test_robots_line_with_absolute_path_stays_in_the_site(walled: Path) -> None:
    secret = walled.parent / "priv" / "secret.txt"
    (walled / "robots.txt").write_text(
        f"Sitemap: https://example.org/{secret.as_posix()}\n", encoding="utf-8"
    )
    report = check_site(walled, "https://example.org/")
    no_leak(report)
    assert "file-missing" in finding_codes(report)


def test_index_loc_outside_the_site_is_refused(walled: Path) -> None:
    (walled / "robots.txt").write_text("Sitemap: https://example.org/sitemap.xml\n")
    (walled / "sitemap.xml").write_text(
        index_text("https://example.org/%2E%2E/priv/secret.txt", "https://example.org/s.xml")
    )
    (walled / "s.xml").write_text(urlset_text("https://example.org/"))
    report = check_site(walled, "https://example.org/")
    no_leak(report)
    assert [f.line for f in report.findings if f.code == "outside-site"] == [3]


def test_symlinked_shard_and_page_outside_the_site_are_refused(walled: Path) -> None:
    (walled / "shard.txt").symlink_to(walled.parent / "priv" / "secret.txt")
    (walled / "page.html").symlink_to(walled.parent / "priv" / "page.html")
    (walled / "robots.txt").write_text("Sitemap: https://example.org/sitemap.xml\n")
    (walled / "sitemap.xml").write_text(
        index_text("https://example.org/shard.txt", "https://example.org/s.xml")
    )
    (walled / "s.xml").write_text(
        urlset_text("https://example.org/", "https://example.org/page.html")
    )
    report = check_site(walled, "https://example.org/")
    no_leak(report)
    outside = sorted((f.file, f.line) for f in report.findings if f.code == "outside-site")
    assert outside == [("s.xml", 4), ("sitemap.xml", 3)]


def test_symlinked_default_sitemap_outside_the_site_is_refused(walled: Path) -> None:
    (walled / "sitemap.txt").symlink_to(walled.parent / "priv" / "secret.txt")
    report = check_site(walled, "https://example.org/")
    no_leak(report)
    assert "outside-site" in finding_codes(report)


def test_files_mode_index_loc_outside_its_directory_is_refused(walled: Path) -> None:
    index = walled / "sitemap.xml"
    index.write_text(index_text("https://example.org/../priv/secret.txt"))
    report = check_files([index], "https://example.org/")
    no_leak(report)
    assert "outside-site" in finding_codes(report)


def test_cli_check_prints_no_outside_content(walled: Path) -> None:
    (walled / "robots.txt").write_text("Sitemap: https://example.org/%2e%2e/priv/secret.txt\n")
    done = cli("check", str(walled))
    assert done.returncode == 1, done.stderr
    assert SECRET not in done.stdout + done.stderr
    assert "outside the site directory" in done.stdout


def test_check_reads_a_sitemap_line_after_a_bom(tmp_path: Path) -> None:
    (tmp_path / "robots.txt").write_bytes(b"\xef\xbb\xbfSitemap: https://example.org/s.xml\n")
    (tmp_path / "s.xml").write_text(urlset_text("https://example.org/"))
    (tmp_path / "index.html").write_text("<html><head><title>x</title></head>")
    report = check_site(tmp_path, "https://example.org/")
    assert "s.xml" in report.checked
    assert "robots-no-sitemap" not in finding_codes(report)


def test_broken_ipv6_sitemap_line_in_robots_txt(small_site: Path) -> None:
    (small_site / "robots.txt").write_text("User-agent: *\nSitemap: https://[::1/sitemap.xml\n")
    done = build_cli(str(small_site), "--base-url", "https://example.org/")
    assert done.returncode == 0, done.stderr
    robots = (small_site / "robots.txt").read_text()
    assert "Sitemap: https://[::1/sitemap.xml\n" in robots
    assert "Sitemap: https://example.org/sitemap.xml\n" in robots
    report = check_site(small_site, "https://example.org/")
    assert [f.line for f in report.findings if f.code == "robots-invalid"] == [2]


def test_page_checks_read_each_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sitemap_core._check._across_files as site_rules
    from sitemap_core._html import inspect_html as real

    reads: list[Path] = []

    def counting(path: Path) -> object:
        reads.append(path)
        return real(path)

    monkeypatch.setattr(site_rules, "inspect_html", counting)
    (tmp_path / "page.html").write_text(
        '<html><head><meta name="robots" content="noindex"></head><body>'
    )
    (tmp_path / "s.xml").write_text(
        urlset_text(*(f"https://example.org/page.html?v={i}" for i in range(2000)))
    )
    (tmp_path / "robots.txt").write_text("Sitemap: https://example.org/s.xml\n")
    report = check_site(tmp_path, "https://example.org/")
    assert reads == [tmp_path / "page.html"]
    assert (
        report.counts["error"] >= 2000
        or sum(1 for f in report.findings if f.code == "page-noindex") > 0
    )


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
    (site / "s.xml").write_text(urlset_text("https://example.org/latin.html"))
    (site / "robots.txt").write_text("Sitemap: https://example.org/s.xml\n")
    assert "page-noindex" in finding_codes(check_site(site, "https://example.org/"))


def test_an_index_listing_itself_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "sitemap.xml").write_text(index_text("https://example.org/sitemap.xml"))
    (tmp_path / "robots.txt").write_text("Sitemap: https://example.org/sitemap.xml\n")
    report = check_site(tmp_path, "https://example.org/")
    assert [(f.code, f.line) for f in report.findings if f.severity == "error"] == [
        ("index-self", 3)
    ]


def test_a_gzipped_text_sitemap_is_found_without_robots_txt(tmp_path: Path) -> None:
    """The names tried when robots.txt names none are the core's one list (``files.
    ENTRY_NAMES``): ``check`` lacked ``sitemap.txt.gz``, which a build writes with --gzip."""
    import gzip

    site = write_files(tmp_path / "site", {"index.html": page("Home")})
    (site / "sitemap.txt.gz").write_bytes(gzip.compress(f"{BASE}\n".encode(), mtime=0))
    report = check_site(site, BASE)
    assert "sitemap.txt.gz" in report.checked
    assert not {c for c, _f, _l in codes(report)} & {"no-sitemap"}, report.findings
