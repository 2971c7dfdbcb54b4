"""A translated site's languages, each with the folder its pages share; the root language, a
language without a folder of its own and pages without a language go to the root file."""

from __future__ import annotations

from sitemap_core._llms import split_languages
from sitemap_core._llms._languages import Language

BASE = "https://example.org/"


def test_each_language_gets_the_folder_its_pages_share_the_root_language_the_root() -> None:
    pages = [
        (BASE, "en"),
        (BASE + "about/", "en"),
        (BASE + "fr/", "fr"),
        (BASE + "fr/about/", "fr"),
        (BASE + "pt-BR/guide/a/", "pt_BR"),
        (BASE + "pt-BR/guide/b/", "pt-BR"),
        (BASE + "tags/", None),  # the root's
        (BASE + "fr/tags/", None),  # French: under its folder
    ]
    assert split_languages(pages, BASE) == [
        Language("en", "", (0, 1, 6)),
        Language("fr", "fr", (2, 3, 7)),
        Language("pt_BR", "pt-BR/guide", (4, 5)),
    ]


def test_one_language_or_none_is_the_whole_site_at_the_root() -> None:
    pages = [(BASE, "de"), (BASE + "fr/", None), (BASE + "x/", "DE")]
    assert split_languages(pages, BASE) == [Language("de", "", (0, 1, 2))]
    assert split_languages([(BASE, None)], BASE) == [Language(None, "", (0,))]


def test_languages_sharing_no_folder_or_one_folder_stay_in_the_root_file() -> None:
    # Pelican's translations beside their originals (about-fr.html): no folder of their own.
    pages = [
        (BASE + "about.html", "en"),
        (BASE + "about-fr.html", "fr"),
        (BASE + "de/a/", "de"),
        (BASE + "shared/x.html", "es"),
        (BASE + "shared/y.html", "it"),
    ]
    assert split_languages(pages, BASE) == [
        Language("en", "", (0, 1, 3, 4)),
        Language("de", "de/a", (2,)),
    ]


def test_every_language_in_a_folder_leaves_the_root_with_its_loose_pages() -> None:
    pages = [(BASE + "en/", "en"), (BASE + "fr/", "fr"), (BASE, None)]
    assert split_languages(pages, BASE) == [
        Language(None, "", (2,)),
        Language("en", "en", (0,)),
        Language("fr", "fr", (1,)),
    ]


def test_a_language_whose_pages_share_no_folder_stays_in_the_root_file() -> None:
    # Its pages in two top folders share none: the root file's, not one written at "/".
    pages = [(BASE, "en"), (BASE + "fr-a/x/", "fr"), (BASE + "fr-b/y/", "fr")]
    assert split_languages(pages, BASE) == [Language("en", "", (0, 1, 2))]
