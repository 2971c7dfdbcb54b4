"""The ``html`` lastmod source: the modification date a built page states in its head
(Hugo's ``article:modified_time``, Jekyll SEO Tag's JSON-LD, ``itemprop="dateModified"``),
through a real ``ssg-sitemap build`` subprocess on static fixtures."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from sitemap_core._config import CLI_LASTMOD_SOURCES, Settings
from sitemap_core._html import inspect_html
from tests.conftest import cli, lastmods

BASE = "https://example.org/"
PAGE = (
    "<!doctype html><html><head><meta charset=utf-8><title>t</title>{head}</head>"
    "<body>{body}</body></html>"
)

HUGO = (
    '<meta property="og:type" content="article">'
    '<meta property="article:published_time" content="2024-01-02T08:00:00+01:00">'
    '<meta property="article:modified_time" content="2024-03-05T10:00:00+01:00">'
)
JEKYLL_SEO = (
    '<script type="application/ld+json">\n{"@context":"https://schema.org","@type":"BlogPosting",'
    '"dateModified":"2024-02-01T12:00:00+00:00","datePublished":"2023-12-24T12:00:00+00:00",'
    '"headline":"A post","url":"https://example.org/jekyll.html"}</script>'
)
GRAPH = (
    '<script type="application/ld+json">{"@context":"https://schema.org","@graph":['
    '{"@type":"WebSite","name":"x"},{"@type":"WebPage","dateModified":"2023-11-11T11:11:11Z"}]}'
    "</script>"
)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return cli(*args)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root = tmp_path / "public"
    pages = {
        "hugo/index.html": (HUGO, ""),
        "jekyll.html": (JEKYLL_SEO, ""),
        "graph.html": (GRAPH, ""),
        "itemprop.html": ('<meta itemprop="dateModified" content="2022-12-01">', ""),
        "time.html": ('<time itemprop="dateModified" datetime="2021-05-05T05:05:05+02:00">', ""),
        "bad.html": ('<meta property="article:modified_time" content="yesterday">', ""),
        "body-only.html": ("", '<time itemprop="dateModified" datetime="2020-01-01">x</time>'),
        "plain.html": ('<script type="application/ld+json">not json</script>', ""),
    }
    for rel, (head, body) in pages.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(PAGE.format(head=head, body=body), "utf-8")
    return root


def test_cli_reads_modification_dates_from_the_head(site: Path) -> None:
    result = run("build", str(site), "--base-url", BASE, "--no-robots")
    assert result.returncode == 0, result.stderr
    assert lastmods(site / "sitemap.xml") == {
        BASE + "bad.html": None,
        BASE + "body-only.html": None,
        BASE + "graph.html": "2023-11-11T11:11:11Z",
        BASE + "hugo/": "2024-03-05T10:00:00+01:00",
        BASE + "itemprop.html": "2022-12-01",
        BASE + "jekyll.html": "2024-02-01T12:00:00Z",
        BASE + "plain.html": None,
        BASE + "time.html": "2021-05-05T05:05:05+02:00",
    }
    warnings = [line for line in result.stderr.splitlines() if "yesterday" in line]
    assert len(warnings) == 1
    assert "bad.html" in warnings[0] and "html" in warnings[0]


def test_cli_sources_can_leave_html_out(site: Path) -> None:
    result = run("build", str(site), "--base-url", BASE, "--no-robots", "--lastmod-sources", "git")
    assert result.returncode == 0, result.stderr
    assert set(lastmods(site / "sitemap.xml").values()) == {None}
    # git asked for by name, on a built site: one line says why no page has a git date
    assert result.stderr.count("git dates need each page's source file") == 1
    default = run("build", str(site), "--base-url", BASE, "--no-robots")
    assert "git dates need" not in default.stderr
    bad = run("build", str(site), "--base-url", BASE, "--lastmod-sources", "html,build_time")
    assert bad.returncode == 2
    assert bad.stderr.startswith("ssg-sitemap: error: --lastmod-sources: 'build_time' is not")


def test_html_is_a_cli_default_only() -> None:
    assert CLI_LASTMOD_SOURCES == ("front_matter", "metadata", "html", "git")
    assert "html" not in Settings(BASE).lastmod_sources


def test_the_head_scan_reads_the_first_modification_date(tmp_path: Path) -> None:
    page = tmp_path / "p.html"
    page.write_text(PAGE.format(head=GRAPH + HUGO, body=""), "utf-8")
    assert inspect_html(page).modified == "2023-11-11T11:11:11Z"
    page.write_text(PAGE.format(head="", body=""), "utf-8")
    assert inspect_html(page).modified is None


def test_json_ld_nested_too_deeply_says_nothing(tmp_path: Path) -> None:
    """A page's JSON-LD 100,000 levels deep is no date, not a RecursionError."""
    root = tmp_path / "public"
    root.mkdir()
    deep = "[" * 100_000 + "]" * 100_000
    head = f'<script type="application/ld+json">{deep}</script>'
    (root / "index.html").write_text(PAGE.format(head=head, body=""), "utf-8")
    result = run("build", str(root), "--base-url", BASE, "--no-robots")
    assert result.returncode == 0, result.stderr[-500:]
    assert lastmods(root / "sitemap.xml") == {BASE: None}
