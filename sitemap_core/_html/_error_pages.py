"""Error documents (the not-found page, ``500.html``...): never pages to list.

One rule for the build and ``check``: by name at the site or a language root (``404.html``,
``404/``, a bare ``404``, for every status 400-599), or by a title that is nothing but an
error ("Page not found | Site" counts, "Handling 404 errors in Flask" does not).
"""

from __future__ import annotations

import http
import locale
import re

from sitemap_core._values import INDEX_NAMES, PAGE_SUFFIXES

__all__ = ["NOT_FOUND", "error_code", "error_reason", "title_code"]

#: The status a not-found page stands for.
NOT_FOUND = 404
#: A language root's folder: ``de``, ``pt-BR``, ``zh_CN``, ``zh-Hant-TW``.
_LANGUAGE = re.compile(r"([a-z]{2})(?:[-_][a-z0-9]{2,8}){0,2}", re.IGNORECASE)
#: Two-letter language codes, from the standard library's locale table (``js/``, ``db/`` or
#: ``ui/`` are no language roots).
_LANGUAGES = frozenset(
    name[:2]
    for name in locale.locale_alias
    if len(name) >= 2 and name[:2].isalpha() and not name[2:3].isalpha()
)


def error_code(path: str) -> int | None:
    """The HTTP error status a page's name says it is the document for, or ``None``.

    :param path: the page's path relative to the site root, ``/``-separated, as a URL
        (``de/404/``, ``404``) or as a file (``500/index.html``).
    """
    # No path part starting 4 or 5 (almost every page): three substring tests, no more.
    if path[:1] not in "45" and "/4" not in path and "/5" not in path:
        return None
    head, _, name = path.rstrip("/").rpartition("/")
    if name.lower() in INDEX_NAMES:
        head, _, name = head.rpartition("/")
    stem = name
    low = name.lower()
    for suffix in PAGE_SUFFIXES:
        if low.endswith(suffix):
            stem = name[: -len(suffix)]
            break
    if len(stem) != 3 or stem[0] not in "45" or not (stem.isascii() and stem.isdigit()):
        return None
    if head:
        language = _LANGUAGE.fullmatch(head)
        if language is None or language.group(1).lower() not in _LANGUAGES:
            return None
    return int(stem)


# Titles are matched part by part: a part is what stands between separators a site name is
# joined with ("Page not found | Docs", "404 - Site", "Page Not Found · GitHub Pages").
_SEPARATORS = re.compile(r"\s+[-|\u2013\u2014\u00b7\u2022\u00bb:]{1,2}\s+|\s*[|\u00b7\u2022]\s*")
_NOT_FOUND = (
    r"(?:(?:oops|sorry|whoops|uh oh) )?"
    r"(?:(?:(?:this|the|that) )?(?:page|file|document|resource|url) )?(?:was )?not found"
    r"|(?:(?:oops|sorry) )?(?:this|the|that)? ?page (?:could not|couldn't|cannot|can't|can not)"
    r" be found"
    r"|(?:this|the)? ?page (?:does not|doesn't) exist"
)
_PHRASES = "|".join(
    sorted(
        {re.escape(s.phrase.lower()) for s in http.HTTPStatus if 400 <= s.value < 600},
        key=len,
        reverse=True,
    )
)
_PART = re.compile(
    rf"(?:(?:error|http) )?(?P<code>[45]\d\d)(?: error)?(?: (?:{_NOT_FOUND}|{_PHRASES}))?"
    rf"|(?P<phrase>{_NOT_FOUND})"
)
_NOT_WORDS = re.compile(r"[^\w']+")


def title_code(title: str | None) -> int | None:
    """The HTTP error status a page's ``<title>`` says the page is for, or ``None``."""
    if not title or len(title) > 200:
        return None
    for part in _SEPARATORS.split(title):
        words = _NOT_WORDS.sub(" ", part.lower()).strip()
        found = _PART.fullmatch(words)
        if found is None:
            continue
        code = found.group("code")
        if code is None:
            return NOT_FOUND
        # A bare number is a not-found page's title ("404 | Site") but may be anything else's
        # ("500 | Fiat"): another status needs a word that says error.
        if int(code) == NOT_FOUND or words != code:
            return int(code)
    return None


def error_reason(code: int) -> str:
    """The exclusion reason a build's summary counts an error page of status ``code`` under."""
    return "404 page" if code == NOT_FOUND else "error page"
