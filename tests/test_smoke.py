"""The package imports and builds a minimal sitemap."""

from __future__ import annotations

from pathlib import Path

from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager


def test_minimal_build(tmp_path: Path) -> None:
    report = build_sitemap(
        [PageRecord("a.html")],
        Settings("https://example.org/"),
        tmp_path,
        plugin_manager=make_plugin_manager(load_entry_points=False),
    )
    assert report.urls == 1
    assert "<loc>https://example.org/a.html</loc>" in (tmp_path / "sitemap.xml").read_text()
