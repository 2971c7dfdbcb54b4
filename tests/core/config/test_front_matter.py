"""The one-pass ``front_matter_keys`` and its per-record memo give what the two-pass reading
gave."""

from __future__ import annotations

import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from sitemap_core import BuildContext, Diagnostics, PageRecord, Settings
from sitemap_core._config._front_matter import KEYS, front_matter_keys
from sitemap_core._context import record_front_matter_keys
from tests.conftest import (
    HANG_TIMEOUT,
    core_build,
    finishes,
)

_FALSE = {"false", "no", "off", "0", ""}


def reference(front_matter: Mapping[str, Any]) -> dict[str, tuple[str, Any]]:
    """The earlier two-pass implementation, kept as the specification."""
    found: dict[str, tuple[str, Any]] = {}
    if not front_matter:
        return found
    for key, value in front_matter.items():
        if not isinstance(key, str):
            continue
        low = key.lower()
        if low == "sitemap":
            if isinstance(value, Mapping):
                for sub, subvalue in value.items():
                    if isinstance(sub, str) and sub.lower() in KEYS:
                        found.setdefault(sub.lower(), (f"{key}.{sub}", subvalue))
            elif value is False or (isinstance(value, str) and value.lower() in _FALSE - {""}):
                found.setdefault("exclude", (key, True))
    for key, value in front_matter.items():
        if isinstance(key, str) and key.lower().startswith("sitemap_"):
            name = key.lower().removeprefix("sitemap_")
            if name in KEYS:
                found[name] = (key, value)
    return found


CASES: list[dict[Any, Any]] = [
    {},
    {"title": "T", "date": "2024-01-01", "tags": "a, b"},
    {"sitemap_changefreq": "daily", "Sitemap_Priority": "0.3", "sitemaps": 1, "sitemap_x": 2},
    {"sitemap": {"changefreq": "weekly", "LASTMOD": "2024-01-01", "other": 1, 3: 4}},
    {"sitemap": {"priority": 0.1}, "sitemap_priority": 0.9, "sitemap_changefreq": "daily"},
    {"sitemap_priority": 0.9, "sitemap": {"priority": 0.1, "exclude": True}},
    {"SITEMAP_LASTMOD": "a", "sitemap_lastmod": "b"},
    {"sitemap": False},
    {"sitemap": "no", "Sitemap": {"exclude": False}},
    {"sitemap": "", "sitemap_exclude": "yes"},
    {"sitemap": "yes", 7: "x", "sitemap_": 1},
    {"sitemapx": {"priority": 1}, "sİtemap_priority": 1, "SİTEMAP": False},
]


@pytest.mark.parametrize("front_matter", CASES)
def test_same_values_in_the_same_order(front_matter: dict[Any, Any]) -> None:
    got = front_matter_keys(front_matter)
    want = reference(front_matter)
    assert got == want
    assert list(got) == list(want)


def test_record_front_matter_keys_are_read_once_per_record() -> None:
    context = BuildContext(Settings("https://example.org/"), Diagnostics(), Settings(None).tzinfo())
    first = PageRecord(url="a/", front_matter={"sitemap_priority": "0.5"})
    same_content = PageRecord(url="a/", front_matter={"sitemap_priority": "0.5"})
    values = record_front_matter_keys(first, context)
    assert values == {"priority": ("sitemap_priority", "0.5")}
    assert record_front_matter_keys(first, context) is values
    # Another record (even an equal one) gets its own reading.
    assert record_front_matter_keys(same_content, context) is not values
    assert record_front_matter_keys(PageRecord(url="b/"), context) == {}


def test_yaml_anchor_bomb_in_front_matter_gives_a_short_message() -> None:
    """Nine levels of nine shared references: repr() would be billions of characters."""
    done = finishes(
        """
        import logging, resource, sys, tempfile
        from pathlib import Path
        limit = 1536 * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager
        bomb = ["lol"] * 9
        for _ in range(9):
            bomb = [bomb] * 9
        logging.basicConfig(level=logging.WARNING, stream=sys.stdout)
        with tempfile.TemporaryDirectory() as out:
            records = [PageRecord(url="a.html", front_matter={
                "sitemap_changefreq": bomb, "sitemap_priority": bomb, "sitemap_lastmod": bomb,
                "sitemap_exclude": bomb})]
            settings = Settings(base_url="https://example.org/", html_checks=False)
            build_sitemap(records, settings, Path(out),
                          plugin_manager=make_plugin_manager(load_entry_points=False))
        """
    )
    lines = [line for line in done.stdout.splitlines() if "a.html" in line]
    assert len(lines) >= 3, done.stdout
    assert all(len(line) < 400 for line in lines), lines


@pytest.mark.parametrize("value", [[1, 2], 0.8, "sometimes", {"exclude": True}, False, True])
def test_sitemap_key_that_is_no_mapping_is_reported(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, value: object
) -> None:
    out = tmp_path / "site"
    out.mkdir()
    report = core_build(
        [PageRecord(url="a.html", front_matter={"sitemap": value}), PageRecord(url="b.html")],
        out,
        html_checks=False,
    )
    warned = [r.getMessage() for r in caplog.records if "it is ignored" in r.getMessage()]
    if value in ([1, 2], 0.8, "sometimes"):
        assert len(warned) == 1 and "a.html" in warned[0] and "sitemap" in warned[0]
        assert report.urls == 2
    else:
        assert warned == []


def test_yaml_anchor_bomb_in_a_real_mkdocs_page(tmp_path: Path) -> None:
    """The reported case: MkDocs parses the anchors into shared lists; our warnings used to
    repr() them whole (2.2 GB). The build runs under a 1.5 GB address-space limit."""
    import os
    import resource

    from tests.conftest import MKDOCS

    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: T\nsite_url: https://docs.example.org/\nplugins:\n  - sitemap\n"
    )
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    lines += ["sitemap_changefreq: *a9", "sitemap_priority: *a9", "sitemap: *a9"]
    (tmp_path / "docs" / "index.md").write_text("---\n" + "\n".join(lines) + "\n---\n# Home\n")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))

    done = subprocess.run(
        [MKDOCS, "build"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        preexec_fn=limit,
        timeout=HANG_TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    warnings = [line for line in done.stderr.splitlines() if "index.md" in line]
    assert len(warnings) == 3 and all(len(line) < 400 for line in warnings), warnings
