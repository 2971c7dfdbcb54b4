"""Pelican on the shapes real blogs have (issue 15): real ``pelican`` builds of small sites."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from .test_pelican_site import SITEURL, Built, run_pelican, write

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
