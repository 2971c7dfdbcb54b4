"""``ssg-sitemap build --project``: a MkDocs-family project's sitemap from its sources and git,
side by side with the MkDocs plugin, after real ``zensical build`` and ``mkdocs build`` runs."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from llms_txt import parse_llms_file

from tests.conftest import cli, git_commit, git_init, lastmods, mkdocs_build, write_files

pytestmark = pytest.mark.slow

ZENSICAL = shutil.which("zensical", path=str(Path(sys.executable).parent))
needs_zensical = pytest.mark.skipif(
    ZENSICAL is None,
    reason="zensical is not installed (the test extra installs it on Python >= 3.11, the "
    "versions it ships wheels for)",
)

PAGES = {
    "docs/index.md": "# Home\n",
    "docs/guide/setup.md": "---\ndate: 2020-01-05\n---\n# Setup\n",
    "docs/guide/README.md": "# Guide\n",
    "docs/news.md": "---\nupdated: 2023-04-01\n---\n# News\n",
    "docs/blogish.md": "---\ndate:\n  created: 2019-02-01\n  updated: 2019-03-01\n---\n# B\n",
    "docs/colophon.md": "# Colophon\n",
    "docs/wip/soon.md": "# Soon\n",
    "docs/private/x.md": "# Private\n",
    "docs/draft-post.md": "---\ndraft: true\n---\n# Draft\n",
    "docs/hidden.md": "---\nsitemap_exclude: true\n---\n# Hidden\n",
    "docs/skip-me.md": "# Skipped by the plugin's exclude\n",
    "docs/verify.html": "<!doctype html><html><head><title>v</title></head><body></body></html>",
    "docs/Café & bar.md": "# Café\n",
}

MKDOCS_YML = """\
site_name: Side by side
site_url: !ENV [SIDE_BY_SIDE_URL, "https://example.org/docs/"]
nav:
  - Home: index.md
  - Guide:
    - guide/README.md
    - guide/setup.md
not_in_nav: |
  /colophon.md
draft_docs: |
  wip/
exclude_docs: |
  private/
markdown_extensions:
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
plugins:
  - sitemap:
      gzip: false
      exclude:
        - skip-*.md
"""


def build(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return cli("build", *args, cwd=cwd)


def zensical_build(root: Path, *args: str) -> None:
    assert ZENSICAL is not None
    proc = subprocess.run(
        [ZENSICAL, "build", *args], cwd=root, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def make_project(root: Path, config_name: str, config: str) -> Path:
    git_init(root)
    files = dict(PAGES)
    for number, (name, text) in enumerate(files.items()):
        # Every page its own commit date; setup.md's publish date is older (a floor).
        git_commit(root, {name: text}, f"2024-0{1 + number // 9}-{10 + number % 9}T12:00:00Z")
    git_commit(root, {config_name: config, ".gitignore": "site*/\n.cache/\n"}, "2024-03-01T00:00Z")
    # An edit after the publish date: lastmod follows git, the date is only a floor.
    edited = {"docs/guide/setup.md": PAGES["docs/guide/setup.md"] + "More.\n"}
    git_commit(root, edited, "2024-05-20T08:30:00Z")
    return root


@needs_zensical
def test_zensical_build_plus_project_equals_the_mkdocs_plugin(tmp_path: Path) -> None:
    config = MKDOCS_YML.replace("      gzip: false\n", "      gzip: false\n      llms_txt: true\n")
    root = make_project(tmp_path / "p", "mkdocs.yml", config)
    mkdocs_build(root, "--site-dir", str(tmp_path / "site-mkdocs"))
    zensical_build(root)
    site = root / "site"
    assert "<lastmod>" not in (site / "sitemap.xml").read_text()  # Zensical's own
    done = build("--project", str(root))
    assert done.returncode == 0, done.stderr
    summary, note = done.stderr.strip().splitlines()[-2:]
    assert "URLs written" in summary
    assert "replaced Zensical's own sitemap" in note
    ours = lastmods(site / "sitemap.xml")
    plugin = lastmods(tmp_path / "site-mkdocs" / "sitemap.xml")
    assert ours == plugin
    base = "https://example.org/docs/"
    assert set(ours) == {
        base,
        base + "guide/",
        base + "guide/setup/",
        base + "news/",
        base + "blogish/",
        base + "colophon/",
        base + "Caf%C3%A9%20%26%20bar/",
    }
    assert ours[base + "guide/setup/"] == "2024-05-20T08:30:00Z"
    assert ours[base + "news/"] == "2023-04-01"
    assert ours[base + "blogish/"] == "2019-03-01"
    # The summary names why pages were left out, as the plugin's does.
    assert "draft" in done.stderr and "exclude_docs" in done.stderr
    # llms.txt: the nav's order and top-level sections, as the plugin's (pages outside the
    # nav after them, under Pages).
    ours_llms = parse_llms_file((site / "llms.txt").read_text(encoding="utf-8"))
    plugin_llms = parse_llms_file((tmp_path / "site-mkdocs" / "llms.txt").read_text("utf-8"))
    sections = {name: [link.url for link in links] for name, links in ours_llms.sections.items()}
    assert sections == {
        name: [link.url for link in links] for name, links in plugin_llms.sections.items()
    }
    assert list(sections) == ["Pages", "Guide"]
    assert sections["Guide"] == [base + "guide/", base + "guide/setup/"]
    assert sections["Pages"][0] == base


@needs_zensical
def test_zensical_toml_project(tmp_path: Path) -> None:
    config = """\
[project]
site_name = "Z"
site_url = "https://example.org/"
use_directory_urls = false
exclude_docs = '''
private/
'''

[project.plugins.sitemap]
gzip = false
"""
    root = make_project(tmp_path / "z", "zensical.toml", config)
    zensical_build(root)
    done = build("--project", str(root / "zensical.toml"))
    assert done.returncode == 0, done.stderr
    assert "replaced Zensical's own sitemap" in done.stderr
    found = lastmods(root / "site" / "sitemap.xml")
    assert "https://example.org/guide/setup.html" in found
    assert "https://example.org/index.html" in found
    assert not any("private" in loc or "draft-post" in loc for loc in found)


@needs_zensical
def test_zensical_minified_mkdocs_yml_project(tmp_path: Path) -> None:
    """A mkdocs.yml built by Zensical with ``minify_html`` (as Material's own docs do): the
    generator tag loses its quotes, and Zensical's sitemap is still known as Zensical's."""
    config = MKDOCS_YML.replace("plugins:\n", "plugins:\n  - minify:\n      minify_html: true\n")
    root = make_project(tmp_path / "m", "mkdocs.yml", config)
    zensical_build(root)
    site = root / "site"
    assert "<meta name=generator content=zensical-" in (site / "index.html").read_text()
    done = build("--project", str(root))
    assert done.returncode == 0, done.stderr
    assert "replaced Zensical's own sitemap" in done.stderr
    assert "https://example.org/docs/guide/setup/" in lastmods(site / "sitemap.xml")


def test_project_defaults_and_overrides_without_a_generator(tmp_path: Path) -> None:
    """SITE_DIR and --base-url default to the config's; the command line wins over both."""
    root = make_project(tmp_path / "p", "mkdocs.yml", MKDOCS_YML)
    built = root / "site"
    for rel in ("index.html", "guide/index.html", "guide/setup/index.html", "news/index.html"):
        write_files(built, {rel: "<!doctype html><html><head></head><body>x</body></html>"})
    done = build("--project", str(root / "mkdocs.yml"))
    assert done.returncode == 0, done.stderr
    assert "https://example.org/docs/news/" in lastmods(built / "sitemap.xml")
    other = tmp_path / "elsewhere"
    shutil.copytree(built, other)
    done = build(str(other), "--project", str(root), "--base-url", "https://docs.example.com/")
    assert done.returncode == 0, done.stderr
    assert "https://docs.example.com/news/" in lastmods(other / "sitemap.xml")
    proc = cli(
        "build", "--project", str(root), env={"SIDE_BY_SIDE_URL": "https://env.example.com/"}
    )
    assert proc.returncode == 0, proc.stderr
    assert "https://env.example.com/news/" in lastmods(built / "sitemap.xml")


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"mkdocs.yml": "site_name: [unclosed\n"}, "does not parse"),
        ({"zensical.toml": "[project\nsite_name = 1\n"}, "does not parse"),
        ({"mkdocs.yml": "site_name: x\nsite_url: https://example.org/\n"}, "docs_dir"),
        (
            {"mkdocs.yml": "site_name: x\n", "docs/index.md": "# x\n", "site/index.html": "<p>"},
            "has no site_url and no --base-url",
        ),
        (
            {
                "mkdocs.yml": "site_name: x\nsite_url: https://example.org/\n"
                "plugins:\n  - sitemap:\n      gzipp: true\n",
                "docs/index.md": "# x\n",
                "site/index.html": "<p>",
            },
            "unknown option 'gzipp'",
        ),
        (
            {
                "mkdocs.yml": "site_name: x\nsite_url: https://example.org/\n",
                "docs/index.md": "# x\n",
                "site/index.html": "<html><head></head><body></body></html>",
                "site/sitemap.xml": "<urlset/>",
            },
            "was not written by ssg-sitemap",
        ),
        ({"mkdocs.yml": "site_name: x\n", "docs/index.md": "# x\n"}, "build the project first"),
        ({"notes.txt": "x"}, "no zensical.toml, mkdocs.yml"),
    ],
)
def test_bad_projects_exit_2_with_a_clear_error(
    tmp_path: Path, files: dict[str, str], message: str
) -> None:
    write_files(tmp_path, files)
    done = build("--project", str(tmp_path))
    assert done.returncode == 2, done.stderr
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    sitemap = tmp_path / "site" / "sitemap.xml"
    assert not sitemap.exists() or sitemap.read_text() == "<urlset/>"


def test_zensicals_sitemap_is_not_said_replaced_when_nothing_is_written(tmp_path: Path) -> None:
    theirs = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
        "<url><loc>https://example.org/</loc></url>\n</urlset>\n"
    )
    write_files(
        tmp_path,
        {
            "zensical.toml": '[project]\nsite_url = "https://example.org/"\n',
            "docs/index.md": "# x\n",
            "site/index.html": "<html><head></head><body></body></html>",
            "site/sitemap.xml": theirs,
        },
    )
    done = build("--project", str(tmp_path), "--exclude", "*")
    assert done.returncode == 0, done.stderr
    assert "no sitemap written" in done.stderr
    assert "replaced" not in done.stderr
    assert (tmp_path / "site" / "sitemap.xml").read_text("utf-8") == theirs


def test_the_zensical_note_claims_no_robots_line_that_was_not_written(tmp_path: Path) -> None:
    """A base URL with a path: robots.txt is not changed, and the note does not say it is."""
    write_files(
        tmp_path,
        {
            "zensical.toml": '[project]\nsite_url = "https://example.org/docs/"\n',
            "docs/index.md": "# x\n",
            "site/index.html": "<html><head></head><body></body></html>",
            "site/sitemap.xml": '<?xml version="1.0"?><urlset/>',
        },
    )
    done = build("--project", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "robots.txt not changed" in done.stderr
    note = done.stderr.strip().splitlines()[-1]
    assert "replaced Zensical's own sitemap" in note and "robots" not in note


def test_project_alone_means_the_current_folder(tmp_path: Path) -> None:
    """``ssg-sitemap build --project`` with no value, run in the project, as after
    ``zensical build``."""
    write_files(
        tmp_path,
        {
            "mkdocs.yml": "site_name: x\nsite_url: https://example.org/\n",
            "docs/index.md": "# x\n",
            "site/index.html": "<html><head></head><body></body></html>",
        },
    )
    done = build("--project", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert set(lastmods(tmp_path / "site" / "sitemap.xml")) == {"https://example.org/"}


def test_a_source_without_its_built_file_is_not_listed(tmp_path: Path) -> None:
    """A page that is not where MkDocs' rules put it (moved by a plugin, stale build) is
    counted as 'not built'; the file actually built is listed as a generated page."""
    write_files(
        tmp_path,
        {
            "mkdocs.yml": "site_name: x\nsite_url: https://example.org/\n",
            "docs/index.md": "# x\n",
            "docs/blog/posts/hello.md": "# Hello\n",
            "site/index.html": "<html><head></head><body></body></html>",
            "site/blog/2024/01/02/hello/index.html": "<html><head></head><body></body></html>",
        },
    )
    done = build("--project", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "1 not built" in done.stderr
    assert set(lastmods(tmp_path / "site" / "sitemap.xml")) == {
        "https://example.org/",
        "https://example.org/blog/2024/01/02/hello/",
    }


def test_properdocs_inherit_and_which_config_a_folder_means(tmp_path: Path) -> None:
    """properdocs.yml with INHERIT (MkDocs' merge); a folder holding zensical.toml and
    mkdocs.yml means zensical.toml, as for `zensical build`."""
    page = "<html><head></head><body></body></html>"
    write_files(
        tmp_path,
        {
            "base.yml": "site_url: https://base.example.org/\nuse_directory_urls: false\n"
            "plugins:\n  - sitemap:\n      gzip: false\n",
            "properdocs.yml": "INHERIT: base.yml\nsite_name: p\nsite_dir: out\n",
            "docs/index.md": "# x\n",
            "docs/a.md": "# a\n",
            "out/index.html": page,
            "out/a.html": page,
        },
    )
    done = build("--project", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert set(lastmods(tmp_path / "out" / "sitemap.xml")) == {
        "https://base.example.org/index.html",
        "https://base.example.org/a.html",
    }
    assert not (tmp_path / "out" / "sitemap.xml.gz").exists()
    write_files(tmp_path, {"zensical.toml": '[project]\nsite_url = "https://z.example.org/"\n'})
    write_files(tmp_path, {"site/index.html": page, "site/a/index.html": page})
    done = build("--project", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert set(lastmods(tmp_path / "site" / "sitemap.xml")) == {
        "https://z.example.org/",
        "https://z.example.org/a/",
    }


def test_html_sitemap_titles_from_front_matter_or_the_page(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "mkdocs.yml": "site_name: x\nsite_url: https://example.org/\n"
            "plugins:\n  - sitemap:\n      html_sitemap: sitemap.html\n",
            "docs/index.md": "---\ntitle: Front Title\n---\n# x\n",
            "docs/a.md": "# a\n",
            "site/index.html": "<html><head><title>Home Tag</title></head><body></body></html>",
            "site/a/index.html": "<html><head><title>Page A</title></head><body></body></html>",
        },
    )
    done = build("--project", str(tmp_path))
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "site" / "sitemap.html").read_text()
    assert "Front Title" in page and "Page A" in page and "Home Tag" not in page


@needs_zensical
def test_zensical_instant_navigation_keeps_sitemap_xml_a_list_of_pages(tmp_path: Path) -> None:
    """Zensical's instant navigation reads the pages of sitemap.xml and follows no index: with
    sections, the index is sitemap-index.xml (robots.txt names it) and sitemap.xml lists every
    page, as the MkDocs plugin does for Material; the second run gives the same bytes."""
    config = """\
[project]
site_name = "Z"
site_url = "https://example.org/"

[project.theme]
features = ["navigation.instant"]

[project.plugins.sitemap]
gzip = false
sections = {"guide/*" = "guide"}
"""
    root = make_project(tmp_path / "z", "zensical.toml", config)
    zensical_build(root)
    site = root / "site"
    done = build("--project", str(root))
    assert done.returncode == 0, done.stderr
    assert "sitemap.xml lists all 10 pages for Material" in done.stderr, done.stderr
    flat = lastmods(site / "sitemap.xml")
    assert len(flat) == 10 and "https://example.org/guide/setup/" in flat
    assert "<sitemapindex" in (site / "sitemap-index.xml").read_text()
    assert "Sitemap: https://example.org/sitemap-index.xml" in (site / "robots.txt").read_text()
    first = {p.name: p.read_bytes() for p in site.glob("sitemap*")}
    again = build("--project", str(root))
    assert again.returncode == 0, again.stderr
    assert {p.name: p.read_bytes() for p in site.glob("sitemap*")} == first
    checked = cli("check", str(site))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # gzip-only leaves the theme no sitemap.xml: the warning the MkDocs plugin gives.
    gz = build("--project", str(root), "--gzip-only")
    assert "Material's instant navigation (navigation.instant) reads sitemap.xml" in gz.stderr
    assert gz.returncode == 0, gz.stderr
    assert build("--project", str(root), "--gzip-only", "--strict").returncode == 1
