"""The generated site map page (``html_sitemap``) beside published plugins that walk every
file or page and read ``abs_src_path``: the page has a real source file, so their hooks keep
working (mkdocs-autolinks-plugin's ``os.path.basename(file.abs_src_path)`` was a TypeError)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import git_commit, git_init, locs, mkdocs_build

pytestmark = pytest.mark.slow

#: Plugins that walk ``files`` in ``on_files``/``on_page_*`` and read each file's source path.
PLUGINS = {
    "autolinks": "mkdocs_autolinks_plugin",
    "rss": "mkdocs_rss_plugin",
    "macros": "mkdocs_macros",
}


@pytest.mark.parametrize("plugin", sorted(PLUGINS))
def test_the_site_map_page_works_with_plugins_that_walk_files(tmp_path: Path, plugin: str) -> None:
    pytest.importorskip(PLUGINS[plugin])
    root = git_init(tmp_path / "project")
    files = {
        "mkdocs.yml": (
            "site_name: Walk\nsite_url: https://docs.example.org/\n"
            f"plugins:\n  - {plugin}\n  - sitemap:\n      html_sitemap: sitemap/\n"
        ),
        "docs/index.md": "# Home\n\nSee [the guide](guide.md).\n",
        "docs/guide.md": "# Guide\n\nBack [home](index.md).\n",
    }
    git_commit(root, files, "2024-01-01T00:00:00+00:00")
    proc = mkdocs_build(root, ok=False)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert "https://docs.example.org/sitemap/" in locs(root / "site/sitemap.xml")
    page = (root / "site/sitemap/index.html").read_text(encoding="utf-8")
    assert 'href="../guide/"' in page
    # The page's source lives outside docs_dir: nothing is left in the project.
    assert not (root / "docs/sitemap.md").exists()
