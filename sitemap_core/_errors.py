"""Exceptions raised by the core: one tree, so that a caller catches a user's mistake once.

::

    SitemapError            a problem the user can fix; shown without a traceback
    ├── ConfigError         a setting is invalid (the message names it)
    │   └── SitemapConfigError  ssg_sitemap.sphinx's: the same, named as conf.py spells it
    ├── StrictModeError     warnings were reported and strict mode turns them into a failure
    ├── HookError           a function from the site's config raised (_config/_user_hooks)
    ├── ForeignFile         a file to write exists and is not ours; never replaced (_files)
    ├── WriteError          a file could not be written; an OSError too (_util/atomic)
    ├── PageEncodingError   a page's encoding cannot hold the HTML sitemap; an OSError too
    └── FolderBusy          another build holds the output folder's lock (_util/atomic)

Anything else that escapes is a bug of ours, and is allowed to show its traceback.
"""

from __future__ import annotations

from collections.abc import Mapping


class SitemapError(Exception):
    """Base class: a problem the user can fix; shown without a traceback."""


class ConfigError(SitemapError):
    """A setting is invalid: the message names it first, as the core calls it
    (``"max_urls: 0 must be ..."``); :meth:`renamed` names it as the user wrote it."""

    @property
    def setting(self) -> str:
        """The setting the message names first (``extra_urls`` for ``extra_urls[2]: ...``);
        empty when it names none."""
        head, sep, _ = str(self).partition(": ")
        return head.partition("[")[0] if sep else ""

    def renamed(self, names: Mapping[str, str]) -> ConfigError:
        """This error naming its setting the way the user wrote it: ``names`` maps a setting
        to that spelling (a command-line flag, a ``conf.py`` name); an error about a setting
        not in ``names`` is returned as it is."""
        setting = self.setting
        if setting not in names:
            return self
        return type(self)(names[setting] + str(self)[len(setting) :])


class StrictModeError(SitemapError):
    """Warnings were reported and the strict setting turns them into a failure."""
