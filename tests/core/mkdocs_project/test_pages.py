"""The shared MkDocs-family page rules agree with MkDocs' own (checked against MkDocs itself)."""

from __future__ import annotations

import datetime as dt
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sitemap_core import ConfigError
from sitemap_core._config import offered
from sitemap_core._mkdocs_project import DRAFT, EXCLUDE_DOCS, front_matter_dates, is_draft
from sitemap_core._mkdocs_project._options import options_with_defaults
from sitemap_core._mkdocs_project._pages import Inclusion, dest_path, page_url
from tests.conftest import build_cli
from tests.core.conftest import mkdocs_project

SOURCES = [
    "index.md",
    "README.md",
    "a.md",
    "sub/index.md",
    "sub/README.md",
    "sub/b.markdown",
    "sub/deep/c.md",
    "with space.md",
    "ünï/çödé.md",
    "q?x#y.md",
    "img/logo.png",
    "page.html",
]


@pytest.mark.parametrize("use_directory_urls", [True, False])
def test_urls_and_built_paths_match_mkdocs(use_directory_urls: bool) -> None:
    from mkdocs.structure.files import File
    from mkdocs.structure.pages import Page

    for src in SOURCES:
        file = File(src, "/docs", "/site", use_directory_urls)
        assert dest_path(src, use_directory_urls) == file.dest_uri, src
        if file.is_documentation_page():
            page = Page(None, file, {})  # type: ignore[arg-type]
            assert page_url(src, use_directory_urls) == page.url, src


def test_inclusion_matches_mkdocs(tmp_path: Path) -> None:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import File, InclusionLevel, set_exclusions

    exclude = "secret.md\n/drafts-old/\n*.tmp.md\n!keep.tmp.md\n"
    drafts = "wip/\nnot-yet.md\n"
    config = MkDocsConfig()
    (tmp_path / "docs").mkdir()
    config.load_dict(
        {
            "exclude_docs": exclude,
            "draft_docs": drafts,
            "site_name": "t",
            "docs_dir": str(tmp_path / "docs"),
        }
    )
    errors, _ = config.validate()
    assert not errors
    sources = [
        "index.md",
        "secret.md",
        "sub/secret.md",
        "drafts-old/a.md",
        "sub/drafts-old/a.md",
        "x.tmp.md",
        "keep.tmp.md",
        "wip/a.md",
        "sub/wip/b.md",
        "not-yet.md",
        ".hidden.md",
        "sub/.hidden/a.md",
        "templates/t.md",
        "sub/templates/t.md",
    ]
    files = [File(src, "/docs", "/site", True) for src in sources]
    set_exclusions(files, config)
    ours = Inclusion.from_config(exclude, drafts)
    for file in files:
        expected = {
            InclusionLevel.EXCLUDED: EXCLUDE_DOCS,
            InclusionLevel.DRAFT: DRAFT,
        }.get(file.inclusion)
        assert ours.reason(file.src_uri) == expected, file.src_uri


def test_dates_and_drafts() -> None:
    midnight = dt.datetime(2024, 2, 1, tzinfo=dt.timezone.utc)
    assert front_matter_dates({"date": {"created": midnight, "updated": midnight}}) == {
        "updated": dt.date(2024, 2, 1),
        "date": dt.date(2024, 2, 1),
    }
    assert front_matter_dates({"date": "2024-01-01", "updated": "2024-03-01"}) == {
        "updated": "2024-03-01",
        "date": "2024-01-01",
    }
    assert is_draft({"draft": True})
    assert not is_draft({"draft": False}) and not is_draft({})


def test_options_match_the_plugin_and_unknown_ones_fail() -> None:
    from ssg_sitemap.mkdocs import SitemapConfig  # type: ignore[import-untyped]

    plugin = SitemapConfig()
    plugin.load_dict({})
    assert not plugin.validate()[0]
    defaults = {str(o.mkdocs): o.default_for("mkdocs") for o in offered("mkdocs")}
    assert dict(plugin) == defaults
    with pytest.raises(ConfigError, match="unknown option 'gzipp'"):
        options_with_defaults({"gzipp": True})
    with pytest.raises(ConfigError, match="max_urls"):
        options_with_defaults({"max_urls": "many"})


def test_the_shared_module_imports_no_mkdocs() -> None:
    code = (
        "import sys, sitemap_core._mkdocs_project, sitemap_core._mkdocs_project._options\n"
        "assert 'mkdocs' not in sys.modules, sorted(m for m in sys.modules if 'mkdocs' in m)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


BASE = "https://example.org/"


def test_folder_symlinks_that_loop_are_named_and_not_followed(tmp_path: Path) -> None:
    """Two links to ``.`` in docs_dir made the walk exponential (``mkdocs build`` hangs too);
    each is named in a warning and not followed, and the pages are listed once."""
    root = mkdocs_project(tmp_path / "project", "site_url: https://example.org/\n")
    docs = root / "docs"
    (docs / "guide").mkdir()
    (docs / "guide" / "index.md").write_text("# g\n")
    (root / "site" / "guide").mkdir()
    (root / "site" / "guide" / "index.html").write_text("<html><head></head><body>g")
    (docs / "again").symlink_to(".")
    (docs / "more").symlink_to(".")
    (docs / "guide" / "up").symlink_to("..")
    try:
        done = build_cli("--project", str(root), "--lastmod-sources", "", timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("the walk of docs_dir did not end within 60 s")
    assert done.returncode == 0, done.stderr[-2000:]
    for link, target in (("again", "."), ("more", "."), ("guide/up", "..")):
        assert f"{docs / link} -> {target} leads to a folder it is in, a loop" in done.stderr
    listed = re.findall(r"<loc>([^<]*)</loc>", (root / "site" / "sitemap.xml").read_text())
    assert listed == [BASE, f"{BASE}guide/"]
