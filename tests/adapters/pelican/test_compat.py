"""The Pelican adapter as a drop-in for pelican-sitemap 1.2.2: its test suite's expectations,
its settings, and what happens on bad settings, an empty SITEURL, or both plugins installed."""

from __future__ import annotations

import datetime as dt
import gzip
import logging
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

pytest.importorskip("pelican")

pytestmark = pytest.mark.slow

NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}
LOGGER = "pelican.plugins.sitemap"

# pelican-sitemap's own test data (pelican/plugins/sitemap/test_data).
ARTICLE1 = """Title: Test post
Date: 2023-07-12 13:00:00
Category: test
Tags: foo, bar, foobar
Summary: Testing is my main function in life.

This is the article content.
"""
ARTICLE2 = """Title: Test post daily
Date: 2023-07-12 13:00:00
Category: test
Tags: foo, bar, foobar
Summary: Daily testing is my main function in life.
ChangeFreq: daily
Priority: 0.3

This is the article content.
"""


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pelican-sitemap-data")
    (folder / "article1.md").write_text(ARTICLE1)
    (folder / "article2.md").write_text(ARTICLE2)
    return folder


def run(
    content: Path, output: Path, caplog: pytest.LogCaptureFixture, **overrides: Any
) -> list[logging.LogRecord]:
    """Build like pelican-sitemap's test suite does; return what the plugin logged."""
    from pelican import Pelican
    from pelican.settings import read_settings

    settings = {
        "PATH": str(content),
        "CACHE_CONTENT": False,
        "SITEURL": "http://localhost",
        "OUTPUT_PATH": str(output),
        "PLUGINS": ["sitemap"],
        "TIMEZONE": "UTC",
        **overrides,
    }
    caplog.clear()
    with caplog.at_level(logging.DEBUG, logger=LOGGER):
        Pelican(read_settings(override=settings)).run()
    return [r for r in caplog.records if r.name.startswith(LOGGER)]


def problems(records: list[logging.LogRecord]) -> list[str]:
    """Warnings and errors, but the one every build here gets for its SITEURL (localhost)."""
    return [
        r.getMessage()
        for r in records
        if r.levelno >= logging.WARNING and "is a local address" not in r.getMessage()
    ]


def test_txt_matches_pelican_sitemap(
    content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    run(content, tmp_path, caplog, SITEMAP={"format": "txt"})
    expected = """\
http://localhost/
http://localhost/archives.html
http://localhost/authors.html
http://localhost/categories.html
http://localhost/category/test.html
http://localhost/tag/bar.html
http://localhost/tag/foo.html
http://localhost/tag/foobar.html
http://localhost/tags.html
http://localhost/test-post-daily.html
http://localhost/test-post.html
"""
    assert (tmp_path / "sitemap.txt").read_text() == expected


def test_xml_blocks_match_pelican_sitemap(
    content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture, xsd_dir: Path
) -> None:
    records = run(content, tmp_path, caplog, SITEMAP={"format": "xml"})
    assert problems(records) == []
    tree = etree.parse(str(tmp_path / "sitemap.xml"))
    etree.XMLSchema(etree.parse(str(xsd_dir / "sitemap.xsd"))).assertValid(tree)
    blocks: dict[str, dict[str, str]] = {}
    for url in tree.findall("sm:url", NS):
        blocks[url.findtext("sm:loc", namespaces=NS) or ""] = {
            str(child.tag).split("}")[1]: child.text or "" for child in url
        }
    when = dt.datetime(2023, 7, 12, 13, tzinfo=dt.timezone.utc)

    def check(loc: str, changefreq: str, priority: str) -> None:
        block = blocks[loc]
        assert list(block) == ["loc", "lastmod", "changefreq", "priority"]
        # pelican-sitemap writes the zero offset as "+00:00", not "Z".
        assert block["lastmod"] == "2023-07-12T13:00:00+00:00"
        assert dt.datetime.fromisoformat(block["lastmod"]) == when
        assert block["changefreq"] == changefreq
        assert block["priority"] == priority

    check("http://localhost/test-post.html", "monthly", "0.5")
    check("http://localhost/test-post-daily.html", "daily", "0.3")
    # Index pages: pelican-sitemap's defaults, and the newest article's date (not "now").
    check("http://localhost/tag/foo.html", "daily", "0.5")
    check("http://localhost/", "daily", "0.5")


# pelican-sitemap 1.2.2's test data adds a page and a translated article to the two above.
SUITE_FILES = {
    "pages/about-us.md": "Title: About us\n\nAbout us.\n",
    "translated-post.md": (
        "Title: Translated post\nDate: 2023-07-12 13:00:00\nCategory: test\n"
        "Slug: translated-post\nLang: en\n\nIn English.\n"
    ),
    "translated-post-fr.md": (
        "Title: Article traduit\nDate: 2023-07-12 13:00:00\nCategory: test\n"
        "Slug: translated-post\nLang: fr\n\nEn français.\n"
    ),
}
CUSTOM_ARTICLE_URL = {"ARTICLE_URL": "blog/{slug}/", "ARTICLE_SAVE_AS": "{slug}/index.html"}


@pytest.fixture(scope="module")
def suite_content(content: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pelican-sitemap-suite")
    for name in ("article1.md", "article2.md"):
        (folder / name).write_text((content / name).read_text())
    for name, text in SUITE_FILES.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


# pelican-sitemap 1.2.2's six tests (test_sitemap.py), with their exact expectations.
def test_suite_txt(suite_content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    run(suite_content, tmp_path, caplog, SITEMAP={"format": "txt"})
    assert (tmp_path / "sitemap.txt").read_text() == (
        "".join(
            f"http://localhost/{path}\n"
            for path in [
                "",
                "archives.html",
                "authors.html",
                "categories.html",
                "category/test.html",
                "pages/about-us.html",
                "tag/bar.html",
                "tag/foo.html",
                "tag/foobar.html",
                "tags.html",
                "test-post-daily.html",
                "test-post.html",
                "translated-post-fr.html",
                "translated-post.html",
            ]
        )
    )


def test_suite_xml(suite_content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    run(suite_content, tmp_path, caplog, SITEMAP={"format": "xml"})
    contents = (tmp_path / "sitemap.xml").read_text()
    for slug, changefreq, priority in (
        ("test-post", "monthly", "0.5"),
        ("test-post-daily", "daily", "0.3"),
    ):
        assert (
            f"<url>\n<loc>http://localhost/{slug}.html</loc>\n"
            "<lastmod>2023-07-12T13:00:00+00:00</lastmod>\n"
            f"<changefreq>{changefreq}</changefreq>\n<priority>{priority}</priority>\n</url>\n"
        ) in contents


def test_suite_custom_article_url(
    suite_content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    run(suite_content, tmp_path, caplog, SITEMAP={"format": "txt"}, **CUSTOM_ARTICLE_URL)
    contents = (tmp_path / "sitemap.txt").read_text()
    assert "http://localhost/blog/test-post/" in contents
    assert "http://localhost/blog/test-post-daily/" in contents
    assert "http://localhost/test-post/" not in contents
    assert "http://localhost/test-post-daily/" not in contents


def test_suite_translations(
    suite_content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    run(suite_content, tmp_path, caplog, SITEMAP={"format": "xml"})
    contents = (tmp_path / "sitemap.xml").read_text()
    assert '<xhtml:link rel="alternate"' in contents
    assert 'hreflang="en"' in contents and 'hreflang="fr"' in contents
    assert "http://localhost/translated-post.html" in contents
    assert "http://localhost/translated-post-fr.html" in contents


def test_suite_translations_with_custom_article_url(
    suite_content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    run(suite_content, tmp_path, caplog, SITEMAP={"format": "xml"}, **CUSTOM_ARTICLE_URL)
    contents = (tmp_path / "sitemap.xml").read_text()
    assert 'ref="http://localhost/blog/translated-post/"' in contents
    assert "translated-post-fr" in contents


def test_suite_custom_page_url(
    suite_content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    run(
        suite_content,
        tmp_path,
        caplog,
        SITEMAP={"format": "txt"},
        PAGE_URL="pages/{slug}/",
        PAGE_SAVE_AS="p/{slug}/index.html",
    )
    contents = (tmp_path / "sitemap.txt").read_text()
    assert "http://localhost/pages/about-us/" in contents
    assert "http://localhost/p/about-us/" not in contents


def test_pelican_sitemap_settings_are_honoured(
    content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    run(
        content,
        tmp_path,
        caplog,
        SITEMAP={
            "format": "xml",
            "priorities": {"articles": 0.7, "indexes": 0.2, "pages": 0.4},
            "changefreqs": {"articles": "yearly", "indexes": "weekly", "pages": "never"},
            "exclude": ["^/tag/", r"\.json$", "archives"],
        },
    )
    tree = etree.parse(str(tmp_path / "sitemap.xml"))
    fields = {
        url.findtext("sm:loc", namespaces=NS) or "": (
            url.findtext("sm:changefreq", namespaces=NS),
            url.findtext("sm:priority", namespaces=NS),
        )
        for url in tree.findall("sm:url", NS)
    }
    assert fields["http://localhost/test-post.html"] == ("yearly", "0.7")
    assert fields["http://localhost/test-post-daily.html"] == ("daily", "0.3")  # metadata wins
    assert fields["http://localhost/categories.html"] == ("weekly", "0.2")
    assert not [loc for loc in fields if "/tag/" in loc or "archives" in loc]


def test_a_rebuild_without_siteurl_takes_the_sitemap_away(
    content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    run(content, tmp_path, caplog)
    assert (tmp_path / "sitemap.xml").exists()
    records = run(content, tmp_path, caplog, SITEURL="")
    said = [r.getMessage() for r in records if "no sitemap written" in r.getMessage()]
    assert len(said) == 1 and "the previous build's sitemap.xml removed" in said[0], said
    assert not (tmp_path / "sitemap.xml").exists()


def test_a_section_named_index_is_a_setting_error(
    content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    records = run(content, tmp_path, caplog, SITEMAP={"sections": {"*": "index"}})
    messages = problems(records)
    assert len(messages) == 1, messages
    assert "SITEMAP['sections']: *: 'index' is not a section name" in messages[0]
    assert not (tmp_path / "sitemap-index.xml").exists()


def test_invalid_settings_are_reported_once_and_replaced(
    content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    records = run(
        content,
        tmp_path,
        caplog,
        SITEMAP={
            "format": "html",
            "priorities": {"articles": "high", "posts": 0.5},
            "changefreqs": {"indexes": "sometimes"},
            "exclude": ["(unclosed"],
            "max_urls": 0,
            "gzip": "yes",
            "colour": "blue",
        },
    )
    messages = problems(records)
    for needle in (
        "SITEMAP['format']: 'html'",
        "SITEMAP['priorities']['articles']: 'high'",
        "SITEMAP['priorities']['posts']",
        "SITEMAP['changefreqs']['indexes']: 'sometimes'",
        "SITEMAP['exclude']: '(unclosed'",
        "SITEMAP['max_urls']: 0",
        "SITEMAP['gzip']: 'yes'",
        "SITEMAP['colour']",
    ):
        assert len([m for m in messages if needle in m]) == 1, (needle, messages)
    assert len(messages) == 8
    tree = etree.parse(str(tmp_path / "sitemap.xml"))  # format fell back to xml
    article = next(
        url
        for url in tree.findall("sm:url", NS)
        if url.findtext("sm:loc", namespaces=NS) == "http://localhost/test-post.html"
    )
    assert article.findtext("sm:priority", namespaces=NS) == "0.5"
    index = next(
        url
        for url in tree.findall("sm:url", NS)
        if url.findtext("sm:loc", namespaces=NS) == "http://localhost/"
    )
    assert index.findtext("sm:changefreq", namespaces=NS) == "daily"
    assert not (tmp_path / "sitemap.xml.gz").exists()


@pytest.mark.parametrize("siteurl", ["", "/blog", "localhost"])
def test_no_absolute_siteurl_means_one_message_and_no_sitemap(
    content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture, siteurl: str
) -> None:
    records = run(content, tmp_path, caplog, SITEURL=siteurl, RELATIVE_URLS=True)
    # An empty SITEURL is the development default: info, so `--fatal warnings` passes;
    # a SITEURL that is set but not absolute is a mistake worth a warning.
    level = logging.INFO if not siteurl else logging.WARNING
    messages = [r.getMessage() for r in records if r.levelno == level]
    messages = [m for m in messages if "no sitemap written" in m]
    assert len(messages) == 1
    assert "SITEURL" in messages[0]
    assert len(problems(records)) == (0 if not siteurl else 1)
    assert not list(tmp_path.glob("sitemap*"))
    assert not (tmp_path / "robots.txt").exists()


def test_strict_turns_problems_into_a_failed_build(
    content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from sitemap_core import StrictModeError

    with pytest.raises(StrictModeError):
        run(content, tmp_path / "a", caplog, SITEURL="", SITEMAP={"strict": True})
    assert [r for r in caplog.records if r.levelno == logging.ERROR]
    with pytest.raises(StrictModeError):
        run(
            content,
            tmp_path / "b",
            caplog,
            SITEMAP={"strict": True, "priorities": {"pages": 3}},
        )
    # A clean build passes under strict, and the next build starts from a clean state.
    records = run(
        content,
        tmp_path / "c",
        caplog,
        SITEURL="https://blog.example.org",  # localhost would warn: robots.txt is rewritten
        SITEMAP={"strict": True},
    )
    assert problems(records) == []
    assert (tmp_path / "c" / "sitemap.xml").is_file()


def test_pelican_sitemap_installed_too_logs_one_error(
    content: Path,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    site = tmp_path / "site-packages"
    info = site / "pelican_sitemap-1.2.2.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pelican-sitemap\nVersion: 1.2.2\n")
    monkeypatch.syspath_prepend(str(site))
    records = run(content, tmp_path / "out", caplog)
    errors = [r.getMessage() for r in records if r.levelno >= logging.ERROR]
    assert len(errors) == 1
    assert "pelican-sitemap 1.2.2" in errors[0]
    assert "pip uninstall pelican-sitemap" in errors[0]
    assert "--force-reinstall --no-deps ssg-sitemap" in errors[0]
    assert (tmp_path / "out" / "sitemap.xml").is_file()  # the build still gets its sitemap


def test_importing_the_plugin_is_cheap() -> None:
    code = (
        "import sys, pelican.plugins.sitemap as p; "
        "print(sorted(m for m in ('sitemap_core', 'lxml', 'pluggy') if m in sys.modules)); "
        "print(callable(p.register))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["[]", "True"]


def test_plugin_is_found_by_pelicans_namespace_discovery() -> None:
    from pelican.plugins._utils import get_namespace_plugins

    plugins = get_namespace_plugins()
    assert "pelican.plugins.sitemap" in plugins


def test_a_page_overriding_the_index_is_listed_once_as_a_page(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    content = tmp_path / "content"
    (content / "pages").mkdir(parents=True)
    (content / "article1.md").write_text(ARTICLE1)
    (content / "pages" / "home.md").write_text(
        "Title: Home\nDate: 2022-05-01\nSave_as: index.html\n\nWelcome.\n"
    )
    records = run(content, tmp_path / "out", caplog)
    assert problems(records) == []
    tree = etree.parse(str(tmp_path / "out" / "sitemap.xml"))
    homes = [
        u
        for u in tree.findall("sm:url", NS)
        if u.findtext("sm:loc", namespaces=NS) == "http://localhost/"
    ]
    assert len(homes) == 1
    assert homes[0].findtext("sm:changefreq", namespaces=NS) == "monthly"  # a page, not an index
    assert homes[0].findtext("sm:lastmod", namespaces=NS) == "2022-05-01T00:00:00+00:00"
    assert "Welcome" in (tmp_path / "out" / "index.html").read_text()


def test_rerunning_the_same_instance_starts_a_fresh_sitemap(content: Path, tmp_path: Path) -> None:
    """``pelican --autoreload`` calls run() again on the same instance."""
    from pelican import Pelican
    from pelican.settings import read_settings

    settings = read_settings(
        override={
            "PATH": str(content),
            "OUTPUT_PATH": str(tmp_path),
            "SITEURL": "http://localhost",
            "TIMEZONE": "UTC",
            "PLUGINS": ["sitemap"],
            "SITEMAP": {"format": "txt"},
        }
    )
    instance = Pelican(settings)
    instance.run()
    first = (tmp_path / "sitemap.txt").read_text()
    (tmp_path / "sitemap.txt").unlink()
    instance.run()
    assert (tmp_path / "sitemap.txt").read_text() == first
    assert len(first.splitlines()) == 11


def test_each_autoreload_rebuild_logs_its_summary(
    content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Pelican drops an INFO or WARNING line it logged before in the process: under
    ``pelican --autoreload`` the rebuilds' summary lines, the same text each time, went
    missing from the third build on. Each build logs its own, as a fresh ``pelican`` does."""
    from pelican import Pelican
    from pelican.log import LimitFilter
    from pelican.settings import read_settings

    settings = read_settings(
        override={
            "PATH": str(content),
            "OUTPUT_PATH": str(tmp_path),
            "SITEURL": "http://localhost",
            "TIMEZONE": "UTC",
            "PLUGINS": ["sitemap"],
            "SITEMAP": {"format": "txt"},
        }
    )
    caplog.set_level(logging.INFO, logger=LOGGER)
    # As the `pelican` command: no message of this process seen before (other tests').
    LimitFilter._raised_messages.clear()
    instance = Pelican(settings)
    summaries = []
    for _ in range(3):
        caplog.clear()
        instance.run()
        said = [r.getMessage() for r in caplog.records]
        summaries.append([m for m in said if "URLs written" in m])
    assert [len(found) for found in summaries] == [1, 1, 1], summaries


def test_a_custom_url_different_from_save_as_is_the_listed_url(
    content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Extensionless URLs served from .html files: the URL setting is what visitors use."""
    run(
        content,
        tmp_path,
        caplog,
        ARTICLE_URL="{slug}",
        ARTICLE_SAVE_AS="{slug}.html",
        SITEMAP={"format": "txt"},
    )
    lines = (tmp_path / "sitemap.txt").read_text().splitlines()
    assert "http://localhost/test-post" in lines
    assert "http://localhost/test-post.html" not in lines
    assert "http://localhost/tag/foo.html" in lines


def test_every_new_key_reaches_the_core(tmp_path: Path) -> None:
    from ssg_sitemap.pelican.config import KNOWN_KEYS, read_config

    def keep(entry: object) -> bool:
        return True

    def same(entry: object) -> object:
        return entry

    (tmp_path / "ignore").write_text("")  # a file that exists: a missing one is an error
    raw = {
        "format": "xml",
        "gzip": True,
        "gzip_only": False,
        "max_urls": 1000,
        "max_bytes": 5_000_000,
        "robots": False,
        "preview_detection": False,
        "filename": "map.xml",
        "html_sitemap": "plan.html",
        "html_exclude": ["/tag/*"],
        "html_title": "Plan",
        "html_dates": True,
        "html_template": "layouts/base.html",
        "xsl": True,
        "include_sitemaps": ["docs/sitemap.xml"],
        "lastmod": ["front_matter", "metadata", "git", "mtime"],
        "precision": "date",
        "git_date": "author",
        "git_ignore_revs": str(tmp_path / "ignore"),
        "state_file": str(tmp_path / "state.json"),
        "strict": True,
        "alternates": False,
        "x_default": "en",
        "html_checks": False,
        "publish_date_is_lastmod": True,
        "shard_order": "lastmod",
        "indexnow_key": "0123abcd-key",
        "static": ["*.pdf"],
        "include_hidden": True,
        "exclude": ["x"],
        "priorities": {"articles": 1},
        "changefreqs": {"pages": "never"},
        "filter": keep,
        "transform": same,
        "extra_urls": ["search/"],
        "hooks_errors": "warn",
        "sections": {"blog/**": "blog"},
        "images": True,
        "llms_txt": True,
        "llms_budget": 20_000,
        "llms_exclude": ["/tag/*"],
        "llms_markdown": True,
        "llms_full": True,
        "llms_full_split": True,
        "llms_listings": True,
        "llms_markdown_description": "Read llms-full.txt.",
        "link_summary": True,
        "html_orphans": True,
    }
    assert set(raw) == KNOWN_KEYS
    config = read_config(raw)
    assert config.problems == ()
    settings = config.settings("https://example.org", "Europe/Paris")
    assert (settings.filename, settings.gzip, settings.max_urls, settings.max_bytes) == (
        "map.xml",
        True,
        1000,
        5_000_000,
    )
    assert settings.robots is False and settings.alternates is False
    assert settings.preview_detection is False
    assert settings.html_checks is False and settings.strict is True
    assert settings.publish_date_is_lastmod is True
    assert (settings.shard_order, settings.indexnow_key) == ("lastmod", "0123abcd-key")
    assert settings.html_sitemap == "plan.html" and settings.html_themed is True
    assert settings.html_exclude == ("/tag/*",) and settings.xsl is True
    assert settings.llms_exclude == ("/tag/*",)
    assert settings.include_sitemaps == ("docs/sitemap.xml",)
    assert settings.lastmod_sources == ("front_matter", "metadata", "git", "mtime")
    assert (settings.precision, settings.git_date, settings.x_default) == ("date", "author", "en")
    assert settings.git_ignore_revs == tmp_path / "ignore"
    assert settings.state_file == tmp_path / "state.json"
    assert settings.timezone == "Europe/Paris"
    assert settings.kinds["article"].priority == 1.0
    assert settings.kinds["page"].changefreq == "never"
    assert settings.kinds["index"].changefreq == "daily"
    assert config.static == ("*.pdf",) and config.include_hidden is True
    assert (settings.filter, settings.transform) == (keep, same)
    assert (settings.extra_urls, settings.hooks_errors) == (("search/",), "warn")
    assert settings.images is True
    assert (settings.llms_txt, settings.llms_budget) == (True, 20_000)
    assert (settings.llms_markdown, settings.llms_full) == (True, True)
    assert (settings.llms_full_split, settings.llms_listings) == (True, True)
    assert settings.llms_markdown_description == "Read llms-full.txt."
    assert settings.sections == (("blog/**", "blog"),)
    assert (settings.link_summary, settings.html_sitemap_orphans) == (True, True)


def test_html_sitemap_and_gzip_through_a_build(
    content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    records = run(
        content,
        tmp_path,
        caplog,
        SITEMAP={"html_sitemap": "plan.html", "gzip": True, "precision": "date"},
    )
    assert problems(records) == []
    plan = (tmp_path / "plan.html").read_text()
    assert '<a href="test-post-daily.html"><bdi>Test post daily</bdi></a>' in plan
    assert '<a href="tags.html"><bdi>Tags</bdi></a>' in plan
    tree = etree.fromstring(gzip.decompress((tmp_path / "sitemap.xml.gz").read_bytes()))
    assert tree.findtext("sm:url/sm:lastmod", namespaces=NS) == "2023-07-12"


def test_a_failed_build_leaves_nothing_for_the_next(
    content: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "a.md").write_text(ARTICLE1)
    (broken / "b.md").write_text(ARTICLE2.replace("Priority: 0.3", "Template: missing"))
    from pelican import Pelican
    from pelican.settings import read_settings

    failed = Pelican(
        read_settings(
            override={
                "PATH": str(broken),
                "OUTPUT_PATH": str(tmp_path / "failed"),
                "SITEURL": "http://localhost",
                "PLUGINS": ["sitemap"],
                "I18N_SUBSITES": {"de": {}},
            }
        )
    )
    with pytest.raises(Exception, match="missing"):
        failed.run()  # stops after the build started, before its finalized
    assert not (tmp_path / "failed" / "sitemap.xml").exists()
    # The failed instance is still alive: the next build must not mistake itself for one of
    # its i18n subsites.
    records = run(content, tmp_path / "next", caplog, SITEMAP={"format": "txt"})
    assert problems(records) == []
    assert len((tmp_path / "next" / "sitemap.txt").read_text().splitlines()) == 11
