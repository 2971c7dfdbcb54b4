"""Exclusions, each counted by its reason: the generator's, front matter, patterns and the
built HTML's."""

from __future__ import annotations

from pathlib import Path

from sitemap_core import (
    PageRecord,
)
from tests.conftest import core_build as build
from tests.conftest import (
    locs,
)

BASE = "https://example.org/"


def test_exclusions_are_counted_by_reason(tmp_path: Path) -> None:
    site = tmp_path
    (site / "noindex.html").write_text('<html><head><meta name="robots" content="noindex">')
    (site / "moved.html").write_text('<html><head><meta http-equiv="refresh" content="0;url=/">')
    (site / "copy.html").write_text('<html><head><link rel="canonical" href="/orig.html">')
    (site / "self.html").write_text('<html><head><link rel="canonical" href="self.html">')
    (site / "404.html").write_text("<html><head><title>Not found</title>")
    records = [
        PageRecord(name.removesuffix(".html") + ".html", output=site / name)
        for name in ("noindex.html", "moved.html", "copy.html", "self.html", "404.html")
    ] + [
        PageRecord("drafts/x.html"),
        PageRecord("fm.html", front_matter={"sitemap_exclude": True}),
        PageRecord("off.html", front_matter={"sitemap": False}),
        PageRecord("gen.html", exclude="draft"),
        PageRecord("mailto:x@example.org"),
        PageRecord("kept.html"),
    ]
    report = build(records, site, exclude=("drafts/*",))
    assert locs(site / "sitemap.xml") == [BASE + "kept.html", BASE + "self.html"]
    assert dict(report.excluded) == {
        "noindex": 1,
        "redirect": 1,
        "canonical elsewhere": 1,
        "404 page": 1,
        "exclude pattern": 1,
        "front matter": 2,
        "draft": 1,
        "invalid URL": 1,
    }
    summary = report.summary(site)
    assert summary.startswith("2 URLs written; 9 excluded (1 404 page, 1 canonical elsewhere")
