"""Property tests: arbitrary records always give well-formed, schema-valid sitemaps whose
URLs parse back to exactly the set that was put in."""

from __future__ import annotations

import datetime as dt
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager
from sitemap_core._html import error_code
from sitemap_core._values import CHANGEFREQS, absolute_url
from tests.conftest import locs

BASE = "https://example.org/docs/"

segment = st.text(
    alphabet=st.characters(
        blacklist_categories=("Cs", "Cc"), blacklist_characters="#/", min_codepoint=32
    ),
    min_size=1,
    max_size=12,
).filter(lambda s: s not in (".", ".."))
paths = st.lists(segment, min_size=0, max_size=3).map("/".join)
dates = st.datetimes(
    min_value=dt.datetime(1995, 1, 1),
    max_value=dt.datetime(2030, 1, 1),
    timezones=st.sampled_from([dt.timezone.utc, dt.timezone(dt.timedelta(hours=-5, minutes=-30))]),
)
records = st.builds(
    PageRecord,
    url=paths,
    changefreq=st.none() | st.sampled_from(CHANGEFREQS),
    priority=st.none() | st.floats(min_value=0, max_value=1),
    dates=st.fixed_dictionaries({}, optional={"date": dates}),
    lang=st.sampled_from(["en", "de", "pt_BR"]),
    translation_key=st.none() | st.sampled_from(["a", "b"]),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(pages=st.lists(records, max_size=40), max_urls=st.integers(1, 50), gz=st.booleans())
def test_any_records_give_valid_sitemaps_with_exactly_their_urls(
    pages: list[PageRecord], max_urls: int, gz: bool, assert_valid: Callable[[Path], Any]
) -> None:
    out = Path(tempfile.mkdtemp())
    try:
        report = build_sitemap(
            pages,
            Settings(base_url=BASE, max_urls=max_urls, gzip=gz, robots=False),
            out,
            plugin_manager=make_plugin_manager(load_entry_points=False),
        )
        expected = set()
        for page in pages:
            if error_code(page.url) is not None:
                continue  # an error document by its name (400.HTM, de/404/): never listed
            try:
                expected.add(absolute_url(BASE, page.url))
            except ValueError:
                continue  # refused with a warning ("A:" reads as a URL scheme), not listed
        assert report.urls == len(expected)
        if not expected:
            assert not (out / "sitemap.xml").exists()
            return
        # In shard order: sitemap-2.xml before sitemap-10.xml.
        shards = sorted(out.glob("sitemap-*.xml"), key=lambda p: int(p.stem.split("-")[1]))
        files = shards or [out / "sitemap.xml"]
        found: list[str] = []
        for path in files:
            assert_valid(path)
            found.extend(locs(path))
            if gz:
                assert locs(path.with_name(path.name + ".gz")) == locs(path)
        assert found == sorted(expected)
        if len(files) > 1:
            assert_valid(out / "sitemap.xml")
    finally:
        shutil.rmtree(out)
