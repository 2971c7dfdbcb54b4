"""A page listed at the URL its own canonical link declares, and a canonical that is the bare
site URL: real ``pelican`` builds in the shape of CloudBytes and kevin.deldycke.com."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sitemap_core._check import LinkOptions, check_site
from tests.conftest import SITEURL, run_pelican, u, write

pytest.importorskip("pelican")

#: The link findings (true ones here too) are test_links.py's, not these tests'.
NO_LINKS = LinkOptions(enabled=False)


pytestmark = pytest.mark.slow


def overrides(root: Path, canonical: dict[str, str]) -> Path:
    """Templates extending Pelican's ``simple`` theme with a canonical link in the head."""
    folder = root / "overrides"
    for name, href in canonical.items():
        write(
            folder / name,
            f'{{% extends "!simple/{name}" %}}{{% block head %}}{{{{ super() }}}}'
            f'<link rel="canonical" href="{href}">{{% endblock %}}\n',
        )
    return folder


def blog(root: Path, articles: int) -> Path:
    content = root / "content"
    for n in range(1, articles + 1):
        write(
            content / f"post-{n}.md",
            f"Title: Post {n}\nDate: 2024-01-{n:02d} 10:00\nCategory: News\nTags: aws\n\n"
            f"Body {n}.\n",
        )
    return content


#: CloudBytes: home pagination written as page/N/index.html, linked as page/N/, while the
#: theme's canonical says page/N (no slash); the first page's canonical is the bare SITEURL.
CLOUDBYTES = {
    "index.html": "{{ SITEURL }}{% if articles_page.number > 1 %}/page/"
    "{{ articles_page.number }}{% endif %}",
}


PAGINATION = {
    "DEFAULT_PAGINATION": 1,
    "PAGINATION_PATTERNS": (
        (1, "{url}", "{save_as}"),
        (2, "{base_name}/page/{number}/", "{base_name}/page/{number}/index.html"),
    ),
}


def test_a_page_is_listed_in_the_form_its_canonical_link_declares(tmp_path: Path) -> None:
    content = blog(tmp_path, articles=3)
    theme = overrides(
        tmp_path,
        {
            **CLOUDBYTES,
            # kevin.deldycke.com: archives.html whose canonical is .../archives.
            "archives.html": "{{ SITEURL }}/archives",
            # An article whose canonical is its own URL: nothing changes.
            "article.html": "{{ SITEURL }}/{{ article.url }}",
        },
    )
    built = run_pelican(
        content,
        tmp_path / "output",
        THEME="simple",
        THEME_TEMPLATES_OVERRIDES=[str(theme)],
        DIRECT_TEMPLATES=["index", "archives"],
        **PAGINATION,
    )
    urls = sorted(built.urls())
    assert u("page/2") in urls and u("page/3") in urls, urls
    assert u("page/2/") not in urls and u("page/3/") not in urls
    assert u("archives") in urls and u("archives.html") not in urls
    assert u("") in urls  # the home page: https://host and https://host/ are one URL
    assert u("post-1.html") in urls
    assert not built.messages(logging.WARNING)
    report = check_site(built.output, links=NO_LINKS)
    found = [(f.code, f.message) for f in report.findings if f.code != "lastmod-shared"]
    assert found == []


def test_check_says_when_a_page_is_listed_in_another_form_than_its_canonical(
    tmp_path: Path,
) -> None:
    content = blog(tmp_path, articles=2)
    theme = overrides(tmp_path, CLOUDBYTES)
    built = run_pelican(
        content,
        tmp_path / "output",
        THEME="simple",
        THEME_TEMPLATES_OVERRIDES=[str(theme)],
        **PAGINATION,
    )
    sitemap = built.output / "sitemap.xml"
    text = sitemap.read_text()
    assert f"<loc>{u('page/2')}</loc>" in text
    # What an earlier build (or another tool) wrote: the file's form.
    sitemap.write_text(text.replace(f"<loc>{u('page/2')}</loc>", f"<loc>{u('page/2/')}</loc>"))
    report = check_site(built.output)
    found = [f for f in report.findings if f.code == "page-canonical-form"]
    assert [(f.severity, u("page/2") in f.message) for f in found] == [("warning", True)]


def test_a_canonical_that_is_the_bare_site_url_names_the_home_page(tmp_path: Path) -> None:
    # CloudBytes' theme: tags, categories, authors and archives say {{ SITEURL }}, no slash.
    # They are the home page's copies; none of them is lost, and --fatal warnings passes.
    blog(tmp_path, articles=3)
    bare = {
        name: "{{ SITEURL }}"
        for name in ("tags.html", "categories.html", "authors.html", "archives.html")
    }
    theme = overrides(tmp_path, {**bare, **CLOUDBYTES})
    write(
        tmp_path / "conf.py",
        f"SITEURL = {SITEURL!r}\nPATH = 'content'\nTIMEZONE = 'UTC'\nPLUGINS = ['sitemap']\n"
        f"THEME = 'simple'\nTHEME_TEMPLATES_OVERRIDES = [{str(theme)!r}]\n"
        "FEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\nAUTHOR_FEED_ATOM = None\n"
        "AUTHOR_FEED_RSS = None\nTRANSLATION_FEED_ATOM = None\n"
        f"DEFAULT_PAGINATION = {PAGINATION['DEFAULT_PAGINATION']!r}\n"
        f"PAGINATION_PATTERNS = {PAGINATION['PAGINATION_PATTERNS']!r}\n",
    )
    pelican_bin = Path(sys.executable).parent / "pelican"
    done = subprocess.run(
        [str(pelican_bin), "content", "-s", "conf.py", "-o", "output", "--fatal", "warnings"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    # (Pelican's --fatal raises only on its logger's .warning(); the text says it too.)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNING" not in done.stdout + done.stderr, done.stdout + done.stderr
    sitemap = (tmp_path / "output" / "sitemap.xml").read_text()
    assert f"<loc>{u('')}</loc>" in sitemap
    for name in ("tags.html", "categories.html", "authors.html", "archives.html"):
        assert f"<loc>{u(name)}</loc>" not in sitemap, name
    report = check_site(tmp_path / "output", links=NO_LINKS)
    assert [f for f in report.findings if f.code != "lastmod-shared"] == []


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
    report = check_site(built.output, links=NO_LINKS)
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


def lost_notes(built: Any) -> list[str]:
    """The build's INFO lines about pages lost to a canonical URL that is no page here; no
    warning (a ``--fatal warnings`` build pelican-sitemap passed still passes)."""
    assert not built.messages(logging.WARNING)
    return [m for m in built.messages(logging.INFO) if "pages left out" in m]


def test_many_pages_lost_to_canonicals_no_file_serves_is_info(tmp_path: Path) -> None:
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
    warnings = lost_notes(built)
    assert len(warnings) == 1, warnings
    assert "4 of " in warnings[0] and u("tag/aws") in warnings[0], warnings
    assert "names " + u("tags/aws.html") in warnings[0], warnings  # the canonical it names
    summary = [r for r in built.logs if "URLs written" in r.getMessage()]
    assert [r.levelno for r in summary] == [logging.INFO]


def test_a_theme_hard_coding_another_host_name_is_info_and_a_check_finding(
    tmp_path: Path,
) -> None:
    content = clean_blog(tmp_path, articles=4)
    # SITEURL has www., the theme's canonical links do not: every article would be lost.
    overrides = theme_overrides(tmp_path, {"article.html": "https://example.org/{{ article.url }}"})
    built = run_pelican(
        content,
        tmp_path / "output",
        SITEURL="https://www.example.org",
        THEME="simple",
        THEME_TEMPLATES_OVERRIDES=[str(overrides)],
    )
    warnings = lost_notes(built)
    assert len(warnings) == 1, warnings
    assert "4 of " in warnings[0] and "https://www.example.org/post-1.html" in warnings[0]
    assert "names https://example.org/post-1.html" in warnings[0], warnings
    # check warns of each link to a page left out: the owner still hears of it there.
    report = check_site(built.output)
    excluded = [f.message for f in report.findings if f.code == "link-excluded"]
    assert any("https://www.example.org/post-1.html" in m for m in excluded), [
        (f.code, f.message) for f in report.findings
    ]
    assert all(f.severity == "warning" for f in report.findings if f.code == "link-excluded")
