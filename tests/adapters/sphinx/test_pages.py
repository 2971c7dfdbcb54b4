"""``plugins/sphinx/pages.py``: which pages a Sphinx build writes are listed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import sphinx_build, write_files

pytestmark = pytest.mark.slow

BASE = "https://docs.example.org/"


def test_an_additional_page_from_an_xhtml_template_is_listed(tmp_path: Path) -> None:
    """A page's template is told from other templates (``opensearch.xml``) by the core's page
    suffixes (``values.is_page_file``); the adapter's own list lacked ``.xhtml``, so a page
    rendered from ``book.xhtml`` was left out."""
    project = write_files(
        tmp_path / "src",
        {
            "conf.py": (
                f'extensions = ["ssg_sitemap.sphinx"]\nhtml_baseurl = "{BASE}"\n'
                'sitemap_url_scheme = "{link}"\n'
                'templates_path = ["_templates"]\n'
                'html_additional_pages = {"book": "book.xhtml"}\n'
            ),
            "index.rst": "Home\n====\n",
            "_templates/book.xhtml": (
                '{% extends "layout.html" %}{% block body %}<h1>Book</h1>{% endblock %}'
            ),
        },
    )
    built = sphinx_build(project, tmp_path / "out")
    assert built.statuscode == 0, built.warnings
    assert BASE + "book.html" in built.locs()
