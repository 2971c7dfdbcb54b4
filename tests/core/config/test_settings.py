"""``Settings``: every option checked when it is made; per-kind rules from mappings."""

from __future__ import annotations

import pytest

from sitemap_core import ConfigError, Settings
from sitemap_core._config import Rule

BASE = "https://example.org/"


@pytest.mark.parametrize("name", ["a/sitemap.xml", "../sitemap.xml", "..", "", ".hidden", "a b"])
def test_output_filename_must_be_plain(name: str) -> None:
    with pytest.raises(ConfigError, match="filename"):
        Settings(base_url=BASE, filename=name)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"filename": "sitemap.xsl"}, "filename: 'sitemap.xsl' must end in .xml"),
        ({"filename": "sitemap.xsl", "xsl": True}, "filename: 'sitemap.xsl'"),
        ({"filename": "index.html"}, "filename: 'index.html' must end in .xml"),
        ({"filename": "sitemap"}, "filename: 'sitemap' must end in .xml"),
        ({"filename": "map.txt"}, r"filename: 'map.txt' must end in .xml \(format xml"),
        ({"filename": "map.xml", "format": "txt"}, "filename: 'map.xml' must end in .txt"),
        ({"filename": "map.xml.zip"}, "filename"),
        ({"index_filename": "map.txt"}, "index_filename: 'map.txt' must end in .xml"),
        ({"format": "txt", "filename": "k0123456.txt", "indexnow_key": "k0123456"}, "indexnow"),
    ],
)
def test_a_sitemap_name_has_the_formats_extension_and_clashes_with_nothing(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        Settings(base_url=BASE, **options)  # type: ignore[arg-type]


def test_a_gz_filename_means_only_the_gz_files() -> None:
    settings = Settings(base_url=BASE, filename="map.xml.gz")
    assert (settings.filename, settings.gzip, settings.gzip_only) == ("map.xml", True, True)
    text = Settings(base_url=BASE, format="txt", filename="urls.txt.gz")
    assert (text.filename, text.gzip_only) == ("urls.txt", True)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("max_urls", 0),
        ("max_urls", 50_001),
        ("max_bytes", 52_428_801),
        ("max_bytes", 100),
        ("max_urls", True),
    ],
)
def test_limits_are_bounded(field: str, value: int) -> None:
    with pytest.raises(ConfigError, match=field):
        Settings(base_url=BASE, **{field: value})  # type: ignore[arg-type]


def test_empty_base_url_means_no_sitemap_not_an_error() -> None:
    assert not Settings(base_url="").has_base_url
    assert not Settings(base_url=None).has_base_url


def test_other_settings_are_checked() -> None:
    with pytest.raises(ConfigError, match="timezone"):
        Settings(base_url=BASE, timezone="Mars/Olympus")
    with pytest.raises(ConfigError, match="lastmod_sources"):
        Settings(base_url=BASE, lastmod_sources=("front_matter", "build_time"))
    with pytest.raises(ConfigError, match="priority"):
        Settings(base_url=BASE, priority=2)
    with pytest.raises(ConfigError, match="changefreq"):
        Settings(base_url=BASE, changefreq="sometimes")
    assert Settings(base_url=BASE, max_bytes=52_428_800).max_bytes == 52_428_800


def test_rule_from_mapping() -> None:
    rule = Rule.from_mapping({"pattern": "blog/*", "changefreq": "Weekly", "priority": "0.6"})
    assert rule == Rule("blog/*", "weekly", 0.6)
    assert Rule.from_mapping({"pattern": "a"}) == Rule("a")
    for bad, message in [
        ("blog/*", "is not a mapping"),
        ({"changefreq": "daily"}, "needs a 'pattern'"),
        ({"pattern": 3}, "needs a 'pattern'"),
        ({"pattern": "a", "weight": 1}, "unknown: weight"),
        ({"pattern": "a", "priority": 2}, "priority"),
    ]:
        with pytest.raises(ConfigError, match=message):
            Rule.from_mapping(bad)
