"""Field values users give: priority, changefreq, hreflang language tags, x-default."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core import PageRecord
from sitemap_core._values import (
    format_priority,
    is_language_tag,
    parse_changefreq,
    parse_priority,
)
from tests.conftest import (
    build_cli,
    core_build,
)


@pytest.mark.parametrize("value", [1.5, -1, "high", True, float("nan"), "1.01", [0.5]])
def test_bad_priority(value: object) -> None:
    with pytest.raises(ValueError):
        parse_priority(value)


@pytest.mark.parametrize(
    ("value", "text"), [(0, "0.0"), (1, "1.0"), ("0.8", "0.8"), (0.85, "0.85"), (" 0.5 ", "0.5")]
)
def test_good_priority(value: object, text: str) -> None:
    parsed = parse_priority(value)
    assert parsed is not None and format_priority(parsed) == text


def test_changefreq() -> None:
    assert parse_changefreq("Weekly ") == "weekly"
    assert parse_changefreq(None) is None
    with pytest.raises(ValueError, match="sometimes"):
        parse_changefreq("sometimes")


@pytest.mark.parametrize("tag", ["en", "pt-BR", "zh-Hant-TW", "de-CH-1996", "yue"])
def test_language_tags(tag: str) -> None:
    assert is_language_tag(tag) and is_language_tag(tag, x_default=True)


@pytest.mark.parametrize("tag", ["", "e", "english", "en_US", "en-", "-en", "en\n", "en--US"])
def test_not_language_tags(tag: str) -> None:
    assert not is_language_tag(tag, x_default=True)


def test_x_default_only_where_asked() -> None:
    assert is_language_tag("x-default", x_default=True)
    assert not is_language_tag("x-default")


def test_huge_priority_is_a_clear_error(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    out = tmp_path / "site"
    out.mkdir()
    records = [
        PageRecord(url="a.html", front_matter={"sitemap_priority": 10**400}),
        PageRecord(url="b.html", front_matter={"sitemap_priority": "9" * 300}),
    ]
    report = core_build(records, out, html_checks=False)
    assert report.urls == 2
    warnings = [r.getMessage() for r in caplog.records if "priority" in r.getMessage()]
    assert len(warnings) == 2 and all(len(w) < 300 for w in warnings), warnings
    done = build_cli(str(out), "--base-url", "https://example.org/", "--priority", "1" * 300)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "1" * 100 not in done.stderr
