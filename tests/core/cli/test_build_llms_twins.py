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


def _twin_site(root: Path) -> Path:
    return write_files(
        root, {f"{name}.html": _page(name.upper(), f"<h1>{name}</h1>") for name in "abc"}
    )


def test_copies_and_edits_of_twins_are_kept_and_said(tmp_path: Path) -> None:
    site = _twin_site(tmp_path / "site")
    _build(site)
    twin_a = (site / "a.html.md").read_text(encoding="utf-8")
    (site / "notes.md").write_text(twin_a, encoding="utf-8")
    (site / "a-copy.html.md").write_text(twin_a, encoding="utf-8")
    edited = {}
    for name in ("b", "c"):
        path = site / f"{name}.html.md"
        edited[name] = path.read_text(encoding="utf-8") + "My own line.\n"
        path.write_text(edited[name], encoding="utf-8")
    (site / "c.html").unlink()
    output = _build(site)
    assert (site / "notes.md").read_text(encoding="utf-8") == twin_a
    assert (site / "a-copy.html.md").read_text(encoding="utf-8") == twin_a
    assert (site / "b.html.md").read_text(encoding="utf-8") == edited["b"]  # not overwritten
    assert (site / "c.html.md").read_text(encoding="utf-8") == edited["c"]  # its page went
    lines = [line for line in output.splitlines() if "b.html.md" in line]
    assert len(lines) == 1 and "not written by ssg-sitemap, or changed since" in lines[0]
    assert any("kept c.html.md" in line for line in output.splitlines())


def test_a_folder_built_apart_keeps_its_twins(tmp_path: Path) -> None:
    root = write_files(
        tmp_path / "n",
        {
            "index.html": _page("Home", "<h1>Home</h1>"),
            "v1/index.html": _page("V1", "<h1>V1</h1>"),
            "v1/page.html": _page("Page", "<h1>Page</h1>"),
        },
    )
    v1 = root / "v1"
    flags = ["--llms-txt", "--llms-markdown"]
    done = cli("build", str(v1), "--base-url", BASE + "v1/", *flags)
    assert done.returncode == 0, done.stderr
    before = {path: path.read_bytes() for path in v1.iterdir() if path.is_file()}
    assert {v1 / "index.html.md", v1 / "page.html.md", v1 / "llms.txt"} <= set(before)
    done = cli("build", str(root), "--base-url", BASE, "--exclude", "v1/*", *flags)
    assert done.returncode == 0, done.stderr
    assert (root / "index.html.md").is_file()
    assert {path: path.read_bytes() for path in v1.iterdir() if path.is_file()} == before


def test_section_files_of_folders_named_with_percent_escapes_go_in_those_folders(
    tmp_path: Path,
) -> None:
    pages = {"index.html": _page("Home", "<h1>Home</h1>")}
    for folder in ("my folder", "ünï"):
        for number in range(150):
            pages[f"{folder}/p{number}.html"] = _page(f"{'T' * 200} {number}", "<p>x</p>")
    site = write_files(tmp_path / "site", pages)
    done = cli("build", str(site), "--base-url", BASE, "--llms-txt")
    assert done.returncode == 0, done.stderr
    assert (site / "my folder" / "llms.txt").is_file() and (site / "ünï" / "llms.txt").is_file()
    assert not list(site.glob("*%*"))  # no folder named my%20folder/ or %C3%BCn%C3%AF/
    checked = cli("check", str(site), "--base-url", BASE)
    assert checked.returncode == 0, checked.stdout
    for number in range(150):
        (site / "ünï" / f"p{number}.html").unlink()
    done = cli("build", str(site), "--base-url", BASE, "--llms-txt")
    assert done.returncode == 0, done.stderr
    assert not (site / "ünï" / "llms.txt").exists()  # stale, unchanged: removed
