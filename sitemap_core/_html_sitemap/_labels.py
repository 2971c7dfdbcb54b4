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

#: Each language's own name, then its words for the English ones in the ``en`` row.
_TABLE: dict[str, tuple[str, ...]] = {
    "en": ("English", SITE_MAP, PAGES, MORE_PAGES, OTHER_PAGES, CATEGORIES, TAGS, AUTHORS,
           ARCHIVES, LANGUAGES),
    "de": ("Deutsch", "Sitemap", "Seiten", "Weitere Seiten", "Andere Seiten", "Kategorien",
           "Schlagwörter", "Autoren", "Archiv", "Sprachen"),
    "fr": ("Français", "Plan du site", "Pages", "Plus de pages", "Autres pages", "Catégories",
           "Étiquettes", "Auteurs", "Archives", "Langues"),
    "es": ("Español", "Mapa del sitio", "Páginas", "Más páginas", "Otras páginas",
           "Categorías", "Etiquetas", "Autores", "Archivo", "Idiomas"),
    "it": ("Italiano", "Mappa del sito", "Pagine", "Altre pagine", "Pagine non in menu",
           "Categorie", "Tag", "Autori", "Archivio", "Lingue"),
    "pt": ("Português", "Mapa do site", "Páginas", "Mais páginas", "Outras páginas",
           "Categorias", "Etiquetas", "Autores", "Arquivo", "Idiomas"),
    "nl": ("Nederlands", "Sitemap", "Pagina's", "Meer pagina's", "Andere pagina's",
           "Categorieën", "Tags", "Auteurs", "Archief", "Talen"),
    "pl": ("Polski", "Mapa strony", "Strony", "Więcej stron", "Inne strony", "Kategorie",
           "Tagi", "Autorzy", "Archiwum", "Języki"),
    "tr": ("Türkçe", "Site haritası", "Sayfalar", "Diğer sayfalar", "Menü dışı sayfalar",
           "Kategoriler", "Etiketler", "Yazarlar", "Arşiv", "Diller"),
    "ru": ("Русский", "Карта сайта", "Страницы", "Ещё страницы", "Другие страницы",
           "Категории", "Метки", "Авторы", "Архив", "Языки"),
    "uk": ("Українська", "Карта сайту", "Сторінки", "Ще сторінки", "Інші сторінки",
           "Категорії", "Мітки", "Автори", "Архів", "Мови"),
    "ja": ("日本語", "サイトマップ", "ページ", "その他のページ", "ナビ外のページ", "カテゴリ",
           "タグ", "著者", "アーカイブ", "言語"),
    "zh": ("中文", "网站地图", "页面", "更多页面", "其他页面", "分类", "标签", "作者", "归档",
           "语言"),
    "ko": ("한국어", "사이트맵", "페이지", "더 많은 페이지", "기타 페이지", "카테고리", "태그",
           "저자", "보관함", "언어"),
}  # fmt: skip
_ENGLISH = _TABLE["en"]


def _primary(lang: str) -> str:
    return lang.replace("_", "-").split("-", 1)[0].lower()


def translate(word: str, lang: str | None) -> str:
    """``word`` (one of this module's constants) in ``lang`` (``fr``, ``pt-BR``, ``zh_CN``);
    itself when the language is not in the table."""
    row = _TABLE.get(_primary(lang)) if lang else None
    return row[_ENGLISH.index(word, 1)] if row is not None and word in _ENGLISH[1:] else word


def language_name(lang: str) -> str:
    """``lang`` as its speakers name it, with its tag (``Français (fr)``, ``Português
    (pt-BR)``); the tag alone for a language not in the table."""
    tag = lang.replace("_", "-")
    row = _TABLE.get(_primary(lang))
    return f"{row[0]} ({tag})" if row else tag


def page_title(title: str | None, lang: str | None) -> str:
    """The page's title: the user's own, else :data:`SITE_MAP` in ``lang``."""
    return title if title and title != SITE_MAP else translate(SITE_MAP, lang)
