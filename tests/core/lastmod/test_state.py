"""The opt-in content-hash state file: lastmod moves only when the main content changes."""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path
from typing import Any

import pytest

from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager
from sitemap_core._lastmod._state import FORMAT, VERSION, content_hash
from tests.conftest import git_commit, git_init, lastmods

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

BASE = "https://example.org/"
PAGE = (
    "<html><head><title>{title}</title></head><body><nav>{nav}</nav>"
    "<article><h1>{title}</h1><p>{body}</p></article><footer>{footer}</footer></body></html>"
)


class Site:
    """A git repository of sources and an output folder of built pages."""

    def __init__(self, root: Path) -> None:
        self.repo = root / "repo"
        self.out = root / "out"
        self.state = root / "state" / "sitemap-state.json"
        git_init(self.repo)
        self.out.mkdir()

    def commit(self, sources: dict[str, str], date: str) -> None:
        git_commit(self.repo, sources, date)

    def render(self, name: str, body: str, footer: str = "2024", nav: str = "a b") -> None:
        html = PAGE.format(title=name, body=body, footer=footer, nav=nav)
        (self.out / f"{name}.html").write_text(html)

    def records(self, **front: Any) -> list[PageRecord]:
        return [
            PageRecord(
                f"{name}.html",
                self.repo / f"{name}.md",
                self.out / f"{name}.html",
                front_matter=front.get(name, {}),
            )
            for name in ("a", "b")
        ]

    def build(self, records: list[PageRecord] | None = None, **settings: Any) -> dict[str, Any]:
        settings.setdefault("state_file", self.state)
        report = build_sitemap(
            self.records() if records is None else records,
            Settings(BASE, robots=False, html_checks=False, **settings),
            self.out,
            logger=logging.getLogger("test.state"),
            plugin_manager=make_plugin_manager(load_entry_points=False),
        )
        assert not report.failed
        return lastmods(self.out / "sitemap.xml")


@pytest.fixture
def site(tmp_path: Path) -> Site:
    site = Site(tmp_path)
    site.commit({"a.md": "a", "b.md": "b"}, "2024-01-01T00:00:00Z")
    site.render("a", "alpha")
    site.render("b", "beta")
    return site


def test_unchanged_content_keeps_its_date_and_changed_content_moves(site: Site) -> None:
    jan, feb = "2024-01-01T00:00:00Z", "2024-02-01T00:00:00Z"
    assert site.build() == {BASE + "a.html": jan, BASE + "b.html": jan}
    data = json.loads(site.state.read_text())
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert set(data["pages"]) == {"a.html", "b.html"}
    # Both sources committed again (a front-matter tweak, a typo fix); a's page body is the
    # same, b's changed; the footer and nav (the template) changed on both.
    site.commit({"a.md": "a ", "b.md": "b!"}, "2024-02-01T00:00:00Z")
    site.render("a", "alpha", footer="2025", nav="a b c")
    site.render("b", "beta!", footer="2025", nav="a b c")
    assert site.build() == {BASE + "a.html": jan, BASE + "b.html": feb}
    # Without the state file git's dates come through unchanged.
    assert site.build(state_file=None)[BASE + "a.html"] == "2024-02-01T00:00:00Z"


def test_explicit_front_matter_date_wins_over_the_state(site: Site) -> None:
    site.build()
    site.commit({"a.md": "a2"}, "2024-02-01T00:00:00Z")
    records = site.records(a={"sitemap_lastmod": "2024-03-03"})
    assert site.build(records)[BASE + "a.html"] == "2024-03-03"
    records = site.records()
    # The remembered date is now the explicit one: the content did not change since.
    assert site.build(records)[BASE + "a.html"] == "2024-03-03"


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        '["a list"]',
        '{"format": "something-else", "version": 1, "pages": {}}',
        '{"format": "ssg-sitemap-state", "version": 99, "pages": {}}',
        '{"format": "ssg-sitemap-state", "version": 1, "pages": []}',
    ],
)
def test_corrupt_or_foreign_state_is_ignored_and_rewritten(
    site: Site, content: str, caplog: pytest.LogCaptureFixture
) -> None:
    site.state.parent.mkdir(parents=True)
    site.state.write_text(content)
    with caplog.at_level(logging.WARNING, "test.state"):
        got = site.build()
    assert got[BASE + "a.html"] == "2024-01-01T00:00:00Z"
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and str(site.state) in warnings[0] and "state_file" in warnings[0]
    assert json.loads(site.state.read_text())["format"] == FORMAT
    assert [p.name for p in site.state.parent.iterdir()] == [site.state.name]  # no temp file


def test_a_build_with_no_pages_keeps_the_old_state(site: Site) -> None:
    site.build()
    before = site.state.read_text()
    build_sitemap(
        [],
        Settings(BASE, robots=False, state_file=site.state),
        site.out,
        plugin_manager=make_plugin_manager(load_entry_points=False),
    )
    assert site.state.read_text() == before


def test_content_hash_reads_the_main_content(tmp_path: Path) -> None:
    def page(body: str, footer: str, script: str = "") -> Path:
        path = tmp_path / f"{len(list(tmp_path.iterdir()))}.html"
        path.write_text(
            f"<html><body><header>h</header><div role='main'>{body}<script>{script}</script>"
            f"<!-- built {footer} --></div><footer>{footer}</footer></body></html>"
        )
        return path

    same = content_hash(page("<p>x  y</p>", "1")), content_hash(page("<p>x\ny</p>", "2", "t=2"))
    assert same[0] == same[1]
    assert content_hash(page("<p>x z</p>", "1")) != same[0]
    pdf = tmp_path / "doc.pdf"
    pdf.write_bytes(b"%PDF-1.4 binary")
    assert content_hash(pdf) is not None
    assert content_hash(tmp_path / "missing.html") is None
