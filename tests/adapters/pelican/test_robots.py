"""A site's own robots.txt with a relative ``Sitemap: /sitemap.xml`` line (kevin.deldycke.com):
a real ``pelican`` build makes it absolute, keeps every other rule, and ``check`` passes."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from sitemap_core._check import check_site
from tests.adapters.pelican.conftest import small_blog
from tests.conftest import SITEURL, Built, run_pelican, write

pytest.importorskip("pelican")


pytestmark = pytest.mark.slow


ROBOTS = "User-agent: *\nDisallow: /drafts/\n\nSitemap: /sitemap.xml\n"


def with_robots(tmp_path: Path, robots: str) -> Built:
    """A one-post blog whose own robots.txt (a static file put at the root) says ``robots``."""
    content = tmp_path / "content"
    write(content / "post.md", "Title: Post\nDate: 2024-01-02\nCategory: News\n\nBody.\n")
    write(content / "extra" / "robots.txt", robots)
    return run_pelican(
        content,
        tmp_path / "output",
        STATIC_PATHS=["extra/robots.txt"],
        EXTRA_PATH_METADATA={"extra/robots.txt": {"path": "robots.txt"}},
    )


def test_a_relative_sitemap_line_naming_our_file_is_made_absolute(tmp_path: Path) -> None:
    built = with_robots(tmp_path, ROBOTS)
    robots = (built.output / "robots.txt").read_text()
    assert robots == f"User-agent: *\nDisallow: /drafts/\n\nSitemap: {SITEURL}/sitemap.xml\n"
    assert not built.messages(logging.WARNING)
    said = [m for m in built.messages(logging.INFO) if "relative line" in m]
    assert len(said) == 1 and "robots.txt:4" in said[0], built.messages(logging.INFO)
    report = check_site(built.output)
    assert [f for f in report.findings if f.code.startswith("robots")] == []


def test_another_relative_sitemap_line_is_info_in_the_build_and_an_error_in_check(
    tmp_path: Path,
) -> None:
    # The line is the site's own, not ours, and pelican-sitemap never read robots.txt: a
    # `pelican --fatal warnings` build stays green; check names the line to fix.
    built = with_robots(tmp_path, ROBOTS + "Sitemap: /news-sitemap.xml\n")
    robots = (built.output / "robots.txt").read_text()
    assert robots.endswith(f"Sitemap: {SITEURL}/sitemap.xml\nSitemap: /news-sitemap.xml\n")
    assert not built.messages(logging.WARNING), built.messages(logging.WARNING)
    said = [m for m in built.messages(logging.INFO) if "/news-sitemap.xml' is not" in m]
    assert len(said) == 1 and f"{SITEURL}/news-sitemap.xml" in said[0], said
    report = check_site(built.output)
    found = [f for f in report.findings if f.code == "robots-relative"]
    assert len(found) == 1 and found[0].severity == "error", report.findings


def test_a_preview_build_leaves_the_production_robots_txt_alone(tmp_path: Path) -> None:
    # ``pelican -lr`` with SITEURL = "http://127.0.0.1:8101" into the folder the production
    # build wrote: its Sitemap line must not join the production one.
    content = small_blog(tmp_path)
    output = tmp_path / "output"
    run_pelican(content, output)
    production = (output / "robots.txt").read_text()
    assert f"Sitemap: {SITEURL}/sitemap.xml" in production
    preview = run_pelican(content, output, SITEURL="http://127.0.0.1:8101")
    assert (output / "robots.txt").read_text() == production
    assert not preview.messages(logging.WARNING)
    said = [m for m in preview.messages(logging.INFO) if "local address" in m]
    assert len(said) == 1 and "robots.txt" in said[0], preview.messages(logging.INFO)
    # check takes the preview's own address from its sitemap, not the production line.
    report = check_site(output)
    assert report.errors == 0, [f.message for f in report.findings]
    assert "other-host" not in {f.code for f in report.findings}
    fresh = run_pelican(content, tmp_path / "fresh", SITEURL="http://localhost:8000")
    assert not (fresh.output / "robots.txt").exists()


def test_a_preview_build_writes_no_sitemap_line_unless_detection_is_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    content = tmp_path / "content"
    write(content / "post.md", "Title: Post\nDate: 2024-01-02\nCategory: News\n\nBody.\n")
    monkeypatch.setenv("CONTEXT", "deploy-preview")
    built = run_pelican(content, tmp_path / "output")
    assert (built.output / "sitemap.xml").is_file()
    assert not (built.output / "robots.txt").exists()
    said = [m for m in built.messages(logging.INFO) if "no Sitemap: line" in m]
    assert len(said) == 1 and "Netlify deploy-preview" in said[0]
    built = run_pelican(content, tmp_path / "output", SITEMAP={"preview_detection": False})
    assert f"Sitemap: {SITEURL}/sitemap.xml" in (built.output / "robots.txt").read_text()
