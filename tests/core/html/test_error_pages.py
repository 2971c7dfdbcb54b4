"""Error documents (404 and the other HTTP error pages) are never listed: one rule that the
build (CLI and adapters) and ``check`` share, from the rule itself up to a real ``mkdocs
build`` with MkDocs ``extra_templates`` error pages (gbfs.org's shape)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core._check import LinkOptions, check_site
from sitemap_core._cli import main
from sitemap_core._html import error_code, title_code
from tests.conftest import locs, mkdocs_build, write_files

BASE = "https://example.org/"

NAMES = {
    "404.html": 404,
    "404.htm": 404,
    "404": 404,
    "404/": 404,
    "404/index.html": 404,
    "de/404.html": 404,
    "pt-BR/404/": 404,
    "zh_CN/404/index.html": 404,
    "500/index.html": 500,
    "400.html": 400,
    "504.html": 504,
    # Deep in a site, a page like any other; and names that are no status.
    "store/404/": None,
    "store/404.html": None,
    "de/store/404/": None,
    "gen/401.html": None,
    "js/404.html": None,
    "600.html": None,
    "399.html": None,
    "x404.html": None,
    "4040.html": None,
    "index.html": None,
    "": None,
    "about/": None,
}

TITLES = {
    "404 Not Found": 404,
    "Page not found": 404,
    "Page Not Found · GitHub Pages": 404,
    "404 Page not found - My Hugo site": 404,
    "404: This page could not be found": 404,
    "Page not found — Project 1.0 documentation": 404,
    "Oops! Page not found.": 404,
    "404 | VitePress": 404,
    "Error 500": 500,
    "500 Internal Server Error": 500,
    "503 Service Unavailable | Site": 503,
    "403 Forbidden": 403,
    # Real pages about errors, and numbers that are no status.
    "Handling 404 errors in Flask": None,
    "Flask: Handling 404 errors": None,
    "How to fix page not found": None,
    "Not Found: a memoir": None,
    "The 404 page": None,
    "Forbidden": None,
    "500 | Fiat": None,
    "Top 500 albums": None,
    "Release 4.0.4": None,
    "": None,
}

#: The link findings (true ones here too) are test_links.py's, not these tests'.
NO_LINKS = LinkOptions(enabled=False)


@pytest.mark.parametrize("path", NAMES)
def test_error_documents_by_name(path: str) -> None:
    assert error_code(path) == NAMES[path]


@pytest.mark.parametrize("title", TITLES)
def test_error_documents_by_title(title: str) -> None:
    assert title_code(title) == TITLES[title]


def page(title: str) -> str:
    return f"<!doctype html><html><head><title>{title}</title></head><body>x</body></html>"


SITE = {
    "index.html": page("Home"),
    "404/index.html": page("Lost?"),  # Hugo's and Jekyll's pretty not-found page
    "de/index.html": page("Start"),
    "de/404.html": page("Nicht gefunden"),
    "500.html": page("Oh no"),
    "store/404/index.html": page("Model 404 desk lamp"),  # a product, deep in the site
    "gone.html": page("Page not found · Example"),  # the title says it
    "flask-404.html": page("Handling 404 errors in Flask"),
}
LISTED = [BASE, BASE + "de/", BASE + "flask-404.html", BASE + "store/404/"]


@pytest.mark.parametrize("html_checks", [True, False])
def test_cli_build_and_check_agree(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], html_checks: bool
) -> None:
    root = write_files(tmp_path / "public", SITE)
    extra = [] if html_checks else ["--no-html-checks"]
    assert main(["build", str(root), "--base-url", BASE, *extra]) == 0
    err = capsys.readouterr().err
    title_too = [BASE + "gone.html"] if not html_checks else []
    assert sorted(locs(root / "sitemap.xml")) == sorted(LISTED + title_too)
    assert f"{3 if html_checks else 2} 404 page" in err and "1 error page" in err
    if html_checks:
        # What the build wrote, check passes, strictly.
        assert main(["check", str(root), "--strict"]) == 0
    else:
        # Without the HTML checks the title is not read; check (which reads it) names it.
        report = check_site(root, html_checks=True, links=NO_LINKS)
        assert [f.code for f in report.findings] == ["page-404"]


def test_check_names_every_listed_error_page(tmp_path: Path) -> None:
    """A sitemap another tool wrote lists them all: check finds each, by name or title, the
    same ones the build leaves out."""
    root = write_files(tmp_path / "public", SITE)
    urls = [BASE + name.removesuffix("index.html") for name in SITE]
    entries = "".join(f"<url><loc>{u}</loc></url>" for u in urls)
    (root / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>'
        f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{entries}</urlset>'
    )
    report = check_site(root, BASE, links=NO_LINKS)
    found = {
        f.message.split(" ", 1)[0]: f.code for f in report.findings if f.code != "robots-missing"
    }
    assert found == {
        BASE + "404/": "page-404",
        BASE + "de/404.html": "page-404",
        BASE + "500.html": "page-error",
        BASE + "gone.html": "page-404",
    }


@pytest.mark.slow
def test_mkdocs_extra_templates_error_pages_are_not_listed(tmp_path: Path) -> None:
    """gbfs.org's shape: ``extra_templates`` 400.html ... 504.html in docs_dir,
    beside a landing page template and a real page named 404 deep in the site."""
    codes = (400, 401, 403, 404, 405, 500, 503, 504)
    files = {
        "mkdocs.yml": (
            "site_name: Feeds\nsite_url: https://example.org/\n"
            f"extra_templates: [{', '.join(f'{c}.html' for c in codes)}, landing.html]\n"
            "plugins:\n  - sitemap:\n      gzip: false\n"
        ),
        "docs/index.md": "# Home\n",
        "docs/store/404.md": "# Model 404 desk lamp\n",
        "docs/landing.html": page("Landing"),
    }
    for code in codes:
        files[f"docs/{code}.html"] = page(f"{code} | Feeds")
    root = write_files(tmp_path, files)
    proc = mkdocs_build(root, "--strict")
    site = root / "site"
    assert (site / "503.html").is_file()
    assert sorted(locs(site / "sitemap.xml")) == [BASE, BASE + "landing.html", BASE + "store/404/"]
    assert "7 error page" in proc.stderr
    assert main(["check", str(site), "--base-url", BASE, "--strict"]) == 0
