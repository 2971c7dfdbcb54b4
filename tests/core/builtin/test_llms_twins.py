"""The ``llms_markdown`` built-in plugin through the core: a page that cannot be read loses
its twin with a warning naming it, the others are written; with the option off, nothing."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import pytest

from sitemap_core import PageRecord
from sitemap_core._llms._markdown import _converter
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


def _long_records(tmp_path: Path) -> list[PageRecord]:
    records = []
    for section in ("guide", "api"):
        for n in range(3):
            page = tmp_path / section / f"p{n}" / "index.html"
            page.parent.mkdir(parents=True)
            page.write_text(f"<main><h1>{section} {n}</h1><p>{'word ' * 400}</p></main>")
            records.append(
                PageRecord(url=f"{section}/p{n}/", output=page, title=f"P{n}", section=section)
            )
    return records


def test_llms_full_txt_is_one_file_of_every_page_however_long(tmp_path: Path) -> None:
    # What agents fetch: the whole text at the root, no links to section files and no folder
    # the site does not have, even when llms.txt itself is split.
    report = core_build(_long_records(tmp_path), tmp_path, llms_full=True, llms_budget=1_000)
    assert [f.name for f in report.llms if f.name.endswith("llms-full.txt")] == ["llms-full.txt"]
    full = (tmp_path / "llms-full.txt").read_text(encoding="utf-8")
    assert all(f"# {s} {n}" in full for s in ("guide", "api") for n in range(3))
    assert not list(tmp_path.rglob("*/llms-full.txt"))


def test_llms_full_txt_s_long_sections_are_no_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # A section of llms-full.txt is as long as its pages' text; llms.txt's budget warning is
    # said of llms.txt alone (a --strict build stays green).
    records = _long_records(tmp_path)
    with caplog.at_level(logging.WARNING):
        report = core_build(
            records, tmp_path, llms_full=True, llms_full_split=True, llms_budget=1_000
        )
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    names = [file.name for file in report.llms]
    assert "guide/llms-full.txt" in names and "api/llms-full.txt" in names
    assert len((tmp_path / "guide" / "llms-full.txt").read_text(encoding="utf-8")) > 1_000


def test_without_the_converter_no_llms_full_txt_of_headings_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "markdownify", None)
    _converter.cache_clear()
    try:
        core_build(_records(tmp_path), tmp_path, llms_full=True)
    finally:
        _converter.cache_clear()
    assert not (tmp_path / "llms-full.txt").exists()
    (error,) = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
    assert "ssg-sitemap[llms]" in error and "no llms-full.txt is written" in error
    assert (tmp_path / "llms.txt").is_file()
