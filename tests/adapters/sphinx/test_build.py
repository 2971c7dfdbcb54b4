"""The Sphinx adapter on real Sphinx builds: pages, metadata, robots.txt, configuration,
builders, incremental and parallel builds."""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from tests.conftest import SEARCH_LISTED, SPHINX, SphinxRun, locs, sphinx_build, write_files

pytestmark = pytest.mark.slow

BASE = "https://docs.example.org/"
ODD_NAME = "my page & ü"

CONF = f"""
import sys, pathlib
sys.path.insert(0, str(pathlib.Path(__file__).parent))
extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.viewcode", "ssg_sitemap.sphinx"]
html_baseurl = "{BASE}"
sitemap_url_scheme = "{{link}}"
sitemap_rules = [{{"pattern": "guide/*", "changefreq": "weekly", "priority": 0.7}}]
html_extra_path = ["extra"]
templates_path = ["_templates"]
html_additional_pages = {{"download": "download.html"}}
exclude_patterns = ["_build", "snippets"]
"""

FILES = {
    "conf.py": CONF,
    "index.rst": "Home\n====\n\n.. toctree::\n\n   guide/intro\n   api\n   notes\n   bad\n",
    "guide/intro.rst": (
        ":sitemap_changefreq: daily\n\nIntro\n=====\n\n.. include:: ../snippets/part.rst\n"
    ),
    "snippets/part.rst": "Included text.\n",
    "api.rst": "API\n===\n\n.. automodule:: demo_mod\n   :members:\n",
    "demo_mod.py": '"""Demo module."""\n\n\ndef hello():\n    """Say hello."""\n',
    "notes.md": "---\nsitemap:\n  priority: 0.3\n---\n# Notes\n\nMyST page.\n",
    "draft.md": "---\norphan: true\nsitemap_exclude: true\n---\n# Draft\n",
    "bad.rst": (
        ":sitemap_priority: 2\n:sitemap_changefreq: sometimes\n\nBad\n===\n\nInvalid values.\n"
    ),
    "hidden.rst": ":orphan:\n:sitemap_exclude: yes\n\nHidden\n======\n",
    "orphan.rst": ":orphan:\n\nOrphan\n======\n\nIn no toctree, still listed.\n",
    f"{ODD_NAME}.rst": ":orphan:\n\nOdd name\n========\n",
    "_templates/download.html": (
        '{% extends "layout.html" %}{% block body %}<h1>Download</h1>{% endblock %}'
    ),
    "extra/robots.txt": "User-agent: *\nDisallow: /private/\n",
}

DOC_LINKS = [
    "index.html",
    "guide/intro.html",
    "api.html",
    "notes.html",
    "bad.html",
    "orphan.html",
    "my%20page%20&%20%C3%BC.html",
]
EXTRA_LINKS = [
    "genindex.html",
    "py-modindex.html",
    "download.html",
    "_modules/index.html",
    "_modules/demo_mod.html",
]
SEARCH = ["search.html"] if SEARCH_LISTED else []


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_files(tmp_path_factory.mktemp("project"), FILES)


@pytest.fixture(scope="module")
def html(project: Path, tmp_path_factory: pytest.TempPathFactory) -> SphinxRun:
    return sphinx_build(project, tmp_path_factory.mktemp("out") / "html")


@pytest.fixture(scope="module")
def dirhtml(project: Path, tmp_path_factory: pytest.TempPathFactory) -> SphinxRun:
    return sphinx_build(project, tmp_path_factory.mktemp("out") / "dirhtml", "dirhtml")


def test_lists_every_document_and_extra_page(html: SphinxRun) -> None:
    assert sorted(html.locs()) == sorted(BASE + link for link in DOC_LINKS + EXTRA_LINKS + SEARCH)


def test_output_is_schema_valid(html: SphinxRun, dirhtml: SphinxRun, xsd_dir: Path) -> None:
    schema = etree.XMLSchema(etree.parse(str(xsd_dir / "sitemap.xsd")))
    for built in (html, dirhtml):
        schema.assertValid(etree.parse(str(built.sitemap)))


def test_odd_document_name_is_encoded_and_escaped(html: SphinxRun) -> None:
    raw = html.sitemap.read_text(encoding="utf-8")
    assert f"<loc>{BASE}my%20page%20&amp;%20%C3%BC.html</loc>" in raw


def test_excluded_pages_and_reasons(html: SphinxRun) -> None:
    locs = html.locs()
    for left_out in ("hidden.html", "draft.html", *(() if SEARCH_LISTED else ("search.html",))):
        assert BASE + left_out not in locs
    assert "2 front matter" in html.status
    assert SEARCH_LISTED or "1 noindex" in html.status


def test_metadata_and_rules(html: SphinxRun) -> None:
    intro = BASE + "guide/intro.html"
    assert html.field(intro, "changefreq") == "daily"  # file-wide field beats the rule
    assert html.field(intro, "priority") == "0.7"  # from sitemap_rules
    assert html.field(BASE + "notes.html", "priority") == "0.3"  # MyST front matter mapping
    assert html.field(BASE + "index.html", "priority") is None
    assert html.field(BASE + "index.html", "lastmod") is None  # sitemap_show_lastmod off


def test_invalid_metadata_warns_with_the_document(html: SphinxRun) -> None:
    lines = [line for line in html.warnings.splitlines() if "bad.rst" in line]
    assert any("sitemap_priority" in line and "2" in line for line in lines), html.warnings
    assert any("sitemap_changefreq" in line and "sometimes" in line for line in lines)
    assert html.field(BASE + "bad.html", "priority") is None  # the default is used
    assert "Traceback" not in html.warnings


def test_robots_txt_from_extra_path_is_merged(html: SphinxRun) -> None:
    robots = (html.out / "robots.txt").read_text(encoding="utf-8")
    assert robots == f"User-agent: *\nDisallow: /private/\nSitemap: {BASE}sitemap.xml\n"


def test_no_html_side_effects(html: SphinxRun) -> None:
    page = (html.out / "guide" / "intro.html").read_text(encoding="utf-8")
    assert "sitemap" not in page.lower()


def test_dirhtml_links(dirhtml: SphinxRun) -> None:
    locs = set(dirhtml.locs())
    assert BASE in locs
    assert BASE + "guide/intro/" in locs
    assert BASE + "genindex/" in locs
    assert BASE + "_modules/demo_mod/" in locs
    assert (BASE + "search/" in locs) == SEARCH_LISTED
    assert len(locs) == len(DOC_LINKS) + len(EXTRA_LINKS) + len(SEARCH)


def test_incremental_and_parallel_builds_give_the_same_bytes(project: Path, tmp_path: Path) -> None:
    src = shutil.copytree(project, tmp_path / "src", ignore=shutil.ignore_patterns("_build"))
    fresh = sphinx_build(src, tmp_path / "html")
    first = fresh.sitemap.read_bytes()
    assert first.count(b"<url>") == len(DOC_LINKS) + len(EXTRA_LINKS) + len(SEARCH)

    unchanged = sphinx_build(src, tmp_path / "html", fresh=False)
    assert "no targets are out of date" in unchanged.status
    assert unchanged.sitemap.read_bytes() == first

    intro = src / "guide" / "intro.rst"
    intro.write_text(intro.read_text(encoding="utf-8") + "\nMore text.\n", encoding="utf-8")
    edited = sphinx_build(src, tmp_path / "html", fresh=False)
    assert "1 source files that are out of date" in edited.status
    assert edited.sitemap.read_bytes() == first

    parallel = sphinx_build(src, tmp_path / "j2", parallel=2)
    assert parallel.sitemap.read_bytes() == first
    assert parallel.warnings == fresh.warnings


def test_singlehtml_lists_one_page(project: Path, tmp_path: Path) -> None:
    built = sphinx_build(project, tmp_path / "single", "singlehtml")
    # Every document is an anchor on the root page (served at the base URL; linked as
    # index.html before Sphinx 7.3).
    root = BASE + ("index.html" if SPHINX < (7, 3) else "")
    assert sorted(built.locs()) == sorted([root, BASE + "download.html"])


def sphinx_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``sphinx-build ARGS`` in its own process."""
    sphinx_build_bin = str(Path(sys.executable).parent / "sphinx-build")
    return subprocess.run(
        [sphinx_build_bin, *args], capture_output=True, text=True, env=env, check=False
    )


SMALL = {
    "conf.py": 'extensions = ["ssg_sitemap.sphinx"]\n',
    "index.rst": "Home\n====\n\n.. toctree::\n\n   other\n",
    "other.rst": "Other\n=====\n",
}


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_files(tmp_path_factory.mktemp("small"), SMALL)


def test_a_rebuild_excluding_every_page_takes_its_files_and_robots_line_away(
    small: Path, tmp_path: Path
) -> None:
    """A rebuild that lists nothing leaves no sitemap, no stylesheet of ours and
    no robots.txt line naming them (the pipeline's rule, as in every adapter)."""
    out = tmp_path / "html"
    styled = {"html_baseurl": BASE, "sitemap_url_scheme": "{link}", "sitemap_xsl": True}
    first = sphinx_build(small, out, overrides=styled)
    assert first.sitemap.is_file() and (out / "sitemap.xsl").is_file()
    assert f"Sitemap: {BASE}sitemap.xml" in (out / "robots.txt").read_text()
    empty = sphinx_build(small, out, overrides={**styled, "sitemap_excludes": ["*"]})
    assert not first.sitemap.exists() and not (out / "sitemap.xsl").exists()
    assert "Sitemap:" not in (out / "robots.txt").read_text()
    assert (
        "sitemap: no pages to list; no sitemap written (the earlier sitemap.xml, sitemap.xsl "
        "and its Sitemap line in robots.txt removed)" in empty.warnings
    )


@pytest.mark.parametrize("builder", ["epub", "latex", "text", "linkcheck"])
def test_other_builders_are_skipped_silently(small: Path, tmp_path: Path, builder: str) -> None:
    built = sphinx_build(small, tmp_path / builder, builder, overrides={"html_baseurl": BASE})
    assert not built.sitemap.exists()
    assert not (built.out / "robots.txt").exists()
    assert "sitemap" not in built.status + built.warnings


def test_no_base_url_is_one_info_message_and_passes_w(small: Path, tmp_path: Path) -> None:
    out = tmp_path / "html"
    env = {k: v for k, v in os.environ.items() if k != "READTHEDOCS_CANONICAL_URL"}
    result = sphinx_cli("-W", "-b", "html", str(small), str(out), env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("sitemap:") == 1
    assert "no sitemap written: html_baseurl is not set" in result.stdout
    assert "sitemap" not in result.stderr
    assert not (out / "sitemap.xml").exists()


def test_invalid_metadata_fails_a_w_build(tmp_path: Path) -> None:
    src = write_files(
        tmp_path / "src",
        {**SMALL, "other.rst": ":sitemap_priority: 2\n\nOther\n=====\n"},
    )
    result = sphinx_cli(
        *("-W", "-q", "-D", f"html_baseurl={BASE}", "-D", "sitemap_url_scheme={link}"),
        *("-b", "html", str(src), str(tmp_path / "html")),
    )
    assert result.returncode != 0
    assert "sitemap: other.rst: sitemap_priority: '2' is outside 0.0–1.0" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_rebuild_without_base_url_or_with_a_bad_setting_takes_the_sitemap_away(
    small: Path, tmp_path: Path
) -> None:
    out = tmp_path / "html"
    assert sphinx_build(small, out, overrides={"html_baseurl": BASE}).sitemap.exists()
    built = sphinx_build(small, out, overrides={"html_baseurl": "/"})
    assert "html_baseurl is not set" in built.status
    assert "the previous build's sitemap.xml removed" in built.status
    assert not built.sitemap.exists()
    assert sphinx_build(small, out, overrides={"html_baseurl": BASE}).sitemap.exists()
    bad = sphinx_build(small, out, overrides={"html_baseurl": BASE, "sitemap_max_urls": 0})
    assert "(the previous build's sitemap.xml removed)" in bad.warnings
    assert not bad.sitemap.exists()


def test_path_only_html_baseurl_counts_as_none(small: Path, tmp_path: Path) -> None:
    # Read the Docs templates: html_baseurl = os.environ.get("READTHEDOCS_CANONICAL_URL", "/")
    built = sphinx_build(small, tmp_path / "html", overrides={"html_baseurl": "/"})
    assert built.warnings == ""
    assert "no sitemap written: html_baseurl is not set" in built.status
    assert not built.sitemap.exists()


def test_no_base_url_under_strict_fails(small: Path, tmp_path: Path) -> None:
    built = sphinx_build(small, tmp_path / "html", overrides={"sitemap_strict": True})
    assert built.statuscode == 1
    assert "no sitemap written: html_baseurl is not set" in built.warnings
    assert not built.sitemap.exists()


@pytest.mark.parametrize(
    ("overrides", "named"),
    [
        ({"sitemap_max_urls": 0}, "sitemap_max_urls"),
        ({"sitemap_url_scheme": "{lang}{page}"}, "sitemap_url_scheme"),
        ({"html_baseurl": "docs.example.org/x/"}, "html_baseurl"),
        ({"sitemap_rules": [{"pattern": "a/*", "changefreq": "often"}]}, "sitemap_rules"),
        ({"sitemap_filename": "../../sitemap.xml"}, "sitemap_filename"),
        ({"sitemap_filename": "sub/sitemap.xml"}, "sitemap_filename"),
        # Pages Sphinx writes itself: the site map page would replace them.
        ({"sitemap_html": "genindex.html"}, "sitemap_html"),
        ({"sitemap_html": "search.html"}, "sitemap_html"),
        ({"sitemap_html": "py-modindex.html"}, "sitemap_html"),
        (
            {"sitemap_html": "extra.html", "html_additional_pages": {"extra": "page.html"}},
            "sitemap_html",
        ),
        ({"sitemap_filename": "sitemap.xsl", "sitemap_xsl": True}, "sitemap_filename"),
        ({"sitemap_sections": {"blog/*": "index"}}, "sitemap_sections"),
    ],
)
def test_config_errors_name_the_conf_value(
    small: Path, tmp_path: Path, overrides: dict[str, Any], named: str
) -> None:
    built = sphinx_build(small, tmp_path / "html", overrides={"html_baseurl": BASE, **overrides})
    assert f"invalid setting in conf.py: {named}:" in built.warnings
    assert "Traceback" not in built.warnings + built.status
    assert not built.sitemap.exists()


def test_read_the_docs_canonical_url(
    small: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("READTHEDOCS_CANONICAL_URL", "https://proj.readthedocs.io/en/latest/")
    built = sphinx_build(small, tmp_path / "html")
    # The canonical URL already has /en/latest/: the default scheme does not add "en/" again.
    assert set(built.locs()) == {
        "https://proj.readthedocs.io/en/latest/index.html",
        "https://proj.readthedocs.io/en/latest/other.html",
        "https://proj.readthedocs.io/en/latest/genindex.html",
        *("https://proj.readthedocs.io/en/latest/" + s for s in SEARCH),
    }
    # Not a host root: robots.txt is left alone (info, not a warning).
    assert not (built.out / "robots.txt").exists()
    assert built.warnings == ""


def test_a_bad_read_the_docs_canonical_url_is_named_as_the_variable(
    small: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("READTHEDOCS_CANONICAL_URL", "ftp://proj.readthedocs.io/en/latest/")
    built = sphinx_build(small, tmp_path / "html")
    assert (
        "sitemap: invalid environment variable: READTHEDOCS_CANONICAL_URL: "
        "'ftp://proj.readthedocs.io/en/latest/' must use http or https" in built.warnings
    ), built.warnings
    assert "conf.py" not in built.warnings
    assert not built.sitemap.exists()


def test_html_baseurl_wins_over_read_the_docs(
    small: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("READTHEDOCS_CANONICAL_URL", "https://proj.readthedocs.io/en/latest/")
    built = sphinx_build(
        small, tmp_path / "html", overrides={"html_baseurl": BASE, "sitemap_url_scheme": "{link}"}
    )
    assert BASE + "other.html" in built.locs()


def test_failed_build_writes_nothing(small: Path, tmp_path: Path) -> None:
    src = write_files(
        tmp_path / "src",
        {
            **SMALL,
            "conf.py": (
                'extensions = ["ssg_sitemap.sphinx"]\nhtml_baseurl = "https://e.org/"\n'
                "def boom(app):\n    raise RuntimeError('boom')\n"
                "def setup(app):\n    app.connect('html-collect-pages', boom)\n"
            ),
        },
    )
    with pytest.raises(Exception, match="boom"):
        sphinx_build(src, tmp_path / "html")
    assert not (tmp_path / "html" / "sitemap.xml").exists()
    assert not (tmp_path / "html" / "robots.txt").exists()


def test_head_checks_gzip(small: Path, tmp_path: Path, xsd_dir: Path) -> None:
    src = write_files(
        tmp_path / "src",
        {
            "conf.py": (
                'extensions = ["ssg_sitemap.sphinx"]\ntemplates_path = ["_templates"]\n'
                "html_sidebars = {'**': []}\n"
            ),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   other\n   secret\n   plain\n",
            "other.rst": "Other\n=====\n",
            "secret.rst": "Secret\n======\n\n.. meta::\n   :robots: noindex\n",
            "plain.rst": "Plain\n=====\n\n.. raw:: html\n\n   <p>canonical in the body</p>\n",
            # A theme-level canonical pointing at another page (no html_baseurl: Sphinx
            # writes none of its own).
            "_templates/layout.html": (
                '{% extends "!layout.html" %}{% block extrahead %}{% if pagename == "other" %}'
                '<link rel="canonical" href="https://e.org/index.html">'
                "{% endif %}{{ super() }}{% endblock %}"
            ),
        },
    )
    built = sphinx_build(
        src,
        tmp_path / "html",
        overrides={
            "site_url": "https://e.org/",
            "sitemap_gzip": True,
            "sitemap_url_scheme": "{link}",
        },
    )
    assert sorted(built.locs()) == sorted(
        [
            "https://e.org/genindex.html",
            "https://e.org/index.html",
            "https://e.org/plain.html",
            *("https://e.org/" + s for s in SEARCH),
        ]
    )
    assert "1 canonical elsewhere" in built.status
    # secret.html and search.html (from Sphinx 7.3 on)
    assert f"{1 if SEARCH_LISTED else 2} noindex" in built.status
    with gzip.open(built.out / "sitemap.xml.gz") as handle:
        assert handle.read() == built.sitemap.read_bytes()
    schema = etree.XMLSchema(etree.parse(str(xsd_dir / "sitemap.xsd")))
    schema.assertValid(etree.parse(str(built.sitemap)))


# A stand-in for sphinx-sitemap 2.9 (not a test dependency): the config values it registers
# and a sitemap.xml written at build-finished, as the real one does.
FAKE_SPHINX_SITEMAP = """
import os


def setup(app):
    app.add_config_value("site_url", None, "")
    app.add_config_value("sitemap_url_scheme", "{lang}{version}{link}", "")
    app.add_config_value("sitemap_locales", [], "")
    app.add_config_value("sitemap_filename", "sitemap.xml", "")
    app.add_config_value("sitemap_excludes", [], "")
    app.add_config_value("sitemap_show_lastmod", False, "")
    app.add_config_value("sitemap_indent", 0, "")
    app.connect("build-finished", write)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def write(app, exception):
    # app.outdir is a str before Sphinx 7.2.
    with open(os.path.join(app.outdir, app.config.sitemap_filename), "w") as handle:
        handle.write("<urlset>written by the stand-in</urlset>")
"""


@pytest.mark.parametrize("order", ["before", "after"])
def test_sphinx_sitemap_also_in_extensions_is_one_warning(tmp_path: Path, order: str) -> None:
    names = ["sphinx_sitemap", "ssg_sitemap.sphinx"]
    if order == "after":
        names.reverse()
    src = write_files(
        tmp_path / "src",
        {
            **SMALL,
            "conf.py": (
                "import sys, pathlib\nsys.path.insert(0, str(pathlib.Path(__file__).parent))\n"
                f"extensions = {names!r}\nsitemap_url_scheme = '{{link}}'\n"
                f"html_baseurl = '{BASE}'\n"
            ),
            "sphinx_sitemap.py": FAKE_SPHINX_SITEMAP,
        },
    )
    # A separate process: Pelican, imported by other tests, makes every logger created after it
    # drop a message it has seen before, and both orders log the same one.
    out = tmp_path / "html"
    result = sphinx_cli("-q", "-b", "html", str(src), str(out))
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "WARNING" in line]
    assert len(warnings) == 1, result.stderr
    assert "sphinx_sitemap is also in extensions; both write sitemap.xml" in warnings[0]
    assert 'remove "sphinx_sitemap" from extensions in conf.py' in warnings[0]
    if SPHINX >= (8, 0):  # Sphinx shows warning types from 8.0 on
        # suppress_warnings = ["sitemap"] or ["sitemap.config"] silences it
        assert "[sitemap.config]" in warnings[0]
    # Ours runs last at build-finished, so the file left is ours, with the shared conf values.
    assert locs(out / "sitemap.xml") == [
        BASE + page for page in ("genindex.html", "index.html", "other.html", *SEARCH)
    ]


def sphinx_sitemap_file(path: Path, locs: list[str]) -> None:
    """A sitemap as sphinx-sitemap 2.9 writes it (its own ElementTree calls)."""
    from xml.etree import ElementTree

    root = ElementTree.Element("urlset", xmlns="http://www.sitemaps.org/schemas/sitemap/0.9")
    for loc in locs:
        ElementTree.SubElement(ElementTree.SubElement(root, "url"), "loc").text = loc
    path.parent.mkdir(parents=True, exist_ok=True)
    ElementTree.ElementTree(root).write(path, xml_declaration=True, encoding="utf-8", method="xml")


def test_sphinx_sitemap_s_file_from_an_earlier_build_is_replaced(tmp_path: Path) -> None:
    # The migration: sphinx_sitemap swapped for ours in extensions, then `make html` into the
    # same folder. Its file is no user's: ours replaces it, and -W stays green.
    conf = SMALL["conf.py"] + f"html_baseurl = '{BASE}'\nsitemap_url_scheme = '{{link}}'\n"
    src = write_files(tmp_path / "src", {**SMALL, "conf.py": conf})
    out = tmp_path / "html"
    sphinx_sitemap_file(out / "sitemap.xml", [BASE + "en/gone.html"])
    built = sphinx_build(src, out, strict=True)
    assert built.statuscode == 0, built.warnings
    assert BASE + "other.html" in locs(out / "sitemap.xml")
    assert "sphinx-sitemap" in built.status and "replaced" in built.status, built.status
    # The same bytes as a file of the site's own (html_extra_path) stay, with the warning.
    sphinx_sitemap_file(src / "extra" / "sitemap.xml", [BASE + "mine.html"])
    (src / "conf.py").write_text(conf + "html_extra_path = ['extra']\n")
    kept = sphinx_build(src, tmp_path / "kept")
    assert "was not written by ssg-sitemap" in kept.warnings
    assert locs(tmp_path / "kept" / "sitemap.xml") == [BASE + "mine.html"]


def test_no_sphinx_sitemap_no_warning(small: Path, tmp_path: Path) -> None:
    built = sphinx_build(small, tmp_path / "html", overrides={"html_baseurl": BASE})
    assert "sphinx_sitemap" not in built.warnings
