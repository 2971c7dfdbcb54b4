"""Every adapter's ``indexnow_key`` writes ``KEY.txt`` and its ``shard_order`` reaches the
core (real MkDocs, Sphinx and Pelican builds, shards of one URL each)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import locs, mkdocs_build, sphinx_build, write_files

pytestmark = pytest.mark.slow

KEY = "abcdef01-2345"
SITE = "https://example.org/"


def shard_locs(out: Path) -> list[str]:
    count = len(list(out.glob("sitemap-*.xml")))
    return [loc for n in range(1, count + 1) for loc in locs(out / f"sitemap-{n}.xml")]


def test_mkdocs(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "mkdocs.yml": f"site_name: K\nsite_url: {SITE}\nplugins:\n  - sitemap:\n"
            f"      indexnow_key: {KEY}\n      shard_order: lastmod\n      max_urls: 1\n"
            "      gzip: false\n",
            "docs/index.md": "---\nupdated: 2024-03-01\n---\n# Home\n",
            "docs/a.md": "---\nupdated: 2024-01-01\n---\n# A\n",
            "docs/b.md": "---\nupdated: 2024-02-01\n---\n# B\n",
        },
    )
    mkdocs_build(tmp_path)
    out = tmp_path / "site"
    assert (out / f"{KEY}.txt").read_text() == KEY
    assert shard_locs(out) == [SITE + "a/", SITE + "b/", SITE]


def test_sphinx(tmp_path: Path) -> None:
    src = write_files(
        tmp_path / "src",
        {
            "conf.py": 'extensions = ["ssg_sitemap.sphinx"]\n'
            f'html_baseurl = "{SITE}"\nsitemap_indexnow_key = "{KEY}"\n'
            'sitemap_url_scheme = "{link}"\n'
            'sitemap_shard_order = "lastmod"\nsitemap_max_urls = 1\n'
            'sitemap_lastmod_sources = ["front_matter", "metadata"]\n',
            "index.rst": ":sitemap_lastmod: 2024-02-01\n\nHome\n====\n\n"
            ".. toctree::\n\n   a\n   b\n",
            "a.rst": ":sitemap_lastmod: 2024-03-01\n\nA\n=\n",
            "b.rst": ":sitemap_lastmod: 2024-01-01\n\nB\n=\n",
        },
    )
    run = sphinx_build(src, tmp_path / "out")
    assert run.statuscode == 0, run.warnings
    assert (run.out / f"{KEY}.txt").read_text() == KEY
    pages = (SITE + "a.html", SITE + "b.html", SITE + "index.html")
    listed = [loc for loc in shard_locs(run.out) if loc in pages]
    assert listed == [SITE + "b.html", SITE + "index.html", SITE + "a.html"]


def test_pelican_settings_reach_the_core() -> None:
    pytest.importorskip("pelican")
    from ssg_sitemap.pelican.config import read_config

    config = read_config({"indexnow_key": KEY, "shard_order": "lastmod"})
    assert config.core["indexnow_key"] == KEY
    assert config.core["shard_order"] == "lastmod"
    assert not config.problems
