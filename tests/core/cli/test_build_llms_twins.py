"""``ssg-sitemap build SITE_DIR --llms-markdown --llms-full`` on a built site: twins beside
the pages, a user's own twin kept, stale twins of ours removed, and ``check`` on the same
``twin_url`` rule as the build."""

from __future__ import annotations

from pathlib import Path

import pytest
from llms_txt import parse_llms_file

from tests.conftest import cli, locs, write_files

pytestmark = pytest.mark.slow

BASE = "https://example.org/"


def _page(title: str, body: str) -> str:
    return (
        f"<html><head><title>{title}</title></head><body>"
        "<header>Acme header</header><nav><a href='/'>Nav home</a></nav>"
        f"<main>{body}</main><footer>Acme footer</footer></body></html>"
    )


def _build(site: Path) -> str:
    proc = cli("build", str(site), "--base-url", BASE, "--llms-markdown", "--llms-full")
    assert proc.returncode == 0, proc.stderr
    return proc.stdout + proc.stderr


def _check_codes(site: Path) -> set[str]:
    proc = cli("check", "--format", "json", str(site))
    return {code for code in ("llms-twin-missing", "llms-unlisted") if code in proc.stdout}


def test_twins_kept_removed_and_checked(tmp_path: Path) -> None:
    site = write_files(
        tmp_path / "site",
        {
            "index.html": _page("Acme", "<h1>Acme</h1><p>See <a href='guide/'>the guide</a>.</p>"),
            "guide/index.html": _page("Guide", "<h1>Guide</h1><pre><code>run</code></pre>"),
            "notes.html": _page("Notes", "<h1>Notes</h1>"),
            "notes.html.md": "# My own notes twin\n",
        },
    )
    output = _build(site)
    assert (site / "notes.html.md").read_text() == "# My own notes twin\n"
    assert "notes.html.md exists and was not written by ssg-sitemap" in output
    twin = (site / "guide" / "index.html.md").read_text(encoding="utf-8")
    assert 'url: "https://example.org/guide/"' in twin
    assert "```\nrun\n```" in twin
    assert "Acme header" not in twin and "Nav home" not in twin and "footer" not in twin
    home = (site / "index.html.md").read_text(encoding="utf-8")
    assert "[the guide](https://example.org/guide/)" in home
    parsed = parse_llms_file((site / "llms.txt").read_text(encoding="utf-8"))
    urls = {link.url for links in parsed.sections.values() for link in links}
    assert urls == {
        loc + "index.html.md" if loc.endswith("/") else loc + ".md"
        for loc in locs(site / "sitemap.xml")
    }
    full = (site / "llms-full.txt").read_text(encoding="utf-8")
    assert parse_llms_file(full).title == "Acme"
    assert "# My own notes twin" in full and "# Guide" in full
    assert "llms-full.txt " in output
    assert _check_codes(site) == set()

    (site / "guide" / "index.html").unlink()
    _build(site)
    assert not (site / "guide" / "index.html.md").exists()  # stale, ours: removed
    assert (site / "notes.html.md").read_text() == "# My own notes twin\n"
    assert "guide/index.html.md" not in (site / "llms.txt").read_text(encoding="utf-8")

    (site / "index.html.md").unlink()
    assert _check_codes(site) == {"llms-twin-missing"}


def test_without_the_flag_no_twins(tmp_path: Path) -> None:
    site = write_files(tmp_path / "site", {"index.html": _page("Acme", "<p>x</p>")})
    assert cli("build", str(site), "--base-url", BASE, "--llms-txt").returncode == 0
    assert not list(site.rglob("*.md"))
    assert "(https://example.org/)" in (site / "llms.txt").read_text(encoding="utf-8")


def test_links_in_the_pages_own_markdown_are_not_llms_full_txt_s(tmp_path: Path) -> None:
    # A page's content may hold a list of links anywhere: in llms-full.txt only the Source
    # lines are ours to check.
    site = write_files(
        tmp_path / "site",
        {
            "index.html": _page(
                "Acme",
                "<h1>Acme</h1><ul><li><a href='https://elsewhere.example/x'>x</a></li></ul>",
            ),
            "guide/index.html": _page("Guide", "<h1>Guide</h1>"),
        },
    )
    _build(site)
    full = (site / "llms-full.txt").read_text(encoding="utf-8")
    assert "- [x](https://elsewhere.example/x)" in full
    assert _check_codes(site) == set()
    (site / "guide" / "index.html.md").unlink()
    assert _check_codes(site) == {"llms-twin-missing"}
