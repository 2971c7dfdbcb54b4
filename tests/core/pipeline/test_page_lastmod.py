"""The lastmod each page is given (``_Run.lastmod`` in _pipeline/_pipeline.py)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from sitemap_core import PageRecord
from tests.conftest import core_build as build
from tests.conftest import lastmods

BASE = "https://example.org/"


def test_source_date_epoch_is_an_upper_bound_never_a_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    epoch = int(dt.datetime(2024, 2, 1, tzinfo=dt.timezone.utc).timestamp())
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(epoch))
    build(
        [
            PageRecord("old.html", dates={"date": "2024-01-01T00:00:00Z"}),
            PageRecord("new.html", dates={"date": "2025-01-01T00:00:00Z"}),
            PageRecord("none.html"),
        ],
        tmp_path,
    )
    got = lastmods(tmp_path / "sitemap.xml")
    assert got == {
        BASE + "new.html": "2024-02-01T00:00:00Z",
        BASE + "none.html": None,
        BASE + "old.html": "2024-01-01T00:00:00Z",
    }
