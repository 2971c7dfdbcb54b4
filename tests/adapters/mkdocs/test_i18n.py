"""Material for MkDocs with mkdocs-static-i18n: one sitemap for all languages, with alternates."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from lxml import etree

from tests.conftest import mkdocs_build, write_files

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
BASE = "https://i18n.example.org/"

pytestmark = pytest.mark.slow

CONFIG = """
site_name: I18n
site_url: https://i18n.example.org/
theme:
  name: material
  features:
    - navigation.instant
plugins:
  - search
  - sitemap:
      x_default: en
      {extra}
  - i18n:
      docs_structure: suffix
      fallback_to_default: true
      languages:
        - locale: en
          default: true
          name: English
          build: true
        - locale: fr
          name: Français
          build: true
        - locale: pt-BR
          name: Português
          build: true
"""

PAGES = {
    "index.md": "# Home\n",
    "index.fr.md": "# Accueil\n",
    "index.pt-BR.md": "# Início\n",
    "about.md": "---\nupdated: 2024-01-02\n---\n# About\n",
    "about.fr.md": "---\nupdated: 2024-03-04\n---\n# À propos\n",
    "only-english.md": "# Only in English\n",
}


def build(root: Path, extra: str = "") -> tuple[Path, str]:
    pages = {f"docs/{name}": text for name, text in PAGES.items()}
    write_files(root, {"mkdocs.yml": textwrap.dedent(CONFIG).format(extra=extra), **pages})
    return root / "site", mkdocs_build(root).stderr


def alternates(path: Path) -> dict[str, dict[str, str]]:
    """``{loc: {hreflang: href}}``."""
    tree = etree.parse(str(path))
    return {
        str(url.findtext("s:loc", namespaces=NS)): {
            str(link.get("hreflang")): str(link.get("href")) for link in url.iterfind("x:link", NS)
        }
        for url in tree.getroot().iterfind("s:url", NS)
    }


@pytest.fixture(scope="module")
def i18n_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    return build(tmp_path_factory.mktemp("i18n"))


def test_one_sitemap_for_all_languages(i18n_site: tuple[Path, str], xsd_dir: Path) -> None:
    site, log = i18n_site
    assert sorted(p.relative_to(site).as_posix() for p in site.rglob("sitemap*")) == [
        "sitemap.xml",
        "sitemap.xml.gz",
    ]
    schema = etree.XMLSchema(etree.parse(str(xsd_dir / "sitemap-combined-minlink.xsd")))
    schema.assertValid(etree.parse(str(site / "sitemap.xml")))
    assert log.count("URLs written") == 1


def test_reciprocal_alternates_and_x_default(i18n_site: tuple[Path, str]) -> None:
    site, _ = i18n_site
    found = alternates(site / "sitemap.xml")
    home = {
        "en": BASE,
        "fr": BASE + "fr/",
        "pt-BR": BASE + "pt-BR/",
        "x-default": BASE,
    }
    about = {"en": BASE + "about/", "fr": BASE + "fr/about/", "x-default": BASE + "about/"}
    assert found == {
        BASE: home,
        BASE + "fr/": home,
        BASE + "pt-BR/": home,
        BASE + "about/": about,
        BASE + "fr/about/": about,
        # Untranslated pages: the fallback copies under fr/ and pt-BR/ are not listed.
        BASE + "only-english/": {},
    }


def test_each_language_keeps_its_own_dates(i18n_site: tuple[Path, str]) -> None:
    site, _ = i18n_site
    tree = etree.parse(str(site / "sitemap.xml"))
    dates = {
        url.findtext("s:loc", namespaces=NS): url.findtext("s:lastmod", namespaces=NS)
        for url in tree.getroot().iterfind("s:url", NS)
    }
    assert dates[BASE + "about/"] == "2024-01-02"
    assert dates[BASE + "fr/about/"] == "2024-03-04"


def test_fallback_copies_listed_when_asked(tmp_path: Path) -> None:
    site, _ = build(tmp_path, "i18n_fallbacks: true")
    found = alternates(site / "sitemap.xml")
    assert set(found[BASE + "only-english/"]) == {"en", "fr", "pt-BR", "x-default"}
    assert found[BASE + "fr/only-english/"] == found[BASE + "only-english/"]


# The default language listed after another one (as Zabbix-Book does): mkdocs-static-i18n
# builds it twice, once as the main build and again among the languages.
DEFAULT_SECOND = """
site_name: I18n
site_url: https://i18n.example.org/
theme:
  name: material
plugins:
  - search
  - sitemap:
      gzip: false
  - i18n:
      docs_structure: suffix
      languages:
        - locale: fr
          name: Français
          build: true
        - locale: en
          default: true
          name: English
          build: true
"""


def test_default_language_built_twice_is_no_duplicate(tmp_path: Path) -> None:
    pages = {f"docs/{name}": text for name, text in PAGES.items()}
    root = write_files(tmp_path, {"mkdocs.yml": DEFAULT_SECOND, **pages})
    log = mkdocs_build(root, "--strict").stderr
    assert log.count("Building 'en' documentation") == 2  # the plugin's own behaviour
    assert "duplicate" not in log
    found = alternates(root / "site" / "sitemap.xml")
    assert sorted(found) == [
        BASE,
        BASE + "about/",
        BASE + "fr/",
        BASE + "fr/about/",
        BASE + "only-english/",
    ]
    assert found[BASE] == {"en": BASE, "fr": BASE + "fr/"}

    # A duplicate URL from another source is still one: about.md and about/index.md.
    write_files(root, {"docs/about/index.md": "# About, again\n"})
    log = mkdocs_build(root).stderr
    assert log.count("duplicate URL") == 1
    assert "docs/about/index.md: url: duplicate URL https://i18n.example.org/about/" in log


def test_each_site_map_page_s_language_selector_names_its_own_versions(tmp_path: Path) -> None:
    """Material's language selector on the site map page goes to the other languages' site
    map pages (not to the page rendered last), and its hreflang head agrees with the sitemap."""
    from lxml import html

    from sitemap_core._check import check_site

    site, log = build(tmp_path, "html_sitemap: sitemap/")
    assert "Traceback" not in log
    for folder, lang in (("", "en"), ("fr/", "fr"), ("pt-BR/", "pt-BR")):
        page = html.parse(str(site / folder / "sitemap" / "index.html")).getroot()
        heads = {
            link.get("hreflang"): link.get("href")
            for link in page.iterfind(".//head/link[@rel='alternate'][@hreflang]")
        }
        links = {a.get("hreflang"): a.get("href") for a in page.iterfind(".//a[@hreflang]")}
        assert links, (lang, html.tostring(page)[:400])
        up = "../" * (folder.count("/") + 1)
        expected = {"en": f"{up}sitemap/", "fr": f"{up}fr/sitemap/", "pt-BR": f"{up}pt-BR/sitemap/"}
        expected[lang] = "./"  # the page itself
        assert links == expected, (lang, links)
        assert {k: v for k, v in heads.items() if k != "x-default"} == expected, (lang, heads)
    heads_differ = [
        f.message.split(":")[1] for f in check_site(site).findings if f.code == "hreflang-head"
    ]
    assert not [m for m in heads_differ if m.endswith("sitemap/")], heads_differ
