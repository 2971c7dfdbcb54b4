"""``ssg-sitemap build --llms-txt``: a built site (``SITE_DIR``) and a MkDocs-family project
(``--project``) get llms.txt from the pages their sitemap lists."""

from __future__ import annotations

from pathlib import Path

import pytest
from llms_txt import parse_llms_file

from tests.conftest import cli, locs, mkdocs_build, write_files

pytestmark = pytest.mark.slow


def _page(title: str, description: str = "", extra: str = "") -> str:
    meta = f'<meta name="description" content="{description}">' if description else ""
    return f"<html><head><title>{title}</title>{meta}{extra}</head><body>x</body></html>"


def test_site_dir_llms_txt_from_titles_and_meta_descriptions(tmp_path: Path) -> None:
    site = write_files(
        tmp_path / "site",
        {
            "index.html": _page("Acme", "Tools for everyone."),
            "guide/index.html": _page("Guide", "How to use it."),
            "guide/install.html": _page("Install"),
            "hidden.html": _page("Hidden", extra='<meta name="robots" content="noindex">'),
        },
    )
    proc = cli("build", str(site), "--base-url", "https://example.org/", "--llms-txt")
    assert proc.returncode == 0, proc.stderr
    parsed = parse_llms_file((site / "llms.txt").read_text(encoding="utf-8"))
    assert (parsed.title, parsed.summary) == ("Acme", "Tools for everyone.")
    links = [link for links in parsed.sections.values() for link in links]
    assert {link.url for link in links} == set(locs(site / "sitemap.xml"))
    assert "Hidden" not in {link.title for link in links}
    assert [(link.title, link.desc) for link in parsed.sections["guide"]] == [
        ("Guide", "How to use it."),
        ("Install", None),
    ]
    assert "pages: llms.txt " in proc.stdout + proc.stderr


def test_site_dir_without_the_flag_writes_none(tmp_path: Path) -> None:
    site = write_files(tmp_path / "site", {"index.html": _page("Acme")})
    assert cli("build", str(site), "--base-url", "https://example.org/").returncode == 0
    assert not (site / "llms.txt").exists()


def test_project_llms_txt_names_the_site_from_its_config(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "mkdocs.yml": (
                "site_name: Proj\nsite_description: A project.\n"
                "site_url: https://example.org/\n"
                "nav:\n  - Home: index.md\n  - Zeta: z.md\n  - Alpha: a.md\n"
            ),
            "docs/index.md": "# Home\n",
            "docs/z.md": "# Zeta\n",
            "docs/a.md": "# Alpha\n",
        },
    )
    mkdocs_build(tmp_path)
    for name in ("sitemap.xml", "sitemap.xml.gz"):  # MkDocs' own (the project has no plugin)
        (tmp_path / "site" / name).unlink()
    proc = cli("build", "--project", str(tmp_path), "--llms-txt")
    assert proc.returncode == 0, proc.stderr
    parsed = parse_llms_file((tmp_path / "site" / "llms.txt").read_text(encoding="utf-8"))
    assert (parsed.title, parsed.summary) == ("Proj", "A project.")
    links = [link.url for links in parsed.sections.values() for link in links]
    assert set(links) == set(locs(tmp_path / "site" / "sitemap.xml"))


def test_site_dir_titles_lose_the_theme_s_site_suffix(tmp_path: Path) -> None:
    site = write_files(
        tmp_path / "site",
        {
            "index.html": _page("FastAPI"),
            "features/index.html": _page("Features - FastAPI"),
            "install/index.html": _page("Installation | FastAPI"),
            "about/index.html": _page("About — FastAPI"),
            "other/index.html": _page("Tips - Tricks"),  # no site name: kept whole
        },
    )
    assert (
        cli("build", str(site), "--base-url", "https://example.org/", "--llms-txt").returncode == 0
    )
    parsed = parse_llms_file((site / "llms.txt").read_text(encoding="utf-8"))
    titles = [link.title for links in parsed.sections.values() for link in links]
    assert sorted(titles) == ["About", "FastAPI", "Features", "Installation", "Tips - Tricks"]


@pytest.mark.parametrize(
    ("nav", "sections"),
    [
        # Zensical and FastAPI: sections without titles fold into one named by the site.
        ("nav:\n  - index.md\n  - features/index.md\n  - '': [learn/index.md]\n", ["Proj"]),
        # No nav: MkDocs' automatic nav, each top folder a section titled as MkDocs titles it.
        ("", ["Pages", "Features", "Learn"]),
    ],
)
def test_project_sections_are_the_nav_s_never_its_folders(
    tmp_path: Path, nav: str, sections: list[str]
) -> None:
    write_files(
        tmp_path,
        {
            "mkdocs.yml": f"site_name: Proj\nsite_url: https://example.org/\n{nav}",
            "docs/index.md": "# Home\n",
            "docs/features/index.md": "# Features\n",
            "docs/learn/index.md": "# Learn\n",
        },
    )
    mkdocs_build(tmp_path)
    for name in ("sitemap.xml", "sitemap.xml.gz"):
        (tmp_path / "site" / name).unlink()
    proc = cli("build", "--project", str(tmp_path), "--llms-txt")
    assert proc.returncode == 0, proc.stderr
    parsed = parse_llms_file((tmp_path / "site" / "llms.txt").read_text(encoding="utf-8"))
    assert list(parsed.sections) == sections
