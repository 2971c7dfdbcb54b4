"""Each page's changefreq and priority (build/_fields.py)."""

from __future__ import annotations

from pathlib import Path

from sitemap_core import KindDefaults, PageRecord, Rule
from tests.conftest import NS, read_xml
from tests.conftest import core_build as build

BASE = "https://example.org/"


def test_front_matter_wins_then_record_then_rule_then_kind_then_default(tmp_path: Path) -> None:
    records = [
        PageRecord(
            "fm.html",
            front_matter={"sitemap_changefreq": "daily", "sitemap_priority": "0.9"},
            changefreq="yearly",
        ),
        PageRecord("mapping.html", front_matter={"sitemap": {"changefreq": "hourly"}}),
        PageRecord("rec.html", changefreq="yearly", priority=0.1),
        PageRecord("blog/post.html", kind="article"),
        PageRecord("art.html", kind="article"),
        PageRecord("plain.html"),
    ]
    build(
        records,
        tmp_path,
        changefreq="monthly",
        priority=0.5,
        kinds={"article": KindDefaults("weekly", 0.7)},
        rules=(Rule("blog/*", changefreq="never"),),
    )
    got = {
        url.findtext("sm:loc", "", NS).removeprefix(BASE): (
            url.findtext("sm:changefreq", None, NS),
            url.findtext("sm:priority", None, NS),
        )
        for url in read_xml(tmp_path / "sitemap.xml").iterfind("sm:url", NS)
    }
    assert got == {
        "fm.html": ("daily", "0.9"),
        "mapping.html": ("hourly", "0.5"),
        "rec.html": ("yearly", "0.1"),
        "blog/post.html": ("never", "0.7"),
        "art.html": ("weekly", "0.7"),
        "plain.html": ("monthly", "0.5"),
    }


def test_kind_defaults_worked_out_once_answer_as_per_page(tmp_path: Path) -> None:
    """Pages with metadata but no sitemap values of their own take their kind's defaults
    (worked out once a kind), a 0.0 priority included; a page's own values still win."""
    records = [
        PageRecord("a.html", front_matter={"title": "A"}, kind="article"),
        PageRecord("b.html", front_matter={"title": "B"}, kind="article"),
        PageRecord("c.html", front_matter={"title": "C"}, kind="page"),
        PageRecord("d.html", front_matter={"title": "D"}, kind="article", priority="0.9"),
        PageRecord("e.html", front_matter={"sitemap_changefreq": "yearly"}, kind="article"),
    ]
    build(
        records,
        tmp_path,
        changefreq="monthly",
        priority=0.5,
        kinds={"article": KindDefaults(changefreq="weekly", priority=0.0)},
    )
    text = (tmp_path / "sitemap.xml").read_text(encoding="utf-8")
    blocks = {b.split("</loc>")[0].rsplit("/", 1)[-1]: b for b in text.split("<loc>")[1:]}
    expected = {
        "a.html": ("weekly", "0.0"),
        "b.html": ("weekly", "0.0"),
        "c.html": ("monthly", "0.5"),
        "d.html": ("weekly", "0.9"),
        "e.html": ("yearly", "0.0"),
    }
    for name, (changefreq, priority) in expected.items():
        assert f"<changefreq>{changefreq}</changefreq>" in blocks[name], name
        assert f"<priority>{priority}</priority>" in blocks[name], name
