"""Our own documentation (docs/, mkdocs.yml) builds strictly with our plugin, and passes check."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

import sitemap_core
from sitemap_core import hookspecs
from tests.conftest import MKDOCS, ROOT, locs

SSG_SITEMAP = str(Path(sys.executable).parent / "ssg-sitemap")


def nav_sources(nav: Any) -> Iterator[str]:
    """Every Markdown file named in a MkDocs ``nav``, in order."""
    if isinstance(nav, str):
        if nav.endswith(".md"):
            yield nav
    elif isinstance(nav, list):
        for item in nav:
            yield from nav_sources(item)
    elif isinstance(nav, dict):
        for value in nav.values():
            yield from nav_sources(value)


def page_url(site_url: str, source: str) -> str:
    """The URL MkDocs gives ``source`` with directory URLs (its default)."""
    stem = source.removesuffix(".md")
    if stem == "index":
        return site_url
    return site_url + stem.removesuffix("/index") + "/"


@pytest.mark.slow
def test_the_docs_build_strictly_and_check_clean(tmp_path: Path) -> None:
    """``mkdocs build --strict`` of our docs writes a sitemap that ``check --strict`` finds
    clean, listing every page of the nav and the themed site map page, with the stylesheet."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    build = subprocess.run(
        [MKDOCS, "build", "--strict", "-f", str(ROOT / "mkdocs.yml"), "-d", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert build.returncode == 0, build.stderr
    assert "sitemap: " in build.stderr

    check = subprocess.run(
        [SSG_SITEMAP, "check", str(site), "--strict", "--format", "json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert check.returncode == 0, check.stdout + check.stderr
    report = json.loads(check.stdout)
    assert (report["errors"], report["warnings"], report["findings"]) == (0, 0, [])

    site_url = config["site_url"]
    listed = locs(site / "sitemap.xml")
    sources = list(nav_sources(config["nav"]))
    assert len(sources) >= 10
    missing = [page_url(site_url, s) for s in sources if page_url(site_url, s) not in listed]
    assert missing == []
    assert site_url + "sitemap/" in listed
    assert "Honest lastmod" in (site / "sitemap" / "index.html").read_text(encoding="utf-8")
    assert '<?xml-stylesheet type="text/xsl" href="sitemap.xsl"?>' in (
        site / "sitemap.xml"
    ).read_text(encoding="utf-8")
    assert (site / "sitemap.xsl").is_file()

    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    missing = [name for name in public_face() if f'id="{name}"' not in api]
    assert missing == [], "rendered without these docstrings"


def public_face() -> list[str]:
    """Every name of ``sitemap_core.__all__`` and every hook of ``sitemap_core.hookspecs``,
    as the API reference's headings name them."""
    names = [f"sitemap_core.{name}" for name in sitemap_core.__all__]
    hooks = sorted(
        f"sitemap_core.hookspecs.{name}"
        for name, value in vars(hookspecs).items()
        if callable(value) and hasattr(value, "sitemap_core_spec")
    )
    assert len(hooks) >= 6
    return names + hooks


def test_the_api_reference_covers_the_public_face() -> None:
    """docs/api.md names every public name and hook (mkdocstrings renders each docstring)."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    named = {
        line.removeprefix("::: ").strip() for line in text.splitlines() if line.startswith(":::")
    }
    hooks = {
        line.strip().removeprefix("- ")
        for line in text.splitlines()
        if line.strip().startswith("- sitemap_")
    }
    named |= {f"sitemap_core.hookspecs.{hook}" for hook in hooks}
    assert sorted(set(public_face()) - named) == []
