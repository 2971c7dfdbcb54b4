"""Material for MkDocs' blog on the site map page: the posts under the blog's own page, newest
first, and none of the blog's further pages (``blog/page/2/``), which only page through them.

Told apart by their classes' module and name, so that Material is not imported where it is
not used.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

_STRUCTURE = "material.plugins.blog.structure"


def _is(page: object, *names: str) -> bool:
    cls = type(page)
    return cls.__module__ == _STRUCTURE and cls.__name__ in names


def is_further_page(page: object) -> bool:
    """A blog listing's second and later pages (they share their ``pages`` with the first)."""
    pages = getattr(page, "pages", None)
    return (
        _is(page, "View", "Archive", "Category", "Profile")
        and isinstance(pages, list)
        and page in pages
        and pages.index(page) > 0
    )


def posts(page: object) -> list[Any]:
    """The posts of a blog's own page, newest first (none for its archive, category and author
    pages, which list the same posts again)."""
    found = getattr(page, "posts", None)
    if not _is(page, "View") or is_further_page(page) or not isinstance(found, list):
        return []
    return sorted(found, key=_created, reverse=True)


def _created(post: Any) -> datetime:
    created = getattr(getattr(getattr(post, "config", None), "date", None), "created", None)
    return created if isinstance(created, datetime) else datetime.min
