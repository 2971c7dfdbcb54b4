"""Exceptions raised by the core."""

from __future__ import annotations


class SitemapError(Exception):
    """Base class: a problem the user can fix; shown without a traceback."""


class ConfigError(SitemapError):
    """A setting is invalid (named in the message)."""


class StrictModeError(SitemapError):
    """Warnings were reported and the strict setting turns them into a failure."""
