"""SitemapNames: one answer to every file-name question of a build."""

from __future__ import annotations

from sitemap_core import Settings


def test_names_of_an_xml_sitemap() -> None:
    names = Settings(base_url=None, filename="sitemap.xml", gzip=True, gzip_only=True).names
    assert (names.stem, names.ext, names.gz) == ("sitemap", ".xml", ".gz")
    assert names.shard(2) == "sitemap-2.xml"
    assert names.index == "sitemap.xml"
    assert names.cross_index == "sitemap_index.xml"
    assert names.entry({"sitemap.xml.gz"}) == "sitemap.xml.gz"
    assert names.owned.match("sitemap-12.xml.gz") and names.owned.match("sitemap-blog-2.xml")
    assert not names.owned.match("sitemap-.xml") and not names.owned.match("sitemaps.xml")


def test_text_shards_take_an_xml_index_and_robots_knows_both_formats() -> None:
    names = Settings(base_url=None, filename="sitemap.txt", format="txt").names
    assert names.index == "sitemap.xml" and names.shard(1) == "sitemap-1.txt"
    assert names.entry({"sitemap-1.txt", "sitemap-2.txt", "sitemap.xml"}) == "sitemap.xml"
    assert {"sitemap.txt", "sitemap.xml.gz", "sitemap_index.xml"} <= names.robots


def test_a_dotted_name_keeps_one_stem_for_every_index() -> None:
    names = Settings(base_url=None, filename="docs.sitemap.xml").names
    # one meaning of "stem" for the shard index and the cross-build index alike
    assert names.stem == "docs.sitemap"
    assert names.cross_index == "docs.sitemap_index.xml"


def test_output_path_is_a_relative_folder_under_the_base_url() -> None:
    import pytest

    from sitemap_core import ConfigError

    settings = Settings(base_url="https://e.org/", output_path="ja/1.0/")
    assert settings.output_url == "https://e.org/ja/1.0/"
    for bad in ("ja", "/ja/", "../", "a//", "https://x/"):
        with pytest.raises(ConfigError, match="output_path"):
            Settings(base_url="https://e.org/", output_path=bad)
