"""The note when most of a site's pages share one lastmod (build/_lastmod_spread.py)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from sitemap_core import PageRecord
from tests.conftest import core_build as build


def test_a_note_when_most_pages_share_one_lastmod(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    same = [PageRecord(f"p{i}.html", dates={"date": "2024-01-01"}) for i in range(25)]
    build(same, tmp_path)
    assert "100% of the 25 pages have the same lastmod (2024-01-01)" in caplog.text
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    caplog.clear()
    mixed = same[:18] + [
        PageRecord(f"q{i}.html", dates={"date": f"2024-02-{i + 1:02d}"}) for i in range(7)
    ]
    build(mixed, tmp_path)
    assert "same lastmod" not in caplog.text
