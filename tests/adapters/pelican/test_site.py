"""The Pelican adapter on a real blog: real ``pelican`` builds, output parsed and validated."""

from __future__ import annotations

import datetime as dt
import gzip
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from tests.conftest import I18N_CONF, NS, SITEURL, Built, pelican_cli, run_pelican, u, write

pelican = pytest.importorskip("pelican")


pytestmark = pytest.mark.slow


ROBOTS = "User-agent: *\nDisallow: /private/\n# keep this comment\n"


def make_blog(root: Path) -> Path:
    """A blog with everything the adapter must handle; returns its content folder."""
    content = root / "content"
    for n in range(1, 6):
        write(
            content / f"post-{n}.md",
            f"Title: Post {n}\nDate: 2024-01-0{n} 10:00\nCategory: {'news' if n % 2 else 'dev'}\n"
            f"Tags: python{', bar' if n == 2 else ''}\n\nBody {n}.\n",
        )
    write(
        content / "modified.md",
        "Title: Changed later\nDate: 2023-06-01\nModified: 2024-03-01 08:30\nCategory: dev\n"
        "ChangeFreq: weekly\nPriority: 0.9\n\nBody.\n",
    )
    write(
        content / "weird.md",
        'Title: Q&A "quoted" café\nDate: 2024-02-01\nCategory: news\n'
        'Slug: q&a-"quoted"-café\n\nBody.\n',
    )
    write(
        content / "bad-priority.md",
        "Title: Bad priority\nDate: 2024-02-02\nCategory: news\nPriority: high\n\nBody.\n",
    )
    write(
        content / "draft.md",
        "Title: A draft\nDate: 2024-02-03\nCategory: news\nStatus: draft\n\nBody.\n",
    )
    write(
        content / "private.md",
        "Title: Private one\nDate: 2024-02-04\nCategory: news\nPrivate: true\n\nBody.\n",
    )
    write(
        content / "opt-out.md",
        "Title: Opted out\nDate: 2024-02-05\nCategory: news\nSitemap_exclude: true\n\nBody.\n",
    )
    write(
        content / "excluded.md",
        "Title: Excluded by regex\nDate: 2024-02-06\nCategory: news\nSlug: secret\n\nBody.\n",
    )
    write(
        content / "hello.md",
        "Title: Hello\nDate: 2024-01-10\nCategory: news\nLang: en\nSlug: hello\n\nHi.\n",
    )
    write(
        content / "hello-fr.md",
        "Title: Bonjour\nDate: 2024-01-11\nCategory: news\nLang: fr\nSlug: hello\n\nSalut.\n",
    )
    write(content / "pages" / "about.md", "Title: About\nDate: 2023-01-01\n\nAbout us.\n")
    write(content / "pages" / "hidden.md", "Title: Hidden\nStatus: hidden\n\nHidden page.\n")
    write(
        content / "pages" / "landing.md",
        "Title: Landing\nDate: 2023-02-01\nSave_as: landing/index.html\n\nLanding page.\n",
    )
    write(content / "pages" / "nowhere.md", "Title: Nowhere\nSave_as:\n\nNot written.\n")
    (content / "files").mkdir(parents=True)
    (content / "files" / "guide.pdf").write_bytes(b"%PDF-1.4\n%%EOF\n")
    write(content / "extra" / "robots.txt", ROBOTS)
    write(content / "templates" / "links.html", "<html><head></head><body>Links</body></html>")
    return content


BLOG_SETTINGS: dict[str, Any] = {
    "ARTICLE_URL": "posts/{slug}/",
    "ARTICLE_SAVE_AS": "posts/{slug}/index.html",
    "ARTICLE_LANG_URL": "posts/{slug}-{lang}/",
    "ARTICLE_LANG_SAVE_AS": "posts/{slug}-{lang}/index.html",
    "DEFAULT_PAGINATION": 3,
    "AUTHOR": "Ann Author",
    "YEAR_ARCHIVE_SAVE_AS": "{date:%Y}/index.html",
    "TEMPLATE_PAGES": {"templates/links.html": "links.html"},
    "IGNORE_FILES": [".#*", "links.html"],
    "STATIC_PATHS": ["files", "extra/robots.txt"],
    "EXTRA_PATH_METADATA": {"extra/robots.txt": {"path": "robots.txt"}},
    "SITEMAP": {
        "exclude": ["^/posts/secret/", r"tag/bar\.html$"],
        "static": ["files/*.pdf"],
    },
}


@pytest.fixture(scope="module")
def blog(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Built]]:
    root = tmp_path_factory.mktemp("blog")
    content = make_blog(root)
    yield content, run_pelican(content, root / "output", **BLOG_SETTINGS)


@pytest.fixture(scope="module")
def urls(blog: tuple[Path, Built]) -> dict[str, etree._Element]:
    return blog[1].urls()


def test_sitemap_is_valid_and_sorted(blog: tuple[Path, Built], xsd_dir: Path) -> None:
    built = blog[1]
    schema = etree.XMLSchema(etree.parse(str(xsd_dir / "sitemap-combined-minlink.xsd")))
    tree = etree.parse(str(built.output / "sitemap.xml"))
    schema.assertValid(tree)
    locs = [loc.text or "" for loc in tree.iterfind("sm:url/sm:loc", NS)]
    assert locs == sorted(locs)
    assert len(locs) == len(set(locs))


def test_articles_pages_and_index_pages_are_listed(urls: dict[str, etree._Element]) -> None:
    expected = [
        "",
        "index2.html",  # pagination pages
        "index3.html",
        "archives.html",
        "tags.html",
        "categories.html",
        "authors.html",
        "category/news.html",
        "category/dev.html",
        "tag/python.html",
        "tag/python2.html",
        "author/ann-author.html",
        "author/ann-author2.html",
        "2024/",  # period archive
        "2023/",
        "links.html",  # TEMPLATE_PAGES
        "posts/post-1/",  # custom ARTICLE_URL, index.html dropped
        "posts/changed-later/",
        "pages/about.html",
        "landing/",  # save_as-only page: where the file really is
        "files/guide.pdf",  # static file opted in by glob
    ]
    missing = [path for path in expected if u(path) not in urls]
    assert not missing, f"missing {missing}; have {sorted(urls)}"


def test_unpublished_private_and_opted_out_pages_are_left_out(
    urls: dict[str, etree._Element],
) -> None:
    assert not [loc for loc in urls if "draft" in loc]
    for path in (
        "posts/private-one/",
        "posts/opted-out/",
        "pages/hidden.html",
        "pages/landing.html",  # Pelican's url for the save_as-only page is not the real one
        "pages/nowhere.html",  # save_as: '' is never written
        "robots.txt",
        "extra/robots.txt",
    ):
        assert u(path) not in urls, path


def test_exclude_regexes_match_with_and_without_leading_slash(
    urls: dict[str, etree._Element],
) -> None:
    assert u("posts/secret/") not in urls  # "^/posts/secret/" (README's leading-slash form)
    assert u("tag/bar.html") not in urls  # r"tag/bar\.html$"
    assert u("tag/python.html") in urls


def test_article_fields_and_metadata_overrides(urls: dict[str, etree._Element]) -> None:
    plain = urls[u("posts/post-1/")]
    assert plain.findtext("sm:lastmod", namespaces=NS) == "2024-01-01T10:00:00+00:00"
    assert plain.findtext("sm:changefreq", namespaces=NS) == "monthly"
    assert plain.findtext("sm:priority", namespaces=NS) == "0.5"
    changed = urls[u("posts/changed-later/")]
    assert changed.findtext("sm:lastmod", namespaces=NS) == "2024-03-01T08:30:00+00:00"  # Modified
    assert changed.findtext("sm:changefreq", namespaces=NS) == "weekly"
    assert changed.findtext("sm:priority", namespaces=NS) == "0.9"
    page = urls[u("pages/about.html")]
    assert page.findtext("sm:changefreq", namespaces=NS) == "monthly"


def test_index_pages_take_the_newest_listed_article(urls: dict[str, etree._Element]) -> None:
    def lastmod(path: str) -> str | None:
        return urls[u(path)].findtext("sm:lastmod", namespaces=NS)

    # The home page lists the three newest by date: secret, opt-out and private, left out
    # of the sitemap but shown on the page, so their dates count.
    assert lastmod("") == "2024-02-06T00:00:00+00:00"
    # Lists everything: the newest is modified.md's Modified date.
    assert lastmod("archives.html") == "2024-03-01T08:30:00+00:00"
    assert lastmod("category/dev.html") == "2024-03-01T08:30:00+00:00"
    # tag/python.html lists posts 1-5 newest first, 3 a page: page 2 has posts 2 and 1.
    assert lastmod("tag/python.html") == "2024-01-05T10:00:00+00:00"
    assert lastmod("tag/python2.html") == "2024-01-02T10:00:00+00:00"
    assert lastmod("2023/") == "2024-03-01T08:30:00+00:00"  # lists modified.md (Date 2023)
    assert lastmod("links.html") is None  # a template page: no date, no git here
    assert urls[u("")].findtext("sm:changefreq", namespaces=NS) == "daily"
    today = dt.date.today().isoformat()
    assert not [
        loc
        for loc, url in urls.items()
        if today in (url.findtext("sm:lastmod", namespaces=NS) or "")
    ]


def test_special_characters_in_slug_are_encoded(urls: dict[str, etree._Element]) -> None:
    weird = [loc for loc in urls if "caf" in loc]
    assert weird == [u("posts/q&a-%22quoted%22-caf%C3%A9/")]


def test_invalid_priority_warns_naming_the_file(
    blog: tuple[Path, Built], urls: dict[str, etree._Element]
) -> None:
    warnings = [m for m in blog[1].messages() if "bad-priority.md" in m]
    assert len(warnings) == 1
    assert "priority" in warnings[0] and "'high'" in warnings[0]
    assert warnings[0].startswith("sitemap: ")
    assert urls[u("posts/bad-priority/")].findtext("sm:priority", namespaces=NS) == "0.5"


def test_translations_are_reciprocal_alternates(urls: dict[str, etree._Element]) -> None:
    en, fr = u("posts/hello/"), u("posts/hello-fr/")
    for loc in (en, fr):
        links = urls[loc].findall("xhtml:link", NS)
        assert {(link.get("hreflang"), link.get("href")) for link in links} == {
            ("en", en),
            ("fr", fr),
        }
        assert all(link.get("rel") == "alternate" for link in links)
    assert not urls[u("posts/post-1/")].findall("xhtml:link", NS)


def test_robots_txt_keeps_the_sites_rules(blog: tuple[Path, Built]) -> None:
    text = (blog[1].output / "robots.txt").read_text()
    assert text.startswith(ROBOTS)
    assert text.count("Sitemap:") == 1
    assert f"Sitemap: {SITEURL}/sitemap.xml\n" in text


def test_summary_line_and_no_stray_warnings(blog: tuple[Path, Built]) -> None:
    infos = [m for m in blog[1].messages(logging.INFO) if "URLs written" in m]
    assert len(infos) == 1
    assert "excluded" in infos[0]
    assert blog[1].messages() == [m for m in blog[1].messages() if "bad-priority.md" in m]


def test_two_builds_are_byte_identical(blog: tuple[Path, Built], tmp_path: Path) -> None:
    content, first = blog
    again = run_pelican(content, tmp_path / "again", **BLOG_SETTINGS)
    for name in ("sitemap.xml", "robots.txt"):
        assert (again.output / name).read_bytes() == (first.output / name).read_bytes()
    rebuilt = run_pelican(content, tmp_path / "again", **BLOG_SETTINGS)
    assert (rebuilt.output / "sitemap.xml").read_bytes() == (
        first.output / "sitemap.xml"
    ).read_bytes()
    assert (rebuilt.output / "robots.txt").read_text().count("Sitemap:") == 1


def test_small_max_urls_splits_into_an_index(
    blog: tuple[Path, Built], tmp_path: Path, xsd_dir: Path
) -> None:
    content, first = blog
    settings = {
        **BLOG_SETTINGS,
        "SITEMAP": {**BLOG_SETTINGS["SITEMAP"], "max_urls": 5, "gzip": True, "x_default": "en"},
    }
    built = run_pelican(content, tmp_path / "out", **settings)
    index = etree.parse(str(built.output / "sitemap.xml"))
    etree.XMLSchema(etree.parse(str(xsd_dir / "siteindex.xsd"))).assertValid(index)
    shards = [loc.text or "" for loc in index.iterfind("sm:sitemap/sm:loc", NS)]
    assert len(shards) == -(-len(first.urls()) // 5)
    schema = etree.XMLSchema(etree.parse(str(xsd_dir / "sitemap-combined-minlink.xsd")))
    listed: list[str] = []
    defaults: list[str] = []
    for shard in shards:
        name = shard.rsplit("/", 1)[1]
        assert name.endswith(".xml.gz")  # with gzip on, the index lists the .gz files
        tree = etree.fromstring(gzip.decompress((built.output / name).read_bytes())).getroottree()
        schema.assertValid(tree)
        locs = [loc.text or "" for loc in tree.iterfind("sm:url/sm:loc", NS)]
        assert len(locs) <= 5
        listed += locs
        found = tree.xpath("//xhtml:link[@hreflang='x-default']/@href", namespaces=NS)
        assert isinstance(found, list)
        defaults += [str(href) for href in found]
        assert (built.output / name.removesuffix(".gz")).is_file()
    assert listed == sorted(first.urls())
    assert defaults == [u("posts/hello/")] * 2  # on the en and the fr version


def test_include_hidden_and_txt_format(blog: tuple[Path, Built], tmp_path: Path) -> None:
    content, first = blog
    settings = {
        **BLOG_SETTINGS,
        "SITEMAP": {**BLOG_SETTINGS["SITEMAP"], "include_hidden": True, "format": "txt"},
    }
    built = run_pelican(content, tmp_path / "out", **settings)
    lines = (built.output / "sitemap.txt").read_text().splitlines()
    assert lines == sorted([*first.urls(), u("pages/hidden.html")])
    assert not (built.output / "sitemap.xml").exists()
    assert f"Sitemap: {SITEURL}/sitemap.txt" in (built.output / "robots.txt").read_text()


def test_i18n_subsites_go_into_one_sitemap(tmp_path: Path, xsd_dir: Path) -> None:
    """i18n_subsites runs a Pelican instance per language (in a subprocess here: it keeps
    global state and signal handlers); every language lands in the main site's sitemap."""
    pytest.importorskip("pelican.plugins.i18n_subsites")
    content = tmp_path / "content"
    for lang, title in (("en", "Hello"), ("de", "Hallo"), ("fr", "Bonjour")):
        write(
            content / f"hello-{lang}.md",
            f"Title: {title}\nDate: 2024-01-1{len(title)}\nCategory: news\nLang: {lang}\n"
            "Slug: hello\n\nText.\n",
        )
    write(content / "only-de.md", "Title: Nur\nDate: 2024-01-20\nLang: de\n\nNur.\n")
    (tmp_path / "conf.py").write_text(I18N_CONF)
    pelican_cli(tmp_path)
    output = tmp_path / "output"
    assert not list(output.glob("*/sitemap*"))  # the subsites wrote none of their own
    tree = etree.parse(str(output / "sitemap.xml"))
    etree.XMLSchema(etree.parse(str(xsd_dir / "sitemap-combined-minlink.xsd"))).assertValid(tree)
    urls = {url.findtext("sm:loc", namespaces=NS) or "": url for url in tree.findall("sm:url", NS)}
    hello = {"en": u("hello.html"), "de": u("de/hello.html"), "fr": u("fr/hello.html")}
    for loc in (*hello.values(), u(""), u("de/"), u("fr/"), u("de/nur.html")):
        assert loc in urls, (loc, sorted(urls))
    for loc in hello.values():
        links = {(x.get("hreflang"), x.get("href")) for x in urls[loc].findall("xhtml:link", NS)}
        assert links == set(hello.items())
    assert urls[u("de/")].findtext("sm:lastmod", namespaces=NS) == "2024-01-20T00:00:00+00:00"
    assert not [loc for loc in urls if "/drafts/" in loc]


EXTRA_GENERATOR = """
from pelican import signals
from pelican.generators import Generator


class ExtraGenerator(Generator):
    def generate_output(self, writer):
        writer.write_file(
            "extra/report.html", self.get_template("page"), self.context,
            page=None, relative_urls=False,
        )


def add(pelican):
    return ExtraGenerator


def register():
    signals.get_generators.connect(add)
"""


def test_pages_written_by_another_plugins_generator_are_listed(tmp_path: Path) -> None:
    """A third-party generator's page (in a subprocess: its signal handler is global)."""
    content = tmp_path / "content"
    write(content / "post.md", "Title: Post\nDate: 2024-01-01\nCategory: a\n\nx\n")
    write(tmp_path / "plugins" / "extra_gen.py", EXTRA_GENERATOR)
    (tmp_path / "conf.py").write_text(
        f'PATH = "content"\nSITEURL = "{SITEURL}"\nTIMEZONE = "UTC"\n'
        'PLUGIN_PATHS = ["plugins"]\nPLUGINS = ["sitemap", "extra_gen"]\n'
        "FEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\n"
    )
    pelican_cli(tmp_path)
    assert (tmp_path / "output" / "extra" / "report.html").is_file()
    built = Built(tmp_path / "output", [])
    assert u("extra/report.html") in built.urls()
    assert u("post.html") in built.urls()
