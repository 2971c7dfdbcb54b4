"""The ``llms_markdown`` built-in plugin through the core: a page that cannot be read loses
its twin with a warning naming it, the others are written; with the option off, nothing."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from sitemap_core import PageRecord
from tests.conftest import core_build


def _records(site: Path) -> list[PageRecord]:
    (site / "a").mkdir(parents=True)
    (site / "a" / "index.html").write_text("<main><h1>A</h1></main>", encoding="utf-8")
    return [
        PageRecord(url="a/", output=site / "a" / "index.html", title="A"),
        PageRecord(url="b/", output=site / "b" / "index.html", title="B"),  # never built
    ]


def test_an_unreadable_page_is_named_and_the_build_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        core_build(_records(tmp_path), tmp_path, llms_markdown=True)
    assert (tmp_path / "a" / "index.html.md").read_text(encoding="utf-8").endswith("# A\n")
    assert not (tmp_path / "b").exists()
    assert any(
        "no Markdown twin" in r.getMessage() and "b/" in r.getMessage() for r in caplog.records
    )
    llms = (tmp_path / "llms.txt").read_text(encoding="utf-8")
    assert "(https://example.org/a/index.html.md)" in llms
    assert "(https://example.org/b/)" in llms  # no twin: its page is linked


def test_off_by_default(tmp_path: Path) -> None:
    core_build(_records(tmp_path), tmp_path, llms_txt=True)
    assert not list(tmp_path.rglob("*.md"))
