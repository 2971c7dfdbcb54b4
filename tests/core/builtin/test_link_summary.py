"""The build's line on links (``link_summary``): the counts of ``check``'s own ``orphan`` and
``link-broken`` findings on the site the build wrote, said as information, nothing when both
are zero; a link to a file the build itself writes (the site map page, llms.txt) is none."""

from __future__ import annotations

from pathlib import Path

from sitemap_core._check import check_site
from tests.conftest import build_cli, write_files

BASE = "https://example.org/"


def page(title: str, *hrefs: str) -> str:
    links = "".join(f'<a href="{href}">{href}</a> ' for href in hrefs)
    return f"<!DOCTYPE html><html><head><title>{title}</title></head><body>{links}</body></html>"


def site(root: Path, **extra: str) -> Path:
    """A home page linking a guide, a page that is not there and the site map page and
    llms.txt this build writes; the guide links home; a lonely page nobody links."""
    home = page("Home", "guide/", "gone.html", "guide/#top", "sitemap.html", "/llms.txt")
    files = {
        "index.html": home,
        "guide/index.html": page("Guide", "../", "../also-gone/"),
        "lonely.html": page("Lonely & co"),
        **extra,
    }
    return write_files(root / "site", files)


def checked(folder: Path) -> tuple[int, int]:
    codes = [finding.code for finding in check_site(folder).findings]
    return codes.count("orphan"), codes.count("link-broken")


def line(printed: str) -> list[str]:
    return [text for text in printed.splitlines() if "internal link" in text or "orphan" in text]


def test_the_line_counts_what_check_finds_on_the_built_site(
    tmp_path: Path,
) -> None:
    folder = site(tmp_path)
    args = (str(folder), "--base-url", BASE, "--html-sitemap", "sitemap.html", "--llms-txt")
    done = build_cli(*args, "--strict", "--link-summary")
    assert done.returncode == 0, done.stderr  # information: --strict stays green
    # sitemap.html and llms.txt did not exist while the pages' links were read: not broken.
    assert checked(folder) == (1, 2)
    assert line(done.stderr) == [
        f"sitemap: 1 orphan page, 2 broken internal links (ssg-sitemap check {folder} lists them)"
    ]
    # Information: -q (warnings and errors only) leaves it out.
    assert line(build_cli(*args, "--strict", "--link-summary", "-q").stderr) == []


def test_nothing_is_said_when_every_page_is_linked_and_every_link_found(
    tmp_path: Path,
) -> None:
    folder = write_files(
        tmp_path / "site",
        {"index.html": page("Home", "a.html"), "a.html": page("A", "index.html")},
    )
    done = build_cli(str(folder), "--base-url", BASE, "--link-summary")
    assert done.returncode == 0 and "URLs written" in done.stderr, done.stderr
    assert checked(folder) == (0, 0)
    assert line(done.stderr) == []


def test_only_the_counts_that_are_not_zero_are_said(
    tmp_path: Path,
) -> None:
    folder = write_files(
        tmp_path / "site", {"index.html": page("Home", "a.html"), "a.html": page("A", "b.html")}
    )
    assert line(build_cli(str(folder), "--base-url", BASE, "--link-summary").stderr) == [
        f"sitemap: 1 broken internal link (ssg-sitemap check {folder} lists them)"
    ]


def test_nothing_is_said_unless_asked(tmp_path: Path) -> None:
    folder = site(tmp_path)
    done = build_cli(str(folder), "--base-url", BASE)
    assert done.returncode == 0 and "URLs written" in done.stderr, done.stderr
    assert line(done.stderr) == []


def test_the_standalone_site_map_page_marks_the_orphans(tmp_path: Path) -> None:
    folder = site(tmp_path)
    args = (str(folder), "--base-url", BASE, "--html-sitemap", "sitemap.html")
    build_cli(*args, "--html-sitemap-orphans")  # the marks need no line
    text = (folder / "sitemap.html").read_text()
    assert (
        '<li class="ssg-sitemap-orphan"><a href="lonely.html"><bdi>Lonely &amp; co</bdi></a> '
        '<small class="ssg-sitemap-orphan-label">(no page links it)</small></li>'
    ) in text
    assert text.count("ssg-sitemap-orphan-label") == 1
    build_cli(*args)  # off by default
    assert "ssg-sitemap-orphan" not in (folder / "sitemap.html").read_text()


def test_the_page_the_command_line_fills_marks_the_orphans(tmp_path: Path) -> None:
    folder = site(tmp_path, **{"map/index.html": page("Map") + "<!-- ssg-sitemap -->"})
    args = (str(folder), "--base-url", BASE, "--html-sitemap-into", "map/index.html")
    assert build_cli(*args, "--html-sitemap-orphans").returncode == 0
    text = (folder / "map" / "index.html").read_text()
    # The map page is an orphan too (nothing links it), but a page does not list itself.
    assert text.count('class="ssg-sitemap-orphan"') == 1
    assert '<a class="ssg-sitemap-orphan" href="../lonely.html">' in text
