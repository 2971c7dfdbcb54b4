"""The words of the site map page in the page's language: a small table of common languages.

A language not in the table (or none) gets English; a title the user set is never translated.
"""

from __future__ import annotations

from sitemap_core._config import BY_NAME

#: English words, the table's keys (the page's title is the option table's default).
SITE_MAP: str = BY_NAME["html_sitemap_title"].default
PAGES = "Pages"
MORE_PAGES = "More pages"
OTHER_PAGES = "Other pages"
CATEGORIES = "Categories"
TAGS = "Tags"
AUTHORS = "Authors"
ARCHIVES = "Archives"
#: The heading of llms.txt's list of the site's other languages.
LANGUAGES = "Languages"

_KEYS = (SITE_MAP, PAGES, MORE_PAGES, OTHER_PAGES, CATEGORIES, TAGS, AUTHORS, ARCHIVES)

#: Each language's words, in the order of ``_KEYS``, ``|`` between them.
_ROWS = (
    ("de", "Sitemap|Seiten|Weitere Seiten|Andere Seiten|Kategorien|Schlagwörter|Autoren|Archiv"),
    ("fr", "Plan du site|Pages|Plus de pages|Autres pages|Catégories|Étiquettes|Auteurs|Archives"),
    ("es", "Mapa del sitio|Páginas|Más páginas|Otras páginas|Categorías|Etiquetas|Autores|Archivo"),
    ("it", "Mappa del sito|Pagine|Altre pagine|Pagine non in menu|Categorie|Tag|Autori|Archivio"),
    ("pt", "Mapa do site|Páginas|Mais páginas|Outras páginas|Categorias|Etiquetas|Autores|Arquivo"),
    ("nl", "Sitemap|Pagina's|Meer pagina's|Andere pagina's|Categorieën|Tags|Auteurs|Archief"),
    ("pl", "Mapa strony|Strony|Więcej stron|Inne strony|Kategorie|Tagi|Autorzy|Archiwum"),
    (
        "tr",
        "Site haritası|Sayfalar|Diğer sayfalar|Menü dışı sayfalar|Kategoriler|Etiketler|"
        "Yazarlar|Arşiv",
    ),
    ("ru", "Карта сайта|Страницы|Ещё страницы|Другие страницы|Категории|Метки|Авторы|Архив"),
    ("uk", "Карта сайту|Сторінки|Ще сторінки|Інші сторінки|Категорії|Мітки|Автори|Архів"),
    ("ja", "サイトマップ|ページ|その他のページ|ナビ外のページ|カテゴリ|タグ|著者|アーカイブ"),
    ("zh", "网站地图|页面|更多页面|其他页面|分类|标签|作者|归档"),
    ("ko", "사이트맵|페이지|더 많은 페이지|기타 페이지|카테고리|태그|저자|보관함"),
)
_TABLE: dict[str, tuple[str, ...]] = {lang: tuple(words.split("|")) for lang, words in _ROWS}


#: Each language of the table: its own name, and "Languages" in it.
_NAMES: dict[str, tuple[str, str]] = {
    "en": ("English", LANGUAGES),
    "de": ("Deutsch", "Sprachen"),
    "fr": ("Français", "Langues"),
    "es": ("Español", "Idiomas"),
    "it": ("Italiano", "Lingue"),
    "pt": ("Português", "Idiomas"),
    "nl": ("Nederlands", "Talen"),
    "pl": ("Polski", "Języki"),
    "tr": ("Türkçe", "Diller"),
    "ru": ("Русский", "Языки"),
    "uk": ("Українська", "Мови"),
    "ja": ("日本語", "言語"),
    "zh": ("中文", "语言"),
    "ko": ("한국어", "언어"),
}


def _primary(lang: str) -> str:
    return lang.replace("_", "-").split("-", 1)[0].lower()


def translate(word: str, lang: str | None) -> str:
    """``word`` (one of this module's constants) in ``lang`` (``fr``, ``pt-BR``, ``zh_CN``);
    itself when the language is not in the table."""
    if not lang:
        return word
    if word == LANGUAGES:
        return _NAMES.get(_primary(lang), ("", word))[1]
    row = _TABLE.get(_primary(lang))
    return row[_KEYS.index(word)] if row is not None and word in _KEYS else word


def language_name(lang: str) -> str:
    """``lang`` as its speakers name it, with its tag (``Français (fr)``, ``Português
    (pt-BR)``); the tag alone for a language not in the table."""
    tag = lang.replace("_", "-")
    name = _NAMES.get(_primary(lang), ("", ""))[0]
    return f"{name} ({tag})" if name else tag


def page_title(title: str | None, lang: str | None) -> str:
    """The page's title: the user's own, else :data:`SITE_MAP` in ``lang``."""
    return title if title and title != SITE_MAP else translate(SITE_MAP, lang)
