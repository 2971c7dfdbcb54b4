"""Extension points: an isolated manager for tests, and a real third-party plugin."""

from __future__ import annotations

import dataclasses
import datetime as dt
import textwrap
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from sitemap_core import (
    BuildContext,
    BuildReport,
    Entry,
    Lastmod,
    PageRecord,
    Settings,
    build_sitemap,
    hookimpl,
    make_plugin_manager,
)
from tests.conftest import lastmods, locs, pip_install_into

BASE = "https://example.org/"


class Recorder:
    """A plugin using every hook."""

    def __init__(self) -> None:
        self.report: BuildReport | None = None
        self.prepared: list[Path] = []
        self.prepared_records: list[str] = []

    @hookimpl
    def sitemap_extra_pages(self, context: BuildContext) -> list[PageRecord]:
        return [PageRecord("extra.html")]

    @hookimpl
    def sitemap_prepare(
        self, sources: list[Path], context: BuildContext, records: list[PageRecord]
    ) -> None:
        self.prepared = list(sources)
        self.prepared_records = [record.url for record in records]

    @hookimpl
    def sitemap_exclude(self, record: PageRecord, loc: str, context: BuildContext) -> str | None:
        return "secret" if "secret" in loc else None

    @hookimpl
    def sitemap_lastmod(self, record: PageRecord, context: BuildContext) -> Lastmod | None:
        if record.url == "a.html":
            return Lastmod(dt.datetime(2021, 3, 4, 5, 6, 7, tzinfo=dt.timezone.utc))
        return None

    @hookimpl
    def sitemap_transform(self, entry: Entry, context: BuildContext) -> Entry | None:
        return dataclasses.replace(entry, changefreq="daily")

    @hookimpl
    def sitemap_written(self, report: BuildReport, context: BuildContext) -> None:
        self.report = report


def test_every_hook_is_called(tmp_path: Path) -> None:
    pm = make_plugin_manager(load_entry_points=False)
    plugin = Recorder()
    pm.register(plugin)
    records = [PageRecord("a.html", source=tmp_path / "a.md"), PageRecord("secret.html")]
    report = build_sitemap(records, Settings(base_url=BASE), tmp_path, plugin_manager=pm)
    assert locs(tmp_path / "sitemap.xml") == [BASE + "a.html", BASE + "extra.html"]
    assert report.excluded["secret"] == 1
    assert plugin.report is report
    assert plugin.prepared == [tmp_path / "a.md"]
    assert plugin.prepared_records == ["a.html", "secret.html"]
    # The hook's answer is the page's lastmod; a page it has no answer for has none.
    assert lastmods(tmp_path / "sitemap.xml") == {
        BASE + "a.html": "2021-03-04T05:06:07Z",
        BASE + "extra.html": None,
    }
    assert (tmp_path / "sitemap.xml").read_text().count("<changefreq>daily</changefreq>") == 2


class Wrappers:
    """New-style wrappers on every hook, as pluggy documents them."""

    def __init__(self) -> None:
        self.called: list[str] = []

    @hookimpl(wrapper=True)
    def sitemap_extra_pages(self, context: BuildContext) -> Generator[None, Any, Any]:
        self.called.append("extra_pages")
        return (yield)

    @hookimpl(wrapper=True)
    def sitemap_prepare(
        self, sources: list[Path], context: BuildContext, records: list[PageRecord]
    ) -> Generator[None, Any, Any]:
        self.called.append("prepare")
        return (yield)

    @hookimpl(wrapper=True)
    def sitemap_exclude(
        self, record: PageRecord, loc: str, context: BuildContext
    ) -> Generator[None, Any, Any]:
        reason = yield
        return "wrapped out" if loc.endswith("b.html") else reason

    @hookimpl(wrapper=True)
    def sitemap_lastmod(
        self, record: PageRecord, context: BuildContext
    ) -> Generator[None, Any, Any]:
        found = yield
        if found is None and record.url == "extra.html":
            return Lastmod(dt.datetime(2022, 1, 2, tzinfo=dt.timezone.utc), date_only=True)
        return found

    @hookimpl(wrapper=True)
    def sitemap_transform(self, entry: Entry, context: BuildContext) -> Generator[None, Any, Any]:
        results = yield  # pluggy's list: the chain's last entry
        return [dataclasses.replace(result, priority=0.3) for result in results]

    @hookimpl(wrapper=True)
    def sitemap_written(
        self, report: BuildReport, context: BuildContext
    ) -> Generator[None, Any, Any]:
        self.called.append("written")
        return (yield)


def test_wrappers_work_on_every_hook(tmp_path: Path) -> None:
    pm = make_plugin_manager(load_entry_points=False)
    recorder, wrappers = Recorder(), Wrappers()
    pm.register(recorder)
    pm.register(wrappers)
    records = [PageRecord("a.html"), PageRecord("b.html"), PageRecord("secret.html")]
    report = build_sitemap(records, Settings(base_url=BASE), tmp_path, plugin_manager=pm)
    text = (tmp_path / "sitemap.xml").read_text()
    assert locs(tmp_path / "sitemap.xml") == [BASE + "a.html", BASE + "extra.html"]
    assert report.excluded == {"secret": 1, "wrapped out": 1}
    assert lastmods(tmp_path / "sitemap.xml") == {
        BASE + "a.html": "2021-03-04T05:06:07Z",
        BASE + "extra.html": "2022-01-02",
    }
    # The plain transform ran inside the wrapper: both its change and the wrapper's are there.
    assert text.count("<changefreq>daily</changefreq>") == 2
    assert text.count("<priority>0.3</priority>") == 2
    assert wrappers.called == ["extra_pages", "prepare", "written"]
    assert recorder.report is report


def test_monitored_hook_calls_see_every_record(tmp_path: Path) -> None:
    """``add_hookcall_monitoring`` sees the per-record calls too (no fast path around it)."""
    pm = make_plugin_manager(load_entry_points=False)
    pm.register(Recorder())
    calls: list[str] = []
    pm.add_hookcall_monitoring(lambda name, impls, kwargs: calls.append(name), lambda *_: None)
    records = [PageRecord("a.html"), PageRecord("b.html")]
    build_sitemap(records, Settings(base_url=BASE), tmp_path, plugin_manager=pm)
    assert calls.count("sitemap_exclude") == 3  # a, b and the extra page
    assert calls.count("sitemap_lastmod") == 3
    assert calls.count("sitemap_transform") >= 3


def test_isolated_manager_has_only_builtins() -> None:
    names = {name for name, _ in make_plugin_manager(load_entry_points=False).list_name_plugin()}
    assert names and all(name.startswith("sitemap_core.") for name in names)


@pytest.fixture(scope="module")
def third_party(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A throwaway distribution, built and installed with pip into a target folder."""
    src = tmp_path_factory.mktemp("plugin-src")
    (src / "pyproject.toml").write_text(
        textwrap.dedent("""
        [build-system]
        requires = ["hatchling"]
        build-backend = "hatchling.build"
        [project]
        name = "sitemap-tagline"
        version = "1.0"
        [project.entry-points.sitemap_core]
        tagline = "sitemap_tagline"
        [tool.hatch.build.targets.wheel]
        packages = ["sitemap_tagline"]
    """)
    )
    pkg = src / "sitemap_tagline"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        textwrap.dedent("""
        from sitemap_core import PageRecord, hookimpl

        @hookimpl
        def sitemap_extra_pages(context):
            return [PageRecord("from-entry-point.html")]

        @hookimpl
        def sitemap_exclude(record, loc, context):
            return "tagline says no" if loc.endswith("hidden.html") else None
    """)
    )
    target = tmp_path_factory.mktemp("site-packages")
    pip_install_into(target, src)
    return target


def test_entry_point_plugin_changes_the_output(
    third_party: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = [PageRecord("a.html"), PageRecord("hidden.html")]
    build_sitemap(
        records,
        Settings(base_url=BASE),
        tmp_path,
        plugin_manager=make_plugin_manager(load_entry_points=True),
    )
    assert locs(tmp_path / "sitemap.xml") == [BASE + "a.html", BASE + "hidden.html"]

    monkeypatch.syspath_prepend(str(third_party))
    report = build_sitemap(records, Settings(base_url=BASE), tmp_path)
    assert locs(tmp_path / "sitemap.xml") == [BASE + "a.html", BASE + "from-entry-point.html"]
    assert report.excluded == {"tagline says no": 1}


class _Watcher:
    """A third-party plugin that only looks: each per-record hook notes the URL it saw."""

    def __init__(self) -> None:
        self.seen: dict[str, list[str]] = {"exclude": [], "lastmod": [], "transform": []}

    @hookimpl(tryfirst=True)  # before the built-in rules, which may answer first
    def sitemap_exclude(self, record: PageRecord, loc: str, context: BuildContext) -> None:
        self.seen["exclude"].append(record.url)

    @hookimpl
    def sitemap_lastmod(self, record: PageRecord, context: BuildContext) -> None:
        self.seen["lastmod"].append(record.url)

    @hookimpl
    def sitemap_transform(self, entry: Entry, context: BuildContext) -> None:
        self.seen["transform"].append(entry.record.url)


def test_builtins_called_directly_judge_alike_and_a_plugin_still_sees_every_record(
    tmp_path: Path,
) -> None:
    """Per-record hooks only built-ins implement are plain calls; the built-ins' verdicts are
    the same without a third-party plugin as beside one, and the plugin sees every record."""
    (tmp_path / "404.html").write_text("<html><head><title>x</title></head><body>")
    (tmp_path / "moved.html").write_text(
        '<html><head><meta name="robots" content="noindex"></head><body>'
    )
    records = [
        PageRecord("a.html"),
        PageRecord("404.html", output=tmp_path / "404.html"),
        PageRecord("moved.html", output=tmp_path / "moved.html"),
        PageRecord("draft.html", front_matter={"sitemap_exclude": True}),
        PageRecord("b.html"),
    ]
    settings = Settings(base_url=BASE, exclude=("b.html",))
    reports = []
    for plugin in (None, _Watcher()):
        out = tmp_path / ("alone" if plugin is None else "beside")
        out.mkdir()
        pm = make_plugin_manager(load_entry_points=False)
        if plugin is not None:
            pm.register(plugin)
        reports.append(build_sitemap(records, settings, out, plugin_manager=pm))
        assert locs(out / "sitemap.xml") == [BASE + "a.html"]
    alone, beside = reports
    assert dict(alone.excluded) == dict(beside.excluded)
    assert set(alone.excluded) == {
        "404 page",
        "noindex",
        "front matter",
        "exclude pattern",
    }, alone.excluded
    assert plugin is not None
    assert plugin.seen["exclude"] == [r.url for r in records]
    assert plugin.seen["lastmod"] == ["a.html"]
    assert plugin.seen["transform"] == ["a.html"]
