"""Our words in the page's language: the table's languages, their own names, English else."""

from __future__ import annotations

from sitemap_core._html_sitemap import LANGUAGES, PAGES, language_name, translate


def test_languages_heading_and_language_names_in_their_own_tongue() -> None:
    assert translate(LANGUAGES, "de_AT") == "Sprachen"
    assert translate(LANGUAGES, "ja") == "言語"
    assert translate(LANGUAGES, "tlh") == translate(LANGUAGES, None) == "Languages"
    assert translate(PAGES, "fr") == "Pages"
    assert language_name("pt_BR") == "Português (pt-BR)"
    assert language_name("zh-Hans") == "中文 (zh-Hans)"
    assert language_name("tlh") == "tlh"
