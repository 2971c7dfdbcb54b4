"""Pelican on the shapes real blogs have (issue 15): real ``pelican`` builds of small sites."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from sitemap_core.check import check_site

from .test_pelican_site import SITEURL, run_pelican, write

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
    # x/ and x/index.html, and x.html and x (a clean-URL host serves x.html for x).
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
    for path in ("tag/aws/", "category/news/", "posts/post-1.html", "posts/post-2.html"):
        assert u(path) in urls, (path, sorted(urls))
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
