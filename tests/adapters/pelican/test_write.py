"""The Pelican adapter's files: ``gzip_only`` writes the ``.gz`` sitemap robots.txt names; a
leftover ``WRITE_SELECTED`` is ignored. Real ``pelican`` builds."""

from __future__ import annotations

import gzip
import logging
from pathlib import Path

import pytest

from tests.adapters.pelican.conftest import small_blog
from tests.conftest import run_pelican, u

pytest.importorskip("pelican")


pytestmark = pytest.mark.slow


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


def test_a_build_excluding_every_page_takes_its_files_and_robots_line_away(
    tmp_path: Path,
) -> None:
    """The pipeline's empty build, through Pelican: no sitemap (an empty urlset is invalid),
    and nothing of ours left naming it; the site's own robots rules stay."""
    content = small_blog(tmp_path)
    output = tmp_path / "output"
    output.mkdir()
    own = "User-agent: *\nDisallow: /drafts/\n"
    (output / "robots.txt").write_text(own)
    first = run_pelican(content, output, SITEMAP={"xsl": True})
    assert (output / "sitemap.xml").is_file() and (output / "sitemap.xsl").is_file()
    assert (output / "robots.txt").read_text() == own + f"Sitemap: {u('sitemap.xml')}\n"
    assert not first.messages()
    empty = run_pelican(content, output, SITEMAP={"xsl": True, "exclude": [".*"]})
    assert not (output / "sitemap.xml").exists() and not (output / "sitemap.xsl").exists()
    assert (output / "robots.txt").read_text() == own
    assert empty.messages() == [
        "sitemap: no pages to list; no sitemap written (the earlier sitemap.xml, sitemap.xsl "
        "and its Sitemap line in robots.txt removed)"
    ]


def test_a_theme_s_own_sitemap_xml_is_replaced_as_pelican_sitemap_did(tmp_path: Path) -> None:
    """A theme writing ``sitemap.xml`` from ``DIRECT_TEMPLATES`` (Full Stack Python's):
    pelican-sitemap's file replaced it, so ours does, with one INFO line (no warning, so
    ``--fatal warnings`` stays green)."""
    import pelican

    theme = tmp_path / "theme"
    simple = Path(pelican.__file__).parent / "themes" / "simple" / "templates"
    (theme / "templates").mkdir(parents=True)
    for template in simple.iterdir():
        (theme / "templates" / template.name).write_bytes(template.read_bytes())
    (theme / "templates" / "sitemap.html").write_text(
        '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        "{% for a in articles %}<url><loc>{{ SITEURL }}/{{ a.url }}</loc></url>{% endfor %}"
        "</urlset>"
    )
    templates = ["index", "categories", "authors", "archives", "sitemap"]
    built = run_pelican(
        small_blog(tmp_path),
        tmp_path / "output",
        THEME=str(theme),
        DIRECT_TEMPLATES=templates,
        SITEMAP_SAVE_AS="sitemap.xml",
    )
    assert built.messages() == []
    assert [m for m in built.messages(logging.INFO) if "theme" in m] == [
        "sitemap: the theme wrote sitemap.xml (DIRECT_TEMPLATES); ssg-sitemap's replaces it, "
        "as pelican-sitemap's did"
    ]
    assert u("pages/about.html") in built.urls()
    assert u("sitemap.xml") not in built.urls()


#: The start of pelican-sitemap 1.2.2's sitemap.xml, as it writes it (its XML_HEADER).
INCUMBENT_XML = (
    '<?xml version="1.0" encoding="utf-8"?>\n'
    '<urlset xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"\n'
    'xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 '
    'http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd"\n'
    'xmlns:xhtml="http://www.w3.org/1999/xhtml"\n'
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
    "<url>\n<loc>https://example.org/old.html</loc>\n</url>\n</urlset>\n"
)


def test_pelican_sitemap_s_leftover_is_replaced_and_a_static_one_kept(tmp_path: Path) -> None:
    """The first build after the switch into an output folder Pelican does not empty: the
    file pelican-sitemap's last build left is replaced with one INFO line (``--fatal
    warnings`` stays green); the same bytes as a static file of the site are the site's."""
    output = tmp_path / "output"
    output.mkdir()
    (output / "sitemap.xml").write_text(INCUMBENT_XML)
    built = run_pelican(small_blog(tmp_path), output)
    assert built.messages() == []
    assert [m for m in built.messages(logging.INFO) if "pelican-sitemap's" in m] == [
        "sitemap: sitemap.xml, pelican-sitemap's from an earlier build, is replaced"
    ]
    assert u("pages/about.html") in built.urls() and u("old.html") not in built.urls()
    # A static file of the site with those bytes: kept, and no sitemap over it.
    content = small_blog(tmp_path / "again")
    (content / "extra").mkdir()
    (content / "extra" / "sitemap.xml").write_text(INCUMBENT_XML)
    statics = {
        "STATIC_PATHS": ["extra"],
        "EXTRA_PATH_METADATA": {"extra/sitemap.xml": {"path": "sitemap.xml"}},
    }
    again = run_pelican(content, tmp_path / "again" / "output", **statics)
    assert (tmp_path / "again" / "output" / "sitemap.xml").read_text() == INCUMBENT_XML
    assert any("sitemap.xml" in m for m in again.messages()), again.messages()
