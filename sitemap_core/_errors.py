"""Exceptions raised by the core: one tree, so that a caller catches a user's mistake once.

::

    SitemapError            a problem the user can fix; shown without a traceback
    ├── ConfigError         a setting is invalid (the message names it)
    │   └── ssg_sitemap.sphinx's SitemapConfigError: the same, named as conf.py spells it
    └── StrictModeError     warnings were reported and strict mode turns them into a failure

Anything else that escapes is a bug of ours, and is allowed to show its traceback.
"""

from __future__ import annotations


class SitemapError(Exception):
    """Base class: a problem the user can fix; shown without a traceback."""


class ConfigError(SitemapError):
    """A setting is invalid (named in the message)."""


class StrictModeError(SitemapError):
    """Warnings were reported and the strict setting turns them into a failure."""
