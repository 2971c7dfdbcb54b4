"""The Pelican site map page: in the theme the site's pages extend, titles as the theme shows
them, labels in the site's language, never an empty page."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from lxml import html as lxml_html

from tests.conftest import locs, run_pelican, u, write, write_files

pytestmark = [
    pytest.mark.slow,
    # Pelican's reST reader calls a docutils API that docutils plans to remove.
    pytest.mark.filterwarnings("ignore::PendingDeprecationWarning"),
]


def _warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.WARNING and r.getMessage().startswith("sitemap:")
    ]


def _blog(root: Path) -> Path:
    content = root / "content"
    write(
        content / "tips.rst",
        "Tips & Tricks ``foo``\n#####################\n\n:date: 2024-01-02\n:category: dev\n\nx\n",
    )
    write(content / "me.md", "Title: Who am&nbsp;I?\nDate: 2024-01-03\nCategory: dev\n\nx\n")
    write(content / "pages" / "about.md", "Title: Über uns\n\nx\n")
    return content


def _section(page: Path) -> lxml_html.HtmlElement:
    doc = lxml_html.parse(str(page)).getroot()
    (section,) = doc.xpath("//section[@class='ssg-sitemap']")
    return section


def test_titles_as_the_theme_shows_them_and_labels_in_the_site_s_language(tmp_path: Path):
    built = run_pelican(
        _blog(tmp_path),
        tmp_path / "output",
        DEFAULT_LANG="de",
        THEME="notmyidea",
        SITEMAP={"html_sitemap": "sitemap.html"},
    )
    assert not built.messages(), built.messages()
    section = _section(built.output / "sitemap.html")
    assert section.get("aria-label") == "Sitemap"  # "Site map" in German
    titles = [a.text_content() for a in section.iter("a")]
    assert "Tips & Tricks foo" in titles and "Who am\u00a0I?" in titles
    assert section.xpath(".//a[contains(., 'Tips')]//code[.='foo']")
    headings = [h.text_content() for h in section.iter("h2")]
    assert headings == ["Seiten", "dev", "Archiv"]  # Pages, a category, Archives
    assert {"Kategorien", "Schlagwörter", "Archiv"} <= set(titles)  # the overview pages


def test_the_template_the_theme_s_pages_extend(tmp_path: Path):
    # A theme without a top-level base.html (alexis: layouts/base.html): the page was rendered
    # in Pelican's bare "simple" theme.
    theme = write_files(
        tmp_path / "theme",
        {
            "templates/layouts/base.html": (
                "<html><body><header>ALEXIS</header>{% block content %}{% endblock %}</body></html>"
            ),
            "templates/page.html": '{% extends "layouts/base.html" %}{% block content %}'
            "{{ page.content }}{% endblock %}",
            "templates/article.html": '{% extends "layouts/base.html" %}',
            "templates/index.html": '{% extends "layouts/base.html" %}',
        },
    )
    built = run_pelican(
        _blog(tmp_path), tmp_path / "output", THEME=str(theme), SITEMAP={"html_sitemap": "map.html"}
    )
    assert not built.messages(), built.messages()
    text = (built.output / "map.html").read_text()
    assert "<header>ALEXIS</header>" in text and 'class="ssg-sitemap"' in text
    # Named by the setting: used as it is.
    write(
        theme / "templates" / "layouts" / "other.html",
        "<main>OTHER{% block content %}{% endblock %}</main>",
    )
    built = run_pelican(
        _blog(tmp_path),
        tmp_path / "output",
        THEME=str(theme),
        SITEMAP={"html_sitemap": "map.html", "html_template": "layouts/other.html"},
    )
    assert not built.messages(), built.messages()
    assert "<main>OTHER" in (built.output / "map.html").read_text()


def test_a_theme_without_a_template_to_extend_says_which_setting(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    theme = write_files(
        tmp_path / "theme",
        {
            "templates/page.html": "<html>{{ page.content }}</html>",
            "templates/index.html": "<html><body>home</body></html>",
        },
    )
    built = run_pelican(
        _blog(tmp_path), tmp_path / "output", THEME=str(theme), SITEMAP={"html_sitemap": "map.html"}
    )
    (message,) = _warnings(caplog)
    assert "SITEMAP['html_template']" in message
    assert not (built.output / "map.html").exists()
    assert u("map.html") not in locs(built.output / "sitemap.xml")


def test_a_base_without_a_content_block_writes_no_empty_page(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    theme = write_files(
        tmp_path / "theme",
        {
            "templates/base.html": "<html><body>{% block main %}{% endblock %}</body></html>",
            "templates/index.html": '{% extends "base.html" %}{% block main %}home{% endblock %}',
        },
    )
    built = run_pelican(
        _blog(tmp_path), tmp_path / "output", THEME=str(theme), SITEMAP={"html_sitemap": "map.html"}
    )
    (message,) = _warnings(caplog)
    assert "content" in message and "base.html" in message
    assert not (built.output / "map.html").exists()
    assert u("map.html") not in locs(built.output / "sitemap.xml")


@pytest.mark.parametrize(
    ("name", "owner"), [("index.html", "the home page"), ("post.html", "the article 'Post'")]
)
def test_a_page_name_pelican_writes_already_is_a_named_setting_error(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, name: str, owner: str
):
    """Pelican 4.12's writer raises ``FileOverwriteFailedError`` ("Failed to overwrite"),
    4.10's a ``RuntimeError`` ("is to be overwritten"): either is said, naming whose file."""
    content = tmp_path / "content"
    write(content / "post.md", "Title: Post\nDate: 2024-01-02\nCategory: News\n\nBody.\n")
    built = run_pelican(content, tmp_path / "output", SITEMAP={"html_sitemap": name})
    assert _warnings(caplog) == [
        f"sitemap: SITEMAP['html_sitemap']: {name!r} is a file Pelican writes already "
        f"({owner}); no HTML sitemap is written: choose another name, e.g. 'sitemap.html'"
    ]
    assert u("post.html") in locs(built.output / "sitemap.xml")
