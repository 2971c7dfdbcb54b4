"""``llms.txt`` per language on real translated sites: MkDocs with mkdocs-static-i18n, Pelican
with i18n_subsites, Sphinx built once per language, and ``build SITE_DIR`` on a site stating
hreflang. Every file is read by llmstxt.org's parser; ``check`` follows them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sitemap_core._check import check_site
from sitemap_core._cli import main
from tests.conftest import (
    I18N_CONF,
    SITEURL,
    finding_codes,
    llms_parsed,
    locs,
    mkdocs_build,
    pelican_cli,
    sphinx_build,
    u,
    write,
    write_files,
)

pytestmark = pytest.mark.slow


def _urls(parsed: Any) -> list[str]:
    return [link.url for links in parsed.sections.values() for link in links]


def _pages(*files: Any) -> set[str]:
    """The pages the files list (not the links to other llms.txt)."""
    return {url for file in files for url in _urls(file) if not url.endswith("/llms.txt")}


def _no_llms_findings(site: Path, base_url: str) -> None:
    assert not {c for c in finding_codes(check_site(site, base_url)) if "llms" in c}


MKDOCS_BASE = "https://i18n.example.org/"

MKDOCS_SITE = {
    "mkdocs.yml": f"""
        site_name: I18n
        site_url: {MKDOCS_BASE}
        theme: material
        plugins:
          - sitemap:
              llms_txt: true
          - i18n:
              docs_structure: suffix
              languages:
                - locale: en
                  default: true
                  name: English
                  build: true
                - locale: fr
                  name: Français
                  build: true
                - locale: de
                  name: Deutsch
                  build: true
        """,
    "docs/index.md": "# Home\n",
    "docs/index.fr.md": "# Accueil\n",
    "docs/index.de.md": "# Start\n",
    "docs/guide/install.md": "# Install\n",
    "docs/guide/install.fr.md": "---\ndescription: Installer la démo.\n---\n# Installer\n",
    "docs/guide/install.de.md": "# Installieren\n",
}


def test_mkdocs_static_i18n_one_file_per_language(tmp_path: Path) -> None:
    write_files(tmp_path, MKDOCS_SITE, dedent=True)
    mkdocs_build(tmp_path)
    site = tmp_path / "site"
    root = llms_parsed(site / "llms.txt")
    assert root.title == "I18n"
    assert [(link.title, link.url) for link in root.sections["Languages"]] == [
        ("Français (fr)", MKDOCS_BASE + "fr/llms.txt"),
        ("Deutsch (de)", MKDOCS_BASE + "de/llms.txt"),
    ]
    french = llms_parsed(site / "fr" / "llms.txt")
    german = llms_parsed(site / "de" / "llms.txt")
    assert french.title == "I18n: Français (fr)"
    assert _urls(french) == [MKDOCS_BASE + "fr/", MKDOCS_BASE + "fr/guide/install/"]
    assert french.sections["Guide"][0].desc == "Installer la démo."
    assert list(german.sections) == ["Seiten", "Guide"]  # the site's sections, ours translated
    assert all(url.startswith(MKDOCS_BASE + "de/") for url in _urls(german))
    assert _pages(root) == {MKDOCS_BASE, MKDOCS_BASE + "guide/install/"}
    assert _pages(root, french, german) == set(locs(site / "sitemap.xml"))
    _no_llms_findings(site, MKDOCS_BASE)


def test_pelican_i18n_subsites_one_file_per_language(tmp_path: Path) -> None:
    pytest.importorskip("pelican.plugins.i18n_subsites")
    content = tmp_path / "content"
    for lang, title in (("en", "Hello"), ("de", "Hallo"), ("fr", "Bonjour")):
        write(
            content / f"hello-{lang}.md",
            f"Title: {title}\nDate: 2024-01-1{len(title)}\nCategory: news\nLang: {lang}\n"
            "Slug: hello\n\nText.\n",
        )
    write(content / "only-de.md", "Title: Nur\nDate: 2024-01-20\nLang: de\n\nNur.\n")
    sitemap = 'SITEMAP = {"llms_txt": True, "llms_listings": True}\n'
    (tmp_path / "conf.py").write_text(I18N_CONF + sitemap)
    pelican_cli(tmp_path)
    output = tmp_path / "output"
    root = llms_parsed(output / "llms.txt")
    assert [link.url for link in root.sections["Languages"]] == [u("de/llms.txt"), u("fr/llms.txt")]
    german = llms_parsed(output / "de" / "llms.txt")
    french = llms_parsed(output / "fr" / "llms.txt")
    assert {link.title for link in german.sections["news"]} == {"Hallo"}
    assert german.sections["Seiten"][0].title == "A Pelican Blog"  # the untitled home: the site
    assert u("de/nur.html") in _urls(german)
    assert all(url.startswith(u("fr/")) for url in _urls(french))
    assert not any(url.startswith((u("de/"), u("fr/"))) for url in _pages(root))
    assert _pages(root, german, french) == set(locs(output / "sitemap.xml"))
    _no_llms_findings(output, SITEURL + "/")


SPHINX_BASE = "https://docs.example.org/"


def test_sphinx_built_per_language_each_build_has_its_own(tmp_path: Path) -> None:
    src = write_files(
        tmp_path / "src",
        {
            "conf.py": """
                project = "Docs"
                extensions = ["ssg_sitemap.sphinx"]
                sitemap_llms_txt = True
                sitemap_llms_listings = True
                """,
            "index.rst": "Home\n====\n\n.. toctree::\n   :caption: Guide\n\n   guide\n",
            "guide.rst": "Guide\n=====\n\nText.\n",
        },
        dedent=True,
    )
    for lang in ("en", "de"):
        overrides = {"language": lang, "html_baseurl": f"{SPHINX_BASE}{lang}/"}
        run = sphinx_build(src, tmp_path / lang, overrides=overrides)
        assert run.statuscode == 0, run.warnings
    german = llms_parsed(tmp_path / "de" / "llms.txt")
    assert list(german.sections) == ["Seiten", "Guide"]
    assert [link.url for link in german.sections["Guide"]] == [SPHINX_BASE + "de/guide.html"]
    assert set(_urls(german)) == set(locs(tmp_path / "de" / "sitemap.xml"))
    english = llms_parsed(tmp_path / "en" / "llms.txt")
    assert list(english.sections) == ["Pages", "Guide"]
    assert set(_urls(english)) == set(locs(tmp_path / "en" / "sitemap.xml"))
    _no_llms_findings(tmp_path / "de", SPHINX_BASE + "de/")


def _html(lang: str, title: str, alternates: str = "") -> str:
    return (
        f'<!doctype html><html lang="{lang}"><head><title>{title}</title>{alternates}'
        "</head><body>x</body></html>"
    )


def test_site_dir_with_hreflang_one_file_per_language(tmp_path: Path) -> None:
    base = "https://site.example.org/"
    pair = "".join(
        f'<link rel="alternate" hreflang="{lang}" href="{base}{path}">'
        for lang, path in (("en", ""), ("fr", "fr/"))
    )
    site = write_files(
        tmp_path / "site",
        {
            "index.html": _html("en", "Home", pair),
            "about/index.html": _html("en", "About"),
            "fr/index.html": _html("fr", "Accueil", pair),
            "fr/about/index.html": _html("fr", "À propos"),
        },
    )
    assert main(["build", str(site), "--base-url", base, "--llms-txt"]) == 0
    root = llms_parsed(site / "llms.txt")
    assert [link.url for link in root.sections["Languages"]] == [base + "fr/llms.txt"]
    french = llms_parsed(site / "fr" / "llms.txt")
    # A page stating no hreflang belongs to the language whose folder holds it.
    assert _urls(french) == [base + "fr/", base + "fr/about/"]
    assert _pages(root) == {base, base + "about/"}
    _no_llms_findings(site, base)


def test_mkdocs_static_i18n_a_language_s_own_site_name_heads_its_file(tmp_path: Path) -> None:
    site_files = dict(MKDOCS_SITE)
    site_files["mkdocs.yml"] = site_files["mkdocs.yml"].replace(
        "name: Français\n", "name: Français\n                  site_name: Démo\n"
    )
    write_files(tmp_path, site_files, dedent=True)
    mkdocs_build(tmp_path)
    assert llms_parsed(tmp_path / "site" / "fr" / "llms.txt").title == "Démo"
    assert llms_parsed(tmp_path / "site" / "de" / "llms.txt").title == "I18n: Deutsch (de)"
    assert llms_parsed(tmp_path / "site" / "llms.txt").title == "I18n"


def test_mkdocs_static_i18n_flat_nav_one_section_with_the_site_map_page(tmp_path: Path) -> None:
    # Before: the French site map page had a section of its own named by its folder.
    site_files = dict(MKDOCS_SITE)
    site_files["mkdocs.yml"] = (
        site_files["mkdocs.yml"]
        .replace(
            "theme: material\n",
            "theme: material\n        nav:\n          - Home: index.md\n"
            "          - Install: guide/install.md\n",
        )
        .replace(
            "llms_txt: true\n", "llms_txt: true\n              html_sitemap: sitemap/index.html\n"
        )
    )
    write_files(tmp_path, site_files, dedent=True)
    mkdocs_build(tmp_path)
    french = llms_parsed(tmp_path / "site" / "fr" / "llms.txt")
    assert list(french.sections) == ["I18n"]
    assert MKDOCS_BASE + "fr/sitemap/" in _urls(french)
