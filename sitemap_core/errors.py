"""Exceptions raised by the core."""

from __future__ import annotations


class SitemapError(Exception):
    """Base class: a problem the user can fix; shown without a traceback."""


class ConfigError(SitemapError):
    """A setting is invalid (named in the message)."""


class PageError(SitemapError):
    """A page's field is invalid.

    :param page: how the user knows the page (source path or URL).
    :param field: the field or front-matter key that is wrong.
    :param message: what is wrong with it.
    """

    def __init__(self, page: str, field: str, message: str) -> None:
        self.page = page
        self.field = field
        self.message = message
        super().__init__(f"{page}: {field}: {message}")


class StrictModeError(SitemapError):
    """Warnings were reported and the strict setting turns them into a failure."""
