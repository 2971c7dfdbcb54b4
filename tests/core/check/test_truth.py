"""Truth checks: what the sitemap says against what each page and robots.txt say
(``lastmod-drift``, ``hreflang-head``, ``robots-blocked``), local and live alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core._check import check_site
from sitemap_core._check._findings import CheckReport
from sitemap_core._check._live_site import check_live
from sitemap_core._cli._main import main
from tests.conftest import write_files
from tests.core.check.conftest import FAST, NO_LINKS, XML, Reply, Site, page

BASE = "https://site.example.org/"
NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML = "http://www.w3.org/1999/xhtml"


def html(title: str, head: str = "") -> str:
    return f"<!DOCTYPE html><html><head><title>{title}</title>{head}</head><body>x</body></html>"


def modified(when: str) -> str:
    return f'<meta property="article:modified_time" content="{when}">'


def hreflang(*pairs: tuple[str, str]) -> str:
    return "".join(
        f'<link rel="alternate" hreflang="{lang}" href="{BASE}{p}">' for lang, p in pairs
    )


EN_DE = hreflang(("en", "en/"), ("de", "de/"))


def build(root: Path) -> Path:
    assert main(["build", str(root), "--base-url", BASE]) == 0
    return root


def found(report: CheckReport, code: str) -> list[str]:
    return [f.message for f in report.findings if f.code == code]


def honest_site(root: Path) -> Path:
    """Pages whose heads state a modification date and hreflang alternates: the build reads
    both, so the sitemap agrees with every head."""
    return write_files(
        root,
        {
            "index.html": html("Home", modified("2024-05-01T10:00:00+00:00")),
            "post.html": html(
                "Post",
                '<script type="application/ld+json">'
                '{"@type": "BlogPosting", "dateModified": "2024-06-02"}</script>',
            ),
            "en/index.html": html("EN", EN_DE),
            "de/index.html": html("DE", EN_DE),
            "robots.txt": "User-agent: *\nDisallow: /private/\n",
        },
    )


def test_an_honest_site_has_no_truth_findings(tmp_path: Path) -> None:
    root = build(honest_site(tmp_path / "public"))
    report = check_site(root, links=NO_LINKS)
    assert report.findings == [], report.findings


def test_lastmod_drift_names_the_page_and_both_dates(tmp_path: Path) -> None:
    root = build(honest_site(tmp_path / "public"))
    # the page was edited after the build, or the sitemap's date came from elsewhere
    (root / "index.html").write_text(html("Home", modified("2025-01-20T08:00:00+00:00")))
    # within the tolerance: no finding (a date-only value against a time the same day)
    (root / "post.html").write_text(html("Post", modified("2024-06-02T23:30:00-02:00")))
    report = check_site(root, links=NO_LINKS)
    assert found(report, "lastmod-drift") == [
        f"{BASE}: the sitemap's lastmod 2024-05-01T10:00:00Z differs from the page's own "
        "modification date 2025-01-20T08:00:00+00:00 by 263 days; date the sitemap from the "
        "same source as the page, or fix the page's date"
    ]
    assert [f.severity for f in report.findings] == ["warning"]


def test_hreflang_head_names_what_differs(tmp_path: Path) -> None:
    root = build(honest_site(tmp_path / "public"))
    # a theme that names only the other languages (Pelican's): no contradiction
    (root / "de" / "index.html").write_text(html("DE", hreflang(("en", "en/"))))
    assert check_site(root, links=NO_LINKS).findings == []
    # the same pages named another way (index.html, a relative link, upper case): no contradiction
    same = '<link rel="alternate" hreflang="EN" href="../en/index.html">'
    (root / "de" / "index.html").write_text(html("DE", same))
    assert check_site(root, links=NO_LINKS).findings == []
    (root / "de" / "index.html").write_text(
        html("DE", hreflang(("en", "en/"), ("de", "de/"), ("fr", "fr/")))
    )
    report = check_site(root, links=NO_LINKS)
    assert found(report, "hreflang-head") == [
        f"{BASE}de/: the page's head names alternates the sitemap does not (fr {BASE}fr/); "
        "search engines see two different sets: give both the same"
    ]
    assert report.findings[0].severity == "warning"


def test_robots_blocked_in_the_local_check(tmp_path: Path) -> None:
    root = build(honest_site(tmp_path / "public"))
    (root / "robots.txt").write_text(
        (root / "robots.txt").read_text().replace("Disallow: /private/", "Disallow: /de/")
    )
    report = check_site(root, links=NO_LINKS)
    assert found(report, "robots-blocked") == [
        f"{BASE}de/ is listed but blocked: robots.txt says 'Disallow: /de/' for User-agent: *"
    ]
    assert report.exit_status(strict=False) == 1
    # under a path, robots.txt at the folder's root is not the host's: no verdict
    report = check_site(root, BASE + "docs/")
    assert found(report, "robots-blocked") == []


def test_the_build_says_once_that_robots_txt_blocks_listed_pages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = honest_site(tmp_path / "public")
    (root / "robots.txt").write_text("User-agent: *\nDisallow: /en/\nDisallow: /de/\n")
    capsys.readouterr()
    # green with -W: the rule is the site's own, not our output's
    assert main(["build", str(root), "--base-url", BASE, "--strict"]) == 0
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if "robots.txt" in line and "blocks" in line]
    assert len(lines) == 1, err
    assert "2 of the 4 listed URLs" in lines[0] and f"{BASE}de/" in lines[0]


def live_site(site: Site, sitemap_lastmod: str, head_modified: str, head_links: str) -> None:
    de, en = site.url("/de/"), site.url("/en/")
    links = "".join(
        f'<xhtml:link rel="alternate" hreflang="{lang}" href="{href}"/>'
        for lang, href in (("en", en), ("de", de))
    )
    entries = "".join(
        f"<url><loc>{loc}</loc><lastmod>{sitemap_lastmod}</lastmod>{links}</url>"
        for loc in (de, en)
    )
    body = f'<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="{NS}" xmlns:xhtml="{XHTML}">'
    site.routes["/sitemap.xml"] = Reply(200, (body + entries + "</urlset>").encode(), XML)
    site.routes["/robots.txt"] = Reply(200, f"Sitemap: {site.url('/sitemap.xml')}\n".encode())
    honest = "".join(
        f'<link rel="alternate" hreflang="{lang}" href="{href}">'
        for lang, href in (("en", en), ("de", de))
    )
    site.routes["/en/"] = page("/en/", modified(sitemap_lastmod) + honest)
    site.routes["/de/"] = page("/de/", modified(head_modified) + (head_links or honest))


def test_truth_findings_in_the_live_check(site: Site) -> None:
    live_site(site, "2024-05-01", "2024-05-01", "")
    report = check_live(site.url("/"), FAST)
    assert report.findings == [], report.findings
    live_site(
        site,
        "2024-05-01",
        "2024-09-01",
        f'<link rel="alternate" hreflang="de" href="{site.url("/de/")}">',
    )
    report = check_live(site.url("/"), FAST)
    assert sorted(f.code for f in report.findings) == ["hreflang-head", "lastmod-drift"]
    assert "en " + site.url("/en/") in found(report, "hreflang-head")[0]


def test_hreflang_head_with_dot_segments_is_the_same_page(tmp_path: Path) -> None:
    """A subsite's theme writes ``{{ SITEURL }}/../en/`` (``…/de/../en/``): one URL with
    ``…/en/`` once its dot segments are removed, so no contradiction."""
    root = build(honest_site(tmp_path / "public"))
    dotted = hreflang(("en", "de/../en/"), ("de", "de/./"))
    (root / "de" / "index.html").write_text(html("DE", dotted))
    assert check_site(root, links=NO_LINKS).findings == []
