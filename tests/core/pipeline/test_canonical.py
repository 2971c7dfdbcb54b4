"""Canonical links decided by the pipeline, whichever plugin reports them: a third-party
plugin that returns :class:`~sitemap_core.Canonical` gets what the built-in HTML checks get."""

from __future__ import annotations

from pathlib import Path

from sitemap_core import (
    BuildContext,
    Canonical,
    PageRecord,
    Settings,
    build_sitemap,
    hookimpl,
    make_plugin_manager,
)
from tests.conftest import locs

BASE = "https://example.org/"


class FrontMatterCanonical:
    """Canonical URLs from front matter, as a generator that knows them would report them."""

    @hookimpl
    def sitemap_exclude(
        self, record: PageRecord, loc: str, context: BuildContext
    ) -> str | Canonical | None:
        url = record.front_matter.get("canonical")
        return None if url is None else Canonical(BASE + str(url))


def build(records: list[PageRecord], out: Path) -> dict[str, int]:
    pm = make_plugin_manager(load_entry_points=False)
    pm.register(FrontMatterCanonical())
    # The HTML checks off: the plugin alone reports the canonical links.
    report = build_sitemap(
        records, Settings(base_url=BASE, html_checks=False), out, plugin_manager=pm
    )
    return dict(report.excluded)


def test_a_plugins_canonical_link_is_decided_by_the_pipeline(tmp_path: Path) -> None:
    for name in ("orig.html", "copy.html", "form.html", "cross.html"):
        (tmp_path / name).write_text("<html><head></head><body></body></html>")
    (tmp_path / "unlisted").mkdir()
    (tmp_path / "unlisted" / "index.html").write_text("<html></html>")
    records = [
        PageRecord(
            "copy.html", output=tmp_path / "copy.html", front_matter={"canonical": "orig.html"}
        ),
        # Its own file in another form: listed in that form.
        PageRecord("form.html", output=tmp_path / "form.html", front_matter={"canonical": "form"}),
        # Another page of the site the generator did not list: listed instead.
        PageRecord(
            "cross.html", output=tmp_path / "cross.html", front_matter={"canonical": "unlisted/"}
        ),
        PageRecord("orig.html", output=tmp_path / "orig.html"),
    ]
    excluded = build(records, tmp_path)
    assert excluded == {"canonical elsewhere": 2}
    assert sorted(locs(tmp_path / "sitemap.xml")) == [
        BASE + "form",
        BASE + "orig.html",
        BASE + "unlisted/",
    ]
