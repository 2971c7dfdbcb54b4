"""A page listed at the URL its own canonical link declares, and a canonical that is the bare
site URL: real ``pelican`` builds in the shape of CloudBytes and kevin.deldycke.com."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest

from sitemap_core.check import check_site
from tests.conftest import SITEURL, run_pelican, write

pytest.importorskip("pelican")

pytestmark = pytest.mark.slow


def u(path: str) -> str:
    return f"{SITEURL}/{path}"


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
    report = check_site(built.output)
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
    report = check_site(tmp_path / "output")
    assert [f for f in report.findings if f.code != "lastmod-shared"] == []
