"""An aggregate page (``summarises``) is dated by the newest of its own lastmod and the
lastmods of the pages it lists (build/_aggregates.py)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from sitemap_core import PageRecord
from tests.conftest import core_build as build
from tests.conftest import lastmods

BASE = "https://example.org/"


def test_aggregate_pages_take_the_newest_date_of_what_they_list(tmp_path: Path) -> None:
    records = [
        PageRecord("", summarises=("a.html", "b.html", "missing.html")),
        PageRecord("tag/x.html", summarises=("a.html",)),
        PageRecord("a.html", dates={"date": "2024-01-01T10:00:00+00:00"}),
        PageRecord("b.html", dates={"modified": "2024-03-01", "date": "2023-01-01"}),
        PageRecord("empty.html", summarises=()),
    ]
    build(records, tmp_path)
    got = lastmods(tmp_path / "sitemap.xml")
    assert got == {
        BASE: "2024-03-01",
        BASE + "tag/x.html": "2024-01-01T10:00:00Z",
        BASE + "a.html": "2024-01-01T10:00:00Z",
        BASE + "b.html": "2024-03-01",
        BASE + "empty.html": None,
    }


def test_pages_sharing_one_listing_each_take_the_newest_of_it_and_their_own(
    tmp_path: Path,
) -> None:
    """Index pages that list the same pages (one shared tuple, worked out once) still each
    take the newest of the listed dates and of their own."""
    utc = dt.timezone.utc
    listed = ("a.html", "b.html")
    records = [
        PageRecord("a.html", dates={"modified": dt.datetime(2024, 1, 1, tzinfo=utc)}),
        PageRecord("b.html", dates={"modified": dt.datetime(2024, 3, 1, tzinfo=utc)}),
        PageRecord("x.html", kind="index", summarises=listed),
        PageRecord(
            "y.html",
            kind="index",
            summarises=listed,
            dates={"modified": dt.datetime(2024, 5, 1, tzinfo=utc)},
        ),
        PageRecord(
            "z.html",
            kind="index",
            summarises=listed,
            dates={"modified": dt.datetime(2024, 2, 1, tzinfo=utc)},
        ),
        PageRecord("w.html", kind="index", summarises=("a.html",)),
    ]
    build(records, tmp_path)
    text = (tmp_path / "sitemap.xml").read_text(encoding="utf-8")
    blocks = {b.split("</loc>")[0].rsplit("/", 1)[-1]: b for b in text.split("<loc>")[1:]}
    assert "<lastmod>2024-03-01T00:00:00Z</lastmod>" in blocks["x.html"]
    assert "<lastmod>2024-05-01T00:00:00Z</lastmod>" in blocks["y.html"]
    assert "<lastmod>2024-03-01T00:00:00Z</lastmod>" in blocks["z.html"]
    assert "<lastmod>2024-01-01T00:00:00Z</lastmod>" in blocks["w.html"]
