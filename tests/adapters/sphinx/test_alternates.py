"""A translated Sphinx project (``locale_dirs`` with compiled catalogs): language URLs and
hreflang alternates as sphinx-sitemap makes them, self included, ``_`` → ``-``, x-default."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from lxml import etree

from tests.conftest import NS, sphinx_build

pytestmark = pytest.mark.slow

BASE = "https://docs.example.org/"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("i18n")
    (src / "conf.py").write_text(
        f'extensions = ["ssg_sitemap.sphinx"]\nhtml_baseurl = "{BASE}"\n'
        'locale_dirs = ["locales"]\n',
        encoding="utf-8",
    )
    (src / "index.rst").write_text(
        "Welcome\n=======\n\n.. toctree::\n\n   guide\n", encoding="utf-8"
    )
    (src / "guide.rst").write_text("Guide\n=====\n\nText.\n", encoding="utf-8")
    messages = src / "locales" / "de" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    catalog = Catalog(locale="de")
    catalog.add("Welcome", "Willkommen")
    with (messages / "index.mo").open("wb") as handle:
        write_mo(handle, catalog)
    (src / "locales" / "pt_BR" / "LC_MESSAGES").mkdir(parents=True)
    return src


def alternates(sitemap: Path, loc: str) -> dict[str, str]:
    tree = etree.parse(str(sitemap))
    for url in tree.getroot().findall("sm:url", NS):
        if url.findtext("sm:loc", "", NS) == loc:
            return {
                str(link.get("hreflang")): str(link.get("href"))
                for link in url.findall("xhtml:link", NS)
            }
    raise AssertionError(f"{loc} is not in {sitemap}")


def test_translated_build_lists_language_urls_with_alternates(
    project: Path, tmp_path: Path, xsd_dir: Path
) -> None:
    # html_baseurl names the language folder, so Sphinx's canonical links match the URLs.
    overrides = {"language": "de", "sitemap_x_default": "de", "html_baseurl": BASE + "de/"}
    run = sphinx_build(project, tmp_path / "de", overrides=overrides)
    assert run.warnings == ""
    assert "Willkommen" in (run.out / "index.html").read_text(encoding="utf-8")  # .mo was used
    assert alternates(run.sitemap, BASE + "de/guide.html") == {
        "de": BASE + "de/guide.html",
        "pt-BR": BASE + "pt_BR/guide.html",
        "x-default": BASE + "de/guide.html",
    }
    schema = etree.XMLSchema(etree.parse(str(xsd_dir / "sitemap-combined-minlink.xsd")))
    schema.assertValid(etree.parse(str(run.sitemap)))


def test_source_language_build_includes_itself(project: Path, tmp_path: Path) -> None:
    run = sphinx_build(project, tmp_path / "en", overrides={"language": "en"})
    assert alternates(run.sitemap, BASE + "en/index.html") == {
        "en": BASE + "en/index.html",
        "de": BASE + "de/index.html",
        "pt-BR": BASE + "pt_BR/index.html",
    }


def test_explicit_locales_and_none(project: Path, tmp_path: Path) -> None:
    listed = sphinx_build(
        project, tmp_path / "list", overrides={"language": "en", "sitemap_locales": ["en", "fr"]}
    )
    assert set(alternates(listed.sitemap, BASE + "en/guide.html")) == {"en", "fr"}
    none = sphinx_build(
        project, tmp_path / "none", overrides={"language": "en", "sitemap_locales": [None]}
    )
    text = none.sitemap.read_text(encoding="utf-8")
    assert "xhtml" not in text
    assert f"<loc>{BASE}en/guide.html</loc>" in text


def test_scheme_without_lang_gets_no_alternates(project: Path, tmp_path: Path) -> None:
    run = sphinx_build(
        project, tmp_path / "link", overrides={"language": "de", "sitemap_url_scheme": "{link}"}
    )
    assert "xhtml" not in run.sitemap.read_text(encoding="utf-8")
    assert "no hreflang alternates" in run.status
    assert run.warnings == ""
