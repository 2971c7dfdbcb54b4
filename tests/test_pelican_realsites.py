"""Pelican on the shapes real blogs have: real ``pelican`` builds of small sites."""

from __future__ import annotations

import datetime as dt
import gzip
import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sitemap_core.check import check_site
from tests.conftest import SITEURL, git_commit, git_init, lastmods, run_pelican, write

pytest.importorskip("pelican")

pytestmark = pytest.mark.slow


def u(path: str) -> str:
    return f"{SITEURL}/{path}"


# -- point 1: index-like pages at the URL Pelican links to; canonical links that name them ----

#: The real-site shape: clean URLs without ``.html``, files written as ``x/index.html``.
CLEAN_URLS: dict[str, Any] = {
    "ARTICLE_URL": "posts/{slug}",
    "ARTICLE_SAVE_AS": "posts/{slug}/index.html",
    "TAG_URL": "tag/{slug}",
    "TAG_SAVE_AS": "tag/{slug}/index.html",
    "CATEGORY_URL": "category/{slug}",
    "CATEGORY_SAVE_AS": "category/{slug}/index.html",
    "AUTHOR_URL": "author/{slug}",
    "AUTHOR_SAVE_AS": "author/{slug}/index.html",
    "YEAR_ARCHIVE_URL": "posts/{date:%Y}",
    "YEAR_ARCHIVE_SAVE_AS": "posts/{date:%Y}/index.html",
    "DEFAULT_PAGINATION": 2,
    "PAGINATION_PATTERNS": (
        (1, "{url}", "{save_as}"),
        (2, "{base_name}/page/{number}/", "{base_name}/page/{number}/index.html"),
    ),
    "AUTHOR": "Ann Author",
}

#: A theme override as Flex and Elegant write it: every page names its canonical URL.
_CANONICAL = {
    "tag.html": "{{ SITEURL }}/{{ tag.url }}",
    "category.html": "{{ SITEURL }}/{{ category.url }}",
    "author.html": "{{ SITEURL }}/{{ author.url }}",
    "article.html": "{{ SITEURL }}/{{ article.url }}",
}


def theme_overrides(root: Path, canonical: dict[str, str] | None = None) -> Path:
    """Templates extending Pelican's ``simple`` theme with a canonical link in the head."""
    folder = root / "overrides"
    for name, href in (canonical or _CANONICAL).items():
        write(
            folder / name,
            f'{{% extends "!simple/{name}" %}}{{% block head %}}{{{{ super() }}}}'
            f'<link rel="canonical" href="{href}">{{% endblock %}}\n',
        )
    return folder


def clean_blog(root: Path, articles: int = 5) -> Path:
    content = root / "content"
    for n in range(1, articles + 1):
        write(
            content / f"post-{n}.md",
            f"Title: Post {n}\nDate: 2024-01-{n:02d} 10:00\nCategory: News\nTags: aws\n\n"
            f"Body {n}.\n",
        )
    return content


def test_index_pages_are_listed_at_their_own_urls_and_canonicals_naming_them_are_kept(
    tmp_path: Path,
) -> None:
    content = clean_blog(tmp_path)
    built = run_pelican(
        content,
        tmp_path / "output",
        THEME="simple",
        THEME_TEMPLATES_OVERRIDES=[str(theme_overrides(tmp_path))],
        **CLEAN_URLS,
    )
    urls = built.urls()
    expected = [
        "",
        "page/2/",  # pagination of the home page (PAGINATION_PATTERNS)
        "page/3/",
        "tag/aws",  # TAG_URL, not the file's folder tag/aws/
        "category/news",
        "author/ann-author",
        "posts/2024",  # YEAR_ARCHIVE_URL
        "posts/post-1",
    ]
    missing = [path for path in expected if u(path) not in urls]
    assert not missing, f"missing {missing}; have {sorted(urls)}"
    for path in ("tag/aws/", "category/news/", "author/ann-author/", "posts/2024/"):
        assert u(path) not in urls, path
    # Pagination pages whose canonical names page 1 stay out; page 1 is listed once.
    assert u("tag/aws/page/2/") not in urls
    assert u("category/news/page/3/") not in urls
    assert not built.messages(logging.WARNING)


def test_a_canonical_differing_by_a_slash_names_the_same_file_and_check_is_clean(
    tmp_path: Path,
) -> None:
    # Pelican links tag/aws/ (the file's folder); the theme writes tag/aws: one page, as are
    # x/ and x/index.html, and x.html and x (a clean-URL host serves x.html for x). Each is
    # listed in the form its canonical link declares.
    content = clean_blog(tmp_path, articles=2)
    overrides = theme_overrides(
        tmp_path,
        {
            "tag.html": "{{ SITEURL }}/tag/{{ tag.slug }}",
            "category.html": "{{ SITEURL }}/{{ category.url }}index.html",
            "article.html": "{{ SITEURL }}/posts/{{ article.slug }}",
        },
    )
    settings = {
        **CLEAN_URLS,
        "TAG_URL": "tag/{slug}/",
        "CATEGORY_URL": "category/{slug}/",
        "ARTICLE_URL": "posts/{slug}.html",
        "ARTICLE_SAVE_AS": "posts/{slug}.html",
    }
    built = run_pelican(
        content,
        tmp_path / "output",
        THEME="simple",
        THEME_TEMPLATES_OVERRIDES=[str(overrides)],
        **settings,
    )
    urls = built.urls()
    for path in ("tag/aws", "category/news/", "posts/post-1", "posts/post-2"):
        assert u(path) in urls, (path, sorted(urls))
    for path in ("tag/aws/", "posts/post-1.html", "posts/post-2.html"):
        assert u(path) not in urls, (path, sorted(urls))
    assert not built.messages(logging.WARNING)
    report = check_site(built.output)
    # (Two articles: every index page shares the newest one's date.)
    found = [f for f in report.findings if f.code != "lastmod-shared"]
    assert found == [], found


def test_a_canonical_naming_another_page_of_the_site_lists_that_page(tmp_path: Path) -> None:
    content = clean_blog(tmp_path, articles=1)
    write(
        content / "pages" / "copy.md",
        "Title: Reprint\nCanonical: legacy/original.html\n\nA copy.\n",
    )
    write(
        content / "legacy" / "original.html",
        "<!DOCTYPE html><html><head><title>Original</title></head><body>x</body></html>\n",
    )
    overrides = theme_overrides(
        tmp_path, {"page.html": "{{ SITEURL }}/{{ page.canonical or page.url }}"}
    )
    built = run_pelican(
        content,
        tmp_path / "output",
        THEME="simple",
        THEME_TEMPLATES_OVERRIDES=[str(overrides)],
        STATIC_PATHS=["legacy"],
        READERS={"html": None},
        **CLEAN_URLS,
    )
    urls = built.urls()
    assert u("pages/reprint.html") not in urls
    assert u("legacy/original.html") in urls
    assert not built.messages(logging.WARNING)


def test_many_pages_lost_to_canonicals_no_file_serves_is_a_warning(tmp_path: Path) -> None:
    content = clean_blog(tmp_path, articles=4)
    for n, tag in enumerate(("aws", "gcp", "azure", "k8s"), 1):
        write(
            content / f"extra-{n}.md",
            f"Title: Extra {n}\nDate: 2024-02-0{n}\nCategory: News\nTags: {tag}\n\nBody.\n",
        )
    # The theme still says tags/<slug>.html after TAG_URL changed: no file serves that.
    overrides = theme_overrides(tmp_path, {"tag.html": "{{ SITEURL }}/tags/{{ tag.slug }}.html"})
    built = run_pelican(
        content,
        tmp_path / "output",
        THEME="simple",
        THEME_TEMPLATES_OVERRIDES=[str(overrides)],
        **{**CLEAN_URLS, "DEFAULT_PAGINATION": False},
    )
    warnings = built.messages(logging.WARNING)
    assert len(warnings) == 1, warnings
    assert "4 of " in warnings[0] and u("tag/aws") in warnings[0], warnings
    summary = [r for r in built.logs if "URLs written" in r.getMessage()]
    assert [r.levelno for r in summary] == [logging.INFO]


def test_a_theme_hard_coding_another_host_name_is_a_warning(tmp_path: Path) -> None:
    content = clean_blog(tmp_path, articles=4)
    # SITEURL has www., the theme's canonical links do not: every article would be lost.
    overrides = theme_overrides(tmp_path, {"article.html": "https://example.org/{{ article.url }}"})
    built = run_pelican(
        content,
        tmp_path / "output",
        SITEURL="https://www.example.org",
        THEME="simple",
        THEME_TEMPLATES_OVERRIDES=[str(overrides)],
        **CLEAN_URLS,
    )
    warnings = built.messages(logging.WARNING)
    assert len(warnings) == 1, warnings
    assert "4 of " in warnings[0] and "https://www.example.org/posts/post-1" in warnings[0]


# -- points 2-7 ------------------------------------------------------------------------------


def small_blog(root: Path) -> Path:
    content = root / "content"
    write(content / "post.md", "Title: Post\nDate: 2024-01-02\nCategory: News\n\nBody.\n")
    write(content / "pages" / "about.md", "Title: About\n\nAbout.\n")
    return content


def test_gzip_only_writes_the_gz_sitemap_robots_names(tmp_path: Path) -> None:
    built = run_pelican(small_blog(tmp_path), tmp_path / "output", SITEMAP={"gzip_only": True})
    assert not (built.output / "sitemap.xml").exists()
    with gzip.open(built.output / "sitemap.xml.gz") as handle:
        assert f"<loc>{u('post.html')}</loc>".encode() in handle.read()
    robots = (built.output / "robots.txt").read_text()
    assert f"Sitemap: {u('sitemap.xml.gz')}" in robots
    assert not built.messages(logging.WARNING)


def test_a_leftover_write_selected_is_ignored(tmp_path: Path) -> None:
    output = tmp_path / "output"
    built = run_pelican(small_blog(tmp_path), output, WRITE_SELECTED=[str(output / "post.html")])
    urls = built.urls()
    assert u("post.html") in urls and u("pages/about.html") in urls


def when(text: str | None) -> dt.datetime:
    assert text is not None
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def test_default_date_fs_dates_come_from_git_not_the_checkout(tmp_path: Path) -> None:
    repo = git_init(tmp_path / "site")
    content = repo / "content"
    git_commit(
        repo,
        {
            "content/old.md": "Title: Old\nCategory: News\n\nNo date.\n",
            "content/dated.md": "Title: Dated\nDate: 2020-05-05\nCategory: News\n\nDated.\n",
        },
        "2021-02-03T04:05:06+00:00",
    )
    git_commit(
        repo, {"content/newer.md": "Title: Newer\nCategory: Misc\n\nx\n"}, "2022-03-04T05:06:07Z"
    )
    # A fresh clone: every file's mtime is the checkout time.
    for path in content.glob("*.md"):
        path.touch()
    # A new, uncommitted post: git has no answer, its file's mtime has.
    write(content / "draft-ish.md", "Title: Uncommitted\nCategory: Misc\n\nNew.\n")
    stamp = dt.datetime(2023, 7, 8, 9, 10, 11, tzinfo=dt.timezone.utc).timestamp()
    os.utime(content / "draft-ish.md", (stamp, stamp))

    built = run_pelican(content, tmp_path / "output", DEFAULT_DATE="fs")
    found = lastmods(built.output / "sitemap.xml")
    assert when(found[u("old.html")]) == dt.datetime(2021, 2, 3, 4, 5, 6, tzinfo=dt.timezone.utc)
    # A Date: header is a floor under git; the fs "modified" does not count.
    assert when(found[u("dated.html")]) == when(found[u("old.html")])
    assert when(found[u("newer.html")]) == dt.datetime(2022, 3, 4, 5, 6, 7, tzinfo=dt.timezone.utc)
    assert when(found[u("uncommitted.html")]) == dt.datetime.fromtimestamp(stamp, dt.timezone.utc)
    assert when(found[u("category/news.html")]) == when(found[u("old.html")])
    assert when(found[u("")]) == when(found[u("uncommitted.html")])
    today = dt.datetime.now(dt.timezone.utc).date()
    assert not [loc for loc, value in found.items() if value and when(value).date() == today]


def pelican_fatal_warnings(root: Path, siteurl: str, sitemap: str = "{}") -> int:
    write(root / "content" / "post.md", "Title: Post\nDate: 2024-01-02\n\nBody.\n")
    write(
        root / "conf.py",
        f"SITEURL = {siteurl!r}\nRELATIVE_URLS = True\nTIMEZONE = 'UTC'\n"
        "PLUGINS = ['sitemap']\nFEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\n"
        "TRANSLATION_FEED_ATOM = None\nAUTHOR_FEED_ATOM = None\nAUTHOR_FEED_RSS = None\n"
        f"SITEMAP = {sitemap}\n",
    )
    pelican_bin = Path(sys.executable).parent / "pelican"
    done = subprocess.run(
        [str(pelican_bin), "content", "-s", "conf.py", "-o", "output", "--fatal", "warnings"],
        cwd=root,
        capture_output=True,
        text=True,
    )
    return done.returncode


def test_fatal_warnings_dev_build_without_siteurl_passes(tmp_path: Path) -> None:
    assert pelican_fatal_warnings(tmp_path / "dev", "") == 0
    assert not (tmp_path / "dev" / "output" / "sitemap.xml").exists()
    # Strict mode still fails it.
    assert pelican_fatal_warnings(tmp_path / "strict", "", "{'strict': True}") != 0


def test_check_is_clean_on_ampersand_hreflang_and_clean_url_beside_a_folder(
    tmp_path: Path,
) -> None:
    content = tmp_path / "content"
    for lang, title in (("en", "Q&A"), ("fr", "Q&R")):
        write(
            content / f"qa-{lang}.md",
            f"Title: {title}\nDate: 2024-01-02\nSlug: q&a\nLang: {lang}\nCategory: News\n\nBody.\n",
        )
    built = run_pelican(
        content,
        tmp_path / "output",
        # /authors is served by authors.html beside the authors/ folder (no index there).
        AUTHOR="Ann",
        AUTHORS_URL="authors",
        AUTHOR_URL="authors/{slug}.html",
        AUTHOR_SAVE_AS="authors/{slug}.html",
    )
    urls = built.urls()
    assert u("authors") in urls and u("q&a-fr.html") in urls
    assert (built.output / "authors").is_dir() and (built.output / "authors.html").is_file()
    report = check_site(built.output)
    found = [f for f in report.findings if f.code != "lastmod-shared"]
    assert found == [], found


def test_a_localhost_siteurl_rewriting_robots_txt_warns(tmp_path: Path) -> None:
    content = small_blog(tmp_path)
    built = run_pelican(content, tmp_path / "out", SITEURL="http://localhost:8000")
    warnings = built.messages(logging.WARNING)
    assert len(warnings) == 1 and "local address" in warnings[0], warnings
    quiet = run_pelican(
        content, tmp_path / "quiet", SITEURL="http://127.0.0.1:8000", SITEMAP={"robots": False}
    )
    assert not quiet.messages(logging.WARNING)


def test_template_pages_take_the_indexes_defaults(tmp_path: Path) -> None:
    content = small_blog(tmp_path)
    write(content / "templates" / "links.html", "<html><head></head><body>Links</body></html>")
    built = run_pelican(
        content,
        tmp_path / "output",
        TEMPLATE_PAGES={"templates/links.html": "links.html"},
        IGNORE_FILES=["links.html"],
        SITEMAP={"changefreqs": {"indexes": "hourly"}, "priorities": {"indexes": 0.3}},
    )
    entry = built.urls()[u("links.html")]
    ns = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    assert entry.findtext("sm:changefreq", namespaces=ns) == "hourly"
    assert entry.findtext("sm:priority", namespaces=ns) == "0.3"
