"""``same_page`` and ``served_file``: which file serves a URL, and when two URLs are one page."""

from __future__ import annotations

from pathlib import Path

from sitemap_core import PageRecord
from sitemap_core._check import LinkOptions, check_site
from sitemap_core._values import absolute_url, in_form_of, is_under, same_page, served_file
from tests.conftest import core_build, locs, write_files

BASE = "https://example.org/"

#: The link findings (true ones here too) are test_links.py's, not these tests'.
NO_LINKS = LinkOptions(enabled=False)


def test_served_file_tries_the_path_its_index_then_path_html(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "tag/aws/index.html": "x",
            "authors.html": "x",
            "authors/ann.html": "x",
            "guide.pdf": "x",
        },
    )
    assert served_file(tmp_path, BASE, BASE + "tag/aws") == tmp_path / "tag/aws/index.html"
    assert served_file(tmp_path, BASE, BASE + "tag/aws/") == tmp_path / "tag/aws/index.html"
    # A folder without an index beside x.html: clean-URL hosts serve x.html.
    assert served_file(tmp_path, BASE, BASE + "authors") == tmp_path / "authors.html"
    assert served_file(tmp_path, BASE, BASE + "authors/") is None
    assert served_file(tmp_path, BASE, BASE + "guide.pdf") == tmp_path / "guide.pdf"
    assert served_file(tmp_path, BASE, BASE + "../../etc/passwd") is None
    assert served_file(tmp_path, BASE, "https://other.example/tag/aws") is None


def test_same_page_forms(tmp_path: Path) -> None:
    write_files(tmp_path, {"tag/aws/index.html": "x", "x.html": "x", "x/index.html": "y"})

    def served(url: str) -> Path | None:
        return served_file(tmp_path, BASE, url)

    # Normalising alone: host case, default port, a final index.html.
    assert same_page("https://EXAMPLE.org:443/a/index.html", BASE + "a/")
    assert not same_page(BASE + "tag/aws", BASE + "tag/aws/")  # without knowing the files
    for form in ("tag/aws", "tag/aws/", "tag/aws/index.html"):
        assert same_page(BASE + form, BASE + "tag/aws/", served), form
    # x.html and x/ are two files here: two pages.
    assert not same_page(BASE + "x.html", BASE + "x/", served)
    # ... and x (a folder with an index) is x/index.html's page, not x.html's.
    assert same_page(BASE + "x", BASE + "x/index.html", served)
    assert not same_page(BASE + "x", BASE + "x.html", served)
    assert not same_page("https://www.example.org/tag/aws", BASE + "tag/aws/", served)
    assert not same_page(BASE + "tag/aws?p=2", BASE + "tag/aws/", served)


def page(head: str = "") -> str:
    return f"<!DOCTYPE html><html><head><title>t</title>{head}</head><body>x</body></html>"


def test_a_canonical_target_that_is_a_page_of_the_site_is_listed_once(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "print/a.html": page('<link rel="canonical" href="https://example.org/a.html#top">'),
            "a.html": page(),
            "p2.html": page('<link rel="canonical" href="/p1.html">'),
            "p1.html": page(),
            "gone.html": page('<link rel="canonical" href="/missing.html">'),
        },
    )
    records = [
        PageRecord(url=name, output=tmp_path / name)
        for name in ("print/a.html", "p1.html", "p2.html", "gone.html")
    ]
    report = core_build(records, tmp_path)
    assert locs(tmp_path / "sitemap.xml") == [BASE + "a.html", BASE + "p1.html"]
    assert report.excluded == {"canonical elsewhere": 3}
    assert report.warnings == 0


def test_a_real_duplicate_of_a_canonical_target_is_still_reported(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {"p1.html": page(), "p2.html": page('<link rel="canonical" href="/p1.html">')},
    )
    records = [
        PageRecord(url=name, output=tmp_path / name) for name in ("p1.html", "p2.html", "p1.html")
    ]
    report = core_build(records, tmp_path)
    assert locs(tmp_path / "sitemap.xml") == [BASE + "p1.html"]
    assert report.excluded == {"canonical elsewhere": 1, "duplicate": 1}
    assert report.warnings == 1


def test_the_base_url_without_its_slash_is_the_base_url(tmp_path: Path) -> None:
    write_files(tmp_path, {"index.html": "x"})
    assert is_under("https://example.org/", "https://example.org")
    assert is_under("https://example.org/blog/", "https://example.org/blog")
    assert not is_under("https://example.org/blog/", "https://example.org/blo")
    blog = "https://example.org/blog/"
    assert absolute_url(blog, "https://example.org/blog") == blog
    assert served_file(tmp_path, blog, "https://example.org/blog") == tmp_path / "index.html"


def test_a_url_in_the_form_of_its_canonical() -> None:
    assert in_form_of(BASE + "page/2/", BASE + "page/2") == BASE + "page/2"
    assert in_form_of(BASE + "archives.html", BASE + "archives") == BASE + "archives"
    assert in_form_of(BASE + "x", BASE + "x.html") == BASE + "x.html"
    assert in_form_of(BASE + "x/index.html", BASE + "x") == BASE + "x"
    assert in_form_of(BASE + "x.html", BASE + "x/index.html") == BASE + "x/"
    # Only the form changes: the URL's own folders stay (a Sphinx {lang}{version} scheme).
    assert in_form_of(BASE + "en/1.0/a.html", "https://docs.example.org/a") == BASE + "en/1.0/a"


def test_a_page_is_listed_in_its_canonical_form_and_check_agrees(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "page/2/index.html": page('<link rel="canonical" href="https://example.org/page/2">'),
            "archives.html": page('<link rel="canonical" href="/archives">'),
            "index.html": page('<link rel="canonical" href="https://example.org">'),
            "tags.html": page('<link rel="canonical" href="https://example.org">'),
        },
    )
    records = [
        PageRecord(url=url, output=tmp_path / name)
        for url, name in (
            ("page/2/", "page/2/index.html"),
            ("archives.html", "archives.html"),
            ("", "index.html"),
            ("tags.html", "tags.html"),
        )
    ]
    report = core_build(records, tmp_path)
    assert locs(tmp_path / "sitemap.xml") == [BASE, BASE + "archives", BASE + "page/2"]
    assert report.excluded == {"canonical elsewhere": 1}
    assert report.warnings == 0
    found = check_site(tmp_path, BASE, links=NO_LINKS)
    assert [f for f in found.findings if f.code != "lastmod-shared"] == []
